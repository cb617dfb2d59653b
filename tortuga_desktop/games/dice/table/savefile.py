"""The dice game's save file: :class:`SaveData` (a game as saved: its seats, its record and a
cross-check of the state) to and from its JSON document, reading (:func:`read_save`,
:func:`load_save`, :func:`load_autosave`) and its line in a saved-games list (:func:`info_of`).
A save is its game record (issue 16.5): loading replays it. Writing, listing and the folders
are the shell's, for every game (:mod:`tortuga_desktop.shell.saves`).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from tortuga_desktop.games.dice.rules import (
    Game,
    GameRecord,
    RulesError,
    StateFormatError,
    UnreachableStateError,
    check_reachable,
    replay,
)
from tortuga_desktop.shell import paths, stats
from tortuga_desktop.shell.saves.autosave import autosave_path
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.savefile import FORMAT, SaveInfo, managed, read_document
from tortuga_desktop.shell.saves.seats import SeatConfig, check_dict, check_seats, get_field
from tortuga_desktop.shell.saves.text import check_json_values, check_text, convert

__all__ = ["GAME", "READ_SCHEMAS", "SCHEMA", "SaveData", "info_of", "load_autosave", "load_save", "read_save",
           "record_finished"]

#: The ``"game"`` field of the dice game's saves (a file without one is the dice game's too).
GAME = "tortuga"
SCHEMA = 2
#: Older save schemas that are still read (1: the whole state as "game").
READ_SCHEMAS = (1, 2)

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

    @property
    def decisions(self) -> int:
        """How many decisions the game has had (the autosave writer's measure of progress)."""
        return self.game.decisions

    @property
    def finished(self) -> bool:
        """True when the game is over (:class:`~tortuga_desktop.shell.game.SavedGame`)."""
        return self.game.is_over

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
            "game": GAME,
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
        schema = _schema_of(data, path)
        try:
            doc = convert(data, _SaveDoc, _SAVE_MESSAGES, "save")
            seats = doc.checked_seats()
            game = _game_of(data, schema, path)
            if game.players != len(seats):
                raise ValueError(f"save.seats: {len(seats)} seats for a game of {game.players} players")
            if list(game.names) != [s.name for s in seats]:
                raise ValueError("save.seats: the seat names do not match the game")
            if any(x >= len(seats) for x in doc.hinted):
                raise ValueError(_SAVE_MESSAGES["hinted"])
        except StateFormatError as exc:
            raise SaveError("error.save.invalid", path, f"game: {exc}") from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
            raise SaveError("error.save.invalid", path, str(exc) or type(exc).__name__) from None
        return cls(seats=seats, game=game, meta=doc.meta, game_id=doc.game_id, saved_at=doc.saved_at,
                   hinted=set(doc.hinted))


def _schema_of(data: object, path: Path | None) -> int:
    """The schema of a save file this game reads; raises :class:`SaveError` for anything else."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("error.save.wrong_format", path, "the 'format' field is not 'tortuga-save'")
    game = data.get("game")  # schema 1 held the whole state there (an object): the dice game's too
    if isinstance(game, str) and game != GAME:
        raise SaveError("error.save.wrong_format", path, "the 'game' field is not 'tortuga'")
    schema = data.get("schema")
    if schema in READ_SCHEMAS and not isinstance(schema, bool):  # 2.0 == 2 was always read
        return int(schema)
    if isinstance(schema, int) and not isinstance(schema, bool):
        key = "error.save.newer_version" if schema > SCHEMA else "error.save.older_version"
        raise SaveError(key, path, f"schema {schema}, this version reads {SCHEMA}", version=schema)
    raise SaveError("error.save.invalid", path, f"schema: {schema!r:.20} is not a version number")


class _SaveDoc(msgspec.Struct):
    """The fields of a save file around its game, with their limits (msgspec checks them; the
    game itself is read by the rules codec, see :func:`_game_of`)."""

    saved_at: Annotated[str, Meta(max_length=64)]
    game_id: Annotated[str, Meta(max_length=64)]
    seats: Annotated[list[Any], Meta(min_length=2, max_length=4)]
    meta: dict[str, Any]
    #: seats that asked for a hint (absent in saves before hints)
    hinted: Annotated[list[Annotated[int, Meta(ge=0)]], Meta(max_length=4)] = []

    def checked_seats(self) -> list[SeatConfig]:
        """The seats; raises ``ValueError`` for a text the game cannot draw or a bad seat."""
        check_text(self.saved_at, "save.saved_at", 64)
        check_text(self.game_id, "save.game_id", 64, allow_empty=False)
        seats = [SeatConfig.from_dict(s, f"save.seats[{i}]") for i, s in enumerate(self.seats)]
        check_seats(seats)
        check_json_values(self.meta, "save.meta")
        if "name" in self.meta:
            check_text(self.meta["name"], "save.meta.name", 100)
        if len(set(self.hinted)) != len(self.hinted):
            raise ValueError(_SAVE_MESSAGES["hinted"])
        return seats


_SAVE_MESSAGES = {"seats": "save.seats: expected a list of 2-4 seats",
                  "hinted": "save.hinted: expected distinct seat numbers"}


def _game_of(data: dict[str, Any], schema: int, path: Path | None) -> Game:
    """The game a save file holds, checked against its record (see :func:`_replayed`)."""
    state = _stored_state(data, schema)
    try:
        stored = Game.from_dict(state)
    except UnreachableStateError as exc:  # with a record, the stored state was edited
        key = "error.save.unreachable" if state.get("record") is None else "error.save.record_mismatch"
        raise SaveError(key, path, str(exc)[:200]) from None
    return _replayed(stored, path)


def _stored_state(data: dict[str, Any], schema: int) -> Any:
    """The engine state dict of a save: schema 1 keeps it whole as ``game``; schema 2 keeps the
    record apart (``record``) and the rest as ``check``."""
    if schema == 1:
        return get_field(data, "game", "save")
    check = check_dict(get_field(data, "check", "save"), "save.check")
    raw = get_field(data, "record", "save")
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



def read_save(path: Path | str) -> SaveData:
    """Read and validate a save file of the dice game. Pure: never writes, moves or deletes anything.

    Raises :class:`SaveError` for every kind of bad file (see the module docstring).
    """
    path = Path(path)
    return SaveData.from_dict(read_document(path), path)



def load_save(path: Path | str) -> SaveData:
    """Read a save for playing (menu *Load game*, ``tortuga PATH``).

    Like :func:`read_save`, but a bad file inside the game's data directory is first moved
    aside to ``name.bad-<timestamp>.json`` (``err.kept_as``). Files elsewhere are untouched.
    """
    path = Path(path)
    try:
        return read_save(path)
    except SaveError as err:
        if err.key not in ("error.save.missing", "error.save.unreadable", "error.save.not_a_file") and managed(path):
            err.kept_as = paths.keep_aside(path)
        raise


def info_of(path: Path, data: SaveData) -> SaveInfo:
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


def load_autosave() -> SaveData | None:
    """The autosaved dice game, or None if there is none.

    A damaged autosave is moved aside (see :func:`load_save`) and :class:`SaveError` raised.
    """
    path = autosave_path(create=False)
    # Temporaries are never removed here: the writer that made one owns it (it may be
    # writing it right now); the background writer sweeps those of killed processes.
    if not path.is_file():
        return None
    return load_save(path)


def record_finished(data: SaveData, *, strict: bool = False) -> stats.Stats:
    """The statistics' :func:`~tortuga_desktop.shell.stats.record_game` for a finished dice game
    (uses its game_id; the seats that asked for a hint in it, this session or before the game was
    saved, count as games with hints)."""
    outcome = data.game.outcome()
    if outcome is None:
        raise ValueError("the game is not over")
    return stats.record_game(data.seats, [s.total for s in outcome.scores], list(outcome.winners),
                             game_id=data.game_id, strict=strict, hinted=data.hinted)
