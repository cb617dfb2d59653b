"""Tortuga 1667's end screen: the loyalties turned up, each team's treasure counted, the winners and why.

Built from the finished game's final view (the public view, or any seat's: at the end every Loyalty
card is public, T7.9) and its outcome (T7.9: the winners and the reason — Armada, the Dutch on a
tie, a sudden-death lead, a draw with no cards left or at the action cap); nothing else of the game.
:func:`team_counts` adds up each team's treasure from the view's holds and Tortuga areas (T7.2).

Buttons, as the dice game's results: *Watch replay* (R) and *New game, same seats* (N) when the
caller offers them, and *Main menu* (M or Escape).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from tortuga_desktop.games.t1667.rules.cards import Loyalty, Ship, Side
from tortuga_desktop.games.t1667.rules.state import EndReason, Outcome
from tortuga_desktop.games.t1667.table.help import Help1667Scene
from tortuga_desktop.games.t1667.table.render import LOYALTY_STYLES, SEAT_STYLES, shape
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.layout import LayoutReport
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chrome import backdrop
from tortuga_desktop.shell.scenes.dialogs import draw_panel, scale_of

__all__ = ["End1667Scene", "FinalView", "TeamCount", "reason_text", "team_counts", "winners_text"]


class FinalView(Protocol):
    """What the end screen reads of a finished game's view (the 1667 ``PlayerView`` or the public view)."""

    @property
    def players(self) -> int: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def loyalties(self) -> tuple[Loyalty | None, ...]: ...
    @property
    def holds(self) -> tuple[tuple[Ship, Side, int], ...]: ...
    @property
    def tortuga(self) -> tuple[tuple[Side, int], ...]: ...
    @property
    def galleon(self) -> int: ...
    @property
    def outcome(self) -> Outcome | None: ...


@dataclass(frozen=True, slots=True)
class TeamCount:
    """One team's treasure at the end (T7.2): its hold on each ship and its area on Tortuga."""

    side: Side
    fd: int
    jr: int
    tortuga: int

    @property
    def total(self) -> int:
        return self.fd + self.jr + self.tortuga


def team_counts(view: FinalView) -> dict[Side, TeamCount]:
    """Each team's treasure, place by place, from the view."""
    holds = {(ship, side): n for ship, side, n in view.holds}
    areas = dict(view.tortuga)
    return {side: TeamCount(side, holds.get((Ship.FD, side), 0), holds.get((Ship.JR, side), 0), areas.get(side, 0))
            for side in (Side.BRITISH, Side.FRENCH)}


def _winning_side(outcome: Outcome) -> Side | None:
    if outcome.british > outcome.french:
        return Side.BRITISH
    if outcome.french > outcome.british:
        return Side.FRENCH
    return None


def winners_text(view: FinalView, outcome: Outcome) -> str:
    """The banner: who won ("The British win: Anne and Jack"), or that nobody did."""
    names = [view.names[s] for s in outcome.winners]
    joined = (tr("e1667.list_sep").join(names[:-1]) + tr("log.and") + names[-1]) if len(names) > 1 else "".join(names)
    if outcome.reason is EndReason.DUTCH_TIE and names:
        return tr("t1667.end.win_dutch", name=names[0])
    side = _winning_side(outcome)
    if outcome.reason in (EndReason.ARMADA, EndReason.SUDDEN_DEATH) and side is not None:
        return tr(f"t1667.end.win_{side.value}", names=joined)
    return tr("t1667.end.win_none")


def reason_text(outcome: Outcome) -> str:
    """Why the game ended that way, in a sentence (T7)."""
    side = _winning_side(outcome)
    team = tr(f"t1667.end.team_{side.value}") if side is not None else ""
    return tr(f"t1667.end.reason.{outcome.reason.value.replace('-', '_')}", british=outcome.british, french=outcome.french, team=team)


