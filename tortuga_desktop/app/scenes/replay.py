"""ReplayScene: a kept game record played back on the table, with a timeline scrubber.

Keys: Left/Right step one decision, Shift+Left/Right one round, Home/End the start/end,
Space plays/pauses, P switches the perspective (public, each seat, everything revealed),
Esc closes. The scrubber at the bottom can be clicked or dragged to any decision; its long
ticks mark rounds, its short ticks phases.

A record of a game that can still be continued (not finished) is shown in the public view
only (:attr:`ReplayTimeline.locked`).
"""

from __future__ import annotations

from typing import Any

import pygame

from ...rules import Game, PlayerView, describe
from ..anim import SPEEDS
from ..controller import LogLine
from ..i18n import tr
from ..intents import Click, Hover, Intent, Key
from ..records import ReplayFile
from ..render.table import AnimState, TableRenderer, fit_text
from ..replay import ALL, ReplayTimeline
from ..saves import SeatConfig
from . import Scene

__all__ = ["ReplayScene", "replay_log"]

#: Height of the timeline strip under the table (pixels).
STRIP = 64
#: Seconds per decision while playing, at normal speed (scaled by the speed factor).
STEP_S = 0.6


def replay_log(game: Game, viewer: int | None, reasons: dict[int, tuple[int, Any]]) -> list[LogLine]:
    """The log as ``viewer`` (a seat, None, or ALL for every event) could read it at this point,
    each bot's reason under the first line of its move."""
    events = list(game.events) if viewer == ALL else game.events_for(viewer)
    waiting = sorted((d, r) for d, r in reasons.items() if d <= game.decisions)
    out: list[LogLine] = []
    for e in events:
        if not describe(e, game.names):
            continue
        out.append(LogLine(e.round, e))
        seat = getattr(e, "seat", getattr(e, "owner", None))
        for i, (decision, (who, reason)) in enumerate(waiting):
            if decision > e.decision:
                break
            if who == seat:
                del waiting[i]
                out.append(LogLine(e.round, None, reason, who))
                break
    return out


