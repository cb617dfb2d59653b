"""The save file format: :class:`SaveData` (a game as saved) to and from its JSON document,
reading (:func:`read_save`, :func:`load_save`), writing (:func:`write_save`) and describing
(:func:`save_info`) one file. A save is its game record (issue 16.5): loading replays it."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from tortuga_desktop.rules import (
    Game,
    GameRecord,
    RulesError,
    StateFormatError,
    UnreachableStateError,
    check_reachable,
    replay,
)
from tortuga_desktop.shell import listing, paths
from tortuga_desktop.shell.game import GameModule, SavedGame, UnknownGameError, game_of, module
from tortuga_desktop.shell.i18n import decimal
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.seats import SeatConfig, check_dict, check_seats, get_field
from tortuga_desktop.shell.saves.text import check_json_values, check_text, convert, parse_json

__all__ = ["FORMAT", "GAME", "MAX_SAVE_BYTES", "READ_SCHEMAS", "SCHEMA", "SaveData", "SaveInfo", "info_of", "list_folder",
           "load_save", "managed", "now_iso", "read_document", "read_save", "save_info", "save_info_of", "save_summary",
           "summarise_save", "write_save"]

FORMAT = "tortuga-save"
#: The ``"game"`` field of the dice game's saves (a file without one is the dice game's too).
GAME = "tortuga"
SCHEMA = 2
#: Older save schemas that are still read (1: the whole state as "game").
READ_SCHEMAS = (1, 2)
#: Files larger than this are refused before they are parsed.
MAX_SAVE_BYTES = 5 * 1024 * 1024


def now_iso() -> str:
    """Now, in UTC, as the files write it ("2024-05-01T12:00:00+00:00")."""
    return datetime.now(UTC).isoformat(timespec="seconds")


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


def _schema_of(data: Any, path: Path | None) -> int:
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
    #: the game the file holds (a game module's key); ``round``/``phase``/``scores`` are the dice game's
    game: str = GAME

    @property
    def ok(self) -> bool:
        return self.error is None


# ---------------------------------------------------------------- reading and writing
def read_save(path: Path | str) -> SaveData:
    """Read and validate a save file of the dice game. Pure: never writes, moves or deletes anything.

    Raises :class:`SaveError` for every kind of bad file (see the module docstring).
    """
    path = Path(path)
    return SaveData.from_dict(read_document(path), path)


def read_document(path: Path) -> dict[str, Any]:
    """A saved game's file as its JSON object, whatever its game: read (at most
    :data:`MAX_SAVE_BYTES`), parsed and its values checked (visible text, sizes), not yet
    validated as a game. Pure. Raises :class:`SaveError` for a file that is not that."""
    try:
        raw = paths.read_bytes_limited(path, MAX_SAVE_BYTES)
    except paths.FileTooLargeError as exc:
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
    if not isinstance(data, dict):
        raise SaveError("error.save.wrong_format", path, "not a JSON object")
    return data


def write_save(path: Path | str, data: SaveData) -> Path:
    """Write ``data`` atomically (stamps ``data.saved_at``); raises :class:`SaveError` on failure."""
    path = Path(path)
    data.saved_at = now_iso()
    try:
        doc = data.to_dict()
        paths.atomic_write_json(path, doc, indent=None)
    except (OSError, TypeError, ValueError) as exc:
        raise SaveError("error.save.write_failed", path, str(exc), reason=str(exc)[:200]) from None
    return path


def managed(path: Path) -> bool:
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
        if err.key not in ("error.save.missing", "error.save.unreadable", "error.save.not_a_file") and managed(path):
            err.kept_as = paths.keep_aside(path)
        raise

def module_of(doc: dict[str, Any], path: Path | None) -> GameModule:
    """The game module a saved file's JSON object belongs to (its ``"game"``; none: the dice
    game). Raises :class:`SaveError` for a ``"game"`` that is no game's name or a game this
    program does not have (``error.save.unknown_game``)."""
    try:
        key = game_of(doc)
    except ValueError as exc:
        raise SaveError("error.save.invalid", path, str(exc)) from None
    try:
        return module(key)
    except UnknownGameError:
        raise SaveError("error.save.unknown_game", path, f"no game {key!r}", game=key) from None


def save_info(path: Path | str) -> SaveInfo:
    """Describe one save file of any game; a bad file gives a SaveInfo with ``error`` set (never raises)."""
    path = Path(path)
    try:
        doc = read_document(path)
        found = module_of(doc, path)
        if found.key == GAME:
            return info_of(path, SaveData.from_dict(doc, path))
        return _other_info(path, found.key, doc, found.read_saved(doc, path))
    except SaveError as err:
        return SaveInfo(path=path, name=paths.display_path(path.stem), error=err)


def _other_info(path: Path, game: str, doc: dict[str, Any], saved: SavedGame) -> SaveInfo:
    """The list line of another game's save (checked by its module): the fields every game's save
    has — its name, date, id, the seats' names and kinds — and whether it is over."""
    seats = [s for s in doc.get("seats", ()) if isinstance(s, dict)] if isinstance(doc.get("seats"), list) else []
    meta = doc.get("meta") if isinstance(doc.get("meta"), dict) else {}
    name = meta.get("name") if isinstance(meta, dict) else None
    saved_at = doc.get("saved_at")
    return SaveInfo(path=path, name=name if isinstance(name, str) and name.strip() else paths.display_path(path.stem),
                    saved_at=saved_at if isinstance(saved_at, str) else "", game_id=saved.game_id,
                    player_names=tuple(str(s.get("name", "")) for s in seats),
                    kinds=tuple(str(s.get("kind", "")) for s in seats), finished=saved.finished, game=game)


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


