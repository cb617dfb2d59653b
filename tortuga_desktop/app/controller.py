"""GameController: owns the Game, runs bots off the frame loop, applies decisions.

The game state never depends on animation timing: decisions are applied to ``game`` the
moment they are known; the table scene animates afterwards from the events returned by
:meth:`GameController.poll`.  Bots think in a single worker thread
(``ThreadPoolExecutor(1)``) so the window keeps drawing while a Hard bot searches;
``poll`` applies finished bot decisions on the main thread.

Pacing: ``poll(start_new=False)`` collects finished work but does not ask the next bot,
which is how the table holds the game while an animation plays.
"""

from __future__ import annotations

import contextlib
import logging
import random
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..ai import Reason, make_bot
from ..levels import ALL_LEVELS
from ..rules import (
    Decision,
    DecisionKind,
    Game,
    IllegalActionError,
    MalformedActionError,
    PlayerAction,
    PlayerView,
    RulesError,
)
from ..rules.events import Event
from ..rules.state import State
from . import pacing as pacing_mod
from .pacing import Pacing
from .saves import SeatConfig

log = logging.getLogger(__name__)

BOT_KINDS = ALL_LEVELS


@dataclass(frozen=True)
class LogLine:
    """One line of the game log as shown to a viewer: an event with, when a bot explained that
    move, its reason (an older form: a reason alone, under the line of its move). Words are made
    at drawing time, in the current language."""

    round: int
    event: Event | None = None
    reason: Reason | None = None
    #: the seat the line is about (with a reason: the bot that gave it)
    seat: int | None = None
    #: the phase of the round the line belongs to ("setup", "dice", "actions", "move", "over")
    phase: str = ""
    #: every seat that gave ``reason`` on consecutive moves (repeats folded into this line)
    seats: tuple[int, ...] = ()


@dataclass
class GameEvent:
    """One applied decision: who did what, its events, and the game right after it (a private snapshot)."""

    seat: int
    kind: DecisionKind
    #: None when the decision was made elsewhere (a network game: only its effects arrive)
    action: PlayerAction | None
    reason: Reason | None
    snapshot: Game
    by_bot: bool = True
    events: tuple[Event, ...] = ()
    _views: dict[int | None, PlayerView] = field(default_factory=dict, repr=False)

    def view(self, viewer: int | None) -> PlayerView:
        """The game after this event as ``viewer`` sees it (cached)."""
        if viewer not in self._views:
            self._views[viewer] = self.snapshot.view(viewer)
        return self._views[viewer]

    @property
    def is_over(self) -> bool:
        return self.snapshot.is_over


@dataclass
class _Job:
    """A computer player's decision being thought about (or held, R9.1) on the worker thread."""

    seat: int
    kind: DecisionKind
    future: Future[Any]
    #: when the decision came up and when its answer may be shown (the controller's clock)
    started: float
    release_at: float
    #: the game's decision count when asked; a held answer instead belongs to its step
    decisions: int
    step: tuple[Any, ...]
    held: bool
    #: when the answer arrived (set on the worker thread)
    done_at: float | None = None


