"""The game server: websockets on asyncio, server-authoritative (the server runs the game).

One :class:`GameServer` holds any number of :class:`Table` objects. The in-game host runs one
with a single table in a background thread (:class:`ServerThread`); the dedicated server
(``tortuga-server --port N``, :func:`main`) runs one with a lobby where clients create, list
and join tables. Both speak :mod:`.protocol`.

The server is made of parts by job, each a class in its own module sharing one
:class:`.core.ServerCore` (settings, tables, loop, stopping): :mod:`.conns` (connections, their
limits, the Hello, message rates, the join-code guard, the accept pace), :mod:`.lobby` (tables,
seats, joins, watchers, holds, the end of tables, chat), :mod:`.runner` (each table's game: moves,
updates, computer players, their talk and pace) and :mod:`.persist` (autosaves, archives, restoring
saved tables); :mod:`.table` holds what is kept of a table. :class:`GameServer` puts them together,
starts and stops them and routes each message to its part; this module also holds the thread the
in-game host runs it on, the in-game host's start and the dedicated server's command.

Security model:

* a seat is taken only with the table's join code; the joiner gets a reclaim token (only
  its SHA-256 is kept); the host token plays every ``local`` seat and starts the game;
* a connection acts only for the seats it holds; every action goes through the game's
  ``apply_text`` (validated exactly as the engine does; a refused action changes
  nothing) after stale and turn checks;
* each seat receives only what its game's network adapter builds for that seat (its view and
  the events it may see: :meth:`.games.GameRun.updates`); this module names no game, every
  game's part goes through its adapter (:mod:`.games`);
* frames over :data:`.protocol.MAX_MESSAGE` bytes, malformed, unknown, stale and out-of-turn
  messages get an :class:`.protocol.Error` and change nothing; a client over the message
  rate gets ``rate`` errors and, when it keeps flooding, is disconnected.

Computer players (``computer`` seats, and dropped seats after the hold time) decide in a
thread pool, never on the event loop.

Limits (the dedicated server's operator sets them; see :func:`build_parser`):

* connections: at most ``max_connections`` in all and ``max_per_ip`` from one address; a
  connection that has not said Hello within ``hello_timeout`` seconds is closed; an address at
  its cap may still open as many connections again, each only to reclaim a seat with its token
  (anything else closes it with 1013), so a guesser behind the same address or proxy never
  keeps a returning player out;
* new connections: the dedicated server accepts at most ``accept_rate`` a second (a hundredth of a
  second's worth at once); more wait their turn in the kernel's listening queue (``backlog``
  long), none is refused for the pace, and the tables being played are served between a burst's
  handshakes (:meth:`.conns.Connections._accept_ready`); the in-game host accepts each as it comes;
* tables: at most ``max_tables`` live ones; a finished table is archived (its record kept in
  ``save_dir/archive``) and removed; a table nobody sits at expires before it starts; a started
  table nobody has been connected to for ``abandoned_expiry`` seconds is archived and removed; one
  connection and one address create tables at a limited rate;
* join codes: one address has its wrong codes checked at most ``join_addr_rate`` a second
  (``join_free_failures`` at once), the whole server only ``join_guess_rate`` a second; a join
  that must wait for that is held (its connection is not read) and then checked, not refused
  (see :class:`.conns.JoinGuard`; the README works out what that means for guessing). A reclaim's token
  is looked at before any of these limits; wrong tokens have their own budget;
* computer players: a table has at most ``max_bots_per_table`` computer seats and needs a
  connected person to start and to go on (its computer players pause while nobody is there);
  tables take turns for the bot threads (one decision per table at a time, round robin), and
  Hard's thinking time per decision is capped and shrinks while many tables wait;
* chat: a seated connection may say ``chat_burst`` messages at once and ``chat_rate`` a second
  on average (more are refused with a ``chat_rate`` error that says how long to wait); a
  message is cleaned (:func:`.protocol.clean_chat`) and stamped with the sender's seat and its
  name; the table keeps its last :data:`.protocol.CHAT_KEEP` entries (in its save and archive)
  and sends them to whoever takes a seat; chat text is never logged; a computer seat's own lines
  (its game's :meth:`.games.GameRun.bot_talk`, when the table's options have it talk) join the
  chat stamped as that seat, as kind ``bot``, sent only to clients that read that kind;
* table talk a game keeps as moves (:class:`.protocol.Talk`, a game's :class:`.games.TalkRun`): a
  seated person's line is carried out by the game (an event in every seat's and watcher's updates,
  the game's record and so the table's save) after the same seat and rate checks as chat, never the
  decision's stale check; a computer seat's line of that talk (a :class:`.games.TalkMove` from
  ``bot_talk``) is carried out the same way instead of going to the chat; a seat a computer player
  plays now and a watcher cannot talk; a refused line changes nothing and is answered with the
  game's reason (code ``talk``); no line is ever logged;
* no seed, join code or token is ever logged; a fault that repeats is logged once with a count
  (:class:`RepeatFilter`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import ssl
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, serve

from tortuga_desktop.net import games as G
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.conns import HARD_LIMIT, Address, Bucket, Conn, Connections, JoinGuard
from tortuga_desktop.net.core import ServerConfig, ServerCore, logger
from tortuga_desktop.net.lobby import TableChat, TableLobby, name_skeleton
from tortuga_desktop.net.persist import Persistence, archive_table, load_table_save
from tortuga_desktop.net.runner import EVENT_CHUNK, Runner
from tortuga_desktop.net.table import ARCHIVE_FORMAT, SAVE_FORMAT, SAVE_VERSION, SeatSlot, Table

__all__ = [
    "ACCEPT_RATE", "ARCHIVE_FORMAT", "DEFAULT_PORT", "EVENT_CHUNK", "SAVE_FORMAT", "SAVE_VERSION", "Address", "Bucket",
    "Conn", "GameServer", "GcPolicy", "Hosted", "JoinGuard", "RepeatFilter", "SeatSlot", "SeatSpec", "ServerConfig",
    "ServerThread", "Table", "archive_table", "build_parser", "load_table_save", "main", "name_skeleton",
    "server_tls", "start_host",
]


class RepeatFilter(logging.Filter):
    """Logs a repeated fault once, then counts: a warning or error with the same logger, level and
    message text (arguments aside) within ``window`` seconds of the first is dropped; the next one
    after the window says how many were dropped. A flood (447,699 "Too many open files" tracebacks
    in a minute were seen) becomes one line a minute. A record below warning (news, not a fault:
    "resumed table from X.json") is dropped only when its whole text repeats: two tables resumed
    are two lines, a thousand identical notes one."""

    def __init__(self, window: float = 60.0) -> None:
        super().__init__()
        self.window = window
        self._seen: dict[tuple[str, int, str], tuple[float, int]] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        text = str(record.msg) if record.levelno >= logging.WARNING else record.getMessage()
        key = (record.name, record.levelno, text)
        now = time.monotonic()
        with self._lock:
            first, dropped = self._seen.get(key, (0.0, 0))
            if first and now - first < self.window:
                self._seen[key] = (first, dropped + 1)
                return False
            if len(self._seen) > 1000:
                self._seen.clear()
            self._seen[key] = (now, 0)
        if dropped:
            record.msg = f"{record.msg} [repeated {dropped} more time(s) in the last {now - first:.0f} s]"
        return True


class GameServer:
    """The server: its parts, put together. Runs on one asyncio loop.

    Each job is a part of its own, sharing one :class:`.core.ServerCore` (the settings, the
    tables, the loop, the state of stopping): :attr:`conns` (:class:`.conns.Connections`: the
    websocket handler, the caps on connections, the Hello, message rates, the join-code guard, the
    accept pace), :attr:`lobby` (:class:`.lobby.TableLobby`: the tables, seats, joins, watchers,
    holds and the end of tables) with :attr:`chat` (:class:`.lobby.TableChat`), :attr:`runner`
    (:class:`.runner.Runner`: each table's game, the computer players, their talk and pace) and
    :attr:`persist` (:class:`.persist.Persistence`: autosaves, archives, restoring). This class
    starts and stops them, routes each client message to its part (:meth:`_route`) and keeps the
    statistics.

    In-process API (call on the server's loop; :class:`ServerThread` wraps it for other
    threads): :meth:`start`, :meth:`stop`, :meth:`create_table`, :meth:`resume_table`,
    :meth:`start_game`.
    """

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.config = config or ServerConfig()
        self.core = ServerCore(self.config)
        self.persist = Persistence(self.core)
        self.chat = TableChat(self.core, self.persist)
        self.runner = Runner(self.core, self.persist, self.chat)
        self.conns = Connections(self.core, self._route, join_again=lambda conn: self.lobby.join_again(conn),
                                 drop=lambda conn: self.lobby.drop(conn))
        self.lobby = TableLobby(self.core, self.conns, self.runner, self.persist, self.chat)
        self.runner.on_game_over = self.lobby.game_over
        self._server: Server | None = None
        self._sweeper: asyncio.TimerHandle | None = None
        #: timing statistics (with ``config.stats``): event-loop lag and garbage collections
        self.lags: list[float] = []
        self.gc_pauses: list[float] = []
        #: pauses of the young (generation 0 and 1) collections
        self.young_gc_pauses: list[float] = []
        self._gc_start = 0.0

    # ------------------------------------------------------------ the parts' state, read here
    @property
    def tables(self) -> dict[str, Table]:
        return self.core.tables

    @property
    def port(self) -> int:
        return self.core.port

    @property
    def clock(self) -> Callable[[], float]:
        """The clock for abandoned tables (injectable for tests)."""
        return self.core.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.core.clock = clock

    @property
    def pacing(self) -> Any:
        """A stand-in for every game's own pacing of computer answers (tests); None: the game's."""
        return self.runner.pacing

    @pacing.setter
    def pacing(self, pacing: Any) -> None:
        self.runner.pacing = pacing

    @property
    def stopping(self) -> bool:
        return self.core.stopping

    @property
    def closing(self) -> bool:
        """The in-game host closed the table for everyone (:meth:`close_for_everyone`)."""
        return self.core.closing

    @property
    def addresses(self) -> dict[str, Address]:
        return self.conns.addresses

    @property
    def connections(self) -> int:
        return self.conns.connections

    @property
    def join_guard(self) -> JoinGuard:
        return self.conns.join_guard

    @property
    def accepted(self) -> int:
        return self.conns.accepted

    @property
    def accept_pauses(self) -> int:
        return self.conns.accept_pauses

    @property
    def connections_refused(self) -> int:
        return self.conns.connections_refused

    @property
    def hello_timeouts(self) -> int:
        return self.conns.hello_timeouts

    @property
    def handling(self) -> list[float]:
        return self.conns.handling

    @property
    def tables_archived(self) -> int:
        return self.persist.tables_archived

    @property
    def tables_expired(self) -> int:
        return self.lobby.tables_expired

    @property
    def tables_abandoned(self) -> int:
        return self.lobby.tables_abandoned

    @property
    def errors_sent(self) -> int:
        return self.core.errors_sent

    @property
    def internal_errors(self) -> int:
        return self.core.internal_errors

    @property
    def actions_applied(self) -> int:
        return self.runner.actions_applied

    @property
    def talk_applied(self) -> int:
        """Lines of table talk the games carried out (people's and computer players')."""
        return self.runner.talk_applied

    # ------------------------------------------------------------ lifecycle
    async def start(self, before_listen: Callable[[GameServer], Any] | None = None) -> int:
        """Listen on ``config.host:config.port``; returns the port. ``before_listen(self)`` runs
        first, on this loop: tables it opens exist before the first connection can arrive (a
        player reconnecting to a resumed table must never find the address open but the table
        not yet there)."""
        loop = self.core.loop = asyncio.get_running_loop()
        # the games' adapters (and their games) are imported now: an import on the first table's
        # message would stall the event loop for every connection (about 2 s on a loaded machine)
        G.adapters()
        if before_listen is not None:
            before_listen(self)
        self._server = await serve(self.conns.handle, self.config.host, self.config.port, max_size=HARD_LIMIT,
                                   max_queue=64, compression=None, ping_interval=20, ping_timeout=20,
                                   open_timeout=10, close_timeout=5, ssl=self.config.tls,
                                   backlog=self.config.backlog)
        if self.config.accept_rate > 0:
            self.conns.own_accept(self._server)
        self._sweeper = loop.call_later(60.0, self._sweep)
        sock = next(iter(self._server.sockets))
        self.core.port = int(sock.getsockname()[1])
        if self.config.stats:
            self.core.track(asyncio.ensure_future(self._watch_lag()))
            gc.callbacks.append(self._gc_timer)
        logger.info("server listening on %s:%d", self.config.host, self.port)
        return self.port

    async def _watch_lag(self) -> None:
        """How late the event loop runs a 20 ms timer (queueing on the server, or no CPU for it)."""
        while len(self.lags) < 10**6:
            t = time.perf_counter()
            await asyncio.sleep(0.02)
            self.lags.append(time.perf_counter() - t - 0.02)

    def _gc_timer(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        elif info.get("generation") == 2 and len(self.gc_pauses) < 10**5:
            self.gc_pauses.append(time.perf_counter() - self._gc_start)
        elif len(self.young_gc_pauses) < 10**6:
            self.young_gc_pauses.append(time.perf_counter() - self._gc_start)

    def stats_text(self) -> str:
        """One line of statistics (with ``config.stats``)."""
        def ms(xs: list[float]) -> str:
            if not xs:
                return "n/a"
            ys = sorted(xs)
            return "/".join(f"{ys[min(len(ys) - 1, int(p * len(ys)))] * 1000:.1f}" for p in (0.5, 0.99)) + \
                f"/{ys[-1] * 1000:.1f} ms"

        guard = self.join_guard
        return (f"actions {self.actions_applied}, errors sent {self.errors_sent}, internal errors "
                f"{self.internal_errors}; handling a message p50/p99/max {ms(self.handling)}; "
                f"event-loop lag p50/p99/max {ms(self.lags)}; {len(self.gc_pauses)} full garbage collections, "
                f"p50/p99/max {ms(self.gc_pauses)}; {len(self.young_gc_pauses)} young ones, p50/p99/max "
                f"{ms(self.young_gc_pauses)}; connections refused {self.connections_refused}, closed without Hello "
                f"{self.hello_timeouts}; accepted at the pace {self.accepted} (the pace held them back "
                f"{self.accept_pauses} times); join codes checked {guard.guesses_checked}, held for their turn "
                f"{guard.guesses_held}, refused unchecked {guard.guesses_refused}; wrong reclaim "
                f"tokens {guard.tokens_wrong} (over the budget {guard.tokens_refused}); tables archived "
                f"{self.tables_archived}, expired {self.tables_expired}")

    def _sweep(self) -> None:
        """Forget addresses that have no connection and nothing left to remember; archive the
        started tables everyone left long ago."""
        self.expire_abandoned()
        self.conns.forget_quiet()
        if self.core.loop is not None and not self.core.stopping:
            self._sweeper = self.core.loop.call_later(60.0, self._sweep)

    def close_for_everyone(self) -> None:
        """The in-game host closes its table: every connection is told so plainly
        (:data:`.protocol.BYE_HOST_CLOSED`) and closed, with no seat held for anyone (nobody is
        shown a countdown to a server that is about to stop). :meth:`stop` follows."""
        self.core.closing = True
        for table in self.tables.values():
            for conn in list(table.conns):
                conn.send(P.Bye(reason=P.BYE_HOST_CLOSED))
                conn.close()

    async def stop(self) -> None:
        """Close every connection and stop listening (pending autosaves are written)."""
        self.core.stopped.set()  # a connection told to wait is not waited for
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in list(self.core.tasks):
            if isinstance(task, asyncio.Task):
                task.cancel()
        if self._gc_timer in gc.callbacks:
            gc.callbacks.remove(self._gc_timer)
        self.core.stopping = True  # from here on no action changes a game (computer players included)
        for table in self.tables.values():
            for slot in table.slots:
                if slot.hold_timer is not None:
                    slot.hold_timer.cancel()
        self.conns.stop_accepting()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.runner.close()
        self.persist.close(list(self.tables.values()))

    # ------------------------------------------------------------ the in-process API
    def create_table(self, seats: list[P.SeatSpec], *, name: str = "", long_game: bool = False,
                     hold_seconds: float = 60.0, takeover_level: str = "normal", auto_start: bool = False,
                     seed: int | None = None, table_id: str | None = None, listed: bool = False,
                     game: str = P.DEFAULT_GAME, starred: list[str] | None = None,
                     options: dict[str, Any] | None = None) -> Table:
        """A new table (:meth:`.lobby.TableLobby.create_table`). Raises ValueError for a bad setup."""
        return self.lobby.create_table(seats, name=name, long_game=long_game, hold_seconds=hold_seconds,
                                       takeover_level=takeover_level, auto_start=auto_start, seed=seed,
                                       table_id=table_id, listed=listed, game=game, starred=starred,
                                       options=options)

    def resume_table(self, data: Any, save_path: Path | None = None) -> Table:
        """Bring back a saved table (:meth:`.lobby.TableLobby.resume_table`)."""
        return self.lobby.resume_table(data, save_path)

    def start_game(self, table: Table) -> None:
        """Deal the game (every open seat must be taken). Raises ValueError otherwise."""
        self.lobby.start_game(table)

    def expire_abandoned(self) -> int:
        """Archive and remove the started tables nobody came back to (:meth:`.lobby.TableLobby.expire_abandoned`)."""
        return self.lobby.expire_abandoned()

    def restore_saved(self, save_dir: Path) -> int:
        """Open the tables saved in ``save_dir`` again (a restart); finished ones are archived and
        their saves removed instead. Returns how many tables were opened."""
        return self.persist.restore_saved(save_dir, self.resume_table)

    def listed_tables(self) -> list[Table]:
        """The tables as a list shows them (:meth:`.lobby.TableLobby.listed_tables`)."""
        return self.lobby.listed_tables()

    def bot_budget(self) -> float:
        """Hard's thinking time for the next decision (:meth:`.runner.Runner.bot_budget`)."""
        return self.runner.bot_budget()

    # ------------------------------------------------------------ each message to its part
    def _route(self, conn: Conn, msg: P.ClientMessage) -> None:
        """A client's message after its Hello (checked by :attr:`conns`) to the part whose job it is."""
        if isinstance(msg, P.ListTables):
            self.lobby.on_list(conn)
        elif isinstance(msg, P.CreateTable):
            self.lobby.on_create(conn, msg)
        elif isinstance(msg, P.Join):
            self.lobby.on_join(conn, msg)
        elif isinstance(msg, P.Start):
            self.lobby.on_start(conn, msg)
        elif isinstance(msg, P.Act):
            self.runner.on_act(conn, msg)
        elif isinstance(msg, P.Talk):
            self.runner.on_talk(conn, msg)
        elif isinstance(msg, P.Leave):
            self.lobby.on_leave(conn)
        elif isinstance(msg, P.Say):
            self.chat.say(conn, msg)
        elif isinstance(msg, P.Watch):
            self.lobby.on_watch(conn, msg)


# ---------------------------------------------------------------- a server in a thread
class ServerThread:
    """A :class:`GameServer` on its own thread and event loop (the in-game host, tests).

    >>> st = ServerThread(ServerConfig(port=0))
    >>> port = st.start()
    >>> table = st.call(lambda s: s.create_table([SeatSpec(kind="open"), SeatSpec(kind="computer")]))
    >>> st.stop()
    """

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.server = GameServer(config)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="net-server", daemon=True)
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._prepare: Callable[[GameServer], Any] | None = None
        self._prepared: Any = None

    @property
    def port(self) -> int:
        return self.server.port

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self.server.start(None if self._prepare is None else self._run_prepare))
        except Exception as exc:  # handed to start(), which raises it in the caller's thread
            self._error = exc
            self._loop.close()
            self._ready.set()
            return
        self._ready.set()
        self._loop.run_forever()

    def _run_prepare(self, server: GameServer) -> None:
        assert self._prepare is not None
        self._prepared = self._prepare(server)

    def start(self, timeout: float = 10.0, prepare: Callable[[GameServer], Any] | None = None) -> int:
        """Start listening; returns the port. ``prepare(server)`` runs on the server's loop before
        it listens (see :meth:`GameServer.start`); its result is :attr:`prepared`. Raises OSError
        when the address cannot be used, and ValueError when ``prepare`` does."""
        self._prepare = prepare
        self._thread.start()
        self._ready.wait(timeout)
        if isinstance(self._error, OSError):
            raise OSError(f"cannot listen on {self.server.config.host}:{self.server.config.port}: {self._error}")
        if self._error is not None:
            raise self._error
        return self.port

    @property
    def prepared(self) -> Any:
        """What ``prepare`` returned."""
        return self._prepared

    def call(self, fn: Callable[[GameServer], Any], timeout: float = 10.0) -> Any:
        """Run ``fn(server)`` on the server's loop and return its result (thread-safe)."""
        async def run() -> Any:
            return fn(self.server)

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def stop(self, timeout: float = 10.0) -> None:
        if not self._thread.is_alive():
            return
        asyncio.run_coroutine_threadsafe(self.server.stop(), self._loop).result(timeout)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)