class ReplayScene(Scene):
    """Plays back one :class:`ReplayFile`."""

    name = "replay"
    opaque = True

    def __init__(self, rf: ReplayFile, *, speed: str = "normal") -> None:
        super().__init__()
        self.file = rf
        self.timeline = ReplayTimeline(rf.record, locked=not rf.finished)
        self.seats = [SeatConfig(n, k, i) for i, (n, k) in enumerate(zip(rf.record.names, rf.kinds, strict=True))]
        self.speed = speed if speed in SPEEDS and SPEEDS[speed] > 0 else "normal"
        self.position = 0
        self.wanted: int | None = None
        self.playing = False
        self._acc = 0.0
        self.renderer: TableRenderer | None = None
        self.game = self.timeline.game_at(0)
        self.view: PlayerView = self.timeline.view(self.game, None)
        self.log: list[LogLine] = []
        self._dragging = False
        self._dirty = True
        self._refresh()

    # -- state ---------------------------------------------------------------------------

    @property
    def perspective(self) -> int | None:
        return self.timeline.perspective(self.wanted)

    def seek(self, k: int) -> None:
        k = self.timeline.clamp(k)
        if k != self.position or self.game is None:
            self.position = k
            self.game = self.timeline.game_at(k)
        self._refresh()

    def set_perspective(self, wanted: int | None) -> None:
        self.wanted = wanted
        self._refresh()

    def next_perspective(self) -> None:
        order: list[int | None] = [None, *range(self.timeline.record.players), ALL]
        i = order.index(self.wanted) if self.wanted in order else 0
        self.set_perspective(order[(i + 1) % len(order)])

    def _refresh(self) -> None:
        who = self.perspective
        self.view = self.timeline.view(self.game, who)
        self.log = replay_log(self.game, who, self.file.reasons)
        if self.renderer is not None:
            self.renderer.forget_viewer_caches()
        self._dirty = True

    # -- lifecycle -----------------------------------------------------------------------

    def enter(self, app: Any) -> None:
        super().enter(app)
        w, h = app.size
        self.renderer = TableRenderer((w, h - STRIP), self.timeline.record.players, human_panel=False)
        self.renderer.seats = self.seats
        self._dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        if self.renderer is not None:
            self.renderer.set_size((size[0], size[1] - STRIP))
        self._dirty = True

    # -- input ---------------------------------------------------------------------------

    def bar(self) -> pygame.Rect:
        w, h = self.app.size if self.app is not None else (1280, 800)
        return pygame.Rect(int(w * 0.05), h - 24, int(w * 0.6), 12)

    def _position_at(self, x: int) -> int:
        bar = self.bar()
        frac = (x - bar.x) / max(1, bar.w)
        return self.timeline.clamp(round(frac * (len(self.timeline) - 1)))

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key):
            shift = bool(intent.mod & pygame.KMOD_SHIFT)
            k = intent.key
            if k == pygame.K_ESCAPE:
                self.app.pop()
            elif k == pygame.K_RIGHT:
                self.seek(self.timeline.next_round(self.position) if shift else self.position + 1)
            elif k == pygame.K_LEFT:
                self.seek(self.timeline.previous_round(self.position) if shift else self.position - 1)
            elif k == pygame.K_HOME:
                self.seek(0)
            elif k == pygame.K_END:
                self.seek(len(self.timeline) - 1)
            elif k == pygame.K_SPACE:
                self.playing = not self.playing
                self._acc = 0.0
                self._dirty = True
            elif k == pygame.K_p:
                self.next_perspective()
            return
        if isinstance(intent, Click) and intent.button == 1:
            if self.bar().inflate(0, 20).collidepoint(intent.pos):
                self._dragging = True
                self.seek(self._position_at(intent.pos[0]))
            return
        if isinstance(intent, Hover):
            if self._dragging and pygame.mouse.get_pressed()[0]:
                self.seek(self._position_at(intent.pos[0]))
            else:
                self._dragging = False

    # -- update / draw -------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        if self.playing:
            self._acc += dt
            step = STEP_S * SPEEDS.get(self.speed, 1.0)
            while self._acc >= step:
                self._acc -= step
                if self.position >= len(self.timeline) - 1:
                    self.playing = False
                    self._dirty = True
                    break
                self.seek(self.position + 1)
        dirty, self._dirty = self._dirty, False
        return dirty

    def draw(self, surface: pygame.Surface) -> None:
        from .. import palette

        if self.renderer is None:
            return
        table = pygame.Rect(0, 0, surface.get_width(), max(1, surface.get_height() - STRIP))
        if self.renderer.layout.size != table.size:
            self.renderer.set_size(table.size)
        self.renderer.draw_base(surface.subsurface(table), self.view,
                                AnimState(None, set(), None, None, 0.0, self.seats, self.log))
        bar = self.bar()
        strip = pygame.Rect(0, table.bottom, surface.get_width(), STRIP)
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, strip)
        pygame.draw.line(surface, palette.INK, strip.topleft, strip.topright, 2)
        pygame.draw.rect(surface, palette.INK_SOFT, bar, border_radius=6)
        n = max(1, len(self.timeline) - 1)
        rounds = set(self.timeline.round_starts())
        for k in self.timeline.phase_starts():
            x = bar.x + bar.w * k // n
            tall = k in rounds
            pygame.draw.line(surface, palette.INK, (x, bar.y - (8 if tall else 3)), (x, bar.bottom + (8 if tall else 3)),
                             2 if tall else 1)
        done = pygame.Rect(bar.x, bar.y, bar.w * self.position // n, bar.h)
        pygame.draw.rect(surface, palette.INK, done, border_radius=6)
        knob = (bar.x + bar.w * self.position // n, bar.centery)
        pygame.draw.circle(surface, palette.PARCHMENT_LIGHT, knob, 10)
        pygame.draw.circle(surface, palette.INK, knob, 10, 2)
        who = self.perspective
        view_name = (tr("replay.view.public") if who is None else tr("replay.view.all") if who == ALL
                     else self.timeline.record.names[who])
        stop = self.timeline.stops[self.position]
        label = tr("replay.status", position=self.position, total=n, round=stop.round,
                   view=view_name, state=tr("replay.playing" if self.playing else "replay.paused"))
        if self.timeline.locked:
            label += "  " + tr("replay.locked")
        t = fit_text(label, 16, palette.INK, surface.get_width() - bar.right - 30)
        surface.blit(t, t.get_rect(midleft=(bar.right + 20, bar.centery)))
        hint = fit_text(tr("replay.keys"), 14, palette.INK_SOFT, surface.get_width() - 20)
        surface.blit(hint, (bar.x, strip.y + 4))
