"""Saved games of any game: a file is read, its ``"game"`` field names the game module that
checks it (:mod:`tortuga_desktop.shell.game`; no field: the dice game), and that module
makes it ready to open. *Continue*, *Load game*, ``tortuga PATH`` and the finished games in
Statistics all open files this way, on a worker thread."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from tortuga_desktop.shell import paths
from tortuga_desktop.shell.game import GameModule, SavedGame, modules
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.saves.autosave import autosave_path
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.savefile import managed, module_of, read_document

__all__ = ["NOT_KEPT_ASIDE", "claimed_by", "load_game", "read_game"]

#: Refusals that say nothing is wrong with the file itself: it is never moved aside for them
#: (missing or unreadable now, not a file, or a game this program does not have - except the
#: autosave, see :func:`load_game`).
NOT_KEPT_ASIDE = frozenset({"error.save.missing", "error.save.unreadable", "error.save.not_a_file",
                            "error.save.unknown_game"})
#: A game's refusals of a file's very layout: then another game's module may recognise the file as
#: its own (a mislabelled file, :func:`read_game`).
_LAYOUT_REFUSALS = frozenset({"error.save.wrong_format", "error.save.newer_version", "error.save.older_version",
                              "error.save.invalid"})


def claimed_by(doc: Mapping[str, object], other_than: GameModule | None = None) -> GameModule | None:
    """The game (other than ``other_than``) whose save layout ``doc`` has, whatever its ``"game"``
    field says: the first module whose ``claims(doc)`` answers True (see
    :class:`~tortuga_desktop.shell.game.GameModule`), else None."""
    for found in modules():
        if found is other_than:
            continue
        if found.claims(doc):
            return found
    return None


def read_game(path: Path | str) -> tuple[GameModule, SavedGame]:
    """The game a saved file belongs to and the file read and checked by that game's module.
    Pure: never writes, moves or deletes anything. Raises :class:`SaveError` for a bad file:
    ``error.save.unknown_game`` for a game this program does not have,
    ``error.save.damaged_label`` for a file laid out as a game's save whose ``"game"`` field
    names no game (damaged), ``error.save.mislabelled`` for one its named game refuses while
    another game recognises it as its own."""
    path = Path(path)
    doc = read_document(path)
    try:
        found = module_of(doc, path)
    except SaveError as err:
        owner = claimed_by(doc) if err.key == "error.save.unknown_game" else None
        if owner is None:
            raise
        raise SaveError("error.save.damaged_label", path, f"{err.detail}; laid out as a save of {owner.key}",
                        game=tr(owner.title_key)) from None
    try:
        return found, found.read_saved(doc, path)
    except SaveError as err:
        owner = claimed_by(doc, found) if err.key in _LAYOUT_REFUSALS else None
        if owner is None:
            raise
        raise SaveError("error.save.mislabelled", path, f"labelled {found.key}, laid out as {owner.key}: {err.detail}",
                        labelled=tr(found.title_key), holds=tr(owner.title_key)) from None


def load_game(path: Path | str) -> tuple[GameModule, SavedGame]:
    """:func:`read_game` for playing (*Continue*, *Load game*, ``tortuga PATH``): a damaged
    file inside the game's data folder is first moved aside to ``name.bad-<timestamp>.json``
    (``err.kept_as``); files elsewhere, and files of an unknown game, are never touched - but
    the autosave of a game this program does not have (a newer version's) is moved aside too
    (``error.save.unknown_game_autosave``), so that the next game's autosave never replaces it."""
    path = Path(path)
    try:
        module, saved = read_game(path)
    except SaveError as err:
        if err.key == "error.save.unknown_game" and _is_autosave(path):
            kept = SaveError("error.save.unknown_game_autosave", path, err.detail, **err.params)
            kept.kept_as = paths.keep_aside(path)
            raise kept from None
        if err.key not in NOT_KEPT_ASIDE and managed(path):
            err.kept_as = paths.keep_aside(path)
        raise
    module.prepare_open()  # on the reading worker too: the frame that opens the game imports nothing
    return module, saved


def _is_autosave(path: Path) -> bool:
    try:
        return path.resolve() == autosave_path(create=False).resolve()
    except (OSError, RuntimeError):
        return False
