"""Phase 1 — dice (R3): roll steps, secret selections, the reveal, stuck rolls, skulls, bonus tiles.

Every function takes the game :class:`~.state.State` and changes it; the ones that can end the
phase return True when every die is placed (the caller then starts the actions phase).

R9.1: every roller confirms its roll with a SELECT_DICE decision, whether the roll allows
several selections, exactly one, or none (a stuck roll, confirmed with the empty selection
``select -``). Only after the reveal is a stuck roll shown and rerolled openly (R3.6).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from .actions import TakeBonus
from .components import OPEN_SPACE_LIMIT, SKULL, Action
from .errors import EngineLoopError
from .events import (
    BonusTileTaken,
    DicePlaced,
    DiceRolled,
    OpenReroll,
    OpenSelection,
    Reveal,
    RollStep,
    SelectionConfirmed,
    SkullsTurned,
    StuckRollShown,
)
from .state import BONUS, SELECT, SKULLS, STUCK, Seat, State

#: Roll steps one dice phase can take: every roller places at least one die per step (R3.8).
MAX_ROLL_STEPS = OPEN_SPACE_LIMIT + 1
#: Open rerolls of one stuck roll before the engine gives up: a hand that holds dice is stuck on a
#: roll with probability at most 1/3, so 1,000 stuck rolls in a row never happen in a real game.
MAX_REROLLS = 1_000

_BONUS_NEW = tuple(TakeBonus(Action(a), False) for a in range(5))
_BONUS_FLIP = tuple(TakeBonus(Action(a), True) for a in range(5))


# ---------------------------------------------------------------- selections (R3.2, R3.3)
def has_selection(p: Seat) -> bool:
    """Whether ``p``'s current roll allows at least one valid selection (R3.6)."""
    roll = p.roll
    if roll is None:
        return False
    if SKULL in roll:
        return True
    return any(p.room(f) > 0 for f in roll)


def selections(p: Seat) -> list[tuple[int, ...]]:
    """Every valid selection of a seat's current roll (R3.2, R3.3), dice as sorted tuples."""
    roll = p.roll
    if roll is None:
        return []
    hand = p.hand
    skulls = [d for d, f in zip(hand, roll, strict=True) if f == SKULL]
    groups: dict[int, list[int]] = {}
    for d, f in zip(hand, roll, strict=True):
        if f != SKULL:
            groups.setdefault(f, []).append(d)
    skull_subsets: list[tuple[int, ...]] = [()]
    for k in range(1, len(skulls) + 1):
        skull_subsets.extend(combinations(skulls, k))
    out: set[tuple[int, ...]] = set()
    for action, dice in groups.items():
        room = p.room(action)
        for k in range(1, min(len(dice), room) + 1):
            for chosen in combinations(dice, k):
                for sk in skull_subsets:
                    if k + len(sk) <= room:
                        out.add(tuple(sorted(chosen + sk)))
    for sk in skull_subsets[1:]:  # skull use A: room on Expand fleet always suffices
        out.add(tuple(sorted(sk)))
    return sorted(out, key=lambda t: (len(t), t))


def selection_action(p: Seat, dice: Iterable[int]) -> int | None:
    """The action a selection goes to, or None for skull-only (chosen after the reveal)."""
    roll = p.roll
    if roll is None:
        return None
    hand = p.hand
    for d in dice:
        f = roll[hand.index(d)]
        if f != SKULL:
            return f
    return None


def is_valid_selection(p: Seat, dice: Sequence[int]) -> bool:
    """Whether ``dice`` is a legal confirmation of ``p``'s roll: a valid selection, or the
    empty selection for a roll that allows none (R3.2, R3.3, R3.6)."""
    roll = p.roll
    if roll is None:
        return False
    if not dice:
        return not has_selection(p)
    if len(set(dice)) != len(dice) or any(d not in p.hand for d in dice):
        return False
    faces = {roll[p.hand.index(d)] for d in dice}
    faces.discard(SKULL)
    if not faces:
        return True  # skull-only: Expand fleet always has room
    return len(faces) == 1 and len(dice) <= p.room(next(iter(faces)))


# ---------------------------------------------------------------- bonus tiles (R3.7)
def bonus_options(g: State, p: Seat) -> list[TakeBonus]:
    """The ways ``p`` can receive a bonus tile now (R3.7)."""
    out: list[TakeBonus] = []
    b = p.bonus
    if g.supply > 0:
        out.extend(_BONUS_NEW[a] for a in range(5) if b[a] == 0)
    out.extend(_BONUS_FLIP[a] for a in range(5) if b[a] == 1)
    return out


def take_bonus(g: State, s: int, action: TakeBonus) -> None:
    p = g.seats[s]
    a = int(action.action)
    if action.flip:
        p.bonus[a] = 2
    else:
        p.bonus[a] = 1
        g.supply -= 1
    if g.logging:
        g.events.append(BonusTileTaken(g.round, g.decisions, s, a, action.flip))


