"""A network game's connection as the table sees it: :class:`RemoteController`.

In a network game the server owns the game; this computer gets, for each seat it plays, that
seat's :class:`~tortuga_desktop.rules.PlayerView` and the events it may see (R9), through a
:class:`~tortuga_desktop.net.client.NetClient` whose queue is drained once per frame (never
blocks).

What the table shows comes from the controller's :attr:`RemoteController.source`, a
:class:`~.netsource.NetTableSource` (the :class:`~.source.TableSource` of a network game) built
from those views and events alone: nothing is guessed or made up about what this computer was
not sent. The controller keeps the rest: the connection state and the lobby (who sits where,
who dropped, which seat a computer player has taken over) for the banner, the table's chat, the
seat kept on disk (:class:`~tortuga_desktop.net.seatstore.SeatKeeper`) with what its seats were
shown, and the requests in flight.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tortuga_desktop.dice.table.netsource import NetTableSource
from tortuga_desktop.levels import LEVELS
from tortuga_desktop.net.protocol import SPECTATOR
from tortuga_desktop.net.seatstore import SeatRecord as KeptRecord
from tortuga_desktop.rules import (
    Decision,
    PlayerAction,
)
from tortuga_desktop.rules.events import event_to_dict
from tortuga_desktop.shell.saves import SeatConfig

log = logging.getLogger(__name__)

__all__ = ["ChatLine", "NetState", "RemoteController", "SeatState", "wait_for_closing"]

_closing_lock = threading.Lock()
#: network sessions still closing (a hosted server writes its table's save as it stops)
_CLOSING: list[threading.Thread] = []


def wait_for_closing(timeout: float = 10.0) -> bool:
    """Wait (off the frame loop) until every network session left a moment ago has closed, so
    its hosted table's save is on disk; False if one is still closing after ``timeout``."""
    end = time.monotonic() + timeout
    with _closing_lock:
        pending = [t for t in _CLOSING if t.is_alive()]
        _CLOSING[:] = pending
    for t in pending:
        t.join(max(0.0, end - time.monotonic()))
    return not any(t.is_alive() for t in pending)


# ---------------------------------------------------------------- connection and seats
@dataclass(frozen=True)
class SeatState:
    """One seat as the lobby and the table's banner show it."""

    seat: int
    name: str
    #: "open" (a remote player), "computer" or "local" (a human at the host's computer)
    kind: str
    level: str
    taken: bool
    connected: bool
    #: a computer player plays it now (computer seats, or a dropped player's seat taken over)
    bot: bool
    #: seconds left until a computer player takes over a dropped seat (None: not held)
    held_for: float | None
    #: played on this computer
    here: bool


@dataclass(frozen=True)
class NetState:
    """What the banner shows about the connection: ``state`` (connecting, connected,
    reconnecting, closed, failed), ``problem`` (a translation key when something went wrong)
    and its parameters."""

    state: str = "connecting"
    problem: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    retry_in: float = 0.0


@dataclass(frozen=True)
class ChatLine:
    """One entry of the table's chat as the server stamped it: a player's message
    (``kind`` "say") or a note of the table about ``seat`` (joined, dropped, returned, left,
    taken_over; ``text`` empty: the panel words it)."""

    n: int
    seat: int
    name: str
    kind: str
    text: str
    at: float


#: Error codes of the protocol -> translation key of what the player reads.
ERROR_KEYS = {
    "version": "net.error.version",
    "code": "net.error.code",
    "token": "net.error.token",
    "full": "net.error.full",
    "denied": "net.error.denied",
    "illegal": "net.error.illegal",
    "stale": "net.error.stale",
    "turn": "net.error.turn",
    "offline": "net.error.offline",
    "rate": "net.error.rate",
    "malformed": "net.error.malformed",
    "name": "net.error.name",
    "chat": "net.chat.refused",
    "chat_rate": "net.chat.rate",
    "tls": "net.error.tls",
}


