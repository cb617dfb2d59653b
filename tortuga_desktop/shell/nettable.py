"""A game at a network table, seen from this screen: :class:`NetTable` implements the shell's
:class:`~tortuga_desktop.shell.table.GameTable` for any game, so a game's table scene plays over the
network as it plays at one computer. What depends on the game comes from its :class:`NetTableCodec`
(the game's own package gives one; e.g. Tortuga 1667's ``NetTable1667``).

The server holds the game. This table holds only what the server sent the seats played here: each
seat's view, its events and its legal actions (checked by the codec on receipt:
:meth:`NetTableCodec.read`); the public view and events (viewer None) are made from a seat's own data
(:meth:`NetTableCodec.public`, :meth:`NetTableCodec.public_events`). Nothing else is known here, so
nothing else can be shown.

An action goes to the server as its text (checked first against the seat's legal actions, so a
refusal is immediate and changes nothing); until the server answers, the seat has nothing open here.
The connection, its state and the table's chat are read in :meth:`NetTable.poll` (never blocks).

Table talk, for a game that keeps it as moves: a seat's line (:meth:`NetTable.say`) goes to the server
as a :class:`~tortuga_desktop.net.protocol.Talk` and comes back, to every seat and watcher, as an
event of the game in the updates; an update that brings talk and no decision is a
:class:`~tortuga_desktop.shell.table.Move` without an action, so the screen shows it at once. A
computer player's line that a game sends as chat instead (kind ``bot``, stamped with its seat) is read
back by :meth:`NetTableCodec.bot_line` and handed to the table scene as :attr:`NetTable.said`; each
line comes one way or the other, never both.

Pure Python: no pygame and no game's code (a test drives it headless, with a fake game too).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import ConnState, NetClient, Status
from tortuga_desktop.net.seatstore import SeatRecord
from tortuga_desktop.shell.engine import ActionRefused, Prompt
from tortuga_desktop.shell.table import OPEN, REMOTE, Move, NotConnected, Said, Viewer, ViewerError

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.netsession import NetSession

log = logging.getLogger(__name__)

__all__ = ["NetTable", "NetTableCodec", "ViewFacts"]


@dataclass(frozen=True)
class ViewFacts:
    """What the network table reads from any view of its game (a seat's or the public's)."""

    players: int
    names: tuple[str, ...]
    #: the seats that have a decision open now, in seat order
    deciders: tuple[int, ...]
    #: the seat whose turn it is (who a change is put down to when nobody's decision closed)
    active: int
    #: the game has ended
    over: bool
    #: the game's decision counter as the view holds it (-1: the view does not hold it, the update's
    #: ``decisions`` says it)
    decisions: int = -1


class NetTableCodec(Protocol):
    """The game's side of a network table at a client: reading what arrives, and the few facts of its
    views the table needs. Errors: ``ValueError`` (``ProtocolError`` is one) with a plain reason."""

    @property
    def key(self) -> str:
        """The game's key (the protocol's ``game``)."""
        ...

    def read(self, view: Any, events: Any, seat: int | None) -> tuple[Any, list[Any]]:
        """An update's view and events as the game's values, every field checked; ``ProtocolError`` for bad
        data, another seat's view or its private events."""
        ...

    def parse_action(self, text: str) -> Any:
        """The action ``text`` names (ValueError: none)."""
        ...

    def legal(self, view: Any, seat: int, sent: Sequence[str] | None) -> tuple[Any, ...]:
        """``seat``'s legal actions now: from ``sent`` (the update's ``legal``, the actions' text forms) for a
        game whose view does not hold them, else from its ``view`` (already read); ValueError for a text that
        is no action."""
        ...

    def facts(self, view: Any) -> ViewFacts:
        """What the table needs to know of a view."""
        ...

    def public(self, view: Any) -> Any:
        """The public view of the game a seat's view belongs to, from that view alone (by allow-list)."""
        ...

    def public_events(self, events: Sequence[Any]) -> list[Any]:
        """A seat's events as the public sees them."""
        ...

    def talk_text(self, line: object, players: int) -> str:
        """The text of a line of talk to send (``line``: the game's talk value or its text form), checked to
        fit a table of ``players`` seats; ValueError for what is no line of talk of this game (a game
        without talk refuses every line)."""
        ...

    def talk_seat(self, event: Any) -> int | None:
        """The speaker, when ``event`` is a line of table talk; else None."""
        ...

    def bot_line(self, text: str, seat: int, players: int) -> object:
        """A computer player's line that came as chat (kind ``bot``) as the game's value; ``ProtocolError``
        for a text that does not read."""
        ...


