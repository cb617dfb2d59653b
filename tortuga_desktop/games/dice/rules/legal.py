"""Who decides what, and which actions are legal (plus the cheap random policy for playouts)."""

from __future__ import annotations

import random

from .actions import (
    Act,
    Arrange,
    ChooseAction,
    DecisionKind,
    Forfeit,
    KeepTile,
    PlayerAction,
    SelectDice,
    TakeBonus,
    TakeChest,
    Target,
)
from .actions_phase import chest_choices
from .components import DIE_LETTERS, SKULL, Action, Chest, capacity
from .dice_phase import bonus_options, has_selection, is_valid_selection, selections
from .errors import MalformedActionError
from .move_phase import arrangements
from .payloads import (
    ArrangePayload,
    BonusPayload,
    ChestPayload,
    ChestSource,
    DicePayload,
    PositionPayload,
    SkullPayload,
    TilePayload,
)
from .state import ACTIONS, BOARD, DICE, HUNT, MOVE, SELECT, SKULLS, STUCK, Decision, State

_ACT = Act()
_FORFEIT = Forfeit()
_CHOOSE = tuple(ChooseAction(Action(a)) for a in range(5))
_BONUS_NEW = tuple(TakeBonus(Action(a), False) for a in range(5))
_BONUS_FLIP = tuple(TakeBonus(Action(a), True) for a in range(5))
_TAKE = tuple(TakeChest(Chest(c)) for c in range(5))
_KEEP = (KeepTile(1), KeepTile(1), KeepTile(2), KeepTile(3))
_CHESTS = tuple(Chest)
_CONFIRM_STUCK = SelectDice(())


