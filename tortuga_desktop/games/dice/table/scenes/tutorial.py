"""The "Learn to play" scene: the normal table with a coach panel over it.

:class:`TutorialScene` is a :class:`TableScene` whose controller lets the scripted computer
pirates move only when the coach says so, and whose ``coach`` refuses wrong moves before they
reach the game (the hook in ``TableScene._check_confirmed``). :class:`CoachPanel` is an overlay
(``TableScene.overlays``): it draws the step's text where the fourth seat would sit, highlights
the part of the table the step talks about and dims the rest, and has Back / Next / Skip.

Keys while an explanation shows: Enter or Right = Next, Left = Back; Escape is the pause menu.
Progress is saved in the settings after every step (``tutorial_step``).
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.games.dice.rules import Game, PlayerAction
from tortuga_desktop.games.dice.rules.events import GameEnded
from tortuga_desktop.games.dice.table.controller import LocalTableSource
from tortuga_desktop.games.dice.table.layout import TableLayout
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.games.dice.table.source import LogLine, TableMove, Viewer
from tortuga_desktop.games.dice.table.tutorial import (
    HUMAN,
    STEPS,
    Coach,
    ScriptedBot,
    Step,
    fast_forward,
    spot_rect,
)
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.layout import wrap_words
from tortuga_desktop.shell.saves import SeatConfig

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

logger = logging.getLogger(__name__)

__all__ = ["CoachPanel", "TutorialController", "TutorialScene", "start_tutorial"]

#: The coach panel sits where a fourth player's board would be (design coordinates).
PANEL_DESIGN = (627, 574, 615, 318)


def tutorial_seats() -> list[SeatConfig]:
    return [SeatConfig(tr("tutorial.player_name"), "human", 0),
            SeatConfig("Anne Bonny", "normal", 1, 1),
            SeatConfig("Calico Jack", "normal", 2, 2)]


class TutorialController(LocalTableSource):
    """The tutorial's table source: a local game whose computer players follow the script and wait for the coach."""

    def __init__(self, game: Game, coach: Coach, bots: dict[int, ScriptedBot]) -> None:
        # the scripted players only look their next move up: they answer inside the poll
        super().__init__(game, tutorial_seats(), bots=bots, think="inline")
        self.bots = dict(bots)
        self.coach = coach
        # The computer pirates are asked, and their answers reach the game, only while the coach lets them
        # move: an answer that was still on its way (held back like a player's thinking) when the player's
        # move ended a step waits for the next step that lets them move. Otherwise the table ran ahead of the
        # coach: Jack's held choice at step 10 revealed the third roll while the coach explained Board's room
        # (step 11).
        self.table.hold = lambda: not coach.bots_may_move()

    def _decided(self, move: TableMove) -> None:
        bot = self.bots.get(move.seat) if move.by_bot else None
        if isinstance(bot, ScriptedBot):
            bot.applied(move.kind)

    def log(self, viewer: Viewer, move: TableMove | None = None) -> list[LogLine]:
        """The game log, without its game-over line (the final scores) until the coach has
        explained how the points are counted (``Coach.scores_shown``)."""
        lines = super().log(viewer, move)
        if self.coach.scores_shown():
            return lines
        return [ln for ln in lines if not isinstance(ln.event, GameEnded)]

    def submit(self, seat: int, action: PlayerAction | str) -> TableMove:
        ev = super().submit(seat, action)
        if not isinstance(action, str):
            self.coach.applied(seat, action)
        return ev


def text_key(step: Step) -> str:
    return f"tutorial.step.{step.key}"


