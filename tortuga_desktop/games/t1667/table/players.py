"""The players' record over the 1667 table: what each player did (P at the table).

:class:`PlayersScene` shows one player's record at a time (:func:`.deeds.deeds`): the votes they called
and joined with their results and cards, the event cards they turned up or kept, their pawn's moves and
maroons, the Loyalty cards they looked at, the slots they viewed. It is built from the events the
screen's viewer may see (the table's ``events_for(viewer)``; on a shared hot-seat screen and in demos
the public ones), so a player's own private facts (their Vote card, what they saw) show only on their
own screen, in their own record.

Keys: Left/Right (or Tab, or a player's number 1-9, or a click on their name) choose the player;
Up/Down, PageUp/PageDown, Home/End and the wheel scroll; Esc, P or a right click go back to the table.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.table.deeds import deed_lines, deeds
from tortuga_desktop.games.t1667.table.render import SEAT_STYLES, shape
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.layout import LayoutReport
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.dialogs import draw_panel, overlay_box, wrap

__all__ = ["PlayersScene"]

_DIGITS = {getattr(pygame, f"K_{k}"): k for k in range(1, 10)} | {getattr(pygame, f"K_KP{k}"): k for k in range(1, 10)}


class PlayersScene(Scene):
    """One player's record at a time, over the table (see the module docstring)."""

    opaque = False
    name = "players1667"

    def __init__(self, events: Sequence[ev.Event], names: Sequence[str], viewer: int | None,
                 first: int | None = None) -> None:
        """``events``: what ``viewer`` may see (None: the public); ``first``: the player shown first
        (default: the viewer, else the first seat)."""
        super().__init__()
        self.names = list(names)
        self.viewer = viewer
        self.records = [deed_lines(r, self.names, viewer) for r in deeds(events, len(self.names))]
        self.player = first if first is not None else (viewer if viewer is not None else 0)
        #: lines scrolled up from the newest (0: the newest line at the bottom)
        self.scroll = 0
        self._tabs: list[pygame.Rect] = []
        self._box = pygame.Rect(0, 0, 0, 0)
        self._page = 10
        self._shown: list[str] = []

    # ---------------------------------------------------------------- input
    def choose(self, player: int) -> None:
        self.player = player % len(self.names)
        self.scroll = 0

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key):
            k = intent.key
            if k in (pygame.K_ESCAPE, pygame.K_p):
                self._close()
            elif k in (pygame.K_RIGHT, pygame.K_TAB):
                self.choose(self.player + 1)
            elif k == pygame.K_LEFT:
                self.choose(self.player - 1)
            elif k in _DIGITS and _DIGITS[k] <= len(self.names):
                self.choose(_DIGITS[k] - 1)
            elif k == pygame.K_UP:
                self.scroll += 1
            elif k == pygame.K_DOWN:
                self.scroll = max(0, self.scroll - 1)
            elif k == pygame.K_PAGEUP:
                self.scroll += self._page
            elif k == pygame.K_PAGEDOWN:
                self.scroll = max(0, self.scroll - self._page)
            elif k == pygame.K_HOME:
                self.scroll = 10**6
            elif k == pygame.K_END:
                self.scroll = 0
            return
        if isinstance(intent, Click):
            if intent.button == 3:
                self._close()
            elif intent.button == 4:
                self.scroll += 3
            elif intent.button == 5:
                self.scroll = max(0, self.scroll - 3)
            elif intent.button == 1:
                for i, rect in enumerate(self._tabs):
                    if rect.collidepoint(intent.pos):
                        self.choose(i)
                        return

    def _close(self) -> None:
        if self.entered and self.app.top is self:
            self.app.pop()

    # ---------------------------------------------------------------- drawing
    def layout_report(self) -> LayoutReport:
        rep = LayoutReport()
        rep.add("", self._box, click=False)
        for r in self._tabs:
            rep.add("", r)
        return rep

    def shown_lines(self) -> list[str]:
        """The record's lines drawn in the last frame (tests)."""
        return list(self._shown)

    def draw(self, surface: pygame.Surface) -> None:
        box, s = overlay_box(surface)
        self._box = box
        top = draw_panel(surface, box, s, tr("t1667.players.title"))
        pad = int(18 * s)
        # the players, one tab each, in as many rows as they need
        tab_font = art.font(max(11, int(17 * s)), True)
        self._tabs = []
        x, y = box.x + pad, top
        tab_h = tab_font.get_linesize() + int(10 * s)
        for i, name in enumerate(self.names):
            label = f"{i + 1} {name}"
            tw = tab_font.size(label)[0] + tab_h + int(14 * s)
            if x + tw > box.right - pad and x > box.x + pad:
                x, y = box.x + pad, y + tab_h + int(6 * s)
            rect = pygame.Rect(x, y, tw, tab_h)
            chosen = i == self.player
            pygame.draw.rect(surface, palette.GOLD_LIGHT if chosen else palette.PARCHMENT, rect,
                             border_radius=int(8 * s))
            pygame.draw.rect(surface, palette.BRASS_DARK if chosen else palette.INK, rect, 2 if chosen else 1,
                             border_radius=int(8 * s))
            style = SEAT_STYLES[i % len(SEAT_STYLES)]
            shape(surface, style.shape, (rect.x + tab_h // 2 + int(4 * s), rect.centery), tab_h * 0.3, style.rgb)
            t = tab_font.render(label, True, palette.INK)
            surface.blit(t, t.get_rect(midleft=(rect.x + tab_h + int(6 * s), rect.centery)))
            self._tabs.append(rect)
            x += tw + int(8 * s)
        y += tab_h + int(12 * s)
        foot_font = art.font(max(10, int(15 * s)))
        keys = foot_font.render(tr("t1667.players.keys"), True, palette.INK_SOFT)
        bottom = box.bottom - int(14 * s) - keys.get_height()
        surface.blit(keys, keys.get_rect(midbottom=(box.centerx, box.bottom - int(10 * s))))
        # the chosen player's record, newest at the bottom
        font = art.font(max(11, int(17 * s)))
        turn_font = art.font(max(10, int(15 * s)), True)
        turn_w = turn_font.size(tr("t1667.players.turn", n=999))[0] + int(10 * s)
        width = box.w - 2 * pad - turn_w
        rows: list[tuple[str, str]] = []  # (turn label or "", text line)
        last_turn = None
        for turn, text in self.records[self.player]:
            label = "" if turn == last_turn else (tr("t1667.players.turn", n=turn) if turn else "")
            last_turn = turn
            for k, line in enumerate(wrap(text, font, width)):
                rows.append((label if k == 0 else "", line))
        line_h = font.get_linesize()
        fit = max(1, (bottom - y) // line_h)
        self._page = max(1, fit - 1)
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        end = len(rows) - self.scroll
        visible = rows[max(0, end - fit):end]
        self._shown = [t for _l, t in visible]
        if not rows:
            t = font.render(tr("t1667.players.none", name=self.names[self.player]), True, palette.INK_SOFT)
            surface.blit(t, (box.x + pad, y))
        for label, line in visible:
            if label:
                lt = turn_font.render(label, True, palette.BRASS_DARK)
                surface.blit(lt, (box.x + pad, y + (line_h - lt.get_height()) // 2))
            surface.blit(font.render(line, True, palette.INK), (box.x + pad + turn_w, y))
            y += line_h
        if self.scroll and rows:
            more = foot_font.render(tr("t1667.players.more"), True, palette.INK_SOFT)
            surface.blit(more, more.get_rect(bottomright=(box.right - pad, bottom)))
