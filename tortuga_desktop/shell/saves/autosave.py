"""The autosave: ``<data>/autosave.json``, the game the main menu offers to *Continue*."""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from tortuga_desktop.shell import paths
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.savefile import SaveInfo, module_of, read_document, save_info, write_save

if TYPE_CHECKING:  # pragma: no cover - the writer imports this module
    from tortuga_desktop.shell.saves.writer import Autosavable

__all__ = ["autosave", "autosave_info", "autosave_path", "clear_autosave", "has_autosave", "keep_foreign_autosave"]

logger = logging.getLogger(__name__)

_AUTOSAVE_NAME = "autosave.json"


# ---------------------------------------------------------------- autosave
def autosave_path(create: bool = True) -> Path:
    """``<data>/autosave.json``: the game to *Continue* (``create=False``: do not create the folder)."""
    return paths.data_dir(create) / _AUTOSAVE_NAME


def autosave(data: Autosavable) -> None:
    """Save the current game as the autosave (atomic). Raises :class:`SaveError` if the disk fails."""
    write_save(autosave_path(), data)

def has_autosave() -> bool:
    """Whether there is an autosave to offer as *Continue* (not checked for damage)."""
    return autosave_path(create=False).is_file()


def autosave_info() -> SaveInfo | None:
    """A description of the autosave for the main menu, or None if there is none."""
    path = autosave_path(create=False)
    return save_info(path) if path.is_file() else None


def clear_autosave() -> None:
    """Delete the autosave (after a finished game was archived, or on *New game*); an autosave of a
    game this program does not have is moved aside instead (:func:`keep_foreign_autosave`)."""
    path = autosave_path(create=False)
    keep_foreign_autosave(path)
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def keep_foreign_autosave(path: Path | None = None) -> Path | None:
    """Move the autosave (``path``, default :func:`autosave_path`) aside to
    ``autosave.bad-<timestamp>.json`` when it holds a game this program does not have (a newer
    version's), before anything replaces or deletes it: such a game is never lost. Returns where
    it was kept, or None (no such autosave: a damaged one, a game of this program or none is left
    to its owner). File work: the background writer calls it before its first autosave."""
    path = path if path is not None else autosave_path(create=False)
    if not path.is_file():
        return None
    try:
        module_of(read_document(path), path)
    except SaveError as err:
        if err.key == "error.save.unknown_game":
            kept = paths.keep_aside(path)
            logger.warning("kept the autosave of a game this version does not have as %s",
                           paths.display_path(kept) if kept is not None else "- (it could not be moved)")
            return kept
    return None
