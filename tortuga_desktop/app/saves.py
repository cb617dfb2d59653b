"""Saved games: the autosave, named saves, finished-game archive, and the new-game setup.

Everything here is plain data + files; no pygame. All files are JSON (never pickle/eval)
written atomically (see :mod:`.paths`). A save file looks like::

    {"format": "tortuga-save", "schema": 2, "saved_at": "2024-05-01T12:00:00+00:00",
     "game_id": "3f2a…", "seats": [{"name": "Anna", "kind": "human", "colour": 0, "bot_seed": 17}, …],
     "record": <GameRecord.to_dict()>, "check": <Game.to_dict() without "record">, "meta": {…}}

A save is its game record (issue 16.5): loading replays ``record`` through the engine.
``check`` is the complete engine state (random source, events...) and is only compared
with the replay; a file whose check differs is refused. ``record`` is null for a game that
does not hold its whole history (one continued from a save written before records); such a
game loads from ``check`` if the engine's reachability check passes. Schema 1 files (the
whole state as ``game``, the record inside it) are still read.

Typical use by the app
----------------------
New game::

    setup = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "hard", 1)])
    setup.validate()                       # ValueError with a message for the setup screen
    save_last_setup(setup)                 # pre-fills the setup screen next time
    data = setup.create_game()             # SaveData: seats (with bot seeds) + Game + game_id
    autosave(data)

After every confirmed decision (human or computer)::

    game.apply(seat, action); autosave(data)    # data.game is that same Game object
    # or, without blocking the frame loop on fsync: writer = AutosaveWriter(); writer.submit(data)

Main menu: offer *Continue* when :func:`has_autosave`; :func:`autosave_info` describes it.
On *Continue*: ``data = load_autosave()``. Named games: :func:`save_named`,
:func:`list_saves`, :func:`load_save`. Command line ``tortuga PATH``: ``load_save(PATH)``.

Every loading function raises :class:`SaveError` (and only that) for a bad file: missing,
unreadable, larger than :data:`MAX_SAVE_BYTES` (refused before parsing), not JSON, wrong
format or schema version, wrong types, impossible values. Show
``err.user_message()`` (translated) and go back to the main menu. A bad file that the game
manages itself (the autosave, files in the saves/finished directories) is renamed to
``name.bad-<timestamp>.json`` first (``err.kept_as``) so it is never overwritten; a file
elsewhere (opened from the command line) is never written, moved or deleted.

Game over::

    archive_finished(data)        # <data>/finished/<game_id>.json with the full log
    stats.record_finished(data)   # statistics (idempotent per game_id)
    clear_autosave()

Computer players must be deterministic functions of (``SeatConfig.bot_seed``, the view
they decide from) — as ``ai.bots.build_bot(seat.kind, seat.bot_seed)`` is, seeding each
decision with ``decision_seed(seed, view)`` — so a continued game plays on identically
(a wall-clock search cap that is actually hit breaks this). Anything else a bot must
carry across decisions can be stored in ``SaveData.meta`` (JSON values only).
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import random
import re
import secrets
import threading
import unicodedata
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tortuga_desktop.rules import (
    Game,
    GameRecord,
    RulesError,
    StateFormatError,
    UnreachableStateError,
    check_reachable,
    replay,
)

from ..levels import LEVELS, SEAT_KINDS
from . import paths

__all__ = [
    "FORMAT",
    "SCHEMA",
    "MAX_SAVE_BYTES",
    "KINDS",
    "BOT_KINDS",
    "MAX_NAME_LENGTH",
    "SaveError",
    "SeatConfig",
    "SetupConfig",
    "SaveData",
    "SaveInfo",
    "read_save",
    "write_save",
    "load_save",
    "autosave_path",
    "autosave",
    "AutosaveWriter",
    "Job",
    "parse_json",
    "write_error",
    "check_json_values",
    "has_autosave",
    "autosave_info",
    "load_autosave",
    "clear_autosave",
    "named_save_path",
    "save_named",
    "prepare_named_save",
    "write_prepared",
    "existing_save_name",
    "peek_game",
    "list_saves",
    "delete_save",
    "archive_finished",
    "list_finished",
    "save_info",
    "save_last_setup",
    "load_last_setup",
    "is_visible_char",
    "clean_text",
    "check_text",
]

logger = logging.getLogger(__name__)

FORMAT = "tortuga-save"
SCHEMA = 2
#: Older save schemas that are still read (1: the whole state as "game").
READ_SCHEMAS = (1, 2)
#: Files larger than this are refused before they are parsed.
MAX_SAVE_BYTES = 5 * 1024 * 1024
#: Seat kinds: a human, or a computer player of one of the strengths (levels.py).
KINDS: tuple[str, ...] = SEAT_KINDS
BOT_KINDS: tuple[str, ...] = LEVELS
#: Player names: 1-40 characters (the engine's limit).
MAX_NAME_LENGTH = 40
_SEAT_COLOURS = 4  # palette.PLAYER_COLOURS
_MAX_SEED = 2**63
_AUTOSAVE_NAME = "autosave.json"
_LAST_SETUP_NAME = "last_setup.json"
_DEFAULT_BOT_NAMES = ("Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read")


# ---------------------------------------------------------------- errors
class SaveError(Exception):
    """A save file could not be read or written. The only error this module raises for files.

    ``key``/``params`` name a translation (``error.save.*`` in assets/translations);
    ``str(err)`` is the English message, :meth:`user_message` the one in the current
    language. ``detail`` is a technical explanation (English, for logs / a "details" line),
    ``path`` the file concerned and ``kept_as`` where a damaged file was moved, if it was.
    """

    def __init__(self, key: str, path: Path | None = None, detail: str = "", **params: Any) -> None:
        self.key = key
        self.path = None if path is None else Path(path)
        self.detail = detail
        self.params: dict[str, Any] = {"file": paths.display_name(self.path) if self.path else "", **params}
        self.kept_as: Path | None = None
        super().__init__(self._text("en"))

    def _text(self, lang: str | None) -> str:
        from . import i18n

        text = i18n.tr(self.key, **self.params) if lang is None else i18n.translate(lang, self.key, **self.params)
        if self.kept_as is not None:
            extra_params = {"file": paths.display_name(self.kept_as)}
            extra = (i18n.tr("error.save.kept_aside", **extra_params) if lang is None
                     else i18n.translate(lang, "error.save.kept_aside", **extra_params))
            text = f"{text} {extra}"
        return text

    @property
    def log_text(self) -> str:
        """A line for the log: key, file and detail (safe to write anywhere)."""
        where = paths.display_path(self.path) if self.path is not None else "-"
        return paths.display_path(f"{self.key} {where}: {self.detail}")[:500]

    @property
    def message(self) -> str:
        """The English message (same as ``str(err)``)."""
        return self._text("en")

    def user_message(self) -> str:
        """The message in the current language (:func:`i18n.tr`), incl. where the file was kept."""
        return self._text(None)

    def __str__(self) -> str:
        return self._text("en")


# ---------------------------------------------------------------- text that can be drawn
#: Unicode categories that draw nothing (controls, format characters such as U+200B..U+200D,
#: U+202E, surrogates, private use, unassigned, line/paragraph separators). pygame's font
#: refuses to render a text made only of such characters ("Text has zero width"), NUL and
#: lone surrogates make it raise, and none of them belongs in a name or a file's text.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Default-ignorable marks and fillers that also render with zero width (variation selectors
#: such as U+FE0F, the combining grapheme joiner, Mongolian selectors, Hangul fillers...).
_IGNORABLE_RANGES: tuple[tuple[int, int], ...] = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0100, 0xE01EF),
)
_WHITESPACE_CONTROLS = frozenset("\t\n\r\v\f\x1c\x1d\x1e\x1f\x85\u2028\u2029")
#: Longest free text accepted anywhere in a save file (log lines are far shorter).
MAX_TEXT_LENGTH = 1000
_MAX_ABS_INT = 2**256  # room for any random-source state; 10**4000 is refused


def is_visible_char(ch: str) -> bool:
    """Whether ``ch`` (one character) may appear in a name or a text the game draws."""
    cp = ord(ch)
    if unicodedata.category(ch) in _INVISIBLE_CATEGORIES:
        return False
    return not any(lo <= cp <= hi for lo, hi in _IGNORABLE_RANGES)


def clean_text(text: str, max_len: int | None = None) -> str:
    """``text`` with line breaks and tabs turned into spaces and every invisible character
    (see :func:`is_visible_char`) dropped; cut to ``max_len`` characters. Never raises."""
    out = "".join(" " if c in _WHITESPACE_CONTROLS else c for c in str(text) if c in _WHITESPACE_CONTROLS
                  or is_visible_char(c))
    return out if max_len is None else out[:max_len]


def _has_glyph(text: str) -> bool:
    return any(unicodedata.category(c)[0] not in "MZ" for c in text)


def check_text(v: Any, where: str, max_len: int = 200, *, allow_empty: bool = True) -> str:
    """``v`` if it is a str of at most ``max_len`` visible characters, else ``ValueError``.

    With ``allow_empty=False`` it must also hold something to see (not only spaces or marks).
    """
    if not isinstance(v, str) or len(v) > max_len:
        raise ValueError(f"{where}: expected a text of at most {max_len} characters, got {_short(v)}")
    bad = next((c for c in v if not is_visible_char(c)), None)
    if bad is not None:
        raise ValueError(f"{where}: contains the invisible or control character U+{ord(bad):04X}")
    if not allow_empty and not _has_glyph(v):
        raise ValueError(f"{where}: must not be empty")
    return v


def _short(v: Any) -> str:
    """A safe, short description of a bad value for a message (never contains surrogates)."""
    return ascii(v)[:40]


# ---------------------------------------------------------------- small validators
def _check_int(v: Any, lo: int, hi: int, where: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"{where}: expected a whole number, got {_short(v)}")
    if not lo <= v <= hi:
        raise ValueError(f"{where}: {v} is outside {lo}..{hi}")
    return v


def _check_str(v: Any, where: str, max_len: int = 200) -> str:
    return check_text(v, where, max_len)


def _check_dict(v: Any, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise ValueError(f"{where}: expected an object, got {type(v).__name__}")
    return v


def _get(d: dict[str, Any], key: str, where: str) -> Any:
    if key not in d:
        raise ValueError(f"{where}: missing field {key!r}")
    return d[key]


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# ---------------------------------------------------------------- seats and setup
@dataclass(frozen=True)
class SeatConfig:
    """One seat of a game: who plays it.

    ``kind`` is ``"human"`` or a computer strength (one of ``levels.LEVELS``);
    ``colour`` indexes ``palette.PLAYER_COLOURS`` (0-3, distinct per game); ``bot_seed``
    seeds the computer player's choices (ignored for humans; set by
    :meth:`SetupConfig.create_game`).
    """

    name: str
    kind: str = "human"
    colour: int = 0
    bot_seed: int = 0

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"

    def validate(self) -> None:
        """Raise ``ValueError`` (English message) if a field is out of range."""
        self.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "colour": self.colour, "bot_seed": self.bot_seed}

    @classmethod
    def from_dict(cls, data: Any, where: str = "seat") -> SeatConfig:
        """Parse and validate; raises ``ValueError`` on bad data."""
        d = _check_dict(data, where)
        name = _check_str(_get(d, "name", where), f"{where}.name", MAX_NAME_LENGTH)
        if not _has_glyph(name):
            raise ValueError(f"{where}.name: a name must not be empty")
        kind = _get(d, "kind", where)
        if kind not in KINDS:
            raise ValueError(f"{where}.kind: {_short(kind)} is not one of {', '.join(KINDS)}")
        colour = _check_int(_get(d, "colour", where), 0, _SEAT_COLOURS - 1, f"{where}.colour")
        bot_seed = _check_int(_get(d, "bot_seed", where), 0, _MAX_SEED - 1, f"{where}.bot_seed")
        return cls(name=name, kind=kind, colour=colour, bot_seed=bot_seed)


def _check_seats(seats: list[SeatConfig]) -> None:
    if not 2 <= len(seats) <= 4:
        raise ValueError(f"seats: Tortuga is for 2-4 players, not {len(seats)}")
    colours = [s.colour for s in seats]
    if len(set(colours)) != len(colours):
        raise ValueError("seats: every seat needs its own colour")
    names = [s.name.strip().casefold() for s in seats]
    if len(set(names)) != len(names):
        raise ValueError("seats: every seat needs its own name")


def _bot_seed(game_seed: int, seat: int) -> int:
    return random.Random(f"tortuga-bot:{game_seed}:{seat}").randrange(_MAX_SEED)


@dataclass
class SetupConfig:
    """What the new-game screen produces (and remembers for next time).

    ``start_player`` None = random (R1.5); ``seed`` None = a fresh random game.
    """

    seats: list[SeatConfig]
    start_player: int | None = None
    long_game: bool = False
    seed: int | None = None

    @classmethod
    def default(cls, human_name: str = "Player") -> SetupConfig:
        """One human against three normal computer players."""
        seats = [SeatConfig(human_name, "human", 0)]
        seats += [SeatConfig(_DEFAULT_BOT_NAMES[i], "normal", i) for i in range(1, 4)]
        return cls(seats=seats)

    def validate(self) -> None:
        """Raise ``ValueError`` with an English explanation if the setup cannot start a game."""
        self.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"seats": [s.to_dict() for s in self.seats], "start_player": self.start_player,
                "long_game": self.long_game, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: Any) -> SetupConfig:
        """Parse and validate; raises ``ValueError`` on bad data."""
        d = _check_dict(data, "setup")
        raw = _get(d, "seats", "setup")
        if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
            raise ValueError("setup.seats: expected a list of 2-4 seats")
        seats = [SeatConfig.from_dict(s, f"setup.seats[{i}]") for i, s in enumerate(raw)]
        _check_seats(seats)
        start = _get(d, "start_player", "setup")
        if start is not None:
            _check_int(start, 0, len(seats) - 1, "setup.start_player")
        long_game = _get(d, "long_game", "setup")
        if not isinstance(long_game, bool):
            raise ValueError("setup.long_game: expected true/false")
        seed = _get(d, "seed", "setup")
        if seed is not None:
            _check_int(seed, 0, _MAX_SEED - 1, "setup.seed")
        return cls(seats=seats, start_player=start, long_game=long_game, seed=seed)

    def create_game(self) -> SaveData:
        """Start a game: resolve the seed, derive each seat's ``bot_seed``, set up the Game.

        The same ``seed`` gives the same game and the same computer-player seeds.
        """
        self.validate()
        seed = self.seed if self.seed is not None else secrets.randbits(63)
        seats = [replace(s, name=s.name.strip(), bot_seed=_bot_seed(seed, i)) for i, s in enumerate(self.seats)]
        game = Game.new(len(seats), seed, start_player=self.start_player, long_game=self.long_game,
                        names=[s.name for s in seats])
        meta = {"started_at": _now_iso(), "setup": self.to_dict()}
        return SaveData(seats=seats, game=game, meta=meta)


# ---------------------------------------------------------------- a saved game
@dataclass
class SaveData:
    """A game as saved: the seats, the engine state and free-form ``meta`` (JSON values).

    ``game_id`` identifies one game across autosaves, named saves and the archive (a new
    one is made if empty). ``saved_at`` is set by :func:`write_save`.
    """

    seats: list[SeatConfig]
    game: Game
    meta: dict[str, Any] = field(default_factory=dict)
    game_id: str = ""
    saved_at: str = ""
    #: seats that asked Expert for a hint in this game (kept in the save, so a game continued
    #: after a restart still counts as played with hints in the statistics)
    hinted: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.game_id:
            self.game_id = uuid.uuid4().hex

    def same_seats_setup(self) -> SetupConfig:
        """The setup for "New game with same seats": same players, a fresh random game."""
        seats = [replace(s, bot_seed=0) for s in self.seats]
        return SetupConfig(seats=seats, start_player=None, long_game=self.game.long_game, seed=None)

    def to_dict(self) -> dict[str, Any]:
        check = self.game.to_dict()
        check.pop("record", None)
        record: dict[str, Any] | None
        try:
            record = self.game.record().to_dict()
        except RulesError:  # a game continued from a save written before records: no record to keep
            record = None
        return {
            "format": FORMAT,
            "schema": SCHEMA,
            "saved_at": self.saved_at,
            "game_id": self.game_id,
            "seats": [s.to_dict() for s in self.seats],
            "record": record,
            "check": check,
            "meta": self.meta,
            "hinted": sorted(self.hinted),
        }

    @classmethod
    def from_dict(cls, data: Any, path: Path | None = None) -> SaveData:
        """Validate a parsed save file; raises :class:`SaveError`."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("error.save.wrong_format", path, "the 'format' field is not 'tortuga-save'")
        schema = data.get("schema")
        if schema not in READ_SCHEMAS or isinstance(schema, bool):
            if isinstance(schema, int) and not isinstance(schema, bool):
                key = "error.save.newer_version" if schema > SCHEMA else "error.save.older_version"
                raise SaveError(key, path, f"schema {schema}, this version reads {SCHEMA}", version=schema)
            raise SaveError("error.save.invalid", path, f"schema: {schema!r:.20} is not a version number")
        try:
            saved_at = _check_str(_get(data, "saved_at", "save"), "save.saved_at", 64)
            game_id = check_text(_get(data, "game_id", "save"), "save.game_id", 64, allow_empty=False)
            raw = _get(data, "seats", "save")
            if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
                raise ValueError("save.seats: expected a list of 2-4 seats")
            seats = [SeatConfig.from_dict(s, f"save.seats[{i}]") for i, s in enumerate(raw)]
            _check_seats(seats)
            meta = _check_dict(_get(data, "meta", "save"), "save.meta")
            check_json_values(meta, "save.meta")
            if "name" in meta:
                check_text(meta["name"], "save.meta.name", 100)
            state = _stored_state(data, schema)
            try:
                stored = Game.from_dict(state)
            except UnreachableStateError as exc:  # with a record, the stored state was edited
                key = "error.save.unreachable" if state.get("record") is None else "error.save.record_mismatch"
                raise SaveError(key, path, str(exc)[:200]) from None
            game = _replayed(stored, path)
            if game.players != len(seats):
                raise ValueError(f"save.seats: {len(seats)} seats for a game of {game.players} players")
            if list(game.names) != [s.name for s in seats]:
                raise ValueError("save.seats: the seat names do not match the game")
            hinted = _check_hinted(data.get("hinted", []), len(seats))  # absent in saves before hints
        except StateFormatError as exc:
            raise SaveError("error.save.invalid", path, f"game: {exc}") from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
            raise SaveError("error.save.invalid", path, str(exc) or type(exc).__name__) from None
        return cls(seats=seats, game=game, meta=meta, game_id=game_id, saved_at=saved_at, hinted=hinted)


