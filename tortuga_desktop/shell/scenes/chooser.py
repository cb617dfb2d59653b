"""The game chooser: which game New game (or Watch a demo, or Rules) is for, when the shell
has more than one (:mod:`tortuga_desktop.shell.game`).

One card per game, in the registry's order (the dice game first, focused): its small picture,
its name and one line. Up/Down (or Tab) move, Enter/Space choose, Escape goes back; the
mouse focuses by hovering and chooses by clicking. Choosing leaves the chooser under what it
opens, so Escape there comes back here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.game import GameModule
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key
from tortuga_desktop.shell.layout import LayoutReport, screen_scale
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chrome import backdrop, draw_title

__all__ = ["GameChooser"]


class GameChooser(Scene):
    """Choose one of ``games``; ``then(game)`` is called with the choice."""

    name = "chooser"

    def __init__(self, games: Sequence[GameModule], then: Callable[[GameModule], None]) -> None:
        super().__init__()
        if not games:
            raise ValueError("no game to choose from")
        self.games = tuple(games)
        self.then = then
        #: the focused card (the first game, the default)
        self.focus = 0
        #: each card's rectangle, in the order of ``games``
        self.rects: list[pygame.Rect] = []
        self._size = (0, 0)

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = screen_scale(size)
        n = len(self.games)
        top = int(h * 0.26)
        gap = max(6, int(16 * s))
        ch = max(48, min(int(132 * s), (h - top - int(60 * s)) // n - gap))
        cw = min(int(760 * s), w - 2 * int(40 * s))
        x = (w - cw) // 2
        self.rects = [pygame.Rect(x, top + i * (ch + gap), cw, ch) for i in range(n)]
        self._size = size

    def layout_report(self) -> LayoutReport:
        rep = LayoutReport()
        for i, r in enumerate(self.rects):
            rep.add(f"game card {i}", r)
        return rep

    def resize(self, size: tuple[int, int]) -> None:
        self._layout(size)

    def choose(self, index: int) -> None:
        """Choose ``games[index]`` (the chooser stays below what it opens)."""
        self.focus = index
        self.then(self.games[index])

    def handle(self, intent: Intent) -> None:
        if not self.entered:
            return
        if isinstance(intent, Key):
            k = intent.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif k in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.games)
                self.app.request_redraw()
            elif k == pygame.K_UP:
                self.focus = (self.focus - 1) % len(self.games)
                self.app.request_redraw()
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.focus)
            return
        if isinstance(intent, Hover | Click):
            for i, r in enumerate(self.rects):
                if r.collidepoint(intent.pos):
                    if isinstance(intent, Click):
                        if intent.button == 1:
                            self.choose(i)
                    elif self.focus != i:
                        self.focus = i
                        self.app.request_redraw()
                    return

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if size != self._size:
            self._layout(size)
        w, h = size
        s = screen_scale(size)
        surface.blit(backdrop(size, "bottom"), (0, 0))
        draw_title(surface, (w // 2, int(h * 0.10)), int(64 * s))
        head = art.font(max(14, int(30 * s)), True).render(tr("chooser.title"), True, palette.PARCHMENT_LIGHT)
        surface.blit(head, head.get_rect(center=(w // 2, int(h * 0.19))))
        for i, (m, r) in enumerate(zip(self.games, self.rects, strict=True)):
            self._card(surface, m, r, i == self.focus)
        hint = art.font(max(11, int(15 * s))).render(tr("chooser.hint"), True, palette.FOAM)
        # under the cards, above the backdrop's island (at the foot of the window it ran over its frame)
        below = max(r.bottom for r in self.rects) if self.rects else int(h * 0.6)
        surface.blit(hint, hint.get_rect(midtop=(w // 2, below + int(10 * s))))

    @staticmethod
    def _card(surface: pygame.Surface, m: GameModule, r: pygame.Rect, on: bool) -> None:
        rad = max(4, r.h // 8)
        pygame.draw.rect(surface, palette.darken(palette.TABLE_DARK, 0.4), r.move(0, max(2, r.h // 24)),
                         border_radius=rad)
        pygame.draw.rect(surface, palette.GOLD_LIGHT if on else palette.PARCHMENT, r, border_radius=rad)
        pygame.draw.rect(surface, palette.INK if on else palette.BRASS_DARK, r, max(2, r.h // 40), border_radius=rad)
        pad = max(6, r.h // 10)
        badge = pygame.Rect(r.x + pad, r.y + pad, r.h - 2 * pad, r.h - 2 * pad)
        m.draw_badge(surface, badge)
        text_x = badge.right + 2 * pad
        room = r.right - pad - text_x
        title_px = max(14, r.h * 3 // 10)
        line_px = max(11, r.h * 9 // 50)
        title = _fitted(tr(m.title_key), title_px, room, True)
        blurb = _fitted(tr(m.blurb_key), line_px, room, False)
        block = title.get_height() + blurb.get_height() + pad // 2
        y = r.centery - block // 2
        surface.blit(title, (text_x, y))
        surface.blit(blurb, (text_x, y + title.get_height() + pad // 2))


def _fitted(text: str, px: int, width: int, bold: bool) -> pygame.Surface:
    """``text`` rendered at ``px`` or smaller (down to 10 px) to fit ``width``."""
    size = px
    t = art.font(size, bold).render(text, True, palette.INK)
    while t.get_width() > width and size > 10:
        size -= 1
        t = art.font(size, bold).render(text, True, palette.INK)
    return t
