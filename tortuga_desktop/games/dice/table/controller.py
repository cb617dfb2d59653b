"""LocalTableSource: the table source of a game played on this computer (solo, hot-seat, the
tutorial's scripted game). It owns the ``Game``, runs bots off the frame loop, applies decisions;
the table sees the game only through the :class:`~.source.TableSource` interface (views, events,
prompts, moves of the seats this screen may show), never the ``Game``.

The game state never depends on animation timing: decisions are applied to ``game`` the
moment they are known; the table scene animates afterwards from the moves returned by
:meth:`LocalTableSource.poll`.  The program's bots think in a worker process
(:func:`tortuga_desktop.shell.thinkhost.shared_host`, running :mod:`tortuga_desktop.games.dice.ai.tasks`: the window's process never waits for their
search); injected bots (tests) in a single worker thread (``ThreadPoolExecutor(1)``);
``poll`` applies finished bot decisions on the main thread.

Pacing: ``poll(start_new=False)`` collects finished work but does not ask the next bot,
which is how the table holds the game while an animation plays.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

from tortuga_desktop import thinking
from tortuga_desktop.games.dice.ai import Reason, make_bot
from tortuga_desktop.games.dice.ai import tasks as think_tasks
from tortuga_desktop.games.dice.ai.evaluate import decision_number, position_seed
from tortuga_desktop.games.dice.rules import (
    Decision,
    DecisionKind,
    Game,
    IllegalActionError,
    MalformedActionError,
    PlayerAction,
    PlayerView,
    RulesError,
    parse_action,
    replay,
)
from tortuga_desktop.games.dice.rules.codec import parse_roll
from tortuga_desktop.games.dice.rules.events import Event
from tortuga_desktop.games.dice.rules.prompt import SeatPrompt, seat_prompt
from tortuga_desktop.games.dice.rules.record import GameRecord
from tortuga_desktop.games.dice.rules.state import Outcome, State
from tortuga_desktop.games.dice.table import pacing as pacing_mod
from tortuga_desktop.games.dice.table.follow import last_decision
from tortuga_desktop.games.dice.table.gamelog import build_log
from tortuga_desktop.games.dice.table.pacing import Pacing
from tortuga_desktop.games.dice.table.savefile import SaveData
from tortuga_desktop.games.dice.table.source import LogLine, SeatRecord, Shown, TableMove, Viewer, ViewerError
from tortuga_desktop.shell.levels import ALL_LEVELS
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.thinkhost import shared_host

log = logging.getLogger(__name__)

BOT_KINDS = ALL_LEVELS
#: a computer player that fails this many times in a row stops the game before its move (one notice)
MAX_BOT_FAULTS = 3


class Answer(Protocol):
    """A computer player's answer as the table reads it (an ``ai.BotChoice``): the action and why
    (None: no reason to show)."""

    @property
    def action(self) -> PlayerAction: ...

    @property
    def reason(self) -> Reason | None: ...


class TableBot(Protocol):
    """A computer player at this table (``ai.make_bot``'s, or a test's or the tutorial's): it decides
    from its seat's view; one that can stop its search in time also has ``decide_by(view, deadline)``."""

    def decide(self, view: PlayerView) -> Answer: ...


@dataclass
class _Job:
    """A computer player's decision being thought about (or held, R9.1) on the worker thread."""

    seat: int
    kind: DecisionKind
    future: Future[Answer]
    #: when the decision came up and when its answer may be shown (the controller's clock)
    started: float
    release_at: float
    #: the game's decision count when asked; a held answer instead belongs to its step
    decisions: int
    step: tuple[object, ...]
    held: bool
    #: when the answer arrived (set on the worker thread)
    done_at: float | None = None


class LocalTableSource:
    """Runs one game on this computer (a :class:`~.source.TableSource`): bots in a worker thread,
    humans through :meth:`submit`.

    Pacing (R9.1): in a game someone watches (any seat not a computer player), a computer
    player's answer to a decision that can be forced is held until a release time drawn when
    the decision came up (see :mod:`.pacing`); simultaneous ones (the dice selections of one
    roll step) are all asked at once, each with its own release time. ``pacing`` injects a
    :class:`~.pacing.Pacing` (a clock and a random source) or None for none; by default a game
    with a watcher gets one.
    """

    def __init__(self, game: Game, seats: Sequence[SeatConfig], *, bot_factory: Callable[[str, int], TableBot | None] | None = None,
                 pacing: Pacing | None | str = "auto") -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seat configs for a {game.players}-player game")
        self.game = game
        self.seats = list(seats)
        factory = bot_factory or make_bot
        #: the program's own bots think in a worker process (shell/thinkhost.py), never on a thread
        #: of the window's process; injected bots (tests) run on the thread
        self._in_process = bot_factory is None and thinking.ENABLED
        #: the computer players by seat (a factory's None: that seat is never asked, e.g. a finished game's)
        made = {i: factory(s.kind, int(s.bot_seed)) for i, s in enumerate(self.seats) if s.kind != "human"}
        self.bots: dict[int, TableBot] = {i: bot for i, bot in made.items() if bot is not None}
        self.human_seats: list[int] = [i for i, s in enumerate(self.seats) if s.kind == "human"]
        self.on_decision: Callable[[TableMove], None] | None = None
        #: the saved game this table plays (autosaved, archived, Ctrl+S), when it has one
        #: (:class:`~.session.GameSession`); a demo or a test game has none
        self.save_data: SaveData | None = None
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
        self.notices: list[tuple[str, dict[str, str | int]]] = []
        #: set when a decision failed inside the engine and no fallback worked: nobody is asked
        #: to decide any more (the game stays as it was before the failing decision)
        self.halted = False
        #: per computer seat: its faults in a row (see :meth:`_bot_fault`); seats whose fault was logged in full
        self._faults: dict[int, int] = {}
        self._logged: set[int] = set()
        #: notices shown once per game
        self._told: set[str] = set()
        self._opened_at = int(game.decisions)
        #: each human seat's latest prompt, with the game's decision count when it was made
        self._prompts: dict[int, tuple[int, SeatPrompt]] = {}

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
    def _future(self) -> Future[Answer] | None:
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
        """Decisions waiting for a human, in seat order (same as :meth:`waiting`)."""
        return self.waiting()

    def waiting(self) -> list[Decision]:
        """Decisions waiting for a seat at this screen (a human), in seat order."""
        if self.halted:
            return []
        return [d for d in self.game.pending() if d.seat in self.human_seats]

    def waiting_for(self) -> list[int]:
        """Seats elsewhere the game waits for: none in a local game."""
        return []

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def viewers(self) -> frozenset[Viewer]:
        """The humans' seats and the public viewer (None): all this screen may show."""
        return frozenset([None, *self.human_seats])

    def _check_viewer(self, viewer: Viewer) -> None:
        if viewer not in self.viewers:
            raise ViewerError(f"viewer {viewer!r} is not shown at this table")

    def view(self, viewer: Viewer) -> PlayerView:
        """The game now as ``viewer`` sees it (a human here or the public)."""
        self._check_viewer(viewer)
        return self.game.view(viewer)

    def events_for(self, viewer: Viewer) -> list[Event]:
        """Every event ``viewer`` may see so far."""
        self._check_viewer(viewer)
        return self.game.events_for(viewer)

    def view_for(self, viewer: int | None) -> PlayerView:
        return self.view(viewer)

    def log(self, viewer: Viewer, move: TableMove | None = None) -> list[LogLine]:
        """The lines ``viewer`` may read (R9), grouped by round and phase, each bot's reason on
        the line of its move (see :mod:`.gamelog`): now, or as they stood right after ``move``."""
        if move is None:
            return build_log(self.events_for(viewer), self.game.names, self._reasons, upto=self.game.decisions)
        return build_log(move.events_for(viewer), self.game.names, self._reasons, upto=move.decisions)

    def log_lines(self, viewer: int | None) -> list[LogLine]:
        """The game log for ``viewer`` now (see :meth:`log`)."""
        return self.log(viewer)

    @property
    def decisions(self) -> int:
        return int(self.game.decisions)

    def search_seed(self, seat: int) -> int:
        """The review's seed for ``seat``'s decision now (:func:`~..ai.evaluate.position_seed` of
        :func:`~..ai.evaluate.decision_number`: in a roll step, not counting the others' confirmations)."""
        return position_seed(self.game.seed, decision_number(self.game.view(None)), seat)

    def last_decision(self, seat: int) -> int:
        """The decision count right after ``seat``'s latest decision (from the game's history;
        without it, the count when this source opened)."""
        if self.game.has_history:
            return last_decision(self.game.actions_log, seat)
        return self._opened_at

    def prompt(self, seat: int) -> SeatPrompt:
        """``seat``'s prompt now, with its events since its previous prompt at another moment
        of the game (asking twice at the same moment gives the same prompt)."""
        if seat not in self.human_seats:
            raise ViewerError(f"seat {seat} is not played at this table")
        last = self._prompts.get(seat)
        if last is not None and last[0] == self.game.decisions:
            return last[1]
        p = seat_prompt(self.game, seat, last[1].seen if last is not None else 0)
        self._prompts[seat] = (self.game.decisions, p)
        return p

    def outcome(self) -> Outcome | None:
        """Scores and winners once the game is over (R8)."""
        return self.game.outcome()

    def game_record(self) -> GameRecord | None:
        """The whole game's record (a local game may be replayed in full), None without its history."""
        try:
            return self.game.record()
        except RulesError:
            return None

    def reasons(self) -> dict[int, tuple[int, Reason]]:
        """The bots' explained moves (hidden choices left out): decision -> (seat, reason)."""
        return dict(self._reasons)

    def record(self, seat: int) -> SeatRecord:
        """``seat``'s record: its prompt at each moment it had a decision open, and its actions,
        rebuilt by replaying the game's record (raises RulesError when the game does not hold its
        whole history: an older save)."""
        rec = self.game.record()
        g = replay(GameRecord(rec.format, rec.rules_version, rec.seed, rec.players, rec.names,
                              rec.start_player, rec.long_game, ()))
        prompts: list[SeatPrompt] = []
        actions: list[PlayerAction] = []
        since = 0

        def look() -> None:
            nonlocal since
            if g.decision_for(seat) is not None:
                p = seat_prompt(g, seat, since)
                if not prompts or prompts[-1].view != p.view:
                    prompts.append(p)
                    since = p.seen

        look()
        for who, text in rec.entries:
            faces = parse_roll(text)
            if faces is not None:
                g.set_roll(who, faces)
            else:
                g.apply(who, text)
                if who == seat:
                    actions.append(self._normalised(text))
            look()
        return SeatRecord(seat, tuple(g.names), tuple(prompts), tuple(actions))

    # -- decisions ---------------------------------------------------------------------

    def submit(self, seat: int, action: PlayerAction | str) -> TableMove:
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
        return parse_action(action) if isinstance(action, str) else action

    def _record(self, seat: int, kind: DecisionKind, action: PlayerAction, reason: Reason | None,
                events: tuple[Event, ...], *, by_bot: bool) -> TableMove:
        # A reason for a hidden choice (dice selection, kept tile) would leak it: not shown.
        hidden_choice = kind in (DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE) and not self._open_choice()
        if reason is not None and not hidden_choice:
            self._reasons[self.game.decisions] = (seat, reason)
        # A hidden choice (a roll's selection, a kept tile) of a seat played elsewhere is not handed
        # to this screen; the seat's own moves at this screen are known here anyway.
        secret = kind in (DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE) and seat not in self.human_seats
        ev = self._move(seat, kind, None if secret else action, None if hidden_choice else reason, by_bot=by_bot)
        if self.on_decision is not None:
            try:
                self.on_decision(ev)
            except Exception:  # an autosave failure must not stop the game; it is logged and shown
                log.exception("after-decision hook failed")
                self.notices.append(("notice.after_move_failed", {}))
        return ev

    def _move(self, seat: int, kind: DecisionKind, action: PlayerAction | None, reason: Reason | None, *,
              by_bot: bool) -> TableMove:
        """The move just applied, as the allowed viewers see it right after it (the views are made
        when first asked, from a private copy of the game)."""
        snap = self.game.clone()

        def shown(viewer: Viewer) -> Shown:
            return Shown(snap.view(viewer), tuple(snap.events_for(viewer)))

        return TableMove(seat, kind, action, reason, snap.decisions, snap.is_over, self.viewers, shown, by_bot)

    def _open_choice(self) -> bool:
        return False

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

    def _step(self, seat: int) -> tuple[object, ...]:
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
        future: Future[Answer]
        decide_by = getattr(bot, "decide_by", None)
        if held and self.pacing is not None:
            hold = self.pacing.hold(str(self.seats[d.seat].kind))
            release = now + hold
        if self._in_process:  # the seat's view, level and seed go to the worker, nothing more
            pool = shared_host()
            pool.on_crash = lambda _func: self._notice_once("notice.thinker_restarted", {})
            stop_at = self.pacing.bot_deadline(release) if held and self.pacing is not None else None
            seat = self.seats[d.seat]
            future = think_tasks.submit_decision(pool, str(seat.kind), int(seat.bot_seed), view, stop_at)
            if pool.fallback and not pool.fallback_told:  # once for the program: workers cannot run here
                pool.fallback_told = True
                self.notices.append(("notice.thinking_on_thread", {}))
        elif held and callable(decide_by):
            # the search stops in time for the release (the bot's own clock is perf_counter)
            assert self.pacing is not None
            future = self._pool.submit(decide_by, view, self.pacing.bot_deadline(release))
        else:
            future = self._pool.submit(bot.decide, view)
        job = _Job(d.seat, d.kind, future, now, release, self.game.decisions, self._step(d.seat), held)
        clock = self._clock

        def arrived(_f: Future[Answer]) -> None:
            job.done_at = clock()

        future.add_done_callback(arrived)
        self._jobs.append(job)

    def _ready(self) -> _Job | None:
        """The answered job whose release time has come (the earliest), if any."""
        now = self._clock()
        ready = [j for j in self._jobs if j.future.done() and now >= j.release_at]
        return min(ready, key=lambda j: j.release_at) if ready else None

    def _finish_bot(self, job: _Job) -> TableMove | None:
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
        except Exception as exc:  # its thinking failed (or the worker running it)
            self._bot_fault(seat, exc)
            return None
        try:
            events = self._apply(seat, action)
        except (IllegalActionError, MalformedActionError) as exc:  # it answered something not allowed
            self._bot_fault(seat, exc)
            return None
        except Exception:  # the engine itself failed: stop asking, keep the window alive
            self._halt(seat, "a computer player's move")
            return None
        self._faults.pop(seat, None)
        return self._record(seat, decision.kind, action, reason, tuple(events), by_bot=True)

    def _bot_fault(self, seat: int, exc: BaseException) -> None:
        """A computer player failed to decide: it is asked again (a bot's decision depends only on
        its view and seed, so a passing fault, e.g. a worker that died, goes away); after
        :data:`MAX_BOT_FAULTS` faults in a row the game stops before its move, with one notice. It
        never plays a random move. The first fault of a seat is logged with its traceback, later
        ones in one line each."""
        faults = self._faults[seat] = self._faults.get(seat, 0) + 1
        kind = self.seats[seat].kind
        if seat not in self._logged:
            self._logged.add(seat)
            log.error("computer player in seat %d (%s) failed; it is asked again", seat, kind, exc_info=exc)
        else:
            log.warning("computer player in seat %d (%s) failed again (%d in a row): %s", seat, kind, faults,
                        type(exc).__name__)
        if faults >= MAX_BOT_FAULTS:
            log.error("computer player in seat %d (%s) failed %d times in a row; the game stops here",
                      seat, kind, faults)
            self.halted = True
            self.notices.append(("notice.bot_stopped", {"name": self.seats[seat].name}))

    def _notice_once(self, key: str, params: dict[str, str | int]) -> None:
        if key not in self._told:
            self._told.add(key)
            self.notices.append((key, params))

    def poll(self, start_new: bool = True, budget_s: float = 0.0) -> list[TableMove]:
        """Apply finished bot decisions whose release time has come; start the next bot when
        ``start_new``.

        With ``budget_s`` > 0 the call may wait for bots and chain several decisions for up to
        that long (used at ``--speed instant``); otherwise it never blocks.
        """
        events: list[TableMove] = []
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
        for job in self._jobs:  # a worker process still thinking for this game stops at once
            job.future.cancel()
        self._jobs = []


def _restore(game: Game, backup: Game) -> None:
    """Put ``backup``'s state (an independent clone) back into ``game`` in place: the save data and
    the scenes hold ``game`` itself."""
    for name in State.__slots__:
        if name != "__weakref__":
            setattr(game, name, getattr(backup, name))


def finished_source(game: Game, seats: Sequence[SeatConfig] | None = None) -> LocalTableSource:
    """The table source of a finished game read from a file or the statistics (for the results
    screen): nobody is asked anything (no computer players are made). ``seats`` None: seats
    named after the game's players, in seat colours."""
    if not game.is_over:
        raise ValueError("the game is not over")
    configs = list(seats) if seats else [SeatConfig(name=n, kind="normal", colour=i) for i, n in enumerate(game.names)]
    return LocalTableSource(game, configs, bot_factory=lambda _kind, _seed: None, pacing=None)


def demo_seats(players: int, seed: int, levels: tuple[str, ...] | None = None) -> list[SeatConfig]:
    """Seat configs for a bots-only demo game."""
    names = ("Anne Bonny", "Calico Jack", "Mary Read", "Blackbeard")
    lv = levels or ("normal", "easy", "normal", "easy")
    return [SeatConfig(name=names[i], kind=lv[i % len(lv)], colour=i, bot_seed=seed * 10 + i) for i in range(players)]


#: The former name (tests and scripts use it).
GameController = LocalTableSource

__all__ = ["BOT_KINDS", "GameController", "LocalTableSource", "LogLine", "SeatConfig", "TableMove", "demo_seats", "finished_source"]