# ---------------------------------------------------------------- the flow
def roll_step_seats(g: State) -> tuple[list[int], list[int]]:
    """R3.1: (the seats that roll: those holding dice, the seats without dice) in seat order from
    the start player. A roll step fixes both lists when it starts and keeps them until its dice
    are placed; :func:`assumptions` checks a waiting state against this same function."""
    order = g.order()
    seats = g.seats
    return [s for s in order if seats[s].hand], [s for s in order if not seats[s].hand]


def start_roll_step(g: State) -> bool:
    """R3.1: everybody with dice left rolls. Returns True when nobody has dice left (R3.8)."""
    seats = g.seats
    rollers, idle = roll_step_seats(g)
    if not rollers:
        g.rollers = []
        g.stuck = []
        g.bonus_due = []
        return True
    g.rollers = rollers
    g.bonus_due = idle
    g.stuck = []
    g.stage = SELECT
    g.queue = []
    logging = g.logging
    if logging:
        g.events.append(RollStep(g.round, g.decisions, tuple(rollers)))
    for s in rollers:
        p = seats[s]
        g.roll(p)
        p.open_roll = False
        p.selection = None
        p.skull_action = None
        if logging:
            g.events.append(DiceRolled(g.round, g.decisions, s, tuple(p.hand), tuple(p.roll or ())))
    return False


def confirm(g: State, seat: int, dice: tuple[int, ...]) -> bool:
    """A roller confirms its selection (``()`` for a stuck roll), or an open selection (R3.6)."""
    p = g.seats[seat]
    p.selection = dice
    if g.logging:
        if g.stage == STUCK:
            g.events.append(OpenSelection(g.round, g.decisions, seat, dice, selection_action(p, dice)))
        else:
            g.events.append(SelectionConfirmed(g.round, g.decisions, seat))
    return advance(g)


def turn_skulls(g: State, seat: int, action: int) -> bool:
    """R3.5: a skull-only selection gets its action."""
    g.seats[seat].skull_action = action
    if g.logging:
        g.events.append(SkullsTurned(g.round, g.decisions, seat, action))
    g.queue.pop(0)
    return advance(g)


def receive_bonus(g: State, seat: int, action: TakeBonus) -> bool:
    take_bonus(g, seat, action)
    g.queue.pop(0)
    return advance(g)


def advance(g: State) -> bool:
    """Progress the dice phase as far as it goes without a decision; True when it is over."""
    seats = g.seats
    for _step in range(MAX_ROLL_STEPS):
        if g.stage == SELECT:
            for s in g.rollers:
                if seats[s].selection is None:
                    return False
            _reveal(g)
            g.stage = STUCK
            g.queue = list(g.stuck)
        if g.stage == STUCK:
            while g.queue:
                s = g.queue[0]
                p = seats[s]
                if not p.open_roll:
                    _open_reroll(g, s)
                if p.selection is None:
                    options = selections(p)
                    if len(options) > 1:
                        return False
                    p.selection = options[0]  # the roll is public: a single option needs no decision
                    if g.logging:
                        g.events.append(OpenSelection(g.round, g.decisions, s, p.selection, selection_action(p, p.selection)))
                g.queue.pop(0)
            g.stage = SKULLS
            g.queue = [s for s in g.rollers if selection_action(seats[s], seats[s].selection or ()) is None]
        if g.stage == SKULLS:
            if g.queue:
                return False
            _place_dice(g)
            g.stage = BONUS
            g.queue = [s for s in g.bonus_due if bonus_options(g, seats[s])]
        if g.stage == BONUS:
            while g.queue:
                bonus = bonus_options(g, seats[g.queue[0]])
                if len(bonus) > 1:
                    return False
                if bonus:  # a single possibility is taken at once (public anyway)
                    take_bonus(g, g.queue[0], bonus[0])
                g.queue.pop(0)
            if start_roll_step(g):
                return True
            continue
        return False  # pragma: no cover - every stage is handled above
    raise EngineLoopError(f"the dice phase did not end after {MAX_ROLL_STEPS} roll steps")


def _reveal(g: State) -> None:
    """R3.5: all confirmed selections are shown; confirmed stuck rolls queue for R3.6."""
    stuck = []
    for s in g.rollers:
        p = g.seats[s]
        sel = p.selection or ()
        if not sel:
            stuck.append(s)
            continue
        if g.logging:
            g.events.append(Reveal(g.round, g.decisions, s, sel, selection_action(p, sel)))
    g.stuck = stuck


def _open_reroll(g: State, s: int) -> None:
    """R3.6: a stuck roll is shown, then rerolled openly until a valid selection exists."""
    p = g.seats[s]
    p.open_roll = True
    p.selection = None
    if g.logging:
        g.events.append(StuckRollShown(g.round, g.decisions, s, tuple(p.hand), tuple(p.roll or ())))
    for _ in range(MAX_REROLLS):
        if has_selection(p):
            return
        g.roll(p)
        if g.logging:
            g.events.append(OpenReroll(g.round, g.decisions, s, tuple(p.hand), tuple(p.roll or ())))
    if not has_selection(p):
        raise EngineLoopError(f"seat {s}: no valid selection after {MAX_REROLLS} open rerolls")


