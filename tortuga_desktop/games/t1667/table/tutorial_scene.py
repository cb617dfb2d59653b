"""Tortuga 1667's "Learn to play" scene: the normal 1667 table with a coach beside it.

:class:`Tutorial1667Scene` is a :class:`~.scene.Table1667Scene` at a :class:`TutorialTable`: a local
game whose computer pirates play their script (:mod:`.tutorial`) one move at a time, and only while
the coach lets them. The player's moves go through the normal decision panel and table clicks; the
coach refuses a wrong one before it reaches the game (:meth:`Tutorial1667Scene.submit`).

:class:`CoachPanel1667` takes the lower part of the side column (the log's place: the coach tells
what happened): the step's text, Back / Next and Leave for now. It rings the part of the table the
step talks about and dims the rest while it explains. Keys while an explanation shows: Enter or
Right = Next, Left = Back; Escape is the pause menu, F1 the rules. Progress is saved in the settings
after every step (``tutorial_steps["t1667"]``); leaving goes back to the screen the tutorial was
started from.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from tortuga_desktop.games.t1667.rules import Action, Event, TableView, Vote
from tortuga_desktop.games.t1667.rules.cards import Ship
from tortuga_desktop.games.t1667.table.engine import T1667Engine
from tortuga_desktop.games.t1667.table.help import TUTORIAL_SCENE
from tortuga_desktop.games.t1667.table.layout import Table1667Layout
from tortuga_desktop.games.t1667.table.scene import Table1667Scene
from tortuga_desktop.games.t1667.table.tutorial import (
    HUMAN,
    KEY,
    STEPS,
    Coach,
    ScriptedSeats,
    Spot,
    Step,
    fast_forward,
)
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.anim import SPEEDS
from tortuga_desktop.shell.engine import ActionRefused, Prompt
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.layout import LayoutReport, wrap_words
from tortuga_desktop.shell.table import Move, Said, Viewer, ViewerError

logger = logging.getLogger(__name__)

__all__ = ["CoachPanel1667", "Tutorial1667Scene", "TutorialTable", "saved_step", "spot_rect", "start_tutorial"]

#: the share of the side column the decision panel keeps; the coach has the rest (the log's place)
PANEL_SHARE = 0.46
#: seconds between two scripted moves at normal speed (a person follows them one by one)
MOVE_GAP_S = 0.9


class TutorialTable:
    """The tutorial's :class:`~tortuga_desktop.shell.table.GameTable`: the game at this computer, the
    player at seat 0, the computer pirates playing their script when the coach lets them."""

    def __init__(self, engine: T1667Engine, seats: ScriptedSeats, coach: Coach, names: Sequence[str]) -> None:
        self.engine = engine
        self.seats = seats
        self.coach = coach
        self._names = tuple(names)
        self._notices: list[tuple[str, dict[str, str | int]]] = []
        self._said: list[Said] = []
        self._prompted = 0
        self._closed = False
        #: seconds until the next scripted move may come (paces the computer pirates)
        self.wait = MOVE_GAP_S
        self.gap = MOVE_GAP_S

    @property
    def players(self) -> int:
        return self.engine.players

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def kinds(self) -> tuple[str, ...]:
        return ("human",) + ("normal",) * (self.engine.players - 1)

    @property
    def human_seats(self) -> tuple[int, ...]:
        return (HUMAN,)

    @property
    def viewers(self) -> frozenset[Viewer]:
        return frozenset({HUMAN, None})

    @property
    def is_over(self) -> bool:
        return self.engine.is_over

    @property
    def notices(self) -> list[tuple[str, dict[str, str | int]]]:
        return self._notices

    @property
    def said(self) -> list[Said]:
        return self._said

    def _check(self, viewer: Viewer) -> None:
        if viewer not in (HUMAN, None) or isinstance(viewer, bool):
            raise ViewerError(f"viewer {viewer!r:.20} is not shown at this table")

    def view(self, viewer: Viewer) -> TableView:
        self._check(viewer)
        return self.engine.view(HUMAN) if viewer is not None else self.engine.view(None)

    def events_for(self, viewer: Viewer, start: int = 0) -> Sequence[Event]:
        self._check(viewer)
        return self.engine.events_for(viewer, start)

    def prompt(self, seat: int) -> Prompt[TableView, Action, Event]:
        if seat != HUMAN:
            raise ViewerError(f"seat {seat!r:.20} is not decided at this screen")
        events = tuple(self.engine.events_for(seat, self._prompted))
        self._prompted += len(events)
        return Prompt(seat, self.engine.view(seat), tuple(self.engine.legal_actions(seat)), events)

    def submit(self, seat: int, action: Action | str) -> Move[Action]:
        if seat != HUMAN:
            raise ViewerError(f"seat {seat!r:.20} is not decided at this screen")
        if self._closed:
            raise ActionRefused("the table is closed")
        act = self.engine.parse_action(action) if isinstance(action, str) else action
        self.engine.apply(seat, act)
        self.coach.applied(seat)
        self.wait = self.gap
        return Move(seat, act, None, self.engine.decisions, self.engine.is_over)

    def say(self, seat: int, line: object) -> None:
        """The guided game keeps to its script: nothing said there reaches it (the talk menu shows why)."""
        if seat != HUMAN:
            raise ViewerError(f"seat {seat!r:.20} is not decided at this screen")
        raise ActionRefused("talk is not part of the guided game")

    def advance(self, dt: float) -> None:
        """The frame's time: the next scripted move comes ``gap`` seconds after the last one."""
        self.wait = max(0.0, self.wait - dt)

    def poll(self, budget_s: float = 0.0) -> list[Move[Action]]:
        """The next scripted move, once its time has come and while the coach lets the pirates move."""
        if self._closed or self.wait > 0 or not self.coach.bots_may_move():
            return []
        nxt = self.seats.next_move(self.engine._game)
        if nxt is None:
            return []
        seat, action = nxt
        self.engine.apply(seat, action)
        self.seats.applied(seat)
        self.wait = self.gap
        seen = None if isinstance(action, Vote) else action  # another seat's vote card stays hidden (T9.4)
        return [Move(seat, seen, None, self.engine.decisions, self.engine.is_over)]

    def thinking(self) -> tuple[int, ...]:
        if self._closed or not self.coach.bots_may_move():
            return ()
        return tuple(s for s in self.engine.deciders() if s != HUMAN)

    def waiting_for(self) -> tuple[int, ...]:
        return self.engine.deciders()

    def record(self) -> None:
        """None: a game from a prepared position has no record to keep or watch again."""
        return None

    def close(self) -> None:
        self._closed = True


