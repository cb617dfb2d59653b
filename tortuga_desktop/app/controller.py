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
import random
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..rules import Decision, DecisionKind, Game, PlayerAction, RulesError, determinize

try:  # SeatConfig belongs to app/saves.py (another engineer); fall back to a local twin.
    from .saves import SeatConfig  # type: ignore[attr-defined]
except Exception:  # pragma: no cover - depends on the other module being present

    @dataclass
    class SeatConfig:  # type: ignore[no-redef]
        """Who sits in a seat: ``kind`` is "human", "easy", "normal" or "hard"."""

        name: str
        kind: str = "normal"
        colour: int = 0
        bot_seed: int = 0


BOT_KINDS = ("random", "easy", "normal", "hard")


@dataclass(frozen=True)
class LogLine:
    """One line of the game log as shown to a viewer; ``reason`` lines are a bot's explanation."""

    round: int
    text: str
    seat: int | None = None
    reason: bool = False


@dataclass
class GameEvent:
    """One applied decision: who did what, and the game right after it (a private snapshot)."""

    seat: int
    kind: DecisionKind
    action: PlayerAction
    reason: str
    snapshot: Game
    by_bot: bool = True
    log_start: int = 0
    log_end: int = 0
    _views: dict[int | None, dict[str, Any]] = field(default_factory=dict, repr=False)

    def view(self, viewer: int | None) -> dict[str, Any]:
        """The game after this event as ``viewer`` sees it (cached)."""
        if viewer not in self._views:
            self._views[viewer] = self.snapshot.view(viewer)
        return self._views[viewer]

    @property
    def is_over(self) -> bool:
        return self.snapshot.is_over


class _LocalRandomBot:
    """Fallback when tortuga_desktop.ai is not importable: random legal moves from the view."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def decide(self, view: dict[str, Any]) -> Any:
        rng = random.Random(hash((self.seed, view["decisions"], view["viewer"])) & 0xFFFFFFFF)
        g = determinize(view, rng.randrange(2**31))
        action = g.random_action(view["viewer"], rng)

        class _Choice:
            pass

        c = _Choice()
        c.action = action  # type: ignore[attr-defined]
        c.reason = ""  # type: ignore[attr-defined]
        return c


def _make_bot(level: str, seed: int) -> Any:
    try:
        from ..ai import make_bot

        return make_bot(level, seed)
    except Exception:
        return _LocalRandomBot(seed)


class GameController:
    """Runs one game: bots in a worker thread, humans through :meth:`submit`."""

    def __init__(self, game: Game, seats: list[Any], *, bot_factory: Callable[[str, int], Any] | None = None) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seat configs for a {game.players}-player game")
        self.game = game
        self.seats = list(seats)
        factory = bot_factory or _make_bot
        self.bots: dict[int, Any] = {
            i: factory(s.kind, int(s.bot_seed)) for i, s in enumerate(self.seats) if s.kind != "human"
        }
        self.human_seats: list[int] = [i for i, s in enumerate(self.seats) if s.kind == "human"]
        self.on_decision: Callable[[GameEvent], None] | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Any] | None = None
        self._future_seat: int | None = None
        self._future_decisions = -1
        self._reasons: dict[int, list[tuple[int, str]]] = {}  # log index -> [(seat, reason)]
        self.think_started: float | None = None
        self.errors: list[str] = []

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
        return [d for d in self.game.pending() if d.seat in self.human_seats]

    def view_for(self, viewer: int | None) -> dict[str, Any]:
        return self.game.view(viewer)

    def log_lines(self, viewer: int | None) -> list[LogLine]:
        """The game log for ``viewer`` with bots' reasons after the lines their decision produced."""
        return self._log_from(self.game, viewer)

    def _log_from(self, game: Game, viewer: int | None, end: int | None = None) -> list[LogLine]:
        entries = game.log_entries_for(viewer)
        if end is not None:
            entries = entries[:end]
        out: list[LogLine] = []
        for i, (rnd, text) in enumerate(entries):
            out.append(LogLine(rnd, text))
            for seat, reason in self._reasons.get(i + 1, ()):
                out.append(LogLine(rnd, reason, seat, True))
        return out

    def event_log(self, event: GameEvent, viewer: int | None) -> list[LogLine]:
        """The log as it stood right after ``event``."""
        return self._log_from(event.snapshot, viewer)

    # -- decisions ---------------------------------------------------------------------

    def submit(self, seat: int, action: PlayerAction | str) -> GameEvent:
        """Apply a human decision now (the engine validates; raises RulesError)."""
        before = len(self.game.log_entries_for(None))
        decision = self.game.decision_for(seat)
        if decision is None:
            from ..rules import IllegalActionError

            raise IllegalActionError(f"seat {seat} has no decision to make")
        self.game.apply(seat, action)
        act = action if not isinstance(action, str) else self._last_action(action)
        return self._record(seat, decision.kind, act, "", before, by_bot=False)

    @staticmethod
    def _last_action(text: str) -> PlayerAction:
        from ..rules import parse_action

        return parse_action(text)

    def _record(
        self, seat: int, kind: DecisionKind, action: PlayerAction, reason: str, before: int, *, by_bot: bool
    ) -> GameEvent:
        after = len(self.game.log_entries_for(None))
        # A reason for a hidden choice (dice selection, kept tile) would leak it: skip those.
        hidden_choice = kind in (DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE) and not self._open_choice()
        if reason and not hidden_choice:
            self._reasons.setdefault(max(after, before), []).append((seat, reason))
        ev = GameEvent(seat, kind, action, reason, self.game.clone(), by_bot, before, after)
        if self.on_decision is not None:
            try:
                self.on_decision(ev)
            except Exception as exc:  # an autosave failure must not stop the game
                self.errors.append(f"on_decision failed: {exc}")
        return ev

    def _open_choice(self) -> bool:
        return False

    def _next_bot_decision(self) -> Decision | None:
        for d in self.game.pending():
            if d.seat in self.bots:
                return d
        return None

    def _start_bot(self) -> None:
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
        assert fut is not None and seat is not None
        decision = self.game.decision_for(seat)
        if decision is None or self.game.decisions != self._future_decisions:
            return None  # the game moved on (e.g. a load); drop the stale answer
        before = len(self.game.log_entries_for(None))
        try:
            choice = fut.result()
            action, reason = choice.action, str(getattr(choice, "reason", "") or "")
            self.game.apply(seat, action)
        except (RulesError, Exception) as exc:  # a broken bot must not break the game
            self.errors.append(f"bot seat {seat}: {exc!r}")
            action = self.game.random_action(seat, random.Random(self.game.decisions * 7919 + seat))
            reason = ""
            self.game.apply(seat, action)
        return self._record(seat, decision.kind, action, reason, before, by_bot=True)

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


def demo_seats(players: int, seed: int, levels: tuple[str, ...] | None = None) -> list[Any]:
    """Seat configs for a bots-only demo game."""
    names = ("Anne Bonny", "Calico Jack", "Mary Read", "Blackbeard")
    lv = levels or ("normal", "easy", "normal", "easy")
    return [SeatConfig(name=names[i], kind=lv[i % len(lv)], colour=i, bot_seed=seed * 10 + i) for i in range(players)]


__all__ = ["BOT_KINDS", "GameController", "GameEvent", "LogLine", "SeatConfig", "demo_seats"]
