"""The position model of a replay: any decision of a recorded game, reached fast.

A :class:`ReplayTimeline` is the dice game's layer over the shell's
:class:`~tortuga_desktop.shell.replay.ReplayTable` of a :class:`~..engine.DiceEngine`: the table
steps through the record's decisions and jumps from copies of the game it keeps every
:data:`SNAPSHOT_EVERY` decisions (a jump anywhere in a 4-player game, with the
everything-revealed view and the log: about 2 ms median, ``python -m scripts.replay_jump``).
The timeline plays the record once (on construction) to find where each round and phase
begins (the scrubber's marks) and who made each decision; :meth:`log_at` cuts the log at any
position from one log of the whole game per viewer.

Positions are decision numbers ``0..len(timeline)-1``: position 0 is the setup, position ``k``
the game right after its ``k``-th decision. A scripted roll of the record (an entry
``roll ...``) is no decision: it is set right after the decision before it, so a position shows
the rolls of the decision it precedes.

Perspectives (:meth:`view`): a seat (what that player knew), ``None`` (the public view) or
:data:`ALL` — everything revealed: the public view whose boards are each taken from their
owner's own view. A game that can still be continued (:attr:`locked`) is shown in the public
view only, whatever is asked.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.engine import DiceEngine
from tortuga_desktop.games.dice.rules import Game, IllegalActionError, PlayerAction, PlayerView, RulesError
from tortuga_desktop.games.dice.rules.codec import parse_roll
from tortuga_desktop.games.dice.rules.events import Event, visible
from tortuga_desktop.games.dice.rules.record import GameRecord
from tortuga_desktop.games.dice.table.gamelog import build_log
from tortuga_desktop.games.dice.table.source import LogLine
from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.replay import ReplayTable

__all__ = ["ALL", "SNAPSHOT_EVERY", "RecordedGame", "ReplaySource", "ReplayTimeline", "Stop"]

#: The "everything revealed" perspective.
ALL = -1
#: The replay table keeps a copy of the game this often (decisions).
SNAPSHOT_EVERY = 8


@dataclass(frozen=True, slots=True)
class Stop:
    """One position of the timeline: how many record entries are applied, and where it is."""

    entries: int
    round: int
    phase: str
    #: the seat that made the decision leading here (None for the setup)
    seat: int | None
    #: how many events the game holds at this position (``len(game.events)``)
    events: int = 0


class StopMarks:
    """A timeline's stops and where rounds and phases begin in them (the scrubber's markers and
    round jumps); shared by the whole-game timeline and a seat's own (:mod:`.seatreplay`)."""

    stops: list[Stop]
    _round_starts: list[int]
    _phase_starts: list[int]

    def _mark_stops(self) -> None:
        """Find the round and phase starts once :attr:`stops` is complete."""
        self._round_starts = [k for k, s in enumerate(self.stops) if k == 0 or s.round != self.stops[k - 1].round]
        self._phase_starts = [k for k, s in enumerate(self.stops)
                              if k == 0 or (s.round, s.phase) != (self.stops[k - 1].round, self.stops[k - 1].phase)]

    def round_starts(self) -> list[int]:
        """Positions where a round begins (the markers of the scrubber)."""
        return list(self._round_starts)

    def phase_starts(self) -> list[int]:
        """Positions where a phase begins."""
        return list(self._phase_starts)

    def next_round(self, k: int) -> int:
        return next((r for r in self._round_starts if r > k), len(self.stops) - 1)

    def previous_round(self, k: int) -> int:
        """The start of this round, or of the one before when already at a round's start."""
        starts = [r for r in self._round_starts if r < k]
        return starts[-1] if starts else 0


