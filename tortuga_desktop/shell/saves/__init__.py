"""Saved games of any game: their files, the autosave and its background writer, named saves and
the finished-game archive — one job per module (each game's own save format is its module's: the
dice game's ``SaveData`` and ``SetupConfig`` are in :mod:`tortuga_desktop.games.dice.table.savefile` and
:mod:`tortuga_desktop.games.dice.table.gamesetup`, and the example below is the dice game's):

* :mod:`.errors` — :class:`SaveError`, the one error every file function here raises;
* :mod:`.text` — what a file's text may hold (visible characters, strict JSON, sizes);
* :mod:`.seats` — :class:`SeatConfig`, who plays a seat;
* :mod:`.savefile` — a saved file of any game: read as JSON, written atomically, its list line;
* :mod:`.games` — a saved file of any game, checked by the game module its ``"game"`` names
  (imported as ``saves.games``: it stays out of the package namespace and so of the circle
  ``listing`` ↔ ``saves`` while that one lasts);
* :mod:`.autosave` — the autosave file (*Continue*);
* :mod:`.writer` — :class:`AutosaveWriter`, the background writer of every file written in play;
* :mod:`.named` — named saves (file names, listing, deleting);
* :mod:`.archive` — the finished-game archive.

This package's namespace gathers their public names, so the app says ``saves.autosave``
wherever it uses them. Everything here is plain data + files; no pygame. All files are JSON
(never pickle/eval) written atomically (see :mod:`..paths`). A save file looks like::

    {"format": "tortuga-save", "schema": 2, "saved_at": "2024-05-01T12:00:00+00:00",
     "game_id": "3f2a…", "seats": [{"name": "Anna", "kind": "human", "colour": 0, "bot_seed": 17}, …],
     "record": <GameRecord.to_dict()>, "check": <Game.to_dict() without "record">, "meta": {…}}

A save is its game record (issue 16.5): loading replays ``record`` through the engine.
``check`` is the complete engine state (random source, events...) and is only compared
with the replay; a file whose check differs is refused. ``record`` is null for a game that
does not hold its whole history (one continued from a save written before records); such a
game loads from ``check`` if the engine's reachability check passes. Schema 1 files (the
whole state as ``game``, the record inside it) are still read.

Typical use by the app
----------------------
New game::

    setup = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "hard", 1)])
    setup.validate()                       # ValueError with a message for the setup screen
    save_last_setup(setup)                 # pre-fills the setup screen next time
    data = setup.create_game()             # SaveData: seats (with bot seeds) + Game + game_id
    autosave(data)

After every confirmed decision (human or computer)::

    game.apply(seat, action); autosave(data)    # data.game is that same Game object
    # or, without blocking the frame loop on fsync: writer = AutosaveWriter(); writer.submit(data)

Main menu: offer *Continue* when :func:`has_autosave`; :func:`autosave_info` describes it.
On *Continue*: ``data = load_autosave()``. Named games: :func:`save_named`,
:func:`list_saves`, :func:`load_save`. Command line ``tortuga PATH``: ``load_save(PATH)``.

Every loading function raises :class:`SaveError` (and only that) for a bad file: missing,
unreadable, larger than :data:`MAX_SAVE_BYTES` (refused before parsing), not JSON, wrong
format or schema version, wrong types, impossible values. Show
``err.user_message()`` (translated) and go back to the main menu. A bad file that the game
manages itself (the autosave, files in the saves/finished directories) is renamed to
``name.bad-<timestamp>.json`` first (``err.kept_as``) so it is never overwritten; a file
elsewhere (opened from the command line) is never written, moved or deleted.

Game over::

    archive_finished(data)        # <data>/finished/<game_id>.json with the full log
    record_finished(data)         # statistics (idempotent per game_id; dice/table/savefile.py)
    clear_autosave()

Computer players must be deterministic functions of (``SeatConfig.bot_seed``, the view
they decide from) — as ``ai.bots.build_bot(seat.kind, seat.bot_seed)`` is, seeding each
decision with ``decision_seed(seed, view)`` — so a continued game plays on identically
(a wall-clock search cap that is actually hit breaks this). Anything else a bot must
carry across decisions can be stored in ``SaveData.meta`` (JSON values only).
"""

from tortuga_desktop.shell.saves.archive import archive_finished, list_finished
from tortuga_desktop.shell.saves.autosave import (
    autosave,
    autosave_info,
    autosave_path,
    clear_autosave,
    has_autosave,
)
from tortuga_desktop.shell.saves.errors import SaveError, write_error
from tortuga_desktop.shell.saves.named import (
    delete_save,
    existing_save_name,
    list_saves,
    named_save_path,
    peek_game,
    prepare_named_save,
    save_named,
    write_prepared,
)
from tortuga_desktop.shell.saves.savefile import (
    FORMAT,
    MAX_SAVE_BYTES,
    SaveInfo,
    basic_info,
    save_info,
    save_info_of,
    save_summary,
    summarise_save,
    write_save,
)
from tortuga_desktop.shell.saves.seats import BOT_KINDS, KINDS, MAX_NAME_LENGTH, SeatConfig
from tortuga_desktop.shell.saves.text import (
    MAX_TEXT_LENGTH,
    check_json_values,
    check_text,
    clean_text,
    is_visible_char,
    parse_json,
)
from tortuga_desktop.shell.saves.writer import AutosaveWriter, Job

__all__ = [
    "BOT_KINDS", "FORMAT", "KINDS", "MAX_NAME_LENGTH", "MAX_SAVE_BYTES", "MAX_TEXT_LENGTH",
    "AutosaveWriter", "Job", "SaveError", "SaveInfo", "SeatConfig",
    "archive_finished", "autosave", "autosave_info", "autosave_path", "basic_info", "check_json_values", "check_text",
    "clean_text", "clear_autosave", "delete_save", "existing_save_name", "has_autosave",
    "is_visible_char", "list_finished", "list_saves",
    "named_save_path", "parse_json", "peek_game", "prepare_named_save", "save_info", "save_info_of", "save_summary",
    "summarise_save", "save_named", "write_error", "write_prepared", "write_save",
]
