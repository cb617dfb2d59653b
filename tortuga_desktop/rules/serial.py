"""JSON forms of a game: the full state, per-seat player views (R9) and determinisation.

``game_to_dict``/``game_from_dict`` round-trip the whole state, random source included.
``player_view`` strips what a seat may not know: the values are *absent*, not masked.
``determinize`` turns a player view back into a playable :class:`Game` by sampling the
hidden rest at random — what a searching computer player does instead of peeking.
"""

from __future__ import annotations

import random
from typing import Any

from .components import (
    MAX_BOX,
    MIN_BOX,
    SKULL,
    TILE_COUNTS,
    TOTAL_BONUS_TILES,
)
from .errors import StateFormatError
from .game import ACTIONS, BONUS, DICE, MOVE, OVER, SCHEMA_VERSION, SELECT, SKULLS, STUCK, Game, Seat

_SEAT_FIELDS = (
    "boat", "pirate", "tortuga", "fleet", "crew", "island", "tiles", "returned", "bonus", "placed",
    "hand", "roll", "open_roll", "selection", "skull_action", "arr_fleet", "arr_crew",
)


def _tuple_or_none(v: tuple[int, ...] | None) -> list[int] | None:
    return None if v is None else list(v)


def _seat_to_dict(p: Seat) -> dict[str, Any]:
    return {
        "boat": p.boat, "pirate": p.pirate, "tortuga": p.tortuga[:], "fleet": p.fleet[:], "crew": p.crew[:],
        "island": p.island[:], "tiles": p.tiles[:], "returned": p.returned[:], "bonus": p.bonus[:],
        "placed": [x[:] for x in p.placed], "hand": p.hand[:], "roll": None if p.roll is None else p.roll[:],
        "open_roll": p.open_roll, "selection": _tuple_or_none(p.selection), "skull_action": p.skull_action,
        "arr_fleet": _tuple_or_none(p.arr_fleet), "arr_crew": _tuple_or_none(p.arr_crew),
    }


def game_to_dict(g: Game) -> dict[str, Any]:
    """The whole state as JSON-compatible data."""
    version, internal, gauss = g.rng.getstate()
    return {
        "schema": SCHEMA_VERSION,
        "config": {"players": g.players, "names": list(g.names), "long_game": g.long_game, "seed": g.seed,
                   "start_choice": g.start_choice},
        "rng": [version, list(internal), gauss],
        "round": g.round, "start": g.start, "phase": g.phase, "stage": g.stage,
        "queue": g.queue[:], "rollers": g.rollers[:], "stuck": g.stuck[:], "bonus_due": g.bonus_due[:],
        "bag": g.bag[:], "pool": g.pool[:], "supply": g.supply, "center": g.center[:],
        "act": {"action": g.act_action, "order": g.act_order[:], "pos": g.act_pos, "first_target": g.first_target,
                "effect": None if g.effect is None else g.effect[:], "drawn": g.drawn[:]},
        "seats": [_seat_to_dict(p) for p in g.seats],
        "log": [e[:] for e in g.log], "logging": g.logging, "capped": g.capped, "decisions": g.decisions,
    }