def _place_dice(g: State) -> None:
    for s in g.rollers:
        p = g.seats[s]
        sel = p.selection or ()
        a = selection_action(p, sel)
        if a is None:
            a = p.skull_action if p.skull_action is not None else 0
        p.placed[a].extend(sel)
        p.hand = [d for d in p.hand if d not in sel]
        p.roll = None
        p.open_roll = False
        p.selection = None
        p.skull_action = None
        if g.logging:
            g.events.append(DicePlaced(g.round, g.decisions, s, a, sel))


# ---------------------------------------------------------------- what the code above relies on
def assumptions(g: State) -> list[str]:
    """Every assumption the dice phase's code makes about a state waiting for a decision that
    ``g`` breaks, as sentences (empty: the code above can run on it). The states the rules reach
    keep them all; ``Game.from_dict`` refuses a state (a save) that breaks one, through
    :func:`~.invariants.check_assumptions`. Each line names what relies on it."""
    out: list[str] = []
    seats = g.seats
    st = g.stage
    if st not in (SELECT, STUCK, SKULLS, BONUS):
        return ["dice phase outside every dice step"]
    if not g.rollers:
        return ["dice phase with nobody rolling"]  # start_roll_step ends the phase instead
    rollers, idle = roll_step_seats(g)
    if st != BONUS:  # the hands are those of the roll step's start until _place_dice
        if g.rollers != rollers or g.bonus_due != idle:
            out.append("the rollers are not exactly the seats holding dice, in order from the start player")
            return out  # _open_reroll would reroll an empty hand forever; nothing below is meaningful
    elif sorted(g.rollers + g.bonus_due) != list(range(g.players)) or any(s not in idle for s in g.bonus_due):
        out.append("the rollers and the seats without dice do not make up the table")
        return out
    waiting = [s for s in g.rollers if seats[s].selection is None]
    for s in range(g.players):
        p = seats[s]
        rolling = s in g.rollers and st != BONUS
        if not rolling:
            if p.roll is not None or p.selection is not None or p.open_roll or p.skull_action is not None:
                out.append(f"seat {s}: dice rolled or selected outside its roll step")
            continue
        if p.roll is None:
            out.append(f"seat {s}: a roller without a roll")
        elif p.selection is not None and not is_valid_selection(p, p.selection):
            out.append(f"seat {s}: its confirmed selection is not a valid one for its roll")  # _place_dice
    if out:
        return out
    if st == SELECT:  # advance reveals once nobody is waiting
        if not waiting:
            out.append("every roller has confirmed but the selections are not revealed")
        if g.queue or g.stuck or any(seats[s].open_roll for s in g.rollers):
            out.append("an open reroll before the reveal")
        if any(seats[s].skull_action is not None for s in g.rollers):
            out.append("a skull action chosen before the reveal")
    elif st == STUCK:  # after _reveal: stuck = rollers that confirmed (); queue = the ones not yet rerolled
        q, stuck = g.queue, g.stuck
        if not q or stuck[len(stuck) - len(q):] != q or any(s not in g.rollers for s in stuck):
            out.append("the open rerolls waiting are not the last of the stuck rolls")
            return out
        for s in g.rollers:
            p = seats[s]
            if s == q[0] and p.open_roll:  # rerolled openly, waiting for its open selection (> 1 option)
                if p.selection is not None or len(selections(p)) < 2:
                    out.append(f"seat {s}: an open roll waits with nothing to choose")
            elif s in q:  # not rerolled yet: its confirmed stuck roll
                if p.open_roll or p.selection != ():
                    out.append(f"seat {s}: waits for an open reroll without a confirmed stuck roll")
            elif not p.selection or p.open_roll != (s in stuck):
                out.append(f"seat {s}: no selection after the reveal")
            if p.skull_action is not None:
                out.append(f"seat {s}: a skull action chosen before the skulls step")
    elif st == SKULLS:  # queue = the rollers whose skull-only selection still needs its action
        skull_only = [s for s in g.rollers if seats[s].selection and selection_action(seats[s], seats[s].selection or ()) is None]
        q = g.queue
        if waiting or not q or skull_only[len(skull_only) - len(q):] != q:
            out.append("the skulls step waits for a seat without a skull-only selection")
        elif any(seats[s].skull_action is not None for s in q) or any(
                seats[s].skull_action is None for s in skull_only[: len(skull_only) - len(q)]):
            out.append("a skull action is missing or chosen twice")
    else:  # BONUS: the dice are placed; queue = seats without dice still to receive a tile
        q = g.queue
        if not q or any(s not in g.bonus_due for s in q) or len(set(q)) != len(q):
            out.append("the bonus step waits for a seat that had no bonus due")
        elif len(bonus_options(g, seats[q[0]])) < 2:  # advance takes a single option at once
            out.append(f"seat {q[0]}: a bonus tile waits with nothing to choose")
    return out
