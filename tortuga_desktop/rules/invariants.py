"""Invariants every reachable state keeps; used by the soak tests, the simulator and save loading."""

from __future__ import annotations

from .components import MAX_BOX, MIN_BOX, TOTAL_BONUS_TILES, TOTAL_TILES, capacity
from .legal import options, pending
from .state import ACTIONS, DICE, MOVE, OVER, State


def check_invariants(g: State) -> list[str]:
    """Every broken invariant as a sentence; an empty list means the state is sound."""
    problems: list[str] = []
    chests = [0] * 5
    for c in range(5):
        chests[c] += g.bag[c] + (1 if g.center[c] else 0)
    tiles = [g.pool[0], g.pool[1], g.pool[2]]
    bonus = g.supply
    for v in g.drawn:
        tiles[v - 1] += 1
    for i, p in enumerate(g.seats):
        for row in (p.tortuga, p.fleet, p.crew, p.island):
            for c in row:
                chests[c] += 1
        for v in p.tiles:
            tiles[v - 1] += 1
        bonus += sum(1 for b in p.bonus if b)
        if not (MIN_BOX <= p.boat <= MAX_BOX and MIN_BOX <= p.pirate <= MAX_BOX):
            problems.append(f"seat {i}: token off its track")
        if g.phase != MOVE:  # R4.11: surplus leaves the moment a token moves
            if len(p.fleet) > capacity(p.boat):
                problems.append(f"seat {i}: fleet area over capacity")
            if len(p.crew) > capacity(p.pirate):
                problems.append(f"seat {i}: crew area over capacity")
        if g.phase == DICE and (len(p.placed[3]) > capacity(p.boat) or len(p.placed[4]) > capacity(p.pirate)):
            problems.append(f"seat {i}: too many dice on Board or Raid")
    if chests != [10, 10, 10, 5, 5]:
        problems.append(f"chests by colour are {chests}, not 10/10/10/5/5")
    if tiles != [17, 9, 4]:
        problems.append(f"treasure tiles by value are {tiles}, not 17/9/4 ({TOTAL_TILES})")
    if bonus != TOTAL_BONUS_TILES:
        problems.append(f"{bonus} bonus tiles, not {TOTAL_BONUS_TILES}")
    return problems


def check_reachable(g: State) -> list[str]:
    """Decision states the rules cannot reach (issue 16.5) as sentences; empty when none is found.

    Used for saves that carry no record to replay (written before records existed): a state
    whose decision machinery would crash or wait forever is refused instead of loaded.
    """
    problems: list[str] = []
    n = len(g.seats)
    if len(set(g.rollers)) != len(g.rollers):
        problems.append("a seat is listed twice among the rollers")
    if len(set(g.queue)) != len(g.queue):
        problems.append("a seat is listed twice in the dice queue")
    if any(not 0 <= s < n for s in (*g.rollers, *g.queue, *g.act_order)):
        problems.append("a seat number is out of range")
        return problems
    if g.phase == DICE:
        if not g.rollers:
            problems.append("dice phase with nobody rolling")
        for s in g.rollers:
            p = g.seats[s]
            if p.selection is not None and p.roll is None:
                problems.append(f"seat {s}: a selection without a roll")
    if g.phase == ACTIONS and not g.act_order:
        problems.append("actions phase with an empty action order")
    if g.phase == MOVE and all(p.arr_fleet is not None and p.arr_crew is not None for p in g.seats):
        problems.append("move phase already arranged by every seat")
    if not problems and g.phase != OVER:
        try:
            decisions = pending(g)
            if not decisions:
                problems.append("nobody can move but the game is not over")
            for d in decisions:
                if not options(g, d.seat, d.kind):
                    problems.append(f"seat {d.seat}: no legal choice for its decision")
        except (IndexError, KeyError, ValueError, TypeError, AssertionError) as exc:
            problems.append(f"the decision machinery fails: {exc!r:.80}")
    return problems
