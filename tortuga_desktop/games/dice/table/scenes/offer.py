"""The main menu's first-start offer of the dice game's tutorial: "New to Tortuga? Learn to play".

Its own module, light to import: the menu shows it on the first start, and the tutorial itself (its
table, rules and computer players) is loaded only when the offer is taken."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent
from tortuga_desktop.shell.layout import wrap_words

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

__all__ = ["FirstStartOffer", "wrap_lines"]


def wrap_lines(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Word wrap keeping explicit line breaks (an empty paragraph stays an empty line)."""
    return [ln for para in text.split("\n") for ln in (wrap_words(para, font, width) or [""])]


class FirstStartOffer:
    """ "New to Tortuga? Learn to play" on the main menu, until it is taken or declined once."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, pygame.Rect] = {}

    @classmethod
    def for_app(cls, app: App) -> FirstStartOffer | None:
        settings = app.settings
        if settings is None or settings.tutorial_offered:
            return None
        return cls(app)

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = min(w / 1600, h / 900)
        self.rect = pygame.Rect(int(w / 2 + 250 * s), int(h * 0.36), int(min(380 * s, w / 2 - 270 * s)), int(220 * s))
        bw, bh = (self.rect.w - int(36 * s)) // 2, int(46 * s)
        y = self.rect.bottom - int(14 * s) - bh
        self.buttons = {"learn": pygame.Rect(self.rect.x + int(12 * s), y, bw, bh),
                        "decline": pygame.Rect(self.rect.right - int(12 * s) - bw, y, bw, bh)}

    def answer(self, take: bool) -> None:
        """Taken or declined: never offered again."""
        settings = self.app.settings
        if settings is not None:  # an offer is only made with settings (for_app)
            settings.tutorial_offered = True
            self.app.save_settings()
        self.closed = True
        if take:
            from tortuga_desktop.games.dice.table.scenes.tutorial import start_tutorial

            start_tutorial(self.app)

    def handle(self, intent: Intent) -> bool:
        if not isinstance(intent, Click) or intent.button != 1:
            return False
        self._layout(self.app.size)
        for name, r in self.buttons.items():
            if r.collidepoint(intent.pos):
                self.answer(name == "learn")
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        w, h = surface.get_size()
        s = min(w / 1600, h / 900)
        r = self.rect
        pygame.draw.rect(surface, palette.darken(palette.TABLE_DARK, 0.4), r.move(0, max(2, int(4 * s))),
                         border_radius=int(14 * s))
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, r, border_radius=int(14 * s))
        pygame.draw.rect(surface, palette.GOLD, r, max(2, int(3 * s)), border_radius=int(14 * s))
        title = art.font(max(12, int(24 * s)), True).render(tr("tutorial.offer.title"), True, palette.INK)
        surface.blit(title, (r.x + int(16 * s), r.y + int(12 * s)))
        font = art.font(max(10, int(17 * s)))
        y = r.y + int(16 * s) + title.get_height()
        for ln in wrap_lines(tr("tutorial.offer.text"), font, r.w - int(32 * s)):
            surface.blit(font.render(ln, True, palette.INK), (r.x + int(16 * s), y))
            y += font.get_linesize()
        bfont = art.font(max(10, int(17 * s)), True)
        for name, b in self.buttons.items():
            fill = palette.GOLD if name == "learn" else palette.PARCHMENT
            pygame.draw.rect(surface, fill, b, border_radius=int(8 * s))
            pygame.draw.rect(surface, palette.INK, b, max(1, int(2 * s)), border_radius=int(8 * s))
            t = bfont.render(tr(f"tutorial.offer.{name}"), True, palette.INK)
            surface.blit(t, t.get_rect(center=b.center))
