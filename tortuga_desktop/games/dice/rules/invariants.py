"""Invariants every reachable state keeps; used by the soak tests, the simulator and save loading."""

from __future__ import annotations

from . import actions_phase, dice_phase, move_phase
from .components import MAX_BOX, MIN_BOX, TOTAL_BONUS_TILES, TOTAL_TILES, capacity
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


def check_assumptions(g: State) -> list[str]:
    """Every assumption the phase code makes about a state waiting for a decision that ``g``
    breaks, as sentences: the phase modules' own ``assumptions`` (each written beside the code
    that relies on it). Every state the rules reach keeps them; ``Game.from_dict`` refuses one
    that does not."""
    problems: list[str] = []
    n = len(g.seats)
    for name, seats in (("rollers", g.rollers), ("dice queue", g.queue), ("stuck rolls", g.stuck),
                        ("seats without dice", g.bonus_due), ("acting seats", g.act_order)):
        if len(set(seats)) != len(seats):
            problems.append(f"a seat is listed twice among the {name}")
        if any(not 0 <= s < n for s in seats):
            problems.append(f"a seat number among the {name} is out of range")
    if problems or g.phase == OVER:
        return problems
    phase_assumptions = {DICE: dice_phase.assumptions, ACTIONS: actions_phase.assumptions,
                         MOVE: move_phase.assumptions}[g.phase]
    return phase_assumptions(g)