def _is_int(v: object, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def well_formed(action: object) -> PlayerAction:
    """Check an action's fields (types and ranges) and return it in canonical form.

    Raises MalformedActionError: an action object with a bad field is not an action at all.
    """
    if isinstance(action, SelectDice):
        dice = action.dice
        if not isinstance(dice, tuple) or len(dice) > 5 or not all(_is_int(d, 0, 4) for d in dice):
            raise MalformedActionError(f"SelectDice needs a tuple of die indices 0-4, got {dice!r:.60}")
        return action  # already sorted by SelectDice itself; a die named twice is illegal, checked later
    if isinstance(action, ChooseAction):
        if not _is_int(action.action, 0, 4):
            raise MalformedActionError(f"no action {action.action!r:.30}; actions are 0-4")
        return _CHOOSE[action.action]
    if isinstance(action, TakeBonus):
        if not _is_int(action.action, 0, 4) or not isinstance(action.flip, bool):
            raise MalformedActionError(f"TakeBonus needs an action 0-4 and flip true/false, got {action!r:.60}")
        return (_BONUS_FLIP if action.flip else _BONUS_NEW)[action.action]
    if isinstance(action, Target):
        if not isinstance(action.seat, int) or isinstance(action.seat, bool):
            raise MalformedActionError(f"a target is a seat number, not {action.seat!r:.30}")
        return action
    if isinstance(action, TakeChest):
        if not _is_int(action.chest, 0, 4):
            raise MalformedActionError(f"no chest colour {action.chest!r:.30}; colours are 0-4")
        return _TAKE[action.chest]
    if isinstance(action, KeepTile):
        if not _is_int(action.value, 1, 3):
            raise MalformedActionError(f"treasure tiles are worth 1-3 coins, not {action.value!r:.30}")
        return _KEEP[action.value]
    if isinstance(action, Arrange):
        chests = action.chests
        if not isinstance(chests, tuple) or len(chests) > 4 or not all(_is_int(c, 0, 4) for c in chests):
            raise MalformedActionError(f"Arrange needs a tuple of at most 4 chest colours 0-4, got {chests!r:.60}")
        return Arrange(tuple(_CHESTS[c] for c in chests))
    if isinstance(action, (Act, Forfeit)):
        return action
    raise MalformedActionError(f"not an action: {action!r:.60}")


# ---------------------------------------------------------------- whose decision
def kind_for(g: State, seat: int) -> DecisionKind | None:
    """The kind of decision awaited from ``seat`` (cheap: builds no Decision objects)."""
    ph = g.phase
    if ph == DICE:
        st = g.stage
        if st == SELECT:
            if seat in g.rollers and g.seats[seat].selection is None:
                return DecisionKind.SELECT_DICE
            return None
        if not g.queue or g.queue[0] != seat:
            return None
        if st == STUCK:
            return DecisionKind.SELECT_DICE
        return DecisionKind.SKULL_ACTION if st == SKULLS else DecisionKind.BONUS_TILE
    if ph == ACTIONS:
        if not g.act_order or g.act_pos >= len(g.act_order) or g.act_order[g.act_pos] != seat:
            return None
        if g.drawn:
            return DecisionKind.KEEP_TILE
        return DecisionKind.TAKE_CHEST if g.effect is not None else DecisionKind.POSITION
    if ph == MOVE:
        p = g.seats[seat]
        if p.arr_fleet is None:
            return DecisionKind.ARRANGE_FLEET
        if p.arr_crew is None:
            return DecisionKind.ARRANGE_CREW
    return None


def next_seat(g: State) -> int:
    """Some seat that must decide now (the first pending one); -1 when nobody must."""
    ph = g.phase
    if ph == DICE:
        if g.stage == SELECT:
            for s in g.rollers:
                if g.seats[s].selection is None:
                    return s
            return -1
        return g.queue[0] if g.queue else -1
    if ph == ACTIONS:
        return g.act_order[g.act_pos] if g.act_pos < len(g.act_order) else -1
    if ph == MOVE:
        for s in g.order():
            p = g.seats[s]
            if p.arr_fleet is None or p.arr_crew is None:
                return s
    return -1


def pending(g: State) -> list[Decision]:
    """Every decision awaited now: several seats at once in simultaneous steps (R3.2, R5.2)."""
    ph = g.phase
    if ph == DICE:
        if g.stage == SELECT:  # R9.1: every roller who has not confirmed, whatever its roll
            return [Decision(s, DecisionKind.SELECT_DICE, DicePayload()) for s in g.rollers if g.seats[s].selection is None]
        if g.stage == STUCK and g.queue:
            return [Decision(g.queue[0], DecisionKind.SELECT_DICE, DicePayload(open=True))]
        if g.stage == SKULLS and g.queue:
            s = g.queue[0]
            return [Decision(s, DecisionKind.SKULL_ACTION, SkullPayload(len(g.seats[s].selection or ())))]
        if g.stage == "bonus" and g.queue:
            return [Decision(g.queue[0], DecisionKind.BONUS_TILE, BonusPayload())]
        return []
    if ph == ACTIONS:
        if not g.act_order or g.act_pos >= len(g.act_order):
            return []
        s = g.act_order[g.act_pos]
        action, position = g.act_action, g.act_pos + 1
        if g.drawn:
            return [Decision(s, DecisionKind.KEEP_TILE, TilePayload(action, position, tuple(g.drawn)))]
        if g.effect is not None:
            a, pos, _, t = g.effect
            source: ChestSource = ("fleet" if a == BOARD else "crew") if pos == 0 else "center"
            return [Decision(s, DecisionKind.TAKE_CHEST, ChestPayload(action, position, source, t))]
        return [Decision(s, DecisionKind.POSITION, PositionPayload(action, position))]
    if ph == MOVE:
        out = []
        for s in g.order():
            p = g.seats[s]
            if p.arr_fleet is None:
                out.append(Decision(s, DecisionKind.ARRANGE_FLEET, ArrangePayload(capacity(p.boat))))
            elif p.arr_crew is None:
                out.append(Decision(s, DecisionKind.ARRANGE_CREW, ArrangePayload(capacity(p.pirate))))
        return out
    return []


# ---------------------------------------------------------------- options
def options(g: State, seat: int, kind: DecisionKind) -> list[PlayerAction]:
    """Every legal action of ``seat`` for a decision of ``kind``."""
    p = g.seats[seat]
    if kind == DecisionKind.SELECT_DICE:
        found = selections(p)
        if not found and g.stage == SELECT:
            return [_CONFIRM_STUCK]  # R3.6/R9.1: the owner confirms the stuck roll
        return [SelectDice(sel) for sel in found]
    if kind == DecisionKind.SKULL_ACTION:
        k = len(p.selection or ())
        return [_CHOOSE[a] for a in range(5) if p.room(a) >= k]
    if kind == DecisionKind.BONUS_TILE:
        return list[PlayerAction](bonus_options(g, p))
    if kind == DecisionKind.POSITION:
        if g.act_action <= HUNT:
            return [_ACT, _FORFEIT]
        out: list[PlayerAction] = [Target(t) for t in range(g.players) if t != seat and t != g.first_target]
        out.append(_FORFEIT)
        return out
    if kind == DecisionKind.KEEP_TILE:
        return [_KEEP[v] for v in sorted(set(g.drawn))]
    if kind == DecisionKind.TAKE_CHEST:
        return [_TAKE[c] for c in chest_choices(g)]
    if kind == DecisionKind.ARRANGE_FLEET:
        return [Arrange(tuple(_CHESTS[c] for c in o)) for o in arrangements(p.crew, capacity(p.boat))]
    return [Arrange(tuple(_CHESTS[c] for c in o)) for o in arrangements(p.island, capacity(p.pirate))]


def is_legal(g: State, seat: int, kind: DecisionKind, action: PlayerAction) -> bool:
    """Whether ``action`` answers ``kind`` legally, checked without listing every option."""
    p = g.seats[seat]
    if kind == DecisionKind.SELECT_DICE:
        if not isinstance(action, SelectDice):
            return False
        if not action.dice and g.stage != SELECT:
            return False
        return is_valid_selection(p, action.dice)
    if kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW):
        if not isinstance(action, Arrange):
            return False
        src = p.crew if kind == DecisionKind.ARRANGE_FLEET else p.island
        cap = capacity(p.boat if kind == DecisionKind.ARRANGE_FLEET else p.pirate)
        if len(action.chests) != min(cap, len(src)):
            return False
        left = list(src)
        for c in action.chests:
            if c not in left:
                return False
            left.remove(c)
        return True
    return action in options(g, seat, kind)


