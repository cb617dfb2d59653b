"""The JSON form of a whole game state (saves), read back with validation.

``state_to_dict``/``load_state`` round-trip everything, random source, events and the record of
actions included. Loading checks every field and bound and raises :class:`StateFormatError`
(never an assertion) on anything a save could not legitimately hold.

Compatibility: the dict keeps schema 1 and only gains fields. A dict without ``rules_version``
is a save from before rules version 2 and keeps the earlier dice grid (R0.8); one with a text
``log`` instead of ``events`` keeps those lines as :class:`~.events.LegacyLine` events; one
without ``record`` has an empty record.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import parse_action
from .components import DICE_GRIDS, MAX_BOX, MIN_BOX, SKULL, TOTAL_BONUS_TILES
from .dice_phase import has_selection
from .errors import MalformedActionError, StateFormatError
from .events import LegacyLine, event_from_dict, event_to_dict
from .invariants import check_invariants
from .limits import check_names, check_seed
from .reach import record_problem
from .state import (
    ACTIONS,
    BONUS,
    DICE,
    MOVE,
    NO_STAGE,
    OVER,
    SCHEMA_VERSION,
    SELECT,
    SKULLS,
    STUCK,
    Phase,
    Seat,
    Stage,
    State,
)

#: Upper bounds for lists in a save (far above anything a real game reaches).
MAX_EVENTS = 200_000
MAX_RECORD = 100_000


def roll_text(faces: list[int] | tuple[int, ...]) -> str:
    """Text form of a scripted roll in a game's record: ``"roll 0355"`` (faces 0-4 actions, 5 skull)."""
    return "roll " + "".join(str(f) for f in faces)


def parse_roll(text: str) -> list[int] | None:
    """The faces of a :func:`roll_text` string, or None when ``text`` is not one."""
    if not isinstance(text, str) or not text.startswith("roll "):
        return None
    digits = text[5:]
    if not 1 <= len(digits) <= 5 or any(ch not in "012345" for ch in digits):
        raise MalformedActionError(f"a scripted roll has 1-5 faces 0-5, got {digits!r:.20}")
    return [int(ch) for ch in digits]


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


