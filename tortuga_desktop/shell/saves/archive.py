"""The finished-game archive: ``<data>/finished/<game_id>.json``, each with its full log."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from tortuga_desktop.shell import listing, paths
from tortuga_desktop.shell.saves.savefile import (
    SaveData,
    SaveInfo,
    info_of,
    list_folder,
    now_iso,
    save_summary,
    write_save,
)

__all__ = ["archive_finished", "list_finished"]


# ---------------------------------------------------------------- finished games
def archive_finished(data: SaveData) -> Path:
    """Keep a finished game with its full log in ``<data>/finished/<game_id>.json``.

    Idempotent per game (saving the same game again replaces its own archive file).
    Raises ``ValueError`` if the game is not over, :class:`SaveError` if the disk fails.
    """
    if not data.game.is_over:
        raise ValueError("only finished games are archived")
    stem = re.sub(r"[^0-9A-Za-z_-]", "_", data.game_id)[:64] or "game"
    data.meta.setdefault("finished_at", now_iso())
    path = write_save(paths.archive_dir() / f"{stem}.json", data)
    listing.note_file(path, "saves", save_summary(info_of(path, data)))  # the index, with the archive
    return path


def list_finished(progress: Callable[[int, int], None] | None = None) -> list[SaveInfo]:
    """Archived finished games, newest first; open one with :func:`load_save` to see its log.

    Raises :class:`SaveError` if the folder cannot be read."""
    return list_folder(paths.archive_dir(create=False), progress)
