"""The results screen: every player's score breakdown, the winner(s), what next.

Rows: chests in Tortuga / fleet / crew (purple chests count double; the purple share is shown
on its own row), red-blue-yellow sets, tracks (boat + pirate box), coins, total. Buttons:
"New game with same seats" (N) and "Main menu" (M or Escape).  With ``review=True`` (a finished
game opened from the statistics screen or a file) the buttons are "Back" (Esc) and "Game log"
(L), which shows the whole log of the game in the current language.

The App takes the ``--exit-after-game`` / ``--screenshot`` picture when this scene is entered.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.games.dice.rules import Outcome
from tortuga_desktop.games.dice.table import pictures
from tortuga_desktop.games.dice.table.eventtext import log_rows
from tortuga_desktop.games.dice.table.gamelog import build_log
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.life import dice_session
from tortuga_desktop.games.dice.table.review import open_review
from tortuga_desktop.games.dice.table.scenes.replay import open_game_replay
from tortuga_desktop.games.dice.table.source import SeatInfo, TableSource
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.dialogs import wrap

if TYPE_CHECKING:  # pragma: no cover
    pass
    from tortuga_desktop.shell.loop import App

__all__ = ["CATEGORIES", "ResultsScene", "breakdown_rows", "ranking", "same_seats_setup", "score_parts"]


def breakdown_rows(outcome: Outcome) -> list[tuple[str, list[str]]]:
    """The table as text: (row title, one cell per seat)."""
    sc = outcome.scores
    return [
        (tr("results.ui.tortuga_chests_3_each"), [str(s.tortuga) for s in sc]),
        (tr("results.ui.fleet_chests_2_each"), [str(s.fleet) for s in sc]),
        (tr("results.ui.crew_chests_1_each"), [str(s.crew) for s in sc]),
        (tr("results.ui.purple_bonus_included_above"), [str(s.purple_bonus) for s in sc]),
        (tr("results.ui.sets_3_points_each"), [f"{s.sets} = {s.set_points}" for s in sc]),
        (tr("results.ui.tracks_boat_pirate"), [str(s.tracks) for s in sc]),
        (tr("results.ui.coins"), [str(s.coins) for s in sc]),
        (tr("results.ui.total"), [str(s.total) for s in sc]),
    ]


#: Where points come from (R8), in bar order, with their colours and label keys.
CATEGORIES: tuple[tuple[str, palette.RGB, str], ...] = (
    ("tortuga", palette.BRASS_DARK, "table.area.tortuga"),
    ("fleet", palette.SEA, "table.area.fleet"),
    ("crew", palette.SEA_LIGHT, "table.area.crew"),
    ("sets", palette.SUCCESS, "results.sets"),
    ("tracks", pictures.CHEST_COLOURS[4].rgb, "results.tracks"),
    ("coins", palette.GOLD, "results.coins"),
)


def score_parts(outcome: Outcome) -> list[list[tuple[str, int]]]:
    """Per seat, the points of each category (:data:`CATEGORIES` order); they add up to the total."""
    return [[("tortuga", s.tortuga), ("fleet", s.fleet), ("crew", s.crew), ("sets", s.set_points),
             ("tracks", s.tracks), ("coins", s.coins)] for s in outcome.scores]


def ranking(outcome: Outcome) -> list[int]:
    """Seats from the highest total down (ties in seat order; winners first)."""
    return sorted(range(len(outcome.scores)), key=lambda i: (-outcome.scores[i].total, i))


def _star(surface: pygame.Surface, center: tuple[int, int], r: int, rgb: palette.RGB) -> None:
    cx, cy = center
    pts = [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
            cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
    pygame.draw.polygon(surface, rgb, pts)
    pygame.draw.polygon(surface, palette.INK, pts, max(1, r // 8))


def same_seats_setup(long_game: bool, seats: Sequence[SeatInfo]) -> SetupConfig:
    """A SetupConfig with the same seats (a fresh random game)."""
    clean = [SeatConfig(s.name, s.kind, s.colour, bot_seed=0) for s in seats]
    return SetupConfig(seats=clean, start_player=None, long_game=long_game, seed=None)


class ResultsScene(Scene):
    """Final scores of a finished game."""

    opaque = True
    name = "results"

    def __init__(self, source: TableSource, seats: Sequence[SeatInfo] | None = None, app: App | None = None, *,
                 on_new_game: Callable[[SetupConfig | None], None] | None = None,
                 on_menu: Callable[[], None] | None = None, review: bool = False,
                 replay: Callable[[], bool] | None = None) -> None:
        """``source`` is the finished game's table source (a game from a file: see
        ``controller.finished_source``); ``seats`` the SeatConfig list (default: the source's;
        empty: nobody's known, no "same seats" for a new game); ``replay`` opens this game's
        replay another way than from its whole record (a network game, as the seats played here
        saw it)."""
        super().__init__()
        self.source = source
        #: the public view of the finished game (names, players, rules variant)
        self.game = source.view(None)
        self.seats = list(seats) if seats is not None else list(source.seats)
        self.app = app
        self.on_new_game = on_new_game
        self.on_menu = on_menu
        outcome = source.outcome()
        if outcome is None:
            raise ValueError("the game is not over")
        self.outcome: Outcome = outcome
        self.choice: str | None = None  # "new" | "menu" once chosen
        self.review = review
        self.show_log = False
        self.log_scroll = 0
        self._buttons: dict[str, pygame.Rect] = {}
        self._hover: str | None = None
        #: more buttons between the two standard ones ("Watch replay", "Review"...): name -> (label, action)
        self.extra_buttons: dict[str, tuple[str, Callable[[], None]]] = {}
        #: the game holds its whole history, so it can be replayed and reviewed (a tutorial game,
        #: set out from a prepared position, and an old save cannot: neither is offered then)
        self.has_record = source.game_record() is not None
        self._replay = replay
        if self.has_record or replay is not None:
            self.add_button("watch", tr("replay.watch"), self._watch)
        if self.has_record:
            self.add_button("review", tr("review.button"), self.open_review)

    def add_button(self, name: str, label: str, action: Callable[[], None]) -> None:
        """Offer one more choice on the button row (up to two fit beside the standard ones)."""
        self.extra_buttons[name] = (label, action)

    # ------------------------------------------------------------------ scene
    def winners_text(self) -> str:
        names = [self.game.names[w] for w in self.outcome.winners]
        if len(names) == 1:
            return tr("results.ui.name_wins_with_points_points", name=names[0],
                      points=self.outcome.scores[self.outcome.winners[0]].total)
        return tr("results.ui.shared_victory_names_points_points", names=tr("log.and").join(names),
                  points=self.outcome.scores[self.outcome.winners[0]].total)

    def handle(self, intent: Intent) -> None:
        key = intent.key if isinstance(intent, Key) else None
        if key == pygame.K_r:  # the Watch replay button is one of the extra buttons (clicks: below)
            self.watch_replay()  # without a record: a notice says why (no button is offered then)
            return
        if key == pygame.K_v:
            self.open_review()
            return
        if self.review:
            self._handle_review(intent, key)
            return
        if isinstance(intent, Key):
            uni = intent.unicode.lower()
            if key == pygame.K_n or uni == "n":
                self.new_game()
            elif key in (pygame.K_m, pygame.K_ESCAPE) or uni == "m":
                self.main_menu()
            return
        pos = intent.pos if isinstance(intent, Click | Hover) else None
        if pos is None:
            return
        if isinstance(intent, Click) and intent.button == 1:
            for name, rect in self._buttons.items():
                if rect.collidepoint(pos):
                    if name in self.extra_buttons:
                        self.extra_buttons[name][1]()
                    else:
                        self.new_game() if name == "new" else self.main_menu()
                    return
        else:
            hover = next((n for n, r in self._buttons.items() if r.collidepoint(pos)), None)
            if hover != self._hover:
                self._hover = hover
                if self.entered:
                    self.app.request_redraw()

    def _handle_review(self, intent: Intent, key: int | None) -> None:
        if isinstance(intent, Key):
            uni = intent.unicode.lower()
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_m) or uni == "m":
                if self.show_log:
                    self.show_log = False
                else:
                    self.close_review()
            elif key == pygame.K_l or uni == "l":
                self.show_log = not self.show_log
            elif key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.log_scroll += 10 if key == pygame.K_PAGEDOWN else 1
            elif key in (pygame.K_UP, pygame.K_PAGEUP):
                self.log_scroll = max(0, self.log_scroll - (10 if key == pygame.K_PAGEUP else 1))
            if self.entered:
                self.app.request_redraw()
            return
        if not isinstance(intent, Click):
            return
        pos, button = intent.pos, intent.button
        if button in (4, 5) and self.show_log:
            self.log_scroll = max(0, self.log_scroll + (3 if button == 5 else -3))
        elif button == 1:
            for name, rect in self._buttons.items():
                if rect.collidepoint(pos):
                    if name in self.extra_buttons:
                        self.extra_buttons[name][1]()
                    elif name == "new":
                        self.show_log = not self.show_log
                    else:
                        self.close_review()
                    break
        if self.entered:
            self.app.request_redraw()

    def watch_replay(self, chances: Sequence[Sequence[float]] | None = None, start: int = 0) -> bool:
        """Open this game in the replay scene (every seat's view may be chosen: the game is over);
        ``chances`` (a game review's chart, one point per position) runs under the scrubber,
        ``start`` is the position shown first (a review moment's)."""
        if self._replay is not None:
            return self._replay()

        return open_game_replay(self.app, self.source, self.seats, chances=chances, start=start)

    def open_review(self) -> None:
        """The game review (:mod:`..review`): chance to win over the game, the worst moments."""
        if not self.entered:
            return
        if not self.has_record:  # say why here instead of opening a review that can only fail
            self.app.notify(tr("review.no_record"), "warning")
            return

        open_review(self)

    def _watch(self) -> None:
        self.watch_replay()

    def close_review(self) -> None:
        self.choice = "menu"
        if self.entered and self.app.top is self:
            self.app.pop()

    def log_lines(self) -> list[str]:
        """The whole public log of the game in the current language, grouped by round and phase."""
        names = self.game.names
        rows = log_rows(build_log(self.source.events_for(None), names, {}), names)
        return [f"  {text}" if style == "phase" else text for style, text in rows]

    def new_game(self) -> None:
        """Start a new game with the same seats (a fresh random seed)."""
        self.choice = "new"
        setup = same_seats_setup(self.game.long_game, self.seats) if self.seats else None
        if self.on_new_game is not None:
            self.on_new_game(setup)
            return
        if setup is not None:
            dice_session(self.app).start_game(setup)
        else:
            self.main_menu()

    def main_menu(self) -> None:
        self.choice = "menu"
        if self.on_menu is not None:
            self.on_menu()
            return
        if self.entered:
            self.app.pop()

    def update(self, dt: float) -> bool:
        return False

    # ------------------------------------------------------------------ drawing
    def _colour(self, seat: int) -> palette.PlayerColour:
        idx = seat
        if seat < len(self.seats):
            idx = int(getattr(self.seats[seat], "colour", seat))
        return palette.PLAYER_COLOURS[idx % len(palette.PLAYER_COLOURS)]

    def draw(self, surface: pygame.Surface) -> None:
        """The winner on a gold banner, the score table (the winners' columns in gold), bars
        showing where each player's points came from, and the button row."""
        w, h = surface.get_size()
        surface.fill(palette.SEA_DEEP)
        n = self.game.players
        rows = breakdown_rows(self.outcome)
        title_f = art.font(max(18, min(40, w // 30)), bold=True)
        banner_f = art.font(max(18, min(34, h // 24)), bold=True)
        f = art.font(max(11, min(20, h // 40)))
        fb = art.font(max(11, min(20, h // 40)), bold=True)
        small = art.font(max(10, min(16, h // 50)))
        pad, gap = 12, 8
        need = max(f.size(title)[0] for title, _cells in rows) + 24
        labels = self._button_labels()
        widths = [f.size(labels[name])[0] + 28 for name in self._button_names()]
        row_need = sum(widths) + gap * (len(widths) - 1) + 2 * pad  # every label whole, at the text's size
        pw = min(w - 20, max(760, max(260, need) + 170 * n, int(w * 0.62), row_need))
        banner_h = banner_f.get_linesize() + 14
        bh = max(30, f.get_linesize() + 12)
        legend_h = small.get_linesize() + 6
        fixed = 2 * pad + title_f.get_linesize() + banner_h + legend_h + bh + 5 * gap + 12
        units = len(rows) + 1 + 0.9 * n
        foot = f.get_linesize() + 8  # "n rounds played" under the panel
        line = int(max(f.get_linesize() + 4, min(40, (h - 12 - foot - fixed) / units)))
        ph = int(fixed + line * units)
        panel = pygame.Rect((w - pw) // 2, max(6, (h - foot - ph) // 2), pw, min(h - 12 - foot, ph))
        pygame.draw.rect(surface, palette.PARCHMENT, panel, border_radius=14)
        pygame.draw.rect(surface, palette.BRASS_DARK, panel, width=3, border_radius=14)
        y = panel.y + pad
        t = title_f.render(tr("results.ui.game_over"), True, palette.INK)
        surface.blit(t, t.get_rect(midtop=(panel.centerx, y)))
        y += title_f.get_linesize() + gap // 2
        y = self._draw_banner(surface, pygame.Rect(panel.x + pad, y, pw - 2 * pad, banner_h), banner_f) + gap
        label_w = min(max(260, need), pw // 2)
        col_w = (pw - label_w - 24) // max(1, n)
        x0 = panel.x + 12 + label_w
        winners = set(self.outcome.winners)
        for s in winners:  # the winners' columns on gold
            col = pygame.Rect(x0 + s * col_w - 2, y - 2, col_w, line * (len(rows) + 1) + 2)
            pygame.draw.rect(surface, palette.GOLD_LIGHT, col, border_radius=8)
        for s in range(n):
            pc = self._colour(s)
            cell = pygame.Rect(x0 + s * col_w, y, col_w - 4, line - 2)
            pygame.draw.rect(surface, pc.rgb, cell, border_radius=6)
            if s in winners:
                pygame.draw.rect(surface, palette.GOLD, cell, width=3, border_radius=6)
            name = self.game.names[s]
            room = cell.w - 8 - (line if s in winners else 0)
            txt = fb.render(name, True, palette.BONE)
            while len(name) > 2 and txt.get_width() > room:
                name = name[:-1]
                txt = fb.render(name + "…", True, palette.BONE)
            if s in winners:
                _star(surface, (cell.x + line // 2, cell.centery), max(5, line // 3), palette.GOLD)
                surface.blit(txt, txt.get_rect(center=(cell.centerx + line // 4, cell.centery)))
            else:
                surface.blit(txt, txt.get_rect(center=cell.center))
        y += line
        for r, (title, cells) in enumerate(rows):
            total = r == len(rows) - 1
            if r % 2 == 0 or total:
                band = pygame.Surface((pw - 16, line - 2), pygame.SRCALPHA)
                band.fill((*(palette.GOLD if total else palette.PARCHMENT_LIGHT), 150 if total else 120))
                surface.blit(band, (panel.x + 8, y))
            font = fb if total else f
            surface.blit(font.render(title, True, palette.INK), (panel.x + 14, y + (line - font.get_linesize()) // 2))
            for s, value in enumerate(cells):
                v = (fb if total or (s in winners and r == len(rows) - 1) else font).render(value, True, palette.INK)
                surface.blit(v, v.get_rect(center=(x0 + s * col_w + col_w // 2, y + line // 2)))
            y += line
        y += gap
        y = self._draw_bars(surface, pygame.Rect(panel.x + pad, y, pw - 2 * pad, int(0.9 * n * line)), small, fb)
        y = self._draw_legend(surface, panel.centerx, y + 4, small) + gap
        if self.outcome.capped:
            note = f.render(tr("results.ui.the_game_was_stopped_by_the"), True, palette.DANGER)
            surface.blit(note, note.get_rect(midbottom=(panel.centerx, y)))
        self._layout_buttons(pygame.Rect(panel.x + pad, min(y, panel.bottom - pad - bh), pw - 2 * pad, bh), gap, widths)
        for name, rect in self._buttons.items():
            fill = palette.GOLD_LIGHT if self._hover == name else palette.GOLD
            pygame.draw.rect(surface, fill, rect, border_radius=8)
            pygame.draw.rect(surface, palette.INK, rect, width=2, border_radius=8)
            label = labels[name]
            lt = f.render(label, True, palette.INK)
            px = f.get_height()
            while lt.get_width() > rect.w - 10 and px > 11:  # a smaller font before cutting words
                px -= 1
                lt = art.font(px).render(label, True, palette.INK)
            while len(label) > 2 and lt.get_width() > rect.w - 10:
                label = label[:-1]
                lt = f.render(label + "…", True, palette.INK)
            surface.blit(lt, lt.get_rect(center=rect.center))
        rounds = f.render(tr("results.ui.n_rounds_played", n=self.outcome.rounds), True, palette.FOAM)
        surface.blit(rounds, rounds.get_rect(midbottom=(w // 2, h - 4)))
        if self.show_log:
            self._draw_log(surface, panel, f)

    def _button_labels(self) -> dict[str, str]:
        labels = {"new": tr("results.ui.new_game_with_same_seats_n"), "menu": tr("results.ui.main_menu_m")}
        if self.review:
            labels = {"new": tr("results.hide_log") if self.show_log else tr("results.show_log"),
                      "menu": tr("results.back")}
        labels.update({k: v[0] for k, v in self.extra_buttons.items()})
        return labels

    def _button_names(self) -> list[str]:
        """The buttons from left to right: the standard ones at the ends, extra ones between."""
        return ["new", *self.extra_buttons, "menu"]

    def _layout_buttons(self, row: pygame.Rect, gap: int, widths: Sequence[int]) -> None:
        """The buttons on ``row``, each as wide as its label needs (``widths``) plus an equal
        share of the room left; when the row is too short, every button gives up the same share
        (their labels then shrink). Equal widths cut a long label ("Nueva partida, mismos
        jugadores [N]") while a short one had room to spare."""
        names = self._button_names()
        room = row.w - gap * (len(names) - 1)
        total = sum(widths)
        if total <= room:
            sizes = [wd + (room - total) // len(names) for wd in widths]
        else:
            sizes = [wd * room // total for wd in widths]
        self._buttons = {}
        x = row.x
        for name, wd in zip(names, sizes, strict=True):
            self._buttons[name] = pygame.Rect(x, row.y, wd, row.h)
            x += wd + gap
        self._buttons["menu"].right = row.right  # the last button ends where the row does

    def _draw_banner(self, surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font) -> int:
        """The winner(s) on a gold ribbon in their colours; returns the y below it."""
        pygame.draw.rect(surface, palette.GOLD, rect, border_radius=10)
        pygame.draw.rect(surface, palette.BRASS_DARK, rect, width=3, border_radius=10)
        stripe = max(6, rect.h // 5)
        for k, s in enumerate(self.outcome.winners):
            band = pygame.Rect(rect.x + 6 + k * (stripe + 3), rect.y + 6, stripe, rect.h - 12)
            pygame.draw.rect(surface, self._colour(s).rgb, band, border_radius=3)
        r = max(8, rect.h // 3)
        room = rect.w - 2 * (2 * r + 16) - len(self.outcome.winners) * (stripe + 3) * 2
        text = font.render(self.winners_text(), True, palette.INK)
        if text.get_width() > room:  # long names: a smaller font rather than an overflow

            px = max(10, int(font.get_height() * room / max(1, text.get_width())) - 1)
            text = art.font(px, bold=True).render(self.winners_text(), True, palette.INK)
        tr_ = text.get_rect(center=rect.center)
        surface.blit(text, tr_)
        _star(surface, (tr_.x - r - 8, rect.centery), r, palette.GOLD_LIGHT)
        _star(surface, (tr_.right + r + 8, rect.centery), r, palette.GOLD_LIGHT)
        return rect.bottom

    def _draw_bars(self, surface: pygame.Surface, area: pygame.Rect, small: pygame.font.Font, bold: pygame.font.Font) -> int:
        """One stacked bar per player, best first: each category's points side by side, all on
        one scale, so the players compare at a glance. Returns the y below them."""
        order = ranking(self.outcome)
        parts = score_parts(self.outcome)
        top = max(1, max(sc.total for sc in self.outcome.scores))
        row_h = max(14, area.h // max(1, len(order)))
        name_w = min(area.w // 4, max(bold.size(self.game.names[s])[0] for s in order) + row_h + 8)
        total_w = bold.size("999")[0] + 10
        bar_w = area.w - name_w - total_w
        winners = set(self.outcome.winners)
        for i, s in enumerate(order):
            y = area.y + i * row_h
            bar_h = max(10, row_h - 6)
            by = y + (row_h - bar_h) // 2
            name = self.game.names[s]
            nt = bold.render(name, True, palette.INK) if s in winners else small.render(name, True, palette.INK)
            while len(name) > 2 and nt.get_width() > name_w - row_h - 6:
                name = name[:-1]
                nt = small.render(name + "…", True, palette.INK)
            pygame.draw.rect(surface, self._colour(s).rgb, (area.x, by, row_h // 2, bar_h), border_radius=3)
            if s in winners:
                _star(surface, (area.x + row_h // 4, by + bar_h // 2), max(4, bar_h // 3), palette.GOLD)
            surface.blit(nt, nt.get_rect(midleft=(area.x + row_h // 2 + 6, by + bar_h // 2)))
            x = area.x + name_w
            colours = {key: rgb for key, rgb, _label in CATEGORIES}
            for key, pts in parts[s]:
                if pts <= 0:
                    continue
                seg = pygame.Rect(x, by, max(1, round(bar_w * pts / top)), bar_h)
                pygame.draw.rect(surface, colours[key], seg)
                pygame.draw.rect(surface, palette.PARCHMENT, seg, 1)
                num = small.render(str(pts), True, palette.BONE if key != "coins" else palette.INK)
                if num.get_width() + 4 <= seg.w and num.get_height() <= seg.h + 4:
                    surface.blit(num, num.get_rect(center=seg.center))
                x = seg.right
            if s in winners:
                pygame.draw.rect(surface, palette.GOLD, (area.x + name_w - 2, by - 2, x - area.x - name_w + 4, bar_h + 4),
                                 2, border_radius=3)
            tt = bold.render(str(self.outcome.scores[s].total), True, palette.INK)
            surface.blit(tt, tt.get_rect(midleft=(x + 6, by + bar_h // 2)))
        return area.y + len(order) * row_h

    def _draw_legend(self, surface: pygame.Surface, cx: int, y: int, small: pygame.font.Font) -> int:
        items = [(rgb, small.render(tr(label), True, palette.INK)) for _key, rgb, label in CATEGORIES]
        sq = small.get_height() - 4
        width = sum(sq + 4 + t.get_width() + 14 for _rgb, t in items) - 14
        x = cx - width // 2
        for rgb, t in items:
            pygame.draw.rect(surface, rgb, (x, y + 2, sq, sq), border_radius=2)
            surface.blit(t, (x + sq + 4, y))
            x += sq + 4 + t.get_width() + 14
        return y + int(small.get_linesize())

    def _draw_log(self, surface: pygame.Surface, panel: pygame.Rect, f: pygame.font.Font) -> None:
        area = pygame.Rect(panel.x + 10, panel.y + 10, panel.w - 20, max(40, self._buttons["new"].y - panel.y - 20))
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, area, border_radius=10)
        pygame.draw.rect(surface, palette.BRASS_DARK, area, width=2, border_radius=10)
        lines: list[str] = []
        for ln in self.log_lines():
            lines.extend(wrap(ln, f, area.w - 24))
        lh = f.get_linesize() + 2
        visible = max(1, (area.h - 16) // lh)
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - visible))
        y = area.y + 8
        for ln in lines[self.log_scroll:self.log_scroll + visible]:
            surface.blit(f.render(ln, True, palette.INK), (area.x + 12, y))
            y += lh
