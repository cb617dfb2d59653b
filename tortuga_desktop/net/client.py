"""The network client: :class:`NetClient`, a connection to a Tortuga server for scenes and bots.

A :class:`NetClient` runs its own thread with its own asyncio event loop (or, for many clients
in one process, an event loop you give it). The frame loop never waits for it: everything the
server says arrives, already decoded and checked, in a thread-safe queue that a scene drains
once per frame with :meth:`NetClient.poll` (never blocks).

Typical use (a remote player)::

    client = NetClient("ws://192.168.1.20:47600", code="K7PQ2M", name="Anne")
    client.start()
    ...                                   # every frame:
    for msg in client.poll():
        if isinstance(msg, Status):       # connection state changed: banner on/off
            ...
        elif isinstance(msg, Joined):     # msg.seats: the seat(s) this client plays; msg.token
            ...
        elif isinstance(msg, Lobby):      # who sits where, connected or not, started or not
            ...
        elif isinstance(msg, Update):     # msg.view: the view of msg.seat; msg.events: new events this
            ...                           # seat may see (JSON data its game's table reads); msg.ack
        elif isinstance(msg, Error):      # a refused message: msg.code, msg.message, msg.ref
            ...
    client.send_action(seat, action, n)   # an action (its ``text()``) or its text, answering the game's
                                          # decision n (its view says it); returns the request id
    client.close()

The host's own screen uses the same class with ``token=host_token`` (it then plays every
``local`` seat and may :meth:`start_game`)::

    from tortuga_desktop.net.server import start_host      # start_host(resume=path) for a saved one
    hosted = start_host(seats, host="0.0.0.0", port=47600, save_path=path)
    server, table = hosted.server, hosted.table
    client = NetClient(f"127.0.0.1:{server.port}", code=table.code, token=table.host_token)
    ...                                   # show table.code; Lobby items say who has joined
    client.start_game()
    ...
    client.close(); server.stop() On a dedicated server a client may first
:meth:`list_tables` (answer: :class:`Tables`) and :meth:`create_table` (answer: :class:`Created`
with the join code and the host token), then :meth:`join`.

Queue items (all immutable): :class:`Status` (made here), and from the server
:class:`~.protocol.Welcome`, :class:`~.protocol.Tables`, :class:`~.protocol.Created`,
:class:`~.protocol.Joined`, :class:`~.protocol.Lobby`, :class:`~.protocol.Update` (its form
checked; its view and events are JSON data the table's game reads with its own readers, e.g. the
shell's :class:`~tortuga_desktop.shell.nettable.NetTable` with the game's codec), :class:`~.protocol.Chat` (:meth:`say`;
after a reconnect the table's chat comes again: skip entries whose ``n`` you have), :class:`~.protocol.Error`,
:class:`~.protocol.Bye`. A message that does not decode (or a watcher's update sent to a
client that does not watch) is logged and reported as an :class:`~.protocol.Error` with code
``"malformed"``; the connection goes on. Besides the
server's error codes (:data:`~.protocol.ERROR_CODES`) the client itself reports ``"offline"``
(an action or request while not connected: it was not sent).

Connection state (:attr:`NetClient.state`, also sent as :class:`Status`): ``connecting`` ->
``connected`` -> (lost) ``reconnecting`` -> ``connected`` ... -> ``closed`` (after
:meth:`close`) or ``failed`` (protocol version mismatch, the seat was reclaimed elsewhere, the
server sent :class:`~.protocol.Bye`, or no connection for ``give_up_after`` seconds).
Reconnecting waits ``backoff_min`` seconds, doubling up to ``backoff_max`` (with jitter), and
then joins again with the reclaim token, so the seat comes back.

Secure connections: a ``wss://host:port`` address connects with TLS and checks the server's
certificate against the system's trusted certificates plus, for a server with a self-signed
certificate, a certificate file the player trusts explicitly (``trust_file``, or
:func:`set_trusted_certificate` for the whole program: ``tortuga --trust-cert FILE``). A
certificate that is not trusted (or is for another name) ends the attempt at once: an
:class:`~.protocol.Error` with code ``"tls"`` ("certificate not trusted: ...") and ``failed``;
it is never retried or let through.

Thread safety: every public method may be called from any thread. Reading :attr:`state`,
:attr:`seats`, :attr:`token` is safe (they are replaced, never mutated).
"""

