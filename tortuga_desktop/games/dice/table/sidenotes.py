"""Side notes: short panels stacked at the foot of the log column, above its key hint.

The table shows a few things a player must not miss there: "Last round" once the end is
certain, the "since your last decision" summary before a human decides, and a first-game tip.
They take their room from the log (whose rows end above them and stay scrollable), so they
never cover the log, a board or the decision panel. :func:`stack` places them; :func:`draw`
paints them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from tortuga_desktop.games.dice.table.render.table import LOG_MIN_PX, readable_px, text
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.layout import TableLayout, boosted_px, wrap_words

__all__ = ["Note", "Placed", "draw", "reserve", "stack"]

#: the notes together take at most this share of the log column's text area
MAX_SHARE = 0.62


@dataclass(frozen=True)
class Note:
    """One side note: a bold title and its lines."""

    name: str
    title: str
    lines: tuple[str, ...]
    fill: tuple[int, int, int] = palette.PARCHMENT
    #: a close button in its corner (the tip)
    closable: bool = False


@dataclass
class Placed:
    """A note where it goes, its wrapped rows and (closable notes) its close button."""

    note: Note
    rect: pygame.Rect
    rows: list[tuple[str, bool]] = field(default_factory=list)
    close: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


def _px(L: TableLayout) -> int:
    return readable_px(L.px(13), LOG_MIN_PX)


def stack(notes: list[Note], L: TableLayout, foot: int,
          more_text: Callable[[int], str] | None = None) -> list[Placed]:
    """Place ``notes`` top to bottom at the foot of the log column (above its key hint,
    ``foot`` pixels high),
    taking at most :data:`MAX_SHARE` of it; a note's lines that do not fit are cut, the
    last kept line saying how many more the log holds (``more_text(n)``)."""
    if not notes:
        return []
    px = _px(L)
    font = _font(px, False)
    bold = _font(px, True)
    line_h = font.get_linesize()
    pad = L.px(6)
    gap = L.px(4)
    x = L.log.x + L.px(8)
    w = L.log.w - L.px(16)
    close = L.px(20)
    bottom = L.log.bottom - foot
    top_limit = L.log.y + L.px(46)
    budget = max(0, round((bottom - top_limit) * MAX_SHARE))
    wrapped: list[list[tuple[str, bool]]] = []
    for n in notes:
        inner = w - 2 * pad - (close + pad if n.closable else 0)
        rows = [(r, True) for r in wrap_words(n.title, bold, inner)] if n.title else []
        for ln in n.lines:
            rows += [(r, False) for r in wrap_words(ln, font, w - 2 * pad)]
        wrapped.append(rows)
    # Cut the longest note's plain lines until everything fits the budget.
    def height(rows: list[tuple[str, bool]]) -> int:
        return len(rows) * line_h + 2 * pad

    total = sum(height(r) for r in wrapped) + gap * (len(wrapped) - 1)
    cut = [0] * len(wrapped)
    while total > budget:
        k = max(range(len(wrapped)), key=lambda i: sum(1 for _r, b in wrapped[i] if not b))
        plain = [i for i, (_r, b) in enumerate(wrapped[k]) if not b]
        if len(plain) <= 1:
            break
        wrapped[k].pop(plain[-1])
        cut[k] += 1
        total -= line_h
    for k, left_out in enumerate(cut):
        if left_out and more_text is not None:
            wrapped[k][-1] = (more_text(left_out + 1), False)
    out: list[Placed] = []
    y = bottom - total
    for note, rows in zip(notes, wrapped, strict=True):
        r = pygame.Rect(x, y, w, height(rows))
        p = Placed(note, r, rows)
        if note.closable:
            p.close = pygame.Rect(r.right - close - L.px(4), r.y + L.px(4), close, close)
        out.append(p)
        y += r.h + gap
    return out


def reserve(placed: list[Placed], L: TableLayout, foot: int) -> int:
    """The pixels the log gives up for ``placed`` (0 when there are none)."""
    if not placed:
        return 0
    return L.log.bottom - foot - placed[0].rect.y + L.px(4)


def _font(px: int, bold: bool) -> pygame.font.Font:
    return art.font(boosted_px(px), bold)


def draw(surface: pygame.Surface, placed: list[Placed], L: TableLayout) -> None:
    """Paint the placed notes."""
    px = _px(L)
    pad = L.px(6)
    for p in placed:
        pygame.draw.rect(surface, p.note.fill, p.rect, border_radius=L.px(8))
        pygame.draw.rect(surface, palette.BRASS_DARK, p.rect, max(1, L.px(2)), border_radius=L.px(8))
        y = p.rect.y + pad
        for row, is_title in p.rows:
            t = text(row, px, palette.INK, is_title)
            surface.blit(t, (p.rect.x + pad, y))
            y += _font(px, False).get_linesize()
        if p.close.w:
            pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, p.close, border_radius=L.px(5))
            pygame.draw.rect(surface, palette.BRASS_DARK, p.close, 1, border_radius=L.px(5))
            x = text("×", px + 2, palette.INK, True)
            surface.blit(x, x.get_rect(center=p.close.center))
