"""The kept game records of every game (``<data>/replays``), read through the games' modules.

The shell knows no record format: a record file is a JSON object whose ``"game"`` field names the
game it belongs to (no field: the dice game's, as every record from before there was a second game),
and that game's module (a :class:`~tortuga_desktop.shell.game.ReplayableGame`) checks it, says what its
line in the Replays list shows and builds its replay screen.

* :func:`read_kept` reads one file and hands it to its module; :class:`RecordError` (a translation key
  with its parameters, :func:`describe_error` says it in the player's language) is the only error it
  raises for a file that cannot be used: unreadable, too large, not JSON, of a game this program does
  not have or that keeps no replays, refused by its module.
* :func:`list_replays` lists the folder (newest first) from its summary index (:mod:`.listing`).
* :func:`export_replay` / :func:`import_replay` copy a record out of / into the folder once its module
  has checked it (an import must also play by the game's rules), never overwriting anything.
* :func:`replay_speed` is the speed a replay screen starts at (the player's animation speed).

All of it is file work: call it on a worker thread or the app's background writer, never on the frame
loop (``tortuga --replay FILE`` reads its file before the first frame).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from tortuga_desktop.shell import listing, paths
from tortuga_desktop.shell.anim import SPEEDS
from tortuga_desktop.shell.game import (
    DEFAULT_GAME,
    ReplayableGame,
    SavedGame,
    UnknownGameError,
    game_of,
    module,
)
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.saves.text import check_json_values

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.scenes import Scene

__all__ = ["MAX_BYTES", "KeptRecord", "RecordError", "ReplayInfo", "describe_error", "export_replay", "file_name",
           "import_replay", "list_replays", "open_scene", "read_bytes", "read_kept", "replay_info_of", "replay_speed",
           "summarise_replay"]

#: Larger files are refused before they are read.
MAX_BYTES = 4 * 1024 * 1024
SUFFIX = ".json"


class RecordError(Exception):
    """A record file cannot be used: ``key`` is a translation key, ``params`` its parameters,
    ``detail`` the technical reason (for the log)."""

    def __init__(self, key: str, detail: str = "", **params: str | int) -> None:
        super().__init__(detail or key)
        self.key = key
        self.detail = detail
        self.params = params


def describe_error(exc: RecordError) -> str:
    """``exc`` in the player's language."""
    return tr(exc.key, **{"reason": exc.detail[:120], "name": "", "version": "", **exc.params})


class _Speed(Protocol):
    def table_speed(self) -> str: ...


def replay_speed(app: _Speed) -> str:
    """The speed a replay screen starts at: the player's animation speed (``normal`` for one a replay
    does not know)."""
    speed = app.table_speed()
    return speed if speed in SPEEDS else "normal"


def read_bytes(path: Path) -> bytes:
    """A record file's bytes (at most :data:`MAX_BYTES`); :class:`RecordError` when it cannot be read."""
    try:
        return paths.read_bytes_limited(path, MAX_BYTES)
    except paths.FileTooLargeError:
        raise RecordError("error.replay.too_large", f"larger than {MAX_BYTES} bytes") from None
    except FileNotFoundError:
        raise RecordError("error.replay.missing", str(path), name=paths.display_name(path)) from None
    except (OSError, paths.NotRegularFileError) as exc:
        raise RecordError("error.replay.unreadable", str(exc), reason=paths.display_path(str(exc))[:200]) from None


@dataclass(frozen=True)
class KeptRecord:
    """A record file read and checked by its game's module: the game's key, its module, what the module
    made of the file (``saved``) and the file's bytes as read (an export or import copies them)."""

    key: str
    game: ReplayableGame
    saved: SavedGame
    raw: bytes


def parse_json(raw: bytes) -> object:
    """A record file's bytes as JSON; raises :class:`RecordError` (``error.replay.not_json``)."""
    try:
        data: object = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError("error.replay.not_json", "not UTF-8 text") from None
    except (ValueError, RecursionError) as exc:  # ValueError: also a number of more than 4300 digits
        raise RecordError("error.replay.not_json", str(exc)[:200]) from None
    return data