from __future__ import annotations

import asyncio
import logging
import queue
import random
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.protocol import Bye, Created, Error, Joined, Lobby, SeatSpec, Tables, Welcome

logger = logging.getLogger(__name__)

DEFAULT_PORT = P.DEFAULT_PORT

#: a certificate file every ``wss://`` connection of this program trusts besides the system's
_trusted_file: Path | None = None


def set_trusted_certificate(path: str | Path | None) -> None:
    """Trust the certificate(s) in ``path`` (PEM) for every ``wss://`` connection from now on,
    besides the system's (``tortuga --trust-cert FILE``: a server with a self-signed one)."""
    global _trusted_file
    _trusted_file = None if path is None else Path(path)


def tls_context(trust_file: str | Path | None = None) -> ssl.SSLContext:
    """The client's TLS settings: the system's trusted certificates plus ``trust_file`` (PEM);
    certificates and host names are always checked. Raises OSError or ssl.SSLError when the
    file cannot be read."""
    ctx = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    extra = trust_file if trust_file is not None else _trusted_file
    if extra is not None:
        ctx.load_verify_locations(cafile=str(extra))
    return ctx


class ConnState(StrEnum):
    CONNECTING = "connecting"
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    CLOSED = "closed"
    FAILED = "failed"


@dataclass(frozen=True)
class Status:
    """The connection state changed. ``detail``: why (English, for the log; show the state)."""

    state: ConnState
    detail: str = ""
    #: seconds until the next reconnect attempt (``reconnecting`` only)
    retry_in: float = 0.0


class _Action(Protocol):
    def text(self) -> str: ...


Incoming = Status | Welcome | Tables | Created | Joined | P.Watching | Lobby | P.Chat | Error | Bye | P.Update


def server_url(addr: str) -> str:
    """``host``, ``host:port`` or a ``ws://`` URL -> a ``ws://`` URL (default port 47600).

    >>> server_url("192.168.1.5"), server_url("localhost:5000"), server_url("ws://h:1")
    ('ws://192.168.1.5:47600', 'ws://localhost:5000', 'ws://h:1')
    >>> server_url("[::1]:5000")
    'ws://[::1]:5000'
    """
    addr = addr.strip()
    if addr.startswith(("ws://", "wss://")):
        return addr
    if not addr:
        raise ValueError("no server address")
    if addr.startswith("["):
        host, _, rest = addr.partition("]")
        port = rest[1:] if rest.startswith(":") else ""
        host += "]"
    elif addr.count(":") == 1:
        host, port = addr.split(":")
    else:
        host, port = (f"[{addr}]" if ":" in addr else addr), ""
    if port and not (port.isdigit() and 1 <= int(port) <= 65535):
        raise ValueError(f"bad port in {addr!r}")
    return f"ws://{host}:{port or DEFAULT_PORT}"


