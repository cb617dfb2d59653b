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


class GameController:
    """Runs one game: bots in a worker thread, humans through :meth:`submit`."""

    def __init__(self, game: Game, seats: list[Any], *, bot_factory: Callable[[str, int], Any] | None = None) -> None:
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
        self._future: Future[Any] | None = None
        self._future_seat: int | None = None
        self._future_decisions = -1
        #: decision number -> (seat, reason) of the bots' explained moves
        self._reasons: dict[int, tuple[int, Reason]] = {}
        self.think_started: float | None = None
        #: faults during play, for the table to show as short notices: (translation key, parameters)
        self.notices: list[tuple[str, dict[str, Any]]] = []
        #: set when a decision failed inside the engine and no fallback worked: nobody is asked
        #: to decide any more (the game stays as it was before the failing decision)
        self.halted = False

    # -- state -------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while a bot is thinking."""
        return self._future is not None

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def thinking_seat(self) -> int | None:
        return self._future_seat if self._future is not None else None

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
        d = self._next_bot_decision()
        if d is None:
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="tortuga-bot")
        view = self.game.view(d.seat)
        bot = self.bots[d.seat]
        self._future = self._pool.submit(bot.decide, view)
        self._future_seat = d.seat
        self._future_decisions = self.game.decisions
        self.think_started = time.perf_counter()

    def _finish_bot(self) -> GameEvent | None:
        fut, seat = self._future, self._future_seat
        self._future = None
        self._future_seat = None
        if fut is None or seat is None:
            return None
        decision = self.game.decision_for(seat)
        if decision is None or self.game.decisions != self._future_decisions:
            return None  # the game moved on (e.g. a load); drop the stale answer
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
        """Apply finished bot decisions; start the next bot when ``start_new``.

        With ``budget_s`` > 0 the call may wait for bots and chain several decisions for up to
        that long (used at ``--speed instant``); otherwise it never blocks.
        """
        events: list[GameEvent] = []
        deadline = time.perf_counter() + budget_s
        while True:
            if self._future is not None:
                remaining = deadline - time.perf_counter()
                if not self._future.done() and remaining > 0:
                    # only waiting here: the bot's own error is taken up by _finish_bot
                    with contextlib.suppress(Exception):
                        self._future.result(timeout=remaining)
                if not self._future.done():
                    break
                ev = self._finish_bot()
                if ev is not None:
                    events.append(ev)
            if self.game.is_over or not start_new:
                break
            self._start_bot()
            if self._future is None or time.perf_counter() >= deadline:
                break
        return events

    def close(self) -> None:
        """Stop the worker thread (an unfinished bot answer is dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._future = None
        self._future_seat = None


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