def _check_hinted(v: Any, seats: int) -> set[int]:
    if not (isinstance(v, list) and len(v) <= seats
            and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < seats for x in v)
            and len(set(v)) == len(v)):
        raise ValueError(f"save.hinted: expected distinct seat numbers 0-{seats - 1}")
    return set(v)


def _stored_state(data: dict[str, Any], schema: int) -> Any:
    """The engine state dict of a save: schema 1 keeps it whole as ``game``; schema 2 keeps the
    record apart (``record``) and the rest as ``check``."""
    if schema == 1:
        return _get(data, "game", "save")
    check = _check_dict(_get(data, "check", "save"), "save.check")
    raw = _get(data, "record", "save")
    if "record" in check:
        raise ValueError("save.check: the record belongs at the top level")
    if raw is None:
        return {**check, "record": None}
    record = GameRecord.from_dict(raw)
    config = check.get("config")
    if not isinstance(config, dict) or [config.get(k) for k in ("players", "names", "long_game", "seed",
                                                                "start_choice", "rules_version")] != [
            record.players, list(record.names), record.long_game, record.seed, record.start_player,
            record.rules_version]:
        raise StateFormatError("record.setup: does not match the stored game")
    return {**check, "record": [[s, t] for s, t in record.entries]}


def _replayed(stored: Game, path: Path | None) -> Game:
    """The game a save stands for: its record replayed through the engine (issue 16.5).

    The stored state is only a cross-check: when it differs from the replay the file is
    refused, never loaded. A save from before records (no history) keeps its validated state,
    but only when the engine finds nobody stuck in it (:func:`check_reachable`).
    """
    record: GameRecord | None
    try:
        record = stored.record()
    except RulesError:
        record = None
    if record is None:
        if stored.has_history and stored.actions_log:  # a record that does not cover the game
            raise SaveError("error.save.bad_record", path, "record: it does not cover every decision")
        problems = check_reachable(stored)  # an older save without a usable record: its state must be sound
        if problems:
            raise SaveError("error.save.unreachable", path, "; ".join(problems)[:200])
        return stored
    try:
        game = replay(record, log=stored.logging)
    except RulesError as exc:
        raise SaveError("error.save.bad_record", path, f"record: {exc}"[:200]) from None
    if game.to_dict() != stored.to_dict():
        raise SaveError("error.save.record_mismatch", path, "the stored state differs from its replayed record")
    return game


