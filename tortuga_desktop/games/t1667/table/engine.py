"""Tortuga 1667 as an :class:`~tortuga_desktop.shell.engine.Engine` the shell can run: a thin adapter
over :class:`~tortuga_desktop.games.t1667.rules.Game`.

- :meth:`T1667Engine.deciders` comes from ``Game.pending()`` (a vote: every participant still to choose);
- every refusal of the rules (:class:`~tortuga_desktop.games.t1667.rules.RulesError`) becomes
  :class:`~tortuga_desktop.shell.engine.ActionRefused`, and nothing changes;
- views are the rules' own (T9): a seat's :class:`PlayerView`, the public :class:`PublicView` for None;
- events are indexed per viewer (the Engine protocol): index ``i`` is the viewer's ``i``-th event;
- a vote card is known only to its voter (T9.4): :meth:`T1667Engine.action_visible`;
- :meth:`T1667Engine.record` is the rules' record as JSON-ready data; :func:`replay` builds the game back.

>>> e = T1667Engine.new(players=4, seed=3)
>>> seat = e.deciders()[0]
>>> e.apply(seat, e.legal_actions(seat)[0])
>>> replay(e.record()).view(None) == e.view(None)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, overload

from tortuga_desktop.games.t1667.rules import (
    Action,
    Decision,
    Event,
    EventCard,
    Game,
    GameRecord,
    Outcome,
    PlayerView,
    PublicView,
    RecordError,
    RulesError,
    TableView,
    Vote,
    VoteCard,
    parse_action,
)
from tortuga_desktop.games.t1667.rules import replay as replay_record
from tortuga_desktop.games.t1667.rules.talk import Say
from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.replay import ReplayTable

#: the key of this game in the shell and in its files
GAME_KEY = "t1667"


class T1667Engine:
    """One game of Tortuga 1667 behind the shell's Engine interface (it owns the :class:`Game`)."""

    def __init__(self, game: Game) -> None:
        self._game = game
        #: per viewer: the events it may see so far, and how much of the game's log they cover
        self._events: dict[int | None, list[Event]] = {}
        self._read: dict[int | None, int] = {}

    @classmethod
    def new(cls, players: int, seed: int, *, starred: Sequence[EventCard] | None = None,
            names: Sequence[str] | None = None) -> T1667Engine:
        """A new game (T1); :class:`~tortuga_desktop.games.t1667.rules.SetupError` for bad settings."""
        return cls(Game.new(players, seed, starred=starred, names=names))

    # ------------------------------------------------------------------ Engine
    @property
    def players(self) -> int:
        return self._game.players

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._game.names)

    @property
    def decisions(self) -> int:
        return self._game.decisions

    @property
    def is_over(self) -> bool:
        return self._game.is_over

    def deciders(self) -> tuple[int, ...]:
        return tuple(sorted({d.seat for d in self._game.pending()}))

    def decision(self, seat: int) -> Decision | None:
        """``seat``'s open decision (the one its view's ``pending`` names), None when it has none:
        without building the seat's whole view."""
        self._check_seat(seat)
        return next((d for d in self._game.pending() if d.seat == seat), None)

    def legal_actions(self, seat: int) -> Sequence[Action]:
        self._check_seat(seat)
        return tuple(self._game.legal_actions(seat))

    def parse_action(self, text: str) -> Action:
        try:
            return parse_action(text)
        except RulesError as exc:
            raise ActionRefused(str(exc)) from None

    def apply(self, seat: int, action: Action) -> None:
        try:
            self._game.apply(seat, action)
        except RulesError as exc:
            raise ActionRefused(str(exc)) from None

    @overload
    def view(self, seat: int) -> PlayerView: ...

    @overload
    def view(self, seat: None) -> PublicView: ...

    def view(self, seat: int | None) -> PlayerView | PublicView:
        if seat is None:
            return self._game.view(None)
        self._check_seat(seat)
        return self._game.view(seat)

    def views(self, seats: Sequence[int | None]) -> list[PlayerView | PublicView]:
        """:meth:`view` of each of ``seats``, what they share built once."""
        for seat in seats:
            if seat is not None:
                self._check_seat(seat)
        return self._game.views(seats)

    def events_for(self, seat: int | None, start: int = 0) -> Sequence[Event]:
        if seat is not None:
            self._check_seat(seat)
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            raise ValueError(f"an event index is a whole number from 0, not {start!r:.20}")
        seen = self._events.setdefault(seat, [])
        read = self._read.get(seat, 0)
        if read < len(self._game.log):
            seen += self._game.events_for(seat, read)
            self._read[seat] = len(self._game.log)
        return tuple(seen[start:])

    def record(self) -> Mapping[str, Any]:
        return self._game.record().to_dict()

    # ------------------------------------------------------------------ Snapshots
    def clone(self) -> T1667Engine:
        """An independent copy of the game now (the shell's :class:`~tortuga_desktop.shell.engine.Snapshots`: a
        replay keeps copies to jump from): the rules' :meth:`~tortuga_desktop.games.t1667.rules.Game.clone`; the
        events each viewer has read are copied too (they are the same events)."""
        twin = T1667Engine(self._game.clone())
        twin._events = {seat: list(seen) for seat, seen in self._events.items()}
        twin._read = dict(self._read)
        return twin

    # ------------------------------------------------------------------ TalkEngine
    def is_talk(self, line: object) -> bool:
        return isinstance(line, Say)

    def say(self, seat: int, line: object) -> None:
        """``seat`` speaks (T9.7; :mod:`~tortuga_desktop.games.t1667.rules.talk`): a public ``Talked`` event."""
        self._check_seat(seat)
        if not isinstance(line, Say):
            raise ActionRefused(f"not a line of Tortuga 1667's table talk: {type(line).__name__}")
        try:
            self._game.apply(seat, line)
        except RulesError as exc:
            raise ActionRefused(str(exc)) from None

    # ------------------------------------------------------------------ SecretActions
    def action_visible(self, seat: int, action: Action, viewer: int | None) -> bool:
        """A vote card is known only to its voter until the turn-up, and then not whose it was (T9.4, TR25)."""
        return viewer == seat or not isinstance(action, Vote)

    # ------------------------------------------------------------------ a finished game watched again
    def revealed(self) -> Revealed:
        """Every hidden fact at this moment of the game: the loyalties, the row's cards, the vote hands and the
        cards chosen in a vote under way. Only for a finished game's replay (the screen asks
        :attr:`is_over` of the game's last position before it offers this)."""
        g = self._game
        public = g.view(None)
        row = tuple(dataclasses.replace(sv, card=g.row[sv.slot - 1]) for sv in public.row)
        chosen = g.vote.chosen if g.vote is not None else {}
        return Revealed(dataclasses.replace(public, loyalties=tuple(g.loyalty), row=row),
                        tuple(tuple(h) for h in g.hands), tuple(chosen.get(s) for s in range(g.players)))

    # ------------------------------------------------------------------ for the local game's owner
    @property
    def outcome(self) -> Outcome | None:
        """The game's end, or None while it goes on."""
        return self._game.outcome

    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self._game.players:
            raise ValueError(f"no seat {seat!r:.20} in a {self._game.players}-player game")