def read_kept(path: Path | str) -> KeptRecord:
    """Read one record file and have its game's module check it (:meth:`ReplayableGame.read_replay`).
    Raises :class:`RecordError` for a file that cannot be used, never anything else."""
    path = Path(path)
    raw = read_bytes(path)
    data = parse_json(raw)
    if not isinstance(data, dict):
        raise RecordError("error.replay.wrong_format", "not a JSON object")
    try:  # once for the whole file, for every game's module
        check_json_values(data, "record")
    except (ValueError, RecursionError) as exc:
        raise RecordError("error.replay.invalid", str(exc)[:200], reason=str(exc)[:120]) from None
    try:
        key = game_of(data)
    except ValueError as exc:
        raise RecordError("error.replay.invalid", str(exc), reason=str(exc)[:120]) from None
    try:
        found = module(key)
    except UnknownGameError:
        raise RecordError("error.replay.other_game", f"a record of the game {key!r:.40}") from None
    if not isinstance(found, ReplayableGame):
        raise RecordError("error.replay.other_game", f"the game {key!r:.40} keeps no replays")
    return KeptRecord(key, found, found.read_replay(data, path), raw)


def open_scene(kept: KeptRecord, speed: str) -> Scene:
    """The replay screen of a record :func:`read_kept` read (its module plays the record through: on a
    worker thread, or before the first frame). Raises :class:`RecordError` when the decisions do not fit
    the game's rules."""
    return kept.game.replay_scene(kept.saved, speed)


@dataclass(frozen=True)
class ReplayInfo:
    """A line of the Replays list. ``error`` (a translation key) is set for a file that cannot be used."""

    path: Path
    game_id: str = ""
    date: str = ""
    names: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    winners: tuple[int, ...] = ()
    rounds: int = 0
    finished: bool = False
    error: str = ""
    #: the game the record is of (a game module's key)
    game: str = DEFAULT_GAME


def summarise_replay(path: Path) -> dict[str, object]:
    """What :mod:`.listing`'s index keeps of a kept record (JSON): read and checked once, by its module."""
    try:
        kept = read_kept(path)
        line = kept.game.replay_summary(kept.saved)
    except RecordError as exc:
        return listing.error_summary(exc.key, exc.detail, dict(exc.params))
    return {**asdict(line), "names": list(line.names), "kinds": list(line.kinds), "winners": list(line.winners),
            "game": kept.key}


def replay_info_of(path: Path, summary: listing.ReplaySummary | listing.ErrorSummary) -> ReplayInfo:
    """A :class:`ReplayInfo` from a summary :func:`listing.check_summary` passed."""
    if "error" in summary:
        return ReplayInfo(path, error=summary["error"]["key"])
    return ReplayInfo(path, summary["game_id"], summary["date"], tuple(summary["names"]), tuple(summary["kinds"]),
                      tuple(summary["winners"]), summary["rounds"], summary["finished"], game=summary["game"])


def list_replays(folder: Path | None = None, progress: Callable[[int, int], None] | None = None) -> list[ReplayInfo]:
    """The kept records of every game, newest first, from the folder's summary index (:mod:`.listing`:
    only new or changed files are read; ``progress(done, total)`` after each). Raises ``OSError`` when the
    folder cannot be read."""
    folder = folder or paths.replays_dir(create=False)
    found = listing.scan(folder, "replays", summarise_replay, progress)
    found.sort(key=lambda x: x[2], reverse=True)
    return [replay_info_of(p, summary) for p, summary, _ in found]


def file_name(game_id: str) -> str:
    """A kept record's file name: its game id (any character but letters, digits, ``_`` and ``-``
    replaced), ``.json``."""
    return f"{re.sub(r'[^0-9A-Za-z_-]', '_', game_id)[:64] or 'game'}{SUFFIX}"


def export_replay(source: Path, target: Path) -> Path:
    """Copy a kept record of any game to ``target`` once its module has read it (:class:`RecordError`
    otherwise); refuses to overwrite (``FileExistsError``)."""
    kept = read_kept(source)
    with open(target, "xb") as fh:  # "x": never overwrite
        fh.write(kept.raw)
    return target


def import_replay(source: Path, folder: Path | None = None) -> Path:
    """Check ``source`` (its module reads it and plays it through: a record whose decisions do not fit the
    rules is refused) and copy it into the replays folder as ``<game id>.json``; an existing record of the
    same game is never overwritten (:class:`RecordError` ``error.replay.exists``)."""
    kept = read_kept(source)
    open_scene(kept, "normal")  # the record must play before it is kept
    folder = folder or paths.replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / file_name(kept.saved.game_id)
    try:
        with open(target, "xb") as fh:
            fh.write(kept.raw)
    except FileExistsError:
        raise RecordError("error.replay.exists", str(target), name=target.name) from None
    return target