@dataclass(frozen=True)
class SaveInfo:
    """A line of a saved-games list. ``error`` is set (and the rest mostly empty) for a bad file."""

    path: Path
    name: str
    saved_at: str = ""
    game_id: str = ""
    player_names: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    round: int = 0
    phase: str = ""
    finished: bool = False
    scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None
    error: SaveError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


# ---------------------------------------------------------------- reading and writing
def read_save(path: Path | str) -> SaveData:
    """Read and validate a save file. Pure: never writes, moves or deletes anything.

    Raises :class:`SaveError` for every kind of bad file (see the module docstring).
    """
    path = Path(path)
    try:
        raw = paths.read_bytes_limited(path, MAX_SAVE_BYTES)
    except paths.FileTooLargeError as exc:
        from .i18n import decimal

        size_mb = decimal(exc.size / (1024 * 1024))
        raise SaveError("error.save.too_big", path, str(exc), size=size_mb) from None
    except paths.NotRegularFileError as exc:
        raise SaveError("error.save.not_a_file", path, str(exc)) from None
    except FileNotFoundError:
        raise SaveError("error.save.missing", path, "no such file") from None
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL in it
        raise SaveError("error.save.unreadable", path, paths.display_path(str(exc))) from None
    data = parse_json(raw, path)
    try:
        check_json_values(data, "save")
    except (ValueError, RecursionError) as exc:
        raise SaveError("error.save.invalid", path, str(exc)[:200]) from None
    return SaveData.from_dict(data, path)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 parses as inf, which can never be written back
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def parse_json(raw: bytes, path: Path | None = None) -> Any:
    """Parse a file's bytes as strict JSON: UTF-8, no NaN/Infinity, every number finite.

    Raises :class:`SaveError` (``error.save.not_json``)."""
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_reject_constant, parse_float=_finite_float)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SaveError("error.save.not_json", path, f"{type(exc).__name__}: {exc}"[:200]) from None


