"""The table source of a network game: :class:`NetTableSource` (:class:`~.source.TableSource`).

A network client never holds the game. The server sends each seat played here its view (R9,
built by allow-list on the server) and the events it may see; this source hands out exactly
those, and everything else is made from them alone:

* a seat's prompt is :func:`~tortuga_desktop.games.dice.rules.prompt.prompt_from_view` of its view and its
  new events (its open decision with its payload, its legal actions);
* the public view (viewer ``None``) is the public part of a seat's view: the public view of any
  game consistent with that view is the same, because a seat knows every public fact (R9.3);
  the public events are the seat's events with its own secrets replaced by their public twins;
* the outcome takes every seat's board from the final view and the totals from the server's
  :class:`~tortuga_desktop.games.dice.rules.events.GameEnded` event; the coins of a seat are its total less
  its board (a seat's own coins are checked against its own tiles).

Nothing is guessed and nothing made up: a fact the seats here were not sent is not handed out.
The connection, the lobby, chat and the seat kept on disk are the shell's
(:class:`~tortuga_desktop.shell.netsession.NetSession`), which tells this source every message it
reads; the shell's :class:`~tortuga_desktop.shell.nettable.NetTable` (with the dice game's
:class:`DiceCodec`) reads what arrives and keeps what the seats here were shown.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.ai.evaluate import decision_number, position_seed
from tortuga_desktop.games.dice.net.adapter import ADAPTER
from tortuga_desktop.games.dice.rules import (
    Decision,
    DecisionKind,
    IllegalActionError,
    Outcome,
    PlayerAction,
    PlayerView,
    RulesError,
    StateFormatError,
    parse_action,
)
from tortuga_desktop.games.dice.rules.events import Event, GameEnded, event_from_dict, visible
from tortuga_desktop.games.dice.rules.prompt import (
    SeatPrompt,
    decision_from_view,
    legal_from_view,
    prompt_from_view,
)
from tortuga_desktop.games.dice.rules.record import GameRecord
from tortuga_desktop.games.dice.rules.scoring import score_seat
from tortuga_desktop.games.dice.rules.views import public_part
from tortuga_desktop.games.dice.table.gamelog import build_log, event_seat
from tortuga_desktop.games.dice.table.source import (
    LogLine,
    SeatRecord,
    Shown,
    TableMove,
    TableSource,
    Viewer,
    ViewerError,
)
from tortuga_desktop.net.protocol import ProtocolError
from tortuga_desktop.net.seatstore import SeatRecord as KeptRecord
from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.levels import LEVELS
from tortuga_desktop.shell.nettable import NetTable, ViewFacts
from tortuga_desktop.shell.saves import SeatConfig

if TYPE_CHECKING:
    from tortuga_desktop.shell.netsession import NetSession

log = logging.getLogger(__name__)

__all__ = ["DiceCodec", "NetTableSource", "as_table_source", "outcome_from_view", "public_view", "seat_records"]


def public_view(view: PlayerView) -> PlayerView:
    """The public view (viewer None) of the game ``view`` belongs to, from that view alone (each
    seat knows every public fact, R9.3): the seat's own secrets dropped by allow-list
    (:func:`~tortuga_desktop.games.dice.rules.views.public_part`), no game built."""
    return public_part(view)


def _public_of(shown: Shown) -> Shown:
    """What the public sees at the moment a seat's ``shown`` belongs to: the public part of its view and
    its events as the public sees them (each seat knows every public fact, R9.3)."""
    return Shown(public_view(shown.view), tuple(visible(list(shown.events), None)))


def outcome_from_view(view: PlayerView, events: Sequence[Event]) -> Outcome | None:
    """The outcome of a finished game from one seat's final view and its events (None before
    the end). Boards are public (R9.3); each total is the server's (:class:`GameEnded`), and a
    seat's coins are its total less its board. Raises :class:`StateFormatError` when the
    server's totals do not fit the board (or the seat's own tiles)."""
    if not view.is_over:
        return None
    end = next((e for e in reversed(events) if isinstance(e, GameEnded)), None)
    if end is None or len(end.scores) != view.players:
        raise StateFormatError("the game is over but its final scores did not arrive")
    scores = []
    for i, sv in enumerate(view.seats):
        board = score_seat(sv.tortuga, sv.fleet, sv.crew, sv.boat, sv.pirate, ())
        coins = end.scores[i] - board.total
        if coins < 0 or (i == view.viewer and sv.tiles is not None and coins != sum(sv.tiles)):
            raise StateFormatError(f"seat {i}'s final total does not fit its board")
        scores.append(score_seat(sv.tortuga, sv.fleet, sv.crew, sv.boat, sv.pirate, (coins,)))
    return Outcome(tuple(scores), tuple(end.winners), view.round, end.capped)


def seat_records(kept: KeptRecord, names: Sequence[str] = ()) -> dict[int, SeatRecord]:
    """Each seat's :class:`~.source.SeatRecord` from the record kept with a network seat: one
    prompt per view it was sent (with the events since the previous one), and its actions."""
    out: dict[int, SeatRecord] = {}
    for seat in sorted({f.seat for f in kept.frames}):
        events = [event_from_dict(e, f"events[{seat}][{i}]") for i, e in enumerate(kept.events.get(seat, ()))]
        prompts: list[SeatPrompt] = []
        before = 0
        for f in kept.frames:
            if f.seat == seat:
                view = PlayerView.from_json(f.view)
                prompts.append(prompt_from_view(view, events[before:f.events], f.events))
                before = f.events
        actions = tuple(parse_action(a.action) for a in kept.actions if a.seat == seat)
        shown = tuple(names) or (prompts[-1].view.names if prompts else ())
        out[seat] = SeatRecord(seat, tuple(shown), tuple(prompts), actions)
    return out


class DiceCodec:
    """The dice game's side of the shell's network table at a client
    (:class:`~tortuga_desktop.shell.nettable.NetTableCodec`): a view and its events are read by the
    rules' own readers; a seat's decision and legal actions come from its view (R9: the view holds
    them, the wire's ``decisions``/``legal`` stay unused); the dice game has no table talk."""

    key = ADAPTER.key

    def read(self, view: Any, events: Any, seat: int | None) -> tuple[PlayerView, list[Event]]:
        """Read as the dice game's network adapter reads an update (:meth:`.DiceAdapter.decode`)."""
        d = ADAPTER.decode(view, events, seat, -1, None)
        return d.view, list(d.events)

    def parse_action(self, text: str) -> PlayerAction:
        try:
            return parse_action(text)
        except RulesError as exc:
            raise ValueError(str(exc)) from None

    def legal(self, view: Any, seat: int, sent: Sequence[str] | None) -> tuple[PlayerAction, ...]:
        assert isinstance(view, PlayerView)
        return tuple(legal_from_view(view))

    def facts(self, view: Any) -> ViewFacts:
        assert isinstance(view, PlayerView)
        deciders = tuple(sorted({p.seat for p in view.pending}))
        return ViewFacts(view.players, tuple(view.names), deciders, view.pending[0].seat if view.pending else 0,
                         view.is_over, view.decisions)

    def public(self, view: Any) -> PlayerView:
        assert isinstance(view, PlayerView)
        return public_view(view)

    def public_events(self, events: Sequence[Any]) -> list[Any]:
        return list(visible(list(events), None))

    def talk_text(self, line: object, players: int) -> str:
        raise ValueError("Tortuga has no table talk")

    def talk_seat(self, event: Any) -> int | None:
        return None

    def bot_line(self, text: str, seat: int, players: int) -> object:
        raise ProtocolError("Tortuga's computer players say nothing at the table")


class NetTableSource:
    """The table source of a network game at ``session`` (see the module docstring): the shell's
    :class:`~tortuga_desktop.shell.nettable.NetTable` with the dice game's :class:`DiceCodec`, seen
    through the dice table's source interface. Made by the dice game's module with the session
    (:meth:`~tortuga_desktop.games.dice.table.module.DiceGame.network_table`)."""

    def __init__(self, session: NetSession) -> None:
        self.session = session
        #: the game as this computer was sent it (it reads every message the session reads)
        self.table = NetTable(session.client, DiceCodec(), controller=session)
        #: the seats as the table draws them (names as the game has them, computer players' levels);
        #: the renderer holds this very list, so it changes in place
        self.seats: list[SeatConfig] = []
        #: the moment every seat here agreed on last (what :meth:`view` shows), by viewer
        self._shown: dict[Viewer, Shown] = {}
        self._public: tuple[int, int, Shown] | None = None
        self._prompted: dict[int, int] = {}
        #: seats whose action was sent: their decision stays closed until the server's answer is shown
        self._inflight: set[int] = set()
        self._last: dict[int, int] = {}
        self._opened = 0
        self._new: list[TableMove] = []
        self._lobby_seen: object = None
        self.think_started: float | None = None

    # ------------------------------------------------------------ who is here
    @property
    def human_seats(self) -> list[int]:
        """The seats played at this computer."""
        return list(self.session.human_seats)

    @property
    def notices(self) -> list[tuple[str, dict[str, str | int]]]:
        return self.session.notices

    def _here(self) -> list[Viewer]:
        """The viewers whose updates make the picture: the seats played here, or for a watcher the
        public view it is sent."""
        seats: list[Viewer] = list(self.session.human_seats)
        return seats or ([None] if self.session.watching else [])

    @property
    def ready(self) -> bool:
        """Every seat played here (or a watcher's public view) has been shown the game (what has
        arrived is read first: the lobby asks before the table polls)."""
        if not self._shown:
            self._read()
        here = self._here()
        return bool(here) and all(s in self._shown for s in here)

    @property
    def players(self) -> int:
        return self._any().view.players

    @property
    def viewers(self) -> frozenset[Viewer]:
        return frozenset([None, *self.session.human_seats])

    def _any(self) -> Shown:
        if not self._shown:
            raise RulesError("the game has not reached this computer yet")
        return self._shown[self._here()[0]]

    # ------------------------------------------------------------ what a viewer sees
    def _shown_for(self, viewer: Viewer) -> Shown:
        if viewer not in self.viewers:
            raise ViewerError(f"viewer {viewer!r} is not shown at this table")
        if viewer in self._shown:
            return self._shown[viewer]
        if viewer is not None:
            raise RulesError("the game has not reached this computer yet")
        ref = self._any()
        if self._public is None or self._public[:2] != (ref.view.decisions, len(ref.events)):
            self._public = (ref.view.decisions, len(ref.events), _public_of(ref))
        return self._public[2]

    def view(self, viewer: Viewer) -> PlayerView:
        return self._shown_for(viewer).view

    def events_for(self, viewer: Viewer) -> Sequence[Event]:
        return self._shown_for(viewer).events

    def log(self, viewer: Viewer, move: TableMove | None = None) -> list[LogLine]:
        """The log ``viewer`` may read (no bots' reasons: they think on the server)."""
        shown = self._shown_for(viewer) if move is None else move.shown(viewer)
        lines: list[LogLine] = build_log(shown.events, shown.view.names, {}, upto=shown.view.decisions)
        return lines

    @property
    def decisions(self) -> int:
        return self._any().view.decisions

    def search_seed(self, seat: int) -> int:
        """A hint's seed: from the decision count alone (the server's game seed is its secret,
        and a network game has no review here to agree with)."""
        return position_seed(0, decision_number(self._any().view), seat)

    def last_decision(self, seat: int) -> int:
        return self._last.get(seat, self._opened)

    # ------------------------------------------------------------ deciding
    def waiting(self) -> list[Decision]:
        """Decisions waiting for a person at this computer (not those sent, nor a seat a computer
        player has taken over)."""
        if not self.ready:
            return []
        taken = {s.seat for s in self.session.lobby if s.here and s.bot}
        out = []
        for seat in self.session.human_seats:
            if seat in self._inflight or seat in taken:
                continue
            d = decision_from_view(self._shown[seat].view)
            if d is not None:
                out.append(d)
        return out

    def pending_humans(self) -> list[Decision]:
        """The same as :meth:`waiting` (the banner's name for it)."""
        return self.waiting()

    def prompt(self, seat: int) -> SeatPrompt:
        if seat not in self.session.human_seats:
            raise ViewerError(f"seat {seat} is not played at this table")
        shown = self._shown_for(seat)
        since = min(self._prompted.get(seat, 0), len(shown.events))
        self._prompted[seat] = len(shown.events)
        return prompt_from_view(shown.view, shown.events[since:], len(shown.events))

    def submit(self, seat: int, action: PlayerAction | str) -> TableMove:
        """Send ``seat``'s decision, checked first against its prompt (raises
        :class:`RulesError`; nothing is sent then). The move returned changes nothing: the game
        moves when the server's update arrives."""
        if seat not in self.session.human_seats or seat not in self._shown:
            raise IllegalActionError(f"seat {seat} is not played on this computer")
        shown = self._shown[seat]
        decision = decision_from_view(shown.view)
        if decision is None or seat in self._inflight:
            raise IllegalActionError(f"seat {seat} has no decision to make")
        act = parse_action(action) if isinstance(action, str) else action
        if act not in legal_from_view(shown.view):
            raise IllegalActionError(f"{act.text()} is not a legal choice now")
        try:
            self.table.submit(seat, act)
        except ActionRefused as exc:  # (the newest view arrived and is not shown yet, or not connected)
            raise IllegalActionError(str(exc)) from None
        self._inflight.add(seat)
        self._last[seat] = shown.view.decisions + 1
        return self._move(seat, decision.kind, act, by_bot=False)

    def poll(self, start_new: bool = True, budget_s: float = 0.0) -> list[TableMove]:
        """What the server said since the last frame, as moves (never blocks)."""
        self.table.poll()
        self._read()
        out, self._new = self._new, []
        return out

    # ------------------------------------------------------------ indicators
    @property
    def busy(self) -> bool:
        return self.thinking_seat() is not None

    def thinking_seat(self) -> int | None:
        if not self._shown:
            return None
        bots = {s.seat for s in self.session.lobby if s.bot}
        return next((p.seat for p in self._any().view.pending if p.seat in bots), None)

    def waiting_for(self) -> list[int]:
        if not self._shown:
            return []
        here = set(self.session.human_seats)
        return [p.seat for p in self._any().view.pending if p.seat not in here]

    @property
    def halted(self) -> bool:
        return self.session.fatal is not None

    @property
    def is_over(self) -> bool:
        return bool(self._shown) and self._any().view.is_over

    def outcome(self) -> Outcome | None:
        if not self._shown:
            return None
        ref = self._any()
        return outcome_from_view(ref.view, ref.events)

    def kept_record(self) -> KeptRecord:
        """What the seats played here were shown and did (:meth:`NetTable.kept_record`); the network
        game's replay is made from it (:class:`~.seatreplay.SeatTimeline`)."""
        return self.table.kept_record()

    def record(self, seat: int) -> SeatRecord:
        if seat not in self.session.human_seats:
            raise ViewerError(f"seat {seat} is not played at this table")
        records = seat_records(self.kept_record())
        if seat not in records:
            raise RulesError("this seat has not been shown the game yet")
        return records[seat]

    def game_record(self) -> GameRecord | None:
        return None  # the server holds the game; this computer only what its seats were shown

    def reasons(self) -> dict[int, tuple[int, Reason]]:
        return {}

    def close(self) -> None:
        self.table.close()  # (it closes the session: the connection, and a hosted server)

    # ------------------------------------------------------------ what arrived
    def _latest(self, viewer: Viewer) -> PlayerView | None:
        try:
            view: PlayerView = self.table.view(viewer)
        except ViewerError:
            return None
        return view

    def _read(self) -> None:
        """Take in what the table has read: a new moment, answers to actions sent, the seats."""
        self._settle()
        self._reopen()
        if self.session.lobby is not self._lobby_seen or (self._shown and len(self.seats) != self.players):
            self._lobby_seen = self.session.lobby
            self._refresh_seats()

    def _settle(self) -> None:
        """Show a new moment when every local seat's newest view is of the same one."""
        here = self._here()
        latest = {v: self._latest(v) for v in here}
        if not here or any(v is None for v in latest.values()):
            return
        moment = {v.decisions for v in latest.values() if v is not None}
        if len(moment) != 1:
            return
        new = {s: Shown(v, tuple(self.table.events_for(s))) for s, v in latest.items() if v is not None}
        old = dict(self._shown)
        if old and all(old.get(s) == new[s] for s in here):
            return
        self._shown = new
        self.think_started = time.perf_counter()
        if not old:
            self._opened = next(iter(moment))
            return
        ref = here[0]
        fresh = new[ref].events[len(old[ref].events) if ref in old else 0:]
        actor = next((x for x in map(event_seat, fresh) if x is not None), None)
        kind = DecisionKind.SELECT_DICE
        before = old.get(actor if actor is not None else -1) or old.get(ref)
        if before is not None:
            pend = before.view.pending
            if actor is not None:
                kind = next((p.kind for p in pend if p.seat == actor), kind)
            elif pend:
                actor, kind = pend[0].seat, pend[0].kind
        seat = actor if actor is not None else (ref if ref is not None else 0)
        self._new.append(self._move(seat, kind, None, by_bot=actor not in here))

    def _reopen(self) -> None:
        """A seat whose action the server answered (carried it out, refused it, or sent everything again)
        decides again once the moment shown is the newest it was sent."""
        for seat in list(self._inflight):
            shown = self._shown.get(seat)
            latest = self._latest(seat)
            if shown is None or decision_from_view(shown.view) is None or (
                    not self.table.in_flight(seat) and latest is not None
                    and latest.decisions == shown.view.decisions):
                self._inflight.discard(seat)

    def _refresh_seats(self) -> None:
        players = self.players if self._shown else len(self.session.lobby)
        seats = []
        for i in range(players):
            info = next((s for s in self.session.lobby if s.seat == i), None)
            name = info.name if info is not None else f"Player {i + 1}"
            kind = "human"
            if info is not None and info.kind == "computer" and info.level in LEVELS:
                kind = info.level
            seats.append(SeatConfig(name=name, kind=kind, colour=i))
        if self._shown:
            names = self.view(None).names
            seats = [replace(s, name=names[i]) for i, s in enumerate(seats)]
        if len(self.seats) != len(seats):
            self.seats = seats
        else:
            self.seats[:] = seats  # the renderer holds this very list

    def _move(self, seat: int, kind: DecisionKind, action: PlayerAction | None, *, by_bot: bool) -> TableMove:
        shown = dict(self._shown)
        public: list[Shown] = []
        ref = shown[self._here()[0]]

        def seen(viewer: Viewer) -> Shown:
            if viewer in shown:
                return shown[viewer]
            if not public:
                public.append(_public_of(ref))
            return public[0]

        return TableMove(seat, kind, action, None, ref.view.decisions, ref.view.is_over,
                         frozenset([None, *shown]), seen, by_bot)


def as_table_source(source: NetTableSource) -> TableSource:
    """``source`` as the table's interface (mypy checks here that it implements all of it)."""
    return source