class GameController:
    """Runs one game: bots in a worker thread, humans through :meth:`submit`.

    Pacing (R9.1): in a game someone watches (any seat not a computer player), a computer
    player's answer to a decision that can be forced is held until a release time drawn when
    the decision came up (see :mod:`.pacing`); simultaneous ones (the dice selections of one
    roll step) are all asked at once, each with its own release time. ``pacing`` injects a
    :class:`~.pacing.Pacing` (a clock and a random source) or None for none; by default a game
    with a watcher gets one.
    """

    def __init__(self, game: Game, seats: list[Any], *, bot_factory: Callable[[str, int], Any] | None = None,
                 pacing: Pacing | None | str = "auto") -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seat configs for a {game.players}-player game")
        self.game = game
        self.seats = list(seats)
        factory = bot_factory or make_bot
        self.bots: dict[int, Any] = {
            i: factory(s.kind, int(s.bot_seed)) for i, s in enumerate(self.seats) if s.kind != "human"
        }
        self.human_seats: list[int] = [i for i, s in enumerate(self.seats) if s.kind == "human"]
        self.on_decision: Callable[[GameEvent], None] | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._jobs: list[_Job] = []
        if pacing == "auto":
            watched = any(s.kind not in BOT_KINDS for s in self.seats)
            pacing = Pacing() if watched and pacing_mod.ENABLED else None
        if pacing is not None and not isinstance(pacing, Pacing):
            raise ValueError(f"pacing must be a Pacing, None or 'auto', not {pacing!r:.30}")
        self.pacing: Pacing | None = pacing
        self._clock: Callable[[], float] = pacing.clock if pacing is not None else time.perf_counter
        #: decision number -> (seat, reason) of the bots' explained moves
        self._reasons: dict[int, tuple[int, Reason]] = {}
        #: faults during play, for the table to show as short notices: (translation key, parameters)
        self.notices: list[tuple[str, dict[str, Any]]] = []
        #: set when a decision failed inside the engine and no fallback worked: nobody is asked
        #: to decide any more (the game stays as it was before the failing decision)
        self.halted = False

    # -- state -------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while a bot is thinking (or its answer is held, R9.1)."""
        return bool(self._jobs)

    @property
    def think_started(self) -> float | None:
        """When the decision shown as "thinking" came up (the controller's clock), or None."""
        return self._jobs[0].started if self._jobs else None

    @property
    def _future(self) -> Future[Any] | None:
        """The first outstanding bot answer (tests wait on it)."""
        return self._jobs[0].future if self._jobs else None

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def thinking_seat(self) -> int | None:
        """The seat shown as thinking: the first one asked and not yet answered (never chosen by
        whether its bot is still searching, which would tell a forced choice from a real one)."""
        return self._jobs[0].seat if self._jobs else None

    def pending_humans(self) -> list[Decision]:
        """Decisions waiting for a human, in seat order."""
        if self.halted:
            return []
        return [d for d in self.game.pending() if d.seat in self.human_seats]

    def view_for(self, viewer: int | None) -> PlayerView:
        return self.game.view(viewer)

    def log_lines(self, viewer: int | None) -> list[LogLine]:
        """The game log for ``viewer`` with bots' reasons after the lines their decision produced."""
        return self._log_from(self.game, viewer)

    def _log_from(self, game: Game, viewer: int | None) -> list[LogLine]:
        """The lines ``viewer`` may read (R9), grouped by round and phase, each bot's reason on
        the line of its move (see :mod:`.gamelog`)."""
        from .gamelog import build_log

        return build_log(game.events_for(viewer), game.names, self._reasons, upto=game.decisions)

    def event_log(self, event: GameEvent, viewer: int | None) -> list[LogLine]:
        """The log as it stood right after ``event``."""
        return self._log_from(event.snapshot, viewer)

    # -- decisions ---------------------------------------------------------------------

    def submit(self, seat: int, action: PlayerAction | str) -> GameEvent:
        """Apply a human decision now (the engine validates; raises RulesError)."""
        decision = self.game.decision_for(seat)
        if decision is None or self.halted:
            raise IllegalActionError(f"seat {seat} has no decision to make")
        try:
            events = self._apply(seat, action)
        except (IllegalActionError, MalformedActionError):
            raise
        except Exception as exc:  # a fault inside the engine: the game stops here, the window goes on
            self._halt(seat, "a player's decision")
            raise RulesError("the game cannot go on") from exc
        act = self._normalised(action)
        return self._record(seat, decision.kind, act, None, tuple(events), by_bot=False)

    def _apply(self, seat: int, action: PlayerAction | str) -> tuple[Event, ...]:
        """``game.apply`` that leaves the game as it was when the engine fails inside a decision
        (a refused action changes nothing anyway; an engine fault may stop half-way)."""
        backup = self.game.clone()
        try:
            return self.game.apply(seat, action)
        except (IllegalActionError, MalformedActionError):
            raise
        except BaseException:
            _restore(self.game, backup)
            raise

    def _halt(self, seat: int, what: str) -> None:
        log.exception("%s in seat %d failed inside the engine; the game stops here", what, seat)
        self.halted = True
        self.notices.append(("notice.game_halted", {}))

    @staticmethod
    def _normalised(action: PlayerAction | str) -> PlayerAction:
        from ..rules import parse_action

        return parse_action(action) if isinstance(action, str) else action

    def _record(self, seat: int, kind: DecisionKind, action: PlayerAction, reason: Reason | None,
                events: tuple[Event, ...], *, by_bot: bool) -> GameEvent:
        # A reason for a hidden choice (dice selection, kept tile) would leak it: not shown.
        hidden_choice = kind in (DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE) and not self._open_choice()
        if reason is not None and not hidden_choice:
            self._reasons[self.game.decisions] = (seat, reason)
        ev = GameEvent(seat, kind, action, reason, self.game.clone(), by_bot, events)
        if self.on_decision is not None:
            try:
                self.on_decision(ev)
            except Exception:  # an autosave failure must not stop the game; it is logged and shown
                log.exception("after-decision hook failed")
                self.notices.append(("notice.after_move_failed", {}))
        return ev

    def _open_choice(self) -> bool:
        return False

    def _next_bot_decision(self) -> Decision | None:
        for d in self.game.pending():
            if d.seat in self.bots:
                return d
        return None

    def _start_bot(self) -> None:
        if self.halted:
            return
        now = self._clock()
        asked = {j.seat for j in self._jobs}
        for d in self.game.pending():
            if d.seat not in self.bots or d.seat in asked:
                continue
            held = self.pacing is not None and self.pacing.holds(d.kind)
            if self._jobs and not (held and all(j.held for j in self._jobs)):
                break  # one at a time, except the held decisions of one simultaneous step
            self._submit(d, now, held)
            if not held:
                break

    def _step(self, seat: int) -> tuple[Any, ...]:
        """What a held answer belongs to: the seat's decision in this step of the game."""
        g = self.game
        p = g.seats[seat]
        return (g.round, g.phase, g.stage, g.act_action, g.act_pos, tuple(p.hand),
                None if p.roll is None else tuple(p.roll), tuple(g.drawn))

    def _submit(self, d: Decision, now: float, held: bool) -> None:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="tortuga-bot")
        view = self.game.view(d.seat)
        bot = self.bots[d.seat]
        release = now
        future: Future[Any]
        decide_by = getattr(bot, "decide_by", None)
        if held and self.pacing is not None:
            hold = self.pacing.hold(str(self.seats[d.seat].kind))
            release = now + hold
        if held and callable(decide_by):
            # the search stops in time for the release (the bot's own clock is perf_counter)
            assert self.pacing is not None
            future = self._pool.submit(decide_by, view, self.pacing.bot_deadline(release))
        else:
            future = self._pool.submit(bot.decide, view)
        job = _Job(d.seat, d.kind, future, now, release, self.game.decisions, self._step(d.seat), held)
        clock = self._clock

        def arrived(_f: Future[Any]) -> None:
            job.done_at = clock()

        future.add_done_callback(arrived)
        self._jobs.append(job)

    def _ready(self) -> _Job | None:
        """The answered job whose release time has come (the earliest), if any."""
        now = self._clock()
        ready = [j for j in self._jobs if j.future.done() and now >= j.release_at]
        return min(ready, key=lambda j: j.release_at) if ready else None

    def _finish_bot(self, job: _Job) -> GameEvent | None:
        self._jobs.remove(job)
        seat = job.seat
        decision = self.game.decision_for(seat)
        if decision is None or decision.kind != job.kind:
            return None  # the game moved on (e.g. a load); drop the stale answer
        if (self._step(seat) != job.step) if job.held else (self.game.decisions != job.decisions):
            return None
        if job.held and self.pacing is not None and job.done_at is not None and job.done_at > job.release_at:
            self.pacing.late += 1
        fut = job.future
        reason: Reason | None
        try:
            choice = fut.result()
            action, reason = choice.action, choice.reason
            events = self._apply(seat, action)
        except Exception:
            # A broken bot must not break the game: the fault is logged with its traceback and
            # shown as a notice, and the seat plays a random legal move (the documented fallback).
            log.exception("computer player in seat %d (%s) failed; it plays a random legal move",
                          seat, self.seats[seat].kind)
            self.notices.append(("notice.bot_failed", {"name": self.seats[seat].name}))
            try:
                action = self.game.random_action(seat, random.Random(self.game.decisions * 7919 + seat))
                reason = None
                events = self._apply(seat, action)
            except Exception:  # the engine itself fails here: stop asking, keep the window alive
                self._halt(seat, "the random fallback move")
                return None
        return self._record(seat, decision.kind, action, reason, tuple(events), by_bot=True)

    def poll(self, start_new: bool = True, budget_s: float = 0.0) -> list[GameEvent]:
        """Apply finished bot decisions whose release time has come; start the next bot when
        ``start_new``.

        With ``budget_s`` > 0 the call may wait for bots and chain several decisions for up to
        that long (used at ``--speed instant``); otherwise it never blocks.
        """
        events: list[GameEvent] = []
        deadline = self._clock() + budget_s
        while True:
            if self._jobs:
                job = self._ready()
                if job is None:
                    remaining = deadline - self._clock()
                    waiting = next((j for j in self._jobs if not j.future.done()), None)
                    if waiting is not None and remaining > 0:
                        # only waiting here: the bot's own error is taken up by _finish_bot
                        with contextlib.suppress(Exception):
                            waiting.future.result(timeout=remaining)
                    job = self._ready()
                if job is None:
                    break
                ev = self._finish_bot(job)
                if ev is not None:
                    events.append(ev)
            if self.game.is_over or not start_new:
                break
            self._start_bot()
            if not self._jobs or self._clock() >= deadline:
                break
        return events

    def close(self) -> None:
        """Stop the worker thread (an unfinished bot answer is dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._jobs = []


def _restore(game: Game, backup: Game) -> None:
    """Put ``backup``'s state (an independent clone) back into ``game`` in place: the save data and
    the scenes hold ``game`` itself."""
    for name in State.__slots__:
        if name != "__weakref__":
            setattr(game, name, getattr(backup, name))


def demo_seats(players: int, seed: int, levels: tuple[str, ...] | None = None) -> list[Any]:
    """Seat configs for a bots-only demo game."""
    names = ("Anne Bonny", "Calico Jack", "Mary Read", "Blackbeard")
    lv = levels or ("normal", "easy", "normal", "easy")
    return [SeatConfig(name=names[i], kind=lv[i % len(lv)], colour=i, bot_seed=seed * 10 + i) for i in range(players)]


__all__ = ["BOT_KINDS", "GameController", "GameEvent", "LogLine", "SeatConfig", "demo_seats"]