def list_folder(directory: Path, progress: Callable[[int, int], None] | None = None) -> list[SaveInfo]:
    """Describe the saves in ``directory`` from its summary index (:mod:`.listing`: only files
    the index does not describe yet are read and replayed, ``progress(done, total)`` after
    each); raises :class:`SaveError` (``error.save.folder_unreadable``) when the folder itself
    cannot be read or created. File work: never on the frame loop."""
    try:
        found = listing.scan(directory, "saves", summarise_save, progress)
    except OSError as exc:
        raise SaveError("error.save.folder_unreadable", directory, str(exc),
                        folder=paths.display_path(directory)) from None
    rows = [(save_info_of(p, summary), mtime) for p, summary, mtime in found]
    rows.sort(key=lambda r: (r[0].saved_at, r[1]), reverse=True)
    return [info for info, _ in rows]


# ---------------------------------------------------------------- a save's line in the folder index
def save_summary(info: SaveInfo) -> dict[str, Any]:
    """What :mod:`..listing`'s index keeps of a save: its :class:`SaveInfo` as plain JSON."""
    if info.error is not None:
        err = info.error
        return listing.error_summary(err.key, err.detail, err.params)
    return {"name": info.name, "saved_at": info.saved_at, "game_id": info.game_id,
            "players": list(info.player_names), "kinds": list(info.kinds), "round": info.round,
            "phase": str(info.phase), "finished": bool(info.finished),
            "scores": None if info.scores is None else list(info.scores),
            "winners": None if info.winners is None else list(info.winners), "game": info.game}


def summarise_save(path: Path) -> dict[str, Any]:
    """Read, replay and summarise one save (the slow part of listing a folder)."""
    return save_summary(save_info(path))


def save_info_of(path: Path, summary: dict[str, Any]) -> SaveInfo:
    """A :class:`SaveInfo` from a summary :func:`listing.check_summary` passed."""
    if "error" in summary:
        e = summary["error"]
        return SaveInfo(path=path, name=paths.display_path(path.stem),
                        error=SaveError(e["key"], path, e["detail"], **e["params"]))
    return SaveInfo(path=path, name=summary["name"] or paths.display_path(path.stem), saved_at=summary["saved_at"],
                    game_id=summary["game_id"], player_names=tuple(summary["players"]), kinds=tuple(summary["kinds"]),
                    round=summary["round"], phase=summary["phase"], finished=summary["finished"],
                    scores=None if summary["scores"] is None else tuple(summary["scores"]),
                    winners=None if summary["winners"] is None else tuple(summary["winners"]), game=summary["game"])