SeatSpec = P.SeatSpec
DEFAULT_PORT = P.DEFAULT_PORT


@dataclass(frozen=True)
class Hosted:
    """A table hosted by :func:`start_host`: the running server, the table, and the port the
    table had to leave (0: it listens where it was asked to)."""

    server: ServerThread
    table: Table
    moved_from: int = 0


def start_host(seats: list[P.SeatSpec] | None = None, *, resume: Path | None = None, host: str = "127.0.0.1",
               port: int = DEFAULT_PORT, name: str = "", long_game: bool = False, hold_seconds: float = 60.0,
               takeover_level: str = "normal", save_dir: Path | None = None, save_path: Path | None = None,
               seed: int | None = None, wait_for_port: float = 0.0, game: str = P.DEFAULT_GAME,
               starred: list[str] | None = None, options: dict[str, Any] | None = None) -> Hosted:
    """The in-game host: a server thread listening on ``host:port`` with one table, new (from
    ``seats``) or a saved one brought back (``resume``: its autosave; same game, join code, host
    token and reclaim tokens, every player's seat held for them).

    The table exists before the port opens, so a player's game reconnecting at once finds it.
    A port still held by a game that closed a moment ago is tried again for ``wait_for_port``
    seconds; after that a resumed table opens on a free port instead (``Hosted.moved_from`` is
    the port it could not have: the players must be told), a new one raises. Share
    ``table.code`` (and the address); the host's own screen connects with
    ``NetClient("127.0.0.1:PORT", code=table.code, token=table.host_token)``. ``save_dir``
    autosaves the table there, ``save_path`` to that file. Blocks briefly: call it off the frame
    loop. Raises OSError (port in use, address not on this computer) or ValueError (bad setup,
    unreadable save) with a message to show.
    """
    if (seats is None) == (resume is None):
        raise ValueError("start_host: give seats for a new table or resume for a saved one")
    data = load_table_save(resume) if resume is not None else None

    def prepare(s: GameServer) -> Table:
        if data is not None:
            return s.resume_table(data, resume)
        t = s.create_table(seats or [], name=name, long_game=long_game, hold_seconds=hold_seconds,
                           takeover_level=takeover_level, seed=seed, game=game, starred=starred, options=options)
        if save_path is not None:
            t.save_path = save_path
        return t

    deadline = time.monotonic() + wait_for_port
    want, moved_from = port, 0
    while True:  # a game this computer hosted a moment ago may still be letting go of the port
        st = ServerThread(ServerConfig(host=host, port=want, save_dir=save_dir, name="Tortuga"))
        try:
            st.start(prepare=prepare)
            break
        except OSError:
            if time.monotonic() < deadline:
                time.sleep(0.2)
            elif resume is not None and want != 0:
                logger.warning("port %d is taken: the continued table opens on another port", port)
                want, moved_from = 0, port
            else:
                raise
    table: Table = st.prepared
    return Hosted(st, table, moved_from)


