"""The finished-game archive: ``<data>/finished/<game_id>.json``, each with its full log."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from tortuga_desktop.shell import listing, paths
from tortuga_desktop.shell.saves.savefile import (
    SaveInfo,
    list_folder,
    module_of,
    now_iso,
    save_summary,
    write_save,
)
from tortuga_desktop.shell.saves.writer import NamedSavable

__all__ = ["archive_finished", "list_finished"]


# ---------------------------------------------------------------- finished games
class Finished(NamedSavable, Protocol):
    """A finished game as saved, of any game (the dice game's ``SaveData``...)."""

    @property
    def finished(self) -> bool: ...


def archive_finished(data: Finished) -> Path:
    """Keep a finished game with its full log in ``<data>/finished/<game_id>.json``.

    Idempotent per game (saving the same game again replaces its own archive file).
    Raises ``ValueError`` if the game is not over, :class:`SaveError` if the disk fails.
    """
    if not data.finished:
        raise ValueError("only finished games are archived")
    stem = re.sub(r"[^0-9A-Za-z_-]", "_", data.game_id)[:64] or "game"
    data.meta.setdefault("finished_at", now_iso())
    path = write_save(paths.archive_dir() / f"{stem}.json", data)
    doc = data.to_dict()
    line = module_of(doc, path).list_line(path, doc, data)
    listing.note_file(path, "saves", save_summary(line))  # the index, with the archive
    return path


def list_finished(progress: Callable[[int, int], None] | None = None) -> list[SaveInfo]:
    """Archived finished games, newest first; open one with :func:`load_save` to see its log.

    Raises :class:`SaveError` if the folder cannot be read."""
    return list_folder(paths.archive_dir(create=False), progress)
