"""The Tortuga rules engine: :class:`Game`, a small facade over the state and the three phases.

The engine is a state machine driven by explicit player actions. At any moment
:meth:`Game.pending` says which seats must decide what, :meth:`Game.legal_actions`
lists their options and :meth:`Game.apply` carries one out (or raises without
changing anything). All chance goes through one seeded random source.

>>> game = Game.new(players=3, seed=7)
>>> game.phase
<Phase.DICE: 'dice'>
>>> game.phase == "dice"
True
>>> sorted(d.seat for d in game.pending())
[0, 1, 2]

Modules: :mod:`.state` (data), :mod:`.dice_phase`, :mod:`.actions_phase`, :mod:`.move_phase`
(the rules of each phase), :mod:`.legal` (who decides what, legality), :mod:`.events` and
:mod:`.text` (what happened, and its English), :mod:`.codec` (JSON), :mod:`.record` (replays).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from . import actions_phase, dice_phase, legal, move_phase
from .actions import DecisionKind, Forfeit, PlayerAction, Target, parse_action
from .codec import load_state, parse_roll, roll_text, state_to_dict
from .components import DICE_GRIDS, MAX_ROUNDS, RULES_VERSION, SKULL
from .errors import (
    EngineLoopError,
    IllegalActionError,
    MalformedActionError,
    RulesError,
    SetupError,
    StateFormatError,
    UnreachableStateError,
)
from .events import ChestsDealt, DiceRolled, Event, GameEnded, RoundEnded, RoundStarted, StartPlayer, visible
from .invariants import check_assumptions
from .limits import check_names, check_seed
from .record import RECORD_FORMAT, GameRecord
from .scoring import Score, score_seat
from .state import (
    ACTIONS,
    DICE,
    MOVE,
    OVER,
    SCHEMA_VERSION,
    SELECT,
    Decision,
    Outcome,
    Phase,
    Seat,
    Stage,
    State,
)
from .text import describe
from .views import PlayerView, player_view

__all__ = ["Game", "Seat", "Decision", "Outcome", "Phase", "Stage", "SCHEMA_VERSION", "check_reachable", "replay"]


def _check_seat(g: State, seat: object) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < g.players:
        raise MalformedActionError(f"no seat {seat!r:.30} in a {g.players}-player game")
    return seat


class Game(State):
    """The complete state of one game of Tortuga, and the way to play it."""

    __slots__ = ()

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(
        cls,
        players: int = 4,
        seed: int = 0,
        *,
        start_player: int | None = None,
        long_game: bool = False,
        names: Sequence[str] | None = None,
        log: bool = True,
        rules_version: int = RULES_VERSION,
    ) -> Game:
        """Set up a new game (R1). ``start_player`` None draws the start player at random (R1.5).

        Raises :class:`SetupError` for a bad player count, seed, start player, names or rules version.
        """
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise SetupError(f"Tortuga is for 2-4 players, not {players!r:.30}")
        problem = check_seed(seed)
        if problem:
            raise SetupError(problem)
        if start_player is not None and (
            not isinstance(start_player, int) or isinstance(start_player, bool) or not 0 <= start_player < players
        ):
            raise SetupError(f"start player must be a seat 0-{players - 1}, not {start_player!r:.30}")
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        names = list(names)
        problem = check_names(names, players)
        if problem:
            raise SetupError(problem)
        if not isinstance(rules_version, int) or isinstance(rules_version, bool) or rules_version not in DICE_GRIDS:
            raise SetupError(f"unknown rules version {rules_version!r:.30}")
        g = cls()
        g.players = players
        g.names = names
        g.long_game = bool(long_game)
        g.seed = seed
        g.start_choice = start_player
        g.logging = bool(log)
        g.rules_version = rules_version
        g.grid = DICE_GRIDS[rules_version]
        g.rng = random.Random(seed)
        g.seats = [Seat(g.grid) for _ in range(players)]
        g.start = g.rng.randrange(players) if start_player is None else start_player
        if g.logging:
            g.events.append(StartPlayer(1, 0, g.start))
        for s in g.order():  # R1.4
            p = g.seats[s]
            first = g.draw_chest()
            second = g.draw_chest()
            if first is not None:
                p.island.append(first)
            if second is not None:
                p.crew.append(second)
            if g.logging:
                g.events.append(ChestsDealt(1, 0, s, first, second))
        if g.logging:
            g.events.append(RoundStarted(1, 0, g.start))
        dice_phase.start_roll_step(g)
        return g

    # ------------------------------------------------------------ basic queries
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def events_for(self, viewer: int | None) -> list[Event]:
        """The events ``viewer`` may see (R9): public ones, its own private ones, and the
        public twins of others' private ones. ``None`` is a spectator."""
        return visible(self.events, viewer)

    def log_for(self, viewer: int | None) -> list[str]:
        """The English log as ``viewer`` may read it (R9): others' secrets redacted."""
        names = self.names
        return [t for t in (describe(e, names) for e in visible(self.events, viewer)) if t]

    @staticmethod
    def selections(p: Seat) -> list[tuple[int, ...]]:
        """Every valid selection of a seat's current roll (R3.2, R3.3), dice as sorted tuples."""
        return dice_phase.selections(p)

    @staticmethod
    def arrangements(chests: Sequence[int], cap: int) -> list[tuple[int, ...]]:
        """Distinct ordered choices of ``min(cap, len(chests))`` chests (R5.2)."""
        return move_phase.arrangements(chests, cap)

    def positions(self, action: int) -> list[int]:
        """Seats taking part in ``action``, best first (R4.2, R4.3)."""
        return actions_phase.positions(self, action)

    # ------------------------------------------------------------ decisions
    def pending(self) -> list[Decision]:
        """Every decision awaited now: several seats at once in simultaneous steps (R3.2, R5.2)."""
        return legal.pending(self)

    def to_move(self) -> list[int]:
        """Seats that must decide now."""
        return [d.seat for d in legal.pending(self)]

    def decision_for(self, seat: int) -> Decision | None:
        """The decision awaited from ``seat``, if any."""
        _check_seat(self, seat)
        if legal.kind_for(self, seat) is None:
            return None
        for d in legal.pending(self):
            if d.seat == seat:
                return d
        return None  # pragma: no cover

    def legal_actions(self, seat: int) -> list[PlayerAction]:
        """The legal actions of ``seat`` now (empty when it has nothing to decide)."""
        _check_seat(self, seat)
        kind = legal.kind_for(self, seat)
        if kind is None:
            return []
        return legal.options(self, seat, kind)

    def apply(self, seat: int, action: PlayerAction | str) -> tuple[Event, ...]:
        """Carry out ``seat``'s action; returns the events it caused (its own first; none with
        logging off). Raises and changes nothing when the action is malformed or illegal."""
        if isinstance(action, str):
            action = parse_action(action)
        _check_seat(self, seat)
        action = legal.well_formed(action)
        if self.phase == OVER:
            raise IllegalActionError("the game is over")
        kind = legal.kind_for(self, seat)
        if kind is None:
            waiting = ", ".join(f"{self.names[x.seat]} ({x.kind.value})" for x in legal.pending(self))
            raise IllegalActionError(f"{self.names[seat]} has nothing to decide now; waiting for {waiting}")
        if not legal.is_legal(self, seat, kind, action):
            raise IllegalActionError(legal.why_illegal(self, seat, kind, action))
        self.decisions += 1
        self.actions_log.append((seat, action.text()))
        n = len(self.events)
        self._apply(seat, kind, action)
        return tuple(self.events[n:])

    def random_action(self, seat: int, rng: random.Random) -> PlayerAction:
        """A random legal action for ``seat``, drawn cheaply (for simulations and playouts).

        Not uniform over the option list: a dice selection picks an action group first.
        """
        _check_seat(self, seat)
        kind = legal.kind_for(self, seat)
        if kind is None:
            raise IllegalActionError(f"{self.names[seat]} has nothing to decide now")
        return legal.random_for(self, seat, kind, rng)

    def playout(self, rng: random.Random, max_decisions: int = 1_000_000) -> int:
        """Play on with random decisions (as :meth:`random_action` draws them) until the game ends.

        The fast path for simulations and search rollouts: the same state transitions as
        :meth:`apply`, without re-validating actions it generated itself. Returns the number of
        decisions made.
        """
        n = 0
        kind_for, random_for, next_seat, apply_ = legal.kind_for, legal.random_for, legal.next_seat, self._apply
        record = self.actions_log
        while self.phase != OVER and n < max_decisions:
            seat = next_seat(self)
            kind = kind_for(self, seat)
            if kind is None:  # pragma: no cover - next_seat always names a deciding seat
                raise IllegalActionError("no decision pending in an unfinished game")
            action = random_for(self, seat, kind, rng)
            self.decisions += 1
            record.append((seat, action.text()))
            apply_(seat, kind, action)
            n += 1
        return n

    def _apply(self, seat: int, kind: DecisionKind, action: PlayerAction) -> None:
        if kind == DecisionKind.SELECT_DICE:
            done = dice_phase.confirm(self, seat, action.dice)  # type: ignore[union-attr]
        elif kind == DecisionKind.POSITION:
            if isinstance(action, Target):
                done = actions_phase.target(self, seat, action.seat)
            elif isinstance(action, Forfeit):
                done = actions_phase.forfeit(self, seat)
            else:
                done = actions_phase.act(self, seat)
        elif kind == DecisionKind.TAKE_CHEST:
            done = actions_phase.take_chest(self, int(action.chest))  # type: ignore[union-attr]
        elif kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW):
            chests = tuple(int(c) for c in action.chests)  # type: ignore[union-attr]
            done = move_phase.arrange(self, seat, kind == DecisionKind.ARRANGE_FLEET, chests)
        elif kind == DecisionKind.SKULL_ACTION:
            done = dice_phase.turn_skulls(self, seat, int(action.action))  # type: ignore[union-attr]
        elif kind == DecisionKind.BONUS_TILE:
            done = dice_phase.receive_bonus(self, seat, action)  # type: ignore[arg-type]
        else:  # KEEP_TILE
            done = actions_phase.keep_tile(self, seat, action.value)  # type: ignore[union-attr]
        if done:
            self._next_phase()

    def _next_phase(self) -> None:
        """The current phase has finished: start the next one(s) until a decision is due."""
        for _ in range(3 * (MAX_ROUNDS + 1)):  # bounded: three phases a round, and the rounds are capped
            ph = self.phase
            if ph == DICE:
                if not actions_phase.begin(self):
                    return
            elif ph == ACTIONS:
                if not move_phase.begin(self):
                    return
            elif ph == MOVE:
                if not self._end_round():
                    return
            else:  # pragma: no cover
                return
        raise EngineLoopError(f"no decision came up in {MAX_ROUNDS + 1} rounds of phases")

    def _end_round(self) -> bool:
        """R5.4 end check; returns True when the next round's dice phase ended at once."""
        best = max(len(p.tortuga) for p in self.seats)
        if best >= self.goal or self.round >= MAX_ROUNDS:  # R5.4, R5.5 safety cap
            self.phase = OVER
            self.stage = Stage.NONE
            self.capped = best < self.goal
            if self.logging:
                o = self.outcome()
                if o is not None:
                    self.events.append(GameEnded(self.round, self.decisions, tuple(sc.total for sc in o.scores), o.winners,
                                        o.capped))
            return False
        if self.logging:
            self.events.append(RoundEnded(self.round, self.decisions))
        self.round += 1
        self.start = (self.start + 1) % self.players
        self.phase = DICE
        if self.logging:
            self.events.append(RoundStarted(self.round, self.decisions, self.start))
        return dice_phase.start_roll_step(self)

    # ------------------------------------------------------------ scripted dice
    def set_roll(self, seat: int, faces: Sequence[int]) -> None:
        """Replace ``seat``'s current hidden roll with fixed faces (scenario tests, tutorials).

        ``faces`` gives one face per die in the hand (0-4 actions, 5 skull). Allowed only while
        the seat has not confirmed its selection in a roll step. The game's record keeps it, so
        such games replay too.
        """
        _check_seat(self, seat)
        p = self.seats[seat]
        if self.phase != DICE or self.stage != SELECT or seat not in self.rollers or p.selection is not None:
            raise IllegalActionError("a roll can only be set before its owner confirms a selection")
        faces = list(faces) if isinstance(faces, (list, tuple)) else faces
        if (not isinstance(faces, list) or len(faces) != len(p.hand)
                or any(not isinstance(f, int) or isinstance(f, bool) or not 0 <= f <= SKULL for f in faces)):
            raise MalformedActionError(f"need {len(p.hand)} faces in 0..5, got {faces!r:.60}")
        p.roll = faces
        self.actions_log.append((seat, roll_text(faces)))
        if self.logging:
            self.events.append(DiceRolled(self.round, self.decisions, seat, tuple(p.hand), tuple(faces)))

    # ------------------------------------------------------------ scoring
    def score(self, seat: int) -> Score:
        """The score ``seat`` would have if the game ended now (R8)."""
        _check_seat(self, seat)
        p = self.seats[seat]
        return score_seat(p.tortuga, p.fleet, p.crew, p.boat, p.pirate, p.tiles)

    def outcome(self) -> Outcome | None:
        """Scores and winner(s) once the game is over, else None."""
        if self.phase != OVER:
            return None
        scores = tuple(self.score(s) for s in range(self.players))
        best = max(sc.total for sc in scores)
        winners = tuple(s for s in range(self.players) if scores[s].total == best)
        return Outcome(scores, winners, self.round, self.capped)

    # ------------------------------------------------------------ copying
    def clone(self) -> Game:
        """An independent copy (including the random source, the events and the record)."""
        g = Game.__new__(Game)
        g.players = self.players
        g.names = self.names
        g.long_game = self.long_game
        g.seed = self.seed
        g.start_choice = self.start_choice
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.round = self.round
        g.start = self.start
        g.phase = self.phase
        g.bag = self.bag[:]
        g.pool = self.pool[:]
        g.supply = self.supply
        g.center = self.center[:]
        g.seats = [p.copy() for p in self.seats]
        g.stage = self.stage
        g.queue = self.queue[:]
        g.rollers = self.rollers[:]
        g.stuck = self.stuck[:]
        g.bonus_due = self.bonus_due[:]
        g.act_action = self.act_action
        g.act_order = self.act_order[:]
        g.act_pos = self.act_pos
        g.first_target = self.first_target
        g.effect = None if self.effect is None else self.effect[:]
        g.drawn = self.drawn[:]
        g.events = self.events[:]
        g.logging = self.logging
        g.capped = self.capped
        g.decisions = self.decisions
        g.rules_version = self.rules_version
        g.grid = self.grid
        g.actions_log = self.actions_log[:]
        g.has_history = self.has_history
        return g

    # ------------------------------------------------------------ record
    def record(self) -> GameRecord:
        """The game's record: its setup and every decision (and scripted roll) so far, in order.

        Raises :class:`RulesError` when the game does not hold its whole history (a game
        loaded from a save written before records existed, or a determinized copy).
        """
        entries = tuple(self.actions_log)
        if not self.has_history or sum(1 for _, t in entries if not t.startswith("roll ")) != self.decisions:
            raise RulesError("this game does not hold its whole history (an older save or a sampled copy)")
        return GameRecord(RECORD_FORMAT, self.rules_version, self.seed, self.players, tuple(self.names),
                          self.start_choice, self.long_game, entries)

    # ------------------------------------------------------------ serialising
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-compatible data (see :mod:`.codec`)."""
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game from :meth:`to_dict` data; raises StateFormatError on bad data.

        A dict without a rules version is a save from before rules version 2 and keeps the
        earlier dice grid (R0.8).
        """
        g = cls()
        load_state(g, data)
        problems = check_assumptions(g)
        if problems:
            raise UnreachableStateError("a state the rules cannot reach: " + "; ".join(problems[:3]))
        try:  # the decision machinery must be able to run on it
            for d in g.pending():
                g.legal_actions(d.seat)
        except (IndexError, KeyError, ValueError, TypeError) as exc:
            raise StateFormatError(f"inconsistent state: {exc!r:.80}") from None
        return g

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know (R9), built by allow-list; ``None`` gives the public view."""
        if seat is not None:
            _check_seat(self, seat)
        return player_view(self, seat)


def check_reachable(g: Game) -> list[str]:
    """Decision states the rules cannot reach (issue 16.5, issue 24) as sentences; empty when none is found.

    Used for saves that carry no record to replay (written before records existed): a state
    whose decision machinery would crash or wait forever is refused instead of loaded. First
    :func:`check_assumptions`, then every pending decision's options are listed and each is
    tried once on a copy (the engine's loops are bounded, so a try cannot spin).
    """
    problems = check_assumptions(g)
    if problems or g.phase == OVER:
        return problems
    try:
        decisions = legal.pending(g)
        if not decisions:
            problems.append("nobody can move but the game is not over")
        for d in decisions:
            choices = legal.options(g, d.seat, d.kind)
            if not choices:
                problems.append(f"seat {d.seat}: no legal choice for its decision")
            for action in choices:  # each answer once, on a copy without events
                trial = g.clone()
                trial.logging = False
                trial.events = []
                trial.decisions += 1
                trial._apply(d.seat, d.kind, action)
    except Exception as exc:  # noqa: BLE001 - any fault here means the state cannot be played
        problems.append(f"the decision machinery fails: {exc!r:.80}")
    return problems


def replay(record: GameRecord, *, log: bool = True) -> Game:
    """Play ``record`` again from its setup through :meth:`Game.apply` (so only reachable states
    come out); raises a RulesError at the first entry that does not fit."""
    g = Game.new(record.players, record.seed, start_player=record.start_player, long_game=record.long_game,
                 names=list(record.names), log=log, rules_version=record.rules_version)
    for seat, text in record.entries:
        faces = parse_roll(text)
        if faces is not None:
            g.set_roll(seat, faces)
        else:
            g.apply(seat, text)
    return g
