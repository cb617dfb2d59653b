"""The autosave: ``<data>/autosave.json``, the game the main menu offers to *Continue*."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from tortuga_desktop.shell import paths
from tortuga_desktop.shell.saves.savefile import SaveInfo, save_info, write_save

if TYPE_CHECKING:  # pragma: no cover - the writer imports this module
    from tortuga_desktop.shell.saves.writer import Autosavable

__all__ = ["autosave", "autosave_info", "autosave_path", "clear_autosave", "has_autosave"]

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
    """Delete the autosave (after a finished game was archived, or on *New game*)."""
    with contextlib.suppress(FileNotFoundError):
        autosave_path(create=False).unlink()
