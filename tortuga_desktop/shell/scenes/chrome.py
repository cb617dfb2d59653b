"""What the menu-style screens share: the button list (:class:`ButtonList` of :class:`MenuItem`),
the sea-and-island backdrop behind the dialogs and the title. Kept below every scene, so a
screen that draws like the menu does not need the menu (or the screens it opens)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key
from tortuga_desktop.shell.listing import start_scan

__all__ = ["ButtonList", "MenuItem", "backdrop", "draw_title", "warm_backdrop"]


@dataclass
class MenuItem:
    label: str
    action: Callable[[], None]
    enabled: bool = True
    hint: str = ""


class ButtonList:
    """A vertical list of big parchment buttons with keyboard focus."""

    def __init__(self, items: list[MenuItem]) -> None:
        self.items = items
        self.focus = next((i for i, it in enumerate(items) if it.enabled), 0)
        self.rects: list[pygame.Rect] = []

    def layout(self, center_x: int, top: int, width: int, height: int, gap: int) -> None:
        self.rects = [pygame.Rect(center_x - width // 2, top + i * (height + gap), width, height)
                      for i in range(len(self.items))]

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Hover):
            for i, r in enumerate(self.rects):
                if r.collidepoint(intent.pos) and self.items[i].enabled and self.focus != i:
                    self.focus = i
                    return True
            return False
        if isinstance(intent, Click) and intent.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(intent.pos) and self.items[i].enabled:
                    self.focus = i
                    self.items[i].action()
                    return True
            return False
        if isinstance(intent, Key):
            if intent.key in (pygame.K_DOWN, pygame.K_TAB):
                self._move(1)
                return True
            if intent.key == pygame.K_UP:
                self._move(-1)
                return True
            if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                it = self.items[self.focus]
                if it.enabled:
                    it.action()
                return True
        return False

    def _move(self, d: int) -> None:
        n = len(self.items)
        for k in range(1, n + 1):
            i = (self.focus + d * k) % n
            if self.items[i].enabled:
                self.focus = i
                return

    def draw(self, surface: pygame.Surface, px: int) -> None:
        for i, (it, r) in enumerate(zip(self.items, self.rects, strict=False)):
            on = i == self.focus and it.enabled
            sh = r.move(0, max(2, px // 6))
            pygame.draw.rect(surface, palette.darken(palette.TABLE_DARK, 0.4), sh, border_radius=px // 2)
            fill = palette.GOLD_LIGHT if on else (palette.PARCHMENT if it.enabled else palette.PARCHMENT_DARK)
            pygame.draw.rect(surface, fill, r, border_radius=px // 2)
            pygame.draw.rect(surface, palette.INK if on else palette.BRASS_DARK, r, max(2, px // 12), border_radius=px // 2)
            col = palette.INK if it.enabled else palette.INK_SOFT
            size = px
            t = art.font(size, True).render(it.label, True, col)
            while t.get_width() > r.w - px * 2 and size > 10:
                size -= 1
                t = art.font(size, True).render(it.label, True, col)
            surface.blit(t, t.get_rect(center=r.center))
            if on:
                s = max(4, px // 4)
                y = r.centery
                pygame.draw.polygon(surface, palette.INK, [(r.x + s * 2, y - s), (r.x + s * 3, y), (r.x + s * 2, y + s)])


@lru_cache(maxsize=8)
def backdrop(size: tuple[int, int], island: str = "bottom") -> pygame.Surface:
    """The sea with the island: at the bottom (behind the dialogs' panels) or, for the title
    screen, on the right, clear of the menu."""
    w, h = size
    surf = pygame.Surface(size)
    for y in range(h):
        t = y / max(1, h - 1)
        pygame.draw.line(surf, palette.mix(palette.SEA, palette.SEA_DEEP, t), (0, y), (w, y))
    # Gentle wave marks.
    footer = h - int(44 * min(w / 1600, h / 900))  # the key hint's band stays clear (issue 23)
    for row in range(12):
        y0 = int(h * (0.1 + row * 0.08))
        if y0 + 6 > footer:
            break
        for x in range(-40, w, 90):
            xx = x + (row % 2) * 45
            pts = [(xx + k * 6, y0 + 4 * math.sin(k / 2.0)) for k in range(8)]
            pygame.draw.lines(surf, palette.mix(palette.SEA_LIGHT, palette.SEA, 0.5), False, pts, 2)
    if island == "none":
        return surf
    if island == "right":
        iw = min(int(w * 0.5), int(h * 0.62 * 614 / 224))
        isl = art.load_svg("island", (iw, int(iw * 224 / 614)))
        surf.blit(isl, isl.get_rect(center=(int(w * 0.70), int(h * 0.56))))
    else:
        isl = art.load_svg("island", (int(w * 0.55), int(h * 0.38)))
        surf.blit(isl, isl.get_rect(center=(w // 2, int(h * 0.80))))
    return surf


_warmed: set[tuple[int, int]] = set()


def warm_backdrop(size: tuple[int, int]) -> None:
    """Paint the dialogs' backdrop (Statistics, Load game, Help...) for ``size`` on a worker
    thread while the title screen shows, so opening one of them never waits ~100 ms for it."""
    if size in _warmed:
        return
    _warmed.add(size)

    start_scan("painting the backdrop", lambda _progress: backdrop(size))  # a failure is only logged


def draw_title(surface: pygame.Surface, center: tuple[int, int], px: int, title: str = "TORTUGA") -> pygame.Rect:
    f = art.font(px, True)
    core = f.render(title, True, palette.GOLD)
    edge = f.render(title, True, palette.INK)
    o = max(2, px // 14)
    r = core.get_rect(center=center)
    for dx in (-o, 0, o):
        for dy in (-o, 0, o):
            if dx or dy:
                surface.blit(edge, r.move(dx, dy + o))
    surface.blit(core, r)
    return r
