"""Damaged and hostile save files for the corpus test and ``python -m scripts.fuzz_saves``.

:func:`corpus` gives ``(case name, file bytes)`` pairs made from one good save: truncations,
byte flips, and every envelope field (and a few engine fields) set to a wrong type, removed,
huge, negative, non-finite, NUL, lone surrogates and zero-width text.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.dice.table.savefile import read_save
from tortuga_desktop.shell import paths, saves
from tortuga_desktop.shell.scenes.menu import MenuScene
from tortuga_desktop.shell.start import open_save

#: JSON texts spliced in as a field's value (raw, so 1e999 and lone surrogates survive).
BAD_VALUES: dict[str, str] = {
    "missing": "",
    "null": "null",
    "true": "true",
    "list": "[1, 2]",
    "object": '{"a": 1}',
    "empty text": '""',
    "text": '"x"',
    "zero": "0",
    "negative": "-1",
    "float": "0.5",
    "huge int": "1" + "0" * 30,
    "giant int": "9" * 5000,
    "1e999": "1e999",
    "-1e999": "-1e999",
    "NaN": "NaN",
    "NUL text": '"a\\u0000b"',
    "surrogate text": '"\\ud800x"',
    "low surrogate text": '"\\udcff"',
    "zero-width text": '"\\u200b\\u200d"',
    "RTL override text": '"\\u202eabc"',
    "control text": '"\\u001b[31m"',
    "huge text": '"' + "x" * 100_000 + '"',
    "deep list": "[" * 5000 + "]" * 5000,
}

#: Paths (in the parsed save) of the fields that get every bad value.
FIELDS: tuple[tuple[Any, ...], ...] = (
    ("format",), ("schema",), ("saved_at",), ("game_id",), ("seats",), ("meta",), ("check",), ("record",),
    ("seats", 0), ("seats", 0, "name"), ("seats", 0, "kind"), ("seats", 0, "colour"), ("seats", 0, "bot_seed"),
    ("seats", 1, "kind"), ("meta", "name"), ("meta", "started_at"),
    ("check", "events", 0, "type"), ("check", "config", "names", 0), ("check", "round"),
    ("record", "seed"), ("record", "entries"), ("record", "entries", 0), ("record", "setup", "names", 0),
)

_MARK = "\u2603MARK\u2603"


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> bool:
    cur = doc
    for key in path[:-1]:
        try:
            cur = cur[key]
        except (KeyError, IndexError, TypeError):
            return False
    last = path[-1]
    if isinstance(cur, dict):
        if value is _DELETE:
            cur.pop(last, None)
        else:
            cur[last] = value
        return True
    if isinstance(cur, list) and isinstance(last, int) and last < len(cur):
        if value is _DELETE:
            del cur[last]
        else:
            cur[last] = value
        return True
    return False


_DELETE = object()


def field_cases(doc: dict[str, Any], fields: tuple[tuple[Any, ...], ...] = FIELDS) -> Iterator[tuple[str, bytes]]:
    """Every field of ``fields`` (a save's: :data:`FIELDS`) x every value of :data:`BAD_VALUES`."""
    for path in fields:
        for label, raw in BAD_VALUES.items():
            d = json.loads(json.dumps(doc))
            if not _set(d, path, _DELETE if label == "missing" else _MARK):
                continue
            text = json.dumps(d, ensure_ascii=True)
            if label != "missing":
                text = text.replace(json.dumps(_MARK, ensure_ascii=True), raw)
            yield f"{'.'.join(map(str, path))} = {label}", text.encode("utf-8")


def damage_cases(good: bytes, rng: random.Random, n: int) -> Iterator[tuple[str, bytes]]:
    """``n`` truncations and ``n`` files with 1-8 random bytes changed."""
    for cut in sorted({0, 1, len(good) // 2, len(good) - 1, *(rng.randrange(len(good)) for _ in range(n))}):
        yield f"truncated at {cut}", good[:cut]
    for i in range(n):
        b = bytearray(good)
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        yield f"bytes flipped #{i}", bytes(b)
    yield "not UTF-8", good.replace(b'"Anna"', b'"An\xffa"', 1)
    yield "UTF-8 BOM", b"\xef\xbb\xbf" + good
    yield "empty", b""
    yield "NUL bytes", b"\x00" * 100


def _edit(doc: dict[str, Any], fn: Callable[[dict[str, Any]], Any], schema: int = 2) -> bytes:
    """``doc`` (a schema 2 save) with ``fn`` applied to its engine state as one dict (record
    entries under "record"), written back as a schema 2 save or as a schema 1 one."""
    d = json.loads(json.dumps(doc))
    record = d.pop("record")
    g = {**d.pop("check"), "record": None if record is None else record["entries"]}
    fn(g)
    if schema == 1:
        d["schema"], d["game"] = 1, g
    else:
        entries = g.pop("record", None)
        d["check"] = g
        d["record"] = None if entries is None else {**record, "seed": g["config"]["seed"], "entries": entries}
    return json.dumps(d, ensure_ascii=True).encode("utf-8")


def _seat_with_roll(g: dict[str, Any]) -> dict[str, Any]:
    return next((s for s in g["seats"] if s["roll"] is not None), g["seats"][0])


def _illegal_entry(g: dict[str, Any]) -> None:
    seat, _text = g["record"][1]
    g["record"][1] = [seat, "target 9"]


def _selection_without_roll(g: dict[str, Any]) -> None:
    seat = _seat_with_roll(g)
    seat["roll"], seat["selection"] = None, [0]


def _empty_order(g: dict[str, Any]) -> None:
    g["phase"] = "actions"
    g["act"]["order"] = []


def _arranged_move(g: dict[str, Any]) -> None:
    g["phase"] = "move"
    for s in g["seats"]:
        s["arr_fleet"], s["arr_crew"] = list(s["fleet"]), list(s["crew"])


def _roller_without_dice(g: dict[str, Any]) -> None:
    """Issue 24.1: a roller whose dice are all placed (the reveal rerolled its empty hand forever)."""
    seat = g["seats"][g["rollers"][0]]
    seat["placed"][0] = sorted(seat["placed"][0] + seat["hand"])
    seat["hand"], seat["roll"], seat["selection"], seat["open_roll"] = [], [], None, False


def _action_past_raid(g: dict[str, Any]) -> None:
    """Issue 24.2: the actions phase at action 5 (the first target query indexed a sixth action space)."""
    g["phase"], g["stage"], g["rollers"], g["queue"], g["stuck"], g["bonus_due"] = "actions", "", [], [], [], []
    for seat in g["seats"]:
        seat["placed"] = [sorted(seat["hand"] + [d for row in seat["placed"] for d in row]), [], [], [], []]
        seat["hand"], seat["roll"], seat["selection"], seat["open_roll"], seat["skull_action"] = [], None, None, False, None
    g["act"].update(action=5, order=[0], pos=0, first_target=None, effect=None, drawn=[])


#: Issue 16.5: ways to make a save describe a state the rules cannot reach (each edits the
#: stored state, the record, or both). A save whose state was edited no longer matches its
#: record; without a record (an older save) the engine's reachability check refuses it.
_RECORD_EDITS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "state: duplicated roller": lambda g: g.__setitem__("rollers", [1, 1]),
    "state: selection without roll": _selection_without_roll,
    "state: dice phase without rollers": lambda g: g.__setitem__("rollers", []),
    "state: empty action order": _empty_order,
    "state: move phase already arranged": _arranged_move,
    "state: roller without dice": _roller_without_dice,
    "state: action past Raid": _action_past_raid,
    "state: decisions changed": lambda g: g.__setitem__("decisions", g["decisions"] + 1),
    "record: illegal action": _illegal_entry,
    "record: truncated": lambda g: g.__setitem__("record", g["record"][:-2]),
    "record: entry appended": lambda g: g["record"].append(g["record"][-1]),
    "record: seed changed": lambda g: g["config"].__setitem__("seed", g["config"]["seed"] + 1),
    "record: seat changed": lambda g: g["record"][0].__setitem__(0, (g["record"][0][0] + 1) % 2),
    "record: entries swapped": lambda g: g.__setitem__("record", [g["record"][1], g["record"][0],
                                                                   *g["record"][2:]]),
}


def record_cases(good_doc: dict[str, Any]) -> Iterator[tuple[str, bytes]]:
    """Saves that must be refused: impossible or stuck states and tampered records."""
    for name, fn in _RECORD_EDITS.items():
        yield name, _edit(good_doc, fn)
        yield f"{name} (schema 1)", _edit(good_doc, fn, 1)
        if name.startswith("state: ") and name != "state: decisions changed":
            yield f"older save (no record), {name}", _edit(good_doc, _without_record(fn), 1)
            yield f"no record, {name}", _edit(good_doc, _without_record(fn))


def _without_record(fn: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], None]:
    def edit(g: dict[str, Any]) -> None:
        g.pop("record")
        fn(g)
    return edit


def legacy_doc(good_doc: dict[str, Any]) -> dict[str, Any]:
    """``good_doc`` as written before records existed (schema 1, no ``record`` in the state)."""
    d: dict[str, Any] = json.loads(json.dumps(good_doc))
    d.pop("record")
    d["schema"], d["game"] = 1, d.pop("check")
    return d


def corpus(good_doc: dict[str, Any], rng: random.Random, n_damage: int) -> list[tuple[str, bytes]]:
    good = json.dumps(good_doc, ensure_ascii=False).encode("utf-8")
    return [*field_cases(good_doc), *damage_cases(good, rng, n_damage)]


def sample(cases: list[tuple[str, bytes]], k: int, rng: random.Random,
           keep: Callable[[str], bool] = lambda _n: True) -> list[tuple[str, bytes]]:
    chosen = [c for c in cases if keep(c[0])]
    return chosen if len(chosen) <= k else rng.sample(chosen, k)


# ---------------------------------------------------------------- running a case through the app
def _reset(app: Any) -> None:
    app.clear_to(MenuScene())
    app.run(max_frames=1)


def _outcome(app: Any, shown_name: str, refuse: bool = False) -> str | None:
    """None if the app is in an acceptable state, else what is wrong."""
    settle(app)
    if app.exit_code is not None:
        return "the app quit"
    top = app.top
    name = getattr(top, "name", "")
    if name == "message":
        text = str(getattr(top, "text", ""))
        return None if shown_name in text else f"the message does not name the file: {text[:120]!a}"
    if name in ("table", "results"):
        return "the file was loaded" if refuse else None
    return f"unexpected screen {name!r}"


def check_case(app: Any, label: str, blob: bytes, outside: Any, *, must_refuse: bool = False) -> list[str]:
    """Run one file through ``read_save``, ``tortuga PATH``, *Continue* and *Load game*;
    returns the problems found (empty: the case passed). ``outside`` is a folder outside the
    game's data folder. Exceptions are problems too (a crash)."""
    problems: list[str] = []
    outside = Path(outside)

    def step(route: str, fn: Callable[[], str | None]) -> None:
        try:
            problem = fn()
        except Exception as exc:  # a crash: report it, go on with the next route
            problem = f"crashed: {type(exc).__name__}: {exc!a}"[:300]
        if problem:
            problems.append(f"{route}: {problem}")
        try:
            _reset(app)
        except Exception as exc:
            problems.append(f"{route}: reset crashed: {exc!a}"[:300])

    path = outside / "case.json"
    path.write_bytes(blob)

    def read() -> str | None:
        try:
            data = read_save(path)
        except saves.SaveError as err:
            if "case.json" not in err.user_message():
                return "the message does not name the file"
        else:
            if must_refuse:
                return "the file was loaded"
            json.dumps(data.to_dict(), ensure_ascii=False, allow_nan=False).encode("utf-8")
        return None if path.read_bytes() == blob else "the file was changed"

    def command_line() -> str | None:
        open_save(app, path)
        problem = _outcome(app, "case.json", must_refuse)
        return problem or (None if path.read_bytes() == blob else "the file was changed")

    def continue_() -> str | None:
        auto = saves.autosave_path()
        auto.write_bytes(blob)
        app.top.continue_game()
        settle(app)
        problem = _outcome(app, "autosave.json", must_refuse)
        if problem:
            return problem
        kept = [p for p in auto.parent.glob("autosave.bad-*.json")]
        if kept and kept[0].read_bytes() != blob:
            return "the kept-aside autosave differs from the file"
        return None

    def load() -> str | None:
        folder = paths.saves_dir()
        target = folder / "case.json"
        target.write_bytes(blob)
        app.top.load_game()
        settle(app)
        scene = app.top
        if getattr(scene, "name", "") != "load":
            return "the Load screen did not open"
        infos = list(scene.infos)
        if not infos:
            return "the file is not listed"
        if infos[0].ok:
            scene.open(0)
            return _outcome(app, "case.json", must_refuse)
        text = infos[0].error.user_message() if infos[0].error else ""
        return None if "case.json" in text else f"the listed error does not name the file: {text[:80]!a}"

    def clean() -> None:
        if app.session.autosaver is not None:
            app.session.autosaver.flush(5)
        for p in (paths.data_dir(create=False),):
            shutil.rmtree(p, ignore_errors=True)

    for route, fn in (("read_save", read), ("tortuga PATH", command_line), ("Continue", continue_),
                      ("Load", load)):
        step(route, fn)
        clean()
    return [f"{label}: {p}" for p in problems]
