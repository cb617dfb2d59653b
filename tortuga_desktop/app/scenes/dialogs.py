"""Small shared pieces for the overlay screens: a dimmed backdrop, a parchment panel, wrapped
text, and a message dialog (:class:`MessageScene`, OK closes it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import art, palette
from ..i18n import tr
from ..intents import Click, Intent, Key
from . import Scene
from .menu import ButtonList, MenuItem

__all__ = ["MessageScene", "dim", "draw_panel", "scale_of", "wrap", "text_lines"]


def scale_of(size: tuple[int, int]) -> float:
    w, h = size
    return max(0.5, min(w / 1600, h / 900))


def dim(surface: pygame.Surface, alpha: int = 160) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((10, 20, 30, alpha))
    surface.blit(veil, (0, 0))


def draw_panel(surface: pygame.Surface, box: pygame.Rect, s: float, title: str | None = None) -> int:
    """A parchment panel with an optional title; returns the y below the title."""
    r = max(6, int(18 * s))
    pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, box, border_radius=r)
    pygame.draw.rect(surface, palette.BRASS_DARK, box, max(2, int(4 * s)), border_radius=r)
    y = box.y + int(14 * s)
    if title:
        f = art.font(max(14, int(34 * s)), True)
        t = f.render(title, True, palette.INK)
        if t.get_width() > box.w - int(30 * s):
            f = art.font(max(12, int(26 * s)), True)
            t = f.render(title, True, palette.INK)
        surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
        y += t.get_height() + int(8 * s)
    return y


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Word-wrap ``text`` (keeps explicit line breaks)."""
    out: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split(" "):
            cand = word if not cur else cur + " " + word
            if font.size(cand)[0] > width and cur:
                out.append(cur)
                cur = word
            else:
                cur = cand
        out.append(cur)
    return out


def text_lines(surface: pygame.Surface, lines: list[str], font: pygame.font.Font, pos: tuple[int, int],
               colour: tuple[int, int, int] = palette.INK, gap: int = 2) -> int:
    x, y = pos
    for ln in lines:
        if ln:
            surface.blit(font.render(ln, True, colour), (x, y))
        y += font.get_linesize() + gap
    return y


class MessageScene(Scene):
    """A message with an OK button over whatever is below (Enter, Space, Esc or a click close it)."""

    opaque = False
    name = "message"

    def __init__(self, title: str, text: str, on_close: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.title = title
        self.text = text
        self.on_close = on_close
        self.buttons = ButtonList([MenuItem(tr("menu.ok"), self.close)])
        self._box = pygame.Rect(0, 0, 0, 0)

    def enter(self, app: Any) -> None:
        super().enter(app)
        self.resize(app.size)

    def retranslate(self) -> None:
        self.buttons.items[0].label = tr("menu.ok")

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = scale_of(size)
        self._box = pygame.Rect(0, 0, min(w - 40, int(820 * s)), int(360 * s))
        self._box.center = (w // 2, h // 2)
        self.buttons.layout(w // 2, self._box.bottom - int(80 * s), int(240 * s), int(56 * s), 0)

    def close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()
        if self.on_close is not None:
            self.on_close()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key) and intent.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                      pygame.K_SPACE):
            self.close()
            return
        if isinstance(intent, Click) and intent.button == 1 and not self._box.collidepoint(intent.pos):
            return
        if self.buttons.handle(intent):
            self.app.request_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        s = scale_of(surface.get_size())
        dim(surface)
        f = art.font(max(12, int(22 * s)))
        lines = wrap(self.text, f, self._box.w - int(60 * s))
        need = int(14 * s) + int(60 * s) + len(lines) * (f.get_linesize() + 2) + int(120 * s)
        if need > self._box.h:
            c = self._box.center
            self._box.h = min(surface.get_height() - 20, need)
            self._box.center = c
            self.buttons.layout(self._box.centerx, self._box.bottom - int(80 * s), int(240 * s), int(56 * s), 0)
        y = draw_panel(surface, self._box, s, self.title)
        text_lines(surface, lines, f, (self._box.x + int(30 * s), y + int(6 * s)))
        self.buttons.draw(surface, int(26 * s))
