"""A network table as the shell's screens see it, for any game: :class:`NetSession`.

The host, join, lobby and chat screens work on a session: the connection to the server (a
:class:`~tortuga_desktop.net.client.NetClient` whose queue is drained once per frame, never
waiting), its state for the banner (:class:`NetState`), the lobby (who sits where, who dropped,
which seat a computer player has taken over: :class:`SeatState`), the table's chat
(:class:`ChatLine`, muting), the seat kept on disk
(:class:`~tortuga_desktop.net.seatstore.SeatKeeper`: joined, the lobby, the chat, given up),
requests in flight and refusals as notices, and closing (on a background thread; a hosted server
writes its table's save as it stops: :func:`wait_for_closing`).

What a game makes of the updates its seats are sent is the game's: every game that plays at
network tables (a :class:`~tortuga_desktop.shell.game.NetworkGame`) gives the session its
table when the session is made (:attr:`NetSession.tables`), and each is told every message the
session reads, in order, through :attr:`NetSession.listeners`. The lobby says which game the
table plays (:attr:`NetSession.game`); once it has started, that game's table (ready) goes to
its module's table scene. This module names no game and draws nothing (no pygame).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import Incoming, Status
from tortuga_desktop.net.seatstore import SeatChat
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.i18n import tr

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.net.client import NetClient
    from tortuga_desktop.net.discovery import Announcer
    from tortuga_desktop.net.seatstore import SeatKeeper
    from tortuga_desktop.net.server import ServerThread
    from tortuga_desktop.shell.game import NetworkGame, NetworkTable

log = logging.getLogger(__name__)

__all__ = ["ERROR_KEYS", "ChatLine", "NetSession", "NetState", "Notice", "SeatState", "wait_for_closing"]

#: A message for the player: a translation key and its parameters.
Notice = tuple[str, dict[str, str | int]]

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


@dataclass(frozen=True)
class SeatState:
    """One seat as the lobby and a table's banner show it."""

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
    params: tuple[tuple[str, object], ...] = ()
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
    "talk": "net.error.talk",
}


