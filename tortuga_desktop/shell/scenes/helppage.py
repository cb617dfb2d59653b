"""A game's rules help page (:class:`HelpPage`): scrollable, with pictures, its contents on the
left; each game gives its sections and pictures. F1 on it closes it (``is_help``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import get_language, tr
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key
from tortuga_desktop.shell.layout import LayoutReport
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chrome import backdrop
from tortuga_desktop.shell.scenes.dialogs import draw_panel, scale_of, wrap

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

__all__ = ["HelpPage", "draw_arrow"]


def draw_arrow(surface: pygame.Surface, x: int, y: int, size: int) -> int:
    """A brass arrow pointing right in a picture row of height ``size`` at (x, y); returns its width."""
    aw, cy, th = int(size * 0.5), y + size // 2, max(2, size // 10)
    pygame.draw.line(surface, palette.BRASS_DARK, (x, cy), (x + aw - th, cy), th)
    pygame.draw.polygon(surface, palette.BRASS_DARK, [(x + aw, cy), (x + aw - size // 5, cy - size // 6),
                                                     (x + aw - size // 5, cy + size // 6)])
    return aw


@dataclass(frozen=True)
class _Block:
    """A piece of the page, top to bottom: a section's ``title`` (its ``text``), its picture (``pic``: ``text``
    is the section id), a paragraph (``para``: its wrapped ``lines``, each with its indent) or a section's
    ``end`` (a gap)."""

    kind: Literal["title", "pic", "para", "end"]
    text: str = ""
    lines: tuple[tuple[str, int], ...] = ()


class HelpPage(Scene):
    """A game's rules, scrollable, with pictures: its contents on the left, the page on the right.

    A game's help is this scene with its own :meth:`sections`, :meth:`section_picture` and
    :attr:`title_key` (the dice game's :class:`~tortuga_desktop.games.dice.table.scenes.help.HelpScene`,
    Tortuga 1667's :class:`~tortuga_desktop.games.t1667.table.help.Help1667Scene`)."""

    opaque = True
    is_help = True  # F1 on top of it closes it
    name = "help"
    #: the page's heading
    title_key = "menu.rules"

    def sections(self) -> list[tuple[str, str, str]]:
        """``[(section id, title, body), ...]`` in the current language, in reading order (a game's
        help page gives its own)."""
        return []

    def section_picture(self, page: pygame.Surface | None, sec: str, x: int, y: int, size: int) -> int:
        """Draw section ``sec``'s picture at (x, y) (only measure it when ``page`` is None); its height
        (0: no picture)."""
        return 0

    def __init__(self, section: str | None = None) -> None:
        super().__init__()
        self.scroll = 0
        self.start_section = section
        self._page: pygame.Surface | None = None
        self._page_key: tuple[tuple[int, int], str] | None = None  # (window size, language) of the page drawn
        self._anchors: list[int] = []
        self._toc: list[pygame.Rect] = []
        self._view = pygame.Rect(0, 0, 0, 0)
        self._close = pygame.Rect(0, 0, 0, 0)
        self._hover_close = False

    def enter(self, app: App) -> None:
        super().enter(app)
        self._ensure(app.size)
        ids = [sec for sec, _title, _body in self.sections()]
        if self.start_section in ids:
            self.scroll = self._anchors[ids.index(self.start_section)]

    def retranslate(self) -> None:
        self._page = None
        self._page_key = None

    def resize(self, size: tuple[int, int]) -> None:
        self._page = None

    # -- layout -------------------------------------------------------------------------

    def _geometry(self, size: tuple[int, int]) -> tuple[float, pygame.Rect, pygame.Rect]:
        w, h = size
        s = scale_of(size)
        outer = pygame.Rect(int(30 * s), int(20 * s), w - int(60 * s), h - int(40 * s))
        toc_w = int(min(330 * s, outer.w * 0.26))
        footer = int(34 * s) + 8  # the scroll hint lives below the page, never over it
        view = pygame.Rect(outer.x + toc_w + int(30 * s), outer.y + int(80 * s),
                           outer.right - outer.x - toc_w - int(50 * s), outer.h - int(100 * s) - footer)
        return s, outer, view

    def layout_report(self) -> LayoutReport:
        """The page, the contents and the close button (for the layout tests)."""
        rep = LayoutReport()
        s, outer, view = self._geometry(self.app.size if self.entered else (1600, 900))
        rep.add("", outer, click=False)
        rep.add("page", view)
        rep.add("close", self._close)
        for i, r in enumerate(self._toc):
            rep.add(f"contents {i}", r)
        return rep

    def _ensure(self, size: tuple[int, int]) -> None:
        key = (size, get_language())
        if self._page is not None and self._page_key == key:
            return
        s, _outer, view = self._geometry(size)
        self._view = view
        body_f = art.font(max(11, int(19 * s)))
        bold_f = art.font(max(13, int(26 * s)), True)
        pic = max(24, int(56 * s))
        width = view.w - int(10 * s)
        blocks: list[_Block] = []
        for sec, title, body in self.sections():
            blocks.append(_Block("title", title))
            blocks.append(_Block("pic", sec))
            for para in body.split("\n\n"):
                lines: list[tuple[str, int]] = []
                for raw in para.split("\n"):
                    bullet = raw.startswith("• ")
                    indent = int(22 * s) if bullet else 0
                    for k, ln in enumerate(wrap(raw[2:] if bullet else raw, body_f, width - indent)):
                        lines.append((("• " if bullet and k == 0 else "") + ln, 0 if (bullet and k == 0) else indent))
                blocks.append(_Block("para", lines=tuple(lines)))
            blocks.append(_Block("end"))
        # Measure, then draw onto one tall surface.
        lh = body_f.get_linesize() + 2
        height = 0
        for b in blocks:
            if b.kind == "title":
                height += bold_f.get_linesize() + int(10 * s)
            elif b.kind == "pic":
                ph = self.section_picture(None, b.text, int(4 * s), 0, pic)
                height += (ph + int(10 * s)) if ph else 0
            elif b.kind == "para":
                height += len(b.lines) * lh + int(8 * s)
            else:
                height += int(26 * s)
        page = pygame.Surface((view.w, max(view.h, height + view.h // 2)), pygame.SRCALPHA)
        y = 0
        anchors: list[int] = []
        for b in blocks:
            if b.kind == "title":
                anchors.append(y)
                t = bold_f.render(b.text, True, palette.BRASS_DARK)
                page.blit(t, (0, y))
                y += bold_f.get_linesize()
                pygame.draw.line(page, palette.BRASS, (0, y), (view.w - int(10 * s), y), max(1, int(2 * s)))
                y += int(10 * s)
            elif b.kind == "pic":
                ph = self.section_picture(page, b.text, int(4 * s), y, pic)
                if ph:
                    y += ph + int(10 * s)
            elif b.kind == "para":
                for ln, indent in b.lines:
                    if ln:
                        page.blit(body_f.render(ln, True, palette.INK), (indent, y))
                    y += lh
                y += int(8 * s)
            else:
                y += int(26 * s)
        self._page = page
        self._page_key = key
        self._anchors = anchors
        self._max_scroll = max(0, page.get_height() - view.h)
        self.scroll = min(self.scroll, self._max_scroll)

    # -- input --------------------------------------------------------------------------

    def close(self) -> None:
        if self.entered and self.app.top is self:
            self.app.pop()

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(getattr(self, "_max_scroll", 0), self.scroll + dy))
        if self.entered:
            self.app.request_redraw()

    def handle(self, intent: Intent) -> None:
        page = max(100, self._view.h - 60)
        if isinstance(intent, Key):
            k = intent.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif k == pygame.K_DOWN:
                self.scroll_by(60)
            elif k == pygame.K_UP:
                self.scroll_by(-60)
            elif k in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll_by(page)
            elif k == pygame.K_PAGEUP:
                self.scroll_by(-page)
            elif k == pygame.K_HOME:
                self.scroll_by(-10**9)
            elif k == pygame.K_END:
                self.scroll_by(10**9)
            return
        if isinstance(intent, Click):
            if intent.button == 4:
                self.scroll_by(-80)
            elif intent.button == 5:
                self.scroll_by(80)
            elif intent.button == 1:
                if self._close.collidepoint(intent.pos):
                    self.close()
                    return
                for i, r in enumerate(self._toc):
                    if r.collidepoint(intent.pos) and i < len(self._anchors):
                        self.scroll = min(self._anchors[i], getattr(self, "_max_scroll", 0))
                        self.app.request_redraw()
                        return
        if isinstance(intent, Hover):
            hov = self._close.collidepoint(intent.pos)
            if hov != self._hover_close:
                self._hover_close = hov
                self.app.request_redraw()

    # -- draw ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._ensure(size)
        s, outer, view = self._geometry(size)
        surface.blit(backdrop(size), (0, 0))
        draw_panel(surface, outer, s)
        tf = art.font(max(16, int(40 * s)), True)
        t = tf.render(tr(self.title_key), True, palette.INK)
        surface.blit(t, (outer.x + int(24 * s), outer.y + int(14 * s)))
        # close button
        cf = art.font(max(11, int(20 * s)), True)
        ct = cf.render(tr("help.close_hint"), True, palette.INK)
        self._close = ct.get_rect(topright=(outer.right - int(24 * s), outer.y + int(24 * s))).inflate(int(24 * s),
                                                                                                       int(12 * s))
        pygame.draw.rect(surface, palette.GOLD_LIGHT if self._hover_close else palette.GOLD, self._close,
                         border_radius=int(8 * s))
        pygame.draw.rect(surface, palette.INK, self._close, max(1, int(2 * s)), border_radius=int(8 * s))
        surface.blit(ct, ct.get_rect(center=self._close.center))
        # table of contents
        f = art.font(max(10, int(17 * s)))
        fb = art.font(max(10, int(17 * s)), True)
        x = outer.x + int(24 * s)
        y = view.y
        toc_w = view.x - x - int(20 * s)
        current = 0
        for i, a in enumerate(self._anchors):
            if a <= self.scroll + 4:
                current = i
        self._toc = []
        for i, (_sec, title, _body) in enumerate(self.sections()):
            font = fb if i == current else f
            label = title
            while font.size(label)[0] > toc_w - int(12 * s) and len(label) > 3:
                label = label[:-2] + "…" if label.endswith("…") else label[:-1] + "…"
            r = pygame.Rect(x, y, toc_w, font.get_linesize() + int(4 * s))
            if i == current:
                pygame.draw.rect(surface, palette.GOLD_LIGHT, r, border_radius=int(6 * s))
            surface.blit(font.render(label, True, palette.INK), (x + int(6 * s), y + int(2 * s)))
            self._toc.append(r)
            y += r.h
        pygame.draw.line(surface, palette.BRASS, (view.x - int(14 * s), view.y), (view.x - int(14 * s), view.bottom),
                         max(1, int(2 * s)))
        # the page
        assert self._page is not None
        surface.blit(self._page, view.topleft, pygame.Rect(0, self.scroll, view.w, view.h))
        # scroll bar
        total = self._page.get_height()
        if total > view.h:
            bar_h = max(20, int(view.h * view.h / total))
            bar_y = view.y + int((view.h - bar_h) * self.scroll / max(1, self._max_scroll))
            pygame.draw.rect(surface, palette.PARCHMENT_DARK, pygame.Rect(outer.right - int(16 * s), view.y,
                                                                         int(6 * s), view.h), border_radius=3)
            pygame.draw.rect(surface, palette.BRASS_DARK, pygame.Rect(outer.right - int(16 * s), bar_y,
                                                                     int(6 * s), bar_h), border_radius=3)
        px = max(11, int(15 * s))
        while px > 9 and art.font(px).size(tr("help.scroll_hint"))[0] > outer.w - int(48 * s):
            px -= 1
        hint = art.font(px).render(tr("help.scroll_hint"), True, palette.INK_SOFT)
        surface.blit(hint, hint.get_rect(bottomleft=(outer.x + int(24 * s), outer.bottom - int(10 * s))))
