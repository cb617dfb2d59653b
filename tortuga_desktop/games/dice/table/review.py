"""The game review screen: each seat's estimated chance to win at every decision, and the
human decisions whose move was clearly worse than the best move found.

Opened with the Review button (V) of the results screen. The review
(:func:`tortuga_desktop.games.dice.ai.review.review_game`: the one evaluation a hint makes, at every
decision) runs in a worker process (:mod:`tortuga_desktop.shell.thinkhost`, running :mod:`tortuga_desktop.games.dice.ai.tasks`) with a progress bar; Esc goes
back (and stops the work at once).

Every percentage a moment's line quotes is a point of the chart (the chance after the move
made, ringed on the chart); the cost is in percentage points. Clicking a moment (or its
number key, 1-5) opens the replay at that decision with this chart under the scrubber; W opens
it at the start.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop import thinking
from tortuga_desktop.games.dice.ai import tasks as think_tasks
from tortuga_desktop.games.dice.ai.review import Moment, Review, review_game
from tortuga_desktop.games.dice.rules.record import GameRecord
from tortuga_desktop.games.dice.table.evaltext import moment_text
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.layout import wrap_words
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.thinkhost import shared_host

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
    from tortuga_desktop.shell.loop import App

logger = logging.getLogger(__name__)


class _Stopped(Exception):
    """The player left the review before it was done."""


class ReviewScene(Scene):
    """Chance-to-win chart and the worst moments of a finished game."""

    opaque = True
    name = "review"

    def __init__(self, record: GameRecord | None, humans: list[int], colours: list[tuple[int, int, int]],
                 results: ResultsScene | None = None, hotseat: bool | None = None, *, names: tuple[str, ...] = ()) -> None:
        """``record``: the finished game's whole record (None: it has none, the review says so);
        ``names``: the players' names as shown (default: the record's)."""
        super().__init__()
        #: the results screen it was opened from (W: watch the replay with this chart)
        self.results = results
        self.record = record
        self.names = names or (record.names if record is not None else ())
        self.players = len(self.names)
        self.humans = humans or list(range(self.players))
        #: the humans shared this screen (their hints at public decisions used the public view)
        self.hotseat = len(humans) > 1 if hotseat is None else hotseat
        #: where each moment's lines were drawn (clicks open the replay there)
        self.moment_rects: list[tuple[pygame.Rect, Moment]] = []
        self.colours = colours
        self.progress = 0.0
        self.result: Review | None = None
        self.error = ""
        self._stop = False
        self._shown = -1.0
        self._thread: threading.Thread | None = None
        #: the review in a worker process (None: on a thread, in tests)
        self._future: Future[Review] | None = None

    # ------------------------------------------------------------------ work
    def enter(self, app: App) -> None:
        super().enter(app)
        record = self.record
        if record is None:
            self.error = tr("review.no_record")
            return
        if thinking.ENABLED:
            self._future = think_tasks.submit_review(shared_host(), record, self.humans, hotseat=self.hotseat,
                                                     progress=self._progressed)
            self._future.add_done_callback(self._reviewed)
            return
        self._thread = threading.Thread(target=self._work, args=(record,), name="tortuga-review", daemon=True)
        self._thread.start()

    def _progressed(self, fraction: float) -> None:
        self.progress = fraction

    def _reviewed(self, future: Future[Review]) -> None:
        if future.cancelled():
            return
        try:
            self.result = future.result()
        except Exception as exc:  # a fault is logged and shown; the app goes on
            logger.error("game review failed", exc_info=exc)
            self.error = tr("review.failed")

    def _step(self, fraction: float) -> None:
        if self._stop:
            raise _Stopped
        self.progress = fraction

    def _work(self, record: GameRecord) -> None:
        try:
            self.result = review_game(record, self.humans, hotseat=self.hotseat, progress=self._step)
        except _Stopped:
            return
        except Exception:  # a fault is logged and shown; the app goes on
            logger.exception("game review failed")
            self.error = tr("review.failed")

    def exit(self) -> None:
        self._stop = True
        if self._future is not None:
            self._future.cancel()

    @property
    def done(self) -> bool:
        return self.result is not None or bool(self.error)

    # ------------------------------------------------------------------ scene
    def handle(self, intent: Intent) -> None:
        key = intent.key if isinstance(intent, Key) else None
        if key == pygame.K_w and self.result is not None:
            self.watch(0)
            return
        if key is not None and self.result is not None and pygame.K_1 <= key <= pygame.K_9:
            i = key - pygame.K_1
            if i < len(self.result.moments):
                self.watch(self.result.moments[i].index + 1)
            return
        button = intent.button if isinstance(intent, Click) else None
        pos = intent.pos if isinstance(intent, Click) else None
        if button == 1 and pos is not None:
            for rect, m in self.moment_rects:
                if rect.collidepoint(pos):
                    self.watch(m.index + 1)
                    return
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_v) or button == 3:
            self._stop = True
            if self._future is not None:
                self._future.cancel()
            if self.entered and self.app.top is self:
                self.app.pop()

    def watch(self, position: int) -> bool:
        """The replay at ``position`` with this review's chart (False: nothing to open)."""
        if self.result is None or self.results is None:
            return False
        return bool(self.results.watch_replay(chances=self.result.chances, start=position))

    def update(self, dt: float) -> bool:
        shown = 2.0 if self.done else round(self.progress, 2)
        if shown != self._shown:
            self._shown = shown
            return True
        return False

    def moment_lines(self) -> list[str]:
        """The moments as text lines, costliest first (each quotes the chart's value there)."""
        if self.result is None:
            return []
        names = self.names
        out = [f"{i + 1}. " + moment_text(m, self.result.point(m), names) for i, m in enumerate(self.result.moments)]
        return out or [tr("review.none_worse")]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(palette.SEA_DEEP)
        panel = pygame.Rect(20, 16, w - 40, h - 32)
        pygame.draw.rect(surface, palette.PARCHMENT, panel, border_radius=14)
        pygame.draw.rect(surface, palette.BRASS_DARK, panel, width=3, border_radius=14)
        title_f = art.font(max(18, min(34, w // 36)), bold=True)
        f = art.font(max(11, min(18, h // 44)))
        y = panel.y + 12
        t = title_f.render(tr("review.title"), True, palette.INK)
        surface.blit(t, t.get_rect(midtop=(panel.centerx, y)))
        y += title_f.get_linesize() + 8
        if self.error:
            surface.blit(f.render(self.error, True, palette.DANGER), (panel.x + 20, y))
        elif self.result is None:
            bar = pygame.Rect(panel.x + 60, y + 40, panel.w - 120, 26)
            pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, bar, border_radius=8)
            fill = bar.copy()
            fill.w = max(4, int(bar.w * min(1.0, self.progress)))
            pygame.draw.rect(surface, palette.BRASS_DARK, fill, border_radius=8)
            msg = f.render(tr("review.computing2", pct=int(100 * self.progress)), True, palette.INK)
            surface.blit(msg, msg.get_rect(midtop=(panel.centerx, bar.bottom + 10)))
        else:
            wrapped = [wrap_words(line, f, panel.w - 40) for line in self.moment_lines()]
            moments = self.result.moments
            below = sum(len(w) * f.get_linesize() + 8 for w in wrapped) + (f.get_linesize() if moments else 0)
            footer = f.get_linesize() + 14
            chart_h = max(60, min(int(panel.h * 0.42), panel.bottom - footer - below - y - 2 * f.get_linesize() - 10))
            y = self._draw_chart(surface, pygame.Rect(panel.x + 60, y, panel.w - 220, chart_h), f)
            self.moment_rects = []
            for i, parts in enumerate(wrapped):
                top = y
                for part in parts:
                    surface.blit(f.render(part, True, palette.INK), (panel.x + 20, y))
                    y += f.get_linesize()
                if i < len(moments):
                    rect = pygame.Rect(panel.x + 14, top - 2, panel.w - 28, y - top + 4)
                    pygame.draw.rect(surface, palette.BRASS_DARK, rect, 1, border_radius=6)
                    self.moment_rects.append((rect, moments[i]))
                y += 8
            if moments:
                surface.blit(f.render(tr("review.click"), True, palette.INK_SOFT), (panel.x + 20, y))
        hint = f.render(tr("review.back") + ("   " + tr("review.watch") if self.result is not None
                                              and self.results is not None else ""), True, palette.INK_SOFT)
        surface.blit(hint, hint.get_rect(bottomright=(panel.right - 16, panel.bottom - 10)))

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect, f: pygame.font.Font) -> int:
        """Every seat's chance (0-100 %) at every decision; each moment's quoted point ringed
        and numbered; round numbers under the positions where rounds start."""
        assert self.result is not None
        rv = self.result
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, area)
        for pct in (0, 25, 50, 75, 100):
            yy = area.bottom - int(area.h * pct / 100)
            pygame.draw.line(surface, palette.INK_SOFT, (area.x, yy), (area.right, yy), 1)
            lab = f.render(f"{pct} %", True, palette.INK_SOFT)
            surface.blit(lab, lab.get_rect(midright=(area.x - 6, yy)))
        n = len(rv.chances)

        def x_of(k: int) -> int:
            return area.x + (area.w * k // max(1, n - 1))

        def y_of(p: float) -> int:
            return area.bottom - int(round(area.h * p))

        last_label = -10**6
        for k, r in enumerate(rv.rounds):
            if k == 0 or r != rv.rounds[k - 1]:
                x = x_of(k)
                pygame.draw.line(surface, palette.PARCHMENT_DARK, (x, area.y), (x, area.bottom), 1)
                lab = f.render(str(r), True, palette.INK_SOFT)
                if x - last_label > lab.get_width() + 6:
                    surface.blit(lab, lab.get_rect(midtop=(x, area.bottom + 4)))
                    last_label = x
        for s in range(self.players):
            pts = [(x_of(k), y_of(rv.chances[k][s])) for k in range(n)]
            colour = self.colours[s % len(self.colours)]
            if len(pts) > 1:
                pygame.draw.lines(surface, colour, False, pts, 3 if s in self.humans else 1)
            name = f.render(self.names[s], True, colour)
            surface.blit(name, (area.right + 12, area.y + s * (f.get_linesize() + 4)))
        for i, m in enumerate(rv.moments):
            pt = (x_of(m.index + 1), y_of(rv.point(m)))
            pygame.draw.circle(surface, palette.INK, pt, 7, 2)
            lab = f.render(str(i + 1), True, palette.INK)
            surface.blit(lab, lab.get_rect(midbottom=(pt[0], pt[1] - 7)))
        axis = f.render(tr("review.axis"), True, palette.INK_SOFT)
        surface.blit(axis, axis.get_rect(topright=(area.right, area.bottom + 4 + f.get_linesize())))
        return int(area.bottom + 2 * f.get_linesize() + 10)


def open_review(results: ResultsScene) -> None:
    """From the results screen: push the review of its game (humans from its seats)."""
    view = results.game
    seats = results.seats
    humans = [i for i, s in enumerate(seats) if getattr(s, "kind", "") == "human"]
    colours = [results._colour(s).rgb for s in range(view.players)]
    local = [i for i, s in enumerate(seats) if getattr(s, "kind", "") == "human" and not getattr(s, "remote", False)]
    results.app.push(ReviewScene(results.source.game_record(), humans, colours, results, hotseat=len(local) > 1,
                                 names=view.names))


__all__ = ["ReviewScene", "open_review"]
