"""The autosave: ``<data>/autosave.json``, the game the main menu offers to *Continue*."""

from __future__ import annotations

import contextlib
from pathlib import Path

from tortuga_desktop.shell import paths
from tortuga_desktop.shell.saves.savefile import SaveData, SaveInfo, load_save, save_info, write_save

__all__ = ["autosave", "autosave_info", "autosave_path", "clear_autosave", "has_autosave", "load_autosave"]

_AUTOSAVE_NAME = "autosave.json"


# ---------------------------------------------------------------- autosave
def autosave_path(create: bool = True) -> Path:
    """``<data>/autosave.json``: the game to *Continue* (``create=False``: do not create the folder)."""
    return paths.data_dir(create) / _AUTOSAVE_NAME


def autosave(data: SaveData) -> None:
    """Save the current game as the autosave (atomic). Raises :class:`SaveError` if the disk fails."""
    write_save(autosave_path(), data)

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
