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
from .components import SKULL, Action
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
def start_roll_step(g: State) -> bool:
    """R3.1: everybody with dice left rolls. Returns True when nobody has dice left (R3.8)."""
    order = g.order()
    seats = g.seats
    rollers = [s for s in order if seats[s].hand]
    if not rollers:
        g.rollers = []
        g.stuck = []
        g.bonus_due = []
        return True
    g.rollers = rollers
    g.bonus_due = [s for s in order if not seats[s].hand]
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
    while True:
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
    while not has_selection(p):
        g.roll(p)
        if g.logging:
            g.events.append(OpenReroll(g.round, g.decisions, s, tuple(p.hand), tuple(p.roll or ())))


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
