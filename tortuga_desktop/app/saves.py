"""Saved games: the autosave, named saves, finished-game archive, and the new-game setup.

Everything here is plain data + files; no pygame. All files are JSON (never pickle/eval)
written atomically (see :mod:`.paths`). A save file looks like::

    {"format": "tortuga-save", "schema": 1, "saved_at": "2024-05-01T12:00:00+00:00",
     "game_id": "3f2a…", "seats": [{"name": "Anna", "kind": "human", "colour": 0, "bot_seed": 17}, …],
     "game": <Game.to_dict()>, "meta": {…}}

``game`` holds the complete engine state including the random source, whose decision it
is and the log, so a loaded game continues exactly as if it had never been saved.

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
import random
import re
import secrets
import threading
import unicodedata
import uuid
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tortuga_desktop.rules import Game, StateFormatError

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
    "has_autosave",
    "autosave_info",
    "load_autosave",
    "clear_autosave",
    "named_save_path",
    "save_named",
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
SCHEMA = 1
#: Files larger than this are refused before they are parsed.
MAX_SAVE_BYTES = 5 * 1024 * 1024
#: Seat kinds: a human, or a computer player of one of three strengths.
KINDS: tuple[str, ...] = ("human", "easy", "normal", "hard")
BOT_KINDS: tuple[str, ...] = ("easy", "normal", "hard")
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
        self.params: dict[str, Any] = {"file": self.path.name if self.path else "", **params}
        self.kept_as: Path | None = None
        super().__init__(self._text("en"))

    def _text(self, lang: str | None) -> str:
        from . import i18n

        text = i18n.tr(self.key, **self.params) if lang is None else i18n.translate(lang, self.key, **self.params)
        if self.kept_as is not None:
            extra_params = {"file": self.kept_as.name}
            extra = (i18n.tr("error.save.kept_aside", **extra_params) if lang is None
                     else i18n.translate(lang, "error.save.kept_aside", **extra_params))
            text = f"{text} {extra}"
        return text

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
_MAX_ABS_INT = 2**64


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

    ``kind`` is ``"human"`` or a computer strength (``"easy"``, ``"normal"``, ``"hard"``);
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

    def __post_init__(self) -> None:
        if not self.game_id:
            self.game_id = uuid.uuid4().hex

    def same_seats_setup(self) -> SetupConfig:
        """The setup for "New game with same seats": same players, a fresh random game."""
        seats = [replace(s, bot_seed=0) for s in self.seats]
        return SetupConfig(seats=seats, start_player=None, long_game=self.game.long_game, seed=None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "schema": SCHEMA,
            "saved_at": self.saved_at,
            "game_id": self.game_id,
            "seats": [s.to_dict() for s in self.seats],
            "game": self.game.to_dict(),
            "meta": self.meta,
        }

    @classmethod
    def from_dict(cls, data: Any, path: Path | None = None) -> SaveData:
        """Validate a parsed save file; raises :class:`SaveError`."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("error.save.wrong_format", path, "the 'format' field is not 'tortuga-save'")
        schema = data.get("schema")
        if schema != SCHEMA:
            if isinstance(schema, int) and not isinstance(schema, bool):
                key = "error.save.newer_version" if schema > SCHEMA else "error.save.older_version"
                raise SaveError(key, path, f"schema {schema}, this version reads {SCHEMA}", version=schema)
            raise SaveError("error.save.invalid", path, f"schema: {schema!r:.20} is not a version number")
        try:
            saved_at = _check_str(_get(data, "saved_at", "save"), "save.saved_at", 64)
            game_id = _check_str(_get(data, "game_id", "save"), "save.game_id", 64)
            if not game_id:
                raise ValueError("save.game_id: must not be empty")
            raw = _get(data, "seats", "save")
            if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
                raise ValueError("save.seats: expected a list of 2-4 seats")
            seats = [SeatConfig.from_dict(s, f"save.seats[{i}]") for i, s in enumerate(raw)]
            _check_seats(seats)
            meta = _check_dict(_get(data, "meta", "save"), "save.meta")
            game = Game.from_dict(_get(data, "game", "save"))
            if game.players != len(seats):
                raise ValueError(f"save.seats: {len(seats)} seats for a game of {game.players} players")
            if list(game.names) != [s.name for s in seats]:
                raise ValueError("save.seats: the seat names do not match the game")
        except StateFormatError as exc:
            raise SaveError("error.save.invalid", path, f"game: {exc}") from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
            raise SaveError("error.save.invalid", path, str(exc) or type(exc).__name__) from None
        return cls(seats=seats, game=game, meta=meta, game_id=game_id, saved_at=saved_at)


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
        size_mb = f"{exc.size / (1024 * 1024):.1f}"
        raise SaveError("error.save.too_big", path, str(exc), size=size_mb) from None
    except FileNotFoundError:
        raise SaveError("error.save.missing", path, "no such file") from None
    except OSError as exc:
        raise SaveError("error.save.unreadable", path, str(exc)) from None
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SaveError("error.save.not_json", path, f"{type(exc).__name__}: {exc}"[:200]) from None
    return SaveData.from_dict(data, path)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


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
        if err.key not in ("error.save.missing", "error.save.unreadable") and _managed(path):
            err.kept_as = paths.keep_aside(path)
        raise


