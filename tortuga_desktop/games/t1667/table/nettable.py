"""A Tortuga 1667 game at a network table, seen from this screen: :class:`NetTable1667` implements the
shell's :class:`~tortuga_desktop.shell.table.GameTable`, so the 1667 table scene plays over the network
as it plays at one computer.

The server holds the game. This table holds only what the server sent the seats played here: each
seat's view, its events and its legal actions (checked by :mod:`~tortuga_desktop.games.t1667.net.codec` on
receipt); the public view and events (viewer None) are made from a seat's own data
(:func:`~tortuga_desktop.games.t1667.net.codec.public_of`). Nothing else is known here, so nothing else can
be shown: another seat's vote card is never in what arrives.

An action goes to the server as its text (checked first against the seat's legal actions, so a
refusal is immediate and changes nothing); until the server answers, the seat has nothing open here.
The connection, its state and the table's chat are read in :meth:`NetTable1667.poll` (never blocks).

Table talk is a move of the game (T9.7): a seat's line (:meth:`NetTable1667.say`) goes to the server
as a :class:`~tortuga_desktop.net.protocol.Talk` and comes back, to every seat and watcher, as a
``Talked`` event in the updates (the ship's log words it); an update that brings talk and no decision
is a :class:`~tortuga_desktop.shell.table.Move` without an action, so the screen shows it at once.
Computer players' talk comes the same way. Only an older kind of computer player's line arrives in
the chat (kind ``bot``, stamped with its seat): it is read back
(:func:`~tortuga_desktop.games.t1667.net.codec.talk_from_text`) and handed to the table scene as
:attr:`said`; each line comes one way or the other, never both.

Pure Python: no pygame (a test drives it headless).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tortuga_desktop.games.t1667.net import codec as C
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import ConnState, NetClient, Status
from tortuga_desktop.shell.engine import ActionRefused, Prompt
from tortuga_desktop.shell.table import OPEN, REMOTE, Move, NotConnected, Said, Viewer, ViewerError

from ..rules import Action, Event, PlayerView, PublicView, TableView, parse_action
from ..rules.errors import RulesError
from ..rules.events import Talked
from ..rules.talk import Say

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.netsession import NetSession

log = logging.getLogger(__name__)

__all__ = ["NetTable1667"]


class NetTable1667:
    """A 1667 game played over the network (see the module docstring). ``client`` is a
    :class:`~tortuga_desktop.net.client.NetClient` made with ``raw_updates=True`` that has joined (or
    is joining) a Tortuga 1667 table; this table reads everything it receives from now on."""

    def __init__(self, client: NetClient, *, controller: NetSession | None = None) -> None:
        """``controller``: the shell's :class:`~tortuga_desktop.shell.netsession.NetSession` when the
        table was reached through the lobby screens: it then drains the connection (lobby, chat,
        connection state and refusals stay its business, its notices are handed on here) and tells
        this table every message; else this table drains ``client`` itself."""
        self.client = client
        self.controller = controller
        if controller is not None:
            controller.listeners.append(self.handle)
        self._lobby: P.Lobby | None = None
        self._views: dict[int, PlayerView] = {}
        self._public: PublicView | None = None
        self._events: dict[int, list[Event]] = {}
        self._legal: dict[int, tuple[Action, ...]] = {}
        self._decisions = -1
        #: per seat: the decision counter an action was sent at (its prompt is closed until the answer)
        self._sent: dict[int, int] = {}
        self._marks: dict[int, int] = {}
        self._notices: list[tuple[str, dict[str, Any]]] = []
        self._said: list[Said] = []
        #: the table's chat entries (protocol :class:`~tortuga_desktop.net.protocol.Chat`), in order
        self.chat: list[P.Chat] = []
        self.state: ConnState = client.state
        #: computer players' chat lines not read yet (read once the table's seat count is known)
        self._talk_due: list[P.Chat] = []
        self._moves: list[Move[Action]] = []
        #: ids of the lines of talk sent (a refusal of one opens no decision again)
        self._talk_ids: set[int] = set()
        self._closed = False

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
            return next(iter(self._views.values())).players
        return self._lobby.players if self._lobby is not None else 0

    @property
    def names(self) -> tuple[str, ...]:
        if self._lobby is not None:
            return tuple(s.name for s in self._lobby.seats)
        if self._views:
            return next(iter(self._views.values())).names
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
        return tuple(self.client.seats)

    @property
    def viewers(self) -> frozenset[Viewer]:
        return frozenset([*self.human_seats, None])

    @property
    def is_over(self) -> bool:
        view = self._any_view()
        return view is not None and view.outcome is not None

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

    def _any_view(self) -> TableView | None:
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
            return C.public_of(self._views[min(self._views)])
        if self._public is not None:
            return self._public
        raise ViewerError("no view has arrived yet")

    def events_for(self, viewer: Viewer, start: int = 0) -> Sequence[Event]:
        self._check(viewer)
        if viewer is not None:
            return tuple(self._events.get(viewer, [])[start:])
        if self._views:
            return tuple(C.public_events(self._events.get(min(self._views), []))[start:])
        return tuple(self._events.get(P.SPECTATOR, [])[start:])

    def prompt(self, seat: int) -> Prompt[Any, Action, Event]:
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
        """A seat played here says ``line`` (a :class:`~tortuga_desktop.games.t1667.rules.talk.Say`, or its
        text form) to the table: sent to the server, which carries it out as a ``Talked`` event every seat
        hears (it then comes back in the updates). :class:`ActionRefused` (nothing sent) for what is no
        line of talk, names a seat this table lacks, or a game that is over; :class:`NotConnected` while
        the connection is down. A line the server refuses (said too often this turn, a reaction naming a
        vote as it was not) comes back as a notice."""
        self._check_human(seat)
        if isinstance(line, str):
            try:
                line = parse_action(line)
            except RulesError as exc:
                raise ActionRefused(str(exc)) from None
        if not isinstance(line, Say):
            raise ActionRefused("not a line of Tortuga 1667's table talk")
        if seat not in self._views:
            raise ActionRefused("the game has not started here yet")
        if self.is_over:
            raise ActionRefused("the game is over")
        if line.about is not None and line.about >= self.players:
            raise ActionRefused(f"no seat {line.about} at this {self.players}-player table")
        if self.state is not ConnState.CONNECTED:
            raise NotConnected("not connected to the table")
        self._talk_ids.add(self.client.send_talk(seat, str(line)))

    def submit(self, seat: int, action: Action | str) -> Move[Action]:
        """Send a seat's action; :class:`ActionRefused` (nothing sent) when it is not one of the seat's
        legal actions now or an answer to an earlier one is still awaited, :class:`NotConnected` while
        the connection is down."""
        self._check_human(seat)
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except RulesError as exc:
                raise ActionRefused(str(exc)) from None
        if self.state is not ConnState.CONNECTED:
            raise NotConnected("not connected to the table")
        if seat in self._sent:
            raise ActionRefused("the server has not answered this seat's previous action yet")
        if action not in self._legal.get(seat, ()):
            raise ActionRefused("not one of this seat's legal actions now")
        self._sent[seat] = self._decisions
        self.client.send_action(seat, str(action), self._decisions)
        keeper = self._keeper()
        if keeper is not None:  # the seat's record on disk (the dice game's network seat keeps the same)
            keeper.acted(seat, self._decisions, str(action))
        return Move(seat, action, None, self._decisions + 1, False)

    def poll(self, budget_s: float = 0.0) -> list[Move[Action]]:
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
        if view is None or view.outcome is not None:
            return ()
        return tuple(sorted({d.seat for d in view.pending}))

    def waiting_for(self) -> tuple[int, ...]:
        return tuple(s for s in self._deciders() if s not in self._sent)

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
                self._said.append(Said(entry.seat, C.talk_from_text(entry.text, entry.seat, self.players)))
            except P.ProtocolError as exc:
                log.warning("a computer player's line did not read: %s", exc)
                self._notices.append(("net.error.malformed", {}))

    def _on_update(self, msg: P.Update) -> None:
        seat: int | None = None if msg.seat == P.SPECTATOR else msg.seat
        if seat is not None and seat not in self.human_seats:
            self._notices.append(("net.error.malformed", {}))
            log.warning("the server sent an update for a seat not played here")
            return
        try:
            view = C.view_from_json(msg.view, seat)
            events = C.events_from_json(msg.events, seat)
            legal = () if seat is None else tuple(parse_action(t) for t in (msg.legal or []))
        except (P.ProtocolError, RulesError) as exc:
            log.warning("a 1667 update did not read: %s", type(exc).__name__)
            self._notices.append(("net.error.malformed", {}))
            return
        key = P.SPECTATOR if seat is None else seat
        have = self._events.setdefault(key, [])
        if msg.first == 0:
            have.clear()
            self._marks.pop(key, None)
        elif msg.first != len(have):
            log.warning("a 1667 update does not follow the events this screen has (%d, %d)", msg.first, len(have))
            self._notices.append(("net.error.malformed", {}))
            return
        keeper = self._keeper()
        if keeper is not None and seat is not None:  # what this seat was shown, kept with the seat on disk
            keeper.update_raw(msg, self.controller.game if self.controller is not None else "t1667")
        before = self._deciders()
        have += events
        if seat is None:
            self._public = view if isinstance(view, PublicView) else None
        else:
            assert isinstance(view, PlayerView)
            self._views[seat] = view
            self._legal[seat] = legal
            self._sent.pop(seat, None)
        changed = msg.decisions != self._decisions
        self._decisions = msg.decisions
        self._talk_ids.discard(msg.ack)
        if changed:
            gone = [s for s in before if s not in self._deciders()]
            actor = gone[0] if gone else (before[0] if before else view.active)
            self._moves.append(Move(actor, None, None, msg.decisions, view.outcome is not None))
        elif key == min(self.human_seats, default=P.SPECTATOR):
            # talk moves no decision: its events are still a change the screen shows now (once per update)
            for e in events:
                if isinstance(e, Talked):
                    self._moves.append(Move(e.seat, None, None, msg.decisions, view.outcome is not None))
                    break
