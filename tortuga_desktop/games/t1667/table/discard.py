"""The event discard pile, browsed (issue 28: "the discard pile (browsable)").

A click on the discard pile at the 1667 table (or D) opens :class:`DiscardScene` over the table:
every event card turned up so far and left there, newest first, with how many of it and what it did
(the rules help's line for the card). Any key or click closes it. It draws from the viewer's view
only (``view.discard``: public, T9), and its type shrinks until every card fits the window.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pygame

from tortuga_desktop.games.t1667.rules import EventCard
from tortuga_desktop.games.t1667.table.render import event_glyph
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr, trn
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.layout import LayoutReport
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.dialogs import draw_panel, overlay_box, wrap

__all__ = ["DiscardScene", "discard_rows"]


def discard_rows(discard: Sequence[EventCard]) -> list[tuple[EventCard, int]]:
    """Each card in the pile once, newest first (by its latest copy), with how many copies.

    >>> from tortuga_desktop.games.t1667.rules import EventCard
    >>> discard_rows([EventCard.PISTOL, EventCard.MAP, EventCard.PISTOL])
    [(<EventCard.PISTOL: 'pistol'>, 2), (<EventCard.MAP: 'map'>, 1)]
    """
    counts = Counter(discard)
    seen: list[EventCard] = []
    for card in reversed(discard):
        if card not in seen:
            seen.append(card)
    return [(card, counts[card]) for card in seen]


class DiscardScene(Scene):
    """The discard pile over the table (see the module docstring)."""

    opaque = False
    name = "discard1667"

    def __init__(self, discard: Sequence[EventCard]) -> None:
        super().__init__()
        self.rows = discard_rows(discard)
        self.total = len(discard)
        self._box = pygame.Rect(0, 0, 0, 0)
        self._cells: list[pygame.Rect] = []

    def handle(self, intent: Intent) -> None:
        closing = isinstance(intent, Key) or (isinstance(intent, Click) and intent.button in (1, 3))
        if closing and self.entered and self.app.top is self:
            self.app.pop()

    def layout_report(self) -> LayoutReport:
        rep = LayoutReport()
        rep.add("", self._box, click=False)
        for r in self._cells:
            rep.add("", r, click=False)
        return rep

    def _lines(self, font: pygame.font.Font, bold: pygame.font.Font, width: int) -> list[list[tuple[str, bool]]]:
        """Per card: its name line (bold) and its effect, wrapped to ``width``."""
        out = []
        for card, n in self.rows:
            name = tr(f"e1667.card.{card.value}") + (f"  ×{n}" if n > 1 else "")
            lines = [(ln, True) for ln in wrap(name, bold, width)]
            effect = tr(f"t1667.help.card.{card.value}")
            lines += [(ln, False) for ln in wrap(effect[:1].upper() + effect[1:], font, width)]
            out.append(lines)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        box, s = overlay_box(surface)
        title = trn("t1667.discard.title", self.total)
        top = draw_panel(surface, box, s, title)
        foot = art.font(max(10, int(16 * s)))
        bottom = box.bottom - int(16 * s) - foot.get_linesize()
        cols = 1 if len(self.rows) <= 4 else 2
        pad = int(18 * s)
        col_w = (box.w - pad * (cols + 1)) // cols
        glyph = max(24, int(44 * s))
        px = max(10, int(19 * s))
        while True:  # the largest type (down to 10 px) at which every card fits
            font, bold = art.font(px), art.font(px, True)
            cells = self._lines(font, bold, col_w - glyph - int(16 * s))
            heights = [max(glyph, sum((bold if b else font).get_linesize() for _t, b in c)) + int(10 * s)
                       for c in cells]
            per_col = -(-len(cells) // cols) if cells else 0
            tallest = max((sum(heights[k * per_col:(k + 1) * per_col]) for k in range(cols)), default=0)
            if tallest <= bottom - top or px <= 10:
                break
            px -= 1
        self._box = box
        self._cells = []
        if not self.rows:
            t = art.font(max(12, int(20 * s))).render(tr("t1667.discard.empty"), True, palette.INK)
            surface.blit(t, t.get_rect(midtop=(box.centerx, top + int(10 * s))))
        for k, ((card, _n), lines) in enumerate(zip(self.rows, cells, strict=True)):
            col, row = divmod(k, per_col)
            x = box.x + pad + col * (col_w + pad)
            y = top + sum(heights[col * per_col:col * per_col + row])
            if y + heights[k] > bottom + int(10 * s):
                break  # at 10 px and still too many: the rest stays in the pile's count
            cell = pygame.Rect(x, y, col_w, heights[k] - int(6 * s))
            pygame.draw.rect(surface, palette.PARCHMENT, cell, border_radius=int(8 * s))
            pic = pygame.Rect(x + int(6 * s), y + int(4 * s), int(glyph * 0.75), glyph - int(8 * s))
            pygame.draw.rect(surface, palette.GOLD_LIGHT if card.starred else palette.PARCHMENT_LIGHT, pic,
                             border_radius=max(3, glyph // 10))
            pygame.draw.rect(surface, palette.INK, pic, max(1, glyph // 28), border_radius=max(3, glyph // 10))
            event_glyph(surface, card, pic.center, int(glyph * 0.28))
            ty = y + int(2 * s)
            for text, is_bold in lines:
                f = bold if is_bold else font
                surface.blit(f.render(text, True, palette.INK), (x + glyph + int(10 * s), ty))
                ty += f.get_linesize()
            self._cells.append(cell)
        hint = foot.render(tr("t1667.discard.close"), True, palette.INK_SOFT)
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - int(12 * s))))
