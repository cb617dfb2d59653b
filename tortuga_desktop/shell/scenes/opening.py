"""A file opened from the command line while the window stays alive: :class:`OpeningScene`.

``tortuga PATH`` and ``tortuga --replay FILE`` read, check and replay their file on a worker thread
(a long game is replayed there) while this scene shows a small notice ("Opening the game…", with
the seconds it has taken) over the main menu; the window keeps drawing and answering. When the work
is done the scene takes itself off and hands the result to its ``done`` on the frame loop (the
game's table, its replay, or the message saying why the file was refused). Esc leaves the notice:
the result is then dropped (the file is never changed by reading it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Intent, Key
from tortuga_desktop.shell.listing import Progress
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.dialogs import draw_panel, scale_of
from tortuga_desktop.shell.scenes.listview import Worker

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

__all__ = ["OpeningScene", "opening"]

logger = logging.getLogger(__name__)

T = TypeVar("T")

#: how often the notice's dots and seconds move (a redraw; nothing else is drawn while it waits)
_TICK_S = 0.25


class OpeningScene(Scene, Generic[T]):
    """``work()`` on a worker thread under a notice (``label``, a translation's text); ``done(result)``
    on the frame loop once it returns. ``work`` must turn every refusal into its result (an error
    value): anything it raises is logged and given to ``failed`` instead."""

    opaque = False
    name = "opening"

    def __init__(self, label: str, work: Callable[[], T], done: Callable[[T], None],
                 failed: Callable[[BaseException], None]) -> None:
        super().__init__()
        self.label = label
        self._work = work
        self._done = done
        self._failed = failed
        self._worker: Worker[T] = Worker()
        self._since = 0.0
        self._ticks = 0

    @property
    def busy(self) -> bool:
        """The file is still being read (tests and tools wait for it)."""
        return self._worker.busy

    def enter(self, app: App) -> None:
        super().enter(app)

        def work(_progress: Progress) -> T:
            return self._work()

        # after the first frame with the notice is drawn: that frame never waits for the reading
        self._worker.start(self.label, work, after_frame=True)

    def update(self, dt: float) -> bool:
        self._since += dt
        task = self._worker.poll()
        if task is not None:
            if self.entered and self.app.top is self:
                self.app.pop()
            if task.error is not None:
                logger.error("opening a file failed: %s", task.error)
                self._failed(task.error)
            else:
                self._done(task.result)
            return True
        ticks = int(self._since / _TICK_S)
        if ticks != self._ticks:
            self._ticks = ticks
            return True
        return False

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key) and intent.key == pygame.K_ESCAPE and self.app.top is self:
            self.app.pop()  # the work ends by itself; its result is dropped

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        w, h = surface.get_size()
        s = scale_of((w, h))
        f = art.font(max(12, int(22 * s)))
        seconds = int(self._since)
        text = self.label + ("" if seconds < 1 else "  " + tr("saves.opening.seconds", seconds=seconds))
        shown = f.render(text + "." * (self._ticks % 4), True, palette.INK)
        pad = int(24 * s)
        box = pygame.Rect(0, 0, max(f.size(text + "...")[0] + 2 * pad, int(360 * s)), shown.get_height() + 2 * pad)
        box.center = (w // 2, h // 2)
        draw_panel(surface, box, s)
        surface.blit(shown, shown.get_rect(midleft=(box.x + pad, box.centery)))
        return None


def opening(app: App, label: str, work: Callable[[], T], done: Callable[[T], None],
            failed: Callable[[BaseException], None]) -> OpeningScene[T]:
    """Push an :class:`OpeningScene` for ``work`` and return it."""
    scene = OpeningScene(label, work, done, failed)
    app.push(scene)
    return scene