# ---------------------------------------------------------------- dedicated server
class GcPolicy:
    """When the dedicated server's process collects cyclic garbage.

    With many live games, a full collection walks every object of every game: Python's own
    schedule runs one every few seconds under load, and each pauses all tables for 0.2-0.5 s.
    Instead: what exists after start-up is frozen (out of the collector's reach; reference
    counting still frees it), the young generations are collected as usual (cheap: they hold
    only new objects), and a full collection runs every ``every`` seconds as a task of its own on
    the event loop, i.e. between two messages, never inside the handling of one. Cyclic garbage
    that reaches the old generation lives at most ``every`` seconds longer. ``every`` 0 leaves
    Python's schedule alone (only the start-up freeze)."""

    EVERY = 300.0
    #: allocations between young collections, young collections per middle one: Python's own
    #: values. Larger ones made each collection walk more survivors (with 5000, 20 the middle
    #: ones paused the loop up to 25-50 ms under the 100-table load; with these, at most ~11 ms)
    YOUNG = (700, 10)

    def __init__(self, every: float) -> None:
        self.every = every
        self._old: tuple[int, int, int] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.pauses: list[float] = []

    def install(self) -> None:
        gc.collect()
        gc.freeze()
        if self.every <= 0:
            return
        self._old = gc.get_threshold()
        # the oldest generation's threshold counts middle collections: 10**9 of them never happen
        gc.set_threshold(self.YOUNG[0], self.YOUNG[1], 10**9)
        self._loop = asyncio.get_running_loop()
        self._timer = self._loop.call_later(self.every, self._full)

    def _full(self) -> None:
        t = time.perf_counter()
        found = gc.collect()
        pause = time.perf_counter() - t
        self.pauses.append(pause)
        logger.info("full garbage collection: %d unreachable objects, %.0f ms", found, pause * 1000)
        if self._loop is not None:
            self._timer = self._loop.call_later(self.every, self._full)

    def uninstall(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._old is not None:
            gc.set_threshold(*self._old)
            self._old = None


#: open files the server needs besides its connections (log, saves, the listening socket, Python)
_SPARE_FILES = 64


def _raise_file_limit(want: int) -> int:
    """Raise this process's open-file limit towards ``want`` (up to the hard limit); returns the
    limit now in force (a large number where there is no such limit)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return 1 << 30
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 30
    if soft < want:
        new = want if hard == resource.RLIM_INFINITY else min(want, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
    return int(soft)


#: the dedicated server's default pace of new connections a second (``--accept-rate``)
ACCEPT_RATE = 200.0


def _system_backlog() -> int | None:
    """The most connections the system lets wait to be accepted (Linux: net.core.somaxconn;
    None where it cannot be read)."""
    try:
        return int(Path("/proc/sys/net/core/somaxconn").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def server_tls(cert: Path, key: Path) -> ssl.SSLContext:
    """TLS settings for serving ``wss://`` with ``cert`` (PEM, with its chain) and ``key``
    (TLS 1.2 or newer). Raises OSError or ssl.SSLError when they cannot be used."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(certfile=str(cert), keyfile=str(key))
    return ctx


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tortuga-server",
                                description="A dedicated Tortuga server: many tables, a lobby to create and join them.")
    p.add_argument("--port", type=int, required=True, help="TCP port to listen on (1-65535)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: all interfaces, "
                        "i.e. every network this computer is on)")
    p.add_argument("--save-dir", type=Path, default=None, help="folder for table autosaves (default: none)")
    p.add_argument("--max-tables", type=int, default=200,
                   help="most live tables at once; finished ones are archived and removed (default 200)")
    p.add_argument("--max-connections", type=int, default=None,
                   help="most connections at once (default 1000, or fewer when the open-file limit (ulimit -n) "
                        "cannot be raised to fit them)")
    p.add_argument("--max-per-ip", type=int, default=32,
                   help="most connections from one address (default 32; as many more may open only to take a "
                        "seat back with its reclaim token)")
    p.add_argument("--max-bots-per-table", type=int, default=8,
                   help="most computer players at one table, 0-8 (default 8; a table always needs a person, so "
                        "a game of at most N seats has at most N-1)")
    p.add_argument("--create-rate", type=float, default=6.0,
                   help="tables one connection may create per minute (an address: twice as many; default 6)")
    p.add_argument("--abandoned-after", type=float, default=3600.0, metavar="S",
                   help="a started game nobody has been connected to for S seconds is archived and removed "
                        "(60-604800, default 3600); until then its players can take their seats back")
    p.add_argument("--rate", type=float, default=20.0, help="messages per second per connection (default 20)")
    p.add_argument("--hello-timeout", type=float, default=ServerConfig.hello_timeout, metavar="S",
                   help=f"a new connection that has not said Hello within S seconds is closed (1-600, default "
                        f"{ServerConfig.hello_timeout:.0f})")
    p.add_argument("--accept-rate", type=float, default=ACCEPT_RATE, metavar="N",
                   help=f"new connections accepted per second (default {ACCEPT_RATE:.0f}; 0: each as it comes): more "
                        "wait their turn in the system's queue of new connections (as long as --max-connections) "
                        "while the tables being played are served")
    p.add_argument("--bot-threads", type=int, default=2, help="threads for computer players (default 2)")
    p.add_argument("--name", default="Tortuga server", help="server name shown to clients")
    p.add_argument("--tls-cert", type=Path, default=None, metavar="FILE",
                   help="serve wss:// (TLS) with this certificate (PEM, the chain after it); needs --tls-key")
    p.add_argument("--tls-key", type=Path, default=None, metavar="FILE", help="the certificate's private key (PEM)")
    p.add_argument("--stats", action="store_true", help="print timing statistics when stopped")
    p.add_argument("--full-gc-every", type=float, default=GcPolicy.EVERY,
                   help=f"seconds between the server's full garbage collections (default {GcPolicy.EVERY:.0f}; "
                        "0: Python's own schedule)")
    return p


