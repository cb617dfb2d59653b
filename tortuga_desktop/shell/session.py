"""The files every game writes while it is played, and the hooks a game's lifecycle adds.

:class:`Session` is ``app.session``: one background writer for every file written during play
(autosaves, records, archives, named saves, the settings), so the frame loop never waits for the
disk and a failed write becomes a notice saying how much is safe. A game that keeps more of a
lifecycle around it (the game in progress, asking before it is left, Ctrl+S, storing a finished
game) extends it: :meth:`GameModule.make_session <tortuga_desktop.shell.game.GameModule.make_session>`
gives the App its session, and the shell uses only what is declared here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from tortuga_desktop.shell import paths
from tortuga_desktop.shell.i18n import tr, trn
from tortuga_desktop.shell.saves import AutosaveWriter, SaveError
from tortuga_desktop.shell.saves.writer import Autosavable
from tortuga_desktop.shell.scenes.saveload import SaveScene

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.scenes import Scene

__all__ = ["Session", "SessionApp"]

logger = logging.getLogger(__name__)


class SessionApp(Protocol):
    """What the session uses of the App: its notices and its scene stack (Ctrl+S opens the save
    dialog over the scene on top)."""

    @property
    def top(self) -> Scene | None:
        """The scene on top of the stack (None: none yet)."""
        ...

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top of the scene stack."""
        ...

    def notify(self, text: str, level: str = "info", seconds: float | None = None) -> None:
        """A short notice on top of every scene (any thread)."""
        ...


class Session:
    """The background writer of one App, and the questions the shell asks of the games being
    played (which a game's own session answers: :meth:`confirm_leaving_game`,
    :meth:`open_save_dialog`)."""

    def __init__(self, app: SessionApp) -> None:
        self.app = app
        #: the background writer, made when first needed (:meth:`writer`)
        self.autosaver: AutosaveWriter | None = None

    # -- what the shell asks of the games -------------------------------------------------

    def confirm_leaving_game(self, what: str, proceed: Callable[[], None]) -> None:
        """Run ``proceed`` (``what``: "new" game or "load" a save), first asking when a game in
        progress would be left (a game's session knows; with none, there is nothing to ask)."""
        proceed()

    def open_save_dialog(self) -> bool:
        """Ctrl+S: open the save dialog for the game on screen; False when there is none. A table
        scene offering ``saved_game()`` (or the pause menu over one) gives what its Save gives; a
        game's session may know more (the dice game's results screen)."""
        app = self.app
        top = app.top
        if isinstance(top, SaveScene):
            return True
        table = getattr(top, "table", None) if type(top).__name__ == "PauseScene" else top
        own = getattr(table, "saved_game", None)
        if not callable(own):
            return False
        data = own()  # None: a demo, a network game, a finished game
        if data is None:
            return False
        app.push(SaveScene(data))
        return True

    # -- files: one background writer ----------------------------------------------------

    def writer(self) -> AutosaveWriter:
        """The background writer for every file written during play; failures show a notice."""
        if self.autosaver is None:
            self.autosaver = AutosaveWriter(on_error=self._write_failed, on_recover=self._write_recovered)
        return self.autosaver

    def _write_failed(self, error: SaveError) -> None:
        """A write failed (called on the writer's thread: only queue a notice). A failed
        autosave says how much of the game the autosave on disk still holds."""
        folder = paths.display_path(error.path.parent) if error.path is not None else "?"
        reason = str(error.params.get("reason") or error.key)
        writer = self.autosaver
        if writer is not None and error is writer.last_error and writer.unwritten is not None:
            game_id, total = writer.unwritten
            self.app.notify(tr("notice.autosave_failed", reason=reason, folder=folder,
                               safe=self.safe_on_disk_text(game_id, total)), "error")
            return
        self.app.notify(tr("notice.save_failed", reason=reason, folder=folder), "error")

    def safe_on_disk_text(self, game_id: str, total: int) -> str:
        """Which decision of game ``game_id`` (``total`` made so far) is safe in the autosave."""
        writer = self.autosaver
        saved = writer.safe_decisions(game_id) if writer is not None else None
        if saved is None:
            return tr("notice.safe_none")
        if saved >= total:
            return trn("notice.safe_all", total)
        return trn("notice.safe_on_disk", total, saved=saved)

    def _write_recovered(self) -> None:
        self.app.notify(tr("notice.save_works_again"), "info")

    def unsaved_error(self) -> SaveError | None:
        """The last write that failed and has not been made good since (None when all is written)."""
        return self.autosaver.last_error if self.autosaver is not None else None

    def close(self, wait: float) -> list[str]:
        """Close the background writer, waiting at most ``wait`` seconds; what could not be
        written (for the log and the terminal)."""
        unsaved: list[str] = []
        if self.autosaver is None:
            return unsaved
        writer, self.autosaver = self.autosaver, None
        try:
            done = writer.close(wait)
        except Exception:
            logger.exception("closing the background writer failed")
            done = False
        if not done:
            unsaved.append("the last changes (the disk did not answer in time)")
        if writer.last_error is not None:
            unsaved.append(f"the autosave ({writer.last_error.log_text})")
        return unsaved

    def autosave(self, data: Autosavable) -> None:
        """Queue ``data`` (a saved game of any game) as the autosave (never waits for the disk)."""
        try:
            self.writer().submit(data)
        except SaveError as err:  # the game cannot be written at all (should never happen)
            logger.error("the game cannot be autosaved: %s", err.log_text)
            self._write_failed(err)
        except RuntimeError:
            logger.exception("autosave after the writer was closed")