# ---------------------------------------------------------------- reading back
class _Reader:
    """Typed access to untrusted data with clear errors."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise StateFormatError(f"{where}: expected an object, got {type(data).__name__}")
        self.data = data
        self.where = where

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise StateFormatError(f"{self.where}: missing field {key!r}")
        return self.data[key]

    def int_(self, key: str, lo: int, hi: int) -> int:
        return _int(self.get(key), lo, hi, f"{self.where}.{key}")

    def opt_int(self, key: str, lo: int, hi: int) -> int | None:
        v = self.get(key)
        return None if v is None else _int(v, lo, hi, f"{self.where}.{key}")

    def bool_(self, key: str) -> bool:
        v = self.get(key)
        if not isinstance(v, bool):
            raise StateFormatError(f"{self.where}.{key}: expected true/false, got {v!r:.40}")
        return v

    def ints(self, key: str, lo: int, hi: int, max_len: int = 64) -> list[int]:
        return _ints(self.get(key), lo, hi, f"{self.where}.{key}", max_len)

    def opt_ints(self, key: str, lo: int, hi: int, max_len: int = 64) -> list[int] | None:
        v = self.get(key)
        return None if v is None else _ints(v, lo, hi, f"{self.where}.{key}", max_len)

    def str_(self, key: str, allowed: tuple[str, ...] | None = None, max_len: int = 200) -> str:
        v = self.get(key)
        if not isinstance(v, str) or len(v) > max_len:
            raise StateFormatError(f"{self.where}.{key}: expected a short text, got {v!r:.40}")
        if allowed is not None and v not in allowed:
            raise StateFormatError(f"{self.where}.{key}: {v!r:.40} is not one of {', '.join(allowed)}")
        return v


def _int(v: Any, lo: int, hi: int, where: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise StateFormatError(f"{where}: expected a whole number, got {v!r:.40}")
    if not lo <= v <= hi:
        raise StateFormatError(f"{where}: {v} is outside {lo}..{hi}")
    return v


def _ints(v: Any, lo: int, hi: int, where: str, max_len: int) -> list[int]:
    if not isinstance(v, list) or len(v) > max_len:
        raise StateFormatError(f"{where}: expected a list of at most {max_len} numbers")
    return [_int(x, lo, hi, f"{where}[{i}]") for i, x in enumerate(v)]


def _seat_from_dict(data: Any, where: str) -> Seat:
    r = _Reader(data, where)
    p = Seat()
    p.boat = r.int_("boat", MIN_BOX, MAX_BOX)
    p.pirate = r.int_("pirate", MIN_BOX, MAX_BOX)
    for area in ("tortuga", "fleet", "crew", "island"):
        setattr(p, area, r.ints(area, 0, 4, 40))
    p.tiles = r.ints("tiles", 1, 3, 30)
    p.returned = r.ints("returned", 1, 3, 200)
    p.bonus = r.ints("bonus", 0, 2, 5)
    if len(p.bonus) != 5:
        raise StateFormatError(f"{where}.bonus: expected 5 spaces")
    placed = r.get("placed")
    if not isinstance(placed, list) or len(placed) != 5:
        raise StateFormatError(f"{where}.placed: expected 5 action spaces")
    p.placed = [_ints(x, 0, 4, f"{where}.placed[{i}]", 5) for i, x in enumerate(placed)]
    p.hand = r.ints("hand", 0, 4, 5)
    dice = p.hand + [d for x in p.placed for d in x]
    if sorted(dice) != [0, 1, 2, 3, 4]:
        raise StateFormatError(f"{where}: every die A-E must be either in the hand or on one action space")
    p.roll = r.opt_ints("roll", 0, SKULL, 5)
    if p.roll is not None and len(p.roll) != len(p.hand):
        raise StateFormatError(f"{where}.roll: one face per die in the hand expected")
    p.open_roll = r.bool_("open_roll")
    sel = r.opt_ints("selection", 0, 4, 5)
    p.selection = None if sel is None else tuple(sel)
    if p.selection is not None and (not p.selection or any(d not in p.hand for d in p.selection)):
        raise StateFormatError(f"{where}.selection: selected dice must be rolled dice")
    p.skull_action = r.opt_int("skull_action", 0, 4)
    af = r.opt_ints("arr_fleet", 0, 4, 4)
    ac = r.opt_ints("arr_crew", 0, 4, 4)
    p.arr_fleet = None if af is None else tuple(af)
    p.arr_crew = None if ac is None else tuple(ac)
    return p


def game_from_dict(data: Any) -> Game:
    """Rebuild a game; raises :class:`StateFormatError` (and changes nothing) on bad data."""
    top = _Reader(data, "game")
    schema = top.get("schema")
    if schema != SCHEMA_VERSION:
        raise StateFormatError(f"unsupported save schema {schema!r:.20} (this version reads schema {SCHEMA_VERSION})")
    cfg = _Reader(top.get("config"), "config")
    g = Game()
    g.players = cfg.int_("players", 2, 4)
    names = cfg.get("names")
    if not isinstance(names, list) or len(names) != g.players or not all(isinstance(n, str) and len(n) <= 40 for n in names):
        raise StateFormatError(f"config.names: expected {g.players} names of at most 40 characters")
    g.names = list(names)
    g.long_game = cfg.bool_("long_game")
    seed = cfg.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > 2**63:
        raise StateFormatError("config.seed: expected a whole number")
    g.seed = seed
    g.start_choice = cfg.opt_int("start_choice", 0, g.players - 1)
    rng = top.get("rng")
    try:
        version, internal, gauss = rng
        if not (isinstance(internal, list) and len(internal) == 625 and all(
                isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**32 for x in internal)):
            raise ValueError("bad internal state")
        g.rng = random.Random()
        g.rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        raise StateFormatError(f"rng: not a valid random state ({exc})") from None
    n = g.players
    g.round = top.int_("round", 1, 10_000)
    g.start = top.int_("start", 0, n - 1)
    g.phase = top.str_("phase", (DICE, ACTIONS, MOVE, OVER))
    g.stage = top.str_("stage", ("", SELECT, STUCK, SKULLS, BONUS))
    g.queue = top.ints("queue", 0, n - 1, n)
    g.rollers = top.ints("rollers", 0, n - 1, n)
    g.stuck = top.ints("stuck", 0, n - 1, n)
    g.bonus_due = top.ints("bonus_due", 0, n - 1, n)
    g.bag = top.ints("bag", 0, 10, 5)
    g.pool = top.ints("pool", 0, 17, 3)
    if len(g.bag) != 5 or len(g.pool) != 3:
        raise StateFormatError("bag needs 5 colour counts and pool 3 value counts")
    g.supply = top.int_("supply", 0, TOTAL_BONUS_TILES)
    center = top.get("center")
    if not isinstance(center, list) or len(center) != 5 or not all(isinstance(x, bool) for x in center):
        raise StateFormatError("center: expected 5 true/false slots")
    g.center = list(center)
    act = _Reader(top.get("act"), "act")
    g.act_action = act.int_("action", -1, 5)
    g.act_order = act.ints("order", 0, n - 1, 2)
    g.act_pos = act.int_("pos", 0, 2)
    g.first_target = act.opt_int("first_target", 0, n - 1)
    eff = act.opt_ints("effect", 0, 4, 4)
    if eff is not None and (len(eff) != 4 or eff[0] not in (3, 4) or eff[1] > 1 or eff[2] >= n or eff[3] >= n):
        raise StateFormatError("act.effect: malformed")
    g.effect = eff
    g.drawn = act.ints("drawn", 1, 3, 2)
    seats = top.get("seats")
    if not isinstance(seats, list) or len(seats) != n:
        raise StateFormatError(f"seats: expected {n} seats")
    g.seats = [_seat_from_dict(s, f"seats[{i}]") for i, s in enumerate(seats)]
    log = top.get("log")
    if not isinstance(log, list) or len(log) > 200_000:
        raise StateFormatError("log: expected a list")
    for i, e in enumerate(log):
        if not (isinstance(e, list) and len(e) == 4 and isinstance(e[0], int) and isinstance(e[1], int)
                and isinstance(e[2], str) and isinstance(e[3], str)):
            raise StateFormatError(f"log[{i}]: malformed entry")
    g.log = [list(e) for e in log]
    g.logging = top.bool_("logging")
    g.capped = top.bool_("capped")
    g.decisions = top.int_("decisions", 0, 10**9)
    from .invariants import check_invariants

    problems = check_invariants(g)
    if problems:
        raise StateFormatError("impossible state: " + "; ".join(problems[:3]))
    try:  # the decision machinery must be able to run on it
        for d in g.pending():
            g.legal_actions(d.seat)
    except (AssertionError, IndexError, KeyError, ValueError, TypeError) as exc:
        raise StateFormatError(f"inconsistent state: {exc!r:.80}") from None
    return g


# ---------------------------------------------------------------- player views
def player_view(g: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (R9); ``None`` is the public view (a spectator).

    Others' rolled dice, pending selections, kept tile values and returned tiles are absent;
    so are the random state, the seed and the pool's make-up (only its size is known).
    """
    d = game_to_dict(g)
    del d["rng"]
    del d["config"]["seed"]
    pool = d.pop("pool")
    d["pool_size"] = sum(pool)
    d["viewer"] = seat
    revealed = not (g.phase == DICE and g.stage == SELECT)
    if not revealed:
        d["stuck"] = [s for s in g.stuck if s == seat]
    act = d["act"]
    decider = g.act_order[g.act_pos] if g.act_order and g.act_pos < len(g.act_order) else None
    if g.drawn and decider != seat:
        act["drawn"] = None
        act["drawn_count"] = len(g.drawn)
    for i, sd in enumerate(d["seats"]):
        p = g.seats[i]
        sd["tile_count"] = len(p.tiles)
        if i == seat:
            continue
        del sd["tiles"]
        del sd["returned"]
        sd["has_selected"] = p.selection is not None
        if p.roll is not None and not p.open_roll and not (revealed and i in g.stuck):  # R3.6: stuck rolls are shown
            if revealed and p.selection is not None:
                shown = set(p.selection)
                sd["roll"] = [f if die in shown else None for die, f in zip(p.hand, p.roll, strict=True)]
            else:
                sd["roll"] = None
        if not revealed:
            sd["selection"] = None
    d["log"] = [[r, text] for r, text in g.log_entries_for(seat)]
    return d


def determinize(view: dict[str, Any], seed: int) -> Game:
    """A full game consistent with a player view, the hidden rest sampled at random.

    Used by searching computer players: they never see the real hidden state.
    """
    rng = random.Random(seed)
    seat = view["viewer"]
    n = view["config"]["players"]
    d: dict[str, Any] = {k: v for k, v in view.items() if k not in ("viewer", "pool_size", "log")}
    d["config"] = dict(view["config"], seed=seed)
    d["rng"] = list(random.Random(seed ^ 0x5DEECE66D).getstate())
    d["rng"][1] = list(d["rng"][1])
    d["log"] = []
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
            # Resample the hidden roll; a player who already selected must have had a valid selection.
            p = Seat()
            p.hand = list(sd["hand"])
            p.placed = [list(x) for x in sd["placed"]]
            p.boat, p.pirate = sd["boat"], sd["pirate"]
            while True:
                p.roll = [rng.randrange(6) for _ in p.hand]
                options = Game.selections(p)
                if options or not sv["has_selected"]:
                    break
            sd["roll"] = p.roll
            if sv["has_selected"]:
                sd["selection"] = list(options[rng.randrange(len(options))])
            elif not options:
                stuck.append(i)
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