class End1667Scene(Scene):
    """The end of a 1667 game."""

    opaque = True
    name = "end1667"

    def __init__(self, view: FinalView, outcome: Outcome | None = None, *,
                 on_replay: Callable[[], None] | None = None,
                 on_new_game: Callable[[], None] | None = None,
                 on_menu: Callable[[], None] | None = None) -> None:
        """``view``: the finished game's view; ``outcome``: its outcome (default: the view's).
        ``on_replay`` opens the replay, ``on_new_game`` starts a new game with the same seats (no button
        for either without it); ``on_menu`` goes to the main menu (default: the App's)."""
        super().__init__()
        final = outcome if outcome is not None else view.outcome
        if final is None:
            raise ValueError("the game is not over")
        if any(loyalty is None for loyalty in view.loyalties):
            raise ValueError("an end screen needs every Loyalty card turned up (T7.9)")
        self.view = view
        self.outcome: Outcome = final
        self.on_replay = on_replay
        self.on_new_game = on_new_game
        self.on_menu = on_menu
        self.choice: str | None = None
        self.counts = team_counts(view)
        self._buttons: dict[str, pygame.Rect] = {}
        self._boxes: list[pygame.Rect] = []
        self._hover: str | None = None

    def help_scene(self) -> Scene:
        """F1 here opens Tortuga 1667's rules (see ``App.help_scene``)."""
        return Help1667Scene()

    # ------------------------------------------------------------------ choices
    def buttons(self) -> list[str]:
        return (["replay"] if self.on_replay is not None else []) + (["new"] if self.on_new_game is not None
                                                                      else []) + ["menu"]

    def choose(self, name: str) -> None:
        self.choice = name
        if name == "replay" and self.on_replay is not None:
            self.on_replay()
        elif name == "new" and self.on_new_game is not None:
            self.on_new_game()
        elif name == "menu":
            self._menu()

    def _menu(self) -> None:
        self.choice = self.choice or "menu"
        if self.on_menu is not None:
            self.on_menu()
            return
        hook = getattr(self.app, "main_menu", None)
        if callable(hook):
            hook()
        elif self.entered:
            self.app.pop()

    def handle(self, intent: Any) -> None:
        key = getattr(intent, "key", None)
        if key is not None:
            uni = str(getattr(intent, "unicode", "") or "").lower()
            if (key == pygame.K_r or uni == "r") and self.on_replay is not None:
                self.choose("replay")
            elif (key == pygame.K_n or uni == "n") and self.on_new_game is not None:
                self.choose("new")
            elif key in (pygame.K_m, pygame.K_ESCAPE) or uni == "m":
                self.choose("menu")
            return
        pos = getattr(intent, "pos", None)
        if pos is None:
            return
        if getattr(intent, "button", None) == 1:
            for name, rect in self._buttons.items():
                if rect.collidepoint(pos):
                    self.choose(name)
                    return
        elif getattr(intent, "button", None) is None:
            hover = next((n for n, r in self._buttons.items() if r.collidepoint(pos)), None)
            if hover != self._hover:
                self._hover = hover
                if self.entered:
                    self.app.request_redraw()

    def layout_report(self) -> LayoutReport:
        rep = LayoutReport()
        for r in self._boxes:
            rep.add("", r, click=False)
        for name, r in self._buttons.items():
            rep.add(name, r)
        return rep

    # ------------------------------------------------------------------ drawing
    def lines(self) -> list[str]:
        """The screen's words, top to bottom (for tests and screen readers of the log)."""
        out = [tr("results.ui.game_over"), winners_text(self.view, self.outcome), reason_text(self.outcome)]
        for seat in range(self.view.players):
            loyalty = self.view.loyalties[seat]
            assert loyalty is not None
            out.append(f"{self.view.names[seat]}: {tr(f'e1667.loyalty.{loyalty.value}')}")
        for side in (Side.BRITISH, Side.FRENCH):
            c = self.counts[side]
            out.append(tr(f"t1667.end.team_{side.value}") + ": " + tr("t1667.end.count", fd=c.fd, jr=c.jr,
                                                                         tortuga=c.tortuga, total=c.total))
        out.append(tr("t1667.end.galleon", n=self.view.galleon))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = scale_of((w, h))
        surface.blit(backdrop((w, h), "none"), (0, 0))
        f = art.font(max(11, int(19 * s)))
        fb = art.font(max(11, int(19 * s)), True)
        banner_f = art.font(max(14, int(28 * s)), True)
        bh = banner_f.get_linesize() + int(14 * s)
        bh2 = max(30, f.get_linesize() + int(16 * s))
        pad = int(24 * s)
        columns: list[tuple[Loyalty, list[int]]] = [
            (loy, [i for i, v in enumerate(self.view.loyalties) if v is loy])
            for loy in (Loyalty.BRITISH, Loyalty.FRENCH, Loyalty.DUTCH)]
        columns = [(loy, seats) for loy, seats in columns if seats or loy is not Loyalty.DUTCH]
        most = max(1, max(len(seats) for _loy, seats in columns))
        head_h = fb.get_linesize() + int(10 * s)
        galleon_h = f.get_linesize() + int(6 * s)
        count_h = 5 * (f.get_linesize() + int(2 * s)) + int(16 * s)
        # the panel is as high as its content: title, banner, reason, loyalties, counts, Galleon, buttons
        title_h = int(22 * s) + art.font(max(14, int(34 * s)), True).get_linesize()
        fixed = (title_h + bh + int(8 * s) + f.get_linesize() + int(12 * s) + head_h + int(6 * s) + int(8 * s)
                 + count_h + int(10 * s) + galleon_h + int(14 * s) + bh2 + pad)
        row_h = max(fb.get_linesize() + 4, min(int(46 * s), (h - 16 - fixed) // most))
        panel = pygame.Rect(0, 0, min(w - 20, int(1180 * s)), min(h - 16, fixed + most * row_h))
        panel.center = (w // 2, h // 2)
        self._boxes = [panel]
        y = draw_panel(surface, panel, s, tr("results.ui.game_over"))
        inner = pygame.Rect(panel.x + pad, y, panel.w - 2 * pad, panel.bottom - pad - y)
        # banner and reason
        banner = pygame.Rect(inner.x, inner.y, inner.w, bh)
        pygame.draw.rect(surface, palette.GOLD, banner, border_radius=int(10 * s))
        pygame.draw.rect(surface, palette.BRASS_DARK, banner, max(2, int(3 * s)), border_radius=int(10 * s))
        text = _fit_font(winners_text(self.view, self.outcome), banner_f, banner.w - int(90 * s), True)
        tr_ = text.get_rect(center=banner.center)
        surface.blit(text, tr_)
        if self.outcome.winners:
            r = max(6, bh // 3)
            _star(surface, (tr_.x - r - 8, banner.centery), r, palette.GOLD_LIGHT)
            _star(surface, (tr_.right + r + 8, banner.centery), r, palette.GOLD_LIGHT)
        self._boxes.append(banner)
        y = banner.bottom + int(8 * s)
        reason = _fit_font(reason_text(self.outcome), f, inner.w, False)
        surface.blit(reason, reason.get_rect(midtop=(inner.centerx, y)))
        y += f.get_linesize() + int(12 * s)
        # buttons at the foot
        names = self.buttons()
        gap = int(14 * s)
        bw = min(int(320 * s), (inner.w - gap * (len(names) - 1)) // len(names))
        total = bw * len(names) + gap * (len(names) - 1)
        bx = inner.centerx - total // 2
        by = inner.bottom - bh2
        self._buttons = {n: pygame.Rect(bx + i * (bw + gap), by, bw, bh2) for i, n in enumerate(names)}
        # the treasure count under the teams, the loyalties in three columns above it
        room = by - y - count_h - galleon_h - int(16 * s)
        cards_area = pygame.Rect(inner.x, y, inner.w, min(room, head_h + int(6 * s) + most * row_h))
        col_gap = int(16 * s)
        col_w = (inner.w - col_gap * (len(columns) - 1)) // len(columns)
        winners = set(self.outcome.winners)
        for k, (loyalty, seats) in enumerate(columns):
            col = pygame.Rect(inner.x + k * (col_w + col_gap), cards_area.y, col_w, cards_area.h)
            self._column(surface, col, loyalty, seats, winners, s, f, fb, row_h)
            if loyalty is not Loyalty.DUTCH:
                side = Side(loyalty.value)
                box = pygame.Rect(col.x, col.bottom + int(8 * s), col.w, count_h)
                self._count(surface, box, self.counts[side], s, f, fb)
        gal = _fit_font(tr("t1667.end.galleon", n=self.view.galleon), f, inner.w, False)
        surface.blit(gal, gal.get_rect(midtop=(inner.centerx, cards_area.bottom + count_h + int(18 * s))))
        labels = {"replay": tr("t1667.end.replay"), "new": tr("t1667.end.new_game"), "menu": tr("results.ui.main_menu_m")}
        for name, rect in self._buttons.items():
            fill = palette.GOLD_LIGHT if self._hover == name else palette.GOLD
            pygame.draw.rect(surface, fill, rect, border_radius=int(8 * s))
            pygame.draw.rect(surface, palette.INK, rect, max(1, int(2 * s)), border_radius=int(8 * s))
            t = _fit_font(labels[name], fb, rect.w - int(12 * s), True)
            surface.blit(t, t.get_rect(center=rect.center))

    def _column(self, surface: pygame.Surface, col: pygame.Rect, loyalty: Loyalty, seats: Sequence[int],
                winners: set[int], s: float, f: pygame.font.Font, fb: pygame.font.Font, row_h: int) -> None:
        style = LOYALTY_STYLES[loyalty]
        head_h = fb.get_linesize() + int(10 * s)
        head = pygame.Rect(col.x, col.y, col.w, head_h)
        pygame.draw.rect(surface, style.rgb, head, border_radius=int(8 * s))
        pygame.draw.rect(surface, palette.INK, head, max(1, int(2 * s)), border_radius=int(8 * s))
        shape(surface, style.shape, (head.x + head_h * 0.55, head.centery), head_h * 0.3, style.rgb, palette.BONE)
        t = _fit_font(tr(f"t1667.end.column_{loyalty.value}"), fb, head.w - head_h * 2, True, palette.BONE)
        surface.blit(t, t.get_rect(center=head.center))
        self._boxes.append(head)
        y = head.bottom + int(6 * s)
        for seat in seats:
            row = pygame.Rect(col.x, y, col.w, row_h - int(4 * s))
            fill = palette.GOLD_LIGHT if seat in winners else palette.PARCHMENT
            pygame.draw.rect(surface, fill, row, border_radius=int(6 * s))
            pygame.draw.rect(surface, palette.GOLD if seat in winners else palette.BRASS_DARK, row,
                             max(2, int(3 * s)) if seat in winners else 1, border_radius=int(6 * s))
            seat_style = SEAT_STYLES[seat % len(SEAT_STYLES)]
            shape(surface, seat_style.shape, (row.x + row.h * 0.55, row.centery), row.h * 0.26, seat_style.rgb)
            shape(surface, style.shape, (row.right - row.h * 0.55, row.centery), row.h * 0.26, style.rgb)
            room = row.w - row.h * 2 - (row.h if seat in winners else 0)
            name = _fit_font(self.view.names[seat], fb if seat in winners else f, room, seat in winners)
            surface.blit(name, name.get_rect(midleft=(row.x + row.h, row.centery)))
            if seat in winners:
                _star(surface, (row.right - row.h * 3 // 2, row.centery), max(5, row.h // 4), palette.GOLD)
            self._boxes.append(row)
            y += row_h

    def _count(self, surface: pygame.Surface, box: pygame.Rect, c: TeamCount, s: float,
               f: pygame.font.Font, fb: pygame.font.Font) -> None:
        pygame.draw.rect(surface, palette.PARCHMENT, box, border_radius=int(8 * s))
        pygame.draw.rect(surface, palette.BRASS_DARK, box, 1, border_radius=int(8 * s))
        self._boxes.append(box)
        lh = f.get_linesize() + int(2 * s)
        x = box.x + int(12 * s)
        y = box.y + int(8 * s)
        title = _fit_font(tr("t1667.end.treasure_of", team=tr(f"t1667.end.team_{c.side.value}")), fb,
                          box.w - int(24 * s), True)
        surface.blit(title, (x, y))
        y += lh
        rows = [(tr("t1667.end.hold_fd"), c.fd), (tr("t1667.end.hold_jr"), c.jr),
                (tr("t1667.end.area_tortuga"), c.tortuga), (tr("results.ui.total"), c.total)]
        for k, (label, n) in enumerate(rows):
            font = fb if k == len(rows) - 1 else f
            if k == len(rows) - 1:
                pygame.draw.line(surface, palette.BRASS, (x, y), (box.right - int(12 * s), y), 1)
            t = _fit_font(label, font, box.w - int(90 * s), k == len(rows) - 1)
            surface.blit(t, (x, y))
            v = font.render(str(n), True, palette.INK)
            surface.blit(v, v.get_rect(topright=(box.right - int(14 * s), y)))
            y += lh


def _fit_font(text: str, font: pygame.font.Font, width: int, bold: bool,
              rgb: palette.RGB = palette.INK) -> pygame.Surface:
    """``text`` in ``font``, or in a smaller size of it when it would be wider than ``width``."""
    t = font.render(text, True, rgb)
    px = font.get_height()
    while t.get_width() > width and px > 10:
        px -= 1
        t = art.font(px, bold).render(text, True, rgb)
    return t


def _star(surface: pygame.Surface, center: tuple[int, int], r: int, rgb: palette.RGB) -> None:
    cx, cy = center
    pts = [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
            cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
    pygame.draw.polygon(surface, rgb, pts)
    pygame.draw.polygon(surface, palette.INK, pts, max(1, r // 8))
