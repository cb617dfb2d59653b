"""The Tortuga 1667 table in the running game: one scene over a game table (``shell.table.GameTable``).

The scene never holds the game. It asks its table for the view of the seat this screen shows
(``view(viewer)``: one human's, or the public view ``None`` on a shared screen and in demos), the
events that viewer may see, a human seat's prompt, and it submits that seat's choices. Computer
players' moves come from :meth:`GameTable.poll`, asked only while nothing is being shown, so they
come one after another at a pace a person can follow (the speed: slow, normal, fast, instant).

* **Drawing**: :class:`~.render.Table1667Renderer` draws the viewer's view and the
  decision panel (upper side column); the log of the viewer's events in words (:mod:`.eventtext`)
  fills the lower side column, scrollable, with a mark at "since your last turn"; what a move turned up
  plays over the table as beats (:mod:`.beats`: a vote's set turning over with its count and result,
  an event card rising and turning over with its effect).
* **Input**: the panel's buttons (click, or keys 1-9, Up/Down and Enter; Backspace goes back);
  a click on the table (``layout1667.target_at`` -> ``panel1667.options_at``) sends the one action
  about that thing, or narrows the panel to the actions about it. Space skips what is being
  shown; Escape opens the pause menu; PageUp/PageDown/Home/End and the wheel scroll the log;
  T switches the computer players' table talk on or off; P shows what each player did (:mod:`.players`);
  S (or the Talk button under the log) opens the talk menu for the seat on screen (:mod:`.talkmenu`); + and - step the speed at any time (the digits pick options; 1-4 set the speed only at a table
  without players here, a demo).
* **Hot-seat** (more than one human here): the screen shows the public view. Every private moment
  of a human seat -- any decision of theirs: it shows their loyalty, hand and viewed cards, and a
  vote card being chosen -- starts behind a hand-over screen naming that player, and the screen goes
  back to the public view when they have decided (unless their next decision follows at once).
  Each participant of a vote chooses behind their own hand-over.
* **The end**: once the game is over and the last beat has played, the outcome is shown over the
  table; Enter (or a click) goes back to the main menu, Escape opens the pause menu.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from tortuga_desktop.games.t1667.ai.talk import Claim, Reaction
from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.rules.actions import Action
from tortuga_desktop.games.t1667.rules.talk import TALK_PER_TURN, Say
from tortuga_desktop.games.t1667.rules.views import PlayerView, TableView
from tortuga_desktop.games.t1667.table import talkmenu
from tortuga_desktop.games.t1667.table.beats import Beat, VoteBeat, beats_from
from tortuga_desktop.games.t1667.table.discard import DiscardScene
from tortuga_desktop.games.t1667.table.end import End1667Scene
from tortuga_desktop.games.t1667.table.eventtext import event_text, talk_text
from tortuga_desktop.games.t1667.table.help import Help1667Scene
from tortuga_desktop.games.t1667.table.layout import target_at
from tortuga_desktop.games.t1667.table.panel import Group, Panel, PanelState, options_at, panel_for, w
from tortuga_desktop.games.t1667.table.players import PlayersScene
from tortuga_desktop.games.t1667.table.render import SEAT_STYLES, Table1667Renderer, fit, rounded
from tortuga_desktop.games.t1667.table.replay import open_replay
from tortuga_desktop.games.t1667.table.seat_aids import SeatAids
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.anim import SPEEDS
from tortuga_desktop.shell.engine import ActionRefused, Prompt
from tortuga_desktop.shell.i18n import get_language, tr
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key
from tortuga_desktop.shell.layout import LayoutReport, wrap_lines
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.handover import Handover
from tortuga_desktop.shell.scenes.pause import PauseScene
from tortuga_desktop.shell.table import GameTable, LocalTable, NotConnected, ViewerError

__all__ = ["Handover1667", "Table1667Scene", "LOG_SHARE", "SPEED_KEYS"]

logger = logging.getLogger(__name__)

#: the share of the side column the decision panel takes; the log has the rest
PANEL_SHARE = 0.64
LOG_SHARE = 1.0 - PANEL_SHARE
#: the speed by digit, at a table without players here (a demo): with players the digits pick options
SPEED_KEYS = {pygame.K_1: "slow", pygame.K_2: "normal", pygame.K_3: "fast", pygame.K_4: "instant"}
SPEED_ORDER = ("slow", "normal", "fast", "instant")
#: + and - step the speed at every table, on a player's turn too (they are no option's key)
SPEED_STEPS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
LOG_KEYS: dict[int, int | None] = {pygame.K_PAGEUP: -6, pygame.K_PAGEDOWN: 6, pygame.K_HOME: -10**6,
                                   pygame.K_END: None}
DIGITS = {getattr(pygame, f"K_{k}"): k for k in range(1, 10)} | {getattr(pygame, f"K_KP{k}"): k for k in range(1, 10)}
#: the keys of Done while a hot-seat player looks at what their move showed them
HOLD_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: log rows one turn of the wheel scrolls
WHEEL_ROWS = 3
#: seconds the finished table waits after the last beat before the end is shown (normal speed)
END_WAIT_S = 0.6


def _own(prompt: Prompt[TableView, Action, ev.Event]) -> PlayerView:
    """The seat's own view in its prompt (a table hands a seat its PlayerView; anything else is a fault)."""
    if not isinstance(prompt.view, PlayerView) or prompt.view.seat != prompt.seat:
        raise TypeError(f"seat {prompt.seat}'s prompt does not carry its own view")
    return prompt.view


class Handover1667(Handover):
    """The hot-seat hand-over before a 1667 seat's private moment (the shell's screen, in 1667's
    words: Escape's pause menu shows nobody's cards; the table hands its public summary in)."""

    esc_key = "t1667.handover.esc"