def state_to_dict(g: State) -> dict[str, Any]:
    """The whole state as JSON-compatible data."""
    version, internal, gauss = g.rng.getstate()
    return {
        "schema": SCHEMA_VERSION,
        "config": {"players": g.players, "names": list(g.names), "long_game": g.long_game, "seed": g.seed,
                   "start_choice": g.start_choice, "rules_version": g.rules_version},
        "rng": [version, list(internal), gauss],
        "round": g.round, "start": g.start, "phase": str(g.phase), "stage": str(g.stage),
        "queue": g.queue[:], "rollers": g.rollers[:], "stuck": g.stuck[:], "bonus_due": g.bonus_due[:],
        "bag": g.bag[:], "pool": g.pool[:], "supply": g.supply, "center": g.center[:],
        "act": {"action": g.act_action, "order": g.act_order[:], "pos": g.act_pos, "first_target": g.first_target,
                "effect": None if g.effect is None else g.effect[:], "drawn": g.drawn[:]},
        "seats": [_seat_to_dict(p) for p in g.seats],
        "events": [event_to_dict(e) for e in g.events],
        "record": [[s, t] for s, t in g.actions_log] if g.has_history else None,
        "logging": g.logging, "capped": g.capped, "decisions": g.decisions,
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

    def str_(self, key: str, allowed: tuple[str, ...]) -> str:
        v = self.get(key)
        if not isinstance(v, str) or v not in allowed:
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
    if _all_ints_in(v, lo, hi):  # the common case, checked at C speed
        return list(v)
    return [_int(x, lo, hi, f"{where}[{i}]") for i, x in enumerate(v)]  # finds the culprit for the message


def _all_ints_in(v: list[Any], lo: int, hi: int) -> bool:
    """Whether every item is a plain int (not a bool) within lo..hi."""
    return not v or (set(map(type, v)) == {int} and lo <= min(v) and max(v) <= hi)


def _seat_from_dict(data: Any, where: str, grid: tuple[tuple[int, ...], ...]) -> Seat:
    r = _Reader(data, where)
    p = Seat(grid)
    p.boat = r.int_("boat", MIN_BOX, MAX_BOX)
    p.pirate = r.int_("pirate", MIN_BOX, MAX_BOX)
    p.tortuga = r.ints("tortuga", 0, 4, 40)
    p.fleet = r.ints("fleet", 0, 4, 40)
    p.crew = r.ints("crew", 0, 4, 40)
    p.island = r.ints("island", 0, 4, 40)
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
    if p.selection is not None:
        if p.roll is None or len(set(p.selection)) != len(p.selection) or any(d not in p.hand for d in p.selection):
            raise StateFormatError(f"{where}.selection: selected dice must be rolled dice")
        if not p.selection and has_selection(p):
            raise StateFormatError(f"{where}.selection: an empty selection only confirms a stuck roll (R3.6)")
    p.skull_action = r.opt_int("skull_action", 0, 4)
    af = r.opt_ints("arr_fleet", 0, 4, 4)
    ac = r.opt_ints("arr_crew", 0, 4, 4)
    p.arr_fleet = None if af is None else tuple(af)
    p.arr_crew = None if ac is None else tuple(ac)
    return p


def _read_rng(v: Any) -> random.Random:
    if not isinstance(v, list) or len(v) != 3:
        raise StateFormatError("rng: not a valid random state")
    version, internal, gauss = v
    if not (isinstance(version, int) and not isinstance(version, bool) and isinstance(internal, list)
            and len(internal) == 625 and _all_ints_in(internal, 0, 2**32 - 1)
            and (gauss is None or (isinstance(gauss, float) and gauss == gauss and abs(gauss) < 1e308))):
        raise StateFormatError("rng: not a valid random state")
    rng = random.Random()
    try:
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        raise StateFormatError(f"rng: not a valid random state ({exc})") from None
    return rng


def _read_record(v: Any, players: int) -> list[tuple[int, str]]:
    if not isinstance(v, list) or len(v) > MAX_RECORD:
        raise StateFormatError(f"record: expected a list of at most {MAX_RECORD} entries")
    out = []
    for i, e in enumerate(v):
        if not (isinstance(e, list) and len(e) == 2 and isinstance(e[0], int) and not isinstance(e[0], bool)
                and 0 <= e[0] < players and isinstance(e[1], str) and len(e[1]) <= 40):
            raise StateFormatError(f"record[{i}]: expected [seat, action text]")
        try:
            if parse_roll(e[1]) is None:
                parse_action(e[1])
        except MalformedActionError as exc:
            raise StateFormatError(f"record[{i}]: {exc}") from None
        out.append((e[0], e[1]))
    problem = record_problem(players, out)
    if problem:
        raise StateFormatError(f"record: {problem}")
    return out


def load_state(g: State, data: Any) -> None:
    """Fill ``g`` (a fresh State) from :func:`state_to_dict` data; raises StateFormatError on bad data."""
    top = _Reader(data, "game")
    schema = top.get("schema")
    if schema != SCHEMA_VERSION:
        raise StateFormatError(f"unsupported save schema {schema!r:.20} (this version reads schema {SCHEMA_VERSION})")
    cfg = _Reader(top.get("config"), "config")
    g.players = cfg.int_("players", 2, 4)
    names = cfg.get("names")
    problem = check_names(names, g.players)
    if problem:
        raise StateFormatError(f"config.names: {problem}")
    g.names = list(names)
    g.long_game = cfg.bool_("long_game")
    seed = cfg.get("seed")
    problem = check_seed(seed)
    if problem:
        raise StateFormatError(f"config.seed: {problem}")
    g.seed = seed
    g.start_choice = cfg.opt_int("start_choice", 0, g.players - 1)
    version = cfg.data.get("rules_version", 1)  # saves from before rules version 2 keep the old dice (R0.8)
    if not isinstance(version, int) or isinstance(version, bool) or version not in DICE_GRIDS:
        raise StateFormatError(f"config.rules_version: unknown rules version {version!r:.20}")
    g.rules_version = version
    g.grid = DICE_GRIDS[version]
    g.rng = _read_rng(top.get("rng"))
    n = g.players
    g.round = top.int_("round", 1, 10_000)
    g.start = top.int_("start", 0, n - 1)
    g.phase = Phase(top.str_("phase", (DICE, ACTIONS, MOVE, OVER)))
    g.stage = Stage(top.str_("stage", (NO_STAGE, SELECT, STUCK, SKULLS, BONUS)))
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
    g.seats = [_seat_from_dict(s, f"seats[{i}]", g.grid) for i, s in enumerate(seats)]
    if g.phase == DICE and g.stage == SELECT:
        # Before R9.1 was revised, a stuck roll was not confirmed: its seat now confirms it.
        g.stuck = []
    if any(g.seats[s].selection == () and not (g.phase == DICE and g.stage in (SELECT, STUCK)) for s in range(n)):
        raise StateFormatError("an empty selection (a confirmed stuck roll) exists only before its open reroll")
    if "events" in top.data:
        ev = top.get("events")
        if not isinstance(ev, list) or len(ev) > MAX_EVENTS:
            raise StateFormatError(f"events: expected a list of at most {MAX_EVENTS}")
        g.events = [event_from_dict(e, f"events[{i}]") for i, e in enumerate(ev)]
    else:
        log = top.get("log")
        if not isinstance(log, list) or len(log) > MAX_EVENTS:
            raise StateFormatError("log: expected a list")
        g.events = []
        for i, e in enumerate(log):
            if not (isinstance(e, list) and len(e) == 4 and isinstance(e[0], int) and not isinstance(e[0], bool)
                    and isinstance(e[1], int) and not isinstance(e[1], bool) and -1 <= e[1] < n
                    and 0 <= e[0] <= 10_000 and isinstance(e[2], str) and isinstance(e[3], str)
                    and len(e[2]) <= 400 and len(e[3]) <= 400):
                raise StateFormatError(f"log[{i}]: malformed entry")
            g.events.append(LegacyLine(e[0], 0, e[1], e[2], e[3]))
    record = top.data.get("record")  # absent in saves from before records: no history
    g.has_history = record is not None
    g.actions_log = [] if record is None else _read_record(record, n)
    g.logging = top.bool_("logging")
    g.capped = top.bool_("capped")
    g.decisions = top.int_("decisions", 0, 10**9)
    problems = check_invariants(g)
    if problems:
        raise StateFormatError("impossible state: " + "; ".join(problems[:3]))