def spot_rect(L: Table1667Layout, spot: Spot) -> pygame.Rect:
    """The screen rect of ``spot`` in the 1667 table's layout."""
    k = spot.kind
    rects: list[Any]
    if k in ("mat", "loyalty", "hand", "galleon", "status", "last_vote"):
        rects = [getattr(L, k)]
    elif k == "tortuga":
        rects = [L.tortuga.rect]
    elif k == "treasure":
        rects = [r for _ship, sb in L.ships for _side, r in sb.holds] + [r for _side, r in L.tortuga.areas]
    elif k == "row":
        rects = list(L.row)
    elif k == "panel":
        side = pygame.Rect(L.side)
        rects = [(side.x, side.y, side.w, round(side.h * PANEL_SHARE))]
    elif k == "ship":
        rects = [L.ship(Ship(str(x))).rect for x in spot.items]
    elif k == "slots":
        rects = [L.row[int(x) - 1] for x in spot.items]
    elif k == "seats":
        rects = [L.seats[int(x)].rect for x in spot.items]
    else:
        raise ValueError(f"unknown spot kind {k!r}")
    out = pygame.Rect(rects[0])
    return out.unionall([pygame.Rect(r) for r in rects[1:]]) if len(rects) > 1 else out


def text_key(step: Step) -> str:
    return f"tutorial.t1667.step.{step.key}"


