"""The results screen: every player's score breakdown, the winner(s), what next.

Rows: chests in Tortuga / fleet / crew (purple chests count double; the purple share is shown
on its own row), red-blue-yellow sets, tracks (boat + pirate box), coins, total. Buttons:
"New game with same seats" (N) and "Main menu" (M or Escape).  With ``review=True`` (a finished
game opened from the statistics screen or a file) the buttons are "Back" (Esc) and "Game log"
(L), which shows the whole log of the game in the current language.

When the scene is entered it calls ``app.on_results(scene)`` if the App has such a hook (the
``--exit-after-game`` / ``--screenshot`` flow uses it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pygame

from ...rules import Game, Outcome
from .. import palette
from ..i18n import tr
from . import Scene

__all__ = ["ResultsScene", "breakdown_rows", "same_seats_setup"]


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


def same_seats_setup(game: Game, seats: Sequence[Any]) -> Any:
    """A SetupConfig with the same seats (fresh random game), or None without app.saves."""
    try:
        from ..saves import SetupConfig
    except ImportError:  # pragma: no cover
        return None
    clean = [replace(s, bot_seed=0) for s in seats]
    return SetupConfig(seats=clean, start_player=None, long_game=game.long_game, seed=None)


class ResultsScene(Scene):
    """Final scores of a finished game."""

    opaque = True
    name = "results"

    def __init__(self, game: Any, seats: Any = None, app: Any = None, *,
                 on_new_game: Callable[[Any], None] | None = None,
                 on_menu: Callable[[], None] | None = None, review: bool = False) -> None:
        """``game`` is a finished Game or a controller (with ``.game`` and ``.seats``);
        ``seats`` the SeatConfig list (an Outcome passed here instead is ignored)."""
        super().__init__()
        if not isinstance(game, Game) and hasattr(game, "game"):
            if seats is None or isinstance(seats, Outcome):
                seats = getattr(game, "seats", None)
            game = game.game
        if isinstance(seats, Outcome):
            seats = None
        self.game: Game = game
        self.seats = list(seats) if seats is not None else []
        self.app = app
        self.on_new_game = on_new_game
        self.on_menu = on_menu
        outcome = game.outcome()
        if outcome is None:
            raise ValueError("the game is not over")
        self.outcome: Outcome = outcome
        self.choice: str | None = None  # "new" | "menu" once chosen
        self.review = review
        self.show_log = False
        self.log_scroll = 0
        self._buttons: dict[str, pygame.Rect] = {}
        self._hover: str | None = None

    # ------------------------------------------------------------------ scene
    def enter(self, app: Any) -> None:
        super().enter(app)
        hook = getattr(app, "on_results", None)
        if callable(hook):
            hook(self)

    def winners_text(self) -> str:
        names = [self.game.names[w] for w in self.outcome.winners]
        if len(names) == 1:
            return tr("results.ui.name_wins_with_points_points", name=names[0],
                      points=self.outcome.scores[self.outcome.winners[0]].total)
        return tr("results.ui.shared_victory_names_points_points", names=" and ".join(names),
                  points=self.outcome.scores[self.outcome.winners[0]].total)

    def handle(self, intent: Any) -> None:
        key = getattr(intent, "key", None)
        if self.review:
            self._handle_review(intent, key)
            return
        if key is not None:
            uni = str(getattr(intent, "unicode", "") or "").lower()
            if key == pygame.K_n or uni == "n":
                self.new_game()
            elif (key == pygame.K_r or uni == "r") and self.app is not None:  # the game review (app/review.py)
                from ..review import open_review

                open_review(self)
            elif key in (pygame.K_m, pygame.K_ESCAPE) or uni == "m":
                self.main_menu()
            return
        pos = getattr(intent, "pos", None)
        if pos is None:
            return
        if getattr(intent, "button", None) == 1:
            for name, rect in self._buttons.items():
                if rect.collidepoint(pos):
                    self.new_game() if name == "new" else self.main_menu()
                    return
        else:
            hover = next((n for n, r in self._buttons.items() if r.collidepoint(pos)), None)
            if hover != self._hover:
                self._hover = hover
                if self.app is not None:
                    self.app.request_redraw()

    def _handle_review(self, intent: Any, key: Any) -> None:
        if key is not None:
            uni = str(getattr(intent, "unicode", "") or "").lower()
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
            if self.app is not None:
                self.app.request_redraw()
            return
        pos = getattr(intent, "pos", None)
        button = getattr(intent, "button", None)
        if pos is None or button is None:
            return
        if button in (4, 5) and self.show_log:
            self.log_scroll = max(0, self.log_scroll + (3 if button == 5 else -3))
        elif button == 1:
            for name, rect in self._buttons.items():
                if rect.collidepoint(pos):
                    if name == "new":
                        self.show_log = not self.show_log
                    else:
                        self.close_review()
                    break
        if self.app is not None:
            self.app.request_redraw()

    def close_review(self) -> None:
        self.choice = "menu"
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def log_lines(self) -> list[str]:
        """The whole public log of the game, in the current language."""
        from ..eventtext import event_text

        out: list[str] = []
        last = None
        for e in self.game.events_for(None):
            line = event_text(e, self.game.names)
            if not line:
                continue
            if e.round != last:
                last = e.round
                out.append(tr("table.log_round", n=e.round))
            out.append(line)
        return out

    def new_game(self) -> None:
        """Start a new game with the same seats (a fresh random seed)."""
        self.choice = "new"
        setup = same_seats_setup(self.game, self.seats) if self.seats else None
        if self.on_new_game is not None:
            self.on_new_game(setup)
            return
        start_game = getattr(self.app, "start_game", None)
        if callable(start_game) and setup is not None:
            start_game(setup)
        else:
            self.main_menu()

    def main_menu(self) -> None:
        self.choice = "menu"
        if self.on_menu is not None:
            self.on_menu()
            return
        hook = getattr(self.app, "main_menu", None)
        if callable(hook):
            hook()
        elif self.app is not None:
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
        from .. import art

        w, h = surface.get_size()
        surface.fill(palette.SEA_DEEP)
        n = self.game.players
        rows = breakdown_rows(self.outcome)
        title_f = art.font(max(18, min(40, w // 30)), bold=True)
        f = art.font(max(11, min(20, h // 40)))
        fb = art.font(max(11, min(20, h // 40)), bold=True)
        line = max(f.get_linesize() + 6, min(40, h // 18))
        need = max(f.size(title)[0] for title, _cells in rows) + 24
        pw = min(w - 20, max(260, need) + 170 * n)
        ph = line * (len(rows) + 2) + title_f.get_linesize() * 2 + 80
        panel = pygame.Rect((w - pw) // 2, max(6, (h - ph) // 2), pw, min(h - 12, ph))
        pygame.draw.rect(surface, palette.PARCHMENT, panel, border_radius=14)
        pygame.draw.rect(surface, palette.BRASS_DARK, panel, width=3, border_radius=14)
        y = panel.y + 12
        t = title_f.render(tr("results.ui.game_over"), True, palette.INK)
        surface.blit(t, t.get_rect(midtop=(panel.centerx, y)))
        y += title_f.get_linesize()
        win = fb.render(self.winners_text(), True, palette.BRASS_DARK)
        surface.blit(win, win.get_rect(midtop=(panel.centerx, y)))
        y += title_f.get_linesize()
        label_w = min(max(260, need), pw // 2)
        col_w = (pw - label_w - 24) // max(1, n)
        x0 = panel.x + 12 + label_w
        for s in range(n):
            pc = self._colour(s)
            cell = pygame.Rect(x0 + s * col_w, y, col_w - 4, line - 2)
            pygame.draw.rect(surface, pc.rgb, cell, border_radius=6)
            if s in self.outcome.winners:
                pygame.draw.rect(surface, palette.GOLD, cell, width=3, border_radius=6)
            name = self.game.names[s]
            txt = fb.render(name, True, palette.BONE)
            while len(name) > 2 and txt.get_width() > cell.w - 8:
                name = name[:-1]
                txt = fb.render(name + "…", True, palette.BONE)
            surface.blit(txt, txt.get_rect(center=cell.center))
        y += line
        for r, (title, cells) in enumerate(rows):
            total = r == len(rows) - 1
            if r % 2 == 0 or total:
                band = pygame.Rect(panel.x + 8, y, pw - 16, line - 2)
                pygame.draw.rect(surface, palette.GOLD_LIGHT if total else palette.PARCHMENT_LIGHT, band,
                                 border_radius=4)
            font = fb if total else f
            surface.blit(font.render(title, True, palette.INK), (panel.x + 14, y + (line - font.get_linesize()) // 2))
            for s, value in enumerate(cells):
                v = font.render(value, True, palette.INK)
                surface.blit(v, v.get_rect(center=(x0 + s * col_w + col_w // 2, y + line // 2)))
            y += line
        if self.outcome.capped:
            note = f.render(tr("results.ui.the_game_was_stopped_by_the"), True, palette.DANGER)
            surface.blit(note, (panel.x + 14, y))
        y += line // 2 + 6
        bw = min(380, (pw - 40) // 2)
        bh = max(30, line)
        self._buttons = {
            "new": pygame.Rect(panel.x + 14, y, bw, bh),
            "menu": pygame.Rect(panel.right - 14 - bw, y, bw, bh),
        }
        if not self.review:  # the game review (app/review.py) is one key away
            note = f.render(tr("review.press_r"), True, palette.INK_SOFT)
            surface.blit(note, note.get_rect(midtop=(panel.centerx, y + bh + 6)))
        labels = {"new": tr("results.ui.new_game_with_same_seats_n"), "menu": tr("results.ui.main_menu_m")}
        if self.review:
            labels = {"new": tr("results.hide_log") if self.show_log else tr("results.show_log"),
                      "menu": tr("results.back")}
        for name, rect in self._buttons.items():
            fill = palette.GOLD_LIGHT if self._hover == name else palette.GOLD
            pygame.draw.rect(surface, fill, rect, border_radius=8)
            pygame.draw.rect(surface, palette.INK, rect, width=2, border_radius=8)
            lt = f.render(labels[name], True, palette.INK)
            surface.blit(lt, lt.get_rect(center=rect.center))
        rounds = f.render(tr("results.ui.n_rounds_played", n=self.outcome.rounds), True, palette.FOAM)
        surface.blit(rounds, rounds.get_rect(midbottom=(w // 2, h - 4)))
        if self.show_log:
            self._draw_log(surface, panel, f)

    def _draw_log(self, surface: pygame.Surface, panel: pygame.Rect, f: Any) -> None:
        from .dialogs import wrap

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