class Table1667Scene(Scene):
    """One 1667 game on this screen, through its game table, until it ends."""

    name = "table1667"
    #: the keys the side panel names when nothing is to be decided (a network table's T opens its chat)
    keys_hint = "t1667.idle.keys_speed"
    #: the talk menu (S, the Talk button) is offered at this table
    talk_offered = True

    def __init__(self, table: GameTable[TableView, Action, ev.Event], *, speed: str = "normal") -> None:
        super().__init__()
        self.table = table
        #: for the App and the pause menu (they look for a scene's ``controller``)
        self.controller = table
        self.speed = speed if speed in SPEEDS else "normal"
        humans = tuple(table.human_seats)
        self.hotseat = len(humans) > 1
        #: whose eyes the table is drawn for: the one human, else None (the public view)
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.view: TableView = table.view(self.viewer)
        #: the viewer's events shown so far (typed: words are made when drawn)
        self.log_events: list[ev.Event] = list(table.events_for(self.viewer))
        #: how many of them the log shows: a move's words come with its beat (a vote's once it has turned up)
        self.log_shown = len(self.log_events)
        #: the computer players' table talk (public, T9.7): (the log position it follows, the line); a reaction
        #: sits right after the vote it reacts to, other lines where they came (see :meth:`_talk_at`)
        self.talk: list[tuple[int, Claim | Reaction]] = []
        #: each talk line's place in words every viewer's log shares: (votes turned up, turns started) before it
        self._talk_marks: list[tuple[int, int | None]] = []
        #: talk lines that came both as ``said`` and as a Talked event, by their key: shown once (as the event)
        self._talk_paired: dict[tuple[object, ...], int] = {}
        self.log_top: int | None = None  # first log row shown while reading back (None: follow)
        self._log_cache: tuple[Any, pygame.Surface] | None = None
        self._log_rows: list[str] = []
        self._log_rows_key: Any = None
        #: each shown event's log rows (index = event), each talk line's rows (by its words), and what they
        #: were wrapped for (viewer, size, language, names; the event list itself: a new viewer's is new)
        self._event_rows: list[list[str]] = []
        self._talk_rows: dict[str, list[str]] = {}
        self._wrapped_key: object = None
        #: per human seat: its own event count and the public count when it last decided
        self._mark_own: dict[int, int] = {}
        self._mark_public: dict[int, int] = {s: 0 for s in humans}
        self.beats: list[Beat] = []
        self.beat: Beat | None = None
        self.renderer: Table1667Renderer | None = None
        #: the open decision at this screen: its seat, prompt, panel and what is picked
        self.seat: int | None = None
        self.prompt: Prompt[TableView, Action, ev.Event] | None = None
        self.panel: Panel | None = None
        self.state: PanelState | None = None
        self.focus = 0
        #: the seat whose hand-over screen is up (hot-seat)
        self.handing_to: int | None = None
        #: hot-seat: the seat whose own view stays up after its move, until it presses Done: what the move
        #: showed it (cards looked at, a loyalty seen, its vote turned up) is seen before the hand-over
        self.holding: int | None = None
        #: while holding: its vote is still open and only computer players choose in it (they go on)
        self._hold_vote = False
        self._done_rect: pygame.Rect | None = None
        self.finished = False
        self._end_wait = 0.0
        self._dirty = True
        self.moves_shown = 0
        self._tick = -1
        #: what the last full frame was drawn from, and the beat then (see :meth:`draw`)
        self._drawn_key: object = None
        self._drawn_beat: Beat | None = None
        self._beat_rect: pygame.Rect | None = None
        self._drawn_log: object = None
        #: the human seats' deduction notes and first-game tips (drawn for the seat whose own view shows)
        self.aids = SeatAids(table.players, humans)
        #: called after every decision seen here and at the end (the game module's autosave), if any
        self.on_progress: Callable[[], None] | None = None
        #: what keeps the game on disk (the game module's, for a game at this computer; None for a demo)
        self.keeper: Any = None
        #: the end screen's New game (the same seats), when this game can be started again
        self.on_new_game: Callable[[], None] | None = None

    # -- lifecycle -----------------------------------------------------------------------
    def help_scene(self) -> Scene | None:
        """F1 at this table: Tortuga 1667's rules (the App asks the scenes on its stack)."""
        return Help1667Scene()

    def enter(self, app: Any) -> None:
        super().enter(app)
        self.aids.use_settings(getattr(app, "settings", None), getattr(app, "save_settings", None))
        self.renderer = Table1667Renderer(app.size, self.table.players)
        self.renderer.panel_share = PANEL_SHARE

    def exit(self) -> None:
        self.table.close()

    def resize(self, size: tuple[int, int]) -> None:
        if self.renderer is not None:
            self.renderer.set_size(size)
        self._log_cache = None
        self._dirty = True

    def retranslate(self) -> None:
        if self.renderer is not None:
            self.renderer.set_size((1, 1))  # forget every cached word
            self.renderer.set_size(self.app.size if self.entered else (1280, 720))
        self._log_rows_key = None
        self._log_cache = None
        self._dirty = True

    def set_speed(self, speed: str) -> None:
        if speed in SPEEDS:
            self.speed = speed
            if speed == "instant":
                self.skip()
            self._dirty = True

    def skip(self) -> None:
        if self.beat is not None:
            self.beat.skip()
        for b in self.beats:
            b.skip()
        self._dirty = True

    @property
    def animating(self) -> bool:
        return self.beat is not None or bool(self.beats)

    # -- the viewer ------------------------------------------------------------------------
    def _set_viewer(self, viewer: int | None) -> None:
        """Draw the table for ``viewer`` from now on: its view and its own log."""
        self.viewer = viewer
        self.view = self.table.view(viewer)
        self.log_events = list(self.table.events_for(viewer))
        self.log_shown = len(self.log_events)
        self.log_top = None
        self._log_rows_key = None
        self._log_cache = None
        self.beat = None  # a beat made for the previous viewer must not go on
        self.beats = []
        # the talk's places in this viewer's log (its own log holds other private events)
        self.talk = [(self._talk_at(mark, self.log_events), line)
                     for mark, (_, line) in zip(self._talk_marks, self.talk, strict=True)]
        self._dirty = True

    @staticmethod
    def _talk_at(mark: tuple[int, int | None], log: Sequence[ev.Event]) -> int:
        """Where a talk line sits in ``log``, by ``mark`` in public events every seat's log holds in the same
        order: ``(n, None)`` right after the ``n``-th vote's turn-up (a reaction); ``(votes, turns)`` before
        whatever came after that many votes turned up and turns started (a line said then)."""
        votes, turns = mark
        v = t = 0
        for i, e in enumerate(log):
            if isinstance(e, ev.VoteRevealed):
                v += 1
                if turns is None and v == votes:
                    return i + 1
            elif isinstance(e, ev.TurnStarted):
                t += 1
            else:
                continue
            if turns is not None and (v > votes or t > turns):
                return i
        return len(log)

    def _catch_up(self, *, animate: bool) -> None:
        """Take the viewer's new events into the log and the beats, and the table's view now."""
        new = list(self.table.events_for(self.viewer, len(self.log_events)))
        self._pair_talk(new)  # a line shown from ``said`` that now came as a Talked event: shown once
        said = self.table.said
        while said:  # table talk comes after the move it answers (a reaction: right after its vote)
            line = said.pop(0).line
            if isinstance(line, (Claim, Reaction)):
                log = self.log_events + new
                if self._said_as_event(line, log):
                    continue
                mark: tuple[int, int | None] = (line.vote_no, None) if isinstance(line, Reaction) else (
                    sum(isinstance(e, ev.VoteRevealed) for e in log), sum(isinstance(e, ev.TurnStarted) for e in log))
                self._talk_marks.append(mark)
                self.talk.append((self._talk_at(mark, log), line))
                self._log_rows_key = None
        before = self.view
        self.view = self.table.view(self.viewer)
        if not new:
            return
        self.log_events += new
        self._log_rows_key = None
        if not animate:
            self.log_shown = len(self.log_events)
        else:
            beats = beats_from(new)
            for b in beats:
                if isinstance(b, VoteBeat):
                    b.before = before
            self.beats += beats
        self._dirty = True

    # -- update ------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        while self.table.notices:  # faults during play: logged by the table, shown here
            key, params = self.table.notices.pop(0)
            if self.entered:
                self.app.notify(tr(key, **params), "warning")
        factor = SPEEDS.get(self.speed, 1.0)
        instant = factor <= 0
        # 1. the beat being shown
        if self.beat is not None:
            if instant:
                self.beat.skip()
            else:
                self.beat.advance(dt / factor)
            self._dirty = True
            if self.beat.done:
                if isinstance(self.beat, VoteBeat):  # its words once the set has turned up
                    self._show_log(len(self.beat.events))
                self.beat = None
        if self.beat is None and self.beats:
            self.beat = self.beats.pop(0)
            if instant:
                self.beat = None
                self.beats.clear()
                self._show_log(len(self.log_events))
            else:
                self._play(self.beat.sound())
                if not isinstance(self.beat, VoteBeat):
                    self._show_log(len(self.beat.events))
            self._dirty = True
        # 2. computer players' moves, only while nothing is being shown
        if (self.beat is None and not self.beats and self.handing_to is None and not self.finished
                and (self.holding is None or self._hold_vote)):
            moves = self.table.poll(0.006 if instant else 0.0)
            if moves:
                self.moves_shown += len(moves)
                self._progress()
                shown = len(self.log_events)
                self._catch_up(animate=not instant)
                if self._hold_vote and any(isinstance(e, ev.VoteRevealed) for e in self.log_events[shown:]):
                    self._hold_vote = False  # the held seat's vote has turned up: now its Done
                if self.panel is not None and self.seat is not None:
                    if self.seat not in self.table.waiting_for():
                        self._close_panel()
                    elif self.prompt is not None and tuple(self.table.prompt(self.seat).legal) != self.prompt.legal:
                        self._open_panel(self.seat)  # what the seat may do changed: a fresh panel
            elif self.table.said or self.table.events_for(self.viewer, len(self.log_events)):
                self._catch_up(animate=not instant)  # talk between moves (T9.7): shown when it comes
        # 3. humans
        if self.beat is None and not self.beats and not self.finished:
            self._ensure_panel()
        # 4. the end
        if self.table.is_over and self.beat is None and not self.beats and not self.finished:
            self._end_wait += dt
            if self._end_wait >= (0.0 if instant else END_WAIT_S):
                self._finish()
        thinking = self.table.thinking()
        tick = int(self.app.time * 2) if thinking and self.entered else -1
        if tick != self._tick:  # the thinking dots move twice a second
            self._tick = tick
            self._dirty = True
        if self.aids.update(self):
            self._dirty = True
        dirty, self._dirty = self._dirty, False
        return dirty

    def _show_log(self, more: int) -> None:
        """Show ``more`` of the log's events (words come with the beat that shows them)."""
        self.log_shown = min(len(self.log_events), self.log_shown + more)
        self._log_rows_key = None
        self._dirty = True

    def _play(self, name: str | None) -> None:
        sound = getattr(self.app, "sound", None) if self.entered else None
        if name and sound is not None:
            sound.play(name)

    # -- humans ------------------------------------------------------------------------------
    def _ensure_panel(self) -> None:
        """Open the panel of the next human who must decide (behind a hand-over in hot-seat)."""
        if self.handing_to is not None:
            return
        waiting = [s for s in self.table.waiting_for() if s in self.table.human_seats]
        if self.holding is not None:
            if self.holding not in waiting:
                return  # the held seat looks at what its move showed it until it presses Done
            self.holding = None  # its own next decision came (a vote it won, say): the panel is its Done
            self._hold_vote = False
        if not waiting:
            if self.panel is not None:
                self._close_panel()
            return
        if self.seat in waiting and self.panel is not None:
            return
        seat = self.viewer if self.viewer in waiting else waiting[0]
        assert seat is not None
        if self.hotseat and self.viewer != seat:
            self._close_panel()
            if self.viewer is not None:
                self._set_viewer(None)  # the public table behind the hand-over
            self.handing_to = seat
            summary = self._public_summary(seat)
            colour = SEAT_STYLES[seat % len(SEAT_STYLES)].rgb
            if self.entered:
                self.app.push(Handover1667(self.table.names[seat], lambda: self._handed_over(seat),
                                           summary=summary, colour=colour, seat=seat, table=self))
            return
        self._open_panel(seat)

    def _handed_over(self, seat: int) -> None:
        """The named player is at the screen: show the table as they may see it."""
        self.handing_to = None
        self._set_viewer(seat)
        self._open_panel(seat)

    def _public_summary(self, seat: int) -> list[str]:
        """Public happenings since ``seat`` last decided, in words (the hand-over shows them before
        the player has confirmed that they are at the screen, so nothing private)."""
        events = self.table.events_for(None, self._mark_public.get(seat, 0))
        names = self.table.names
        lines = [x for x in (event_text(e, names, None) for e in events) if x]
        return lines if lines else [tr("t1667.summary.nothing")]

    def _open_panel(self, seat: int) -> None:
        prompt = self.table.prompt(seat)
        if not prompt.open:
            return
        self.seat = seat
        self.prompt = prompt
        self.panel = panel_for(_own(prompt), prompt.legal)
        self.state = PanelState(self.panel)
        self.focus = 0
        if self.viewer == seat:
            self.view = prompt.view
        self._dirty = True

    def _close_panel(self) -> None:
        self.seat = None
        self.prompt = None
        self.panel = None
        self.state = None
        self.focus = 0
        self._dirty = True

    def submit(self, action: Action) -> bool:
        """Send the open decision's ``action``; False (and nothing changes) when the table refuses."""
        seat = self.seat
        if seat is None:
            return False
        own_before = len(self.table.events_for(seat))
        vote_before = self.prompt.view.vote if self.prompt is not None else None
        try:
            self.table.submit(seat, action)
        except NotConnected:  # the move is possible: the table cannot be reached just now
            if self.entered:
                self.app.notify(tr("net.move_offline"), "info")
            return False
        except ActionRefused as exc:
            logger.info("the 1667 table refused a human action: %s", type(exc).__name__)
            if self.entered:
                self.app.notify(tr("t1667.refused"), "warning")
            return False
        self._play("click")
        self._progress()
        self._mark_public[seat] = len(self.table.events_for(None))
        self._close_panel()
        if self.hotseat:
            nxt = [s for s in self.table.waiting_for() if s in self.table.human_seats]
            if nxt != [seat]:
                hold = self._hold_after(seat, own_before, vote_before, nxt)
                if hold is None:
                    self._set_viewer(None)  # the private moment is over: back to the public table
                else:
                    self.holding, self._hold_vote = seat, hold == "vote"
        self._catch_up(animate=SPEEDS.get(self.speed, 1.0) > 0)
        self._mark_own[seat] = len(self.table.events_for(seat))
        self.log_top = None
        return True

    def _hold_after(self, seat: int, own_before: int, vote_before: Any, humans_next: list[int]) -> str | None:
        """Hot-seat, after ``seat``'s move and before the screen goes public: "seen" when the move showed
        the seat something of its own (cards looked at, T3.3; a Loyalty card, T6.14; its vote turned up with
        its new card, T4.5/T4.9), "vote" when its vote is still open with only computer players to choose
        (they go on while the seat watches), None when there is nothing to hold the screen for."""
        own = self.table.events_for(seat, own_before)
        if any(isinstance(e, (ev.SlotsSeen, ev.LoyaltySeen)) for e in own):
            return "seen"
        called = [e for e in own if isinstance(e, ev.VoteCalled) and seat in (e.caller, *e.participants)]
        in_vote = bool(called) or (vote_before is not None and seat in (vote_before.caller, *vote_before.participants))
        if not in_vote:
            return None
        if any(isinstance(e, ev.VoteRevealed) for e in own):
            return "seen"
        return "vote" if not humans_next else None

    def release(self) -> bool:
        """Done: the held seat has seen what its move showed it; the table goes back to the public view
        (and on to the next hand-over). False when nothing is held or its vote is still open."""
        if self.holding is None or self._hold_vote:
            return False
        self.holding = None
        self._set_viewer(None)
        return True

    def _choices(self) -> list[tuple[str, int]]:
        """What the panel lists now, in order: ("group", k) or ("option", k)."""
        if self.panel is None or self.state is None:
            return []
        group = self.state.group
        if group is None and len(self.panel.groups) == 1:
            group = 0
        if group is not None:
            return [("option", k) for k in range(len(self.panel.groups[group].options))]
        return [("group", k) for k in range(len(self.panel.groups))]

    def activate(self, what: str, index: int) -> bool:
        """Press a panel button: a group opens (or sends its one action), an option is sent."""
        if self.panel is None or self.state is None:
            return False
        if what in ("up", "down"):
            self.page(-1 if what == "up" else 1)
            return True
        if what == "group":
            if not 0 <= index < len(self.panel.groups):
                return False
            self.state, action = self.state.press(index)
            self.focus = 0
            self._dirty = True
            return self.submit(action) if action is not None else True
        state = self.state if self.state.group is not None else PanelState(self.state.panel, 0)
        if not 0 <= index < len(state.shown):
            return False
        return self.submit(state.choose(index))

    def page(self, direction: int, step: int | None = None) -> None:
        """Show the next (``direction`` 1) or previous (-1) options of a long list: a page, or ``step``."""
        if self.state is None or self.renderer is None:
            return
        start, end = self.renderer.option_window
        n = len(self._choices())
        if not n:
            return
        move = step if step is not None else max(1, end - start)
        top = start + move if direction > 0 else start - move
        if direction > 0 and end >= n:
            return  # the last option shows already
        self.state = self.state.scrolled(top)
        self.focus = self.state.top  # the first option on the new page
        self._dirty = True

    def _follow_focus(self) -> None:
        """Keep the option in focus on the page shown (Up/Down walk through a long list)."""
        if self.state is None or self.renderer is None:
            return
        if not self._choices():
            return
        start, end = self.renderer.option_window
        if self.focus < start:
            self.state = self.state.scrolled(self.focus)
        elif self.focus >= end > start:
            self.state = self.state.scrolled(start + (self.focus - end + 1))

    def back(self) -> bool:
        """Close an open group or a narrowed panel; False when there was nothing to close."""
        if self.state is None or self.prompt is None:
            return False
        full = panel_for(_own(self.prompt), self.prompt.legal)
        if self.state.group is not None and self.panel == full:
            self.state = self.state.back()
        elif self.panel != full:
            self.panel = full
            self.state = PanelState(full)
        else:
            return False
        self.focus = 0
        self._dirty = True
        return True

    def click_table(self, pos: tuple[int, int]) -> bool:
        """A click on the table during a decision: the one action about what is there is sent; with
        several, the panel narrows to them. False when the click is about none of them."""
        if self.renderer is None or self.prompt is None or self.panel is None:
            return False
        view = _own(self.prompt)
        target = target_at(self.renderer.layout, view, pos)
        if target is None:
            return False
        full = panel_for(view, self.prompt.legal)
        opts = options_at(full, view, target)
        if not opts:
            return False
        if len(opts) == 1:
            return self.submit(opts[0].action)
        narrowed = Panel(full.seat, full.title,
                         (Group("narrowed", w("t1667.narrowed"), (), tuple(opts)),), full.kind)
        self.panel = narrowed
        self.state = PanelState(narrowed, 0)
        self.focus = 0
        self._dirty = True
        return True

    # -- input -------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        self._dirty = True
        if self.finished:
            self._handle_end(intent)
            return
        if self.aids.handle(intent, self):
            self._progress()  # a note changed: it is kept with the game
            return
        if self._log_input(intent):
            return
        if isinstance(intent, Key):
            self._key(intent)
            return
        if (isinstance(intent, Click) and intent.button == 1 and self.renderer is not None
                and pygame.Rect(self.renderer.layout.discard).collidepoint(intent.pos)):
            self.open_discard()
            return
        talk_button = self.talk_button_rect()
        if (isinstance(intent, Click) and intent.button == 1 and talk_button is not None
                and talk_button.collidepoint(intent.pos)):
            self.open_talk()
            return
        if isinstance(intent, Click) and intent.button in (4, 5) and self.panel is not None:
            self.page(-1 if intent.button == 4 else 1, step=1)  # the wheel over the panel: one option
            return
        if isinstance(intent, Click) and intent.button in (1, 3):
            if intent.button == 3:
                self.back()
                return
            if self._done_rect is not None and self.holding is not None and self._done_rect.collidepoint(intent.pos):
                self.release()
                return
            if self.panel is not None and self.renderer is not None:
                for rect, what, index in self.renderer.panel_hits:
                    if rect.collidepoint(intent.pos):
                        self.activate(what, index)
                        return
                self.click_table(intent.pos)
            elif self.animating:
                self.skip()
        if isinstance(intent, Hover) and self.renderer is not None and self.panel is not None:
            choices = self._choices()
            for rect, what, index in self.renderer.panel_hits:
                if rect.collidepoint(intent.pos) and (what, index) in choices:
                    self.focus = choices.index((what, index))
                    break

    def toggle_talk(self) -> bool:
        """T: the computer players' table talk on or off for the rest of this game (kept with its save);
        False (and a notice) at a table without computer players or one that cannot switch it."""
        table = self.table
        if not isinstance(table, LocalTable) or all(k == "human" for k in table.kinds):
            if self.entered:
                self.app.notify(tr("t1667.talk.no_switch"), "info")
            return False
        on = not table.bot_chat
        table.bot_chat = on
        self._progress()  # kept with the game (the autosave)
        if self.entered:
            self.app.notify(tr("t1667.talk.on" if on else "t1667.talk.off"), "info")
        return True

    def open_discard(self) -> None:
        """The discard pile, browsed over the table (a click on it, or D)."""
        if self.entered:
            self.app.push(DiscardScene(self.view.discard))

    def open_players(self) -> None:
        """What each player did (P), from the events this screen's viewer may see (T9)."""
        if self.entered:
            self.app.push(PlayersScene(self.table.events_for(self.viewer), self.table.names, self.viewer))

    def _key(self, intent: Key) -> None:
        key = intent.key
        if key == pygame.K_d and not intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.open_discard()
            return
        if key == pygame.K_t and not intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_talk()
            return
        if key == pygame.K_p and not intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.open_players()
            return
        if key == pygame.K_s and not intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.open_talk()
            return
        if key == pygame.K_ESCAPE:
            self.skip()
            if self.entered:
                self.app.push(PauseScene(self))
            return
        if self.holding is not None and self.panel is None and key in HOLD_KEYS:
            if self.animating:
                self.skip()  # first what the move turned up, then Done
            else:
                self.release()
            return
        if key == pygame.K_SPACE:
            self.skip()
            return
        if key in SPEED_STEPS:  # faster / slower, on this seat's turn too: never an option's key
            now = SPEED_ORDER.index(self.speed) if self.speed in SPEED_ORDER else 1
            self._speed_key(SPEED_ORDER[max(0, min(len(SPEED_ORDER) - 1, now + SPEED_STEPS[key]))])
            return
        if self.panel is not None:
            choices = self._choices()
            if key in DIGITS:
                k = DIGITS[key] - 1
                if choices and self.state is not None and self.renderer is not None:
                    start, end = self.renderer.option_window  # the digits number the options shown
                    if start != self.state.top:  # not drawn since it paged: the page starts at its top
                        start, end = self.state.top, self.state.top + 9
                    k = start + k if start + k < end else len(choices)
                if k < len(choices):
                    self.activate(*choices[k])
                return
            if key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % max(1, len(choices))
                self._follow_focus()
                return
            if key == pygame.K_UP:
                self.focus = (self.focus - 1) % max(1, len(choices))
                self._follow_focus()
                return
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and choices:
                self.activate(*choices[min(self.focus, len(choices) - 1)])
                return
            if key in (pygame.K_BACKSPACE, pygame.K_LEFT):
                self.back()
                return
            return
        if key in SPEED_KEYS:
            if self.table.human_seats:  # digits pick options at a table with players: + and - are the speed
                if self.entered:
                    self.app.notify(tr("t1667.speed.keys"), "info")
                return
            self._speed_key(SPEED_KEYS[key])

    def _speed_key(self, speed: str) -> None:
        settings = getattr(self.app, "settings", None) if self.entered else None
        if settings is not None and getattr(settings, "reduced_motion", False):
            self.app.notify(tr("glance.keys.reduced_motion"), "info")
            return
        self.set_speed(speed)

    def _handle_end(self, intent: Intent) -> None:
        if isinstance(intent, Key):
            if intent.key == pygame.K_ESCAPE:
                if self.entered:
                    self.app.push(PauseScene(self))
            elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open_end_screen()
            elif intent.key in LOG_KEYS:
                self._log_input(intent)
        elif isinstance(intent, Click) and intent.button == 1:
            self.open_end_screen()
        elif isinstance(intent, Click):
            self._log_input(intent)

    def saved_game(self) -> Any:
        """The game as saved now (a ``Save1667``, for the pause menu's Save), or None: a demo, a finished game."""
        if self.keeper is None or self.table.is_over:
            return None
        return self.keeper.snapshot()

    def open_end_screen(self) -> None:
        """The end screen (loyalties, the teams' treasure, the winners and why) over the table's own end
        box: the box is the shared screen every seat sees first (in hot-seat no private frame is left
        up); Enter there opens the end screen (its New game, when the game can be started again)."""
        if not self.entered:
            return
        record = self.table.record() if self.table.is_over else None
        on_replay: Callable[[], None] | None = None
        if record is not None:  # the whole game is here (a game at this computer): it can be watched again
            kinds = tuple(self.table.kinds)

            def watch() -> None:
                open_replay(self.app, record, kinds=kinds)

            on_replay = watch

        self.app.push(End1667Scene(self.table.view(None), on_menu=self.to_menu, on_new_game=self.on_new_game,
                                   on_replay=on_replay))

    def to_menu(self) -> None:
        if self.entered:
            go_home = getattr(self.app, "go_home", None)
            if callable(go_home):
                go_home()
            else:
                self.app.pop()

    def layout_report(self) -> LayoutReport:
        """Where the table puts things, for the layout tests: the table's pieces and each seat plaque's parts
        (text stays in them), the panel's place and the log; what can be clicked: the panel's buttons and the
        note tags."""
        rep = LayoutReport()
        if self.renderer is None:
            return rep
        L = self.renderer.layout
        for _name, r in L.boxes():
            rep.add("", pygame.Rect(r), click=False)
        for seat in range(L.players):
            for _name, r in L.seat_parts(seat):
                rep.add("", pygame.Rect(r), click=False)
        side = pygame.Rect(L.side)
        rep.add("", pygame.Rect(side.x, side.y, side.w, round(side.h * PANEL_SHARE)), click=False)
        self._report_column(rep)
        for k, (rect, _what, _index) in enumerate(self.renderer.panel_hits):
            rep.add(f"panel[{k}]", rect)
        widget = self.aids.widget(self)
        if widget is not None:
            for target, rect in widget.rects.items():
                rep.add(f"note[{target}]", rect)
        return rep

    def _report_column(self, rep: LayoutReport) -> None:
        """:meth:`layout_report`'s part for the side column under the panel: the log and the Talk button."""
        rep.add("", self.log_rect(), click=False)
        talk_button = self.talk_button_rect()
        if talk_button is not None:
            rep.add("talk", talk_button)

    # -- talk: the talk menu (S, the Talk button) and lines said here (begin) -----------------
    def talk_seat(self) -> int | None:
        """The seat that speaks from this screen: the human seat whose own view is on screen (never on a
        shared hot-seat screen or in a demo)."""
        v = self.viewer
        if v is None or v not in self.table.human_seats or self.handing_to is not None:
            return None
        return v

    def talk_button_rect(self) -> pygame.Rect | None:
        """The Talk button under the log (a table with a player here, where talk is offered), or None."""
        if self.renderer is None or not self.table.human_seats or not self.talk_offered:
            return None
        L = self.renderer.layout
        side = pygame.Rect(L.side)
        h = art.font(L.px_body, True).get_linesize() + L.px(10)
        return pygame.Rect(side.x + L.px(8), side.bottom - L.px(8) - h, side.w - L.px(16), h)

    def _draw_talk_button(self, surface: pygame.Surface) -> None:
        r = self.talk_button_rect()
        if r is None or self.renderer is None:
            return
        L = self.renderer.layout
        live = self.talk_seat() is not None and not self.finished
        rounded(surface, r, palette.PARCHMENT_LIGHT if live else palette.PARCHMENT_DARK, palette.BRASS_DARK,
                L.px(7), max(1, L.px(2)))
        t = fit(tr("t1667.say.button"), L.px_body, palette.INK if live else palette.INK_SOFT, r.w - L.px(12), True)
        surface.blit(t, t.get_rect(center=r.center))

    def open_talk(self) -> bool:
        """The talk menu for the seat on screen (S, the Talk button); a notice and False when nobody may speak
        from this screen now (a demo, a shared hot-seat screen, the end)."""
        if not self.entered or self.finished:
            return False
        if not self.talk_offered:
            self.app.notify(tr("t1667.say.not_offered"), "info")
            return False
        seat = self.talk_seat()
        if seat is None:
            self.app.notify(tr("t1667.say.own_view" if self.table.human_seats else "t1667.say.nobody"), "info")
            return False
        view = self.table.view(seat)
        if not isinstance(view, PlayerView) or self.renderer is None:
            return False
        self.skip()  # what is being shown is shown at once: the menu covers the table
        renderer = self.renderer

        def area() -> pygame.Rect:  # left of the side column, below the seats' strip: the log stays in sight
            L = renderer.layout
            m = pygame.Rect(L.mat)
            return pygame.Rect(m.x, m.y, m.w, L.size[1] - m.y - L.px(8))

        choices = talkmenu.TalkChoices(view, self.table.names, talkmenu.open_asks(self.table.events_for(seat), seat))
        self.app.push(talkmenu.TalkScene(choices, self.say, area=area, scale=lambda: renderer.layout.scale,
                                         spoken=lambda: talkmenu.spoken_this_turn(self.table.events_for(seat), seat)))
        return True

    def say(self, line: Say) -> bool:
        """The seat on screen says ``line`` to the table: True when said (it shows in the log at once); False
        (a short notice, nothing changed) when the game or the table refuses it."""
        seat = self.talk_seat()
        if seat is None:
            return False
        try:
            self.table.say(seat, line)
        except NotConnected:
            if self.entered:
                self.app.notify(tr("t1667.say.offline"), "info")
            return False
        except (ActionRefused, ViewerError) as exc:
            logger.info("the 1667 table refused a line of talk: %s", type(exc).__name__)
            enough = talkmenu.spoken_this_turn(self.table.events_for(seat), seat) >= TALK_PER_TURN
            if self.entered:
                self.app.notify(tr("t1667.say.enough" if enough else "t1667.say.refused", n=TALK_PER_TURN), "info")
            return False
        self._play("click")
        self._progress()  # kept with the game (the autosave)
        self._catch_up(animate=self.animating)  # after what is still being shown, else at once
        self.log_top = None
        self._dirty = True
        return True

    def _said_as_event(self, line: Claim | Reaction, log: Sequence[ev.Event]) -> bool:
        """True when ``line`` (from :attr:`GameTable.said`) came as a Talked event too: the event shows it."""
        key = talkmenu.said_key(line)
        events = sum(1 for e in log if isinstance(e, ev.Talked) and talkmenu.talked_key(e) == key)
        if events > self._talk_paired.get(key, 0):
            self._talk_paired[key] = self._talk_paired.get(key, 0) + 1
            return True
        return False

    def _pair_talk(self, new: Sequence[ev.Event]) -> None:
        """New Talked events that repeat a line already shown from ``said``: that line goes (the event stays)."""
        for e in new:
            if not isinstance(e, ev.Talked):
                continue
            key = talkmenu.talked_key(e)
            if key is None:
                continue
            j = next((j for j, (_pos, line) in enumerate(self.talk) if talkmenu.said_key(line) == key), None)
            if j is not None:
                del self.talk[j]
                del self._talk_marks[j]
                self._talk_paired[key] = self._talk_paired.get(key, 0) + 1
                self._log_rows_key = None
    # -- talk (end) ----------------------------------------------------------------------------

    # -- the log -----------------------------------------------------------------------------
    def log_rect(self) -> pygame.Rect:
        assert self.renderer is not None
        L = self.renderer.layout
        side = pygame.Rect(L.side)
        top = side.y + round(side.h * PANEL_SHARE)
        talk_button = self.talk_button_rect()  # under the log, at a table with a player here
        bottom = talk_button.y - L.px(6) if talk_button is not None else side.bottom - L.px(8)
        return pygame.Rect(side.x + L.px(8), top, side.w - L.px(16), bottom - top)

    def _log_input(self, intent: Intent) -> bool:
        if isinstance(intent, Key) and intent.key in LOG_KEYS:
            rows = LOG_KEYS[intent.key]
            if rows is None:
                self.log_top = None
            else:
                self.scroll_log(rows)
            return True
        if (isinstance(intent, Click) and intent.button in (4, 5) and self.renderer is not None
                and self.log_rect().collidepoint(intent.pos)):
            self.scroll_log(-WHEEL_ROWS if intent.button == 4 else WHEEL_ROWS)
            return True
        return False

    def scroll_log(self, rows: int) -> None:
        total = len(self.log_rows())
        shown = self._log_capacity()
        last_top = max(0, total - shown)
        top = last_top if self.log_top is None else self.log_top
        top = max(0, min(last_top, top + rows))
        self.log_top = None if top >= last_top else top
        self._dirty = True

    def _log_capacity(self) -> int:
        if self.renderer is None:
            return 10
        L = self.renderer.layout
        f = art.font(L.px_small)
        return max(1, (self.log_rect().h - L.px(30)) // f.get_linesize())

    def log_rows(self) -> list[str]:
        """The log in words, one wrapped row per line (the "since your last turn" mark included)."""
        if self.renderer is None:
            return []
        L = self.renderer.layout
        key = (len(self.log_events), self.log_shown, len(self.talk), self.viewer, L.size,
               self._mark_own.get(-1 if self.viewer is None else self.viewer), id(self.log_events))
        if key == self._log_rows_key:
            return self._log_rows
        names = self.table.names
        f = art.font(L.px_small)
        width = self.log_rect().w - L.px(10)
        # each event's and each talk line's rows are worded and wrapped once (for this viewer, size and
        # language): a new event must not wrap the whole log again (it grows to hundreds of events)
        wrap_key = (self.viewer, L.size, L.px_small, width, get_language(), names, id(self.log_events))
        if self._wrapped_key != wrap_key:
            self._wrapped_key = wrap_key
            self._event_rows = []
            self._talk_rows = {}
        for e in self.log_events[len(self._event_rows):self.log_shown]:
            line = event_text(e, names, self.viewer)
            rows_e = wrap_lines(line, f, width, 12) if line else []
            # table talk (T9.7) set apart like the computer players' older talk lines
            self._event_rows.append(["\x01" + r for r in rows_e] if isinstance(e, ev.Talked) else rows_e)
        mark = self._mark_own.get(self.viewer) if self.viewer is not None else None
        rows: list[str] = []
        talk = sorted(self.talk, key=lambda t: t[0])
        said = 0

        def talk_rows(line: Claim | Reaction) -> list[str]:
            text = talk_text(line, names)
            if text not in self._talk_rows:
                self._talk_rows[text] = ["\x01" + r for r in wrap_lines(text, f, width, 6)]
            return self._talk_rows[text]

        for k in range(self.log_shown):
            while said < len(talk) and talk[said][0] <= k:
                rows += talk_rows(talk[said][1])
                said += 1
            if mark is not None and k == mark and k < self.log_shown:
                rows.append("\x00" + tr("t1667.log.since"))
            rows += self._event_rows[k]
        while said < len(talk) and talk[said][0] <= self.log_shown:
            rows += talk_rows(talk[said][1])
            said += 1
        self._log_rows = rows
        self._log_rows_key = key
        return rows

    def _draw_log(self, surface: pygame.Surface) -> None:
        assert self.renderer is not None
        L = self.renderer.layout
        r = self.log_rect()
        thinking = tuple(self.table.thinking())
        rows = self.log_rows()
        key = (self._log_rows_key, self.log_top, thinking, r.size, self.speed,
               int(self.app.time * 2) % 4 if self.entered and thinking else 0)
        if self._log_cache is None or self._log_cache[0] != key:
            surf = pygame.Surface(r.size)
            surf.fill(palette.PARCHMENT_DARK)
            box = surf.get_rect()
            rounded(surf, box, palette.PARCHMENT_LIGHT, palette.BRASS_DARK, L.px(8), max(1, L.px(2)))
            head = fit(tr("t1667.log.title"), L.px_body, palette.INK, r.w - L.px(12), True)
            surf.blit(head, (L.px(6), L.px(4)))
            f = art.font(L.px_small)
            y0 = L.px(6) + head.get_height()
            cap = self._log_capacity()
            last_top = max(0, len(rows) - cap)
            top = last_top if self.log_top is None else min(self.log_top, last_top)
            y = y0
            for row in rows[top:top + cap]:
                if row.startswith("\x00"):
                    pygame.draw.line(surf, palette.BRASS, (L.px(6), y + f.get_linesize() // 2),
                                     (r.w - L.px(6), y + f.get_linesize() // 2), max(1, L.px(1)))
                    t = fit(row[1:], L.px_small, palette.BRASS_DARK, r.w - L.px(30), True)
                    pygame.draw.rect(surf, palette.PARCHMENT_LIGHT, t.get_rect(midtop=(r.w // 2, y)).inflate(L.px(8), 0))
                    surf.blit(t, t.get_rect(midtop=(r.w // 2, y)))
                elif row.startswith("\x01"):  # table talk, set apart
                    surf.blit(fit(row[1:], L.px_small, palette.INK_SOFT, r.w - L.px(10)), (L.px(5), y))
                else:
                    surf.blit(fit(row, L.px_small, palette.INK, r.w - L.px(10)), (L.px(5), y))
                y += f.get_linesize()
            foot: str | None = None
            if thinking:
                dots = "." * (1 + int(self.app.time * 2) % 3 if self.entered else 1)
                who = tr("p1667.list", items=", ".join(self.table.names[s] for s in thinking[:-1]),
                         last=self.table.names[thinking[-1]]) if len(thinking) > 1 else self.table.names[thinking[0]]
                foot = tr("t1667.log.thinking", who=who) + dots
            elif self.log_top is not None:
                foot = tr("t1667.log.reading_back")
            if foot:
                t = fit(foot, L.px_small, palette.INK_SOFT, r.w - L.px(12))
                surf.blit(t, (L.px(6), r.h - t.get_height() - L.px(4)))
            self._log_cache = (key, surf)
        surface.blit(self._log_cache[1], r.topleft)

    # -- the end -----------------------------------------------------------------------------
    def _progress(self) -> None:
        """A decision was made: tell the game module (it autosaves; a fault there is logged, never fatal)."""
        if self.on_progress is None:
            return
        try:
            self.on_progress()
        except Exception:
            logger.exception("keeping the 1667 game on disk failed")

    def _finish(self) -> None:
        self.finished = True
        self.holding, self._hold_vote = None, False  # the end shows every loyalty to all: nothing is held
        self._progress()
        self._close_panel()
        if self.hotseat or not self.table.human_seats:
            self._set_viewer(None)
        else:
            self.view = self.table.view(self.viewer)
        self._play("fanfare")
        self._dirty = True
        app = self.app
        opts = getattr(app, "options", None) if app is not None else None
        if app is not None and opts is not None:
            shot = getattr(opts, "screenshot", None)
            if shot:
                app.request_screenshot(shot, delay_s=0.4)
            if getattr(opts, "exit_after_game", False):
                if shot:
                    app._after_screenshot = lambda: app.quit(0)
                else:
                    app.quit(0)

    def outcome_lines(self) -> list[str]:
        """The end in words: the GameOver event as the viewer reads it."""
        over = next((e for e in reversed(self.log_events) if isinstance(e, ev.GameOver)), None)
        if over is None:
            return []
        return [event_text(over, self.table.names, self.viewer) or ""]

    def _draw_end(self, surface: pygame.Surface) -> None:
        assert self.renderer is not None
        L = self.renderer.layout
        mat = pygame.Rect(L.mat)
        box = pygame.Rect(0, 0, min(mat.w - L.px(40), L.px(640)), L.px(200))
        box.center = mat.center
        f = art.font(L.px_body)
        lines: list[str] = []
        for line in self.outcome_lines():
            lines += wrap_lines(line, f, box.w - L.px(24), 6)
        box.h = L.px(60) + len(lines) * f.get_linesize() + L.px(30)
        box.center = mat.center
        rounded(surface, box, palette.PARCHMENT, palette.BRASS_DARK, L.px(12), max(2, L.px(3)))
        title = fit(tr("t1667.end.title"), L.px_title + L.px(6), palette.INK, box.w - L.px(24), True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + L.px(10))))
        y = box.y + L.px(16) + title.get_height()
        for line in lines:
            surface.blit(fit(line, L.px_body, palette.INK, box.w - L.px(24)), (box.x + L.px(12), y))
            y += f.get_linesize()
        hint = fit(tr("t1667.end.keys_results"), L.px_small, palette.INK_SOFT, box.w - L.px(24))
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - L.px(8))))

    # -- draw --------------------------------------------------------------------------------
    @property
    def shared(self) -> bool:
        """True while the screen shows the public table (hot-seat between private moments, demos)."""
        return self.viewer is None

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the table, the panel or who decides, the log and what is being shown over it.

        While the table, the panel and the end box are as last frame, only what moved is drawn again
        (the beat, over the part of the table it covered, put back; the log) and those parts are
        returned for the App to show."""
        if self.renderer is None:
            return None
        panel = self.panel if self.viewer is not None and self.seat == self.viewer else None
        state = self.state if panel is not None else None
        view = self.view
        beat = self.beat if not self.finished else None
        if beat is not None and beat.before is not None:
            view = beat.before  # a vote turning up: the table as it was until it has
        on_top = not self.entered or self.app.top is self  # an overlay above redraws the whole window
        notices = len(getattr(self.app, "notices", ()))
        key = (view, panel, state, self.focus, self.shared, self.finished, surface.get_size(), notices, on_top,
               self.speed, self.aids.key(self))
        log_key = self._log_key()
        if on_top and key == self._drawn_key and self._drawn_beat is beat:
            # the table, panel and end box are as last frame: only the beat and the log may have moved
            changed: list[pygame.Rect] = []
            if log_key != self._drawn_log:
                self._drawn_log = log_key
                self._draw_log(surface)
                self.aids.draw_tip(surface, self)
                changed.append(self.log_rect())
            if beat is not None:
                before = self._beat_rect
                if before is not None:
                    self.renderer.restore(surface, before)
                now = beat.draw(surface, self.renderer.layout, self.table.names, self.viewer)
                self._beat_rect = now
                moved = [r for r in (before, now) if r is not None]
                if moved:
                    changed.append(moved[0].unionall(moved[1:]))
            return changed
        self._drawn_key = key
        self._drawn_log = log_key
        self._drawn_beat = beat
        self._beat_rect = None
        self.renderer.draw(surface, view, panel, state, shared=self.shared)
        if panel is None:
            self.renderer.panel_hits = []
            self._draw_idle_panel(surface)
        elif self.renderer.panel_hits:
            choices = self._choices()
            focused = choices[min(self.focus, len(choices) - 1)] if choices else None
            hits = [r for r, what, index in self.renderer.panel_hits if (what, index) == focused]
            rect = hits[0] if hits else self.renderer.panel_hits[0][0]
            pygame.draw.rect(surface, palette.GOLD, rect.inflate(4, 4), max(2, self.renderer.layout.px(3)),
                             border_radius=self.renderer.layout.px(7))
        self._draw_log(surface)
        self._draw_talk_button(surface)
        self.aids.draw(surface, self)
        if beat is not None:
            self._beat_rect = beat.draw(surface, self.renderer.layout, self.table.names, self.viewer)
        if self.finished:
            self._draw_end(surface)
        return None

    def _log_key(self) -> object:
        thinking = tuple(self.table.thinking())
        return (len(self.log_events), self.log_shown, self.log_top, self.viewer, thinking,
                int(self.app.time * 2) % 4 if self.entered and thinking else 0)

    def _draw_idle_panel(self, surface: pygame.Surface) -> None:
        """The panel's place when this screen decides nothing now: who is deciding, and the keys."""
        assert self.renderer is not None
        L = self.renderer.layout
        side = pygame.Rect(L.side)
        r = pygame.Rect(side.x + L.px(8), side.y + L.px(8), side.w - L.px(16), round(side.h * PANEL_SHARE) - L.px(16))
        waiting = self.table.waiting_for() if not self.finished else ()
        names = self.table.names
        lines: list[tuple[str, bool]] = []
        self._done_rect = None
        if self.holding is not None:
            self._draw_hold(surface, r)
            return
        if self.finished:
            lines.append((tr("t1667.end.title"), True))
        elif waiting:
            lines.append((tr("t1667.idle.deciding"), True))
            for s in waiting:
                lines.append((names[s], False))
        lines.append(("", False))
        lines.append((tr(self.keys_hint), False))
        if not self.table.human_seats:
            lines.append((tr("t1667.idle.speed", speed=tr(f"settings.speed.{self.speed}")), False))
        y = r.y
        for text, bold in lines:
            px = L.px_title if bold else L.px_body
            for line in wrap_lines(text, art.font(px, bold), r.w, 6) if text else [""]:
                if line:
                    surface.blit(fit(line, px, palette.INK, r.w, bold), (r.x, y))
                y += art.font(px, bold).get_linesize()

    def _draw_hold(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """The panel's place while a hot-seat player looks at what their move showed them: what to do, and
        Done (once their vote, if open, has turned up)."""
        assert self.renderer is not None and self.holding is not None
        L = self.renderer.layout
        name = self.table.names[self.holding]
        y = r.y
        texts = [(tr("t1667.hold.title", name=name), L.px_title, True),
                 (tr("t1667.hold.vote" if self._hold_vote else "t1667.hold.hint"), L.px_body, False)]
        for text, px, bold in texts:
            for line in wrap_lines(text, art.font(px, bold), r.w, 5):
                surface.blit(fit(line, px, palette.INK, r.w, bold), (r.x, y))
                y += art.font(px, bold).get_linesize()
            y += L.px(8)
        if self._hold_vote:
            return
        label = fit(tr("t1667.hold.done"), L.px_body, palette.INK, r.w - L.px(16), True)
        box = pygame.Rect(r.x, y, r.w, label.get_height() + L.px(16))
        rounded(surface, box, palette.GOLD_LIGHT, palette.BRASS_DARK, L.px(6), L.px(2))
        surface.blit(label, label.get_rect(center=box.center))
        pygame.draw.rect(surface, palette.GOLD, box.inflate(4, 4), max(2, L.px(3)), border_radius=L.px(7))
        self._done_rect = box


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"
