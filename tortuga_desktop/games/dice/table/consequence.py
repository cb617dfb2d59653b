"""What each choice of a decision does, computed from the deciding seat's own view (R9).

The decision panel shows these next to its options: the total a skull action or a dice pick
gives and the position it yields against the totals on the table, the new total after a bonus
tile, what a Board/Raid target holds and whether it defends, where an arrangement's chests go.
Everything here reads only a :class:`~tortuga_desktop.games.dice.rules.PlayerView` (the seat's own view)
and the rules' public helpers (``capacity``, the dice grid); it makes no words (the panel
does, through i18n).

Positions follow R4.3: the higher total first; ties go to the start player, then to the tied
seat nearest after the start player clockwise. :func:`standing` returns 1, 2 or 0 (out: no
position, or 2nd in a two-player game where only 1st acts, R6.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tortuga_desktop.games.dice.rules import SKULL, PlayerView, capacity

__all__ = [
    "Move",
    "Standing",
    "arrangement",
    "projected_dice",
    "selection_action",
    "standing",
    "token_after",
    "total_with",
]

#: Board and Raid (the attacking actions) and the token each moves.
BOARD, RAID = 3, 4
FLEET, CREW, HUNT = 0, 1, 2


@dataclass(frozen=True)
class Standing:
    """A total on one action and the position it gives now."""

    action: int
    total: int
    #: 1, 2, or 0 (out)
    position: int
    #: the best total among the others on that action (0: nobody else there)
    best_other: int


def projected_dice(view: PlayerView) -> list[list[list[int]]]:
    """``[seat][action]`` -> dice on that action, counting selections revealed but not placed yet.

    Before the reveal only the viewer's own selection is known; it is not counted here (the
    caller adds the pick it is asking about)."""
    out = [[list(s.placed[a]) for a in range(5)] for s in view.seats]
    if not view.revealed:
        return out
    for i, s in enumerate(view.seats):
        sel = s.selection
        if not sel:
            continue
        a = selection_action(view, i, sel)
        if a is None:
            a = s.skull_action
        if a is None:
            continue
        for d in sel:
            if d not in out[i][a]:
                out[i][a].append(d)
    return out


def selection_action(view: PlayerView, seat: int, dice: Sequence[int]) -> int | None:
    """The action a selection of ``seat`` goes to, from the faces the view shows (None: skulls only
    or unknown)."""
    s = view.seats[seat]
    roll = s.roll
    if roll is None:
        return None
    for d in dice:
        if d in s.hand:
            f = roll[s.hand.index(d)]
            if f is not None and f != SKULL:
                return int(f)
    return None


def total_with(view: PlayerView, seat: int, action: int, dice: Sequence[int], bonus: int | None = None) -> int:
    """R4.2: ``seat``'s total on ``action`` with ``dice`` there (the bonus tile counts only with
    dice; ``bonus`` overrides the tile on that space)."""
    if not dice:
        return 0
    b = view.seats[seat].bonus[action] if bonus is None else bonus
    return sum(view.grid[d][action] for d in dice) + b


def standing(view: PlayerView, seat: int, action: int, total: int,
             dice: list[list[list[int]]] | None = None) -> Standing:
    """The position ``seat`` would hold on ``action`` with ``total`` against the others' totals now."""
    dice = dice if dice is not None else projected_dice(view)
    n = view.players
    start = view.start
    totals = {s: total_with(view, s, action, dice[s][action]) for s in range(n) if s != seat and dice[s][action]}
    best_other = max(totals.values(), default=0)
    if total <= 0:
        return Standing(action, 0, 0, best_other)
    totals[seat] = total
    order = sorted(totals, key=lambda s: (-totals[s], (s - start) % n))
    place = order.index(seat) + 1
    if place > 2 or (place == 2 and n == 2):
        place = 0
    return Standing(action, total, place, best_other)


def token_after(box: int, steps: int) -> int:
    """A token moved ``steps`` boxes (negative: left), kept on boxes 1-8 (R4.6, R4.9)."""
    return max(1, min(8, box + steps))


@dataclass(frozen=True)
class Move:
    """What an arrangement does (R5.2): kept chests in order, and the surplus with where it goes."""

    kept: tuple[int, ...]
    #: (colour, to the center island?) for each chest that does not fit
    surplus: tuple[tuple[int, bool], ...]


def arrangement(view: PlayerView, seat: int, dest: str, source: Sequence[int], order: Sequence[int]) -> Move:
    """Where the chests of ``source`` go when ``order`` (indices into it) is kept in ``dest``
    ("fleet" or "crew"); the rest are surplus: to the center island if its slot is free and not
    taken by an earlier surplus chest, else the bag (R4.11; in two-player games always the bag,
    R6.2). Other players' surplus may still take a center slot first (R5.3)."""
    s = view.seats[seat]
    cap = capacity(s.boat if dest == "fleet" else s.pirate)
    kept = tuple(source[i] for i in order[:cap])
    rest = [source[i] for i in range(len(source)) if i not in order[:cap]]
    free = [not c for c in view.center]
    out: list[tuple[int, bool]] = []
    for c in rest:
        to_center = view.players > 2 and free[c]
        if to_center:
            free[c] = False
        out.append((c, to_center))
    return Move(kept, tuple(out))
