"""LocalTableSource: the table source of a game played on this computer (solo, hot-seat, the
tutorial's scripted game): the shell's :class:`~tortuga_desktop.shell.table.LocalTable` running the
dice game's :class:`~tortuga_desktop.games.dice.engine.DiceEngine`, seen through the dice table's
:class:`~.source.TableSource` (views, events, prompts and moves of the seats this screen may show).

The shell's table owns the game's course: it asks the computer players (in a home of the program's
thinking host, :func:`tortuga_desktop.shell.thinkhost.shared_host`; injected players of tests and the
tutorial on a thread), paces their answers (R9.1, with this game's :class:`~.pacing.Pacing`), carries
out every decision, reports faults and stops the game on a fault inside the engine. This source adds
what the dice table shows: what each allowed viewer saw right after each move (the scene animates from
the view before to the view after), the bots' reasons by decision, the game log, the seats' prompts
and records, and the seed a hint's search uses.

The game state never depends on animation timing: decisions are applied the moment they are known;
the table scene animates afterwards from the moves :meth:`LocalTableSource.poll` returns.
``poll(start_new=False)`` collects finished work but asks no computer player anew, which is how the
table holds the game while an animation plays.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from tortuga_desktop import thinking
from tortuga_desktop.games.dice.ai import Reason, make_bot
from tortuga_desktop.games.dice.ai.evaluate import decision_number, position_seed
from tortuga_desktop.games.dice.engine import FACTORY, DiceEngine, DicePlayer
from tortuga_desktop.games.dice.rules import (
    Decision,
    DecisionKind,
    Game,
    IllegalActionError,
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
from tortuga_desktop.shell.engine import ActionRefused, ComputerPlayer
from tortuga_desktop.shell.levels import ALL_LEVELS
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.table import BotSpec, LocalTable, Move

log = logging.getLogger(__name__)

BOT_KINDS = ALL_LEVELS
#: the hidden choices: another seat's is not shown, nor a computer player's reason for one (it would tell it)
HIDDEN_KINDS = frozenset({DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE})


class Answer(Protocol):
    """A computer player's answer as the table reads it (an ``ai.BotChoice``): the action and why
    (None: no reason to show)."""

    @property
    def action(self) -> PlayerAction: ...

    @property
    def reason(self) -> Reason | None: ...


class TableBot(Protocol):
    """A computer player at this table (``ai.make_bot``'s, or a test's or the tutorial's): it decides
    from its seat's view among the legal actions it is handed; one that can stop its search in time
    also has ``decide_by(view, deadline, legal)``."""

    def decide(self, view: PlayerView, legal: Sequence[PlayerAction] | None = None) -> Answer: ...


class _TableEngine(DiceEngine):
    """The game as this table runs it: a decision that fails inside the rules leaves the game as it was
    before it (the save data and the scenes hold the ``Game`` itself), and the kind of the decision last
    carried out is kept for the move that reports it."""

    last_kind: DecisionKind | None = None

    def apply(self, seat: int, action: PlayerAction) -> None:
        self._check_seat(seat)
        d = self.game.decision_for(seat)
        backup = self.game.clone()
        try:
            super().apply(seat, action)
        except ActionRefused:
            raise
        except BaseException:
            _restore(self.game, backup)
            raise
        self.last_kind = d.kind if d is not None else None


class LocalTableSource:
    """Runs one game on this computer (a :class:`~.source.TableSource` over the shell's
    :class:`~tortuga_desktop.shell.table.LocalTable`).

    Computer seats: the program's bots (by the seat's level and seed, in the thinking host's worker
    process); or ``bot_factory(kind, seed)``'s, or ``bots`` by seat, which think on a thread of this
    process (tests, the tutorial's scripted players; a factory's None: that seat is never asked, e.g. a
    finished game's). Tests that switch worker processes off (:data:`tortuga_desktop.thinking.ENABLED`)
    get the program's bots deciding inside :meth:`poll`. ``think`` chooses otherwise ("thread", "inline").

    Pacing (R9.1): in a game someone watches (any seat not a computer player), a computer player's
    answer to a decision that can be forced is held until a release time drawn when the decision came
    up (see :mod:`.pacing`); simultaneous ones (the dice selections of one roll step) are all asked at
    once, each with its own release time. ``pacing`` injects a :class:`~.pacing.Pacing` (a clock and a
    random source) or None for none; by default a game with a watcher gets one. ``clock``: the clock of
    the thinking indicator (:attr:`think_started`) and of the holds (default: the pacing's, else
    ``time.perf_counter``).
    """

    def __init__(self, game: Game, seats: Sequence[SeatConfig], *,
                 bot_factory: Callable[[str, int], TableBot | None] | None = None,
                 bots: Mapping[int, TableBot] | None = None, pacing: Pacing | None | str = "auto",
                 think: str | None = None, clock: Callable[[], float] | None = None) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seat configs for a {game.players}-player game")
        self.seats = list(seats)
        self.human_seats: list[int] = [i for i, s in enumerate(self.seats) if s.kind == "human"]
        computer = [i for i, s in enumerate(self.seats) if s.kind != "human"]
        if pacing == "auto":
            watched = any(s.kind not in BOT_KINDS for s in self.seats)
            pacing = Pacing() if watched and pacing_mod.ENABLED else None
        if pacing is not None and not isinstance(pacing, Pacing):
            raise ValueError(f"pacing must be a Pacing, None or 'auto', not {pacing!r:.30}")
        self.pacing: Pacing | None = pacing
        self._engine = _TableEngine(game)
        specs: dict[int, BotSpec] = {}
        if bot_factory is None and bots is None and thinking.ENABLED and think in (None, "process"):
            think = "process"  # the seat's view, level and seed go to the worker, nothing more
            specs = {i: BotSpec(FACTORY, str(self.seats[i].kind), int(self.seats[i].bot_seed)) for i in computer}
        else:
            made: dict[int, TableBot | None] = dict(bots or {})
            factory = bot_factory or (None if bots is not None else make_bot)
            for i in computer:
                if i not in made:
                    made[i] = factory(self.seats[i].kind, int(self.seats[i].bot_seed)) if factory else None
            injected = bot_factory is not None or bots is not None
            think = think or ("thread" if injected and any(b is not None for b in made.values()) else "inline")
            specs = {i: BotSpec(FACTORY, str(self.seats[i].kind), int(self.seats[i].bot_seed),
                                make=_maker(made[i], str(self.seats[i].kind))) for i in computer}
        self.table: LocalTable[PlayerView, PlayerAction, Event] = LocalTable(
            self._engine, names=[s.name for s in self.seats], kinds=[str(s.kind) for s in self.seats],
            humans=self.human_seats, bots=specs, think=think, pace=self._hold if pacing is not None else None,
            clock=clock or (pacing.clock if pacing is not None else time.perf_counter), on_move=self._after)
        self.table.bot_chat = False  # the dice game has no table talk
        self.on_decision: Callable[[TableMove], None] | None = None
        #: the saved game this table plays (autosaved, archived, Ctrl+S), when it has one
        #: (:class:`~.session.GameSession`); a demo or a test game has none
        self.save_data: SaveData | None = None
        #: decision number -> (seat, reason) of the bots' explained moves
        self._reasons: dict[int, tuple[int, Reason]] = {}
        self._opened_at = int(game.decisions)
        #: each human seat's latest prompt, with the game's decision count when it was made
        self._prompts: dict[int, tuple[int, SeatPrompt]] = {}
        #: the moves carried out in the running call, as :meth:`poll`/:meth:`submit` return them
        self._made: list[TableMove] = []

    # -- state -------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game (the local game's owner only: saves, the tutorial's coach; never a table scene)."""
        return self._engine.game

    @property
    def notices(self) -> list[tuple[str, dict[str, str | int]]]:
        return self.table.notices

    @property
    def halted(self) -> bool:
        """True once the game cannot go on: a fault inside the engine, or a computer player that kept
        failing (the game waits before its move)."""
        return self.table.halted or any(self.table.given_up(s) for s in range(self.players))

    @property
    def busy(self) -> bool:
        """True while a bot is thinking (or its answer is held, R9.1)."""
        return bool(self.table.thinking())

    @property
    def think_started(self) -> float | None:
        """When the decision shown as "thinking" came up (the pacing's clock), or None."""
        return self.table.think_started

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def thinking_seat(self) -> int | None:
        """The seat shown as thinking: the first one asked and not yet shown (never chosen by whether
        its bot is still searching, which would tell a forced choice from a real one)."""
        seats = self.table.thinking()
        return seats[0] if seats else None

    def pending_humans(self) -> list[Decision]:
        """Decisions waiting for a human, in seat order (same as :meth:`waiting`)."""
        return self.waiting()

    def waiting(self) -> list[Decision]:
        """Decisions waiting for a seat at this screen (a human), in seat order."""
        if self.table.halted:
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
        return self.table.viewers

    def view(self, viewer: Viewer) -> PlayerView:
        """The game now as ``viewer`` sees it (a human here or the public)."""
        return self.table.view(viewer)

    def events_for(self, viewer: Viewer) -> list[Event]:
        """Every event ``viewer`` may see so far."""
        return list(self.table.events_for(viewer))

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
        if seat not in self.human_seats or self.game.decision_for(seat) is None or self.table.halted:
            raise IllegalActionError(f"seat {seat} has no decision to make")
        act = self._normalised(action)
        try:
            self.table.submit(seat, act)
        except ActionRefused as exc:
            if self.table.halted:
                raise RulesError("the game cannot go on") from exc
            raise IllegalActionError(str(exc)) from None
        made, self._made = self._made, []
        return made[-1]

    @staticmethod
    def _normalised(action: PlayerAction | str) -> PlayerAction:
        return parse_action(action) if isinstance(action, str) else action

    def _hold(self, seat: int, level: str) -> tuple[float, float] | None:
        """R9.1: a decision that can be forced gets a release time, drawn without looking at its options; the
        bot is told to be done a little before it (:meth:`~.pacing.Pacing.bot_deadline`)."""
        assert self.pacing is not None
        d = self.game.decision_for(seat)
        if d is None or not self.pacing.holds(d.kind):
            return None
        hold = self.pacing.hold(level)
        return hold, self.pacing.bot_deadline(self.pacing.clock() + hold)

    def _after(self, move: Move[PlayerAction]) -> None:
        """The shell's table carried out a move: what each viewer here saw right after it, and the bot's reason."""
        kind = self._engine.last_kind
        assert kind is not None
        seat = move.seat
        by_bot = seat not in self.human_seats
        reason = move.reason if isinstance(move.reason, Reason) else None
        # A reason for a hidden choice (dice selection, kept tile) would leak it: not shown.
        hidden_choice = kind in HIDDEN_KINDS
        if reason is not None and not hidden_choice:
            self._reasons[self.game.decisions] = (seat, reason)
        # A hidden choice of a seat played elsewhere is not handed to this screen (the shell's table left it
        # out: DiceEngine.action_visible); the seat's own moves at this screen are known here anyway.
        secret = hidden_choice and seat not in self.human_seats
        made = self._move(seat, kind, None if secret else move.action, None if hidden_choice else reason,
                          by_bot=by_bot)
        self._made.append(made)
        self._decided(made)
        if self.on_decision is not None:
            self.on_decision(made)  # a fault here: logged and shown once by the shell's table

    def _decided(self, move: TableMove) -> None:
        """A move was carried out (the tutorial's scripted players hear of their own)."""

    def _move(self, seat: int, kind: DecisionKind, action: PlayerAction | None, reason: Reason | None, *,
              by_bot: bool) -> TableMove:
        """The move just applied, as the allowed viewers see it right after it (the views are made
        when first asked, from a private copy of the game)."""
        snap = self.game.clone()

        def shown(viewer: Viewer) -> Shown:
            return Shown(snap.view(viewer), tuple(snap.events_for(viewer)))

        return TableMove(seat, kind, action, reason, snap.decisions, snap.is_over, self.viewers, shown, by_bot)

    def poll(self, start_new: bool = True, budget_s: float = 0.0) -> list[TableMove]:
        """Apply finished bot decisions whose release time has come; start the next bot when
        ``start_new``.

        With ``budget_s`` > 0 the call may wait for bots and chain several decisions for up to
        that long (used at ``--speed instant``); otherwise it never blocks.
        """
        self.table.poll(budget_s, start_new=start_new)
        if self.pacing is not None:
            self.pacing.late = self.table.late
        made, self._made = self._made, []
        return made

    def wait(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for a computer player's answer (benches and tests that step
        frame by frame); the answer is carried out by the next :meth:`poll`."""
        self.table.wait(timeout)

    def close(self) -> None:
        """Stop the computer players (an unfinished answer is dropped)."""
        self.table.close()


def _maker(bot: TableBot | None, level: str) -> Callable[[str, int], ComputerPlayer[object, object, object]]:
    def make(_level: str, _seed: int) -> ComputerPlayer[object, object, object]:
        return DicePlayer.around(bot, level)  # type: ignore[return-value]

    return make


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

__all__ = ["BOT_KINDS", "HIDDEN_KINDS", "GameController", "LocalTableSource", "LogLine", "SeatConfig", "TableMove", "demo_seats", "finished_source"]
