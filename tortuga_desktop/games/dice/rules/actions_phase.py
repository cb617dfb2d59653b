"""Phase 2 — actions (R4): positions, the five effects, surplus.

Functions that can end the phase return True once Raid is resolved and the dice are back
with their owners (R4.12); the caller then starts the move phase.
"""

from __future__ import annotations

from .components import MAX_BOX, MIN_BOX, capacity
from .errors import EngineLoopError
from .events import (
    ActionTotals,
    ChestMoved,
    PhaseStarted,
    PositionForfeited,
    SurplusDropped,
    TargetChosen,
    TileKept,
    TilesDrawn,
    TokenMoved,
    TreasureDrawn,
)
from .state import ACTIONS, BOARD, CREW, FLEET, HUNT, NO_STAGE, RAID, State


def positions(g: State, action: int) -> list[int]:
    """Seats taking part in ``action``, best first (R4.2, R4.3)."""
    n = g.players
    start = g.start
    seats = g.seats
    part = [s for s in range(n) if seats[s].placed[action]]
    part.sort(key=lambda s: (-seats[s].total(action), (s - start) % n))
    return part


def begin(g: State) -> bool:
    """All dice are placed: resolve the actions in order (R4.1)."""
    g.phase = ACTIONS
    g.stage = NO_STAGE
    g.rollers = []
    g.stuck = []
    g.bonus_due = []
    g.queue = []
    g.act_action = -1
    if g.logging:
        g.events.append(PhaseStarted(g.round, g.decisions, "actions"))
    return _next_action(g)


def acting(ranking: list[int], players: int) -> list[int]:
    """The seats that act, 1st then 2nd, from an action's ranking (R4.3: one with 2 players)."""
    return ranking[: (1 if players == 2 else 2)]


def _next_action(g: State) -> bool:
    for _ in range(RAID + 2):  # bounded: the action number only grows
        g.act_action += 1
        if g.act_action > RAID:
            _end_actions(g)
            return True
        a = g.act_action
        ranking = positions(g, a)
        g.act_order = acting(ranking, g.players)
        g.act_pos = 0
        g.first_target = None
        g.effect = None
        if g.logging:
            order = g.act_order
            g.events.append(ActionTotals(
                g.round, g.decisions, a, tuple((s, g.seats[s].total(a)) for s in ranking),
                order[0] if order else -1, order[1] if len(order) > 1 else -1,
            ))
        if g.act_order:
            return False
    raise EngineLoopError(f"the actions phase did not end (action {g.act_action})")


def _advance_position(g: State) -> bool:
    g.effect = None
    g.drawn = []
    g.act_pos += 1
    if g.act_pos >= len(g.act_order):
        return _next_action(g)
    return False


def _end_actions(g: State) -> None:
    for p in g.seats:  # R4.12
        p.placed = [[], [], [], [], []]
        p.hand = [0, 1, 2, 3, 4]
    g.act_order = []
    g.effect = None


def forfeit(g: State, s: int) -> bool:
    """R4.5."""
    if g.logging:
        g.events.append(PositionForfeited(g.round, g.decisions, s, g.act_action, g.act_pos + 1))
    return _advance_position(g)


def act(g: State, s: int) -> bool:
    """Carry out Expand fleet, Recruit crew or Treasure hunt (R4.6-R4.8, R6.1)."""
    a = g.act_action
    p = g.seats[s]
    two = g.players == 2
    if a in (FLEET, CREW):
        steps = 1 if two or g.act_pos == 1 else 2
        old = p.boat if a == FLEET else p.pirate
        new = min(MAX_BOX, old + steps)
        if a == FLEET:
            p.boat = new
        else:
            p.pirate = new
        if g.logging:
            g.events.append(TokenMoved(g.round, g.decisions, s, "boat" if a == FLEET else "pirate", old, new,
                              "fleet" if a == FLEET else "crew"))
        return _advance_position(g)
    # Treasure hunt (R4.8)
    if g.act_pos == 0:
        c = g.draw_chest()
        if c is not None:
            p.island.append(c)
        if g.logging:
            g.events.append(TreasureDrawn(g.round, g.decisions, s, c))
    drawn = []
    for _ in range(1 if (two or g.act_pos == 1) else 2):
        t = g.draw_tile()
        if t is not None:
            drawn.append(t)
    if g.logging:
        g.events.append(TilesDrawn(g.round, g.decisions, s, tuple(drawn)))
    if len(drawn) == 2:
        # KEEP_TILE decision, even for two tiles of equal value (R9.1): the seat is always asked,
        # so no other seat can tell equal tiles from different ones
        g.drawn = drawn
        return False
    if drawn:
        p.tiles.append(drawn[0])
        if g.logging:
            g.events.append(TileKept(g.round, g.decisions, s, drawn[0], 0, False))
    return _advance_position(g)


def keep_tile(g: State, s: int, value: int) -> bool:
    """R4.8: keep one of the two drawn tiles, return the other to the pool."""
    p = g.seats[s]
    back = list(g.drawn)
    back.remove(value)
    p.tiles.append(value)
    for v in back:
        g.pool[v - 1] += 1
        p.returned.append(v)
    if g.logging:
        g.events.append(TileKept(g.round, g.decisions, s, value, back[0] if back else 0, True))
    return _advance_position(g)