def step_text(step: Step, coach: Coach) -> str:
    params = step.params(coach.game) if step.params is not None and coach.game is not None else {}
    return tr(text_key(step), **params)


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Word wrap keeping explicit line breaks (an empty paragraph stays an empty line)."""
    return [ln for para in text.split("\n") for ln in (wrap_words(para, font, width) or [""])]


class CoachPanel1667:
    """The coach beside the table: the step's text, the highlight, Back / Next / Leave for now."""

    def __init__(self, scene: Tutorial1667Scene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, pygame.Rect] = {}
        self.hover: str | None = None
        self.clock = 0.0
        #: the body text's size last drawn (the layout tests read it: it never goes below the minimum)
        self.text_px = 0
        self.clipped = False
        #: the dimming layer and what it was made for (the window's size and the holes in it)
        self._dim: tuple[object, pygame.Surface] | None = None

    @property
    def coach(self) -> Coach:
        return self.scene.tutorial

    def layout(self) -> None:
        r = self.scene.renderer
        if r is None:
            return
        L = r.layout
        side = pygame.Rect(L.side)
        top = side.y + round(side.h * PANEL_SHARE)
        self.rect = pygame.Rect(side.x + L.px(4), top + L.px(4), side.w - L.px(8), side.bottom - top - L.px(8))
        pad, bh, gap = L.px(10), L.px(34), L.px(6)
        inner = self.rect.w - 2 * pad
        half = (inner - gap) // 2
        y2 = self.rect.bottom - pad - bh
        y1 = y2 - gap - bh
        self.buttons = {
            "leave": pygame.Rect(self.rect.x + pad, y1, inner, bh),
            "back": pygame.Rect(self.rect.x + pad, y2, half, bh),
            "next": pygame.Rect(self.rect.x + pad + half + gap, y2, inner - half - gap, bh),
        }

    def highlight(self) -> pygame.Rect:
        r = self.scene.renderer
        if r is None:
            return pygame.Rect(0, 0, 0, 0)
        return spot_rect(r.layout, self.coach.step.spot)

    def enabled(self, name: str) -> bool:
        c = self.coach
        if name == "back":
            return c.can_back() or c.resumed
        if name == "next":
            return c.step.mode != "do" and c.ready() and not self.scene.animating
        return True

    def labels(self) -> dict[str, str]:
        c = self.coach
        return {"leave": tr("tutorial.ui.skip"),
                "back": tr("tutorial.ui.restart") if c.resumed else tr("tutorial.ui.back"),
                "next": tr("tutorial.ui.finish") if c.index == c.count - 1 else tr("tutorial.ui.next")}

    def handle(self, intent: Intent) -> bool:
        """True when the coach used the intent (the table does not see it)."""
        self.layout()
        c = self.coach
        explaining = c.step.mode != "do"
        if isinstance(intent, Click):
            if intent.button == 1:
                for name, rect in self.buttons.items():
                    if rect.collidepoint(intent.pos):
                        if self.enabled(name):
                            self.scene.press(name)
                        return True
            if self.rect.collidepoint(intent.pos):
                return True
            widget = self.scene.aids.widget(self.scene)
            if widget is not None and any(pygame.Rect(r).collidepoint(intent.pos) for r in widget.rects.values()):
                return False  # the note tags beside the names stay the player's, explanation or not
            if explaining and intent.button == 1 and self.scene.animating:
                return False  # a click skips what is being shown
            return explaining and intent.button in (1, 3)
        if isinstance(intent, Key):
            if intent.key == pygame.K_ESCAPE or (intent.key == pygame.K_SPACE and self.scene.animating):
                return False
            if explaining:
                if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT, pygame.K_SPACE):
                    if self.enabled("next"):
                        self.scene.press("next")
                elif intent.key == pygame.K_LEFT and c.can_back():
                    self.scene.press("back")
                elif intent.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END):
                    return False
                return True
            return False
        pos = getattr(intent, "pos", None)
        if pos is not None:
            new = next((n for n, r in self.buttons.items() if r.collidepoint(pos)), None)
            if new != self.hover:
                self.hover = new
        return False

    def paragraphs(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The panel's text: the step's note (once what the table shows has been shown), then what to do now."""
        c = self.coach
        if self.scene.animating and c.step.mode == "say":
            return [(tr("tutorial.ui.watch"), palette.INK_SOFT)]
        out = [(step_text(c.step, c), palette.INK)]
        if c.error:
            out.append((tr(c.error) + " " + tr("tutorial.ui.try_again"), palette.DANGER))
        elif c.step.mode == "do":
            out.append((tr("tutorial.t1667.ui.your_move"), palette.SEA_DEEP))
        elif c.step.mode == "watch" and not c.ready():
            out.append((tr("tutorial.ui.watch"), palette.INK_SOFT))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        renderer = self.scene.renderer
        if renderer is None:
            return
        self.layout()
        L = renderer.layout
        c = self.coach
        spot = self.highlight().inflate(L.px(8), L.px(8))
        if c.step.mode != "watch":
            holes = [spot, self.rect]
            if c.step.mode == "do":
                side = pygame.Rect(L.side)
                holes.append(pygame.Rect(side.x, side.y, side.w, round(side.h * PANEL_SHARE)))
            key = (surface.get_size(), tuple(tuple(h) for h in holes))
            if self._dim is None or self._dim[0] != key:  # made again only when the holes move
                dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                dim.fill((10, 20, 30, 135))
                for h in holes:
                    dim.fill((0, 0, 0, 0), h)
                self._dim = (key, dim)
            surface.blit(self._dim[1], (0, 0))
        pulse = abs((self.clock % 1.0) - 0.5) * 2
        ring = palette.mix(palette.GOLD, palette.GOLD_LIGHT, pulse)
        pygame.draw.rect(surface, ring, spot, L.px(4), border_radius=L.px(8))
        self._draw_box(surface, L)

    def _draw_box(self, surface: pygame.Surface, L: Table1667Layout) -> None:
        c = self.coach
        r = self.rect
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, r, border_radius=L.px(10))
        pygame.draw.rect(surface, palette.BRASS_DARK, r, max(2, L.px(3)), border_radius=L.px(10))
        pad = L.px(10)
        head = art.font(L.px_small).render(tr("tutorial.ui.step", n=c.index + 1, total=c.count), True,
                                           palette.INK_SOFT)
        surface.blit(head, (r.x + pad, r.y + L.px(6)))
        body_top = r.y + L.px(8) + head.get_height()
        body_bottom = self.buttons["leave"].y - L.px(6)
        width = r.w - 2 * pad
        size = L.px(17)
        smallest = max(12, L.px(12))
        while True:
            font = art.font(size)
            lines: list[tuple[str, tuple[int, int, int]]] = []
            for i, (para, colour) in enumerate(self.paragraphs()):
                if i:
                    lines.append(("", colour))
                lines += [(ln, colour) for ln in _wrap(para, font, width)]
            fits = len(lines) * font.get_linesize() <= body_bottom - body_top
            if fits or size <= smallest:
                break
            size -= 1
        self.text_px = size
        self.clipped = not fits or any(font.size(ln)[0] > width for ln, _ in lines)
        y = body_top
        for ln, colour in lines:
            if ln and y + font.get_linesize() <= body_bottom + 1:
                surface.blit(font.render(ln, True, colour), (r.x + pad, y))
            y += font.get_linesize()
        labels = self.labels()
        for name, rect in self.buttons.items():
            on = self.enabled(name)
            fill = (palette.GOLD_LIGHT if self.hover == name else palette.GOLD) if on else palette.PARCHMENT_DARK
            pygame.draw.rect(surface, fill, rect, border_radius=L.px(7))
            pygame.draw.rect(surface, palette.INK if on else palette.INK_SOFT, rect, max(1, L.px(2)),
                             border_radius=L.px(7))
            px = L.px(15)
            t = art.font(px, True).render(labels[name], True, palette.INK if on else palette.INK_SOFT)
            while t.get_width() > rect.w - L.px(8) and px > 10:
                px -= 1
                t = art.font(px, True).render(labels[name], True, palette.INK if on else palette.INK_SOFT)
            surface.blit(t, t.get_rect(center=rect.center))


def saved_step(settings: Any) -> int:
    """The step to resume at, from the settings (0: from the start; anything out of range: 0)."""
    steps = getattr(settings, "tutorial_steps", None) or {}
    step = steps.get(KEY, 0) if isinstance(steps, dict) else 0
    return step if isinstance(step, int) and 0 <= step < len(STEPS) else 0


class Tutorial1667Scene(Table1667Scene):
    """A guided game of Tortuga 1667: the table, a coach and two scripted computer pirates."""

    name = TUTORIAL_SCENE
    keys_hint = "tutorial.t1667.ui.keys"
    talk_offered = False  # the guided game keeps to its script

    def __init__(self, step: int = 0, *, speed: str = "normal") -> None:
        coach = Coach(step)
        game, seats = fast_forward(coach.index)
        coach.game = game
        table = TutorialTable(T1667Engine(game), seats, coach, game.names)
        super().__init__(table, speed=speed)
        self.tutorial = coach
        self.tutorial_table = table
        self.coach_panel = CoachPanel1667(self)
        self.set_speed(speed)

    # -- lifecycle -----------------------------------------------------------------------
    def enter(self, app: Any) -> None:
        super().enter(app)
        self.aids.use_settings(None)  # the coach speaks here: no first-game tips over it
        if self.renderer is not None:
            self.renderer.panel_share = PANEL_SHARE
        speed = app.table_speed() if hasattr(app, "table_speed") else self.speed
        self.set_speed(str(speed))

    def set_speed(self, speed: str) -> None:
        super().set_speed(speed)
        if hasattr(self, "tutorial_table"):
            self.tutorial_table.gap = MOVE_GAP_S * SPEEDS.get(self.speed, 1.0)
            self.tutorial_table.wait = min(self.tutorial_table.wait, self.tutorial_table.gap)

    # -- steps -----------------------------------------------------------------------------
    def press(self, name: str) -> None:
        c = self.tutorial
        if name == "next":
            if c.next():
                self.finish_tutorial()
                return
            self.step_changed()
        elif name == "back" and c.resumed:
            self.restart()
        elif name == "back":
            c.back()
            self.step_changed()
        elif name == "leave":
            self.leave()

    def step_changed(self) -> None:
        self.tutorial_table.wait = self.tutorial_table.gap  # a watch step's first move waits a moment
        self._save_progress(self.tutorial.index)
        self._dirty = True

    def _save_progress(self, step: int) -> None:
        settings = getattr(self.app, "settings", None) if self.entered else None
        if settings is None:
            return
        steps = dict(getattr(settings, "tutorial_steps", None) or {})
        if steps.get(KEY, 0) == step:
            return
        if step:
            steps[KEY] = step
        else:
            steps.pop(KEY, None)
        settings.tutorial_steps = steps
        self.app.save_settings()

    def restart(self) -> None:
        """Start over: a fresh tutorial scene in this one's place, at the first step."""
        self._save_progress(0)
        app = self.app
        app.pop()
        app.push(Tutorial1667Scene(0, speed=self.speed))

    def leave(self) -> None:
        """Leave for now: back to where the tutorial was started; it resumes at this step next time."""
        self._save_progress(self.tutorial.index)
        if self.entered and self.app.top is self:
            self.app.pop()

    def finish_tutorial(self) -> None:
        """The last step is read: the game's end as at any table (its box; Enter: the end screen)."""
        self._save_progress(0)
        self.tutorial.finished = True
        Table1667Scene._finish(self)

    # -- the table's hooks -----------------------------------------------------------------
    def _finish(self) -> None:
        """The game is over: the coach explains the end first (Finish shows the end screen)."""
        return

    def submit(self, action: Action) -> bool:
        """The player's move reaches the game only when it is the step's move; a wrong one is explained."""
        if self.seat is not None and not self.tutorial.allow(self.seat, action):
            self._play("click")
            self._open_panel(self.seat)  # a fresh panel: nothing picked
            return False
        done = super().submit(action)
        if done:
            self.step_changed()
        return done

    def update(self, dt: float) -> bool:
        self.tutorial_table.advance(dt)
        self.coach_panel.clock += dt
        dirty = super().update(dt)
        return dirty or (not self.tutorial.finished and int(self.coach_panel.clock * 2)
                         != int((self.coach_panel.clock - dt) * 2))

    def handle(self, intent: Intent) -> None:
        if not self.tutorial.finished and not self.finished and self.coach_panel.handle(intent):
            self._dirty = True
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        self._drawn_key = None  # the coach's dimming covers the table: every frame is drawn whole
        super().draw(surface)
        if not self.tutorial.finished:
            self.coach_panel.draw(surface)
        return None

    def _draw_log(self, surface: pygame.Surface) -> None:
        """The coach has the log's place (it tells what happened); the log is back once the coach is done."""
        if self.tutorial.finished:
            super()._draw_log(surface)

    def _report_column(self, rep: LayoutReport) -> None:
        """The side column under the panel holds the coach and its buttons while the tutorial runs (for the
        layout tests; the table's :meth:`layout_report` does the rest)."""
        if self.tutorial.finished:
            super()._report_column(rep)
            return
        self.coach_panel.layout()
        rep.add("", self.coach_panel.rect, click=False)
        for name, rect in self.coach_panel.buttons.items():
            rep.add(f"coach.{name}", rect)


def start_tutorial(app: Any, *, on_start: Callable[[], None] | None = None) -> Tutorial1667Scene:
    """Push the tutorial, resuming at the saved step (``on_start``: called first, e.g. to close a help page)."""
    if on_start is not None:
        on_start()
    speed = str(app.table_speed()) if hasattr(app, "table_speed") else "normal"
    scene = Tutorial1667Scene(saved_step(getattr(app, "settings", None)), speed=speed)
    app.push(scene)
    return scene