# ---------------------------------------------------------------- autosave
def autosave_path() -> Path:
    """``<data>/autosave.json``: the game to *Continue*."""
    return paths.data_dir() / _AUTOSAVE_NAME


def autosave(data: SaveData) -> None:
    """Save the current game as the autosave (atomic). Raises :class:`SaveError` if the disk fails."""
    write_save(autosave_path(), data)


class AutosaveWriter:
    """Autosaves on a background thread, so the frame loop never waits for the disk.

    :func:`autosave` is synchronous (about 1 ms to serialise plus an ``fsync``, often
    10-20 ms). With this writer the caller only serialises (a consistent snapshot, taken
    on the calling thread); one worker thread writes the newest snapshot atomically and
    skips snapshots that were superseded before it got to them. The trade-off: a kill
    within those few milliseconds loses the last decision instead of none.

    Use one writer per app: ``writer.submit(data)`` after each decision,
    ``writer.clear()`` instead of :func:`clear_autosave`, ``writer.close()`` on quit
    (writes what is pending). ``writer.last_error`` holds a :class:`SaveError` if the
    latest write failed (None after a successful one).
    """

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._cond = threading.Condition()
        self._pending: str | None = None
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self.last_error: SaveError | None = None

    @property
    def path(self) -> Path:
        return self._path if self._path is not None else autosave_path()

    def submit(self, data: SaveData) -> None:
        """Queue ``data`` for writing (replacing any snapshot not yet written)."""
        data.saved_at = _now_iso()
        text = json.dumps(data.to_dict(), ensure_ascii=False, allow_nan=False) + "\n"
        with self._cond:
            if self._closed:
                raise RuntimeError("the autosave writer is closed")
            self._pending = text
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tortuga-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None and not self._closed:
                    self._cond.wait()
                if self._pending is None:
                    return
                text, self._pending = self._pending, None
                self._busy = True
            error: SaveError | None = None
            path = self.path
            try:
                paths.atomic_write_text(path, text)
            except OSError as exc:
                error = SaveError("error.save.write_failed", path, str(exc), reason=str(exc)[:200])
            with self._cond:
                self._busy = False
                self.last_error = error
                self._cond.notify_all()

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until everything submitted is on disk; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def clear(self, timeout: float | None = 10.0) -> None:
        """Drop anything pending, wait for a running write, then delete the autosave."""
        with self._cond:
            self._pending = None
            self._cond.wait_for(lambda: not self._busy, timeout)
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()

    def close(self, timeout: float | None = 10.0) -> bool:
        """Write what is pending and stop the worker; False if that timed out."""
        done = self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
        return done