def target(g: State, s: int, t: int) -> bool:
    """Board or raid seat ``t`` (R4.9, R4.10, R6.1)."""
    a = g.act_action
    pos = g.act_pos
    g.effect = [a, pos, s, t]
    if g.logging:
        g.events.append(TargetChosen(g.round, g.decisions, s, a, pos + 1, t))
    if pos == 0:
        g.first_target = t
        src = g.seats[t].fleet if a == BOARD else g.seats[t].crew
        if len(set(src)) > 1:
            return False  # TAKE_CHEST decision
        return take_chest(g, src[0] if src else None)
    # 2nd: the tokens move first, each dropping its surplus at once (R4.11), then the center island
    _knock_tokens(g)
    here = [c for c in range(5) if g.center[c]]
    if len(here) > 1:
        return False
    return take_chest(g, here[0] if here else None)


def chest_choices(g: State) -> list[int]:
    """Colours the current Board/Raid effect may take."""
    if g.effect is None:
        return []
    a, pos, _s, t = g.effect
    if pos == 0:
        src = g.seats[t].fleet if a == BOARD else g.seats[t].crew
        return sorted(set(src))
    return [c for c in range(5) if g.center[c]]


def take_chest(g: State, colour: int | None) -> bool:
    """Finish the current Board/Raid effect with the chosen chest (or none).

    1st takes the chest from the target first, then the tokens move (R4.11 revised);
    2nd's tokens have already moved and it takes from the center island.
    """
    if g.effect is None:  # pragma: no cover - only called inside an effect
        return _advance_position(g)
    a, pos, s, t = g.effect
    me = g.seats[s]
    if pos == 0:
        if colour is not None:
            where = "fleet" if a == BOARD else "crew"
            g.seats[t].area(where).remove(colour)
            me.island.append(colour)
            if g.logging:
                g.events.append(ChestMoved(g.round, g.decisions, colour, t, where, s, "island"))
        _knock_tokens(g)
    elif colour is not None:
        g.center[colour] = False
        me.island.append(colour)
        if g.logging:
            g.events.append(ChestMoved(g.round, g.decisions, colour, -1, "center", s, "island"))
    return _advance_position(g)


def _knock_tokens(g: State) -> None:
    """R4.9/R4.10: the target's token moves one box left, then (if it defended) the attacker's;
    each drops its area's surplus the moment it moves (R4.11)."""
    if g.effect is None:  # pragma: no cover
        return
    a, _pos, s, t = g.effect
    defended = bool(g.seats[t].placed[a])
    _move_left(g, t, a, "hit_defended" if defended else "hit")
    if defended:
        _move_left(g, s, a, "defence")


def _move_left(g: State, s: int, a: int, why: str) -> None:
    p = g.seats[s]
    if a == BOARD:
        old = p.boat
        p.boat = max(MIN_BOX, old - 1)
        new, token, row, area = p.boat, "boat", p.fleet, "fleet"
    else:
        old = p.pirate
        p.pirate = max(MIN_BOX, old - 1)
        new, token, row, area = p.pirate, "pirate", p.crew, "crew"
    if g.logging:
        g.events.append(TokenMoved(g.round, g.decisions, s, token, old, new, why))
    cap = capacity(new)
    while len(row) > cap:  # R4.11: surplus leaves from the right at once
        c = row.pop()
        to_center = g.to_center(c)
        if g.logging:
            g.events.append(SurplusDropped(g.round, g.decisions, s, area, c, to_center, False))


# ---------------------------------------------------------------- what the code above relies on
def assumptions(g: State) -> list[str]:
    """Every assumption the actions phase's code makes about a state waiting for a decision that
    ``g`` breaks, as sentences (empty: the code above can run on it); see
    :func:`.dice_phase.assumptions`."""
    seats = g.seats
    a = g.act_action
    if not FLEET <= a <= RAID:  # _knock_tokens and positions index the five action spaces
        return [f"actions phase at action {a}, not one of the five actions"]
    if any(p.hand for p in seats):  # begin runs once every die is placed
        return ["actions phase while dice are still in a hand"]
    if g.act_order != acting(positions(g, a), g.players):  # _next_action sets it so
        return ["the acting seats are not the ranking of the action's totals"]
    if not 0 <= g.act_pos < len(g.act_order):
        return ["the acting position is past the acting seats"]
    out: list[str] = []
    s = g.act_order[g.act_pos]
    ft = g.first_target
    if ft is not None and (a < BOARD or ft == g.act_order[0]
                           or (g.act_pos == 0 and (g.effect is None or g.effect[3] != ft))):
        out.append("a first target that is not the 1st position's Board or Raid target")
    if g.drawn and (a != HUNT or len(g.drawn) != 2 or g.effect is not None):  # act waits for KEEP_TILE so
        out.append("drawn treasure tiles outside a Treasure hunt choice")
    if g.effect is not None:  # target waits for TAKE_CHEST only on Board/Raid with a choice
        ea, pos, es, t = g.effect
        if a < BOARD or (ea, pos, es) != (a, g.act_pos, s) or t == s or (pos == 1 and t == ft):
            out.append("a chest choice that is not the acting seat's Board or Raid")
        elif len(chest_choices(g)) < 2:
            out.append("a chest choice with nothing to choose")
    return out


__all__ = ["acting", "assumptions", "positions", "begin", "forfeit", "act", "keep_tile", "target", "take_chest", "chest_choices"]
