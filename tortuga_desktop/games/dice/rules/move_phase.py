"""Phase 3 — move chests (R5.1-R5.3).

:func:`begin` and :func:`arrange` return True once every seat's chests have moved; the
caller then runs the end check (R5.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from .components import capacity
from .events import (
    ArrangementMade,
    ChestsArranged,
    ChestsDrawn,
    ChestsToTortuga,
    PhaseStarted,
    SurplusDropped,
)
from .state import MOVE, NO_STAGE, State


def arrangements(chests: Sequence[int], cap: int) -> list[tuple[int, ...]]:
    """Distinct ordered choices of ``min(cap, len(chests))`` chests (R5.2)."""
    k = min(cap, len(chests))
    if k == 0:
        return [()]
    if len(set(chests)) == 1:
        return [tuple(chests[:k])]
    return sorted(set(permutations(chests, k)))


def begin(g: State) -> bool:
    """R5.1 and R5.2 (1): draw a chest each, fleets sail to Tortuga; then the arrangements."""
    g.phase = MOVE
    g.stage = NO_STAGE
    logging = g.logging
    if logging:
        g.events.append(PhaseStarted(g.round, g.decisions, "move"))
    for s in g.order():  # R5.1
        c = g.draw_chest()
        if c is not None:
            g.seats[s].island.append(c)
        if logging:
            g.events.append(ChestsDrawn(g.round, g.decisions, s, c))
    for s in g.order():  # R5.2 (1)
        p = g.seats[s]
        if p.fleet:
            if logging:
                g.events.append(ChestsToTortuga(g.round, g.decisions, s, tuple(p.fleet)))
            p.tortuga.extend(p.fleet)
            p.fleet = []
        p.arr_fleet = None
        p.arr_crew = None
        opts = arrangements(p.crew, capacity(p.boat))
        if len(opts) == 1:
            p.arr_fleet = opts[0]
        opts = arrangements(p.island, capacity(p.pirate))
        if len(opts) == 1:
            p.arr_crew = opts[0]
    return _finish(g)


def arrange(g: State, s: int, fleet: bool, chests: tuple[int, ...]) -> bool:
    """``s`` chooses the chests (in order) that move into its fleet (``fleet``) or crew area."""
    p = g.seats[s]
    if fleet:
        p.arr_fleet = chests
    else:
        p.arr_crew = chests
    if g.logging:
        g.events.append(ArrangementMade(g.round, g.decisions, s, "fleet" if fleet else "crew"))
    return _finish(g)


def _finish(g: State) -> bool:
    """R5.2 (2)(3), R5.3: once everybody has chosen, the chests move, seat by seat from the start player."""
    for p in g.seats:
        if p.arr_fleet is None or p.arr_crew is None:
            return False
    logging = g.logging
    for s in g.order():
        p = g.seats[s]
        for old, new, area in ((p.crew, p.arr_fleet, "fleet"), (p.island, p.arr_crew, "crew")):
            chosen = new or ()
            left = list(old)
            for c in chosen:
                left.remove(c)
            if logging:
                g.events.append(ChestsArranged(g.round, g.decisions, s, area, chosen))
            if area == "fleet":
                p.fleet = list(chosen)
            else:
                p.crew = list(chosen)
            for c in left:
                to_center = g.to_center(c)
                if logging:
                    g.events.append(SurplusDropped(g.round, g.decisions, s, area, c, to_center, True))
        p.island = []
        p.arr_fleet = None
        p.arr_crew = None
    return True


# ---------------------------------------------------------------- what the code above relies on
def assumptions(g: State) -> list[str]:
    """Every assumption the move phase's code makes about a state waiting for a decision that
    ``g`` breaks, as sentences (empty: the code above can run on it); see
    :func:`.dice_phase.assumptions`."""
    out: list[str] = []
    if all(p.arr_fleet is not None and p.arr_crew is not None for p in g.seats):
        out.append("move phase already arranged by every seat")  # _finish would have run
    for s, p in enumerate(g.seats):
        if p.fleet or p.hand != [0, 1, 2, 3, 4] or any(p.placed):  # begin: fleets sailed, dice back
            out.append(f"seat {s}: a fleet or dice left over from the actions phase")
        for chosen, src, cap in ((p.arr_fleet, p.crew, capacity(p.boat)), (p.arr_crew, p.island, capacity(p.pirate))):
            if chosen is not None and chosen not in arrangements(src, cap):  # _finish removes each chosen chest
                out.append(f"seat {s}: an arrangement of chests it does not hold")
    return out