@dataclasses.dataclass(frozen=True)
class Revealed:
    """A moment of a finished game with nothing hidden (:meth:`T1667Engine.revealed`): ``view`` is the public
    view with every loyalty and every row card filled in; per seat its vote hand and the card it chose in the
    vote under way (None: none)."""

    view: PublicView
    hands: tuple[tuple[VoteCard, ...], ...]
    chosen: tuple[VoteCard | None, ...]


def replay(data: Mapping[str, Any]) -> T1667Engine:
    """The game a :meth:`T1667Engine.record` describes, replayed to its last decision.

    Raises :class:`~tortuga_desktop.games.t1667.rules.RecordError` with a clear message for a record that is
    not one or does not replay."""
    if not isinstance(data, Mapping):
        raise RecordError("not a Tortuga 1667 record")
    return T1667Engine(replay_record(GameRecord.from_dict(dict(data))))


def replay_table(data: Mapping[str, Any], viewer: int | None, *,
                 kinds: Sequence[str] | None = None, checked: bool = False) -> ReplayTable[TableView, Action, Event]:
    """A recorded 1667 game to watch again from ``viewer``'s seat (None: the public), at its start.

    The whole record is replayed once first: :class:`~tortuga_desktop.games.t1667.rules.RecordError` for one that is
    damaged (nothing is shown) - unless ``checked`` (the caller replays it through itself, or did)."""
    if not isinstance(data, Mapping):
        raise RecordError("not a Tortuga 1667 record")
    record = GameRecord.from_dict(dict(data))
    if not checked:
        replay_record(record)  # the whole record replays, or RecordError
    opening = dataclasses.replace(record, entries=())

    def start() -> T1667Engine:
        return T1667Engine(replay_record(opening))

    first = start()
    return ReplayTable(start, record.entries, names=first.names,
                       kinds=kinds if kinds is not None else ["human"] * first.players, viewer=viewer,
                       record=dict(data))


__all__ = ["GAME_KEY", "Revealed", "T1667Engine", "replay", "replay_table"]
