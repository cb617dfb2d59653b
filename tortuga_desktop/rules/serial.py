"""JSON forms of a game: the full state, per-seat player views (R9) and determinisation.

``game_to_dict``/``game_from_dict`` round-trip the whole state (see :mod:`.codec`).
``player_view`` (see :mod:`.views`) strips what a seat may not know.
``determinize`` turns a player view back into a playable :class:`Game` by sampling the
hidden rest at random — what a searching computer player does instead of peeking.
"""

from __future__ import annotations

import random
from typing import Any

from .components import TILE_COUNTS
from .dice_phase import selections
from .game import Game
from .state import DICE, SELECT, STUCK, Seat
from .views import player_view

_SEAT_FIELDS = (
    "boat", "pirate", "tortuga", "fleet", "crew", "island", "tiles", "returned", "bonus", "placed",
    "hand", "roll", "open_roll", "selection", "skull_action", "arr_fleet", "arr_crew",
)


def game_to_dict(g: Game) -> dict[str, Any]:
    """The whole state as JSON-compatible data."""
    return g.to_dict()


def game_from_dict(data: Any) -> Game:
    """Rebuild a game; raises :class:`StateFormatError` (and changes nothing) on bad data."""
    return Game.from_dict(data)


def determinize(view: dict[str, Any], seed: int) -> Game:
    """A full game consistent with a player view, the hidden rest sampled at random.

    Used by searching computer players: they never see the real hidden state.
    """
    rng = random.Random(seed)
    seat = view["viewer"]
    n = view["config"]["players"]
    d: dict[str, Any] = {k: v for k, v in view.items() if k not in ("viewer", "pool_size", "log")}
    d["events"] = []
    d["config"] = dict(view["config"], seed=seed)
    d["rng"] = list(random.Random(seed ^ 0x5DEECE66D).getstate())
    d["rng"][1] = list(d["rng"][1])
    d["logging"] = False
    # Unknown treasure tiles: everything not held by the viewer.
    unknown: list[int] = []
    for v, count in enumerate(TILE_COUNTS, start=1):
        unknown += [v] * count
    if seat is not None:
        for v in view["seats"][seat]["tiles"]:
            unknown.remove(v)
    rng.shuffle(unknown)
    seats = []
    act = dict(view["act"])
    if act.get("drawn") is None:
        count = act.pop("drawn_count", 0)
        drawn: list[int] = []
        for v in unknown:  # two different values, else there would be no decision
            if len(drawn) < count and v not in drawn:
                drawn.append(v)
        for v in drawn:
            unknown.remove(v)
        act["drawn"] = drawn
    else:
        act.pop("drawn_count", None)
        for v in act["drawn"]:  # the viewer's own drawn tiles are known
            unknown.remove(v)
    d["act"] = act
    for i, sv in enumerate(view["seats"]):
        sd = {k: sv[k] for k in _SEAT_FIELDS if k in sv}
        if i != seat:
            k = sv["tile_count"]
            sd["tiles"], unknown = unknown[:k], unknown[k:]
            sd["returned"] = []
        seats.append(sd)
    pool = [0, 0, 0]
    for v in unknown:
        pool[v - 1] += 1
    d["pool"] = pool
    stuck = list(view["stuck"])
    selecting = view["phase"] == DICE and view["stage"] == SELECT
    for i, sd in enumerate(seats):
        if i == seat or sd["roll"] is None and i not in view["rollers"]:
            continue
        sv = view["seats"][i]
        if selecting and i in view["rollers"]:
            # Resample the hidden roll. Any roll fits a seat that has confirmed (R9.1: a stuck
            # roll is confirmed like any other, with the empty selection).
            p = Seat()
            p.hand = list(sd["hand"])
            p.placed = [list(x) for x in sd["placed"]]
            p.boat, p.pirate = sd["boat"], sd["pirate"]
            p.roll = [rng.randrange(6) for _ in p.hand]
            options = selections(p)
            sd["roll"] = p.roll
            if sv["has_selected"]:
                sd["selection"] = list(options[rng.randrange(len(options))]) if options else []
        elif sd["roll"] is not None:
            sd["roll"] = [rng.randrange(6) if f is None else f for f in sd["roll"]]
        elif view["phase"] == DICE and view["stage"] == STUCK and i in view["queue"]:
            # A stuck roll not shown (views before R3.6 rolls were public): any roll of only full
            # Board/Raid faces is consistent with it.
            p = Seat()
            p.placed = [list(x) for x in sd["placed"]]
            p.boat, p.pirate = sd["boat"], sd["pirate"]
            full = [a for a in (3, 4) if p.room(a) == 0]
            if full:
                sd["roll"] = [full[rng.randrange(len(full))] for _ in sd["hand"]]
    order = [(view["start"] + k) % n for k in range(n)]
    d["stuck"] = [s for s in order if s in stuck]
    d["seats"] = seats
    return game_from_dict(d)


__all__ = ["game_to_dict", "game_from_dict", "player_view", "determinize"]
