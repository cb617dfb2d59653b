"""A saved game of Tortuga 1667: :class:`Save1667`, its file (``"game": "t1667"``), and the local
table it continues as.

A save is the game's record (setup + every decision, T9: the seed makes every deal) with the seat
setup, the per-game bot chat switch and each human seat's private deduction notes. Loading replays the
record through the rules, so a loaded game is exactly where it was saved; a damaged file is refused
with a clear message (:class:`~tortuga_desktop.shell.saves.errors.SaveError`, the dice saves' keys) and
nothing is loaded. The fields around the record are checked by msgspec with their limits, as the dice
game's saves are; the record by the rules' own reader.

    {"format": "tortuga-save", "schema": 1, "game": "t1667", "saved_at": "...", "game_id": "...",
     "seats": [{"name": "Anne", "kind": "human", "bot_seed": 0}, ...],
     "record": {...the rules' record...}, "bot_chat": true,
     "notes": {"0": {"3": "british?"}}, "meta": {}}
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from tortuga_desktop.games.t1667.ai.seat import FACTORY
from tortuga_desktop.games.t1667.levels import LEVELS_1667
from tortuga_desktop.games.t1667.rules import (
    Action,
    Event,
    EventCard,
    ForeignRecordError,
    RecordError,
    RecordSetupError,
)
from tortuga_desktop.games.t1667.rules.game import MAX_SEED
from tortuga_desktop.games.t1667.table.engine import GAME_KEY, T1667Engine, replay
from tortuga_desktop.games.t1667.table.notes import Notes, NotesError
from tortuga_desktop.shell import paths
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.savefile import now_iso, read_document
from tortuga_desktop.shell.saves.text import check_text, convert, has_glyph
from tortuga_desktop.shell.table import BotSpec, LocalTable, default_think
from tortuga_desktop.shell.visible import short

__all__ = ["FORMAT", "KINDS", "MAX_NOTE", "SCHEMA", "Save1667", "Seat1667", "has_layout", "new_table", "read_save",
           "read_saved",
           "table_of", "write_save"]

#: the same format name as the dice game's saves: the file's "game" field says which game it holds
FORMAT = "tortuga-save"
SCHEMA = 1
#: what a 1667 seat at this computer can be
KINDS = ("human", *LEVELS_1667)
#: the longest deduction note kept for one player (a few words: "British?", "lied about French")
MAX_NOTE = 40
MAX_NAME = 24


@dataclass(frozen=True)
class Seat1667:
    """Who plays one seat: a human at this computer or a computer player (its level and seed)."""

    name: str
    kind: str = "human"
    bot_seed: int = 0

    @property
    def human(self) -> bool:
        return self.kind == "human"


def bot_seed(game_seed: int, seat: int) -> int:
    """A computer seat's seed, made from the game's seed (so the same setup plays the same way)."""
    return random.Random(f"tortuga-1667-bot:{game_seed}:{seat}").randrange(MAX_SEED)


@dataclass
class Save1667:
    """A 1667 game as saved. ``record``: the game's record as data (a snapshot: the game in play may go on);
    ``notes``: per human seat, its private notes on other seats (seat -> text); ``engine``: the game replayed
    from the record, when the save was read from a file."""

    seats: tuple[Seat1667, ...]
    record: dict[str, Any]
    notes: dict[int, dict[int, str]] = field(default_factory=dict)
    bot_chat: bool = True
    meta: dict[str, Any] = field(default_factory=dict)
    game_id: str = ""
    saved_at: str = ""
    engine: T1667Engine | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.game_id:
            self.game_id = uuid.uuid4().hex
        setup = self.record.get("setup")
        entries = self.record.get("entries")
        if not isinstance(setup, dict) or not isinstance(entries, list):
            raise ValueError("save.record: expected the game's record")
        check_setup(self.seats, setup.get("players"), setup.get("names"), self.notes)

    @property
    def decisions(self) -> int:
        """How many decisions the saved game has had (its record's entries but the table talk, ``say …``)."""
        return sum(1 for e in self.record["entries"] if not (isinstance(e, list | tuple) and len(e) == 2
                                                           and isinstance(e[1], str) and e[1].startswith("say ")))

    @property
    def finished(self) -> bool:
        """True when the saved game is over (known once it was read from a file: replayed)."""
        return self.engine is not None and self.engine.is_over

    def to_dict(self) -> dict[str, Any]:
        """The file's JSON document."""
        return {
            "format": FORMAT, "schema": SCHEMA, "game": GAME_KEY, "saved_at": self.saved_at,
            "game_id": self.game_id,
            "seats": [{"name": s.name, "kind": s.kind, "bot_seed": s.bot_seed} for s in self.seats],
            "record": self.record,
            "bot_chat": self.bot_chat,
            "notes": {str(seat): {str(t): n for t, n in sorted(mine.items())}
                      for seat, mine in sorted(self.notes.items()) if mine},
            "meta": self.meta,
        }

    @classmethod
    def from_dict(cls, data: Any, path: Path | None = None) -> Save1667:
        """Validate a parsed save file and replay its game; raises :class:`SaveError` (nothing is loaded)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("game") != GAME_KEY:
            raise SaveError("error.save.wrong_format", path, "not a saved Tortuga 1667 game")
        schema = data.get("schema")
        if not isinstance(schema, int) or isinstance(schema, bool):
            raise SaveError("error.save.invalid", path, f"schema: {schema!r:.20} is not a version number")
        if schema != SCHEMA:
            key = "error.save.newer_version" if schema > SCHEMA else "error.save.older_version"
            raise SaveError(key, path, f"schema {schema}, this version reads {SCHEMA}", version=schema)
        try:
            doc = convert(data, _SaveDoc, _MESSAGES, "save")
            seats = doc.checked_seats()
            notes = _notes(doc.notes)
        except (ValueError, TypeError, RecursionError) as exc:
            raise SaveError("error.save.invalid", path, str(exc)[:200] or type(exc).__name__) from None
        try:
            engine = replay(doc.record)
        except ForeignRecordError as exc:  # not this game's record: no move of it was looked at
            raise SaveError("error.save.record_other_game", path, f"record: {exc}"[:200]) from None
        except RecordSetupError as exc:  # no game starts from its setup
            raise SaveError("error.save.bad_setup", path, f"{exc}"[:200]) from None
        except RecordError as exc:
            raise SaveError("error.save.bad_record", path, f"record: {exc}"[:200]) from None
        try:
            return cls(seats=seats, record=dict(engine.record()), notes=notes, bot_chat=doc.bot_chat,
                       meta=doc.meta, game_id=doc.game_id, saved_at=doc.saved_at, engine=engine)
        except ValueError as exc:
            raise SaveError("error.save.invalid", path, str(exc)[:200]) from None


class _SeatDoc(msgspec.Struct, forbid_unknown_fields=True):
    name: Annotated[str, Meta(min_length=1, max_length=MAX_NAME)]
    kind: str
    bot_seed: Annotated[int, Meta(ge=0, le=MAX_SEED)] = 0


class _SaveDoc(msgspec.Struct):
    """The fields of a 1667 save around its record, with their limits."""

    saved_at: Annotated[str, Meta(max_length=64)]
    game_id: Annotated[str, Meta(max_length=64)]
    seats: Annotated[list[_SeatDoc], Meta(min_length=2, max_length=9)]
    record: dict[str, Any]
    bot_chat: bool = True
    notes: Annotated[dict[str, Annotated[dict[str, Annotated[str, Meta(max_length=MAX_NOTE)]], Meta(max_length=9)]],
                     Meta(max_length=9)] = {}
    meta: dict[str, Any] = {}

    def checked_seats(self) -> tuple[Seat1667, ...]:
        check_text(self.saved_at, "save.saved_at", 64)
        check_text(self.game_id, "save.game_id", 64, allow_empty=False)
        if "name" in self.meta:  # its values were checked with the whole document (read_document)
            check_text(self.meta["name"], "save.meta.name", 100)
        out = []
        for i, s in enumerate(self.seats):
            check_text(s.name, f"save.seats[{i}].name", MAX_NAME)
            if not has_glyph(s.name):
                raise ValueError(f"save.seats[{i}].name: a name must not be empty")
            if s.kind not in KINDS:
                raise ValueError(f"save.seats[{i}].kind: {short(s.kind)} is not one of {', '.join(KINDS)}")
            out.append(Seat1667(s.name, s.kind, s.bot_seed))
        return tuple(out)


_MESSAGES = {"seats": "save.seats: expected a list of 2-9 seats",
             "notes": "save.notes: expected per seat an object of short notes on other seats",
             "record": "save.record: expected the game's record (an object)"}


def _seat_number(text: str, where: str) -> int:
    if not text.isdigit() or len(text) > 1:
        raise ValueError(f"{where}: {short(text)} is not a seat number")
    return int(text)


def _notes(raw: Mapping[str, Mapping[str, str]]) -> dict[int, dict[int, str]]:
    out: dict[int, dict[int, str]] = {}
    for seat_text, mine in raw.items():
        seat = _seat_number(seat_text, "save.notes")
        out[seat] = {}
        for target_text, note in mine.items():
            target = _seat_number(target_text, f"save.notes.{seat}")
            check_text(note, f"save.notes.{seat}.{target}", MAX_NOTE)
            out[seat][target] = note
    return out


def check_setup(seats: Sequence[Seat1667], players: object, names: object,
                notes: Mapping[int, Mapping[int, str]]) -> None:
    """Raise ``ValueError`` unless the seats fit the game (count, names) and the notes are each human seat's own
    notes on other seats."""
    if len(seats) != players:
        raise ValueError(f"save.seats: {len(seats)} seats for a game of {players!r:.10} players")
    if not isinstance(names, (list, tuple)) or [s.name for s in seats] != list(names):
        raise ValueError("save.seats: the seat names do not match the game")
    if any(s.kind not in KINDS for s in seats):
        raise ValueError(f"save.seats: a seat's kind is one of {', '.join(KINDS)}")
    for seat, mine in notes.items():
        if not 0 <= seat < len(seats) or not seats[seat].human:
            raise ValueError(f"save.notes: seat {seat} is not a human seat of this game")
        if any(not 0 <= t < len(seats) or t == seat for t in mine):
            raise ValueError(f"save.notes.{seat}: a note is on another seat of this game")
        if any(not isinstance(n, str) or len(n) > MAX_NOTE for n in mine.values()):
            raise ValueError(f"save.notes.{seat}: a note is a text of up to {MAX_NOTE} characters")
    try:  # the same data as the table's notes model: each a mark of this game ("british", "french", "dutch")
        Notes.from_dict(notes, len(seats))
    except NotesError as exc:
        raise ValueError(f"save.notes: {exc}") from None


# ---------------------------------------------------------------- files
def has_layout(doc: Mapping[str, Any]) -> bool:
    """Whether ``doc`` is laid out as a 1667 save, whatever its ``"game"`` field says: a 1667 record
    (``"game": "tortuga-1667"`` inside it) and no other game's state beside it. The shell asks it to
    name the real game of a mislabelled or damaged file."""
    record = doc.get("record")
    return (doc.get("format") == FORMAT and "check" not in doc and isinstance(record, dict)
            and record.get("game") == "tortuga-1667")


def read_save(path: Path | str) -> Save1667:
    """Read and validate a 1667 save file; raises :class:`SaveError` (never writes anything)."""
    path = Path(path)
    return read_saved(read_document(path), path)


def read_saved(doc: Mapping[str, Any], path: Path | None) -> Save1667:
    """A 1667 save file's JSON object (already read, its values checked once by
    :func:`~tortuga_desktop.shell.saves.savefile.read_document` or the replay list's reader, ``"game"``
    matched) checked as a save and replayed: the 1667 module's ``read_saved`` (on a worker thread). Raises
    :class:`SaveError` only; changes nothing on disk."""
    return Save1667.from_dict(dict(doc) if isinstance(doc, Mapping) else doc, path)


def write_save(path: Path | str, save: Save1667) -> Path:
    """Write ``save`` atomically (stamps ``saved_at``); raises :class:`SaveError` on failure."""
    path = Path(path)
    save.saved_at = now_iso()
    try:
        paths.atomic_write_json(path, save.to_dict(), indent=None)
    except (OSError, TypeError, ValueError) as exc:
        raise SaveError("error.save.write_failed", path, str(exc), reason=str(exc)[:200]) from None
    return path


# ---------------------------------------------------------------- the table a game is played at
def _table(engine: T1667Engine, seats: Sequence[Seat1667], think: str | None) -> LocalTable[Any, Action, Event]:
    """``think``: how computer players think (None: :func:`~tortuga_desktop.shell.table.default_think`)."""
    bots = {i: BotSpec(FACTORY, s.kind, s.bot_seed) for i, s in enumerate(seats) if not s.human}
    humans = [i for i, s in enumerate(seats) if s.human]
    return LocalTable(engine, names=[s.name for s in seats], kinds=[s.kind for s in seats], humans=humans,
                      bots=bots, think=think or default_think())


def new_table(seats: Sequence[Seat1667], seed: int, *, starred: Sequence[EventCard] | None = None,
              think: str | None = None) -> tuple[LocalTable[Any, Action, Event], tuple[Seat1667, ...]]:
    """A new 1667 game at this computer (T1): the table and the seats as played (computer seats get their
    seeds from the game's seed unless given). Raises the rules' ``SetupError`` for bad settings."""
    engine = T1667Engine.new(len(seats), seed, starred=starred, names=[s.name for s in seats])
    played = tuple(s if s.human or s.bot_seed else Seat1667(s.name, s.kind, bot_seed(seed, i))
                   for i, s in enumerate(seats))
    check_setup(played, engine.players, engine.names, {})
    return _table(engine, played, think), played


def table_of(save: Save1667, think: str | None = None) -> LocalTable[Any, Action, Event]:
    """The table a loaded game continues at (its computer players rebuilt and fed their seats' events).
    Raises :class:`~tortuga_desktop.games.t1667.rules.RecordError` for a record that does not replay."""
    engine = save.engine if save.engine is not None else replay(save.record)
    t = _table(engine, save.seats, think)
    t.bot_chat = save.bot_chat
    return t


def save_of(table: LocalTable[Any, Action, Event], seats: Sequence[Seat1667], notes: Mapping[int, Mapping[int, str]],
            *, game_id: str = "", meta: Mapping[str, Any] | None = None) -> Save1667:
    """The save of a game in progress at ``table`` (a 1667 table), with the human seats' deduction notes as the
    table scene holds them: a snapshot (cheap: the record's data), so the game may go on while it is written."""
    if not isinstance(table.engine, T1667Engine):
        raise TypeError("a 1667 save is made from a 1667 table")
    record = table.record()
    assert record is not None  # a local table has the whole game
    return Save1667(seats=tuple(seats), record=dict(record), notes={s: dict(n) for s, n in notes.items() if n},
                    bot_chat=table.bot_chat, meta=dict(meta or {}), game_id=game_id)