def random_for(g: State, seat: int, kind: DecisionKind, rng: random.Random) -> PlayerAction:
    """A random legal action, drawn cheaply. Not uniform: a dice selection picks an action group first."""
    p = g.seats[seat]
    if kind == DecisionKind.SELECT_DICE:
        roll = p.roll or []
        skulls = [dd for dd, f in zip(p.hand, roll, strict=True) if f == SKULL]
        groups: dict[int, list[int]] = {}
        for dd, f in zip(p.hand, roll, strict=True):
            if f != SKULL and p.room(f) > 0:
                groups.setdefault(f, []).append(dd)
        keys = list(groups)
        if skulls:
            keys.append(SKULL)
        if not keys:
            return _CONFIRM_STUCK  # R3.6: nothing to select; confirm the roll
        pick = keys[int(rng.random() * len(keys))]
        if pick == SKULL:
            chosen = rng.sample(skulls, 1 + int(rng.random() * len(skulls)))
        else:
            dice = groups[pick]
            room = p.room(pick)
            i = 1 + int(rng.random() * min(len(dice), room))
            j = int(rng.random() * (min(len(skulls), room - i) + 1))
            chosen = rng.sample(dice, i) + rng.sample(skulls, j)
        chosen.sort()
        return SelectDice(tuple(chosen))
    if kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW):
        src = p.crew if kind == DecisionKind.ARRANGE_FLEET else p.island
        cap = capacity(p.boat if kind == DecisionKind.ARRANGE_FLEET else p.pirate)
        return Arrange(tuple(_CHESTS[c] for c in rng.sample(src, min(cap, len(src)))))
    opts = options(g, seat, kind)
    return opts[int(rng.random() * len(opts))]


def why_illegal(g: State, seat: int, kind: DecisionKind, action: PlayerAction) -> str:
    """A sentence saying why ``action`` is not legal for ``seat`` now."""
    legal = options(g, seat, kind)
    expected = {
        DecisionKind.SELECT_DICE: SelectDice, DecisionKind.SKULL_ACTION: ChooseAction,
        DecisionKind.BONUS_TILE: TakeBonus, DecisionKind.KEEP_TILE: KeepTile,
        DecisionKind.TAKE_CHEST: TakeChest, DecisionKind.ARRANGE_FLEET: Arrange, DecisionKind.ARRANGE_CREW: Arrange,
    }.get(kind)
    who = g.names[seat]
    if kind == DecisionKind.POSITION:
        if not isinstance(action, (Act, Forfeit, Target)):
            return f"{who} must act, choose a target or forfeit, not {action.text()!r}"
    elif expected is not None and not isinstance(action, expected):
        return f"{who} must decide {kind.value}, not {action.text()!r}"
    if isinstance(action, SelectDice):
        p = g.seats[seat]
        if not action.dice:
            return "a selection needs at least one die (select - only confirms a roll that allows none, R3.6)"
        if has_selection(p) is False and g.stage == SELECT:
            return f"{who}'s roll allows no selection: confirm it with 'select -' (R3.6)"
        missing = [DIE_LETTERS[d] for d in action.dice if d not in p.hand]
        if missing:
            return f"die {', '.join(missing)} is not in {who}'s roll"
        return f"{action.text()!r} is not a valid selection: dice must show one action (plus skulls) and fit on its space"
    if isinstance(action, Target):
        return f"{who} cannot target seat {action.seat}; legal: {', '.join(a.text() for a in legal)}"
    shown = ", ".join(a.text() for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
    return f"{action.text()!r} is not legal for {who} now; legal: {shown}"