class NetClient:
    """A connection to a Tortuga server (see the module docstring for the whole API)."""

    def __init__(self, url: str, *, code: str = "", table: str = "", name: str = "", token: str = "",
                 seat: int | None = None, reconnect: bool = True, backoff_min: float = 0.25,
                 backoff_max: float = 8.0, give_up_after: float | None = 120.0,
                 on_message: Callable[[Incoming], None] | None = None,
                 loop: asyncio.AbstractEventLoop | None = None,
                 trust_file: str | Path | None = None) -> None:
        """``url``: see :func:`server_url`. With ``code`` the client joins that table as soon as
        it is connected (``token`` reclaims a seat or, the host token, takes the local seats;
        ``seat`` asks for a particular open seat). ``on_message`` (optional) is called on the
        network thread for every incoming item *instead of* queueing it (bots, benchmarks).
        ``loop``: run on this (running) event loop instead of an own thread. Each update is
        delivered as the :class:`~.protocol.Update` msgspec decoded (its form checked); reading its
        view and events is the receiver's, with its game's readers (a computer player reads only the
        views it acts on). ``trust_file``: a certificate (PEM) trusted for a
        ``wss://`` server besides the system's (see the module docstring)."""
        self.url = server_url(url)
        self.trust_file = trust_file
        self.name = name
        self.reconnect = reconnect
        self.backoff_min = backoff_min
        self.backoff_max = backoff_max
        self.give_up_after = give_up_after
        self.incoming: queue.Queue[Incoming] = queue.Queue()
        self._on_message = on_message
        self._code = code
        self._table = table
        self._seat_wish = seat
        self._token = token
        self._joined = False
        self._auto_join = bool(code)
        self._rejoining = False
        self._host_token = ""
        self._state = ConnState.CONNECTING
        self._seats: tuple[int, ...] = ()
        #: the game of the table (its lobby says)
        self.game = P.DEFAULT_GAME
        self._next_id = 1
        self._id_lock = threading.Lock()
        self._own_loop = loop is None
        self._loop = loop or asyncio.new_event_loop()
        self._thread: threading.Thread | None = None
        self._task: asyncio.Task[None] | None = None
        self._outbox: asyncio.Queue[bytes] | None = None
        self._ws: ClientConnection | None = None
        self._welcomed = False
        self._buffer: list[bytes] = []
        self._closing = False
        self._final = ""
        #: the table's game has begun (a Lobby said so): a host that closes it can continue it later
        self._table_started = False
        self._rng = random.Random()
        self.server_lobby = False
        #: the table (and code) this client watches without a seat (watched again after a reconnect)
        self._watch: P.Watch | None = None

    # ------------------------------------------------------------ state (read from any thread)
    @property
    def state(self) -> ConnState:
        return self._state

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats this client plays (after :class:`Joined`)."""
        return self._seats

    @property
    def token(self) -> str:
        """The reclaim token (after :class:`Joined`); keep it to reclaim the seat later."""
        return self._token

    @property
    def table(self) -> str:
        return self._table

    @property
    def code(self) -> str:
        return self._code

    @property
    def host_token(self) -> str:
        """The host token of a table this client created (after :class:`Created`)."""
        return self._host_token

    # ------------------------------------------------------------ control (any thread)
    def start(self) -> None:
        """Connect (in the background)."""
        if self._own_loop:
            self._thread = threading.Thread(target=self._run_thread, name="net-client", daemon=True)
            self._thread.start()
        else:
            self._loop.call_soon_threadsafe(self._spawn)

    def poll(self, limit: int = 200) -> list[Incoming]:
        """Everything received since the last call (at most ``limit`` items); never blocks."""
        out: list[Incoming] = []
        while len(out) < limit:
            try:
                out.append(self.incoming.get_nowait())
            except queue.Empty:
                break
        return out

    def get(self, timeout: float | None = None) -> Incoming | None:
        """The next item, waiting up to ``timeout`` seconds (headless tools and tests only:
        a frame loop uses :meth:`poll`). None when nothing came."""
        try:
            return self.incoming.get(timeout=timeout)
        except queue.Empty:
            return None

    def join(self, code: str, *, table: str = "", name: str | None = None, token: str = "",
             seat: int | None = None) -> None:
        """Take a seat (answer: :class:`Joined` or :class:`Error`)."""
        self._code, self._table, self._token, self._seat_wish = code, table, token, seat
        if name is not None:
            self.name = name
        self._post(self._join_msg())

    def watch(self, table: str, code: str = "") -> None:
        """Watch ``table`` without a seat (answer: :class:`~.protocol.Watching`, then its lobby,
        chat and spectator updates: :class:`~.protocol.Update` with ``seat`` :data:`~.protocol.SPECTATOR`);
        watched again after a reconnect. ``code``: a private table's join code."""
        self._watch = P.Watch(table=table, code=code)
        self._table = table
        self._post(self._watch)

    def list_tables(self) -> None:
        """Ask a dedicated server for its tables (answer: :class:`Tables`)."""
        self._post(P.ListTables())

    def create_table(self, seats: list[SeatSpec], *, name: str = "", long_game: bool = False,
                     hold_seconds: float = 60.0, takeover_level: str = "normal", auto_start: bool = False,
                     listed: bool = False, game: str = P.DEFAULT_GAME, starred: list[str] | None = None,
                     options: dict[str, Any] | None = None) -> None:
        """Create a table on a dedicated server (answer: :class:`Created`); ``listed``: shown with
        its join code in the server's list (anyone may join it from there), else private; ``game``:
        which game (a registered game's key), ``options``: the game's own table options (JSON data
        its adapter checks; ``long_game`` and ``starred`` are two of them as protocol version 1
        named them)."""
        rest = dict(options or {})
        # the options protocol version 1 has fields for go in them (a server of that version reads them)
        if isinstance(rest.get("long_game"), bool):
            long_game = long_game or bool(rest.pop("long_game"))
        if isinstance(rest.get("starred"), list) and starred is None:
            starred = [str(c) for c in rest.pop("starred")]
        self._post(P.CreateTable(seats=seats, name=name, long_game=long_game, hold_seconds=hold_seconds,
                                 takeover_level=takeover_level, auto_start=auto_start,  # type: ignore[arg-type]
                                 listed=listed, game=game, starred=starred, options=rest or None))

    def start_game(self, token: str = "") -> None:
        """Start the table's game (host token: given, else the one from :class:`Created` or
        the token this client joined with)."""
        self._post(P.Start(table=self._table, token=token or self._host_token or self._token))

    def send_action(self, seat: int, action: _Action | str, decisions: int) -> int:
        """Send ``seat``'s action; returns its id (the server's :class:`~.protocol.Update` ``ack`` or
        :class:`Error` ``ref``). ``decisions``: the game's decision counter of the view the action
        answers (read by the game's table; the server refuses an answer to an older view). Refused at once (an :class:`Error` in the queue, code
        ``offline``) while not connected."""
        text = action if isinstance(action, str) else action.text()
        with self._id_lock:
            rid = self._next_id
            self._next_id += 1
        raw = P.encode(P.Act(id=rid, seat=seat, decisions=decisions, action=text))
        try:
            self._loop.call_soon_threadsafe(self._send_act, raw, rid)
        except RuntimeError:  # the client has stopped
            self.incoming.put(Error(code="offline", message="the connection is closed", ref=rid))
        return rid

    def send_talk(self, seat: int, line: str) -> int:
        """Send ``seat``'s line of table talk (the game's text form, :class:`~.protocol.Talk`); returns
        its id (the ``ack`` of the :class:`~.protocol.Update` it causes, or the :class:`Error`'s ``ref``).
        Refused at once (an :class:`Error` in the queue, code ``offline``) while not connected: a line
        said into a lost connection is never sent later."""
        with self._id_lock:
            rid = self._next_id
            self._next_id += 1
        raw = P.encode(P.Talk(id=rid, seat=seat, line=line))
        try:
            self._loop.call_soon_threadsafe(self._send_act, raw, rid)
        except RuntimeError:  # the client has stopped
            self.incoming.put(Error(code="offline", message="the connection is closed", ref=rid))
        return rid

    def say(self, text: str, seat: int | None = None) -> None:
        """Send a chat message to the table (answer: a :class:`~.protocol.Chat` to everyone, or
        an :class:`Error`: ``chat``, ``chat_rate``; ``offline`` while not connected). The text is
        cut to :data:`~.protocol.MAX_CHAT` characters; the server cleans it."""
        raw = P.encode(P.Say(text=text[:P.MAX_CHAT], seat=seat))
        try:
            self._loop.call_soon_threadsafe(self._send_chat, raw)
        except RuntimeError:  # the client has stopped
            self.incoming.put(Error(code="offline", message="the connection is closed"))

    def _send_chat(self, raw: bytes) -> None:
        if self._outbox is not None and self._welcomed and self._joined:
            self._outbox.put_nowait(raw)
        else:  # never kept for later: a message said into a lost connection is not sent minutes after
            self._deliver(Error(code="offline", message="not connected to the table"))

    def leave(self) -> None:
        """Leave the table for good (a computer player takes the seat over)."""
        self._post(P.Leave())
        self._token = ""
        self._joined = False
        self._watch = None

    def close(self, timeout: float = 5.0) -> None:
        """Disconnect and stop (no reconnect). Safe to call more than once."""
        self._closing = True
        if self._loop.is_closed():
            return
        try:
            self._loop.call_soon_threadsafe(self._cancel)
        except RuntimeError:  # the loop has stopped already
            return
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def drop_connection(self) -> None:
        """Cut the connection abruptly, as a network fault would (tests, the reconnect banner
        preview). With ``reconnect`` on, the client then reconnects and reclaims its seat."""
        self._loop.call_soon_threadsafe(self._abort)

    def _abort(self) -> None:
        if self._ws is not None:
            self._ws.transport.abort()

    # ------------------------------------------------------------ the network side
    def _run_thread(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
        finally:
            try:  # as asyncio.run does: let what is left (websockets' keepalive task) finish first,
                # else closing the loop destroys it pending and Python prints a warning at exit
                left = asyncio.all_tasks(self._loop)
                for task in left:
                    task.cancel()
                if left:
                    self._loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
                self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            finally:
                self._loop.close()

    def _spawn(self) -> None:
        self._task = self._loop.create_task(self._main())

    def _cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def _deliver(self, item: Incoming) -> None:
        if self._on_message is not None:
            try:
                self._on_message(item)
            except Exception:  # the callback's fault must not kill the connection
                logger.exception("net client callback failed on %s", type(item).__name__)
        else:
            self.incoming.put(item)

    def _set_state(self, state: ConnState, detail: str = "", retry_in: float = 0.0) -> None:
        if state != self._state or state == ConnState.RECONNECTING:
            self._state = state
            self._deliver(Status(state, detail, retry_in))

    def _join_msg(self) -> P.Join:
        return P.Join(code=self._code, table=self._table, name=self.name[:P.MAX_NAME], token=self._token,
                      seat=self._seat_wish)

    def _post(self, msg: P._Msg) -> None:
        raw = P.encode(msg)
        try:
            self._loop.call_soon_threadsafe(self._send_other, raw)
        except RuntimeError:  # the client has stopped
            self.incoming.put(Error(code="offline", message="the connection is closed"))

    def _send_other(self, raw: bytes) -> None:
        if self._outbox is not None and self._welcomed:
            self._outbox.put_nowait(raw)
        else:
            self._buffer.append(raw)

    def _send_act(self, raw: bytes, rid: int) -> None:
        if self._outbox is not None and self._welcomed and self._joined:
            self._outbox.put_nowait(raw)
        else:
            self._deliver(Error(code="offline", message="not connected to the table", ref=rid))

    async def _main(self) -> None:
        self._task = asyncio.current_task()
        delay = self.backoff_min
        lost_since: float | None = None
        first = True
        tls: ssl.SSLContext | None = None
        if self.url.startswith("wss://"):
            try:
                tls = tls_context(self.trust_file)
            except (OSError, ssl.SSLError) as exc:
                self._final = f"the trusted certificate file cannot be read: {exc}"
                self._deliver(Error(code="tls", message=self._final))
                self._set_state(ConnState.FAILED, self._final)
                return
        extra: dict[str, Any] = {"ssl": tls} if tls is not None else {}
        try:
            while not self._closing:
                if first:
                    self._set_state(ConnState.CONNECTING)
                detail = ""
                try:
                    # proxy=None: straight to the address typed, never through a proxy the environment names
                    async with connect(self.url, max_size=4 * P.MAX_MESSAGE, compression=None, open_timeout=5, proxy=None,
                                       ping_interval=20, ping_timeout=20, close_timeout=2,
                                       **extra) as ws:
                        await self._session(ws)
                        detail = f"closed by the server ({ws.close_code})"
                except ssl.SSLCertVerificationError as exc:  # never retried: it would fail the same way
                    self._final = f"certificate not trusted: {exc.verify_message or exc}"
                    self._deliver(Error(code="tls", message=self._final))
                except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as exc:
                    detail = f"{type(exc).__name__}: {exc}"
                except InvalidURI as exc:
                    self._final = f"bad address: {exc}"
                if self._welcomed:
                    delay, lost_since = self.backoff_min, None
                self._welcomed = False
                self._outbox = None
                first = False
                if self._closing:
                    break
                if self._final or not self.reconnect:
                    self._set_state(ConnState.FAILED, self._final or detail)
                    return
                now = time.monotonic()
                lost_since = lost_since or now
                if self.give_up_after is not None and now - lost_since > self.give_up_after:
                    self._set_state(ConnState.FAILED, f"no connection for {self.give_up_after:.0f} s: {detail}")
                    return
                wait = delay * (0.8 + 0.4 * self._rng.random())
                logger.info("connection to %s lost (%s); retrying in %.1f s", self.url, detail, wait)
                self._set_state(ConnState.RECONNECTING, detail, wait)
                await asyncio.sleep(wait)
                delay = min(self.backoff_max, delay * 2)
        except asyncio.CancelledError:
            pass
        self._set_state(ConnState.CLOSED, self._final or "closed")

    async def _session(self, ws: ClientConnection) -> None:
        outbox: asyncio.Queue[bytes] = asyncio.Queue()
        self._outbox = outbox
        self._ws = ws
        writer = asyncio.create_task(self._writer(ws, outbox))
        try:
            await ws.send(P.encode(P.Hello(version=P.PROTOCOL_VERSION, client=P.CLIENT)).decode())
            async for raw in ws:
                self._on_raw(raw, outbox)
                if self._final:
                    break
        finally:
            self._ws = None
            writer.cancel()

    async def _writer(self, ws: ClientConnection, outbox: asyncio.Queue[bytes]) -> None:
        try:
            while True:
                raw = await outbox.get()
                await ws.send(raw, text=True)  # JSON is UTF-8: no decoding and re-encoding
        except ConnectionClosed:
            return

    def _on_raw(self, raw: str | bytes, outbox: asyncio.Queue[bytes]) -> None:
        try:
            self._handle_raw(raw, outbox)
        except Exception:  # a fault boundary: whatever a server sends must not stop this client
            logger.exception("could not handle a message from the server")
            self._deliver(Error(code="malformed", message="the server sent a message this game cannot read"))

    def _handle_raw(self, raw: str | bytes, outbox: asyncio.Queue[bytes]) -> None:
        try:
            msg = P.decode_server(raw)
        except P.ProtocolError as exc:
            logger.warning("bad message from the server: %s", exc)
            self._deliver(Error(code="malformed", message=f"the server sent a bad message: {exc}"))
            return
        if isinstance(msg, P.Update):
            if msg.seat == P.SPECTATOR and self._watch is None:
                self._deliver(Error(code="malformed", message="the server sent a view of another seat"))
                return
            self._deliver(msg)
            return
        if isinstance(msg, Welcome):
            if msg.version != P.PROTOCOL_VERSION:
                self._final = f"the server speaks protocol {msg.version}, this game {P.PROTOCOL_VERSION}"
                self._deliver(Error(code="version", message=self._final))
                return
            self._welcomed = True
            self.server_lobby = msg.lobby
            self._set_state(ConnState.CONNECTED, msg.server)
            self._deliver(msg)
            rejoin = bool(self._joined and self._token) or self._auto_join
            self._rejoining = bool(self._joined and self._token)
            self._auto_join = False
            if rejoin:
                outbox.put_nowait(P.encode(self._join_msg()))
            elif self._watch is not None:
                outbox.put_nowait(P.encode(self._watch))
            buffered, self._buffer = self._buffer, []
            for b in buffered:
                if not (rejoin and b.startswith(b'{"type":"Join"')) and \
                        not (self._watch is not None and b.startswith(b'{"type":"Watch"')):
                    outbox.put_nowait(b)
            return
        if isinstance(msg, Joined):
            self._rejoining = False
            self._joined = True
            self._token = msg.token
            self._table = msg.table
            self._seats = tuple(msg.seats)
        elif isinstance(msg, P.Watching):
            self._table = msg.table
        elif isinstance(msg, Created):
            self._host_token = msg.host_token
            self._table = msg.table
            self._code = msg.code
        elif isinstance(msg, Error) and msg.code == "version":
            self._final = msg.message
        elif isinstance(msg, Error) and msg.code in ("token", "code", "full") and self._rejoining:
            self._final = f"the seat could not be reclaimed: {msg.message}"
        elif isinstance(msg, Bye) and msg.reason == P.BYE_HOST_CLOSED and self._table_started and self._joined:
            pass  # a game the host closed: it is saved, and this seat is taken back when the host continues it
        elif isinstance(msg, Bye):
            self._final = msg.reason
        if isinstance(msg, Lobby):
            self._table_started = self._table_started or bool(msg.started)
        if isinstance(msg, Lobby):
            self.game = msg.game
        self._deliver(msg)


__all__ = ["DEFAULT_PORT", "ConnState", "Incoming", "NetClient", "Status", "server_url",
           "set_trusted_certificate", "tls_context"]
