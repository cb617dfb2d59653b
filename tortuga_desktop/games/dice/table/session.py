"""The dice game's lifecycle around the shell's file service.

:class:`GameSession` is the dice game's :class:`~tortuga_desktop.shell.session.Session` (the
App gets it from the dice game's module, ``make_session``; ``app.session``), so the App itself
keeps only the window, the scene stack, notices and the frame loop:

* starting a game (:meth:`GameSession.start_game`, :meth:`GameSession.play`): never over a game
  in progress without asking (:meth:`GameSession.confirm_leaving_game`); a loaded game whose
  history differs from the record kept under its id goes on as a new game (issue 23.4);
* after every confirmed decision the game is autosaved and its record kept for Replays;
* a finished game is archived, counted in the statistics and the autosave removed once the
  archive is safely written (:meth:`GameSession.finish_game`);
* the shell's :class:`Session` gives the one background writer (``writer()``) for every file
  written during play (the settings too): the frame loop never waits for the disk, failures
  become notices.
"""

from __future__ import annotations

import contextlib
import logging
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tortuga_desktop.shell import paths, saves, stats
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.saves import Job, SaveError
from tortuga_desktop.shell.scenes.dialogs import MessageScene
from tortuga_desktop.shell.scenes.saveload import SaveScene
from tortuga_desktop.shell.session import Session

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.controller import LocalTableSource
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.games.dice.table.records import RecordKeeper
    from tortuga_desktop.games.dice.table.savefile import SaveData
    from tortuga_desktop.games.dice.table.scenes.table import TableScene
    from tortuga_desktop.games.dice.table.source import TableMove
    from tortuga_desktop.shell.loop import App

logger = logging.getLogger(__name__)

__all__ = ["GameSession"]


