"""Named saves: the player's games in ``<data>/saves`` (or a folder they chose), their file
names, listing and deleting them."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from tortuga_desktop.shell import paths
from tortuga_desktop.shell.saves.errors import SaveError, write_error
from tortuga_desktop.shell.saves.savefile import (
    MAX_SAVE_BYTES,
    SaveInfo,
    list_folder,
    managed,
    now_iso,
)
from tortuga_desktop.shell.saves.text import clean_text
from tortuga_desktop.shell.saves.writer import NamedSavable

__all__ = ["delete_save", "existing_save_name", "list_saves", "named_save_path", "peek_game",
           "prepare_named_save", "save_named", "write_prepared"]


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


def save_named(name: str, data: NamedSavable, folder: Path | None = None) -> Path:
    """Save under a name in ``<data>/saves`` (or ``folder``; replaces a save of the same
    name); returns the path."""
    path, text = prepare_named_save(name, data, folder)
    write_prepared(path, text)
    return path


def prepare_named_save(name: str, data: NamedSavable, folder: Path | None = None) -> tuple[Path, str]:
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
    data.saved_at = now_iso()
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

def list_saves(progress: Callable[[int, int], None] | None = None) -> list[SaveInfo]:
    """The named saves, newest first (damaged ones included with ``error`` set).

    Raises :class:`SaveError` if the saves folder cannot be read (never "no saves" then)."""
    return list_folder(paths.saves_dir(create=False), progress)


def delete_save(path: Path | str) -> None:
    """Delete a named save or an archived game. Refuses files outside the game's data directory."""
    path = Path(path)
    if not managed(path):
        raise SaveError("error.save.not_deletable", path, "outside the game's data directory")
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError("error.save.write_failed", path, str(exc), reason=str(exc)[:200]) from None