def check_json_values(value: Any, where: str, depth: int = 0) -> None:
    """Every value in a parsed file is one the game can hold, draw and write back.

    Texts (values and keys) at most :data:`MAX_TEXT_LENGTH` visible characters (no NUL, no
    controls, no lone surrogates, no zero-width characters — :func:`is_visible_char`),
    whole numbers within +-2**256, nesting at most 64 deep. Raises ``ValueError``.
    """
    if depth > 64:
        raise ValueError(f"{where}: nested too deeply")
    if isinstance(value, str):
        check_text(value, where, MAX_TEXT_LENGTH)
    elif isinstance(value, bool) or value is None or isinstance(value, float):
        return
    elif isinstance(value, int):
        if abs(value) > _MAX_ABS_INT:
            raise ValueError(f"{where}: the number is too large")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            check_json_values(v, f"{where}[{i}]", depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            check_text(k, f"{where}: a key", MAX_TEXT_LENGTH)
            check_json_values(v, f"{where}.{k}", depth + 1)
    else:
        raise ValueError(f"{where}: {type(value).__name__} is not a JSON value")


def write_save(path: Path | str, data: SaveData) -> Path:
    """Write ``data`` atomically (stamps ``data.saved_at``); raises :class:`SaveError` on failure."""
    path = Path(path)
    data.saved_at = _now_iso()
    try:
        doc = data.to_dict()
        paths.atomic_write_json(path, doc, indent=None)
    except (OSError, TypeError, ValueError) as exc:
        raise SaveError("error.save.write_failed", path, str(exc), reason=str(exc)[:200]) from None
    return path


def _managed(path: Path) -> bool:
    return paths.is_inside(path, paths.data_dir(create=False))


def load_save(path: Path | str) -> SaveData:
    """Read a save for playing (menu *Load game*, ``tortuga PATH``).

    Like :func:`read_save`, but a bad file inside the game's data directory is first moved
    aside to ``name.bad-<timestamp>.json`` (``err.kept_as``). Files elsewhere are untouched.
    """
    path = Path(path)
    try:
        return read_save(path)
    except SaveError as err:
        if err.key not in ("error.save.missing", "error.save.unreadable", "error.save.not_a_file") and _managed(path):
            err.kept_as = paths.keep_aside(path)
        raise


# ---------------------------------------------------------------- autosave
def autosave_path(create: bool = True) -> Path:
    """``<data>/autosave.json``: the game to *Continue* (``create=False``: do not create the folder)."""
    return paths.data_dir(create) / _AUTOSAVE_NAME


def autosave(data: SaveData) -> None:
    """Save the current game as the autosave (atomic). Raises :class:`SaveError` if the disk fails."""
    write_save(autosave_path(), data)


def write_error(exc: BaseException, path: Path | None) -> SaveError:
    """``exc`` (from writing ``path``) as a :class:`SaveError` ``error.save.write_failed`` whose
    ``reason`` is the system's short explanation ("No space left on device")."""
    if isinstance(exc, SaveError):
        return exc
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
    reason = paths.display_path(reason)[:200]
    return SaveError("error.save.write_failed", path, paths.display_path(str(exc))[:300], reason=reason)


class Job:
    """A piece of file work queued on the :class:`AutosaveWriter`; poll :attr:`done`."""

    def __init__(self, name: str, work: Callable[[], Any], path: Path | None = None) -> None:
        self.name = name
        self.work = work
        self.path = path
        self.done = False
        self.result: Any = None
        self.error: SaveError | None = None


@dataclass(frozen=True)
class _Snapshot:
    """An autosave waiting to be written: its text and which game, after how many decisions."""

    text: str
    game_id: str
    decisions: int


class AutosaveWriter:
    """The one background writer: every file the game writes during play goes through it, so
    the frame loop never waits for the disk (an ``fsync`` is often 10-20 ms; a full or broken
    disk can take seconds).

    * ``submit(data)`` queues an autosave: the caller only serialises (a consistent
      snapshot, taken on the calling thread); the worker writes the newest snapshot
      atomically and skips snapshots that were superseded before it got to them.
    * ``run(name, work)`` queues any other file work (archive a finished game, record the
      statistics, a named save) and returns a :class:`Job` to poll.
    * ``clear_later()`` queues deleting the autosave; ``clear()`` does that and waits.
    * Work runs in submission order. The worker survives every exception: it is logged,
      kept in :attr:`last_error` (autosaves) or ``job.error``, and reported to ``on_error``
      (called on the worker thread: it must only queue the message, e.g. ``App.notify``);
      ``on_recover`` is called when an autosave succeeds again after a failure.
    * ``close(timeout)`` writes what is pending (waiting at most ``timeout`` seconds) and
      stops the worker; it returns False if something was not written.

    The trade-off: a kill within those few milliseconds loses the last decision instead of none.
    """

    def __init__(self, path: Path | None = None, *, on_error: Callable[[SaveError], None] | None = None,
                 on_recover: Callable[[], None] | None = None) -> None:
        self._path = path
        self._cond = threading.Condition()
        self._queue: list[_Snapshot | Job] = []  # an autosave, or a Job
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self._swept: set[Path] = set()
        self.last_error: SaveError | None = None
        #: what the autosave file holds as far as this writer knows: (game id, decisions), or
        #: None (none written, or deleted)
        self.on_disk: tuple[str, int] | None = None
        #: the newest autosave that could not be written: (game id, decisions)
        self.unwritten: tuple[str, int] | None = None
        #: every failure so far (autosaves and jobs), newest last
        self.failures: list[SaveError] = []
        self.on_error = on_error
        self.on_recover = on_recover

    @property
    def path(self) -> Path:
        return self._path if self._path is not None else autosave_path(create=False)

    def submit(self, data: SaveData) -> None:
        """Queue ``data`` for writing (replacing any snapshot not yet written).

        Raises :class:`SaveError` if ``data`` cannot be written at all (e.g. a text that is
        not valid Unicode), ``RuntimeError`` after :meth:`close`."""
        data.saved_at = _now_iso()
        try:
            text = json.dumps(data.to_dict(), ensure_ascii=False, allow_nan=False) + "\n"
            text.encode("utf-8")
        except (TypeError, ValueError, RecursionError) as exc:  # UnicodeEncodeError is a ValueError
            raise write_error(exc, self.path) from None
        with self._cond:
            if self._closed:
                raise RuntimeError("the autosave writer is closed")
            snapshot = _Snapshot(text, data.game_id, data.game.decisions)
            if self._queue and isinstance(self._queue[-1], _Snapshot):
                self._queue[-1] = snapshot
            else:
                self._queue.append(snapshot)
            self._start()

    def run(self, name: str, work: Callable[[], Any], path: Path | None = None) -> Job:
        """Queue ``work()`` (file work) after everything queued before; returns its Job."""
        job = Job(name, work, path)
        with self._cond:
            if self._closed:
                raise RuntimeError("the autosave writer is closed")
            self._queue.append(job)
            self._start()
        return job

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="tortuga-writer", daemon=True)
            self._thread.start()
        self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if not self._queue:
                    return
                item = self._queue.pop(0)
                self._busy = True
            try:
                if isinstance(item, Job):
                    self._do_job(item)
                else:
                    self._do_autosave(item)
            except BaseException:  # never let the worker die: log and go on
                logger.exception("the background writer failed")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def safe_decisions(self, game_id: str) -> int | None:
        """How many decisions of game ``game_id`` the autosave on disk holds (None: it holds
        no autosave of that game, as far as this writer knows)."""
        on_disk = self.on_disk
        return on_disk[1] if on_disk is not None and on_disk[0] == game_id else None

    def _do_autosave(self, snapshot: _Snapshot) -> None:
        text = snapshot.text
        path: Path = self._path if self._path is not None else autosave_path(create=False)
        try:
            if self._path is None:
                paths.data_dir()  # create the folder (raises OSError if it cannot be created)
            if path not in self._swept:  # temporaries of processes killed mid-write
                self._swept.add(path)
                paths.remove_orphan_temps(path)
            paths.atomic_write_text(path, text)
        except Exception as exc:
            error = write_error(exc, path)
            logger.warning("autosave failed: %s", error.log_text)
            first = self.last_error is None
            self.unwritten = (snapshot.game_id, snapshot.decisions)
            self.last_error = error
            self.failures = [*self.failures[-49:], error]
            if first:
                self._report(error)
            return
        self.on_disk = (snapshot.game_id, snapshot.decisions)
        self.unwritten = None
        if self.last_error is not None:
            self.last_error = None
            logger.info("autosave works again")
            if self.on_recover is not None:
                try:
                    self.on_recover()
                except Exception:
                    logger.exception("on_recover failed")

    def _do_job(self, job: Job) -> None:
        try:
            job.result = job.work()
        except Exception as exc:
            job.error = write_error(exc, job.path)
            logger.warning("%s failed: %s", job.name, job.error.log_text,
                           exc_info=not isinstance(exc, OSError | SaveError))
            self.failures = [*self.failures[-49:], job.error]
            self._report(job.error)
        finally:
            job.done = True

    def _report(self, error: SaveError) -> None:
        if self.on_error is not None:
            try:
                self.on_error(error)
            except Exception:
                logger.exception("on_error failed")

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing being written."""
        with self._cond:
            return not self._queue and not self._busy

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until everything submitted is on disk (or failed); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and not self._busy, timeout)

    def clear_later(self) -> Job:
        """Queue deleting the autosave (after everything queued before); snapshots still
        waiting are dropped."""
        with self._cond:
            self._queue = [item for item in self._queue if not isinstance(item, _Snapshot)]

        def delete() -> None:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            self.on_disk = None

        return self.run("deleting the autosave", delete, self.path)

    def clear(self, timeout: float | None = 10.0) -> None:
        """Drop anything pending and delete the autosave; waits up to ``timeout`` seconds."""
        self.clear_later()
        self.flush(timeout)

    def close(self, timeout: float | None = 10.0) -> bool:
        """Write what is pending (waiting up to ``timeout`` s) and stop the worker.

        Returns False if something queued was not written in time."""
        done = self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None and done:
            self._thread.join(timeout)
        return done


def has_autosave() -> bool:
    """Whether there is an autosave to offer as *Continue* (not checked for damage)."""
    return autosave_path(create=False).is_file()


def autosave_info() -> SaveInfo | None:
    """A description of the autosave for the main menu, or None if there is none."""
    path = autosave_path(create=False)
    return save_info(path) if path.is_file() else None


def load_autosave() -> SaveData | None:
    """The autosaved game, or None if there is none.

    A damaged autosave is moved aside (see :func:`load_save`) and :class:`SaveError` raised.
    """
    path = autosave_path(create=False)
    # Temporaries are never removed here: the writer that made one owns it (it may be
    # writing it right now); the background writer sweeps those of killed processes.
    if not path.is_file():
        return None
    return load_save(path)


def clear_autosave() -> None:
    """Delete the autosave (after a finished game was archived, or on *New game*)."""
    with contextlib.suppress(FileNotFoundError):
        autosave_path(create=False).unlink()


# ---------------------------------------------------------------- named saves
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]+')
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


def _file_stem(name: str) -> str:
    stem = _UNSAFE.sub("_", name).strip().strip(".").strip()
    stem = re.sub(r"\s+", " ", stem)[:60].rstrip(". ")
    if not stem:
        raise SaveError("error.save.bad_name", None, f"{name!r:.40} is not usable as a name")
    if stem.split(".")[0].casefold() in _RESERVED:
        stem = "_" + stem
    return stem


def named_save_path(name: str, folder: Path | None = None) -> Path:
    """The file a named save would go to (check ``.exists()`` before asking to replace it):
    in ``<data>/saves``, or in ``folder`` ("Save as..." somewhere else).

    Raises :class:`SaveError` (``error.save.bad_name``) for an empty/unusable name.
    """
    stem = _file_stem(name)
    return (paths.saves_dir(create=False) if folder is None else Path(folder)) / f"{stem}.json"


def save_named(name: str, data: SaveData, folder: Path | None = None) -> Path:
    """Save under a name in ``<data>/saves`` (or ``folder``; replaces a save of the same
    name); returns the path."""
    path, text = prepare_named_save(name, data, folder)
    write_prepared(path, text)
    return path


def prepare_named_save(name: str, data: SaveData, folder: Path | None = None) -> tuple[Path, str]:
    """The file and the text of a named save, made on the calling thread (a consistent
    snapshot); write it with :func:`write_prepared` (e.g. on the background writer).

    Raises :class:`SaveError` for an unusable name or folder."""
    path = named_save_path(name, folder)
    if folder is not None and not Path(folder).is_absolute():  # never relative to the current folder
        raise SaveError("error.save.folder_not_full", path, "not an absolute path",
                        folder=paths.display_path(folder)[:200],
                        example=paths.display_path(paths.saves_dir(create=False)))
    if folder is not None:
        try:
            usable = Path(folder).is_dir() or not Path(folder).exists()
            detail = "not a folder"
        except (OSError, ValueError) as exc:  # a name too long, a NUL...
            usable, detail = False, str(exc)
        if not usable:
            raise SaveError("error.save.bad_folder", path, paths.display_path(detail)[:300],
                            folder=paths.display_path(folder)[:200])
    data.meta["name"] = clean_text(name, 100).strip()
    data.saved_at = _now_iso()
    try:
        text = json.dumps(data.to_dict(), ensure_ascii=False, allow_nan=False) + "\n"
        text.encode("utf-8")
    except (TypeError, ValueError, RecursionError) as exc:
        raise write_error(exc, path) from None
    return path, text


def write_prepared(path: Path, text: str, *, replace: bool = True) -> Path:
    """Write a :func:`prepare_named_save` text atomically; raises :class:`SaveError`.

    With ``replace=False`` an existing file is left alone: :class:`SaveError`
    ``error.save.exists`` whose ``name`` is the save already in it (ask before replacing it;
    two names such as "1/2" and "1_2" can share a file name)."""
    try:
        if path.parent == paths.saves_dir(create=False):
            paths.saves_dir()
        paths.atomic_write_text(path, text, overwrite=replace)
    except FileExistsError:
        raise SaveError("error.save.exists", path, "a file of that name exists",
                        name=existing_save_name(path)) from None
    except (OSError, ValueError) as exc:
        raise write_error(exc, path) from None
    return path


def peek_game(path: Path) -> tuple[str, int]:
    """The game id and the number of recorded decisions of a save file, read without
    replaying it (("", 0) when the file cannot be read). Never raises."""
    try:
        doc = json.loads(paths.read_bytes_limited(path, MAX_SAVE_BYTES).decode("utf-8"))
        game_id = doc.get("game_id") if isinstance(doc, dict) else None
        record = doc.get("record") if isinstance(doc, dict) else None
        entries = record.get("entries") if isinstance(record, dict) else None
        return (game_id if isinstance(game_id, str) else "", len(entries) if isinstance(entries, list) else 0)
    except (OSError, ValueError, RecursionError, AttributeError):
        return ("", 0)


def existing_save_name(path: Path) -> str:
    """The name of the save in ``path`` as the player gave it (its file name when the file
    holds none or cannot be read). Never raises."""
    try:
        doc = json.loads(paths.read_bytes_limited(path, MAX_SAVE_BYTES).decode("utf-8"))
        name = doc.get("meta", {}).get("name") if isinstance(doc, dict) else None
        if isinstance(name, str) and name.strip():
            return clean_text(name, 100).strip() or paths.display_name(path)
    except (OSError, ValueError, RecursionError, AttributeError):
        pass
    return paths.display_name(Path(path).stem)


def save_info(path: Path | str) -> SaveInfo:
    """Describe one save file; a bad file gives a SaveInfo with ``error`` set (never raises)."""
    path = Path(path)
    try:
        data = read_save(path)
    except SaveError as err:
        return SaveInfo(path=path, name=paths.display_path(path.stem), error=err)
    return _info_of(path, data)


def _info_of(path: Path, data: SaveData) -> SaveInfo:
    g = data.game
    outcome = g.outcome()
    name = data.meta.get("name")
    return SaveInfo(
        path=path,
        name=name if isinstance(name, str) and name.strip() else paths.display_path(path.stem),
        saved_at=data.saved_at,
        game_id=data.game_id,
        player_names=tuple(s.name for s in data.seats),
        kinds=tuple(s.kind for s in data.seats),
        round=g.round,
        phase=g.phase,
        finished=g.is_over,
        scores=None if outcome is None else tuple(sc.total for sc in outcome.scores),
        winners=None if outcome is None else tuple(outcome.winners),
    )


def _list(directory: Path, progress: Callable[[int, int], None] | None = None) -> list[SaveInfo]:
    """Describe the saves in ``directory`` from its summary index (:mod:`.listing`: only files
    the index does not describe yet are read and replayed, ``progress(done, total)`` after
    each); raises :class:`SaveError` (``error.save.folder_unreadable``) when the folder itself
    cannot be read or created. File work: never on the frame loop."""
    from . import listing

    try:
        found = listing.scan(directory, "saves", progress)
    except OSError as exc:
        raise SaveError("error.save.folder_unreadable", directory, str(exc),
                        folder=paths.display_path(directory)) from None
    rows = [(listing.save_info_of(p, summary), mtime) for p, summary, mtime in found]
    rows.sort(key=lambda r: (r[0].saved_at, r[1]), reverse=True)
    return [info for info, _ in rows]


def list_saves(progress: Callable[[int, int], None] | None = None) -> list[SaveInfo]:
    """The named saves, newest first (damaged ones included with ``error`` set).

    Raises :class:`SaveError` if the saves folder cannot be read (never "no saves" then)."""
    return _list(paths.saves_dir(create=False), progress)


def delete_save(path: Path | str) -> None:
    """Delete a named save or an archived game. Refuses files outside the game's data directory."""
    path = Path(path)
    if not _managed(path):
        raise SaveError("error.save.not_deletable", path, "outside the game's data directory")
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError("error.save.write_failed", path, str(exc), reason=str(exc)[:200]) from None