class ReplaySource(Protocol):
    """What the replay scene plays: positions ``0..len-1`` with their :class:`Stop`, the view of
    each position from an allowed perspective and its log. :class:`ReplayTimeline` (a whole game
    record) and :class:`~.seatreplay.SeatTimeline` (what one network seat was shown) offer it."""

    stops: list[Stop]
    players: int
    names: tuple[str, ...]
    #: the game reached its end in what is replayed
    finished: bool
    #: only the public view may be shown (a game that can still be continued)
    locked: bool

    def __len__(self) -> int: ...
    def clamp(self, k: int) -> int: ...
    def decision_at(self, k: int) -> int:
        """The number of decisions made at position ``k``."""
    def perspectives(self) -> list[int | None]:
        """The perspectives that may be chosen, in the order P cycles through them."""
    def perspective(self, wanted: int | None) -> int | None:
        """The perspective actually shown when ``wanted`` is asked for."""
    def view_at(self, k: int, wanted: int | None) -> PlayerView:
        """Position ``k`` as the (allowed) perspective ``wanted`` sees it."""
    def log_at(self, k: int, viewer: int | None, reasons: Mapping[int, tuple[int, Reason]]) -> list[LogLine]: ...
    def round_starts(self) -> list[int]: ...
    def phase_starts(self) -> list[int]: ...
    def next_round(self, k: int) -> int: ...
    def previous_round(self, k: int) -> int: ...


class RecordedGame(DiceEngine):
    """The dice engine playing one record back (``entries``: all of the record's). The record's scripted
    rolls are no decisions: each is set right after the decision before it (those before the first decision
    when the engine is made), so the replay table's entries are the decisions alone. A roll that does not fit
    is refused like a decision that does not (:class:`~tortuga_desktop.shell.engine.ActionRefused`), the
    decision before it applied: such a record is not replayed at all (:class:`ReplayTimeline`)."""

    def __init__(self, game: Game, entries: Sequence[tuple[int, str]]) -> None:
        super().__init__(game)
        self._entries = entries
        self._next = 0
        self._rolls()

    @property
    def entries(self) -> int:
        """How many of the record's entries (decisions and rolls) have been applied."""
        return self._next

    def apply(self, seat: int, action: PlayerAction) -> None:
        super().apply(seat, action)
        self._next += 1
        self._rolls()

    def _rolls(self) -> None:
        """Set the scripted rolls that come next in the record."""
        while self._next < len(self._entries):
            seat, text = self._entries[self._next]
            faces = parse_roll(text)
            if faces is None:
                return
            try:
                self.game.set_roll(seat, faces)
            except RulesError as exc:
                raise ActionRefused(str(exc)) from None
            self._next += 1


