"""A Tortuga 1667 game watched again: :class:`Replay1667Scene`, over the shell's
:class:`~...shell.replay.ReplayTable`.

The table is drawn as in play (:class:`~...app.render.table1667.Table1667Renderer`); the side column
holds the replay's controls, where it stands and the log of what the chosen perspective saw up to here.

* **Perspectives**: the public view (what a watcher saw); once the game is finished also each seat's
  view (what that player knew then: its loyalty, hand, viewed cards) and *everything revealed* (every
  loyalty, the row's cards, each seat's vote hand and the cards chosen in a vote under way). A record of
  a game that is not finished shows the public view only: its hidden facts stay hidden.
* **Keys**: Left/Right one decision, Shift+Left/Right (or PageUp/PageDown) one round, Home/End the
  start/end, Space plays/pauses, P (or Tab) the next perspective, Esc closes.
* **Mouse**: the buttons, the position bar (click or drag to any decision), the wheel steps.

Ways in: the end screen's *Watch replay* (:func:`open_replay`), the statistics' Replays list and
``tortuga --replay FILE`` (through the game module's ``replay_scene``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from tortuga_desktop.games.t1667.rules import Action, Event, RecordError, RulesError
from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.rules.views import TableView
from tortuga_desktop.games.t1667.table.engine import Revealed, T1667Engine, replay_table
from tortuga_desktop.games.t1667.table.eventtext import event_text, loyalty_name, vote_card_text
from tortuga_desktop.games.t1667.table.render import SEAT_STYLES, Table1667Renderer, fit, rounded
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key
from tortuga_desktop.shell.layout import LayoutReport, wrap_lines
from tortuga_desktop.shell.replay import ReplayTable
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.opening import OpeningScene, opening

__all__ = ["ALL", "GAP_S", "Replay1667Scene"]

logger = logging.getLogger(__name__)

#: the "everything revealed" perspective (beside None, the public view, and the seats)
ALL = "all"
Perspective = int | str | None
#: seconds between two decisions while playing, per speed
GAP_S = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.05}
#: the step buttons, left to right: (name, what a press does)
STEPS = ("start", "round_back", "back", "on", "round_on", "end")


class Replay1667Scene(Scene):
    """One recorded 1667 game played back. ``record``: the game's record as data (the rules' record);
    ``names``/``kinds`` come with it. Raises :class:`~...t1667.rules.RecordError` for a record that does not
    replay (nothing is shown)."""

    name = "replay1667"

    def __init__(self, record: Mapping[str, Any], *, kinds: Sequence[str] | None = None,
                 speed: str = "normal") -> None:
        super().__init__()
        self.record = dict(record)
        self.kinds = tuple(kinds) if kinds is not None else None
        public = replay_table(self.record, None, kinds=self.kinds, checked=True)  # _scan plays it through
        self._tables: dict[int | None, ReplayTable[TableView, Action, Event]] = {None: public}
        self.length = public.length
        self.players = public.players
        self.names = public.names
        #: the positions where a turn / a round (the first player's turn) begins
        self.turn_starts: list[int] = []
        self.round_starts: list[int] = [0]
        self._scan(public)
        #: the game's record reaches its end: seats' views and everything revealed may be shown
        self.finished = public.is_over
        public.seek(0)
        self.position = 0
        self.perspectives: tuple[Perspective, ...] = (
            (None, *range(self.players), ALL) if self.finished else (None,))
        self.perspective: Perspective = None
        self.playing = False
        self.speed = speed if speed in GAP_S else "normal"
        self._wait = 0.0
        self.renderer: Table1667Renderer | None = None
        self._buttons: dict[str, pygame.Rect] = {}
        self._bar = pygame.Rect(0, 0, 0, 0)
        self._boxes: list[pygame.Rect] = []
        self._dragging = False
        self._dirty = True

    def _scan(self, table: ReplayTable[TableView, Action, Event]) -> None:
        """Play the record through once: where turns and rounds begin (from the public events).
        Raises :class:`~...t1667.rules.RecordError` when a decision does not replay (nothing is shown)."""
        first: int | None = None
        seen = 0
        for position in range(self.length + 1):
            if position:
                try:
                    table.step()
                except (ActionRefused, RulesError) as exc:
                    raise RecordError(f"entry {position} does not replay: {exc}") from None
            new = table.events_for(None, seen)
            seen += len(new)
            for e in new:
                if isinstance(e, ev.TurnStarted):
                    if not self.turn_starts or self.turn_starts[-1] != position:
                        self.turn_starts.append(position)
                    if first is None:
                        first = e.seat
                    elif e.seat == first and self.round_starts[-1] != position:
                        self.round_starts.append(position)

    # -- where the replay stands ----------------------------------------------------------------------
    def round_at(self, position: int) -> int:
        """The round (from 1) the game is in at ``position``."""
        return sum(1 for p in self.round_starts if p <= position)

    def table(self) -> ReplayTable[TableView, Action, Event]:
        """The replay table of the current perspective, at the current position."""
        who = self.perspective if isinstance(self.perspective, int) else None
        t = self._tables.get(who)
        if t is None:
            t = self._tables[who] = replay_table(self.record, who, kinds=self.kinds, checked=True)
        if t.position != self.position:
            t.seek(self.position)
        return t

    def view(self) -> TableView:
        """What the current perspective shows of the table now."""
        t = self.table()
        if self.perspective == ALL:
            return self.revealed().view
        return t.view(self.perspective if isinstance(self.perspective, int) else None)

    def revealed(self) -> Revealed:
        """Every hidden fact now: only for a finished game (raises otherwise)."""
        if not self.finished:
            raise PermissionError("a game that is not finished keeps its hidden facts")
        engine = self.table().engine
        assert isinstance(engine, T1667Engine)
        return engine.revealed()

    def seek(self, position: int) -> None:
        self.position = max(0, min(self.length, position))
        self._dirty = True

    def step(self, by: int) -> None:
        self.seek(self.position + by)

    def step_round(self, forward: bool) -> None:
        """To the start of the next round, or back to this round's start (the previous one's from there)."""
        if forward:
            later = [p for p in self.round_starts if p > self.position]
            self.seek(later[0] if later else self.length)
        else:
            earlier = [p for p in self.round_starts if p < self.position]
            self.seek(earlier[-1] if earlier else 0)

    def next_perspective(self, by: int = 1) -> None:
        k = self.perspectives.index(self.perspective)
        self.perspective = self.perspectives[(k + by) % len(self.perspectives)]
        self._dirty = True

    def perspective_name(self) -> str:
        if self.perspective is None:
            return tr("replay.view.public")
        if self.perspective == ALL:
            return tr("replay.view.all")
        assert isinstance(self.perspective, int)
        return self.names[self.perspective]

    # -- the scene --------------------------------------------------------------------------------------
    def enter(self, app: Any) -> None:
        super().enter(app)
        self.renderer = Table1667Renderer(app.size, self.players)
        self.renderer.panel_share = 0.0

    def resize(self, size: tuple[int, int]) -> None:
        if self.renderer is not None:
            self.renderer.set_size(size)
        self._dirty = True

    def retranslate(self) -> None:
        if self.renderer is not None:
            size = self.renderer.layout.size
            self.renderer.set_size((1, 1))  # forget every cached word
            self.renderer.set_size(size)
        self._dirty = True

    def invalidate(self) -> None:
        self.retranslate()

    def set_speed(self, speed: str) -> None:
        if speed in GAP_S:
            self.speed = speed

    def help_scene(self) -> Scene:
        from tortuga_desktop.games.t1667.table.help import Help1667Scene

        return Help1667Scene()

    def update(self, dt: float) -> bool:
        if self.playing:
            self._wait += dt
            if self._wait >= GAP_S[self.speed]:
                self._wait = 0.0
                if self.position >= self.length:
                    self.playing = False
                else:
                    self.step(1)
                self._dirty = True
        dirty, self._dirty = self._dirty, False
        return dirty

    def toggle_play(self) -> None:
        if not self.playing and self.position >= self.length:
            self.seek(0)
        self.playing = not self.playing
        self._wait = 0.0
        self._dirty = True

    def close(self) -> None:
        if self.entered and self.app.top is self:
            self.app.pop()

    def press(self, name: str) -> None:
        """A button of the strip, by name."""
        self.playing = self.playing and name == "play"
        moves = {"start": lambda: self.seek(0), "end": lambda: self.seek(self.length),
                 "back": lambda: self.step(-1), "on": lambda: self.step(1),
                 "round_back": lambda: self.step_round(False), "round_on": lambda: self.step_round(True),
                 "view": self.next_perspective, "play": self.toggle_play, "close": self.close}
        moves[name]()
        self._dirty = True

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key):
            self._key(intent)
        elif isinstance(intent, Click):
            if intent.button == 1:
                if self._bar.collidepoint(intent.pos):
                    self._dragging = True
                    self._seek_bar(intent.pos[0])
                    return
                for name, r in self._buttons.items():
                    if r.collidepoint(intent.pos):
                        self.press(name)
                        return
            elif intent.button in (4, 5):
                self.playing = False
                self.step(-1 if intent.button == 4 else 1)
            elif intent.button == 3:
                self.next_perspective()
        elif isinstance(intent, Hover):
            if self._dragging and intent.held:
                self._seek_bar(intent.pos[0])
            elif not intent.held:
                self._dragging = False

    def _seek_bar(self, x: int) -> None:
        r = self._bar
        if r.w > 0:
            self.playing = False
            self.seek(round((x - r.x) / r.w * self.length))

    def _key(self, intent: Key) -> None:
        k, shift = intent.key, bool(intent.mod & pygame.KMOD_SHIFT)
        keys: dict[int, str] = {pygame.K_HOME: "start", pygame.K_END: "end", pygame.K_PAGEUP: "round_back",
                                pygame.K_PAGEDOWN: "round_on", pygame.K_SPACE: "play", pygame.K_ESCAPE: "close",
                                pygame.K_p: "view", pygame.K_TAB: "view"}
        if k == pygame.K_LEFT:
            self.press("round_back" if shift else "back")
        elif k == pygame.K_RIGHT:
            self.press("round_on" if shift else "on")
        elif k in keys:
            self.press(keys[k])

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.renderer is None:
            self.renderer = Table1667Renderer(surface.get_size(), self.players)
            self.renderer.panel_share = 0.0
        seat = isinstance(self.perspective, int)  # a seat's view: drawn as that seat's own (its corner too)
        self.renderer.draw(surface, self.view(), None, None, shared=not seat, revealed=self.perspective == ALL)
        self._draw_side(surface)

    def status_lines(self) -> list[str]:
        """Where the replay stands, in words (drawn in the side column; for tests)."""
        public = self._tables[None]
        return [tr("t1667.replay.position", position=public.decisions_before(self.position),
                   total=public.decision_total, round=self.round_at(self.position)),
                tr("t1667.replay.perspective", view=self.perspective_name())]

    def _draw_side(self, surface: pygame.Surface) -> None:
        assert self.renderer is not None
        L = self.renderer.layout
        side = pygame.Rect(L.side)
        pygame.draw.rect(surface, palette.PARCHMENT_DARK, side)
        box = side.inflate(-L.px(12), -L.px(12))
        rounded(surface, box, palette.PARCHMENT_LIGHT, palette.BRASS_DARK, L.px(8), max(1, L.px(2)))
        self._boxes = [box]
        inner = box.inflate(-L.px(16), -L.px(12))
        y = inner.y
        title = fit(tr("t1667.replay.title"), L.px_title, palette.INK, inner.w, True)
        surface.blit(title, (inner.x, y))
        y += title.get_height() + L.px(4)
        for line in self.status_lines():
            t = fit(line, L.px_body, palette.INK, inner.w)
            surface.blit(t, (inner.x, y))
            y += t.get_height()
        if not self.finished:
            for line in wrap_lines(tr("t1667.replay.unfinished"), art.font(L.px_small), inner.w, 3):
                t = fit(line, L.px_small, palette.INK_SOFT, inner.w)
                surface.blit(t, (inner.x, y))
                y += t.get_height()
        y += L.px(6)
        # the position bar: a tick per round
        self._bar = pygame.Rect(inner.x, y, inner.w, L.px(18))
        pygame.draw.rect(surface, palette.PARCHMENT_DARK, self._bar, border_radius=L.px(4))
        for p in self.round_starts:
            x = self._bar.x + round(p / max(1, self.length) * (self._bar.w - 1))
            pygame.draw.line(surface, palette.BRASS_DARK, (x, self._bar.y), (x, self._bar.bottom - 1), max(1, L.px(1)))
        done = round(self.position / max(1, self.length) * self._bar.w)
        pygame.draw.rect(surface, palette.BRASS, (self._bar.x, self._bar.y, done, self._bar.h), border_radius=L.px(4))
        pygame.draw.rect(surface, palette.INK, self._bar, max(1, L.px(1)), border_radius=L.px(4))
        y = self._bar.bottom + L.px(8)
        # the step buttons (pictures, no words) and the worded ones
        self._buttons = {}
        gap = L.px(6)
        bh = max(L.px(34), art.font(L.px_body, True).get_linesize() + L.px(8))
        bw = (inner.w - gap * (len(STEPS) - 1)) // len(STEPS)
        for k, name in enumerate(STEPS):
            r = pygame.Rect(inner.x + k * (bw + gap), y, bw, bh)
            self._button(surface, r, name, None)
        y += bh + gap
        half = (inner.w - gap) // 2
        worded = (("play", tr("t1667.replay.pause" if self.playing else "t1667.replay.play")),
                  ("view", tr("t1667.replay.view")))
        for k, (name, label) in enumerate(worded):
            self._button(surface, pygame.Rect(inner.x + k * (half + gap), y, half, bh), name, label)
        y += bh + gap
        self._button(surface, pygame.Rect(inner.x, y, inner.w, bh), "close", tr("t1667.replay.close"))
        y += bh + L.px(8)
        for line in wrap_lines(tr("t1667.replay.keys"), art.font(L.px_small), inner.w, 4):
            t = fit(line, L.px_small, palette.INK_SOFT, inner.w)
            surface.blit(t, (inner.x, y))
            y += t.get_height()
        y += L.px(6)
        # what is hidden, revealed; then the log of this perspective
        rows: list[tuple[str, palette.RGB | None]] = []
        f = art.font(L.px_small)
        if self.perspective == ALL:
            rev = self.revealed()
            for who in range(self.players):
                loyalty = rev.view.loyalties[who]
                hand = ", ".join(vote_card_text(c) for c in rev.hands[who]) or tr("t1667.replay.no_cards")
                line = tr("t1667.replay.seat_hidden", name=self.names[who],
                          loyalty=loyalty_name(loyalty) if loyalty is not None else "?", cards=hand)
                chosen = rev.chosen[who]
                if chosen is not None:
                    line += " " + tr("t1667.replay.chose", card=vote_card_text(chosen))
                for k, part in enumerate(wrap_lines(line, f, inner.w - L.px(14), 4)):
                    rows.append(((" " * 2 if k else "") + part, SEAT_STYLES[who % len(SEAT_STYLES)].rgb
                                 if k == 0 else None))
            rows.append(("", None))
        seat = self.perspective if isinstance(self.perspective, int) else None
        log = [x for x in (event_text(e, self.names, seat) for e in self.table().events_for(seat)) if x]
        log_rows: list[str] = []
        for line in log:
            log_rows += wrap_lines(line, f, inner.w - L.px(4), 6)
        capacity = max(0, (inner.bottom - y) // f.get_linesize())
        shown = rows[:capacity]
        room = capacity - len(shown)
        shown += [(r, None) for r in (log_rows[-room:] if room > 0 else [])]
        for text, rgb in shown:
            if text:
                x = inner.x
                if rgb is not None:
                    pygame.draw.circle(surface, rgb, (x + L.px(5), y + f.get_linesize() // 2), L.px(4))
                    x += L.px(14)
                surface.blit(fit(text, L.px_small, palette.INK, inner.right - x), (x, y))
            y += f.get_linesize()

    def _button(self, surface: pygame.Surface, r: pygame.Rect, name: str, label: str | None) -> None:
        assert self.renderer is not None
        L = self.renderer.layout
        usable = not ((name in ("start", "round_back", "back") and self.position == 0)
                      or (name in ("end", "round_on", "on") and self.position >= self.length)
                      or (name == "view" and len(self.perspectives) < 2))
        rounded(surface, r, palette.GOLD if usable else palette.PARCHMENT_DARK, palette.INK, L.px(6), max(1, L.px(2)))
        self._buttons[name] = r
        ink = palette.INK if usable else palette.INK_SOFT
        if label is not None:
            t = fit(label, L.px_body, ink, r.w - L.px(8), True)
            surface.blit(t, t.get_rect(center=r.center))
            return
        # a picture: triangles pointing the way, a bar at the ends
        cx, cy, s = r.centerx, r.centery, max(4, min(r.w, r.h) // 4)
        back = name in ("start", "round_back", "back")
        d = -1 if back else 1
        tips = 2 if name in ("round_back", "round_on") else 1
        for k in range(tips):
            ox = cx + (k - (tips - 1) / 2) * s * d
            pygame.draw.polygon(surface, ink, [(ox + d * s * 0.6, cy), (ox - d * s * 0.6, cy - s), (ox - d * s * 0.6, cy + s)])
        if name in ("start", "end"):
            bx = cx + d * s * 0.8
            pygame.draw.rect(surface, ink, (round(bx - max(1, s // 4)), cy - s, max(2, s // 3), 2 * s))

    def layout_report(self) -> LayoutReport:
        rep = LayoutReport()
        for b in self._boxes:
            rep.add("", b, click=False)
        for name, r in self._buttons.items():
            rep.add(name, r)
        rep.add("bar", self._bar)
        return rep


def open_replay(app: Any, record: Mapping[str, Any], *, kinds: Sequence[str] | None = None) -> OpeningScene[
        Replay1667Scene | RecordError]:
    """Push the replay of ``record`` (a 1667 record as data): the record is played through on a worker
    thread under the shell's "Preparing the replay…" notice while the window stays alive (the longest
    record takes a second or more), then its replay screen opens. A record that does not replay shows
    its message over the current screen and changes nothing. Returns the notice's scene (tests and
    tools wait while it is ``busy``)."""
    speed = str(app.table_speed()) if hasattr(app, "table_speed") else "normal"

    def work() -> Replay1667Scene | RecordError:
        try:
            return Replay1667Scene(record, kinds=kinds, speed=speed)
        except RecordError as exc:
            return exc

    def done(result: Replay1667Scene | RecordError) -> None:
        if isinstance(result, RecordError):
            logger.warning("refused 1667 replay: %s", str(result)[:200])
            app.show_message(tr("replay.error.title"), tr("t1667.replay.damaged"))
            return
        app.push(result)

    def failed(exc: BaseException) -> None:
        app.show_message(tr("replay.error.title"), tr("t1667.replay.damaged"))

    return opening(app, tr("replay.opening"), work, done, failed)