# ---------------------------------------------------------------- finished games
def archive_finished(data: SaveData) -> Path:
    """Keep a finished game with its full log in ``<data>/finished/<game_id>.json``.

    Idempotent per game (saving the same game again replaces its own archive file).
    Raises ``ValueError`` if the game is not over, :class:`SaveError` if the disk fails.
    """
    if not data.game.is_over:
        raise ValueError("only finished games are archived")
    from . import listing

    stem = re.sub(r"[^0-9A-Za-z_-]", "_", data.game_id)[:64] or "game"
    data.meta.setdefault("finished_at", _now_iso())
    path = write_save(paths.archive_dir() / f"{stem}.json", data)
    listing.note_file(path, "saves", listing.save_summary(_info_of(path, data)))  # the index, with the archive
    return path


def list_finished(progress: Callable[[int, int], None] | None = None) -> list[SaveInfo]:
    """Archived finished games, newest first; open one with :func:`load_save` to see its log.

    Raises :class:`SaveError` if the folder cannot be read."""
    return _list(paths.archive_dir(create=False), progress)


# ---------------------------------------------------------------- last setup
def _last_setup_path(create: bool = True) -> Path:
    return paths.config_dir(create) / _LAST_SETUP_NAME


def save_last_setup(setup: SetupConfig) -> None:
    """Remember the setup for the next new game (atomic; disk errors are ignored)."""
    try:
        paths.atomic_write_json(_last_setup_path(), {"format": "tortuga-setup", "schema": 1,
                                                     "setup": setup.to_dict()})
    except (OSError, ValueError) as exc:
        logger.warning("the setup could not be remembered: %s", exc)


def load_last_setup() -> SetupConfig | None:
    """The remembered setup, or None (no file, or a bad one — which is then kept aside)."""
    path = _last_setup_path(create=False)
    if not path.is_file():
        return None
    try:
        doc = parse_json(paths.read_bytes_limited(path, 64 * 1024), path)
        check_json_values(doc, "setup file")
        if not isinstance(doc, dict) or doc.get("format") != "tortuga-setup" or doc.get("schema") != 1:
            raise ValueError("not a setup file")
        return SetupConfig.from_dict(doc.get("setup"))
    except (OSError, SaveError, ValueError, RecursionError) as exc:
        logger.warning("the remembered setup %s is unusable: %s", paths.display_path(path), exc)
        paths.keep_aside(path)
        return None