class ReplayTimeline(StopMarks):
    """Every decision of ``record``, reachable by :meth:`game_at` and :meth:`view_at` (``kinds``: each seat's
    kind, "human" when not given). A record that does not fit the rules raises a
    :class:`~tortuga_desktop.games.dice.rules.RulesError`."""

    def __init__(self, record: GameRecord, *, locked: bool = False, kinds: Sequence[str] | None = None) -> None:
        self.record = record
        self.locked = locked
        self.players = record.players
        self.names = tuple(record.names)

        def start() -> RecordedGame:
            return RecordedGame(Game.new(record.players, record.seed, start_player=record.start_player,
                                         long_game=record.long_game, names=list(record.names),
                                         rules_version=record.rules_version), record.entries)

        try:
            self.table: ReplayTable[PlayerView, PlayerAction, Event] = ReplayTable(
                start, [e for e in record.entries if parse_roll(e[1]) is None], names=self.names,
                kinds=tuple(kinds) if kinds is not None else ("human",) * record.players, viewer=None,
                snapshot_every=SNAPSHOT_EVERY)
            self.stops: list[Stop] = [self._stop(None)]
            while (move := self.table.step()) is not None:
                self.stops.append(self._stop(move.seat))
        except ActionRefused as exc:  # the record does not fit the rules
            raise IllegalActionError(str(exc)) from None
        #: the game at the last position (a copy of its own)
        self.final = self._game().clone()
        self.finished = self.final.is_over
        self._logs: dict[tuple[int | None, int, int], list[LogLine]] = {}
        self._shown: dict[int | None, tuple[list[int], list[Event]]] = {}
        self._mark_stops()

    def _engine(self) -> RecordedGame:
        engine = self.table.engine
        assert isinstance(engine, RecordedGame)  # the table plays the engines start() makes and their copies
        return engine

    def _game(self) -> Game:
        """The table's game at its position (not a copy: for reading)."""
        return self._engine().game

    def _stop(self, seat: int | None) -> Stop:
        engine = self._engine()
        g = engine.game
        return Stop(engine.entries, g.round, g.phase.value, seat, len(g.events))

    def __len__(self) -> int:
        return len(self.stops)

    def clamp(self, k: int) -> int:
        return max(0, min(len(self.stops) - 1, k))

    def game_at(self, k: int) -> Game:
        """A copy of the game at position ``k`` (clamped) of its own."""
        self.table.seek(self.clamp(k))
        return self._game().clone()

    def decision_at(self, k: int) -> int:
        """Position ``k`` is the game after its ``k``-th decision."""
        return self.table.decisions_before(self.clamp(k))

    def perspectives(self) -> list[int | None]:
        return [None] if self.locked else [None, *range(self.players), ALL]

    def view_at(self, k: int, wanted: int | None) -> PlayerView:
        """Position ``k`` from the (allowed) perspective ``wanted`` (the table stays at the last
        position asked for, so changing the perspective does not play the game again)."""
        self.table.seek(self.clamp(k))
        return self.view(self._game(), wanted)

    def log_at(self, k: int, viewer: int | None, reasons: Mapping[int, tuple[int, Reason]]) -> list[LogLine]:
        """The log (``LogLine`` s) at position ``k`` as ``viewer`` (a seat, None, or :data:`ALL`)
        could read it — the same lines the live table showed then: each bot's reason on its
        move's line, repeats folded (:func:`.gamelog.build_log` over the events up to ``k``).

        The events a viewer may see are filtered once per viewer for the whole game; the lines
        of the last positions asked for are kept."""
        n = self.stops[self.clamp(k)].events
        key = (viewer, id(reasons), n)
        lines = self._logs.get(key)
        if lines is None:
            shown = self._shown.get(viewer)
            if shown is None:
                shown = self._shown[viewer] = _shown_events(self.final, viewer)
            indices, events = shown
            prefix = events[:bisect_left(indices, n)]
            upto = prefix[-1].decision if prefix else 0
            lines = build_log(prefix, self.final.names, reasons, upto=upto)
            if len(self._logs) > 64:
                self._logs.pop(next(iter(self._logs)))
            self._logs[key] = lines
        return list(lines)

    def perspective(self, wanted: int | None) -> int | None:
        """The perspective actually shown: public only while the game can still be continued."""
        if self.locked:
            return None
        if wanted is None or wanted == ALL or 0 <= wanted < self.record.players:
            return wanted
        return None

    def view(self, game: Game, wanted: int | None) -> PlayerView:
        """``game`` as seen from the (allowed) perspective ``wanted``."""
        who = self.perspective(wanted)
        if who != ALL:
            view = game.view(who)
            if game.is_over:
                # The final scoring counts everybody's coins openly (R8.4): the last position
                # shows every board with its tiles, so its scores are the final ones.
                view = replace(view, seats=tuple(replace(s, tiles=game.view(i).seats[i].tiles)
                                                 for i, s in enumerate(view.seats)))
            return view
        public = game.view(None)
        seats = tuple(game.view(s).seats[s] for s in range(game.players))
        return replace(public, seats=seats)


def _shown_events(game: Game, viewer: int | None) -> tuple[list[int], list[Event]]:
    """The events of ``game`` that ``viewer`` (a seat, None, or :data:`ALL`) may see, and beside
    each the index in ``game.events`` of the event it comes from (ascending)."""
    indices: list[int] = []
    shown: list[Event] = []
    for i, raw in enumerate(game.events):
        for e in ([raw] if viewer == ALL else visible([raw], viewer)):
            indices.append(i)
            shown.append(e)
    return indices, shown
