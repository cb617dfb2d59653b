"""JSON forms of a game: the full state, per-seat player views (R9) and determinisation.

``game_to_dict``/``game_from_dict`` round-trip the whole state (see :mod:`.codec`).
``player_view`` (see :mod:`.views`) strips what a seat may not know.
``determinize`` turns a player view back into a playable :class:`Game` by sampling the
hidden rest at random — what a searching computer player does instead of peeking.
"""

from __future__ import annotations

import random
from typing import Any

from .components import DICE_GRIDS, TILE_COUNTS
from .dice_phase import selections
from .game import Game
from .state import DICE, SCHEMA_VERSION, SELECT, Phase, Seat, Stage
from .views import PlayerView, SeatView, player_view


def game_to_dict(g: Game) -> dict[str, Any]:
    """The whole state as JSON-compatible data."""
    return g.to_dict()


def game_from_dict(data: Any) -> Game:
    """Rebuild a game; raises :class:`StateFormatError` (and changes nothing) on bad data."""
    return Game.from_dict(data)


def determinize(view: PlayerView, seed: int, *, checked: bool = False) -> Game:
    """A full game consistent with a player view, the hidden rest sampled at random.

    Used by searching computer players: they never see the real hidden state. Sampled: other
    seats' kept tiles, the pool's make-up, treasure tiles drawn by someone else, other seats'
    hidden dice and secret selections, the random state.

    The game is built straight from the sampled data (this runs for every world a bot
    samples); ``checked`` builds it through :meth:`Game.from_dict` instead, with every check of
    a loaded save. Both give the same game (a test compares them over thousands of views).
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"determinize needs a PlayerView, not {type(view).__name__}")
    rng = random.Random(seed)
    seat = view.viewer
    n = view.players
    # Unknown treasure tiles: everything not held (or drawn) by the viewer.
    unknown: list[int] = []
    for v, count in enumerate(TILE_COUNTS, start=1):
        unknown += [v] * count
    if seat is not None:
        for v in view.seats[seat].tiles or ():
            unknown.remove(v)
    if view.drawn is not None:
        for v in view.drawn:
            unknown.remove(v)
    rng.shuffle(unknown)
    drawn: list[int] = list(view.drawn or ())
    if view.drawn is None and view.drawn_count:
        # any values, equal ones included: the seat is asked to keep one either way (R9.1)
        drawn = unknown[: view.drawn_count]
        del unknown[: view.drawn_count]
    selecting = view.phase == DICE and view.stage == SELECT
    seats: list[dict[str, Any]] = []
    for i, sv in enumerate(view.seats):
        sd = _seat_data(sv)
        if i == seat:
            sd["tiles"], sd["returned"] = list(sv.tiles or ()), list(sv.returned or ())
            seats.append(sd)
            continue
        sd["tiles"], unknown = unknown[:sv.tile_count], unknown[sv.tile_count:]
        sd["returned"] = []
        if selecting and i in view.rollers:
            # Resample the hidden roll. Any roll fits a seat that has confirmed (R9.1: a stuck
            # roll is confirmed like any other, with the empty selection).
            p = Seat()
            p.hand = list(sv.hand)
            p.placed = [list(x) for x in sv.placed]
            p.boat, p.pirate = sv.boat, sv.pirate
            p.roll = [rng.randrange(6) for _ in p.hand]
            sd["roll"] = p.roll
            if sv.done:
                options = selections(p)
                sd["selection"] = list(options[rng.randrange(len(options))]) if options else []
        elif sv.roll is not None:
            sd["roll"] = [rng.randrange(6) if f is None else f for f in sv.roll]
        seats.append(sd)
    pool = [0, 0, 0]
    for v in unknown:
        pool[v - 1] += 1
    if not checked:
        return _build(view, seats, pool, drawn, seed)
    state = random.Random(seed ^ 0x5DEECE66D).getstate()
    d: dict[str, Any] = {
        "schema": SCHEMA_VERSION,
        "config": {"players": n, "names": list(view.names), "long_game": view.long_game, "seed": seed,
                   "start_choice": None, "rules_version": view.rules_version},
        "rng": [state[0], list(state[1]), state[2]],
        "round": view.round, "start": view.start, "phase": str(view.phase), "stage": str(view.stage),
        "queue": list(view.queue), "rollers": list(view.rollers), "stuck": list(view.stuck),
        "bonus_due": list(view.bonus_due), "bag": list(view.bag), "pool": pool, "supply": view.supply,
        "center": list(view.center),
        "act": {"action": view.act_action, "order": list(view.act_order), "pos": view.act_pos,
                "first_target": view.first_target, "effect": None if view.effect is None else list(view.effect),
                "drawn": drawn},
        "seats": seats, "events": [], "record": [], "logging": False, "capped": view.capped,
        "decisions": view.decisions,
    }
    return game_from_dict(d)


def shown_game(view: PlayerView) -> Game:
    """The game as far as ``view`` shows it, nothing sampled: what the view hides is left empty
    (other seats' kept tiles, their hidden dice and secret selections, the pool, another seat's
    drawn tiles). Not a world to play on (:func:`determinize` samples one): only for reading what
    the view itself settles, such as the viewer's options (R9:
    :func:`~.prompt.legal_from_view`); nothing random is drawn, so it is cheaper than a sample."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"shown_game needs a PlayerView, not {type(view).__name__}")
    seats: list[dict[str, Any]] = []
    for i, sv in enumerate(view.seats):
        own = i == view.viewer
        sd = _seat_data(sv)
        if sv.roll is not None and None in sv.roll:
            sd["roll"] = None
        sd["tiles"], sd["returned"] = (list(sv.tiles or ()), list(sv.returned or ())) if own else ([], [])
        seats.append(sd)
    return _build(view, seats, [0, 0, 0], list(view.drawn or ()), 0)