class GameSession(Session):
    """The dice game's lifecycle in one :class:`~tortuga_desktop.shell.loop.App`: the game in
    progress, its autosave, record, archive and statistics (the background writer is the
    shell's :class:`Session`)."""

    app: App

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._finished_ids: set[str] = set()
        #: finished games that could be neither archived nor kept as the autosave, by game
        #: id: Ctrl+S on their results saves them elsewhere
        self.unstored: dict[str, SaveData] = {}
        #: the last game played (new, continued or loaded): the one the autosave holds
        self.current: SaveData | None = None

    # -- starting a game ----------------------------------------------------------------

    def start_game(self, setup: SetupConfig) -> None:
        """Start a game from a :class:`~.gamesetup.SetupConfig` (the setup and results screens).
        Over a game in progress it asks first (:meth:`confirm_leaving_game`)."""
        app = self.app

        def start() -> None:
            data = setup.create_game()
            while len(app.scenes) > 1:
                app.scenes.pop().exit()
            self.play(data)

        self.confirm_leaving_game("new", start)

    def game_in_progress(self) -> SaveData | Path | None:
        """The unfinished game *Continue* would open now: the :class:`SaveData` of the
        last game played in this session, or the autosave's path for one from before; None
        when there is none."""
        current = self.current
        if current is not None and current.game.is_over:
            return None
        if current is not None and any(data is current for data in self._tables_data()):
            return current  # on the table right now
        try:
            on_disk = saves.has_autosave()
        except OSError:
            on_disk = False
        if not on_disk:
            return None
        return current if current is not None else saves.autosave_path(create=False)

    @staticmethod
    def save_data_of(source: object) -> SaveData | None:
        """The saved game a table source plays (None for one without: a network game, a demo,
        a replay), so the screens above the sources never need the source's own type."""
        from tortuga_desktop.games.dice.table.controller import LocalTableSource

        return source.save_data if isinstance(source, LocalTableSource) else None

    def _tables_data(self) -> list[SaveData]:
        """The saved games of the local tables on the scene stack, bottom first."""
        from tortuga_desktop.games.dice.table.scenes.table import TableScene

        found = (self.save_data_of(sc.controller) for sc in self.app.scenes if isinstance(sc, TableScene))
        return [data for data in found if data is not None]

    def confirm_leaving_game(self, what: str, proceed: Callable[[], None]) -> None:
        """Run ``proceed`` (``what``: "new" game or "load" a save) at once when no game is in
        progress; else first ask, saying what becomes of that game (its record stays in
        Replays as an unfinished game). Keyboard: Enter goes on, Esc keeps the game."""

        running = self.game_in_progress()
        if running is None:
            proceed()
            return
        text = f"{tr(f'leave.text_{what}')} {self._kept_text(running)}"
        self.app.push(MessageScene(tr("leave.title"), text, proceed, ok_label=tr(f"leave.ok_{what}"),
                                   cancel_label=tr("leave.keep")))

    @staticmethod
    def _kept_text(running: SaveData | Path) -> str:
        """What stays of the game in progress when another takes its place (true, not hoped)."""
        from tortuga_desktop.games.dice.rules import RulesError
        from tortuga_desktop.games.dice.table import records
        from tortuga_desktop.games.dice.table.savefile import SaveData

        if isinstance(running, SaveData):
            game_id, decisions = running.game_id, running.game.decisions
            try:
                running.game.record()
                has_record = decisions > 0
            except RulesError:
                has_record = False
        else:  # the autosave of an earlier session: its id and the record it left
            game_id, decisions = saves.peek_game(Path(running))
            has_record = bool(game_id) and records.replay_path(game_id).is_file()
        if has_record:
            return tr("leave.kept_replay")
        if decisions == 0:
            return tr("leave.nothing_played")
        return tr("leave.not_kept")

    def _branch_if_diverged(self, data: SaveData) -> None:
        """A loaded game whose history differs from the record kept under its id (a save
        from round 3 of a game played on to round 6) continues as a new game with its own
        id, so its record never overwrites the longer one (issue 23.4: 54 -> 27 entries)."""
        from tortuga_desktop.games.dice.rules import RulesError
        from tortuga_desktop.games.dice.table import records

        try:
            entries = [tuple(e) for e in data.game.record().entries]
        except RulesError:
            return
        others: list[list[tuple[object, ...]]] = []
        current = self.current
        if current is not None and current is not data and current.game_id == data.game_id:
            with contextlib.suppress(RulesError):
                others.append([tuple(e) for e in current.game.record().entries])
        try:
            path = records.replay_path(data.game_id)
            if path.is_file():
                others.append([tuple(e) for e in records.read_replay(path).record.entries])
        except (records.RecordError, OSError):
            pass
        if any(other != entries[:len(other)] for other in others):
            old = data.game_id
            data.game_id = uuid.uuid4().hex
            # the game it began as (a branch of a branch names the first): statistics count it once
            first = data.meta.get("branched_from")
            data.meta["branched_from"] = first if isinstance(first, str) and first else old
            logger.info("a loaded game continues as a new game (its kept record went further)")

    def play(self, data: SaveData, *, on_disk: bool = False) -> TableScene | None:
        """Push a table for a :class:`SaveData` (new, continued or loaded game);
        ``on_disk``: ``data`` was just read from the autosave file (*Continue*). None when the
        game cannot be played (a message says why)."""
        from tortuga_desktop.games.dice.table.controller import LocalTableSource
        from tortuga_desktop.games.dice.table.scenes.table import TableScene

        try:
            for seat in data.seats:
                seat.validate()
        except ValueError as exc:  # a bad seat (e.g. an unknown computer level) stops here
            logger.warning("refused to play a game with bad seats: %s", exc)
            self.app.show_message(tr("error.title"),
                                  tr("error.seats.invalid", reason=str(exc).split(": ", 1)[-1]))
            return None
        self._branch_if_diverged(data)
        self.current = data
        controller = LocalTableSource(data.game, data.seats)
        if on_disk:
            self.writer().on_disk = (data.game_id, data.game.decisions)
        self._attach_autosave(controller, data)
        if not data.game.is_over:
            self.autosave(data)
        scene = TableScene(controller, speed=self.app.table_speed())
        self.app.push(scene)
        return scene

    def _attach_autosave(self, controller: LocalTableSource, data: SaveData) -> None:
        """Autosave after every confirmed decision; record the game when it ends."""
        from tortuga_desktop.games.dice.table.records import RecordKeeper

        controller.save_data = data
        keeper = RecordKeeper(data.game_id, controller.game, [s.kind for s in data.seats])

        def save(_move: TableMove) -> None:
            if controller.game.is_over:
                self.finish_game(data)
            else:
                self.autosave(data)
            self.keep_record(keeper, controller)

        controller.on_decision = save

    def keep_record(self, keeper: RecordKeeper, controller: LocalTableSource) -> Job[None] | None:
        """Queue writing the game's record on the background writer (never waits for the disk)."""
        try:
            return keeper.queue(self.writer().run, controller.reasons(), lambda: {keeper.game_id})
        except RuntimeError:
            logger.exception("game record after the writer was closed")
            return None

    def finish_game(self, data: SaveData | None) -> Job[None] | None:
        """Archive a finished game with its log, count it in the statistics, drop the autosave
        — on the background writer, in that order; returns the writer's Job (or None).

        The autosave is deleted only after the archive is safely on disk: if archiving
        fails, the finished game is written to the autosave instead (so *Continue* shows it
        and archives it again) and a notice says so. Idempotent per game (archive and
        statistics are keyed by ``data.game_id``)."""
        from tortuga_desktop.games.dice.table.savefile import SaveData, record_finished

        if data is None or not data.game.is_over or data.game_id in self._finished_ids:
            return None
        self._finished_ids.add(data.game_id)
        doc = data.to_dict()  # the writer works on its own copy, made from this document on its thread
        saved_at = data.saved_at
        app = self.app
        writer = self.writer()
        total = data.game.decisions

        def store() -> None:
            try:  # replaying the copy takes a tenth of a second for a long game: not on the frame loop
                snapshot = SaveData.from_dict(doc)
            except saves.SaveError as err:
                logger.error("the finished game cannot be stored: %s", err.log_text)
                self._write_failed(err)
                return
            snapshot.saved_at = saved_at
            try:
                saves.archive_finished(snapshot)
            except Exception as exc:
                logger.warning("archiving the finished game failed: %s", exc)
                params = exc.params if isinstance(exc, SaveError) else {}
                reason = str(params.get("reason") or exc)
                try:
                    saves.autosave(snapshot)  # keep the finished game where Continue finds it
                except saves.SaveError as err:
                    logger.error("the finished game could not be kept as the autosave either: %s", err.log_text)
                    self.unstored[data.game_id] = data  # Ctrl+S on the results saves it elsewhere
                    app.notify(tr("notice.archive_failed_lost", reason=reason,
                                  safe=self.safe_on_disk_text(data.game_id, total)), "error")
                    return
                writer.on_disk = (data.game_id, total)
                app.notify(tr("notice.archive_failed_kept", reason=reason, total=total), "error")
                return
            try:
                record_finished(snapshot, strict=True)
            except Exception as exc:  # the game itself is archived: only the statistics lag
                logger.warning("recording the statistics failed: %s", exc)
                self._write_failed(saves.write_error(exc, stats.stats_path(create=False)))
            saves.clear_autosave()
            writer.on_disk = None

        return writer.run("storing the finished game", store, paths.archive_dir(create=False))

    def open_save_dialog(self) -> bool:
        """Ctrl+S: the save dialog for the running game (False when there is none)."""
        from tortuga_desktop.games.dice.table.controller import LocalTableSource
        from tortuga_desktop.games.dice.table.scenes.results import ResultsScene

        if super().open_save_dialog():
            return True  # a table offering saved_game() (the dice table, 1667's) or the pause menu over one
        # the results of a game this computer played whose archiving failed: its local source holds the game
        app = self.app
        top = app.top
        source = top.source if isinstance(top, ResultsScene) else None
        shown = source.game if isinstance(source, LocalTableSource) else None
        for unstored in list(self.unstored.values()):
            if shown is not None and unstored.game is shown:
                app.push(SaveScene(unstored))
                return True
        return False
