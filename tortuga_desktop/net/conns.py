"""Connections and their limits: the websocket handler of every client, the cap on connections (in
all and per address), the Hello within its time, each connection's message rate, the guard on
guessing join codes and reclaim tokens (:class:`JoinGuard`), and the pace of accepting new
connections (:class:`Connections`). What a connection says after its Hello goes to the server's
router (:meth:`.server.GameServer._route`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection
from websockets.exceptions import ConnectionClosed

from tortuga_desktop.net import games as G
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.core import ServerConfig, ServerCore, logger

if TYPE_CHECKING:
    from tortuga_desktop.net.table import Table

#: Frames up to this size are read and refused with an error; larger ones close the connection.
HARD_LIMIT = 4 * P.MAX_MESSAGE
_OUTBOX = 2000


class Bucket:
    """A token bucket: ``rate`` per second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def _fill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def ready(self) -> bool:
        self._fill()
        return self.tokens >= 1.0

    def take(self) -> bool:
        self._fill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until one token is there."""
        self._fill()
        return max(0.0, (1.0 - self.tokens) / self.rate) if self.rate > 0 else float("inf")


@dataclass
class Address:
    """What the server keeps about one client address: its connections and its limits."""

    #: its connections (those over the cap, which may only reclaim a seat, included), and those
    conns: int = 0
    over_cap: int = 0
    create: Bucket | None = None
    #: the budgets of wrong join codes and of wrong reclaim tokens (made at the first of each)
    codes: Bucket | None = None
    tokens: Bucket | None = None

    def quiet(self) -> bool:
        """Nothing to remember: no connection and every budget full."""
        return self.conns == 0 and all(b is None or b.tokens >= b.burst and b.wait() == 0.0
                                       for b in (self.create, self.codes, self.tokens))


class JoinGuard:
    """Limits on guessing join codes, and on wrong reclaim tokens.

    Join codes: an address has ``free`` wrong codes checked at once and ``addr_rate`` a second
    after that; over the whole server only ``rate`` wrong codes a second (``burst`` at once) are
    checked, however many addresses guess. A join that comes while its address (or the server)
    has no wrong code left to spend is not refused: the server holds it, reads nothing more from
    its connection, and checks it when its turn comes (at most ``1 / addr_rate`` s later). So a
    guesser gets no more than ``addr_rate`` guesses a second from one address and all guessers
    together no more than ``rate``, while an honest player from the same address (one NAT, one
    proxy) is answered within about a second once the guessing stops; nothing is kept that locks
    the address out afterwards. A right code does not refill the budget: one table's own code
    must not buy its holder fresh guesses at other tables' codes.

    Reclaim tokens (144 random bits each) are looked at first, before any of these limits: a
    right one always takes its seat back. Wrong ones are counted against their own budget per
    address (``token_free`` at once, ``token_rate`` a second); over it, the connection is told
    to wait and is not read until then. They never use up the join codes' budget.
    """

    def __init__(self, free: int, addr_rate: float, rate: float, burst: float,
                 token_free: int = 10, token_rate: float = 1.0) -> None:
        self.free = free
        self.addr_rate = addr_rate
        self.token_free = token_free
        self.token_rate = token_rate
        self.total = Bucket(rate, burst)
        #: join codes checked, and joins held for their turn (and refused after holding too long)
        self.guesses_checked = 0
        self.guesses_held = 0
        self.guesses_refused = 0
        #: wrong reclaim tokens, and those over the budget (their connection told to wait)
        self.tokens_wrong = 0
        self.tokens_refused = 0

    def wait_for(self, addr: Address) -> float:
        """Seconds until a join code from this address may be checked (0: now)."""
        if addr.codes is None:
            addr.codes = Bucket(self.addr_rate, max(1.0, float(self.free)))
        return max(addr.codes.wait(), self.total.wait())

    def failed(self, addr: Address) -> None:
        """A wrong join code from ``addr`` was checked."""
        self.total.take()
        if addr.codes is None:
            addr.codes = Bucket(self.addr_rate, max(1.0, float(self.free)))
        addr.codes.take()

    def token_failed(self, addr: Address) -> float:
        """A wrong reclaim token from ``addr``: 0 within its budget, else the seconds its
        connection must wait."""
        self.tokens_wrong += 1
        if addr.tokens is None:
            addr.tokens = Bucket(self.token_rate, max(1.0, float(self.token_free)))
        if addr.tokens.take():
            return 0.0
        self.tokens_refused += 1
        return max(0.01, addr.tokens.wait())


class Conn:
    """One client connection: its outbox, its rate bucket and what it holds."""

    def __init__(self, ws: ServerConnection | None, config: ServerConfig, address: Address | None = None) -> None:
        self.ws = ws
        self.outbox: asyncio.Queue[bytes | None] = asyncio.Queue(_OUTBOX)
        self.table: Table | None = None
        self.seats: list[int] = []
        self.hello = False
        self.closed = False
        self._rate = config.rate
        self._burst = config.burst
        self._tokens = config.burst
        self._stamp = time.monotonic()
        self.strikes = 0
        self.peer = str(ws.remote_address) if ws is not None else "local"
        self.address = address or Address()
        self.create = Bucket(config.create_rate / 60.0, config.create_burst)
        self.hello_timer: asyncio.TimerHandle | None = None
        #: nothing more is read from this connection before then (a guesser waits as it was told)
        self.paused_until = 0.0
        #: a join held for its turn to be checked (see :class:`JoinGuard`), and since when
        self.held_join: P.Join | None = None
        self.held_since = 0.0
        #: opened while its address was at its cap: it may only reclaim a seat with its token
        self.over_cap = False
        #: the close code once everything queued is sent (None: 1000, or 1008 after too many strikes)
        self.close_code: int | None = None
        self.chat = Bucket(config.chat_rate, config.chat_burst)
        self.listing = Bucket(config.list_rate, config.list_burst)
        #: watching its table without a seat, and the game's events sent to it (raw, public ones)
        self.watching = False
        #: the games this client can play (its Hello says; a client from before the second game: the first)
        self.games: frozenset[str] = frozenset({P.DEFAULT_GAME})
        #: the later chat kinds it reads (its Hello says; :func:`.protocol.client_chat_kinds`)
        self.chat_kinds: frozenset[str] = frozenset()
        #: the later message fields it reads (its Hello says; :func:`.protocol.client_fields`)
        self.fields: frozenset[str] = frozenset()
        self.watch_raw = 0
        self.watch_visible = 0

    def allow(self) -> bool:
        """Token bucket: may this connection send one more message now?"""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def refund(self) -> None:
        self._tokens = min(self._burst, self._tokens + 1.0)

    def send(self, msg: P._Msg | bytes) -> None:
        if self.closed:
            return
        raw = msg if isinstance(msg, bytes) else P.encode(msg)
        try:
            self.outbox.put_nowait(raw)
        except asyncio.QueueFull:
            logger.warning("connection %s does not read its messages: closing it", self.peer)
            self.close()

    def close(self) -> None:
        """Stop sending and close (after what is queued)."""
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)


def _ip_of(ws: ServerConnection) -> str:
    addr = ws.remote_address
    if isinstance(addr, tuple) and addr:
        return str(addr[0])
    return str(addr)


class Connections:
    """The server's connections and their limits: :meth:`handle` serves one websocket from its
    first frame to its close (the caps on connections, the Hello within ``hello_timeout``, the
    message rate, the waits a guesser is told of); its Hello is answered here and every later
    message goes to ``route``. With ``config.accept_rate`` the server accepts new connections
    itself, at that pace (:meth:`own_accept`).

    ``route(conn, msg)`` handles a message after Hello; ``join_again(conn)`` checks a join that was
    held for its turn; ``drop(conn)`` is told of a connection that is gone."""

    def __init__(self, core: ServerCore, route: Callable[[Conn, P.ClientMessage], None],
                 join_again: Callable[[Conn], None], drop: Callable[[Conn], None]) -> None:
        self.core = core
        self.config = core.config
        self._route = route
        self._join_again = join_again
        self._drop = drop
        #: client addresses (connections, limits) and the join-code guard
        self.addresses: dict[str, Address] = {}
        self.connections = 0
        self.join_guard = JoinGuard(self.config.join_free_failures, self.config.join_addr_rate,
                                    self.config.join_guess_rate, self.config.join_guess_burst,
                                    self.config.token_free_failures, self.config.token_rate)
        #: the paced accept (``config.accept_rate``): the listening sockets this server accepts
        #: from itself, the budget of new connections, the timer that watches them again, the
        #: connections being handed to the websocket layer, and how often the pace held them back
        self._listening: list[socket.socket] = []
        self._accepts = Bucket(self.config.accept_rate, max(1.0, self.config.accept_rate / 100))
        self._accept_timer: asyncio.TimerHandle | None = None
        self._handing: set[asyncio.Task[Any]] = set()
        self._protocol_factory: Callable[[], asyncio.BaseProtocol] | None = None
        self.accepted = 0
        self.accept_pauses = 0
        #: statistics (tests and benchmark)
        self.connections_refused = 0
        self.hello_timeouts = 0
        #: the time each message took to handle (with ``config.stats``)
        self.handling: list[float] = []

    # ------------------------------------------------------------ the paced accept
    def own_accept(self, server: Server) -> None:
        """Take the accepting of new connections from the event loop (which accepts up to a
        hundred at once whenever any wait) and do it here, at ``config.accept_rate`` a second:
        the listening sockets are watched only while the budget has room (:meth:`_accept_ready`).
        Each accepted socket is handed to the websocket layer just as the loop would hand it."""
        loop = self.core.loop
        assert loop is not None
        # the websocket layer's factory of connections, as the loop's own accept uses it
        factory = getattr(server.server, "_protocol_factory", None)
        if factory is None:
            logger.warning("this event loop cannot pace new connections: each is accepted as it comes")
            return
        try:
            for ts in server.sockets:
                loop.remove_reader(ts.fileno())  # the loop's own accept stops here
        except NotImplementedError:  # an event loop without readers (Windows' proactor)
            logger.warning("this event loop cannot pace new connections: each is accepted as it comes")
            return
        self._protocol_factory = factory
        for ts in server.sockets:
            own = socket.socket(ts.family, ts.type, ts.proto, fileno=os.dup(ts.fileno()))
            own.setblocking(False)
            self._listening.append(own)
        self._watch_listening()

    def _watch_listening(self) -> None:
        self._accept_timer = None
        if self.core.stopping or self.core.loop is None:
            return
        for own in self._listening:
            self.core.loop.add_reader(own.fileno(), self._accept_ready, own)

    def _accept_ready(self, own: socket.socket) -> None:
        """New connections wait on ``own``: accept them while the budget has room, then stop
        watching the listening sockets until it has room again (the rest wait in the kernel's
        queue, ``config.backlog`` long; none is refused for the pace)."""
        loop = self.core.loop
        assert loop is not None
        while self._accepts.ready():
            try:
                sock, _ = own.accept()
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:  # gone before it was taken: the next one
                continue
            except OSError as exc:  # out of files or memory: as the loop does, wait a second and try again
                logger.warning("cannot accept a connection: %s", exc.strerror or exc)
                self._rest_listening(1.0)
                return
            self._accepts.take()
            self.accepted += 1
            sock.setblocking(False)
            task = loop.create_task(self._hand_over(sock))
            self._handing.add(task)
            task.add_done_callback(self._handing.discard)
        self.accept_pauses += 1
        self._rest_listening(self._accepts.wait())

    def _rest_listening(self, seconds: float) -> None:
        loop = self.core.loop
        assert loop is not None
        for own in self._listening:
            loop.remove_reader(own.fileno())
        if self._accept_timer is None:
            self._accept_timer = loop.call_later(seconds, self._watch_listening)

    async def _hand_over(self, sock: socket.socket) -> None:
        """An accepted socket to the websocket layer (TLS first, when served), as the loop's own
        accept does."""
        loop = self.core.loop
        assert loop is not None and self._protocol_factory is not None
        tls = self.config.tls
        try:
            await loop.connect_accepted_socket(
                self._protocol_factory, sock, ssl=tls, ssl_handshake_timeout=10 if tls is not None else None,
                ssl_shutdown_timeout=5 if tls is not None else None)
        except (OSError, TimeoutError):  # gone already, or its TLS failed: nothing to serve (the loop says nothing either)
            sock.close()
        except Exception:
            logger.exception("cannot serve an accepted connection")
            sock.close()

    def stop_accepting(self) -> None:
        """Stop the paced accept (the server is stopping): the copies of the listening sockets
        are closed and the connections accepted but not yet handed over are dropped."""
        if self._accept_timer is not None:
            self._accept_timer.cancel()
            self._accept_timer = None
        if self._listening and self.core.loop is not None:
            for own in self._listening:
                self.core.loop.remove_reader(own.fileno())
                own.close()  # a copy of the listening socket: the websocket layer closes the first
            self._listening = []
        for task in list(self._handing):  # accepted, not yet handed over: nothing to serve any more
            task.cancel()

    def forget_quiet(self) -> None:
        """Forget addresses that have no connection and nothing left to remember."""
        for ip, a in list(self.addresses.items()):
            if a.quiet():
                del self.addresses[ip]

    # ------------------------------------------------------------ one connection
    async def handle(self, ws: ServerConnection) -> None:
        """Serve one websocket (the handler the websocket layer calls)."""
        ip = _ip_of(ws)
        addr = self.addresses.get(ip)
        if addr is None:
            addr = self.addresses[ip] = Address()
        # at its cap an address may open as many connections again, each only to reclaim a seat
        over_cap = addr.conns - addr.over_cap >= self.config.max_per_ip
        if self.connections >= self.config.max_connections or (over_cap and addr.over_cap >= self.config.max_per_ip):
            self.connections_refused += 1
            logger.warning("connection refused: %d connections open (at most %d), %d from its address (at most %d)",
                           self.connections, self.config.max_connections, addr.conns - addr.over_cap,
                           self.config.max_per_ip)
            with contextlib.suppress(ConnectionClosed, TimeoutError, OSError):
                await asyncio.wait_for(ws.send(P.encode(P.Bye(reason="the server has too many connections just "
                                                                      "now: try again later")).decode()), 2.0)
                await asyncio.wait_for(ws.close(1013, "too many connections"), 3.0)
            return
        self.connections += 1
        addr.conns += 1
        conn = Conn(ws, self.config, addr)
        if over_cap:
            conn.over_cap = True
            addr.over_cap += 1
        try:
            await self._serve_conn(conn)
        finally:
            self.connections -= 1
            addr.conns -= 1
            if conn.over_cap:
                addr.over_cap -= 1

    def _hello_late(self, conn: Conn) -> None:
        conn.hello_timer = None
        if conn.closed or (conn.hello and not conn.over_cap):
            return
        if conn.over_cap:
            self.refuse_over_cap(conn)
            return
        self.hello_timeouts += 1
        logger.info("closed a connection that did not say Hello within %.0f s", self.config.hello_timeout)
        conn.strikes = max(conn.strikes, self.config.strikes + 1)  # closes with 1008 (policy)
        conn.send(P.Bye(reason=f"no Hello within {self.config.hello_timeout:.0f} s"))
        conn.close()

    def refuse_over_cap(self, conn: Conn) -> None:
        """A connection opened over its address's cap did something other than reclaim a seat."""
        self.connections_refused += 1
        logger.warning("connection refused: %d from its address (at most %d), and it did not reclaim a seat",
                       conn.address.conns - conn.address.over_cap, self.config.max_per_ip)
        conn.close_code = 1013
        conn.send(P.Bye(reason="the server has too many connections from your address just now: try again later"))
        conn.close()

    def reclaimed(self, conn: Conn) -> None:
        """A connection opened over its address's cap took a seat back: it counts as its
        address's again (and its Hello timer, kept running till now, stops)."""
        if not conn.over_cap:
            return
        conn.over_cap = False
        conn.address.over_cap -= 1
        if conn.hello_timer is not None:
            conn.hello_timer.cancel()
            conn.hello_timer = None

    async def _pause(self, conn: Conn) -> None:
        """Wait until ``conn.paused_until`` (nothing is read from it meanwhile); a connection
        that closes meanwhile ends the wait at once (and is marked closed), and so does the
        server stopping."""
        pause = conn.paused_until - time.monotonic()
        if pause <= 0 or conn.ws is None:
            return
        stopped = asyncio.ensure_future(self.core.stopped.wait())
        gone = asyncio.ensure_future(conn.ws.wait_closed())
        try:
            await asyncio.wait((stopped, gone), timeout=pause, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
            gone.cancel()
        if gone.done() and not gone.cancelled():
            conn.close()

    async def _serve_conn(self, conn: Conn) -> None:
        ws, addr = conn.ws, conn.address
        assert ws is not None
        if addr.create is None:
            addr.create = Bucket(2 * self.config.create_rate / 60.0, 2 * self.config.create_burst)
        loop = asyncio.get_running_loop()
        conn.hello_timer = loop.call_later(self.config.hello_timeout, self._hello_late, conn)
        writer = asyncio.create_task(self._writer(conn))
        try:
            async for raw in ws:
                if conn.closed:  # closing: keep reading (and dropping) so the close handshake gets through
                    continue
                await self._pause(conn)  # told to wait (wrong tokens): its next message is read only then
                if conn.closed:
                    continue
                self._receive(conn, raw)
                while conn.held_join is not None and not conn.closed and not self.core.stopping:
                    await self._pause(conn)  # a join held for its turn: checked when it comes
                    if not conn.closed and not self.core.stopping:
                        self._join_again(conn)
        except ConnectionClosed:
            pass
        finally:
            if conn.hello_timer is not None:
                conn.hello_timer.cancel()
            conn.close()
            self._drop(conn)
            try:  # let the writer send what is queued (an error, a goodbye) and close
                await asyncio.wait_for(writer, 2.0)
            except (TimeoutError, ConnectionClosed):
                writer.cancel()

    async def _writer(self, conn: Conn) -> None:
        ws = conn.ws
        assert ws is not None
        try:
            while True:
                raw = await conn.outbox.get()
                if raw is None:
                    break
                await ws.send(raw, text=True)  # JSON is UTF-8: no decoding and re-encoding
        except ConnectionClosed:
            return
        with contextlib.suppress(ConnectionClosed):
            await ws.close(conn.close_code or (1008 if conn.strikes > self.config.strikes else 1000))

    def _receive(self, conn: Conn, raw: str | bytes) -> None:
        """One frame from a client. Never raises: a fault is logged and answered."""
        if self.core.stopping:
            return
        if not conn.allow():
            conn.strikes += 1
            if conn.strikes > self.config.strikes:
                logger.warning("connection %s floods: disconnecting it", conn.peer)
                conn.send(P.Bye(reason="too many messages"))
                conn.close()
            elif conn.strikes % 10 == 1:
                self.core.error(conn, "rate", "too many messages: slow down")
            return
        try:
            if self.config.stats and len(self.handling) < 10**6:
                t = time.perf_counter()
                self._read(conn, raw)
                self.handling.append(time.perf_counter() - t)
            else:
                self._read(conn, raw)
        except Exception:  # a bug must not take the server down: log it, answer, go on
            self.core.internal_errors += 1
            logger.exception("internal error handling a message from %s", conn.peer)
            self.core.error(conn, "malformed", "the server could not handle this message")

    def _read(self, conn: Conn, raw: str | bytes) -> None:
        """A frame's size, kind and protocol version; the Hello answered; any other message (after
        Hello, and only a join from a connection over its address's cap) routed."""
        error = self.core.error
        if isinstance(raw, bytes):  # a binary frame: this protocol is JSON in text frames only
            error(conn, "malformed", "binary frames are refused: send each message as a JSON text frame")
            return
        if len(raw) > P.MAX_MESSAGE:
            error(conn, "size", f"messages are limited to {P.MAX_MESSAGE} bytes")
            return
        if not conn.hello:
            kind, version = P.probe_version(raw)
            if kind == "Hello" and version is not None and version != P.PROTOCOL_VERSION:
                error(conn, "version", f"this server speaks protocol version {P.PROTOCOL_VERSION}, "
                                       f"your game speaks version {version}: both need the same game version")
                conn.close()
                return
        try:
            msg = P.decode_client(raw)
        except P.ProtocolError as exc:
            error(conn, "malformed", str(exc))
            return
        if isinstance(msg, P.Hello):
            if conn.hello:
                error(conn, "order", "hello was already said")
                return
            conn.hello = True
            # a game whose updates carry what this client cannot read (an older version) is not its game here
            conn.games = G.playable(P.client_games(msg.client), P.client_reads(msg.client))
            conn.chat_kinds = P.client_chat_kinds(msg.client)
            conn.fields = P.client_fields(msg.client)
            if conn.hello_timer is not None and not conn.over_cap:  # over the cap: it must reclaim in time
                conn.hello_timer.cancel()
                conn.hello_timer = None
            conn.send(P.Welcome(version=P.PROTOCOL_VERSION, server=self.config.name, lobby=self.config.lobby))
            return
        if not conn.hello:
            error(conn, "order", "say Hello first")
            return
        if conn.over_cap and not isinstance(msg, P.Join):
            self.refuse_over_cap(conn)
            return
        self._route(conn, msg)