def has_autosave() -> bool:
    """Whether there is an autosave to offer as *Continue* (not checked for damage)."""
    return autosave_path().is_file()


def autosave_info() -> SaveInfo | None:
    """A description of the autosave for the main menu, or None if there is none."""
    path = autosave_path()
    return save_info(path) if path.is_file() else None


def _remove_stale_temps(directory: Path, name: str) -> None:
    for tmp in directory.glob(f".{name}.*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()


def load_autosave() -> SaveData | None:
    """The autosaved game, or None if there is none.

    A damaged autosave is moved aside (see :func:`load_save`) and :class:`SaveError` raised.
    """
    path = autosave_path()
    _remove_stale_temps(path.parent, path.name)  # left behind by a process killed mid-write
    if not path.is_file():
        return None
    return load_save(path)


def clear_autosave() -> None:
    """Delete the autosave (after a finished game was archived, or on *New game*)."""
    with contextlib.suppress(FileNotFoundError):
        autosave_path().unlink()


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


def named_save_path(name: str) -> Path:
    """The file a named save would go to (check ``.exists()`` before asking to replace it).

    Raises :class:`SaveError` (``error.save.bad_name``) for an empty/unusable name.
    """
    return paths.saves_dir() / f"{_file_stem(name)}.json"


def save_named(name: str, data: SaveData) -> Path:
    """Save under a name in ``<data>/saves`` (replaces a save of the same name); returns the path."""
    path = named_save_path(name)
    data.meta["name"] = name.strip()
    return write_save(path, data)


def _is_bad_copy(path: Path) -> bool:
    return ".bad-" in path.name or path.name.startswith(".")


def save_info(path: Path | str) -> SaveInfo:
    """Describe one save file; a bad file gives a SaveInfo with ``error`` set (never raises)."""
    path = Path(path)
    try:
        data = read_save(path)
    except SaveError as err:
        return SaveInfo(path=path, name=path.stem, error=err)
    g = data.game
    outcome = g.outcome()
    name = data.meta.get("name")
    return SaveInfo(
        path=path,
        name=name if isinstance(name, str) and name else path.stem,
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


def _list(directory: Path) -> list[SaveInfo]:
    infos = [save_info(p) for p in directory.glob("*.json") if p.is_file() and not _is_bad_copy(p)]
    infos.sort(key=lambda i: (i.saved_at, i.path.stat().st_mtime if i.path.exists() else 0.0), reverse=True)
    return infos


def list_saves() -> list[SaveInfo]:
    """The named saves, newest first (damaged ones included with ``error`` set)."""
    return _list(paths.saves_dir())


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
    stem = re.sub(r"[^0-9A-Za-z_-]", "_", data.game_id)[:64] or "game"
    data.meta.setdefault("finished_at", _now_iso())
    return write_save(paths.archive_dir() / f"{stem}.json", data)


def list_finished() -> list[SaveInfo]:
    """Archived finished games, newest first; open one with :func:`load_save` to see its log."""
    return _list(paths.archive_dir())


# ---------------------------------------------------------------- last setup
def _last_setup_path() -> Path:
    return paths.config_dir() / _LAST_SETUP_NAME


def save_last_setup(setup: SetupConfig) -> None:
    """Remember the setup for the next new game (atomic; disk errors are ignored)."""
    with contextlib.suppress(OSError, ValueError):
        paths.atomic_write_json(_last_setup_path(), {"format": "tortuga-setup", "schema": 1,
                                                     "setup": setup.to_dict()})


def load_last_setup() -> SetupConfig | None:
    """The remembered setup, or None (no file, or a bad one — which is then kept aside)."""
    path = _last_setup_path()
    if not path.is_file():
        return None
    try:
        doc = json.loads(paths.read_bytes_limited(path, 64 * 1024).decode("utf-8"))
        if not isinstance(doc, dict) or doc.get("format") != "tortuga-setup" or doc.get("schema") != 1:
            raise ValueError("not a setup file")
        return SetupConfig.from_dict(doc.get("setup"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        paths.keep_aside(path)
        return None
