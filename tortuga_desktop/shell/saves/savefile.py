"""Saved-game files of any game: reading one as its JSON document (:func:`read_document`), the
module it belongs to (:func:`module_of`), writing one atomically (:func:`write_save`), and its
line in a saved-games list (:class:`SaveInfo`, :func:`save_info`, the folder index). Each game's
own format is its module's (the dice game's: :mod:`tortuga_desktop.games.dice.table.savefile`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tortuga_desktop.shell import listing, paths
from tortuga_desktop.shell.game import DEFAULT_GAME, GameModule, SavedGame, UnknownGameError, game_of, module
from tortuga_desktop.shell.i18n import decimal
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.text import check_json_values, parse_json

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.saves.writer import Autosavable

__all__ = ["FORMAT", "MAX_SAVE_BYTES", "SaveInfo", "basic_info", "list_folder",
           "managed", "now_iso", "read_document", "save_info", "save_info_of", "save_summary",
           "summarise_save", "write_save"]

#: The ``"format"`` of every game's saved file (its ``"game"`` says which game).
FORMAT = "tortuga-save"
#: Files larger than this are refused before they are parsed.
MAX_SAVE_BYTES = 5 * 1024 * 1024


def now_iso() -> str:
    """Now, in UTC, as the files write it ("2024-05-01T12:00:00+00:00")."""
    return datetime.now(UTC).isoformat(timespec="seconds")


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
    game: str = DEFAULT_GAME

    @property
    def ok(self) -> bool:
        return self.error is None


# ---------------------------------------------------------------- reading and writing
def read_document(path: Path) -> dict[str, object]:
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


def write_save(path: Path | str, data: Autosavable) -> Path:
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


def module_of(doc: Mapping[str, object], path: Path | None) -> GameModule:
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
        return found.list_line(path, doc, found.read_saved(doc, path))
    except SaveError as err:
        return SaveInfo(path=path, name=paths.display_path(path.stem), error=err)


def basic_info(path: Path, game: str, doc: Mapping[str, object], saved: SavedGame) -> SaveInfo:
    """The list line of a game's save (checked by its module) from the fields every game's save
    has — its name, date, id, the seats' names and kinds — and whether it is over (a module's
    ``list_line`` when its game has nothing more to show there)."""
    listed = doc.get("seats")
    seats = [s for s in listed if isinstance(s, dict)] if isinstance(listed, list) else []
    meta = doc.get("meta")
    name = meta.get("name") if isinstance(meta, dict) else None
    saved_at = doc.get("saved_at")
    return SaveInfo(path=path, name=name if isinstance(name, str) and name.strip() else paths.display_path(path.stem),
                    saved_at=saved_at if isinstance(saved_at, str) else "", game_id=saved.game_id,
                    player_names=tuple(str(s.get("name", "")) for s in seats),
                    kinds=tuple(str(s.get("kind", "")) for s in seats), finished=saved.finished, game=game)


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
def save_summary(info: SaveInfo) -> dict[str, object]:
    """What :mod:`..listing`'s index keeps of a save: its :class:`SaveInfo` as plain JSON."""
    if info.error is not None:
        err = info.error
        return listing.error_summary(err.key, err.detail, err.params)
    return {"name": info.name, "saved_at": info.saved_at, "game_id": info.game_id,
            "players": list(info.player_names), "kinds": list(info.kinds), "round": info.round,
            "phase": str(info.phase), "finished": bool(info.finished),
            "scores": None if info.scores is None else list(info.scores),
            "winners": None if info.winners is None else list(info.winners), "game": info.game}


def summarise_save(path: Path) -> dict[str, object]:
    """Read, replay and summarise one save (the slow part of listing a folder)."""
    return save_summary(save_info(path))


def save_info_of(path: Path, summary: listing.SaveSummary | listing.ErrorSummary) -> SaveInfo:
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