class RemoteController:
    """The table's controller for a network game (see the module docstring).

    ``client`` is a started :class:`~tortuga_desktop.net.client.NetClient` (or anything with
    its ``poll``/``send_action``/``close``/``state``/``start_game`` methods). ``host`` is the
    :class:`~tortuga_desktop.net.server.ServerThread` this computer runs, if it hosts; closing
    the controller stops it too.
    """

    def __init__(self, client: Any, *, host: Any = None, colours: Sequence[int] | None = None,
                 keeper: Any = None) -> None:
        """``keeper``: a :class:`~tortuga_desktop.net.seatstore.SeatKeeper` that keeps this
        computer's seat (address, token, the seat's record) on disk, so it can be taken back
        after the game was closed or killed (a joiner's seat; the host has its table save)."""
        self.client = client
        self.keeper = keeper
        self.host = host
        self.colours = list(colours) if colours is not None else None
        self.seats: list[SeatConfig] = []
        self.human_seats: list[int] = []
        self.notices: list[tuple[str, dict[str, Any]]] = []
        #: a continued hosted table that had to take a new port: (old port, new port)
        self.moved: tuple[int, int] | None = None
        self.on_decision: Any = None
        #: the local-network announcement of a hosted game (closed with the controller)
        self.announcer: Any = None
        self.think_started: float | None = None
        self.net = NetState()
        self.lobby: list[SeatState] = []
        #: when the lobby arrived (``held_for`` counts down from then)
        self.lobby_at = time.perf_counter()
        self.table_name = ""
        #: which game the table plays (the lobby says: "tortuga", the dice game, or "t1667")
        self.game = "tortuga"
        self.started = False
        self.over = False
        #: a problem that ends this connection for good (translation key, parameters)
        self.fatal: tuple[str, dict[str, Any]] | None = None
        #: the newest problem reported by the server (translation key, parameters), for the join screen
        self.last_error: tuple[str, dict[str, Any]] | None = None
        self.joined = False
        #: this computer watches the table without a seat (the public view only)
        self.watching = False
        self.token = ""
        #: actions of this computer the server refused (a race with the game moving on)
        self.refused = 0
        #: the table's rule for dropped players, when this computer hosts it (lobby text)
        self.hold_seconds: float | None = None
        self.takeover_level = "normal"
        self._requests: dict[int, tuple[int, PlayerAction]] = {}  # request id -> (seat, action)
        self._since = time.perf_counter()
        self._closed = False
        self._keep_failed = False
        self._closer: threading.Thread | None = None
        #: the table's chat as received (oldest first), the seats muted here, and how many
        #: entries arrived (the panel counts what it has not shown)
        self.chat: list[ChatLine] = []
        self.muted: set[int] = set()
        self.chat_received = 0
        self._chat_seen: set[tuple[int, float]] = set()
        kept = getattr(getattr(keeper, "seat", None), "record", None)
        for entry in getattr(kept, "chat", ()):  # a seat taken back: its table talk so far, from its record
            self._on_chat(entry)
        self.chat_received = 0  # read before: not counted as new
        #: what the seats played here were shown, when no keeper keeps it (the host's own seats)
        self.kept = KeptRecord()
        #: told of every message received, in order (the network table source first)
        self.listeners: list[Callable[[Any], None]] = []
        #: what the table shows: built from what the server sent the seats played here only
        self.source = NetTableSource(self)

    def kept_record(self) -> KeptRecord:
        """A copy of what the seats played here were shown: every view with its event count,
        their events and the actions sent (the keeper's, on disk, for a joiner; else kept here).
        The network game's replay is made from it (:class:`~.seatreplay.SeatTimeline`)."""
        kept = self.keeper.record() if self.keeper is not None else None
        return kept if kept is not None else self.kept.copy()

    # ------------------------------------------------------------ the table
    @property
    def ready(self) -> bool:
        """Every seat played here has been shown the game (the table can be shown)."""
        return self.source.ready

    @property
    def busy(self) -> bool:
        return self.source.busy

    @property
    def is_over(self) -> bool:
        return self.source.ready and self.source.is_over

    def thinking_seat(self) -> int | None:
        """A seat a computer player is deciding for (shown with the thinking dots)."""
        return self.source.thinking_seat()

    def pending_humans(self) -> list[Decision]:
        """Decisions waiting for a human at this computer (not those already sent)."""
        return self.source.waiting() if self.source.ready else []

    def waiting_for(self) -> list[int]:
        """Seats played elsewhere that the game waits for now."""
        return self.source.waiting_for()

    def sent(self, rid: int, seat: int, action: PlayerAction) -> None:
        """The table source sent ``seat``'s ``action`` as request ``rid``: kept on disk with the
        seat (or here for the host), and remembered until the server answers."""
        decisions = self.source.view(seat).decisions
        if self.keeper is not None:
            self.keeper.acted(seat, decisions, action.text())
        else:
            self.kept.note_action(seat, decisions, action.text())
        self._requests[rid] = (seat, action)
        if len(self._requests) > 64:
            self._requests.pop(next(iter(self._requests)))

    def start_game(self) -> None:
        """The host starts the game (the server checks the host token)."""
        self.client.start_game()

    def close(self) -> None:
        """Leave: the connection closes (the server holds the seat) and a hosted server stops
        (writing its table's save). Done on a background thread, never on the frame loop; the
        thread is not a daemon, so quitting the game still waits for the save."""
        if self._closed:
            return
        self._closed = True
        client, host, announcer, keeper = self.client, self.host, self.announcer, self.keeper
        self.announcer = None

        def work() -> None:
            if keeper is not None:
                keeper.close()  # the seat's last state on disk
            try:
                client.close(timeout=2.0)
            except (OSError, RuntimeError) as exc:
                log.warning("closing the connection: %s", exc)
            if announcer is not None:
                try:
                    announcer.close()
                except Exception as exc:  # zeroconf raises many kinds; the game is not affected
                    log.warning("withdrawing the local-network announcement: %s", exc)
            if host is not None:
                try:
                    host.stop(timeout=5.0)
                except (OSError, RuntimeError, TimeoutError) as exc:
                    log.warning("stopping the hosted server: %s", exc)

        self._closer = threading.Thread(target=work, name="tortuga-net-close")
        with _closing_lock:
            _CLOSING.append(self._closer)
        self._closer.start()

    def leave_for_good(self) -> None:
        """The player leaves a table whose game has not started: the seat is not offered again."""
        if self.keeper is not None and not self.started:
            self.keeper.set_state("left")

    def wait_closed(self, timeout: float = 10.0) -> None:
        """Wait until :meth:`close` has finished (tests, and the host before listening again)."""
        closer = self._closer
        if closer is not None:
            closer.join(timeout)

    # ------------------------------------------------------------ incoming
    def pump(self) -> bool:
        """Drain the client's queue (never blocks). True when anything changed."""
        from tortuga_desktop.net import protocol as P
        from tortuga_desktop.net.client import GameUpdate, Status

        changed = False
        for msg in self.client.poll():
            changed = True
            for listener in self.listeners:
                listener(msg)
            if isinstance(msg, Status):
                self._on_status(msg)
            elif isinstance(msg, P.Joined):
                self.joined = True
                self.token = msg.token
                self.human_seats = sorted(set(msg.seats))
                if self.keeper is not None:
                    self.keeper.joined(msg.table, msg.seats, msg.token)
            elif isinstance(msg, P.Watching):
                self.joined = self.watching = True
            elif isinstance(msg, P.Lobby):
                self._on_lobby(msg)
                if self.keeper is not None:
                    self.keeper.lobby(msg.name, msg.over)
            elif isinstance(msg, GameUpdate):
                if self.watching and msg.seat == SPECTATOR:
                    pass  # the public view: the source shows it, no seat keeps it
                elif msg.seat not in self.human_seats:
                    log.warning("update for seat %d, which this computer does not play", msg.seat)
                else:
                    if self.keeper is not None:
                        self.keeper.update(msg.seat, msg.view, msg.events, msg.first)
                    else:
                        self.kept.note_update(msg.seat, msg.view, msg.view.to_json(),
                                              [event_to_dict(e) for e in msg.events], msg.first)
            elif isinstance(msg, P.Chat):
                self._on_chat(msg)
                if self.keeper is not None:
                    self.keeper.chat(msg)
            elif isinstance(msg, P.Error):
                self._on_error(msg)
            elif isinstance(msg, P.Bye):
                self.fatal = ("net.error.bye", {})
                self.notices.append(("net.error.bye", {}))
        if self.keeper is not None and self.keeper.problem and not self._keep_failed:
            self._keep_failed = True  # once: the game goes on, but the seat cannot be taken back after a crash
            self.notices.append(("net.return.cannot_keep", {}))
        if changed and self.source.ready and self.seats and len(self.seats) == self.source.players:
            self._refresh_seats(self.source.players)  # the names as the game has them
        return changed

    # ------------------------------------------------------------ chat
    def _on_chat(self, msg: Any) -> None:
        key = (int(msg.n), float(msg.at))
        if key in self._chat_seen:  # the table's chat comes again after a reconnect
            return
        self._chat_seen.add(key)
        self.chat.append(ChatLine(int(msg.n), int(msg.seat), str(msg.name), str(msg.kind), str(msg.text),
                                  float(msg.at)))
        if len(self.chat) > 500:
            del self.chat[:100]
        self.chat_received += 1

    def say(self, text: str) -> bool:
        """Send a chat message (False: nothing to send, or not seated yet; nothing was sent)."""
        text = text.strip()
        if not text or not self.joined or self.watching:
            return False
        self.client.say(text)
        return True

    def toggle_mute(self, seat: int) -> bool:
        """Mute (or unmute) ``seat``'s messages on this computer, for this table only; True:
        now muted. The table's notes about that seat still show."""
        if seat in self.muted:
            self.muted.discard(seat)
            return False
        self.muted.add(seat)
        return True

    def chat_lines(self) -> list[ChatLine]:
        """The chat as shown here: muted seats' messages left out."""
        return [c for c in self.chat if c.kind != "say" or c.seat not in self.muted]

    def _on_status(self, msg: Any) -> None:
        state = str(msg.state)
        problem = ""
        if state == "reconnecting":
            problem = "net.banner.reconnecting"
            # Answers to actions sent before the drop never come: the panels open again.
            self._requests.clear()
        elif state == "failed" and self.fatal is None:
            problem = "net.banner.failed"
            self.fatal = (self.last_error or ("net.error.unreachable", {})) if not self.joined else \
                ("net.banner.failed", {})
        if state == "connected" and self.net.state == "reconnecting":
            self.notices.append(("net.notice.reconnected", {}))
        self.net = NetState(state, problem, (), float(getattr(msg, "retry_in", 0.0)))
        log.info("network: %s (%s)", state, getattr(msg, "detail", ""))

    def _on_error(self, msg: Any) -> None:
        key = ERROR_KEYS.get(str(msg.code), "net.error.other")
        from tortuga_desktop.net.protocol import PROTOCOL_VERSION

        params: dict[str, Any] = {"version": PROTOCOL_VERSION}
        self.last_error = (key, params)
        log.warning("server refused: %s", msg.code)  # its text can quote the choice: play, not a fault
        ref = int(getattr(msg, "ref", -1))
        if ref in self._requests:
            self.refused += 1
            self._requests.pop(ref)  # the source opened the seat's panel again for a new try
            self.notices.append((key, params))
        elif str(msg.code) == "version":
            self.fatal = (key, params)
        elif self.joined and str(msg.code) in ("code", "token"):
            self.fatal = ("net.error.reclaim", {})
            if self.keeper is not None:
                self.keeper.set_state("lost")
        elif self.joined:
            self.notices.append((key, params))

    def _on_lobby(self, msg: Any) -> None:
        self.table_name = str(msg.name)
        self.game = str(getattr(msg, "game", "tortuga"))
        self.lobby_at = time.perf_counter()
        here = set(self.human_seats)
        self.lobby = [SeatState(s.seat, s.name, s.kind, s.level, s.taken, s.connected, s.bot, s.held_for,
                                s.seat in here) for s in msg.seats]
        if msg.started and not self.started:
            self.started = True
            self._since = time.perf_counter()
        self.over = bool(msg.over)
        self._refresh_seats(msg.players)

    def _refresh_seats(self, players: int) -> None:
        seats = []
        for i in range(players):
            info = next((s for s in self.lobby if s.seat == i), None)
            name = info.name if info is not None else f"Player {i + 1}"
            kind = "human"
            if info is not None and info.kind == "computer" and info.level in LEVELS:
                kind = info.level
            colour = self.colours[i] if self.colours is not None and i < len(self.colours) else i
            seats.append(SeatConfig(name=name, kind=kind, colour=colour))
        if self.source.ready and len(seats) == self.source.players:
            names = self.source.view(None).names
            seats = [replace(s, name=names[i]) for i, s in enumerate(seats)]
        if not self.seats or len(self.seats) != len(seats):
            self.seats = seats
        else:
            # The renderer holds this very list: change it in place.
            self.seats[:] = seats
