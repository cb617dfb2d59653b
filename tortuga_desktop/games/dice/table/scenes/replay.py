"""ReplayScene: a kept game record played back on the table, with a timeline scrubber.

Keys: Left/Right step one decision, Shift+Left/Right one round, Home/End the start/end,
Space plays/pauses, P switches the perspective (public, each seat, everything revealed),
1-4 the speed (slow, normal, fast, instant), Esc closes.

The strip under the table holds the controls (buttons for the same steps, the perspective and
the speed), the scrubber — click or drag it to any decision; its long ticks (numbered) mark
rounds, its short ticks phases — and, when a game review gives one, the win-chance chart with
one point per decision (clicking a point jumps there). Everything in the strip and on the table explains itself in a
tooltip when the mouse rests on it.

Playing moves the table with the game's own motions (dice flying, chests travelling, banners)
at the chosen animation speed; a single step forward animates too. Scrubbing, dragging and
every other jump show the position at once.

A record of a game that can still be continued (its decisions do not reach the end of the
game, whatever the file says) is shown in the public view only (:attr:`ReplayTimeline.locked`).

Ways in (:func:`open_game_replay`, :func:`open_seat_replay`, the game module's ``replay_scene``):
the results screen's "Watch replay", a network game's seat record, the Replays list of the
statistics screen and ``tortuga --replay FILE`` (through the shell's ``replayfiles``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.rules import Game, PlayerView, RulesError
from tortuga_desktop.games.dice.table.eventtext import event_text
from tortuga_desktop.games.dice.table.gamelog import build_log
from tortuga_desktop.games.dice.table.records import RecordError, ReplayFile
from tortuga_desktop.games.dice.table.render.motion import build_timeline
from tortuga_desktop.games.dice.table.render.table import AnimState, HitTarget, TableRenderer, fit_text, text
from tortuga_desktop.games.dice.table.replay import ALL, ReplaySource, ReplayTimeline, _shown_events
from tortuga_desktop.games.dice.table.seatreplay import SeatTimeline
from tortuga_desktop.games.dice.table.source import LogLine, SeatInfo, TableSource
from tortuga_desktop.net.seatstore import SeatRecord
from tortuga_desktop.shell import palette
from tortuga_desktop.shell.anim import SPEEDS, Timeline
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key
from tortuga_desktop.shell.replayfiles import replay_speed
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes import Scene

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

logger = logging.getLogger(__name__)

__all__ = ["CONTROLS", "ReplayScene", "open_game_replay", "open_seat_replay", "replay_log", "replay_of_game"]

#: What the mouse rests on (the tooltip's subject): ("control", name), ("bar", position), ("chart", index)
#: or ("table", what the table's hit test found).
Subject = tuple[str, str | int | HitTarget]
#: Seconds between two decisions while playing (after the motions of the first), at normal speed.
GAP_S = 0.25
#: Seconds per decision while playing at "instant" speed (no motions: the table just changes).
INSTANT_STEP_S = 0.12
#: Seconds the mouse rests before a tooltip shows.
TIP_DELAY_S = 0.35
#: The buttons of the strip, left to right, with the key that does the same.
CONTROLS = ("start", "prev_round", "prev", "play", "next", "next_round", "end")
SPEED_KEYS = {pygame.K_1: "slow", pygame.K_2: "normal", pygame.K_3: "fast", pygame.K_4: "instant"}
SPEED_ORDER = ("slow", "normal", "fast", "instant")


def replay_log(game: Game, viewer: int | None, reasons: Mapping[int, tuple[int, Reason]]) -> list[LogLine]:
    """The log as ``viewer`` (a seat, None, or ALL for every event) could read it in ``game``,
    computed from scratch (the scene asks :meth:`ReplayTimeline.log_at`, which keeps results)."""
    shown = _shown_events(game, viewer)[1]
    return build_log(shown, game.names, reasons, upto=shown[-1].decision if shown else 0)


def replay_of_game(source: TableSource, seats: Sequence[SeatInfo], game_id: str = "shown") -> ReplayFile:
    """A :class:`ReplayFile` for a game at a table (the results screen): raises
    :class:`~tortuga_desktop.games.dice.rules.errors.RulesError` when the source has no whole record (an
    older save, a network game)."""
    record = source.game_record()
    if record is None:
        raise RulesError("this game does not hold its whole history")
    players = record.players
    kinds = tuple(str(getattr(s, "kind", "human")) for s in seats) if len(seats) == players \
        else ("human",) * players
    outcome = source.outcome()
    return ReplayFile(game_id, record, kinds, [None] * len(record.entries), dict(source.reasons()),
                      finished=outcome is not None, winners=outcome.winners if outcome else (),
                      rounds=source.view(None).round)


def open_game_replay(app: App, source: TableSource, seats: Sequence[SeatInfo], *,
                     chances: Sequence[Sequence[float]] | None = None, start: int = 0) -> bool:
    """Open a finished game at a table in the replay scene ("Watch replay" on the results
    screen; ``chances`` as for :class:`ReplayScene`: a game review's chart, one point per
    position; ``start`` the position shown first, e.g. a review moment's). A game without its
    whole history (an old save) gets a notice; returns False."""
    try:
        rf = replay_of_game(source, seats)
        scene = ReplayScene(rf, speed=replay_speed(app), chances=chances)
    except (RulesError, RecordError) as exc:
        logger.warning("no replay of this game: %s", exc)
        app.notify(tr("replay.unavailable"), "warning")
        return False
    app.push(scene)
    if start:
        scene.seek(scene.timeline.clamp(start))
    return True


def open_seat_replay(app: App, record: SeatRecord, seats: Sequence[SeatConfig] | None = None,
                     here: Sequence[int] | None = None) -> bool:
    """Open a network game in the replay scene as the seats played on this computer saw it
    (``record``: what they were shown, :meth:`~..netsource.NetTableSource.kept_record` or a kept
    seat's; ``here``: those seats). A record that holds nothing to show gets a notice and
    returns False."""
    try:
        source = SeatTimeline(record, here)
        scene = ReplayScene(None, source=source, seats=seats if seats is not None and
                            len(seats) == source.players else None, speed=replay_speed(app))
    except (RulesError, ValueError) as exc:
        logger.warning("no replay of this network game: %s", exc)
        app.notify(tr("replay.unavailable"), "warning")
        return False
    app.push(scene)
    return True


def _seat_configs(rf: ReplayFile) -> list[SeatConfig]:
    return [SeatConfig(n, k, i) for i, (n, k) in enumerate(zip(rf.record.names, rf.kinds, strict=True))]


def _check_chances(chances: Sequence[Sequence[float]] | None, positions: int, players: int) -> list[tuple[float, ...]]:
    if chances is None:
        return []
    series = [tuple(float(p) for p in row) for row in chances]
    if not series or len(series) > positions:
        raise ValueError(f"chances: expected 1..{positions} points, got {len(series)}")
    for i, row in enumerate(series):
        if len(row) != players or not all(0.0 <= p <= 1.0 for p in row):
            raise ValueError(f"chances[{i}]: expected {players} probabilities between 0 and 1")
    return series


class ReplayScene(Scene):
    """Plays back one :class:`ReplayFile`.

    ``chances`` (optional) is a game review's win-chance series: one sequence of per-seat
    probabilities (0..1, one per seat) per decision index — ``chances[k]`` belongs to
    position ``k`` (0 = the setup), and the series may stop before the end. It is drawn as a
    small chart under the scrubber, one line per seat in the seat's colour; clicking a point
    jumps to that decision. A series of the wrong shape raises ``ValueError``.
    """

    name = "replay"
    opaque = True

    def __init__(self, rf: ReplayFile | None, *, speed: str = "normal",
                 chances: Sequence[Sequence[float]] | None = None, source: ReplaySource | None = None,
                 seats: Sequence[SeatConfig] | None = None) -> None:
        """Plays ``rf`` (a whole game record), or with ``rf`` None the ``source`` given (e.g. a
        network seat's :class:`~..seatreplay.SeatTimeline`) with its ``seats``."""
        super().__init__()
        self.file = rf
        self.reasons: Mapping[int, tuple[int, Reason]] = rf.reasons if rf is not None else {}
        self._games: ReplayTimeline | None = None
        if rf is not None:
            try:
                games = ReplayTimeline(rf.record, locked=True, kinds=rf.kinds)
            except RulesError as exc:  # the record does not fit the rules: refused like a bad file
                raise RecordError("error.replay.invalid", str(exc), reason=str(exc)[:120]) from None
            # Unlocked only when the record itself plays to the end: the file's "finished" flag
            # could have been edited to peek into a game that can still be continued.
            games.locked = not games.final.is_over
            self._games = games
            self.timeline: ReplaySource = games
            self.seats = _seat_configs(rf)
        elif source is not None:
            self.timeline = source
            self.seats = list(seats) if seats is not None else \
                [SeatConfig(n, "human", i) for i, n in enumerate(source.names)]
        else:
            raise ValueError("a replay needs a record or a source")
        self.chances = _check_chances(chances, len(self.timeline), self.timeline.players)
        self.speed = speed if speed in SPEEDS else "normal"
        self.position = 0
        self.wanted: int | None = None
        self.playing = False
        #: the motions of the step being shown (None when the table stands still)
        self.motion: Timeline | None = None
        self._wait = 0.0  # seconds since the last step finished moving (while playing)
        self.renderer: TableRenderer | None = None
        self.view: PlayerView = self.timeline.view_at(0, None)
        self.log: list[LogLine] = []
        self.dragging = False
        self._drag_to: int | None = None
        self.mouse: tuple[int, int] | None = None
        self.hover: Subject | None = None  # what the tooltip is about
        self._still = 0.0
        self._dirty = True
        self._layer: pygame.Surface | None = None
        self._layer_key: object = None
        self._window_key: tuple[object, ...] | None = None  # what the window shows of the table while dragging
        self._window_view: PlayerView | None = None
        self._tip_shown = False
        self._strip_cache: tuple[object, pygame.Surface] | None = None
        self._version = 0  # bumped whenever the position or the perspective changes
        self._rects: dict[str, pygame.Rect] = {}
        self._layout_size: tuple[int, int] = (0, 0)
        self._refresh()

    # -- state ---------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        """A copy of the game at the position shown (a whole game record only; a seat's record has none)."""
        return self._games.game_at(self.position) if self._games is not None else None

    @property
    def perspective(self) -> int | None:
        return self.timeline.perspective(self.wanted)

    @property
    def animating(self) -> bool:
        return self.motion is not None and not self.motion.done

    def seek(self, k: int, *, animate: bool = False) -> None:
        """Show position ``k``: at once, or (``animate``, one step forward) with the table's
        motions at the current speed."""
        k = self.timeline.clamp(k)
        old = self.view
        step = k == self.position + 1
        self.position = k
        self.motion = None
        self._refresh()
        if animate and step and SPEEDS.get(self.speed, 1.0) > 0:
            tl = build_timeline(old, self.view, actor=self.timeline.stops[k].seat)
            self.motion = tl if tl.motions else None

    def play_pause(self) -> None:
        self.playing = not self.playing
        if self.playing and self.position >= len(self.timeline) - 1:
            self.seek(0)  # at the end, play starts again from the beginning
        self._wait = 0.0
        self._dirty = True

    def set_perspective(self, wanted: int | None) -> None:
        self.wanted = wanted
        self.motion = None
        self._refresh()

    def next_perspective(self) -> None:
        order = self.timeline.perspectives()
        i = order.index(self.wanted) if self.wanted in order else 0
        self.set_perspective(order[(i + 1) % len(order)])

    def set_speed(self, speed: str) -> None:
        if speed in SPEEDS:
            self.speed = speed
            if SPEEDS[speed] <= 0:
                self.motion = None
            self._dirty = True

    def _refresh(self) -> None:
        self._version += 1
        who = self.perspective
        self.view = self.timeline.view_at(self.position, who)
        self.log = self.timeline.log_at(self.position, who, self.reasons)
        self._dirty = True

    def view_name(self) -> str:
        who = self.perspective
        if who is None:
            return tr("replay.view.public")
        if who == ALL:
            return tr("replay.view.all")
        return self.timeline.names[who]

    # -- lifecycle -----------------------------------------------------------------------

    def enter(self, app: App) -> None:
        super().enter(app)
        w, h = app.size
        self.renderer = TableRenderer((w, max(1, h - self.strip_height((w, h)))), self.timeline.players,
                                      human_panel=False)
        self.renderer.seats = self.seats
        self.renderer.warm(self.renderer.layout.size)
        self._dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        self._layer = None
        self._strip_cache = None
        self._dirty = True

    def retranslate(self) -> None:
        if self.renderer is not None:
            self.renderer.invalidate()
        self._layer = None
        self._strip_cache = None
        self._dirty = True

    # -- layout --------------------------------------------------------------------------

    def _scale(self, size: tuple[int, int]) -> float:
        return max(0.6, min(size[0] / 1600, size[1] / 900))

    def strip_height(self, size: tuple[int, int]) -> int:
        s = self._scale(size)
        return round((92 + (70 if self.chances else 0)) * s)

    def _layout(self) -> dict[str, pygame.Rect]:
        size = self.app.size if self.entered else (1280, 800)
        if size == self._layout_size and self._rects:
            return self._rects
        w, h = size
        s = self._scale(size)
        top = h - self.strip_height(size)
        r: dict[str, pygame.Rect] = {"strip": pygame.Rect(0, top, w, h - top)}
        bh = round(30 * s)
        x = round(w * 0.03)
        y = top + round(8 * s)
        for name in CONTROLS:
            bw = round((44 if name == "play" else 36) * s)
            r[name] = pygame.Rect(x, y, bw, bh)
            x += bw + round(6 * s)
        x += round(12 * s)
        r["view"] = pygame.Rect(x, y, round(260 * s), bh)
        x = r["view"].right + round(8 * s)
        r["speed"] = pygame.Rect(x, y, round(170 * s), bh)
        r["status"] = pygame.Rect(r["speed"].right + round(16 * s), y, max(10, w - r["speed"].right - round(16 * s)
                                                                        - round(w * 0.03)), bh)
        bar_y = y + bh + round(16 * s)
        r["bar"] = pygame.Rect(round(w * 0.03), bar_y, w - 2 * round(w * 0.03), max(6, round(10 * s)))
        if self.chances:
            r["chart"] = pygame.Rect(r["bar"].x, r["bar"].bottom + round(22 * s), r["bar"].w, round(56 * s))
        self._rects = r
        self._layout_size = size
        self._strip_cache = None
        return r

    def bar(self) -> pygame.Rect:
        """The scrubber's rect (screen pixels)."""
        return self._layout()["bar"]

    def chart(self) -> pygame.Rect | None:
        """The win-chance chart's rect, or None without a series."""
        return self._layout().get("chart")

    def x_of(self, k: int) -> int:
        bar = self.bar()
        n = max(1, len(self.timeline) - 1)
        return bar.x + round(bar.w * k / n)

    def _position_at(self, x: int) -> int:
        bar = self.bar()
        frac = (x - bar.x) / max(1, bar.w)
        return self.timeline.clamp(round(frac * (len(self.timeline) - 1)))

    # -- input ---------------------------------------------------------------------------

    @staticmethod
    def _button_held() -> bool:
        """Is the left mouse button still down (a drag goes on)?"""
        return bool(pygame.mouse.get_pressed()[0])

    def press(self, control: str) -> None:
        """Do what button ``control`` (one of :data:`CONTROLS`, "view", "speed") does."""
        tl = self.timeline
        if control == "start":
            self.seek(0)
        elif control == "prev_round":
            self.seek(tl.previous_round(self.position))
        elif control == "prev":
            self.seek(self.position - 1)
        elif control == "play":
            self.play_pause()
        elif control == "next":
            self.seek(self.position + 1, animate=True)
        elif control == "next_round":
            self.seek(tl.next_round(self.position))
        elif control == "end":
            self.seek(len(tl) - 1)
        elif control == "view":
            self.next_perspective()
        elif control == "speed":
            i = SPEED_ORDER.index(self.speed) if self.speed in SPEED_ORDER else 1
            self.set_speed(SPEED_ORDER[(i + 1) % len(SPEED_ORDER)])

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key):
            shift = bool(intent.mod & pygame.KMOD_SHIFT)
            k = intent.key
            if k == pygame.K_ESCAPE:
                self.app.pop()
            elif k == pygame.K_RIGHT:
                self.press("next_round" if shift else "next")
            elif k == pygame.K_LEFT:
                self.press("prev_round" if shift else "prev")
            elif k == pygame.K_HOME:
                self.press("start")
            elif k == pygame.K_END:
                self.press("end")
            elif k == pygame.K_SPACE:
                self.press("play")
            elif k == pygame.K_p:
                self.press("view")
            elif k in SPEED_KEYS:
                self.set_speed(SPEED_KEYS[k])
            return
        if isinstance(intent, Click) and intent.button == 1:
            rects = self._layout()
            for name in (*CONTROLS, "view", "speed"):
                if rects[name].collidepoint(intent.pos):
                    self.press(name)
                    return
            if rects["bar"].inflate(0, round(24 * self._scale(self.app.size))).collidepoint(intent.pos):
                self.dragging = True
                self.seek(self._position_at(intent.pos[0]))
                return
            chart = rects.get("chart")
            if chart is not None and chart.collidepoint(intent.pos):
                self.seek(min(len(self.chances) - 1, self._position_at(intent.pos[0])))
            return
        if isinstance(intent, Hover):
            self.mouse = intent.pos
            if self.dragging:
                if self._button_held():
                    self._drag_to = self._position_at(intent.pos[0])
                else:
                    self.dragging = False
            self._update_hover()

    def _update_hover(self) -> None:
        target = self._target_at(self.mouse) if self.mouse is not None else None
        if target != self.hover:
            self.hover = target
            self._still = 0.0
            self._dirty = True

    def _target_at(self, pos: tuple[int, int]) -> Subject | None:
        """What the mouse is on: ("control", name), ("bar", position), ("chart", index),
        ("table", HitTarget) or None."""
        rects = self._layout()
        for name in (*CONTROLS, "view", "speed"):
            if rects[name].collidepoint(pos):
                return ("control", name)
        if rects["bar"].inflate(0, round(24 * self._scale(self.app.size))).collidepoint(pos):
            return ("bar", self._position_at(pos[0]))
        chart = rects.get("chart")
        if chart is not None and chart.collidepoint(pos):
            return ("chart", min(len(self.chances) - 1, self._position_at(pos[0])))
        if pos[1] < rects["strip"].y and self.renderer is not None:
            hit = self.renderer.hit_test(pos, self.view)
            return ("table", hit) if hit is not None else None
        return None

    # -- update --------------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        if self.dragging and not self._button_held():  # released without moving the mouse
            self.dragging = False
        if self._drag_to is not None:  # one jump per frame however many mouse moves came in
            target, self._drag_to = self._drag_to, None
            if target != self.position:
                self.seek(target)
        factor = SPEEDS.get(self.speed, 1.0)
        if self.motion is not None:
            if factor <= 0:
                self.motion = None
            else:
                for snd in self.motion.advance(dt / factor):
                    self._sound(snd)
                if self.motion.done:
                    self.motion = None
            self._dirty = True
        elif self.playing and not self.dragging:
            self._wait += dt
            if self._wait >= (INSTANT_STEP_S if factor <= 0 else GAP_S * factor):
                self._wait = 0.0
                if self.position >= len(self.timeline) - 1:
                    self.playing = False
                else:
                    self.seek(self.position + 1, animate=True)
                self._dirty = True
        if self.hover is not None and self._still < TIP_DELAY_S:
            self._still += dt
            if self._still >= TIP_DELAY_S:
                self._dirty = True
        dirty, self._dirty = self._dirty, False
        return dirty

    def _sound(self, name: str) -> None:
        sound = self.app.sound if self.entered else None
        if sound is not None:
            sound.play(name)

    # -- draw ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the table and the strip. While dragging, returns the parts of the window that
        changed (the boards that changed, the middle, the log, the strip) so that only those
        go to the screen; otherwise None (the whole window)."""
        if self.renderer is None:
            return None
        rects = self._layout()
        strip = rects["strip"]
        table = pygame.Rect(0, 0, surface.get_width(), max(1, strip.y))
        if self.renderer.layout.size != table.size:
            self.renderer.set_size(table.size)
            self.renderer.warm(table.size)
            self._layer = None
        tl = self.motion if self.animating else None
        hidden = frozenset(tl.hidden()) if tl is not None else frozenset()
        key = (self._version, hidden, table.size)
        changed: list[pygame.Rect] | None = None
        if self.dragging:
            # Scrubbing: a new position nearly every frame, drawn straight onto the window
            # (keeping a copy would cost a full-screen blit per frame for nothing); a mouse move
            # that stays on the same decision leaves the table as it is, unless something was
            # drawn over it (a tooltip, a notice).
            covered = self._tip_shown or bool(self.app.notices)
            if key != self._window_key or covered:
                old = self._window_view
                if old is not None and not covered and self._window_key is not None \
                        and self._window_key[1:] == key[1:]:
                    changed = self._changed(old, self.view, table)
                self._draw_table(surface.subsurface(table), tl)
                self._window_key = key
                self._window_view = self.view
            else:
                changed = []
            self._layer_key = None
        else:
            self._window_key = None
            self._window_view = None
            if self._layer is None or self._layer_key != key:
                if self._layer is None or self._layer.get_size() != table.size:
                    self._layer = (pygame.Surface(table.size).convert() if pygame.display.get_surface()
                                   else pygame.Surface(table.size))
                self._draw_table(self._layer, tl)
                self._layer_key = key
            surface.blit(self._layer, (0, 0))
        if tl is not None:
            self.renderer.draw_motions(surface.subsurface(table), self.view, tl)
        self._draw_strip(surface, rects)
        self._tip_shown = self.hover is not None and self._still >= TIP_DELAY_S
        if self._tip_shown:
            self._draw_tooltip(surface)
            return None
        return None if changed is None else [*changed, strip]

    def _changed(self, old: PlayerView, new: PlayerView, table: pygame.Rect) -> list[pygame.Rect]:
        """Where the table drawn for ``new`` can differ from the one drawn for ``old``: the
        boards whose seat changed (all of them when the phase, the action being resolved or the
        start player changed), the middle and the log."""
        assert self.renderer is not None
        L = self.renderer.layout
        out = [L.middle, L.log]
        every = (old.phase, old.stage, old.act_action, old.act_order, old.start, old.grid) != \
            (new.phase, new.stage, new.act_action, new.act_order, new.start, new.grid)
        for seat in range(new.players):
            if every or old.seats[seat] != new.seats[seat]:
                out.append(L.boards[seat].rect.inflate(L.px(12), L.px(12)))
        return [r.clip(table) for r in out]

    def _draw_table(self, surface: pygame.Surface, tl: Timeline | None) -> None:
        """The table at the position shown, without its moving things; the log panel is the
        table's own (its rendered lines are kept while the lines stay the same)."""
        assert self.renderer is not None
        self.renderer.draw_base(surface, self.view, AnimState(tl, set(), None, None, 0.0, self.seats, self.log))

    # the strip -----------------------------------------------------------------------------

    def _strip_background(self, rects: dict[str, pygame.Rect]) -> pygame.Surface:
        """The parts of the strip that do not change while scrubbing (cached per size/language)."""
        strip = rects["strip"]
        key = (strip.size, tr("replay.view.public"), len(self.chances))
        if self._strip_cache is not None and self._strip_cache[0] == key:
            return self._strip_cache[1]
        s = self._scale(self.app.size)
        surf = pygame.Surface(strip.size)
        surf.fill(palette.PARCHMENT_LIGHT)
        pygame.draw.line(surf, palette.BRASS_DARK, (0, 0), (strip.w, 0), max(2, round(3 * s)))
        bar = rects["bar"].move(0, -strip.y)
        pygame.draw.rect(surf, palette.PARCHMENT_DARK, bar, border_radius=bar.h // 2)
        rounds = set(self.timeline.round_starts())
        px = max(10, round(12 * s))
        for k in self.timeline.phase_starts():
            x = self.x_of(k)
            if k in rounds:
                pygame.draw.line(surf, palette.INK, (x, bar.y - round(7 * s)), (x, bar.bottom + round(7 * s)),
                                 max(2, round(2 * s)))
                t = text(str(self.timeline.stops[k].round), px, palette.INK_SOFT, True)
                surf.blit(t, t.get_rect(midtop=(x + max(4, round(6 * s)), bar.bottom + round(3 * s))))
            else:
                pygame.draw.line(surf, palette.INK_SOFT, (x, bar.y - round(3 * s)), (x, bar.bottom + round(3 * s)), 1)
        chart = rects.get("chart")
        if chart is not None:
            self._draw_chart(surf, chart.move(0, -strip.y), s)
        self._strip_cache = (key, surf)
        return surf

    def _chance_point(self, chart: pygame.Rect, k: int, p: float) -> tuple[int, int]:
        return (self.x_of(k), chart.bottom - 2 - round(p * (chart.h - 4)))

    def _draw_chart(self, surf: pygame.Surface, chart: pygame.Rect, s: float) -> None:
        pygame.draw.rect(surf, palette.PARCHMENT, chart, border_radius=round(6 * s))
        pygame.draw.rect(surf, palette.BRASS, chart, 1, border_radius=round(6 * s))
        mid = chart.centery
        for x in range(chart.x + 4, chart.right - 4, max(6, round(10 * s))):
            pygame.draw.line(surf, palette.PARCHMENT_DARK, (x, mid), (x + max(3, round(5 * s)), mid))
        t = text(tr("replay.chart.title"), max(10, round(12 * s)), palette.INK_SOFT, True)
        surf.blit(t, (chart.x + round(6 * s), chart.y + round(3 * s)))
        width = max(2, round(2 * s))
        for seat in range(self.timeline.players):
            rgb = self.renderer.colour_of(seat).rgb if self.renderer is not None else palette.INK
            pts = [self._chance_point(chart, k, row[seat]) for k, row in enumerate(self.chances)]
            if len(pts) == 1:
                pygame.draw.circle(surf, rgb, pts[0], width + 1)
            else:
                pygame.draw.lines(surf, rgb, False, pts, width)

    def _draw_strip(self, surface: pygame.Surface, rects: dict[str, pygame.Rect]) -> None:
        strip = rects["strip"]
        s = self._scale(self.app.size)
        surface.blit(self._strip_background(rects), strip.topleft)
        bar = rects["bar"]
        x = self.x_of(self.position)
        done = pygame.Rect(bar.x, bar.y, max(0, x - bar.x), bar.h)
        if done.w:
            pygame.draw.rect(surface, palette.BRASS_DARK, done, border_radius=bar.h // 2)
        chart = rects.get("chart")
        if chart is not None:
            pygame.draw.line(surface, palette.INK, (x, chart.y + 1), (x, chart.bottom - 2), 1)
            if self.position < len(self.chances):
                for seat, p in enumerate(self.chances[self.position]):
                    rgb = self.renderer.colour_of(seat).rgb if self.renderer is not None else palette.INK
                    pt = self._chance_point(chart, self.position, p)
                    pygame.draw.circle(surface, rgb, pt, max(3, round(4 * s)))
                    pygame.draw.circle(surface, palette.INK, pt, max(3, round(4 * s)), 1)
        radius = max(6, round(10 * s))
        pygame.draw.circle(surface, palette.GOLD, (x, bar.centery), radius)
        pygame.draw.circle(surface, palette.INK, (x, bar.centery), radius, max(2, round(2 * s)))
        hovered = self.hover[1] if self.hover is not None and self.hover[0] == "control" else None
        for name in CONTROLS:
            self._button(surface, rects[name], name, hovered == name, s)
        locked = len(self.timeline.perspectives()) <= 1
        view_label = tr("replay.view_button", view=self.view_name())
        speed_label = tr("replay.speed_button", speed=tr(f"settings.speed.{self.speed}"))
        for name, label in (("view", view_label), ("speed", speed_label)):
            r = rects[name]
            fill = palette.PARCHMENT_DARK if (name == "view" and locked) else \
                palette.GOLD_LIGHT if hovered == name else palette.GOLD
            pygame.draw.rect(surface, fill, r, border_radius=round(7 * s))
            pygame.draw.rect(surface, palette.INK, r, max(1, round(2 * s)), border_radius=round(7 * s))
            t = fit_text(label, max(10, round(15 * s)), palette.INK, r.w - round(12 * s))
            surface.blit(t, t.get_rect(center=r.center))
        stop = self.timeline.stops[self.position]
        label = tr("replay.status", position=self.position, total=len(self.timeline) - 1, round=stop.round,
                   view=self.view_name(), state=tr("replay.playing" if self.playing else "replay.paused"))
        if self.timeline.locked:
            label += "  " + tr("replay.locked")
        elif self._games is None:
            label += "  " + tr("replay.seat_only")
        st = rects["status"]
        t = fit_text(label, max(10, round(15 * s)), palette.INK, st.w)
        surface.blit(t, t.get_rect(midleft=(st.x, st.centery)))

    def _button(self, surface: pygame.Surface, r: pygame.Rect, name: str, hot: bool, s: float) -> None:
        """A control button with its symbol drawn as shapes (no font glyphs needed)."""
        pygame.draw.rect(surface, palette.GOLD_LIGHT if hot else palette.GOLD, r, border_radius=round(7 * s))
        pygame.draw.rect(surface, palette.INK, r, max(1, round(2 * s)), border_radius=round(7 * s))
        cx, cy = r.center
        a = r.h * 0.26
        ink = palette.INK

        def tri(x: float, left: bool) -> None:
            d = -a if left else a
            pygame.draw.polygon(surface, ink, [(x - d * 0.8, cy - a), (x - d * 0.8, cy + a), (x + d * 0.8, cy)])

        def bar_at(x: float) -> None:
            pygame.draw.rect(surface, ink, pygame.Rect(round(x - a * 0.18), round(cy - a), max(2, round(a * 0.36)),
                                                       round(2 * a)))

        if name == "play":
            if self.playing:
                bar_at(cx - a * 0.45)
                bar_at(cx + a * 0.45)
            else:
                tri(cx + a * 0.1, False)
        elif name == "next":
            tri(cx, False)
        elif name == "prev":
            tri(cx, True)
        elif name == "next_round":
            tri(cx - a * 0.55, False)
            tri(cx + a * 0.55, False)
        elif name == "prev_round":
            tri(cx - a * 0.55, True)
            tri(cx + a * 0.55, True)
        elif name == "start":
            bar_at(cx - a * 0.9)
            tri(cx + a * 0.2, True)
        elif name == "end":
            tri(cx - a * 0.2, False)
            bar_at(cx + a * 0.9)

    # tooltips ------------------------------------------------------------------------------

    def tooltip_lines(self) -> list[str]:
        """The lines of the tooltip for what the mouse rests on (empty: none)."""
        if self.hover is None:
            return []
        kind, what = self.hover
        if kind == "control":
            lines = [tr(f"replay.tip.{what}")]
            if what == "view" and self.timeline.locked:
                lines.append(tr("replay.tip.view_locked"))
            elif what == "view" and self._games is None:
                lines.append(tr("replay.tip.view_seat"))
            return lines
        if kind == "bar" and isinstance(what, int):
            return self._position_tip(what)
        if kind == "chart" and isinstance(what, int):
            k = what
            names = self.timeline.names
            return [tr("replay.tip.chances", position=k),
                    *(tr("replay.tip.chance", name=names[i], percent=round(p * 100))
                      for i, p in enumerate(self.chances[k])), tr("replay.tip.chart_click")]
        if kind == "table" and self.renderer is not None and self.mouse is not None:
            hit = self.renderer.hit_test(self.mouse, self.view)  # against the view shown now, never an older one
            return self.renderer.tooltip(hit, self.view) if hit is not None else []
        return []

    def _position_tip(self, k: int) -> list[str]:
        stop = self.timeline.stops[k]
        phase = tr(f"phase.{stop.phase}")
        lines = [tr("replay.tip.position", position=k, total=len(self.timeline) - 1, round=stop.round, phase=phase)]
        if k in self.timeline.round_starts():
            lines.append(tr("replay.tip.round_starts", n=stop.round))
        elif k in self.timeline.phase_starts():
            lines.append(tr("replay.tip.phase_starts", phase=phase))
        names = self.timeline.names
        if k > 0:  # what the decision leading here did, as this perspective may read it
            full = self.timeline.log_at(len(self.timeline) - 1, self.perspective, self.reasons)
            for ln in full:
                if ln.event is not None and ln.event.decision == self.timeline.decision_at(k):
                    said = event_text(ln.event, names)
                    if said:
                        lines.append(said)
                        break
        lines.append(tr("replay.tip.bar_click"))
        return lines

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        lines = self.tooltip_lines()
        if not lines or self.mouse is None:
            return
        s = self._scale(self.app.size)
        px = max(10, round(14 * s))
        maxw = round(surface.get_width() * 0.45)
        surfs = [fit_text(ln, px, palette.INK, maxw, i == 0) for i, ln in enumerate(lines)]
        pad = round(10 * s)
        w = max(t.get_width() for t in surfs) + 2 * pad
        h = sum(t.get_height() for t in surfs) + round(14 * s)
        mx, my = self.mouse
        sw, sh = surface.get_size()
        x = min(mx + round(16 * s), sw - w - 4)
        y = my + round(18 * s)
        if y + h > sh - 4:
            y = my - h - round(8 * s)
        box = pygame.Rect(max(4, x), max(4, y), w, h)
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, box, border_radius=round(8 * s))
        pygame.draw.rect(surface, palette.INK, box, max(1, round(2 * s)), border_radius=round(8 * s))
        yy = box.y + round(7 * s)
        for t in surfs:
            surface.blit(t, (box.x + pad, yy))
            yy += t.get_height()