def _seat_data(sv: SeatView) -> dict[str, Any]:
    """A seat's part of the game as a view shows it, in :func:`game_from_dict`'s form (its tiles
    and hidden dice left to the caller: :func:`determinize` samples them, :func:`shown_game` leaves
    them empty)."""
    return {
        "boat": sv.boat, "pirate": sv.pirate, "tortuga": list(sv.tortuga), "fleet": list(sv.fleet),
        "crew": list(sv.crew), "island": list(sv.island), "bonus": list(sv.bonus),
        "placed": [list(x) for x in sv.placed], "hand": list(sv.hand), "open_roll": sv.open_roll,
        "skull_action": sv.skull_action,
        "roll": None if sv.roll is None else list(sv.roll),
        "selection": None if sv.selection is None else list(sv.selection),
        "arr_fleet": None if sv.arr_fleet is None else list(sv.arr_fleet),
        "arr_crew": None if sv.arr_crew is None else list(sv.arr_crew),
    }


def _build(view: PlayerView, seats: list[dict[str, Any]], pool: list[int], drawn: list[int], seed: int) -> Game:
    """The game :func:`determinize` would load with ``checked``, built without the checks
    (every value comes from a checked view or from the sampling above)."""
    g = Game.__new__(Game)  # every field is set below (as clone does): no default random source made and dropped
    g.players = view.players
    g.names = list(view.names)
    g.long_game = view.long_game
    g.seed = seed
    g.start_choice = None
    g.rules_version = view.rules_version
    g.grid = DICE_GRIDS[view.rules_version]
    g.rng = random.Random(seed ^ 0x5DEECE66D)
    g.round = view.round
    g.start = view.start
    g.phase = Phase(view.phase)
    g.stage = Stage(view.stage)
    g.queue = list(view.queue)
    g.rollers = list(view.rollers)
    g.stuck = [] if g.phase == DICE and g.stage == SELECT else list(view.stuck)
    g.bonus_due = list(view.bonus_due)
    g.bag = list(view.bag)
    g.pool = pool
    g.supply = view.supply
    g.center = list(view.center)
    g.act_action = view.act_action
    g.act_order = list(view.act_order)
    g.act_pos = view.act_pos
    g.first_target = view.first_target
    g.effect = None if view.effect is None else list(view.effect)
    g.drawn = drawn
    built = []
    for sd in seats:
        p = Seat(g.grid)
        p.boat, p.pirate = sd["boat"], sd["pirate"]
        p.tortuga, p.fleet, p.crew, p.island = sd["tortuga"], sd["fleet"], sd["crew"], sd["island"]
        p.tiles, p.returned, p.bonus = sd["tiles"], sd["returned"], sd["bonus"]
        p.placed, p.hand, p.roll, p.open_roll = sd["placed"], sd["hand"], sd["roll"], sd["open_roll"]
        sel = sd["selection"]
        p.selection = None if sel is None else tuple(sel)
        p.skull_action = sd["skull_action"]
        af, ac = sd["arr_fleet"], sd["arr_crew"]
        p.arr_fleet = None if af is None else tuple(af)
        p.arr_crew = None if ac is None else tuple(ac)
        built.append(p)
    g.seats = built
    g.events = []
    g.has_history = True
    g.actions_log = []
    g.logging = False
    g.capped = view.capped
    g.decisions = view.decisions
    return g


__all__ = ["game_to_dict", "game_from_dict", "player_view", "determinize", "shown_game"]
