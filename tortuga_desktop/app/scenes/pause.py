"""Pause overlay over the table: resume, animation speed, main menu, quit."""

from __future__ import annotations

from typing import Any

import pygame

from .. import art, palette
from ..intents import Intent, Key
from . import Scene
from .menu import ButtonList, MenuItem

SPEEDS = ("slow", "normal", "fast", "instant")


def _(s: str) -> str:
    return s


class PauseScene(Scene):
    """A translucent overlay; Escape or Resume returns to the table."""

    opaque = False
    name = "pause"

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        self.buttons = ButtonList([])
        self._dim: pygame.Surface | None = None

    def enter(self, app: Any) -> None:
        super().enter(app)
        self._build()

    def _build(self) -> None:
        speed = getattr(self.table, "speed", "normal")
        self.buttons = ButtonList([
            MenuItem(_("Resume"), self.resume_game),
            MenuItem(_("Animation speed") + f": {speed}", self.cycle_speed),
            MenuItem(_("Main menu"), self.to_menu),
            MenuItem(_("Quit"), lambda: self.app.quit(0)),
        ])
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = min(w / 1600, h / 900)
        self.buttons.layout(w // 2, int(h * 0.36), int(420 * s), int(60 * s), int(16 * s))
        self._dim = None

    def resume_game(self) -> None:
        self.app.pop()

    def cycle_speed(self) -> None:
        cur = getattr(self.table, "speed", "normal")
        nxt = SPEEDS[(SPEEDS.index(cur) + 1) % len(SPEEDS)] if cur in SPEEDS else "normal"
        self.table.set_speed(nxt)
        focus = self.buttons.focus
        self._build()
        self.buttons.focus = focus

    def to_menu(self) -> None:
        app = self.app
        app.pop()  # this overlay
        while len(app.scenes) > 1:
            app.pop()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key) and intent.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.buttons.handle(intent):
            self.app.request_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self._dim is None or self._dim.get_size() != (w, h):
            self._dim = pygame.Surface((w, h), pygame.SRCALPHA)
            self._dim.fill((10, 20, 30, 150))
        surface.blit(self._dim, (0, 0))
        s = min(w / 1600, h / 900)
        box = pygame.Rect(0, 0, int(520 * s), int(420 * s))
        box.center = (w // 2, int(h * 0.47))
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, box, border_radius=int(18 * s))
        pygame.draw.rect(surface, palette.BRASS_DARK, box, max(2, int(4 * s)), border_radius=int(18 * s))
        t = art.font(int(38 * s), True).render(_("Paused"), True, palette.INK)
        surface.blit(t, t.get_rect(midtop=(w // 2, box.y + int(18 * s))))
        self.buttons.draw(surface, int(26 * s))


__all__ = ["PauseScene"]
