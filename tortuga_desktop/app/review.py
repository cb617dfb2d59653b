"""The game review screen: each seat's estimated chance to win over the game, and the three
moments where a human's chance fell most, with what Expert would have done there.

Opened with the Review button (V) of the results screen; W then opens the replay with this
chart under its scrubber. The estimate (:func:`tortuga_desktop.ai.review.review_game`,
all information revealed: the game is over) runs on a worker thread with a progress bar; Esc
goes back (and stops the work).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import pygame

from ..ai.review import Review, review_game
from ..rules import Game, RulesError
from . import palette
from .eventtext import reason_text
from .i18n import tr
from .layout import wrap_words
from .scenes import Scene

logger = logging.getLogger(__name__)

#: rollouts per estimate (a 4-player game's review stays well under 20 s on one core)
REVIEW_ROLLOUTS = 40


class _Stopped(Exception):
    """The player left the review before it was done."""


class ReviewScene(Scene):
    """Chance-to-win chart and the worst moments of a finished game."""

    opaque = True
    name = "review"

    def __init__(self, game: Game, humans: list[int], colours: list[tuple[int, int, int]],
                 results: Any = None) -> None:
        super().__init__()
        #: the results screen it was opened from (W: watch the replay with this chart)
        self.results = results
        self.game = game
        self.humans = humans or list(range(game.players))
        self.colours = colours
        self.progress = 0.0
        self.result: Review | None = None
        self.error = ""
        self._stop = False
        self._shown = -1.0
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ work
    def enter(self, app: Any) -> None:
        super().enter(app)
        try:
            record = self.game.record()
        except RulesError:
            self.error = tr("review.no_record")
            return
        self._thread = threading.Thread(target=self._work, args=(record,), name="tortuga-review", daemon=True)
        self._thread.start()

    def _step(self, fraction: float) -> None:
        if self._stop:
            raise _Stopped
        self.progress = fraction

    def _work(self, record: Any) -> None:
        try:
            self.result = review_game(record, self.humans, rollouts=REVIEW_ROLLOUTS, progress=self._step)
        except _Stopped:
            return
        except Exception:  # a fault is logged and shown; the app goes on
            logger.exception("game review failed")
            self.error = tr("review.failed")

    def exit(self) -> None:
        self._stop = True

    @property
    def done(self) -> bool:
        return self.result is not None or bool(self.error)

    # ------------------------------------------------------------------ scene
    def handle(self, intent: Any) -> None:
        key = getattr(intent, "key", None)
        if key == pygame.K_w and self.result is not None and self.results is not None:
            self.results.watch_replay(round_chances=(self.result.rounds, self.result.chances))
            return
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_v) or getattr(intent, "button", None) == 3:
            self._stop = True
            if self.app is not None and self.app.top is self:
                self.app.pop()

    def update(self, dt: float) -> bool:
        shown = 2.0 if self.done else round(self.progress, 2)
        if shown != self._shown:
            self._shown = shown
            return True
        return False

    def moment_lines(self) -> list[str]:
        """The worst moments as text lines (Expert's choice and reason with each)."""
        if self.result is None:
            return []
        names = self.game.names
        out = []
        for m in self.result.moments:
            line = tr("review.moment", round=m.round, name=names[m.seat], before=round(100 * m.before),
                      after=round(100 * m.after))
            if m.expert is not None:
                line += " " + tr("hint.expert_would", reason=reason_text(m.expert.reason, names))
            out.append(line)
        return out or [tr("review.no_moments")]

    def draw(self, surface: pygame.Surface) -> None:
        from . import art

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
            msg = f.render(tr("review.computing", pct=int(100 * self.progress)), True, palette.INK)
            surface.blit(msg, msg.get_rect(midtop=(panel.centerx, bar.bottom + 10)))
        else:
            y = self._draw_chart(surface, pygame.Rect(panel.x + 60, y, panel.w - 220, int(panel.h * 0.5)), f)
            for line in self.moment_lines():
                for part in wrap_words(line, f, panel.w - 40):
                    surface.blit(f.render(part, True, palette.INK), (panel.x + 20, y))
                    y += f.get_linesize()
                y += 6
        hint = f.render(tr("review.back") + ("   " + tr("review.watch") if self.result is not None
                                              and self.results is not None else ""), True, palette.INK_SOFT)
        surface.blit(hint, hint.get_rect(bottomright=(panel.right - 16, panel.bottom - 10)))

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect, f: Any) -> int:
        """Lines of every seat's chance (0-100 %) at each round start and at the end."""
        assert self.result is not None
        rv = self.result
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, area)
        for pct in (0, 25, 50, 75, 100):
            yy = area.bottom - int(area.h * pct / 100)
            pygame.draw.line(surface, palette.INK_SOFT, (area.x, yy), (area.right, yy), 1)
            lab = f.render(f"{pct} %", True, palette.INK_SOFT)
            surface.blit(lab, lab.get_rect(midright=(area.x - 6, yy)))
        n = len(rv.chances)
        xs = [area.x + (area.w * i // max(1, n - 1)) for i in range(n)]
        for i, r in enumerate(rv.rounds):
            label = tr("review.end") if i == n - 1 else str(r)
            lab = f.render(label, True, palette.INK_SOFT)
            surface.blit(lab, lab.get_rect(midtop=(xs[i], area.bottom + 4)))
        for s in range(self.game.players):
            pts = [(xs[i], area.bottom - int(area.h * rv.chances[i][s])) for i in range(n)]
            colour = self.colours[s % len(self.colours)]
            if len(pts) > 1:
                pygame.draw.lines(surface, colour, False, pts, 4 if s in self.humans else 2)
            name = f.render(self.game.names[s], True, colour)
            surface.blit(name, (area.right + 12, area.y + s * (f.get_linesize() + 4)))
        return int(area.bottom + f.get_linesize() + 14)


def open_review(results: Any) -> None:
    """From the results screen: push the review of its game (humans from its seats)."""
    game = results.game
    seats = results.seats
    humans = [i for i, s in enumerate(seats) if getattr(s, "kind", "") == "human"]
    colours = [results._colour(s).rgb for s in range(game.players)]
    results.app.push(ReviewScene(game, humans, colours, results))


__all__ = ["REVIEW_ROLLOUTS", "ReviewScene", "open_review"]