class NetSession:
    """One network table as this computer takes part in it (see the module docstring).

    ``client`` is a started :class:`~tortuga_desktop.net.client.NetClient` (tests: anything with
    its ``poll``/``send_action``/``say``/``close``/``start_game`` methods and ``state``). ``host``
    is the :class:`~tortuga_desktop.net.server.ServerThread` this computer runs, if it hosts;
    closing the session stops it too. ``keeper`` keeps this computer's seat (address, token, what
    its seats were shown) on disk, so it can be taken back after the game was closed or killed
    (a joiner's seat; the host has its table save). ``network_games``: the games whose tables
    the session makes (default: every registered :class:`~tortuga_desktop.shell.game.NetworkGame`).
    """

    def __init__(self, client: NetClient, *, host: ServerThread | None = None, keeper: SeatKeeper | None = None,
                 network_games: Sequence[NetworkGame] | None = None) -> None:
        self.client = client
        self.keeper = keeper
        self.host = host
        self.human_seats: list[int] = []
        self.notices: list[Notice] = []
        #: a continued hosted table that had to take a new port: (old port, new port)
        self.moved: tuple[int, int] | None = None
        #: the local-network announcement of a hosted game (closed with the session)
        self.announcer: Announcer | None = None
        self.net = NetState()
        self.lobby: list[SeatState] = []
        #: how many watch the table without a seat (the lobby says; a server from before: 0)
        self.watchers = 0
        #: when the lobby arrived (``held_for`` counts down from then)
        self.lobby_at = time.perf_counter()
        self.table_name = ""
        #: which game the table plays (the lobby says; a game's key, :data:`~.game.DEFAULT_GAME` until then)
        self.game = games.DEFAULT_GAME
        self.started = False
        self.over = False
        #: the host closed this table mid-game (it can continue it; until then the game keeps trying)
        self.host_closed = False
        #: a problem that ends this connection for good (translation key, parameters)
        self.fatal: Notice | None = None
        #: the newest problem reported by the server (translation key, parameters), for the join screen
        self.last_error: Notice | None = None
        self.joined = False
        #: this computer watches the table without a seat (the public view only)
        self.watching = False
        self.token = ""
        #: actions of this computer the server refused (a race with the game moving on)
        self.refused = 0
        #: the table's rule for dropped players, when this computer hosts it (lobby text)
        self.hold_seconds: float | None = None
        self.takeover_level = "normal"
        self._requests: dict[int, int] = {}  # request id -> seat
        self._closed = False
        self._keep_failed = False
        self._closer: threading.Thread | None = None
        #: the table's chat as received (oldest first), the seats muted here, and how many
        #: entries arrived (the panel counts what it has not shown)
        self.chat: list[ChatLine] = []
        self.muted: set[int] = set()
        self.chat_received = 0
        self._chat_seen: set[tuple[int, float]] = set()
        kept = keeper.seat.record.chat if keeper is not None and keeper.seat is not None else ()
        for entry in kept:  # a seat taken back: its table talk so far, from its record
            self._on_chat(entry)
        self.chat_received = 0  # read before: not counted as new
        #: told of every message read (after the session took it), in order: the games' tables
        self.listeners: list[Callable[[Incoming], None]] = []
        #: every network game's table at this session (its key -> table), made now so that each is
        #: told every message from the first; the one of :attr:`game` plays once it has started
        self.tables: dict[str, NetworkTable] = {}
        for m in games.network_games() if network_games is None else network_games:
            self.tables[m.key] = m.network_table(self)

    # ------------------------------------------------------------ the table
    def table(self) -> NetworkTable | None:
        """The table of the game the lobby says is played here (None: a game this program lacks)."""
        return self.tables.get(self.game)

    def request_sent(self, rid: int, seat: int) -> None:
        """A game's table sent ``seat``'s action as request ``rid``: a refusal of it is a notice
        and counted in :attr:`refused` (the table opens the seat's decision again)."""
        self._requests[rid] = seat
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
            if host is not None:  # the table closes: the players who joined are told so first
                try:
                    host.call(lambda s: s.close_for_everyone(), timeout=2.0)
                except (OSError, RuntimeError, TimeoutError) as exc:
                    log.warning("telling the players the table closes: %s", exc)
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
        """Drain the client's queue (never blocks): each message is taken here, then handed to
        the :attr:`listeners`. True when anything arrived."""
        changed = False
        for msg in self.client.poll():
            changed = True
            self._take(msg)
            for listener in self.listeners:
                listener(msg)
        if self.keeper is not None and self.keeper.problem and not self._keep_failed:
            self._keep_failed = True  # once: the game goes on, but the seat cannot be taken back after a crash
            self.notices.append(("net.return.cannot_keep", {}))
        return changed

    def _take(self, msg: Incoming) -> None:
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
                self.keeper.lobby(msg.name, msg.over, msg.game)
        elif isinstance(msg, P.Chat):
            self._on_chat(msg)
            if self.keeper is not None:
                self.keeper.chat(msg)
        elif isinstance(msg, P.Error):
            self._on_error(msg)
        elif isinstance(msg, P.Bye) and msg.reason == P.BYE_HOST_CLOSED:
            # said plainly (no countdown to a server that is gone). A table that had not begun is
            # gone for good; a game that has begun is saved on the host's computer: the client
            # keeps trying, and the seat is taken back when the host continues it
            if self.started:
                self.host_closed = True
                self.notices.append(("net.error.host_closed_game", {}))
            else:
                self.fatal = ("net.error.host_closed", {})
                if self.keeper is not None:
                    self.keeper.set_state("lost")
        elif isinstance(msg, P.Bye):
            self.fatal = ("net.error.bye", {})
            self.notices.append(("net.error.bye", {}))

    # ------------------------------------------------------------ chat
    def _on_chat(self, msg: P.Chat | SeatChat) -> None:
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

    def bot_words(self, line: ChatLine) -> str:
        """A computer player's line (kind ``bot``) in words, by the table's game
        (:class:`~tortuga_desktop.shell.game.NetworkChatWords`); a line the game does not read (or a
        game without such lines) is said to be unreadable, never shown as its raw data."""
        try:
            m: object = games.module(self.game)
        except games.UnknownGameError:
            m = None
        if isinstance(m, games.NetworkChatWords):
            try:
                return m.bot_chat_text(line.text, line.seat, [s.name for s in self.lobby])
            except ValueError as exc:
                log.warning("a computer player's chat line did not read: %s", type(exc).__name__)
        return tr("net.chat.bot_unread", name=line.name)

    def chat_lines(self) -> list[ChatLine]:
        """The chat as shown here: muted seats' messages left out."""
        return [c for c in self.chat if c.kind != "say" or c.seat not in self.muted]

    def _on_status(self, msg: Status) -> None:
        state = str(msg.state)
        problem = ""
        if state == "reconnecting":
            problem = "net.banner.host_closed" if self.host_closed else "net.banner.reconnecting"
            # Answers to actions sent before the drop never come: the panels open again.
            self._requests.clear()
        elif state == "failed" and self.fatal is None:
            problem = "net.banner.failed"
            self.fatal = (self.last_error or ("net.error.unreachable", {})) if not self.joined else \
                ("net.banner.failed", {})
        if state == "connected" and self.net.state == "reconnecting":
            self.notices.append(("net.notice.reconnected", {}))
        if state == "connected":
            self.host_closed = False
        self.net = NetState(state, problem, (), float(msg.retry_in))
        log.info("network: %s (%s)", state, msg.detail)

    def _on_error(self, msg: P.Error) -> None:
        key = "net.error.talk_old" if P.talk_unknown(msg) else ERROR_KEYS.get(str(msg.code), "net.error.other")
        params: dict[str, str | int] = {"version": P.PROTOCOL_VERSION}
        self.last_error = (key, params)
        log.warning("server refused: %s", msg.code)  # its text can quote the choice: play, not a fault
        ref = int(msg.ref)
        if ref in self._requests:
            self.refused += 1
            self._requests.pop(ref)  # the table opened the seat's decision again for a new try
            self.notices.append((key, params))
        elif str(msg.code) == "version":
            self.fatal = (key, params)
        elif self.joined and str(msg.code) in ("code", "token"):
            self.fatal = ("net.error.reclaim", {})
            if self.keeper is not None:
                self.keeper.set_state("lost")
        elif self.joined:
            self.notices.append((key, params))

    def _on_lobby(self, msg: P.Lobby) -> None:
        self.table_name = str(msg.name)
        self.game = str(msg.game)
        self.lobby_at = time.perf_counter()
        here = set(self.human_seats)
        self.lobby = [SeatState(s.seat, s.name, s.kind, s.level, s.taken, s.connected, s.bot, s.held_for,
                                s.seat in here) for s in msg.seats]
        if msg.started and not self.started:
            self.started = True
        self.over = bool(msg.over)
        self.watchers = max(0, int(msg.watchers))
