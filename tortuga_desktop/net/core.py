"""What the parts of the game server share: its settings (:class:`ServerConfig`), its tables, its
event loop and its state of stopping (:class:`ServerCore`).

The server (:class:`.server.GameServer`) is made of parts by job, each in its own module and each
given this core: connections, limits and the accept pace (:mod:`.conns`), the lobby, its tables and
their chat (:mod:`.lobby`), saves and archives (:mod:`.persist`), and the running of each table's game,
its computer players and their talk (:mod:`.runner`). The data they work on: :mod:`.table`.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tortuga_desktop.net import protocol as P

if TYPE_CHECKING:
    from tortuga_desktop.net.conns import Conn
    from tortuga_desktop.net.table import Table

#: the server's log: every part writes to it under one name (an operator filters one logger)
logger = logging.getLogger("tortuga_desktop.net.server")


@dataclass
class ServerConfig:
    """Settings of a :class:`.server.GameServer`."""

    host: str = "127.0.0.1"
    #: 0 picks a free port (see :attr:`.server.GameServer.port`)
    port: int = 0
    #: a dedicated server: clients may list and create tables
    lobby: bool = False
    name: str = "Tortuga"
    #: messages per second a connection may send on average, and the burst allowed
    rate: float = 20.0
    burst: float = 40.0
    #: refused (over-rate) messages after which the connection is closed
    strikes: int = 40
    max_tables: int = 200
    #: folder for table autosaves (None: no autosave)
    save_dir: Path | None = None
    bot_threads: int = 2
    #: Hard bots' thinking budget in seconds
    hard_budget: float = 1.0
    #: hold computer players' answers as their game paces them (the dice game's rule R9.1: an answer
    #: to a decision that can be forced is held until a release time drawn when it is asked, from
    #: the same distribution whether it was forced or chosen; :meth:`.games.GameRun.release_hold`)
    pace_bots: bool = True
    #: keep timing statistics (message handling time, event-loop lag): :meth:`.server.GameServer.stats_text`
    stats: bool = False
    #: connections at once, in all and from one address
    max_connections: int = 1000
    max_per_ip: int = 32
    #: computer seats a table may have (and at most its game's most seats less one: a created
    #: table needs at least one seat for a person)
    max_bots_per_table: int = 8
    #: seconds a new connection has to say Hello
    hello_timeout: float = 10.0
    #: a table that has not started expires after this many seconds with nobody seated (lobby only)
    waiting_expiry: float = 600.0
    #: a started table with nobody connected to it is archived (its record kept) and removed after
    #: this many seconds (lobby only); until then its players can still take their seats back
    abandoned_expiry: float = 3600.0
    #: a finished table stays this many seconds (its players see the end), then it is archived and removed
    finished_linger: float = 120.0
    #: tables one connection may create per minute, and at once (an address: twice as many)
    create_rate: float = 6.0
    create_burst: float = 4.0
    #: wrong join codes checked for one address at once, and per second after that (a join that
    #: comes sooner is held until its turn, then checked)
    join_free_failures: int = 5
    join_addr_rate: float = 1.0
    #: a join held that long for its turn is refused with a ``rate`` error instead
    join_hold_max: float = 10.0
    #: wrong reclaim tokens one address may send at once, and per second after that (more: its
    #: connection is told to wait); a right token is always accepted
    token_free_failures: int = 10
    token_rate: float = 1.0
    #: wrong join codes the whole server checks per second (and at once): the guessing rate
    join_guess_rate: float = 5.0
    join_guess_burst: float = 20.0
    #: chat messages one connection may send per second on average, and at once
    chat_rate: float = 0.5
    chat_burst: float = 5.0
    #: connections that may watch one table (without a seat)
    max_watchers: int = 20
    #: lists of tables one connection may ask for per second on average, and at once
    list_rate: float = 1.0
    list_burst: float = 5.0
    #: serve wss:// with this context (None: plain ws://)
    tls: ssl.SSLContext | None = None
    #: new connections accepted per second (0: each as soon as it comes, the event loop's own
    #: accept). Paced, a burst of connections waits in the kernel's listening queue and is taken
    #: a few at a time, so the tables being played are served between their handshakes
    #: (:meth:`.conns.Connections._accept_ready`)
    accept_rate: float = 0.0
    #: the kernel's queue of connections not yet accepted (capped by the system: net.core.somaxconn on Linux)
    backlog: int = 100


class ServerCore:
    """What every part of one server shares: the settings, the live tables, the event loop (once
    started), the port it listens on, the clock of abandoned tables, whether it is stopping, the
    futures it waits for, and the two counts every part adds to (errors sent, internal errors)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.tables: dict[str, Table] = {}
        self.port = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        #: the clock for abandoned tables (injectable for tests)
        self.clock: Callable[[], float] = time.monotonic
        #: from here on no action changes a game (computer players included)
        self.stopping = False
        #: the in-game host closed the table for everyone (nothing is held, nobody told of a drop)
        self.closing = False
        #: set when the server stops: a connection told to wait is not waited for
        self.stopped = asyncio.Event()
        #: futures running off the loop (bot threads, saves) and tasks of the server's own
        self.tasks: set[asyncio.Future[Any]] = set()
        self.errors_sent = 0
        self.internal_errors = 0

    def running_loop(self) -> asyncio.AbstractEventLoop:
        """The server's loop (the running one before :meth:`.server.GameServer.start` has kept it)."""
        return self.loop or asyncio.get_running_loop()

    def track(self, fut: asyncio.Future[Any]) -> None:
        """Keep a future until it is done (:meth:`.server.GameServer.stop` cancels what is left)."""
        self.tasks.add(fut)

    def error(self, conn: Conn, code: str, message: str, ref: int = -1) -> None:
        """Answer ``conn`` with an :class:`.protocol.Error` (counted)."""
        self.errors_sent += 1
        conn.send(P.Error(code=code, message=message, ref=ref))