class NetTable:
    """A game played over the network (see the module docstring). ``client`` is a
    :class:`~tortuga_desktop.net.client.NetClient` that has joined (or
    is joining) a table of the game ``codec`` reads; this table reads everything it receives from now on."""

    def __init__(self, client: NetClient, codec: NetTableCodec, *, controller: NetSession | None = None) -> None:
        """``controller``: the shell's :class:`~tortuga_desktop.shell.netsession.NetSession` when the
        table was reached through the lobby screens: it then drains the connection (lobby, chat,
        connection state and refusals stay its business, its notices are handed on here) and tells
        this table every message; else this table drains ``client`` itself."""
        self.client = client
        self.codec = codec
        self.controller = controller
        if controller is not None:
            controller.listeners.append(self.handle)
        self._lobby: P.Lobby | None = None
        self._views: dict[int, Any] = {}
        self._public: Any = None
        self._events: dict[int, list[Any]] = {}
        self._legal: dict[int, tuple[Any, ...]] = {}
        self._decisions = -1
        #: per seat: the id of the action sent and not answered yet (its prompt is closed until the server
        #: acknowledges it in an update or refuses it)
        self._sent: dict[int, int] = {}
        self._marks: dict[int, int] = {}
        self._notices: list[tuple[str, dict[str, Any]]] = []
        self._said: list[Said] = []
        #: the table's chat entries (protocol :class:`~tortuga_desktop.net.protocol.Chat`), in order
        self.chat: list[P.Chat] = []
        self.state: ConnState = client.state
        #: computer players' chat lines not read yet (read once the table's seat count is known)
        self._talk_due: list[P.Chat] = []
        self._moves: list[Move[Any]] = []
        #: ids of the lines of talk sent (a refusal of one opens no decision again)
        self._talk_ids: set[int] = set()
        self._closed = False
        #: what the seats played here were shown and did, when no seat keeper keeps it (the host's own seats)
        self._kept = SeatRecord()

    # ------------------------------------------------------------------ what the lobby says
    @property
    def ready(self) -> bool:
        """True once the game has started and every seat played here has its view (a watcher: the public view)."""
        seats = self.human_seats
        if not seats:
            return self._public is not None
        return all(s in self._views for s in seats)

    @property
    def lobby(self) -> P.Lobby | None:
        return self._lobby

    @property
    def players(self) -> int:
        if self._views:
            return self.codec.facts(next(iter(self._views.values()))).players
        return self._lobby.players if self._lobby is not None else 0

    @property
    def names(self) -> tuple[str, ...]:
        if self._lobby is not None:
            return tuple(s.name for s in self._lobby.seats)
        if self._views:
            return self.codec.facts(next(iter(self._views.values()))).names
        return ()

    @property
    def kinds(self) -> tuple[str, ...]:
        """Per seat: "human" (played here), a computer player's level, "remote" (a person elsewhere) or "open"."""
        if self._lobby is None:
            return ()
        here = set(self.human_seats)
        out = []
        for s in self._lobby.seats:
            if s.seat in here:
                out.append("human")
            elif s.kind == "computer" or s.bot:
                out.append(s.level if s.kind == "computer" else "normal")
            elif s.taken:
                out.append(REMOTE)
            else:
                out.append(OPEN)
        return tuple(out)

    @property
    def human_seats(self) -> tuple[int, ...]:
        """The seats played at this screen (the session's, when the table was reached through it)."""
        if self.controller is not None:
            return tuple(self.controller.human_seats)
        return tuple(self.client.seats)

    @property
    def viewers(self) -> frozenset[Viewer]:
        return frozenset([*self.human_seats, None])

    @property
    def is_over(self) -> bool:
        view = self._any_view()
        return view is not None and self.codec.facts(view).over

    @property
    def notices(self) -> list[tuple[str, dict[str, Any]]]:
        return self._notices

    @property
    def said(self) -> list[Said]:
        return self._said

    @property
    def decisions(self) -> int:
        """The game's decision counter as last sent (-1 before the first update)."""
        return self._decisions

    def _any_view(self) -> Any:
        if self._views:
            return self._views[min(self._views)]
        return self._public

    # ------------------------------------------------------------------ GameTable
    def _check(self, viewer: Viewer) -> None:
        if viewer not in self.viewers:
            raise ViewerError(f"viewer {viewer!r:.10} is not shown at this screen")

    def view(self, viewer: Viewer) -> Any:
        self._check(viewer)
        if viewer is not None:
            if viewer not in self._views:
                raise ViewerError(f"no view of seat {viewer} has arrived yet")
            return self._views[viewer]
        if self._views:
            return self.codec.public(self._views[min(self._views)])
        if self._public is not None:
            return self._public
        raise ViewerError("no view has arrived yet")

    def events_for(self, viewer: Viewer, start: int = 0) -> Sequence[Any]:
        self._check(viewer)
        if viewer is not None:
            return tuple(self._events.get(viewer, [])[start:])
        if self._views:
            return tuple(self.codec.public_events(self._events.get(min(self._views), []))[start:])
        return tuple(self._events.get(P.SPECTATOR, [])[start:])

    def prompt(self, seat: int) -> Prompt[Any, Any, Any]:
        self._check_human(seat)
        mark = self._marks.get(seat, 0)
        events = tuple(self._events.get(seat, [])[mark:])
        self._marks[seat] = mark + len(events)
        legal = () if seat in self._sent else self._legal.get(seat, ())
        return Prompt(seat, self.view(seat), legal, events)

    def _check_human(self, seat: int) -> None:
        if seat not in self.human_seats:
            raise ViewerError(f"seat {seat!r:.10} is not decided at this screen")

    def say(self, seat: int, line: object) -> None:
        """A seat played here says ``line`` (a line of the game's table talk, or its text form) to the table:
        sent to the server, which carries it out as an event every seat hears (it then comes back in the
        updates). :class:`ActionRefused` (nothing sent) for what is no line of talk of this game or does not
        fit this table (:meth:`NetTableCodec.talk_text`), or a game that is over; :class:`NotConnected`
        while the connection is down. A line the server refuses (said too often this turn, …) comes back
        as a notice."""
        self._check_human(seat)
        if seat not in self._views:
            raise ActionRefused("the game has not started here yet")
        if self.is_over:
            raise ActionRefused("the game is over")
        try:
            text = self.codec.talk_text(line, self.players)
        except ValueError as exc:
            raise ActionRefused(str(exc)) from None
        if self.state is not ConnState.CONNECTED:
            raise NotConnected("not connected to the table")
        self._talk_ids.add(self.client.send_talk(seat, text))

    def submit(self, seat: int, action: Any) -> Move[Any]:
        """Send a seat's action; :class:`ActionRefused` (nothing sent) when it is not one of the seat's
        legal actions now or an answer to an earlier one is still awaited, :class:`NotConnected` while
        the connection is down."""
        self._check_human(seat)
        if isinstance(action, str):
            try:
                action = self.codec.parse_action(action)
            except ValueError as exc:
                raise ActionRefused(str(exc)) from None
        if self.state is not ConnState.CONNECTED:
            raise NotConnected("not connected to the table")
        if seat in self._sent:
            raise ActionRefused("the server has not answered this seat's previous action yet")
        if action not in self._legal.get(seat, ()):
            raise ActionRefused("not one of this seat's legal actions now")
        rid = self._sent[seat] = self.client.send_action(seat, str(action), self._decisions)
        keeper = self._keeper()
        if keeper is not None:  # the seat's record on disk
            keeper.acted(seat, self._decisions, str(action))
        else:
            self._kept.note_action(seat, self._decisions, str(action))
        if self.controller is not None:  # a refusal is the session's notice
            self.controller.request_sent(rid, seat)
        return Move(seat, action, None, self._decisions + 1, False)

    def poll(self, budget_s: float = 0.0) -> list[Move[Any]]:
        """Read what arrived (never blocks); a :class:`~tortuga_desktop.shell.table.Move` per change of
        the game (its action is None: this screen is sent views and events, not other seats' actions)."""
        if self.controller is not None:
            self.controller.pump()
            self._notices += self.controller.notices
            self.controller.notices.clear()
        else:
            for msg in self.client.poll():
                self.handle(msg)
        moves, self._moves = self._moves, []
        return moves

    def thinking(self) -> tuple[int, ...]:
        kinds = self.kinds
        return tuple(s for s in self._deciders() if s < len(kinds) and kinds[s] not in ("human", REMOTE, OPEN))

    def _deciders(self) -> tuple[int, ...]:
        view = self._any_view()
        if view is None:
            return ()
        facts = self.codec.facts(view)
        return () if facts.over else facts.deciders

    def waiting_for(self) -> tuple[int, ...]:
        return tuple(s for s in self._deciders() if s not in self._sent)

    def in_flight(self, seat: int) -> bool:
        """``seat``'s action was sent and the server has not answered it yet (carried out, refused or
        everything sent again)."""
        return seat in self._sent

    def kept_record(self) -> SeatRecord:
        """A copy of what the seats played here were shown and did: every view with its event count, their
        events and the actions sent (the seat keeper's, on disk, for a joiner; else kept here). A game's
        replay of a network game as its seats saw it is made from it."""
        keeper = self._keeper()
        kept = keeper.record() if keeper is not None else None
        return kept if kept is not None else self._kept.copy()

    def record(self) -> Mapping[str, Any] | None:
        return None

    def send_chat(self, text: str) -> None:
        """Send a line of free chat as this screen's first seat."""
        self.client.say(text)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            if self.controller is not None:
                self.controller.close()  # (it stops this computer's server too, when it hosts)
            else:
                self.client.close()

    def _keeper(self) -> Any:
        """The seat keeper of the session this table was reached through (a joiner's seat on disk:
        :class:`~tortuga_desktop.net.seatstore.SeatKeeper`), None without one (the host, tests)."""
        return self.controller.keeper if self.controller is not None else None

    # ------------------------------------------------------------------ what arrives
    def handle(self, msg: Any) -> None:
        """Take one item from the client's queue (:meth:`poll` does this; tests may feed items)."""
        fed = self.controller is not None  # the controller words the connection's troubles
        if isinstance(msg, Status):
            if msg.state != self.state:
                self.state = msg.state
                if not fed and msg.state in (ConnState.RECONNECTING, ConnState.FAILED):
                    self._notices.append((f"net.banner.{msg.state.value}", {}))
        elif isinstance(msg, P.Lobby):
            self._lobby = msg
        elif isinstance(msg, P.Update):
            self._on_update(msg)
        elif isinstance(msg, P.Chat):
            if not self.chat or msg.n > self.chat[-1].n:
                self.chat.append(msg)
                if msg.kind == "bot":
                    self._talk_due.append(msg)
        elif isinstance(msg, P.Error):
            talk = msg.ref in self._talk_ids
            self._talk_ids.discard(msg.ref)
            if msg.ref >= 0 and not talk:
                self._sent.clear()  # the action was not carried out: the seat decides again
            log.info("the server refused a message: %s", msg.code)
            if fed:
                return
            known = ("code", "denied", "full", "illegal", "offline", "rate", "stale", "token", "turn", "name")
            if msg.code == "version":
                self._notices.append(("net.error.version", {"version": P.PROTOCOL_VERSION}))
            elif P.talk_unknown(msg):
                self._notices.append(("net.error.talk_old", {}))
            elif talk:
                self._notices.append(({"chat_rate": "net.chat.rate", "offline": "net.error.talk_offline"}.get(
                    msg.code, "net.error.talk"), {}))
            else:
                self._notices.append((f"net.error.{msg.code}" if msg.code in known else "net.error.other", {}))
        elif isinstance(msg, P.Bye) and not fed:
            self._notices.append(("net.error.bye", {}))
        if self._talk_due and self.players:
            self._read_talk()

    def _read_talk(self) -> None:
        """The computer players' lines that came, as :attr:`said` (a line that does not read: a notice)."""
        due, self._talk_due = self._talk_due, []
        for entry in due:
            try:
                self._said.append(Said(entry.seat, self.codec.bot_line(entry.text, entry.seat, self.players)))
            except P.ProtocolError as exc:
                log.warning("a computer player's line did not read: %s", exc)
                self._notices.append(("net.error.malformed", {}))

    def _on_update(self, msg: P.Update) -> None:
        if (self.controller.game if self.controller is not None else self.client.game) != self.codec.key:
            return  # an update of another game's table (a session keeps a table of each game: one plays)
        seat: int | None = None if msg.seat == P.SPECTATOR else msg.seat
        if seat is not None and seat not in self.human_seats:
            self._notices.append(("net.error.malformed", {}))
            log.warning("the server sent an update for a seat not played here")
            return
        try:
            view, events = self.codec.read(msg.view, msg.events, seat)
            legal = () if seat is None else tuple(self.codec.legal(view, seat, msg.legal))
        except (P.ProtocolError, ValueError) as exc:
            log.warning("an update did not read: %s: %s", type(exc).__name__, exc)
            self._notices.append(("net.error.malformed", {}))
            return
        key = P.SPECTATOR if seat is None else seat
        have = self._events.setdefault(key, [])
        if msg.first == 0:
            have.clear()
            self._marks.pop(key, None)
        elif msg.first != len(have):
            log.warning("an update does not follow the events this screen has (%d, %d)", msg.first, len(have))
            self._notices.append(("net.error.malformed", {}))
            return
        facts = self.codec.facts(view)
        decisions = msg.decisions if msg.decisions >= 0 else facts.decisions
        keeper = self._keeper()
        if keeper is not None and seat is not None:  # what this seat was shown, kept with the seat on disk
            keeper.update_raw(msg, self.codec.key)
        elif seat is not None:  # (the host's own seats: kept here, for the game's replay as they saw it)
            self._kept.note_raw(msg, decisions, seat in facts.deciders)
        before = self._deciders()
        have += events
        if seat is None:
            self._public = view
        else:
            self._views[seat] = view
            self._legal[seat] = legal
            if msg.first == 0 or self._sent.get(seat) == msg.ack:
                # the server carried the seat's action out (the update acknowledges it), or sent everything
                # again (as after a reconnect, when an action in flight may be lost): its decision is open again.
                # Any other update (another seat's move, a line of talk) leaves an action in flight closed:
                # sent again, it would come back refused.
                self._sent.pop(seat, None)
        changed = decisions != self._decisions
        self._decisions = decisions
        self._talk_ids.discard(msg.ack)
        if changed:
            gone = [s for s in before if s not in self._deciders()]
            actor = gone[0] if gone else (before[0] if before else facts.active)
            self._moves.append(Move(actor, None, None, decisions, facts.over))
        elif key == min(self.human_seats, default=P.SPECTATOR):
            # talk moves no decision: its events are still a change the screen shows now (once per update)
            for e in events:
                speaker = self.codec.talk_seat(e)
                if speaker is not None:
                    self._moves.append(Move(speaker, None, None, decisions, facts.over))
                    break