def main(argv: list[str] | None = None) -> int:
    """``tortuga-server --port N [--host ADDR]``."""
    parser = build_parser()
    opts = parser.parse_args(argv)
    if not 1 <= opts.port <= 65535:
        parser.error("--port must be 1-65535")
    if not 1 <= opts.max_tables <= 10_000:
        parser.error("--max-tables must be 1-10000")
    if not 0.5 <= opts.rate <= 10_000:
        parser.error("--rate must be 0.5-10000")
    if opts.max_connections is not None and not 1 <= opts.max_connections <= 100_000:
        parser.error("--max-connections must be 1-100000")
    if opts.max_connections is None:
        files = _raise_file_limit(1000 + _SPARE_FILES)
        opts.max_connections = max(1, min(1000, files - _SPARE_FILES))
    if not 1 <= opts.max_per_ip <= opts.max_connections:
        parser.error(f"--max-per-ip must be 1 to --max-connections ({opts.max_connections})")
    if not 0 <= opts.max_bots_per_table <= P.MAX_SEAT:
        parser.error(f"--max-bots-per-table must be 0-{P.MAX_SEAT}")
    if not 0.1 <= opts.create_rate <= 100_000:
        parser.error("--create-rate must be 0.1-100000")
    files = _raise_file_limit(opts.max_connections + _SPARE_FILES)
    if files < opts.max_connections + _SPARE_FILES:
        parser.error(f"--max-connections {opts.max_connections} needs {opts.max_connections + _SPARE_FILES} open "
                     f"files, but this process may open only {files} (see ulimit -n): lower --max-connections "
                     f"to {max(1, files - _SPARE_FILES)} or raise the limit")
    if opts.accept_rate != 0 and not 1 <= opts.accept_rate <= 100_000:
        parser.error("--accept-rate must be 0 or 1-100000")
    if not 1 <= opts.hello_timeout <= 600:
        parser.error("--hello-timeout must be 1-600 seconds")
    if not 60 <= opts.abandoned_after <= 604_800:
        parser.error("--abandoned-after must be 60-604800 seconds")
    if opts.full_gc_every != 0 and not 1 <= opts.full_gc_every <= 86_400:
        parser.error("--full-gc-every must be 0 or 1-86400")
    tls: ssl.SSLContext | None = None
    if (opts.tls_cert is None) != (opts.tls_key is None):
        parser.error("--tls-cert and --tls-key go together")
    if opts.tls_cert is not None:
        try:
            tls = server_tls(opts.tls_cert, opts.tls_key)
        except (OSError, ssl.SSLError) as exc:
            parser.error(f"cannot use the TLS certificate {opts.tls_cert} with the key {opts.tls_key}: {exc}")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(RepeatFilter())
    config = ServerConfig(host=opts.host, port=opts.port, lobby=True, name=opts.name[:P.MAX_ID],
                          save_dir=opts.save_dir, max_tables=opts.max_tables, rate=opts.rate, burst=2 * opts.rate,
                          bot_threads=max(1, opts.bot_threads), stats=opts.stats,
                          max_connections=opts.max_connections, max_per_ip=opts.max_per_ip,
                          max_bots_per_table=opts.max_bots_per_table, create_rate=opts.create_rate,
                          create_burst=max(4.0, opts.create_rate / 15),  # at once: four seconds' worth
                          abandoned_expiry=opts.abandoned_after, hello_timeout=opts.hello_timeout,
                          tls=tls, accept_rate=opts.accept_rate, backlog=max(128, opts.max_connections))
    queue = _system_backlog()
    if queue is not None and queue < config.backlog:
        logging.getLogger(__name__).warning(
            "the system keeps at most %d new connections waiting (net.core.somaxconn), fewer than --max-connections "
            "%d: a burst beyond that is slowed down by the clients' retries", queue, config.backlog)

    async def run() -> None:
        server = GameServer(config)
        try:
            await server.start()
        except OSError as exc:
            print(f"tortuga-server: cannot listen on {opts.host}:{opts.port}: {exc.strerror or exc}", file=sys.stderr)
            raise SystemExit(1) from None
        if config.save_dir is not None:
            server.restore_saved(config.save_dir)
        collector = GcPolicy(opts.full_gc_every)
        collector.install()
        scheme = "wss" if tls is not None else "ws"
        print(f"tortuga-server listening on {scheme}://{opts.host}:{server.port}", flush=True)
        stop: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
                asyncio.get_running_loop().add_signal_handler(sig, stop.cancel)
        try:
            await stop
        except asyncio.CancelledError:
            pass
        finally:
            collector.uninstall()
            await server.stop()
            if config.stats:
                print(f"tortuga-server stats: {server.stats_text()}", file=sys.stderr, flush=True)

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        print("tortuga-server stopped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