def step_text(step: Step, game: Game | None) -> str:
    params = step.params(game) if step.params is not None and game is not None else {}
    return tr(text_key(step), **params)


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Word wrap keeping explicit line breaks (an empty paragraph stays an empty line)."""
    return [ln for para in text.split("\n") for ln in (wrap_words(para, font, width) or [""])]


class CoachPanel:
    """The coach's overlay: text, highlight, dimming, Back / Next / Skip."""

    visible = True

    def __init__(self, scene: TutorialScene) -> None:
        self.scene = scene
        self.buttons: dict[str, pygame.Rect] = {}
        #: answered (taken or declined): the menu drops it
        self.closed = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover: str | None = None
        self._clock = 0.0
        self._dim: tuple[object, pygame.Surface] | None = None  # the dimming layer, kept while the holes stay

    @property
    def coach(self) -> Coach:
        return self.scene.tutorial

    # -- geometry --------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        r = self.scene.renderer
        if r is None:
            return pygame.Rect(0, 0, 0, 0)
        return r.layout.r(*PANEL_DESIGN)

    def highlight(self) -> pygame.Rect:
        """The screen rect of what the current step talks about."""
        r = self.scene.renderer
        if r is None:
            return pygame.Rect(0, 0, 0, 0)
        return spot_rect(r, self.coach.step.spot)

    def _layout(self) -> None:
        r = self.panel_rect()
        self.rect = r
        L = self.scene.renderer.layout if self.scene.renderer is not None else None
        px = L.px if L is not None else (lambda v: int(v))
        bh, gap = px(44), px(10)
        y = r.bottom - px(12) - bh
        widths = [px(190), px(150), px(190)]
        x = r.x + px(14)
        self.buttons = {}
        self.buttons["skip"] = pygame.Rect(x, y, widths[0], bh)
        bx = r.right - px(14) - widths[2]
        self.buttons["next"] = pygame.Rect(bx, y, widths[2], bh)
        self.buttons["back"] = pygame.Rect(bx - gap - widths[1], y, widths[1], bh)

    def _enabled(self, name: str) -> bool:
        c = self.coach
        if name == "back":
            return c.can_back() or c.resumed
        if name == "next":
            return c.step.mode != "do" and c.ready()
        return True

    # -- overlay API -----------------------------------------------------------------
    def handle(self, intent: Intent, scene: TableScene) -> bool:
        self._layout()
        c = self.coach
        explaining = c.step.mode != "do"
        if isinstance(intent, Click):
            if intent.button != 1:
                return explaining or self.rect.collidepoint(intent.pos)
            for name, rect in self.buttons.items():
                if rect.collidepoint(intent.pos):
                    if self._enabled(name):
                        self.press(name)
                    return True
            return explaining or self.rect.collidepoint(intent.pos)
        if isinstance(intent, Key):
            if intent.key in (pygame.K_ESCAPE, pygame.K_SPACE):
                return False
            if explaining:
                if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT) and self._enabled("next"):
                    self.press("next")
                elif intent.key == pygame.K_LEFT and self.coach.can_back():
                    self.press("back")
                return True
            return False
        if hasattr(intent, "pos"):
            pos = intent.pos
            new = next((n for n, r in self.buttons.items() if r.collidepoint(pos)), None)
            if new != self.hover:
                self.hover = new
                self.scene._dirty = True
        return False

    def press(self, name: str) -> None:
        if name == "next":
            self.scene.next_step()
        elif name == "back" and self.coach.resumed:
            self.scene.restart()
        elif name == "back":
            self.coach.back()
            self.scene.step_changed()
        elif name == "skip":
            self.scene.skip_tutorial()

    def update(self, dt: float, scene: TableScene) -> bool:
        self._clock += dt
        return int(self._clock * 2) != int((self._clock - dt) * 2)  # the highlight pulses gently

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        renderer = self.scene.renderer
        if renderer is None:
            return
        self._layout()
        L = renderer.layout
        c = self.coach
        spot = self.highlight()
        holes = [spot.inflate(L.px(10), L.px(10)), self.rect]
        if c.step.mode == "do":
            holes.append(pygame.Rect(renderer.prompt_rect))
        key = (surface.get_size(), tuple(tuple(h) for h in holes))
        if self._dim is None or self._dim[0] != key:
            dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            dim.fill((10, 20, 30, 120))
            for h in holes:
                dim.fill((0, 0, 0, 0), h)
            self._dim = (key, dim)
        surface.blit(self._dim[1], (0, 0))
        pulse = 0.5 + 0.5 * abs((self._clock % 1.0) - 0.5) * 2
        ring = palette.mix(palette.GOLD, palette.GOLD_LIGHT, pulse)
        pygame.draw.rect(surface, ring, spot.inflate(L.px(10), L.px(10)), L.px(4), border_radius=L.px(8))
        self._draw_pointer(surface, spot.inflate(L.px(14), L.px(14)), ring, L)
        self._draw_panel(surface, L)

    def _draw_pointer(self, surface: pygame.Surface, target: pygame.Rect, rgb: palette.RGB, L: TableLayout) -> None:
        """An arrow from the coach panel to what it talks about (none when they touch)."""
        panel = self.rect
        if panel.colliderect(target.inflate(L.px(30), L.px(30))):
            return
        tx = min(max(panel.centerx, target.left), target.right)
        ty = min(max(panel.centery, target.top), target.bottom)
        sx = min(max(tx, panel.left + L.px(20)), panel.right - L.px(20))
        sy = min(max(ty, panel.top), panel.bottom)
        dx, dy = tx - sx, ty - sy
        dist = math.hypot(dx, dy)
        if dist < L.px(30):
            return
        ux, uy = dx / dist, dy / dist
        head = L.px(16)
        base = (tx - ux * head, ty - uy * head)
        pygame.draw.line(surface, palette.INK, (sx, sy), base, L.px(7))
        pygame.draw.line(surface, rgb, (sx, sy), base, L.px(4))
        wing = (-uy * head * 0.6, ux * head * 0.6)
        tip = [(tx, ty), (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
        pygame.draw.polygon(surface, rgb, tip)
        pygame.draw.polygon(surface, palette.INK, tip, max(1, L.px(2)))

    def paragraphs(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The panel's text: the step's note, then what the player should do now."""
        c = self.coach
        out = [(step_text(c.step, c.game), palette.INK)]
        if c.error:
            out.append((tr(c.error) + " " + tr("tutorial.ui.try_again"), palette.DANGER))
        elif c.step.mode == "do":
            out.append((tr("tutorial.ui.your_move"), palette.SEA_DEEP))
        elif c.step.mode == "watch" and not c.ready():
            out.append((tr("tutorial.ui.watch"), palette.INK_SOFT))
        return out

    def _draw_panel(self, surface: pygame.Surface, L: TableLayout) -> None:
        c = self.coach
        r = self.rect
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, r, border_radius=L.px(14))
        pygame.draw.rect(surface, palette.BRASS_DARK, r, L.px(3), border_radius=L.px(14))
        pad = L.px(16)
        small = art.font(L.px(15))
        head = small.render(tr("tutorial.ui.step", n=c.index + 1, total=c.count), True, palette.INK_SOFT)
        surface.blit(head, (r.x + pad, r.y + L.px(8)))
        title = art.font(L.px(22), True).render(tr("tutorial.ui.title"), True, palette.INK)
        surface.blit(title, (r.right - pad - title.get_width(), r.y + L.px(4)))
        body_top = r.y + L.px(36)
        body_bottom = self.buttons["next"].y - L.px(8)
        paragraphs = self.paragraphs()
        lines: list[tuple[str, tuple[int, int, int]]] = []
        size = 20
        while True:
            font = art.font(L.px(size))
            width = r.w - 2 * pad
            lines = []
            for i, (para, colour) in enumerate(paragraphs):
                if i:
                    lines.append(("", colour))
                lines += [(ln, colour) for ln in _wrap(para, font, width)]
            if len(lines) * font.get_linesize() <= body_bottom - body_top or size <= 13:
                break
            size -= 1
        y = body_top
        for ln, colour in lines:
            if ln:
                surface.blit(font.render(ln, True, colour), (r.x + pad, y))
            y += font.get_linesize()
        labels = {"skip": tr("tutorial.ui.skip"),
                  "back": tr("tutorial.ui.restart") if c.resumed else tr("tutorial.ui.back"),
                  "next": tr("tutorial.ui.finish") if c.index == c.count - 1 else tr("tutorial.ui.next")}
        bfont = art.font(L.px(17), True)
        for name, rect in self.buttons.items():
            on = self._enabled(name) and not (name == "next" and c.step.mode == "do")
            fill = palette.GOLD if on else palette.PARCHMENT_DARK
            if on and self.hover == name:
                fill = palette.GOLD_LIGHT
            pygame.draw.rect(surface, fill, rect, border_radius=L.px(8))
            pygame.draw.rect(surface, palette.INK if on else palette.INK_SOFT, rect, L.px(2), border_radius=L.px(8))
            t = bfont.render(labels[name], True, palette.INK if on else palette.INK_SOFT)
            if t.get_width() > rect.w - L.px(8):
                t = art.font(L.px(13), True).render(labels[name], True, palette.INK if on else palette.INK_SOFT)
            surface.blit(t, t.get_rect(center=rect.center))


class TutorialScene(TableScene):
    """A guided game: the table, a coach and two scripted computer pirates."""

    name = "tutorial"

    def __init__(self, step: int = 0) -> None:
        coach = Coach(step)
        game, bots = fast_forward(coach.index)
        self._name_seats(game)
        coach.game = game
        super().__init__(TutorialController(game, coach, bots), speed="normal")
        self.tutorial = coach
        self.coach = coach
        self.chapter = coach.step.chapter
        self.panel = CoachPanel(self)
        self.overlays.append(self.panel)

    @staticmethod
    def _name_seats(game: Game) -> None:
        game.names = [tr("tutorial.player_name"), "Anne Bonny", "Calico Jack"]

    def enter(self, app: App) -> None:
        super().enter(app)
        self.set_speed(app.table_speed())

    # -- steps -----------------------------------------------------------------------
    def next_step(self) -> None:
        if self.tutorial.next():
            self.finish_tutorial()
            return
        self.step_changed()

    def step_changed(self) -> None:
        step = self.tutorial.step
        if step.chapter != self.chapter:
            self._load_chapter()
        self._save_progress(self.tutorial.index)
        self.log = self.controller.log(self.viewer, self._move)  # as this step may show it
        self._dirty = True

    def restart(self) -> None:
        """Start over: the first step on the first position."""
        self.tutorial.restart()
        self._load_chapter()
        self._save_progress(0)
        self._dirty = True

    def _load_chapter(self) -> None:
        """Set out the next prepared position (a new game on the same table)."""
        game, bots = fast_forward(self.tutorial.index)
        self._name_seats(game)
        self.controller.close()
        self.controller = TutorialController(game, self.tutorial, bots)
        self.tutorial.game = game
        self.chapter = self.tutorial.step.chapter
        if self.renderer is not None:
            self.renderer.seats = self.controller.seats
        self.reopen()
        self.queue = []
        self.timeline = None
        self.decision_ui = None
        self.decision_seat = None
        self._set_viewer(HUMAN)

    def _save_progress(self, step: int) -> None:
        settings = self.app.settings if self.entered else None
        if settings is None or getattr(settings, "tutorial_step", None) == step:
            return
        settings.tutorial_step = step
        self.app.save_settings()

    def skip_tutorial(self) -> None:
        """Leave now; "Learn to play" resumes at this step next time."""
        self._save_progress(self.tutorial.index)
        self.app.go_home()

    def finish_tutorial(self) -> None:
        self._save_progress(0)
        self.tutorial.finished = True
        TableScene._finish(self)

    # -- TableScene hooks ------------------------------------------------------------
    def _finish(self) -> None:
        """The game is over: the coach explains the scoring first (Finish leads to the results)."""
        return


def start_tutorial(app: App) -> TutorialScene:
    """Push the tutorial, resuming at the saved step."""
    settings = app.settings
    if settings is not None and not settings.tutorial_offered:
        settings.tutorial_offered = True  # taken: the first-start offer is not shown again
        app.save_settings()
    step = int(getattr(settings, "tutorial_step", 0) or 0) if settings is not None else 0
    if not 0 <= step < len(STEPS):
        step = 0
    scene = TutorialScene(step)
    app.push(scene)
    return scene
