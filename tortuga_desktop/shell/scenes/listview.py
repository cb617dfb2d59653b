"""What the long lists (Load game, finished games, replays) share: work read on a worker
thread and polled by the scene, paging keys, a "21–28 of 10,000" line, and rendered rows kept
until the list changes (a frame never renders every line again).

* :class:`Worker` runs one piece of file work off the frame loop (:func:`listing.start_scan`);
  the scene polls it in ``update`` and draws its progress while it waits.
* :func:`page_key` moves the chosen line by a page (Page Up/Down) or to the ends (Home/End).
* :class:`RowCache` keeps the rendered text of each shown line, keyed by what it shows; it is
  emptied when the list, the size or the language changes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Generic

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import get_language, tr
from tortuga_desktop.shell.listing import Progress, Scan, start_scan

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    #: what a worker's work returns
    T = TypeVar("T")
    #: a cached row; a bare ``RowCache`` holds a list line's two rendered halves (a typing default, PEP 696,
    #: only: typing on Python 3.11 lacks it at run time)
    R = TypeVar("R", default=tuple[pygame.Surface, pygame.Surface])
else:
    from typing import TypeVar

    T = TypeVar("T")
    R = TypeVar("R")

__all__ = ["RowCache", "Worker", "draw_position", "page_key", "progress_text"]


class Worker(Generic[T]):
    """One piece of work on a worker thread, polled from the frame loop.

    ``start(name, work)`` starts ``work(progress)`` unless the same work is still running
    (then it is run once more when that one ends, so what is shown is never older than the
    last request). :meth:`poll` returns the finished :class:`listing.Scan` once, else None.

    ``start(..., after_frame=True)`` (a screen opening) starts the work at the first
    :meth:`poll` after the next one, that is once the screen's first frame is drawn: that frame
    then never shares the interpreter with a worker reading thousands of files (issue 24.3)."""

    def __init__(self) -> None:
        self.task: Scan[T] | None = None
        self._again: tuple[str, Callable[[Progress], T]] | None = None
        self._shown_progress: tuple[int, int] = (0, 0)
        #: work asked for with ``after_frame``: (polls still to skip, name, work)
        self._deferred: tuple[int, str, Callable[[Progress], T]] | None = None

    @property
    def busy(self) -> bool:
        return self.task is not None or self._deferred is not None

    @property
    def progress(self) -> tuple[int, int]:
        return self.task.progress if self.task is not None else (0, 0)

    def start(self, name: str, work: Callable[[Progress], T], *, after_frame: bool = False) -> None:
        if after_frame:
            self._deferred = (1, name, work)
            return
        self._deferred = None
        if self.task is not None and not self.task.done:
            self._again = (name, work)
            return
        self.task = start_scan(name, work)

    def poll(self) -> Scan[T] | None:
        if self._deferred is not None:
            skip, name, work = self._deferred
            if skip > 0:
                self._deferred = (skip - 1, name, work)
            else:
                self.start(name, work)
        task = self.task
        if task is None or not task.done:
            return None
        self.task = None
        if self._again is not None:
            name, work = self._again
            self._again = None
            self.start(name, work)
        return task

    def progress_changed(self) -> bool:
        """True once each time the reported progress moved (the scene redraws then)."""
        now = self.progress
        if now != self._shown_progress:
            self._shown_progress = now
            return True
        return False


def progress_text(key: str, progress: tuple[int, int]) -> str:
    """``key`` ("Reading the saved games…") with how far it got when files are being read."""
    done, total = progress
    text = tr(key)
    if total > 0:
        text = f"{text} {tr('list.progress', done=f'{done:,}', total=f'{total:,}')}"
    return text


def page_key(key: int, focus: int, count: int, visible: int) -> int | None:
    """The new chosen line for a paging key, or None when ``key`` is not one."""
    if count <= 0:
        return None
    step = max(1, visible)
    if key == pygame.K_PAGEDOWN:
        return min(count - 1, focus + step)
    if key == pygame.K_PAGEUP:
        return max(0, focus - step)
    if key == pygame.K_HOME:
        return 0
    if key == pygame.K_END:
        return count - 1
    return None


def draw_position(surface: pygame.Surface, first: int, shown: int, total: int, topright: tuple[int, int],
                  s: float) -> None:
    """"21–28 of 10,000" (only when the list is longer than what is shown)."""
    if total <= shown or shown <= 0:
        return
    f = art.font(max(10, int(15 * s)))
    t = f.render(tr("list.position", first=f"{first + 1:,}", last=f"{first + shown:,}", total=f"{total:,}"),
                 True, palette.INK_SOFT)
    surface.blit(t, t.get_rect(topright=topright))


class RowCache(Generic[R]):
    """Rendered rows by key; emptied when the language or the list's generation changes."""

    def __init__(self, limit: int = 256) -> None:
        self._rows: dict[Hashable, R] = {}
        self._stamp: Hashable = None
        self.limit = limit

    def get(self, stamp: Hashable, key: Hashable, make: Callable[[], R]) -> R:
        stamp = (stamp, get_language())
        if stamp != self._stamp:
            self._rows.clear()
            self._stamp = stamp
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) >= self.limit:
                self._rows.clear()
            row = self._rows[key] = make()
        return row

    def clear(self) -> None:
        self._rows.clear()
        self._stamp = None
