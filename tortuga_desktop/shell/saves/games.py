"""Saved games of any game: a file is read, its ``"game"`` field names the game module that
checks it (:mod:`tortuga_desktop.shell.game`; no field: the dice game), and that module
makes it ready to open. *Continue*, *Load game*, ``tortuga PATH`` and the finished games in
Statistics all open files this way, on a worker thread."""

from __future__ import annotations

from pathlib import Path

from tortuga_desktop.shell import paths
from tortuga_desktop.shell.game import GameModule, SavedGame
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.savefile import managed, module_of, read_document

__all__ = ["NOT_KEPT_ASIDE", "load_game", "read_game"]

#: Refusals that say nothing is wrong with the file itself: it is never moved aside for them
#: (missing or unreadable now, not a file, or a game this program does not have).
NOT_KEPT_ASIDE = frozenset({"error.save.missing", "error.save.unreadable", "error.save.not_a_file",
                            "error.save.unknown_game"})


def read_game(path: Path | str) -> tuple[GameModule, SavedGame]:
    """The game a saved file belongs to and the file read and checked by that game's module.
    Pure: never writes, moves or deletes anything. Raises :class:`SaveError` for a bad file
    (``error.save.unknown_game`` for a game this program does not have)."""
    path = Path(path)
    doc = read_document(path)
    found = module_of(doc, path)
    return found, found.read_saved(doc, path)


def load_game(path: Path | str) -> tuple[GameModule, SavedGame]:
    """:func:`read_game` for playing (*Continue*, *Load game*, ``tortuga PATH``): a damaged
    file inside the game's data folder is first moved aside to ``name.bad-<timestamp>.json``
    (``err.kept_as``); files elsewhere, and files of an unknown game, are never touched."""
    path = Path(path)
    try:
        return read_game(path)
    except SaveError as err:
        if err.key not in NOT_KEPT_ASIDE and managed(path):
            err.kept_as = paths.keep_aside(path)
        raise
