"""The game server: websockets on asyncio, server-authoritative (the server runs the game).

One :class:`GameServer` holds any number of :class:`Table` objects. The in-game host runs one
with a single table in a background thread (:class:`ServerThread`); the dedicated server
(``tortuga-server --port N``, :func:`main`) runs one with a lobby where clients create, list
and join tables. Both speak :mod:`.protocol`.

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
  handshakes (:meth:`GameServer._accept_ready`); the in-game host accepts each as it comes;
* tables: at most ``max_tables`` live ones; a finished table is archived (its record kept in
  ``save_dir/archive``) and removed; a table nobody sits at expires before it starts; a started
  table nobody has been connected to for ``abandoned_expiry`` seconds is archived and removed; one
  connection and one address create tables at a limited rate;
* join codes: one address has its wrong codes checked at most ``join_addr_rate`` a second
  (``join_free_failures`` at once), the whole server only ``join_guess_rate`` a second; a join
  that must wait for that is held (its connection is not read) and then checked, not refused
  (see :class:`JoinGuard`; the README works out what that means for guessing). A reclaim's token
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
import collections
import contextlib
import functools
import gc
import hashlib
import hmac
import json
import logging
import math
import os
import secrets
import signal
import socket
import ssl
import sys
import threading
import time
import unicodedata
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from tortuga_desktop.net import games as G
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.confusables import SKELETON
from tortuga_desktop.net.games import ActionIllegal, ActionMalformed, GameRun

logger = logging.getLogger(__name__)

SAVE_FORMAT = "tortuga-net-table"
ARCHIVE_FORMAT = "tortuga-net-archive"
SAVE_VERSION = 1
#: Events per :class:`.protocol.Update` when a whole log is sent again (keeps frames small).
EVENT_CHUNK = 150
#: Frames up to this size are read and refused with an error; larger ones close the connection.
_HARD_LIMIT = 4 * P.MAX_MESSAGE
_OUTBOX = 2000


@dataclass
class ServerConfig:
    """Settings of a :class:`GameServer`."""

    host: str = "127.0.0.1"
    #: 0 picks a free port (see :attr:`GameServer.port`)
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
    #: keep timing statistics (message handling time, event-loop lag): :meth:`GameServer.stats_text`
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
    #: (:meth:`GameServer._accept_ready`)
    accept_rate: float = 0.0
    #: the kernel's queue of connections not yet accepted (capped by the system: net.core.somaxconn on Linux)
    backlog: int = 100


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _new_code() -> str:
    return "".join(secrets.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LENGTH))


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


@dataclass
class SeatSlot:
    """A seat of a table as the server runs it."""

    index: int
    kind: P.SeatKind
    name: str
    level: str
    token_hash: str = ""
    conn: Conn | None = None
    #: a computer player plays it now (computer seats; dropped seats after the hold time)
    bot_level: str | None = None
    held_until: float | None = None
    hold_timer: asyncio.TimerHandle | None = None
    thinking: bool = False
    #: where this seat's events stand (the game's own count, and how many were sent; see
    #: :data:`.games.Cursor`)
    sent_raw: int = 0
    sent_visible: int = 0
    #: the seat's current decision and the game's decision counter when it became due
    decision_key: Hashable | None = None
    pending_since: int = 0
    #: a person has sat here (the next connection is a return, not a join)
    seated_once: bool = False

    @property
    def taken(self) -> bool:
        return self.kind == "computer" or bool(self.token_hash)

    def info(self, now: float) -> P.SeatInfo:
        return P.SeatInfo(seat=self.index, name=self.name, kind=self.kind, level=self.level,
                          taken=self.taken, connected=self.conn is not None, bot=self.bot_level is not None,
                          held_for=None if self.held_until is None else max(0.0, round(self.held_until - now, 1)))


@dataclass
class Table:
    """One game table: seats, join code, host token and (once started) the game."""

    id: str
    code: str
    host_token: str
    name: str
    slots: list[SeatSlot]
    hold_seconds: float = 60.0
    takeover_level: str = "normal"
    auto_start: bool = False
    #: shown with its join code in the server's list (else private: listed without it)
    listed: bool = False
    seed: int | None = None
    #: the game being played (made by its game's adapter; see ``kind``)
    game: GameRun | None = None
    #: which game this table plays (a registered game's key, :mod:`.games`)
    kind: P.GameKey = P.DEFAULT_GAME
    #: the game's table options as its adapter checked them (JSON data)
    options: dict[str, Any] = field(default_factory=dict)
    save_path: Path | None = None
    conns: set[Conn] = field(default_factory=set)
    #: test hook: called with (table, seat, frame bytes) for every Update built for a seat
    capture: Callable[[Table, int, bytes], None] | None = None
    _save_pending: bool = False
    #: a computer player of this table is thinking (one decision per table at a time)
    bot_busy: bool = False
    #: removes the table when nobody sits at it before it starts (lobby)
    expiry: asyncio.TimerHandle | None = None
    #: archives and removes the table once the game is over (lobby)
    retire: asyncio.TimerHandle | None = None
    #: since when (the server's clock) nobody is connected to the started game (None: someone is)
    empty_since: float | None = None
    #: the newest chat entries (at most :data:`.protocol.CHAT_KEEP`) and how many there were in all
    chat: collections.deque[P.Chat] = field(default_factory=lambda: collections.deque(maxlen=P.CHAT_KEEP))
    chat_count: int = 0

    def add_chat(self, seat: int, kind: P.ChatKind, text: str = "") -> P.Chat:
        """A new chat entry from ``seat`` (its name now), kept with the table."""
        self.chat_count += 1
        entry = P.Chat(table=self.id, n=self.chat_count, seat=seat, name=self.slots[seat].name, kind=kind,
                       text=text, at=round(time.time(), 3))
        self.chat.append(entry)
        return entry

    def chat_to_save(self) -> list[dict[str, Any]]:
        return [{"n": c.n, "seat": c.seat, "name": c.name, "kind": c.kind, "text": c.text, "at": c.at}
                for c in self.chat]

    def chat_from_save(self, data: Any) -> None:
        """Read the chat of a save (raises ValueError on bad data; a text is cleaned again)."""
        if data is None:
            return
        if not isinstance(data, list) or len(data) > P.CHAT_KEEP:
            raise ValueError(f"chat: expected a list of at most {P.CHAT_KEEP} entries")
        last = 0
        for i, c in enumerate(data):
            if not isinstance(c, dict):
                raise ValueError(f"chat[{i}]: expected an object")
            n, seat, name, kind, text, at = (c.get(k) for k in ("n", "seat", "name", "kind", "text", "at"))
            if not (isinstance(n, int) and not isinstance(n, bool) and last < n < 2**53):
                raise ValueError(f"chat[{i}].n: expected a growing count")
            if not (isinstance(seat, int) and 0 <= seat < len(self.slots)) or kind not in P.CHAT_KINDS:
                raise ValueError(f"chat[{i}]: bad seat or kind")
            if not (isinstance(name, str) and 0 < len(name) <= P.MAX_NAME and name.isprintable()):
                raise ValueError(f"chat[{i}].name: bad name")
            if not (isinstance(text, str) and len(text) <= P.MAX_CHAT) or not isinstance(at, int | float):
                raise ValueError(f"chat[{i}]: bad text or time")
            if not math.isfinite(at):
                raise ValueError(f"chat[{i}].at: not a finite time")
            self.chat.append(P.Chat(table=self.id, n=n, seat=seat, name=name, kind=kind, text=P.clean_chat(text),
                                    at=float(at)))
            last = n
        self.chat_count = last

    def person_here(self) -> bool:
        """Someone is connected to a seat of this table (a person: computer seats have no connection)."""
        return any(c.seats for c in self.conns)

    @property
    def players(self) -> int:
        return len(self.slots)

    @property
    def long_game(self) -> bool:
        """The option ``long_game`` (version 1 of the protocol shows it in the list of tables)."""
        return self.options.get("long_game") is True

    @property
    def started(self) -> bool:
        return self.game is not None

    def open_seats(self) -> int:
        return sum(1 for s in self.slots if s.kind == "open" and not s.token_hash)

    def info(self) -> P.TableInfo:
        bots = [s for s in self.slots if s.kind == "computer"]
        return P.TableInfo(table=self.id, name=self.name, players=self.players, open_seats=self.open_seats(),
                           started=self.started, over=self.game is not None and self.game.is_over,
                           listed=self.listed, code=self.code if self.listed else "", long_game=self.long_game,
                           waiting=[s.name for s in self.slots if s.kind != "computer" and s.conn is not None],
                           computers=len(bots), level=bots[0].level if bots else "", levels=[s.level for s in bots],
                           watchers=sum(1 for c in self.conns if c.watching), game=self.kind)

    def lobby(self, watchers: bool = False) -> P.Lobby:
        """The table's lobby; with ``watchers``, how many watch it (a later field: for clients that read it)."""
        now = time.monotonic()
        return P.Lobby(table=self.id, name=self.name, players=self.players, seats=[s.info(now) for s in self.slots],
                       started=self.started, over=self.game is not None and self.game.is_over, game=self.kind,
                       watchers=sum(1 for c in self.conns if c.watching) if watchers else 0)

    def record_dict(self) -> dict[str, Any] | None:
        """The game's record as data (None before it starts)."""
        if self.game is None:
            return None
        return self.game.record_dict()

    # ------------------------------------------------------------ saving
    def to_archive(self) -> dict[str, Any]:
        """The finished game's record and who played (no join code, host token or reclaim tokens)."""
        return {
            "format": ARCHIVE_FORMAT, "version": SAVE_VERSION, "table": self.id, "name": self.name,
            "seats": [{"kind": s.kind, "name": s.name, "level": s.level} for s in self.slots],
            "record": self.record_dict(),
            "chat": self.chat_to_save(), **self._game_fields(),
        }

    def to_save(self) -> dict[str, Any]:
        """JSON form for the host's autosave (the game as its record)."""
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "table": self.id, "code": self.code,
            "host_token": self.host_token, "name": self.name,
            "hold_seconds": self.hold_seconds, "takeover_level": self.takeover_level, "seed": self.seed,
            "listed": self.listed, "auto_start": self.auto_start,
            "seats": [{"kind": s.kind, "name": s.name, "level": s.level, "token_hash": s.token_hash}
                      for s in self.slots],
            "record": self.record_dict(),
            "chat": self.chat_to_save(), **self._game_fields(),
            # read by the main menu to offer Continue without replaying the record
            "over": self.game is not None and self.game.is_over,
        }

    def _game_fields(self) -> dict[str, Any]:
        """The game and its options (a save of the first game from before there were options has
        ``long_game`` and no ``game``; a second game's ``starred``: both still read)."""
        return {"game": self.kind, "options": self.options, "long_game": self.long_game}

    @classmethod
    def from_save(cls, data: Any) -> Table:
        """Rebuild a table from :meth:`to_save` data (the game replayed from its record); the same
        code, host token and reclaim tokens work again. Raises ValueError on bad data."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("not a saved network table")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"saved network table version {data.get('version')!r:.10} (this reads {SAVE_VERSION})")
        try:
            kind = data.get("game", P.DEFAULT_GAME)
            if not isinstance(kind, str):
                raise ValueError("game: not a game's key")
            try:
                adapter = G.adapter(kind)
            except G.UnknownGame:
                raise ValueError("game: not a game this server hosts") from None
            low, high = adapter.min_players, adapter.max_players
            seats = data["seats"]
            if not isinstance(seats, list) or not low <= len(seats) <= high:
                raise ValueError(f"seats: expected {low}-{high}")
            slots = []
            for i, s in enumerate(seats):
                spec = P.SeatSpec(kind=s["kind"], name=str(s["name"]), level=s["level"])
                if spec.kind not in ("open", "computer", "local") or spec.level not in adapter.levels:
                    raise ValueError(f"seats[{i}]: bad kind or level")
                if not spec.name.strip() or not spec.name.isprintable() or len(spec.name) > P.MAX_NAME:
                    raise ValueError(f"seats[{i}].name: bad name")
                th = s["token_hash"]
                if not isinstance(th, str) or len(th) not in (0, 64):
                    raise ValueError(f"seats[{i}].token_hash: bad")
                slots.append(SeatSlot(i, spec.kind, spec.name, spec.level, token_hash=th,
                                      bot_level=spec.level if spec.kind == "computer" else None,
                                      seated_once=bool(th) or spec.kind == "local"))
            options = data.get("options")
            if options is None:  # a save from before there were options: the version 1 fields
                options = {k: data[k] for k in ("long_game", "starred") if data.get(k) not in (None, False)}
            if not isinstance(options, dict):
                raise ValueError("options: expected an object")
            table = cls(id=_short_text(data["table"]), code=_short_text(data["code"]),
                        host_token=_short_text(data["host_token"]), name=str(data["name"])[:P.MAX_NAME],
                        slots=slots, hold_seconds=float(data["hold_seconds"]),
                        takeover_level=str(data["takeover_level"]), seed=data.get("seed"),
                        listed=data.get("listed") is True, auto_start=data.get("auto_start") is True,
                        kind=kind, options=adapter.check_options(options, len(slots)))
            if table.takeover_level not in adapter.levels:
                raise ValueError("takeover_level: unknown level")
            table.chat_from_save(data.get("chat"))
            if data["record"] is not None:
                table.game = adapter.run_from_record(data["record"], table.seed, table.options)
                if table.game.players != len(slots):
                    raise ValueError("record: player count does not match the seats")
        except (KeyError, TypeError) as exc:
            raise ValueError(f"saved network table: missing or bad field {exc}") from None
        return table


def name_skeleton(name: str) -> str:
    """What a name looks like: Unicode TR39's skeleton for the Latin, Greek and Cyrillic
    lookalikes (:mod:`.confusables`), case folded. "Нosty" (Cyrillic Н) -> "hosty".

    >>> name_skeleton("\u041dosty") == name_skeleton("Hosty"), name_skeleton("Anna") == name_skeleton("Hanna")
    (True, False)
    """
    text = unicodedata.normalize("NFD", name)
    text = "".join(SKELETON.get(c, c) for c in text).casefold()
    text = "".join(SKELETON.get(c, c) for c in text)
    return unicodedata.normalize("NFD", text)


def _ip_of(ws: ServerConnection) -> str:
    addr = ws.remote_address
    if isinstance(addr, tuple) and addr:
        return str(addr[0])
    return str(addr)


def _short_text(v: Any) -> str:
    if not isinstance(v, str) or not 1 <= len(v) <= P.MAX_ID or not v.isprintable():
        raise ValueError("an identifier is empty, too long or not printable")  # never its text: it may be a secret
    return v


class GameServer:
    """The server: tables, connections and the rules. Runs on one asyncio loop.

    In-process API (call on the server's loop; :class:`ServerThread` wraps it for other
    threads): :meth:`start`, :meth:`stop`, :meth:`create_table`, :meth:`resume_table`,
    :meth:`start_game`.
    """

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.config = config or ServerConfig()
        self.tables: dict[str, Table] = {}
        self.port = 0
        self._server: Server | None = None
        self._executor: Executor = ThreadPoolExecutor(self.config.bot_threads, thread_name_prefix="net-bot")
        self._io: Executor = ThreadPoolExecutor(1, thread_name_prefix="net-save")
        self._loop: asyncio.AbstractEventLoop | None = None
        #: each computer seat's player and its level (kept while the level stays)
        self._bots: dict[tuple[str, int], tuple[str, Any]] = {}
        self._tasks: set[asyncio.Future[Any]] = set()
        #: client addresses (connections, limits) and the join-code guard
        self.addresses: dict[str, Address] = {}
        self.connections = 0
        self.join_guard = JoinGuard(self.config.join_free_failures, self.config.join_addr_rate,
                                    self.config.join_guess_rate, self.config.join_guess_burst,
                                    self.config.token_free_failures, self.config.token_rate)
        #: tables waiting for a bot thread, in turn (round robin), and the decisions running
        self._bot_queue: collections.OrderedDict[str, Table] = collections.OrderedDict()
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
        self._bots_running = 0
        #: a stand-in for every game's own pacing of computer answers (tests); None: the game's
        self.pacing: Any = None
        self._sweeper: asyncio.TimerHandle | None = None
        #: the clock for abandoned tables (injectable for tests)
        self.clock: Callable[[], float] = time.monotonic
        self._stopped = asyncio.Event()
        #: statistics (tests and benchmark)
        self.connections_refused = 0
        self.hello_timeouts = 0
        self.tables_archived = 0
        self.tables_expired = 0
        self.tables_abandoned = 0
        self.errors_sent = 0
        self.actions_applied = 0
        #: lines of table talk the games carried out (people's and computer players')
        self.talk_applied = 0
        self.internal_errors = 0
        self.stopping = False
        #: the in-game host closed the table for everyone (:meth:`close_for_everyone`)
        self.closing = False
        self.handling: list[float] = []
        self.lags: list[float] = []
        self.gc_pauses: list[float] = []
        #: pauses of the young (generation 0 and 1) collections
        self.young_gc_pauses: list[float] = []
        self._gc_start = 0.0

    # ------------------------------------------------------------ lifecycle
    async def start(self, before_listen: Callable[[GameServer], Any] | None = None) -> int:
        """Listen on ``config.host:config.port``; returns the port. ``before_listen(self)`` runs
        first, on this loop: tables it opens exist before the first connection can arrive (a
        player reconnecting to a resumed table must never find the address open but the table
        not yet there)."""
        self._loop = asyncio.get_running_loop()
        # the games' adapters (and their games) are imported now: an import on the first table's
        # message would stall the event loop for every connection (about 2 s on a loaded machine)
        G.adapters()
        if before_listen is not None:
            before_listen(self)
        self._server = await serve(self._handle, self.config.host, self.config.port, max_size=_HARD_LIMIT,
                                   max_queue=64, compression=None, ping_interval=20, ping_timeout=20,
                                   open_timeout=10, close_timeout=5, ssl=self.config.tls,
                                   backlog=self.config.backlog)
        if self.config.accept_rate > 0:
            self._own_accept()
        self._sweeper = self._loop.call_later(60.0, self._sweep)
        sock = next(iter(self._server.sockets))
        self.port = int(sock.getsockname()[1])
        if self.config.stats:
            self._tasks.add(asyncio.ensure_future(self._watch_lag()))
            gc.callbacks.append(self._gc_timer)
        logger.info("server listening on %s:%d", self.config.host, self.port)
        return self.port

    def _own_accept(self) -> None:
        """Take the accepting of new connections from the event loop (which accepts up to a
        hundred at once whenever any wait) and do it here, at ``config.accept_rate`` a second:
        the listening sockets are watched only while the budget has room (:meth:`_accept_ready`).
        Each accepted socket is handed to the websocket layer just as the loop would hand it."""
        assert self._loop is not None and self._server is not None
        # the websocket layer's factory of connections, as the loop's own accept uses it
        factory = getattr(self._server.server, "_protocol_factory", None)
        if factory is None:
            logger.warning("this event loop cannot pace new connections: each is accepted as it comes")
            return
        try:
            for ts in self._server.sockets:
                self._loop.remove_reader(ts.fileno())  # the loop's own accept stops here
        except NotImplementedError:  # an event loop without readers (Windows' proactor)
            logger.warning("this event loop cannot pace new connections: each is accepted as it comes")
            return
        self._protocol_factory = factory
        for ts in self._server.sockets:
            own = socket.socket(ts.family, ts.type, ts.proto, fileno=os.dup(ts.fileno()))
            own.setblocking(False)
            self._listening.append(own)
        self._watch_listening()

    def _watch_listening(self) -> None:
        self._accept_timer = None
        if self.stopping or self._loop is None:
            return
        for own in self._listening:
            self._loop.add_reader(own.fileno(), self._accept_ready, own)

    def _accept_ready(self, own: socket.socket) -> None:
        """New connections wait on ``own``: accept them while the budget has room, then stop
        watching the listening sockets until it has room again (the rest wait in the kernel's
        queue, ``config.backlog`` long; none is refused for the pace)."""
        assert self._loop is not None
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
            task = self._loop.create_task(self._hand_over(sock))
            self._handing.add(task)
            task.add_done_callback(self._handing.discard)
        self.accept_pauses += 1
        self._rest_listening(self._accepts.wait())

    def _rest_listening(self, seconds: float) -> None:
        assert self._loop is not None
        for own in self._listening:
            self._loop.remove_reader(own.fileno())
        if self._accept_timer is None:
            self._accept_timer = self._loop.call_later(seconds, self._watch_listening)

    async def _hand_over(self, sock: socket.socket) -> None:
        """An accepted socket to the websocket layer (TLS first, when served), as the loop's own
        accept does."""
        assert self._loop is not None and self._protocol_factory is not None
        tls = self.config.tls
        try:
            await self._loop.connect_accepted_socket(
                self._protocol_factory, sock, ssl=tls, ssl_handshake_timeout=10 if tls is not None else None,
                ssl_shutdown_timeout=5 if tls is not None else None)
        except (OSError, TimeoutError):  # gone already, or its TLS failed: nothing to serve (the loop says nothing either)
            sock.close()
        except Exception:
            logger.exception("cannot serve an accepted connection")
            sock.close()

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

        return (f"actions {self.actions_applied}, errors sent {self.errors_sent}, internal errors "
                f"{self.internal_errors}; handling a message p50/p99/max {ms(self.handling)}; "
                f"event-loop lag p50/p99/max {ms(self.lags)}; {len(self.gc_pauses)} full garbage collections, "
                f"p50/p99/max {ms(self.gc_pauses)}; {len(self.young_gc_pauses)} young ones, p50/p99/max "
                f"{ms(self.young_gc_pauses)}; connections refused {self.connections_refused}, closed without Hello "
                f"{self.hello_timeouts}; accepted at the pace {self.accepted} (the pace held them back "
                f"{self.accept_pauses} times); join codes checked {self.join_guard.guesses_checked}, held for their turn "
                f"{self.join_guard.guesses_held}, refused unchecked {self.join_guard.guesses_refused}; wrong reclaim "
                f"tokens {self.join_guard.tokens_wrong} (over the budget {self.join_guard.tokens_refused}); tables archived {self.tables_archived}, expired {self.tables_expired}")

    def _sweep(self) -> None:
        """Forget addresses that have no connection and nothing left to remember; archive the
        started tables everyone left long ago."""
        self.expire_abandoned()
        for ip, a in list(self.addresses.items()):
            if a.quiet():
                del self.addresses[ip]
        if self._loop is not None and not self.stopping:
            self._sweeper = self._loop.call_later(60.0, self._sweep)

    def close_for_everyone(self) -> None:
        """The in-game host closes its table: every connection is told so plainly
        (:data:`.protocol.BYE_HOST_CLOSED`) and closed, with no seat held for anyone (nobody is
        shown a countdown to a server that is about to stop). :meth:`stop` follows."""
        self.closing = True
        for table in self.tables.values():
            for conn in list(table.conns):
                conn.send(P.Bye(reason=P.BYE_HOST_CLOSED))
                conn.close()

    async def stop(self) -> None:
        """Close every connection and stop listening (pending autosaves are written)."""
        self._stopped.set()  # a connection told to wait is not waited for
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in list(self._tasks):
            if isinstance(task, asyncio.Task):
                task.cancel()
        if self._gc_timer in gc.callbacks:
            gc.callbacks.remove(self._gc_timer)
        self.stopping = True  # from here on no action changes a game (computer players included)
        for table in self.tables.values():
            for slot in table.slots:
                if slot.hold_timer is not None:
                    slot.hold_timer.cancel()
        if self._accept_timer is not None:
            self._accept_timer.cancel()
            self._accept_timer = None
        if self._listening and self._loop is not None:
            for own in self._listening:
                self._loop.remove_reader(own.fileno())
                own.close()  # a copy of the listening socket: the websocket layer closes the first
            self._listening = []
        for task in list(self._handing):  # accepted, not yet handed over: nothing to serve any more
            task.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._io.shutdown(wait=True)
        for table in self.tables.values():
            if table.save_path is not None and table.game is not None:
                self._write_save(table)

    # ------------------------------------------------------------ tables
    def create_table(self, seats: list[P.SeatSpec], *, name: str = "", long_game: bool = False,
                     hold_seconds: float = 60.0, takeover_level: str = "normal", auto_start: bool = False,
                     seed: int | None = None, table_id: str | None = None, listed: bool = False,
                     game: str = P.DEFAULT_GAME, starred: list[str] | None = None,
                     options: dict[str, Any] | None = None) -> Table:
        """A new table (not started) of ``game`` (a registered game's key) with the game's
        ``options`` (JSON data its adapter checks; ``long_game`` and ``starred`` are two of them as
        protocol version 1 named them). Raises ValueError for a bad setup."""
        try:
            adapter = G.adapter(game)
        except G.UnknownGame:
            raise ValueError(f"unknown game {game!r:.20}") from None
        low, high = adapter.min_players, adapter.max_players
        if not low <= len(seats) <= high:
            raise G.SetupMalformed(f"a table of this game has {low}-{high} seats")
        raw = dict(options or {})
        if long_game:
            raw["long_game"] = True
        if starred is not None:
            raw["starred"] = list(starred)
        checked = adapter.check_options(raw, len(seats))
        if takeover_level not in adapter.levels:
            raise ValueError(f"unknown computer level {takeover_level!r}")
        if len(self.tables) >= self.config.max_tables:
            raise ValueError(f"this server holds at most {self.config.max_tables} tables")
        bots = sum(1 for s in seats if s.kind == "computer")
        if bots == len(seats):
            raise ValueError("a table needs at least one seat for a person")
        max_bots = min(self.config.max_bots_per_table, high - 1)
        if bots > max_bots:
            raise ValueError(f"this server allows at most {max_bots} computer player(s) per table of this game")
        slots = []
        used: set[str] = set()
        for i, s in enumerate(seats):
            if s.kind not in ("open", "computer", "local") or s.level not in adapter.levels:
                raise ValueError(f"seat {i + 1}: unknown kind {s.kind!r} or level {s.level!r}")
            if not s.name.isprintable() or len(s.name) > P.MAX_NAME:
                raise ValueError(f"seat {i + 1}: a name has at most {P.MAX_NAME} printable characters")
            base = s.name.strip() or (f"Player {i + 1}" if s.kind != "computer" else f"Computer {i + 1}")
            slots.append(SeatSlot(i, s.kind, self._unique(base, used), s.level,
                                  bot_level=s.level if s.kind == "computer" else None))
        tid = table_id or secrets.token_hex(4)
        while tid in self.tables:
            tid = secrets.token_hex(4)
        codes = {t.code for t in self.tables.values()}
        code = _new_code()
        while code in codes:
            code = _new_code()
        table = Table(id=tid, code=code, host_token=secrets.token_urlsafe(18), name=name or f"Table {tid}",
                      slots=slots, hold_seconds=hold_seconds, takeover_level=takeover_level,
                      auto_start=auto_start, seed=seed, listed=listed, kind=game, options=checked)
        if self.config.save_dir is not None:
            table.save_path = self.config.save_dir / f"net-{tid}.json"
        self.tables[tid] = table
        self._watch_empty(table)
        return table

    def resume_table(self, data: Any, save_path: Path | None = None) -> Table:
        """Bring back a saved table (its code, host token and reclaim tokens stay valid);
        every joined seat is held until its player reconnects or the hold time passes."""
        table = Table.from_save(data)
        if table.id in self.tables:
            raise ValueError(f"table {table.id} is already open")
        table.save_path = save_path or (None if self.config.save_dir is None
                                        else self.config.save_dir / f"net-{table.id}.json")
        self.tables[table.id] = table
        self._watch_empty(table)
        if table.game is not None:
            self._refresh_decisions(table)
            for slot in table.slots:
                if slot.kind != "computer":
                    self._hold(table, slot)
            self._schedule_bots(table)
        return table

    def start_game(self, table: Table) -> None:
        """Deal the game (every open seat must be taken). Raises ValueError otherwise."""
        if table.started:
            raise ValueError("the game has already started")
        if table.open_seats():
            raise ValueError(f"waiting for {table.open_seats()} more player(s)")
        if not table.person_here():
            raise ValueError("a game starts only with a player connected to the table")
        seed = table.seed if table.seed is not None else secrets.randbits(63)
        table.seed = seed
        table.game = G.adapter(table.kind).new_run(table.players, seed, names=[s.name for s in table.slots],
                                                   options=table.options)
        self._refresh_decisions(table)
        logger.info("table %s starts", table.id)  # never the seed: it tells every hidden tile and roll
        self._broadcast_lobby(table)
        self._send_updates(table, None, -1)
        self._schedule_bots(table)
        self._autosave(table)

    # ------------------------------------------------------------ tables that end
    def _watch_empty(self, table: Table) -> None:
        """On a dedicated server, a table nobody sits at expires unless it has started."""
        if not self.config.lobby or self._loop is None:
            return
        if table.expiry is not None:
            table.expiry.cancel()
            table.expiry = None
        if table.person_here() or not table.started or (table.game is not None and table.game.is_over):
            table.empty_since = None
        elif table.empty_since is None:
            table.empty_since = self.clock()
        if not table.started and not table.person_here():
            table.expiry = self._loop.call_later(self.config.waiting_expiry, self._expire, table)

    def expire_abandoned(self) -> int:
        """Archive and remove every started table nobody has been connected to for
        ``abandoned_expiry`` seconds (checked once a minute); returns how many."""
        now = self.clock()
        gone = [t for t in self.tables.values() if t.empty_since is not None and not t.person_here()
                and now - t.empty_since >= self.config.abandoned_expiry]
        for table in gone:
            self.tables_abandoned += 1
            logger.info("table %s expired: nobody came back to it for %.0f s", table.id, now - (table.empty_since or now))
            self._retire(table)
        return len(gone)

    def _expire(self, table: Table) -> None:
        table.expiry = None
        if table.started or table.person_here() or self.tables.get(table.id) is not table:
            return
        self.tables_expired += 1
        logger.info("table %s expired: nobody sat at it", table.id)
        self._remove(table)
        if table.save_path is not None:
            with contextlib.suppress(OSError):
                table.save_path.unlink()

    def _game_over(self, table: Table) -> None:
        """On a dedicated server a finished table is archived and removed after a while (its
        players see the end first); it no longer counts against ``max_tables``."""
        if self.config.lobby and self._loop is not None and table.retire is None:
            table.retire = self._loop.call_later(self.config.finished_linger, self._retire, table)

    def _retire(self, table: Table) -> None:
        table.retire = None
        if self.tables.get(table.id) is not table or self.stopping:
            return
        self._remove(table)
        self.tables_archived += 1
        save_path, table.save_path = table.save_path, None  # no autosave brings the save back
        fut = (self._loop or asyncio.get_running_loop()).run_in_executor(
            self._io, archive_table, self.config.save_dir, table.to_archive(), save_path)
        self._tasks.add(fut)
        fut.add_done_callback(self._save_done)
        logger.info("table %s: archived and closed", table.id)

    def _remove(self, table: Table) -> None:
        """Take a table off the server (its connections stay, seated nowhere)."""
        self.tables.pop(table.id, None)
        self._bot_queue.pop(table.id, None)
        for timer in [table.expiry, table.retire] + [s.hold_timer for s in table.slots]:
            if timer is not None:
                timer.cancel()
        table.expiry = table.retire = None
        for slot in table.slots:
            slot.hold_timer = None
            slot.conn = None
            self._bots.pop((table.id, slot.index), None)
        for c in list(table.conns):
            c.table = None
            c.seats = []
            c.watching = False
        table.conns.clear()
        table._save_pending = False

    def restore_saved(self, save_dir: Path) -> int:
        """Open the tables saved in ``save_dir`` again (a restart); finished ones are archived and
        their saves removed instead. Returns how many tables were opened."""
        opened = 0
        for path in sorted(save_dir.glob("net-*.json")):
            try:
                data = load_table_save(path)
                table = Table.from_save(data)
                if table.game is not None and table.game.is_over:
                    archive_table(save_dir, table.to_archive(), path)
                    self.tables_archived += 1
                    logger.info("archived the finished table from %s", path.name)
                    continue
                self.resume_table(data, path)
                opened += 1
                logger.info("resumed table from %s", path.name)
            except (ValueError, OSError) as exc:
                logger.warning("not resumed: %s", exc)
        return opened

    @staticmethod
    def _unique(base: str, used: set[str]) -> str:
        base = base[:P.MAX_NAME]
        name, n = base, 2
        while name.casefold() in used:
            name = f"{base[:P.MAX_NAME - 3]} {n}"
            n += 1
        used.add(name.casefold())
        return name

    # ------------------------------------------------------------ connections
    async def _handle(self, ws: ServerConnection) -> None:
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
            self._refuse_over_cap(conn)
            return
        self.hello_timeouts += 1
        logger.info("closed a connection that did not say Hello within %.0f s", self.config.hello_timeout)
        conn.strikes = max(conn.strikes, self.config.strikes + 1)  # closes with 1008 (policy)
        conn.send(P.Bye(reason=f"no Hello within {self.config.hello_timeout:.0f} s"))
        conn.close()

    def _refuse_over_cap(self, conn: Conn) -> None:
        """A connection opened over its address's cap did something other than reclaim a seat."""
        self.connections_refused += 1
        logger.warning("connection refused: %d from its address (at most %d), and it did not reclaim a seat",
                       conn.address.conns - conn.address.over_cap, self.config.max_per_ip)
        conn.close_code = 1013
        conn.send(P.Bye(reason="the server has too many connections from your address just now: try again later"))
        conn.close()

    async def _pause(self, conn: Conn) -> None:
        """Wait until ``conn.paused_until`` (nothing is read from it meanwhile); a connection
        that closes meanwhile ends the wait at once (and is marked closed), and so does the
        server stopping."""
        pause = conn.paused_until - time.monotonic()
        if pause <= 0 or conn.ws is None:
            return
        stopped = asyncio.ensure_future(self._stopped.wait())
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
                while conn.held_join is not None and not conn.closed and not self.stopping:
                    await self._pause(conn)  # a join held for its turn: checked when it comes
                    if not conn.closed and not self.stopping:
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
        if self.stopping:
            return
        if not conn.allow():
            conn.strikes += 1
            if conn.strikes > self.config.strikes:
                logger.warning("connection %s floods: disconnecting it", conn.peer)
                conn.send(P.Bye(reason="too many messages"))
                conn.close()
            elif conn.strikes % 10 == 1:
                self._error(conn, "rate", "too many messages: slow down")
            return
        try:
            if self.config.stats and len(self.handling) < 10**6:
                t = time.perf_counter()
                self._dispatch(conn, raw)
                self.handling.append(time.perf_counter() - t)
            else:
                self._dispatch(conn, raw)
        except Exception:  # a bug must not take the server down: log it, answer, go on
            self.internal_errors += 1
            logger.exception("internal error handling a message from %s", conn.peer)
            self._error(conn, "malformed", "the server could not handle this message")

    def _error(self, conn: Conn, code: str, message: str, ref: int = -1) -> None:
        self.errors_sent += 1
        conn.send(P.Error(code=code, message=message, ref=ref))

    def _dispatch(self, conn: Conn, raw: str | bytes) -> None:
        if isinstance(raw, bytes):  # a binary frame: this protocol is JSON in text frames only
            self._error(conn, "malformed", "binary frames are refused: send each message as a JSON text frame")
            return
        if len(raw) > P.MAX_MESSAGE:
            self._error(conn, "size", f"messages are limited to {P.MAX_MESSAGE} bytes")
            return
        if not conn.hello:
            kind, version = P.probe_version(raw)
            if kind == "Hello" and version is not None and version != P.PROTOCOL_VERSION:
                self._error(conn, "version", f"this server speaks protocol version {P.PROTOCOL_VERSION}, "
                                             f"your game speaks version {version}: both need the same game version")
                conn.close()
                return
        try:
            msg = P.decode_client(raw)
        except P.ProtocolError as exc:
            self._error(conn, "malformed", str(exc))
            return
        if isinstance(msg, P.Hello):
            if conn.hello:
                self._error(conn, "order", "hello was already said")
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
            self._error(conn, "order", "say Hello first")
            return
        if conn.over_cap and not isinstance(msg, P.Join):
            self._refuse_over_cap(conn)
            return
        if isinstance(msg, P.ListTables):
            self._on_list(conn)
        elif isinstance(msg, P.CreateTable):
            self._on_create(conn, msg)
        elif isinstance(msg, P.Join):
            self._on_join(conn, msg)
        elif isinstance(msg, P.Start):
            self._on_start(conn, msg)
        elif isinstance(msg, P.Act):
            self._on_act(conn, msg)
        elif isinstance(msg, P.Talk):
            self._on_talk(conn, msg)
        elif isinstance(msg, P.Leave):
            self._on_leave(conn)
        elif isinstance(msg, P.Say):
            self._on_say(conn, msg)
        elif isinstance(msg, P.Watch):
            self._on_watch(conn, msg)

    # ------------------------------------------------------------ chat
    def _on_say(self, conn: Conn, msg: P.Say) -> None:
        table = conn.table
        if table is None or not conn.seats:
            self._error(conn, "chat", "chat is for players seated at a table")
            return
        seat = conn.seats[0] if msg.seat is None else msg.seat
        if seat not in conn.seats:
            self._error(conn, "seat", "not a seat of this connection")
            return
        text = P.clean_chat(msg.text)
        if not text:
            self._error(conn, "chat", "the message has nothing to show once control and invisible characters "
                                      "are removed")
            return
        if len(text) > P.MAX_CHAT:
            self._error(conn, "chat", f"chat messages are limited to {P.MAX_CHAT} characters")
            return
        if not conn.chat.take():
            self._error(conn, "chat_rate", f"too many chat messages: wait {max(1, math.ceil(conn.chat.wait()))} s")
            return
        self._chat(table, seat, "say", text)

    def _chat(self, table: Table, seat: int, kind: P.ChatKind, text: str = "") -> None:
        """Add a chat entry (a message or a note of the table) and send it to the whole table."""
        if self.stopping:
            return
        entry = table.add_chat(seat, kind, text)
        raw = P.encode(entry)
        later = kind in P.LATER_CHAT_KINDS
        for c in list(table.conns):
            if not later or kind in c.chat_kinds:
                c.send(raw)
        self._autosave(table)

    @staticmethod
    def _send_chat(conn: Conn, entry: P.Chat) -> None:
        """One entry of the table's chat to ``conn`` (a kind its Hello did not name is not sent: a
        client from before that kind would refuse the message)."""
        if entry.kind not in P.LATER_CHAT_KINDS or entry.kind in conn.chat_kinds:
            conn.send(entry)

    def _bot_talk(self, table: Table) -> list[tuple[int, str]]:
        """Each computer seat that is not deciding just now says what its game's computer player
        says of what its seat has seen (:meth:`.games.GameRun.bot_talk`). A line its game keeps as a
        move (:class:`.games.TalkMove`) is carried out now (an event of the game: the caller sends
        the updates); the other lines are returned as ``(seat, text)`` for the table's chat (the
        caller sends them after the updates, so a reaction never comes before what it reacts to).
        Only ``computer`` seats talk: a person's seat played by a computer while its player is away
        keeps quiet (nobody speaks in a person's name)."""
        game = table.game
        chat: list[tuple[int, str]] = []
        if game is None or self.stopping:
            return chat
        for slot in table.slots:
            if slot.kind != "computer" or slot.bot_level is None or slot.thinking:
                continue
            try:
                lines = game.bot_talk(self._bot(table, slot), slot.index)
            except Exception as exc:  # a fault of the game's talk: the game goes on (never its message)
                self.internal_errors += 1
                logger.error("table %s: the computer player of seat %d could not talk: %s", table.id, slot.index,
                             type(exc).__name__)
                continue
            for line in lines:
                if isinstance(line, G.TalkMove):
                    self._bot_say(table, game, slot.index, line.text)
                elif not line or len(line) > P.MAX_CHAT or P.clean_chat(line) != line:
                    self.internal_errors += 1  # a fault of the game: the line is not sent (never its text)
                    logger.error("table %s: the computer player of seat %d said a line that is no chat entry",
                                 table.id, slot.index)
                else:
                    chat.append((slot.index, line))
        return chat

    def _bot_say(self, table: Table, game: GameRun, seat: int, text: str) -> None:
        """A computer seat's line of its game's talk, carried out (a refused line: a fault of its talk,
        logged without the line; the game goes on)."""
        if game.is_over:
            return  # the game has ended: nothing more is said into it
        if not isinstance(game, G.TalkRun):
            self.internal_errors += 1
            logger.error("table %s: the computer player of seat %d said a talk move its game does not take",
                         table.id, seat)
            return
        try:
            game.say_text(seat, text)
        except (ActionMalformed, ActionIllegal) as exc:
            self.internal_errors += 1
            logger.error("table %s: the computer player of seat %d said a line the game refused (%s)", table.id,
                         seat, type(exc).__name__)
            return
        self.talk_applied += 1

    def _send_bot_chat(self, table: Table, lines: list[tuple[int, str]]) -> None:
        for seat, text in lines:
            self._chat(table, seat, "bot", text)

    def _on_talk(self, conn: Conn, msg: P.Talk) -> None:
        """A person's line of table talk (:class:`.protocol.Talk`): checked as chat is (its seat, its
        rate), carried out by the game as an event every seat and watcher is sent. No stale check:
        talk answers no decision."""
        table, game = conn.table, conn.table.game if conn.table else None
        if table is None or msg.seat not in conn.seats:
            self._error(conn, "seat", "this connection does not play that seat (watchers cannot talk)", msg.id)
            return
        if game is None:
            self._error(conn, "order", "the game has not started", msg.id)
            return
        if game.is_over:
            self._error(conn, "talk", "the game is over", msg.id)
            return
        if not isinstance(game, G.TalkRun):
            self._error(conn, "talk", "this table's game has no table talk", msg.id)
            return
        if table.slots[msg.seat].bot_level is not None:
            self._error(conn, "talk", "a computer player plays this seat now: it does not speak in your name",
                        msg.id)
            return
        if not conn.chat.take():
            self._error(conn, "chat_rate", f"too much said: wait {max(1, math.ceil(conn.chat.wait()))} s", msg.id)
            return
        try:
            game.say_text(msg.seat, msg.line)
        except ActionMalformed as exc:
            self._error(conn, "malformed", str(exc), msg.id)
            return
        except ActionIllegal as exc:
            self._error(conn, "talk", str(exc), msg.id)
            return
        self.talk_applied += 1
        chat = self._bot_talk(table)  # the computer players hear it (and may answer)
        self._send_updates(table, conn, msg.id)
        self._send_bot_chat(table, chat)
        self._autosave(table)

    def _on_list(self, conn: Conn) -> None:
        if not self.config.lobby:
            self._error(conn, "denied", "this host does not list its tables")
            return
        if not conn.listing.take():
            self._error(conn, "rate", f"too many lists of tables: wait {max(1, math.ceil(conn.listing.wait()))} s")
            return
        tables = [t for t in self.listed_tables() if t.kind in conn.games]
        conn.send(P.Tables(tables=[t.info() for t in tables[:P.MAX_LISTED]],
                           more=max(0, len(tables) - P.MAX_LISTED)))

    def listed_tables(self) -> list[Table]:
        """The tables as a list shows them: games that are not over, those waiting with open
        seats first (public before private, fewest seats open first), then games being played."""
        live = [t for t in self.tables.values() if not (t.game is not None and t.game.is_over)]
        return sorted(live, key=lambda t: (t.started, not t.open_seats(), not t.listed, t.open_seats(), t.name))

    def _on_watch(self, conn: Conn, msg: P.Watch) -> None:
        """Watch a table without a seat: a listed one freely, a private one with its code (which
        counts against the limits on guessing codes, as a join's does)."""
        if conn.table is not None:
            self._error(conn, "order", "this connection already sits at or watches a table")
            return
        table = self.tables.get(msg.table)
        if table is None or not table.listed:
            wait = self.join_guard.wait_for(conn.address)
            if wait > 0:
                self.join_guard.guesses_refused += 1
                conn.paused_until = time.monotonic() + wait
                self._error(conn, "rate", f"too many wrong join codes from your address: wait {max(1, math.ceil(wait))} s")
                return
            self.join_guard.guesses_checked += 1
            if table is None or self._find_table(table.id, msg.code) is None:
                self.join_guard.failed(conn.address)
                self._error(conn, "code", "no table with this join code")
                return
        if table.kind not in conn.games:
            self._error(conn, "denied", "this table plays a game your version of Tortuga cannot play: update it")
            return
        if sum(1 for c in table.conns if c.watching) >= self.config.max_watchers:
            self._error(conn, "full", f"this table has as many watchers as it allows ({self.config.max_watchers})")
            return
        conn.table, conn.seats, conn.watching = table, [], True
        conn.watch_raw = conn.watch_visible = 0
        table.conns.add(conn)
        conn.send(P.Watching(table=table.id))
        for entry in table.chat:
            self._send_chat(conn, entry)
        self._broadcast_lobby(table)  # everyone at the table sees one more watching
        if table.game is not None:
            self._send_watcher(table, conn)

    def _send_watcher(self, table: Table, conn: Conn, data: G.SeatData | None = None) -> None:
        """A watcher's update: the public view and the public events it has not had yet
        (``data``: built already)."""
        game = table.game
        if game is None:
            return
        if data is None:
            data = game.updates([None], [(conn.watch_raw, conn.watch_visible)])[0]
        conn.watch_raw, conn.watch_visible = data.cursor
        self._send_chunks(table, conn, P.SPECTATOR, data, -1)

    def _send_chunks(self, table: Table, conn: Conn, seat: int, data: G.SeatData, ack: int) -> None:
        """An update in frames of at most :data:`EVENT_CHUNK` events (the view, and the decision
        counter and legal actions of a game whose view does not hold them, with each; ``ack`` with
        the last)."""
        dicts, first = data.events, data.first
        chunks = [dicts[i:i + EVENT_CHUNK] for i in range(0, len(dicts), EVENT_CHUNK)] or [[]]
        for n, chunk in enumerate(chunks):
            last = n == len(chunks) - 1
            raw = P.encode(P.Update(table=table.id, seat=seat, view=data.view, events=chunk, first=first,
                                    ack=ack if last else -1, decisions=data.decisions,
                                    legal=None if seat == P.SPECTATOR else data.legal))
            first += len(chunk)
            if table.capture is not None:
                table.capture(table, seat, raw)
            conn.send(raw)

    def _on_create(self, conn: Conn, msg: P.CreateTable) -> None:
        if not self.config.lobby:
            self._error(conn, "denied", "tables can only be created on a dedicated server")
            return
        addr = conn.address.create
        if not conn.create.ready() or (addr is not None and not addr.ready()):
            wait = max(conn.create.wait(), addr.wait() if addr is not None else 0.0)
            self._error(conn, "rate", f"too many new tables: wait {wait:.0f} s before creating another")
            return
        try:
            table = self.create_table(list(msg.seats), name=msg.name, long_game=msg.long_game,
                                      hold_seconds=msg.hold_seconds, takeover_level=msg.takeover_level,
                                      auto_start=msg.auto_start, listed=msg.listed, game=msg.game,
                                      starred=msg.starred, options=msg.options)
        except G.SetupMalformed as exc:
            self._error(conn, "malformed", str(exc))
            return
        except ValueError as exc:
            self._error(conn, "denied", str(exc))
            return
        conn.create.take()
        if addr is not None:
            addr.take()
        conn.send(P.Created(table=table.id, code=table.code, host_token=table.host_token))

    def _on_join(self, conn: Conn, msg: P.Join) -> None:
        if conn.table is not None:
            self._error(conn, "order", "this connection already sits at a table")
            return
        token = msg.token
        held: list[int] | None = None
        if token and msg.table:
            # a reclaim (table id and token, a 144-bit secret) is looked at first, before the cap
            # on connections from its address and the limits on guessing codes: a returning
            # player gets back in during an attack from the same address
            table = self.tables.get(msg.table)
            held = self._token_seats(table, token) if table is not None else None
            if table is None or held is None:
                self._wrong_token(conn)
                return
            if self._find_table(table.id, msg.code) is None:
                if conn.over_cap:
                    self._refuse_over_cap(conn)
                    return
                self._error(conn, "code", "no table with this join code")
                return
            if conn.over_cap:  # a seat reclaimed: the connection counts as its address's again
                conn.over_cap = False
                conn.address.over_cap -= 1
                if conn.hello_timer is not None:
                    conn.hello_timer.cancel()
                    conn.hello_timer = None
        else:
            if conn.over_cap:
                self._refuse_over_cap(conn)
                return
            wait = self.join_guard.wait_for(conn.address)
            if wait > 0:  # no wrong code left to spend just now: held, then checked in its turn
                now = time.monotonic()
                if conn.held_join is None:
                    conn.held_since = now
                    self.join_guard.guesses_held += 1
                if now - conn.held_since + wait > self.config.join_hold_max:
                    conn.held_join = None
                    self.join_guard.guesses_refused += 1
                    self._error(conn, "rate", "the server is checking too many join codes just now: "
                                              "try again in a few seconds")
                    return
                conn.held_join = msg
                conn.paused_until = now + max(wait, 0.01)
                return
            conn.held_join = None
            self.join_guard.guesses_checked += 1
            found = self._find_table(msg.table, msg.code)
            if found is None:
                self.join_guard.failed(conn.address)
                self._error(conn, "code", "no table with this join code")
                return
            table = found
            if token:
                held = self._token_seats(table, token)
                if held is None:
                    self._wrong_token(conn)
                    return
        if table.kind not in conn.games:
            self._error(conn, "denied", "this table plays a game your version of Tortuga cannot play: update it")
            return
        seats: list[int]
        if held is not None:
            seats = held
        else:
            free = [s for s in table.slots if s.kind == "open" and not s.token_hash]
            if msg.seat is not None:
                free = [s for s in free if s.index == msg.seat]
            if not free:
                self._error(conn, "full", "no free seat at this table")
                return
            slot = free[0]
            name = msg.name.strip()
            lookalike = next((s.name for s in table.slots if s is not slot and name
                              and name.casefold() != s.name.casefold() and name_skeleton(name) == name_skeleton(s.name)),
                             None)
            if lookalike is not None:
                self._error(conn, "name", f"this name looks like {lookalike!r}, who sits at this table: "
                                          "choose another name")
                return
            token = secrets.token_urlsafe(18)
            slot.token_hash = _hash(token)
            if msg.name.strip():
                used = {s.name.casefold() for s in table.slots if s is not slot}
                slot.name = self._unique(msg.name.strip(), used)
            seats = [slot.index]
        notes: list[tuple[int, P.ChatKind]] = []
        for i in seats:
            slot = table.slots[i]
            old = slot.conn
            if old is None:
                notes.append((i, "returned" if slot.seated_once else "joined"))
            slot.seated_once = True
            if old is not None and old is not conn:
                old.seats = [x for x in old.seats if x != i]
                if not old.seats:
                    old.send(P.Bye(reason="your seat was reclaimed from another connection"))
                    old.close()
            slot.conn = conn
            slot.held_until = None
            if slot.hold_timer is not None:
                slot.hold_timer.cancel()
                slot.hold_timer = None
            if slot.kind != "computer":
                slot.bot_level = None  # the player is back: the computer hands the seat over
            slot.sent_raw = slot.sent_visible = 0
        conn.table = table
        conn.seats = seats
        table.conns.add(conn)
        conn.send(P.Joined(table=table.id, seats=seats, token=token))
        for entry in table.chat:  # the table's chat so far (a returning client skips what it has)
            self._send_chat(conn, entry)
        for i, kind in notes:
            self._chat(table, i, kind)
        self._watch_empty(table)
        self._broadcast_lobby(table)
        if table.game is not None:
            for i in seats:
                self._send_seat(table, table.slots[i], -1)
            self._schedule_bots(table)  # a person is back: paused computer players go on
        elif table.auto_start and not table.open_seats():
            self.start_game(table)
        self._autosave(table)

    def _join_again(self, conn: Conn) -> None:
        """Check a join that was held for its turn (never raises, as :meth:`_receive`). It is
        checked now, held again (its turn not yet come: :attr:`Conn.held_since` kept, so
        ``join_hold_max`` counts from the first time) or refused; never left unanswered."""
        msg = conn.held_join
        if msg is None:
            return
        try:
            self._on_join(conn, msg)
        except Exception:
            conn.held_join = None
            self.internal_errors += 1
            logger.exception("internal error handling a held join from %s", conn.peer)
            self._error(conn, "malformed", "the server could not handle this message")
        if conn.held_join is msg and conn.paused_until <= time.monotonic():  # never spin on it
            conn.held_join = None
            self.join_guard.guesses_refused += 1
            self._error(conn, "rate", "the server is checking too many join codes just now: try again in a few seconds")

    def _wrong_token(self, conn: Conn) -> None:
        """A reclaim token that holds no seat (its own budget; see :class:`JoinGuard`)."""
        wait = self.join_guard.token_failed(conn.address)
        if conn.over_cap:
            self._refuse_over_cap(conn)
            return
        if wait > 0:
            conn.paused_until = time.monotonic() + wait
            self._error(conn, "rate", f"too many wrong reclaim tokens from your address: wait {max(1, math.ceil(wait))} s")
            return
        self._error(conn, "token", "this token does not hold a seat at this table")

    @staticmethod
    def _token_seats(table: Table, token: str) -> list[int] | None:
        """The seats ``token`` holds at ``table`` (the host token: its local seats); None: none."""
        if not token:
            return None
        if hmac.compare_digest(token.encode(), table.host_token.encode()):
            return [s.index for s in table.slots if s.kind == "local"]
        h = _hash(token)
        found = [s.index for s in table.slots if s.token_hash and hmac.compare_digest(s.token_hash, h)]
        return found or None

    def _find_table(self, table_id: str, code: str) -> Table | None:
        """The table with this join code (and id, when one is given)."""
        code = P.normalize_code(code)
        candidates = [self.tables[table_id]] if table_id in self.tables else [] if table_id else self.tables.values()
        for t in candidates:
            if hmac.compare_digest(code.encode(), t.code.encode()):
                return t
        return None

    def _on_start(self, conn: Conn, msg: P.Start) -> None:
        table = self.tables.get(msg.table)
        if table is None or not hmac.compare_digest(msg.token.encode(), table.host_token.encode()):
            self._error(conn, "token", "only the host can start this table")
            return
        try:
            self.start_game(table)
        except ValueError as exc:
            self._error(conn, "order", str(exc))

    def _on_leave(self, conn: Conn) -> None:
        table = conn.table
        if table is None:
            self._error(conn, "order", "not at a table")
            return
        for i in conn.seats:
            self._chat(table, i, "left")
            slot = table.slots[i]
            slot.conn = None
            if table.game is None and slot.kind == "open":
                slot.token_hash = ""
                slot.name = f"Player {i + 1}"
                slot.seated_once = False
            elif slot.kind != "computer":
                slot.bot_level = table.takeover_level
        conn.seats = []
        conn.table = None
        conn.watching = False
        table.conns.discard(conn)
        self._watch_empty(table)
        self._broadcast_lobby(table)
        self._schedule_bots(table)

    def _on_act(self, conn: Conn, msg: P.Act) -> None:
        table, game = conn.table, conn.table.game if conn.table else None
        if table is None or msg.seat not in conn.seats:
            self._error(conn, "seat", "this connection does not play that seat", msg.id)
            return
        if game is None:
            self._error(conn, "order", "the game has not started", msg.id)
            return
        if game.is_over:
            self._error(conn, "turn", "the game is over", msg.id)
            return
        slot = table.slots[msg.seat]
        if slot.bot_level is not None:
            self._error(conn, "turn", "a computer player plays this seat now", msg.id)
            return
        if msg.decisions > game.decisions or msg.decisions < slot.pending_since:
            self._error(conn, "stale", f"this action answers an old view of the game (decision {msg.decisions}; "
                                       f"this seat's decision is due since {slot.pending_since}, "
                                       f"the game is at {game.decisions})", msg.id)
            return
        if slot.decision_key is None:
            self._error(conn, "turn", "this seat has nothing to decide now", msg.id)
            return
        try:
            game.apply_text(msg.seat, msg.action)
        except ActionMalformed as exc:
            self._error(conn, "malformed", str(exc), msg.id)
            return
        except ActionIllegal as exc:
            self._error(conn, "illegal", str(exc), msg.id)
            return
        conn.refund()  # accepted actions do not count against the rate: play can be fast
        self._after_action(table, msg.seat, conn, msg.id)

    # ------------------------------------------------------------ after a change
    def _after_action(self, table: Table, seat: int, conn: Conn | None, ack: int) -> None:
        self.actions_applied += 1
        game = table.game
        assert game is not None
        table.slots[seat].decision_key = None  # the actor's decision is new even when of the same kind
        self._refresh_decisions(table)
        # the computer players speak of what they heard before the next decision is asked (the seat that
        # decides has spoken); their talk moves go out with this update, their chat lines after it
        chat = self._bot_talk(table)
        self._send_updates(table, conn, ack)
        self._send_bot_chat(table, chat)
        if game.is_over:
            self._broadcast_lobby(table)
            self._game_over(table)
        self._schedule_bots(table)
        self._autosave(table)

    def _refresh_decisions(self, table: Table) -> None:
        game = table.game
        assert game is not None
        for slot in table.slots:
            key = game.decision_key(slot.index)
            if key != slot.decision_key:
                slot.decision_key = key
                slot.pending_since = game.decisions

    def _send_updates(self, table: Table, actor: Conn | None, ack: int) -> None:
        """Every connected seat's and watcher's update, built together by the game (what several
        of them share is built once)."""
        if table.game is None or not table.conns:
            return
        slots = [slot for slot in table.slots if slot.conn is not None]
        watchers = [c for c in table.conns if c.watching]
        viewers: list[int | None] = [slot.index for slot in slots]
        viewers += [None] * len(watchers)
        cursors = [(s.sent_raw, s.sent_visible) for s in slots] + [(c.watch_raw, c.watch_visible) for c in watchers]
        data = table.game.updates(viewers, cursors)
        for slot, d in zip(slots, data, strict=False):
            self._send_seat(table, slot, ack if slot.conn is actor else -1, d)
        for c, d in zip(watchers, data[len(slots):], strict=True):
            self._send_watcher(table, c, d)

    def _send_seat(self, table: Table, slot: SeatSlot, ack: int, data: G.SeatData | None = None) -> None:
        """Send ``slot``'s view and its new events (``data``: built already) to its connection."""
        game, conn = table.game, slot.conn
        if game is None or conn is None:
            return
        if data is None:
            data = game.updates([slot.index], [(slot.sent_raw, slot.sent_visible)])[0]
        slot.sent_raw, slot.sent_visible = data.cursor
        self._send_chunks(table, conn, slot.index, data, ack)

    def _broadcast_lobby(self, table: Table) -> None:
        raw = P.encode(table.lobby())
        counted = P.encode(table.lobby(watchers=True)) if any(c.watching for c in table.conns) else raw
        for c in list(table.conns):
            c.send(counted if "lobby:watchers" in c.fields else raw)

    # ------------------------------------------------------------ drops and computer players
    def _drop(self, conn: Conn) -> None:
        table = conn.table
        if table is None:
            return
        if self.closing:  # the host closed the table: nothing is held, nobody is told of a drop
            table.conns.discard(conn)
            return
        table.conns.discard(conn)
        for i in conn.seats:
            slot = table.slots[i]
            if slot.conn is conn:
                slot.conn = None
                self._hold(table, slot)
                self._chat(table, i, "dropped")
        conn.seats = []
        self._watch_empty(table)
        self._broadcast_lobby(table)

    def _hold(self, table: Table, slot: SeatSlot) -> None:
        """Keep a dropped seat for the table's hold time, then hand it to a computer player
        (before the game: free the seat again)."""
        if slot.hold_timer is not None:
            slot.hold_timer.cancel()
        loop = self._loop or asyncio.get_running_loop()
        slot.held_until = time.monotonic() + table.hold_seconds
        slot.hold_timer = loop.call_later(table.hold_seconds, self._hold_over, table, slot)

    def _hold_over(self, table: Table, slot: SeatSlot) -> None:
        slot.hold_timer = None
        slot.held_until = None
        if slot.conn is not None:
            return
        if table.game is None:
            if slot.kind == "open":
                slot.token_hash = ""
                slot.name = f"Player {slot.index + 1}"
                slot.seated_once = False
        elif not table.game.is_over:
            logger.info("table %s: a computer player takes over seat %d", table.id, slot.index)
            slot.bot_level = table.takeover_level
            self._chat(table, slot.index, "taken_over")
        self._broadcast_lobby(table)
        self._schedule_bots(table)

    def _bot(self, table: Table, slot: SeatSlot) -> Any:
        """The computer player of ``slot`` (the game's; made again when the level changes)."""
        assert slot.bot_level is not None and table.game is not None
        key = (table.id, slot.index)
        held = self._bots.get(key)
        if held is None or held[0] != slot.bot_level:
            held = self._bots[key] = (slot.bot_level, table.game.make_bot(slot.index, slot.bot_level,
                                                                          budget_s=self.config.hard_budget))
        return held[1]

    def _bot_due(self, table: Table) -> SeatSlot | None:
        """The first seat of ``table`` a computer player must decide for now (None: none, or the
        table may not go on: nobody is connected to it)."""
        game = table.game
        if game is None or game.is_over or self.stopping or not table.person_here():
            return None
        for slot in table.slots:
            if slot.bot_level is not None and not slot.thinking and slot.decision_key is not None:
                return slot
        return None

    def _schedule_bots(self, table: Table) -> None:
        """Queue the table for a bot thread when one of its computer players must decide. The
        tables take turns (round robin), one decision per table at a time, so a table of
        computer players cannot keep the threads from another table's."""
        if table.bot_busy or table.id in self._bot_queue or self.tables.get(table.id) is not table:
            return
        if self._bot_due(table) is not None:
            self._bot_queue[table.id] = table
        self._pump_bots()

    def bot_budget(self) -> float:
        """Hard's thinking time for the next decision: ``hard_budget``, cut down in proportion
        when more tables wait for the bot threads than there are threads (so one round of the
        queue takes about ``hard_budget``), never under a tenth of a second."""
        threads = max(1, self.config.bot_threads)
        waiting = len(self._bot_queue) + self._bots_running
        return max(0.1, self.config.hard_budget * min(1.0, threads / max(1, waiting)))

    def _pump_bots(self) -> None:
        loop = self._loop or asyncio.get_running_loop()
        while self._bot_queue and self._bots_running < max(1, self.config.bot_threads):
            _, table = self._bot_queue.popitem(last=False)
            slot = self._bot_due(table)
            game = table.game
            if slot is None or game is None:
                continue
            bot = self._bot(table, slot)
            slot.thinking = True
            table.bot_busy = True
            self._bots_running += 1
            release = self._release_time(game, slot, loop.time())
            # what the seat may see is taken now, on the loop; the thinking runs off it
            job = game.bot_job(bot, slot.index, budget_s=min(self.config.hard_budget, self.bot_budget()),
                               release_in=None if release is None else release - loop.time())
            fut = loop.run_in_executor(self._executor, job)
            self._tasks.add(fut)
            fut.add_done_callback(functools.partial(self._bot_done, table, slot, slot.pending_since, release))

    def _release_time(self, game: GameRun, slot: SeatSlot, now: float) -> float | None:
        """When the answer of ``slot``'s computer player may be shown, as its game paces it (the
        dice game's R9.1: for a decision that can be forced, a moment drawn now from one
        distribution for forced and chosen decisions alike, without looking at the options);
        None: when it is ready."""
        if not self.config.pace_bots:
            return None
        hold = game.release_hold(slot.index, str(slot.bot_level), self.pacing)
        return None if hold is None else now + hold

    def _bot_done(self, table: Table, slot: SeatSlot, since: int, release: float | None,
                  fut: asyncio.Future[Any]) -> None:
        self._tasks.discard(fut)
        self._bots_running -= 1  # the thread is free for other tables at once
        loop = self._loop or asyncio.get_running_loop()
        wait = release - loop.time() if release is not None else 0.0
        if wait > 0 and not self.stopping:
            # the seat keeps "thinking" until its release time, forced or chosen (R9.1)
            loop.call_later(wait, self._bot_release, table, slot, since, fut)
            self._pump_bots()
            return
        self._bot_release(table, slot, since, fut)

    def _bot_release(self, table: Table, slot: SeatSlot, since: int, fut: asyncio.Future[Any]) -> None:
        slot.thinking = False
        table.bot_busy = False
        try:
            self._bot_result(table, slot, since, fut)
        finally:
            if not self.stopping:
                self._schedule_bots(table)  # back in the queue, at its end
                self._pump_bots()

    def _bot_result(self, table: Table, slot: SeatSlot, since: int, fut: asyncio.Future[Any]) -> None:
        game = table.game
        if fut.cancelled() or game is None or game.is_over or self.stopping or self.tables.get(table.id) is not table:
            return
        exc = fut.exception()
        if exc is not None:
            self.internal_errors += 1
            logger.error("table %s: computer player of seat %d failed", table.id, slot.index, exc_info=exc)
            return
        if slot.bot_level is not None and slot.decision_key is not None and slot.pending_since == since:
            try:
                game.apply_bot(slot.index, fut.result())
            except (ActionMalformed, ActionIllegal):  # never the action in the log: it may be secret
                self.internal_errors += 1
                logger.error("table %s: computer player of seat %d chose an action the rules refused", table.id,
                             slot.index)
                return
            self._after_action(table, slot.index, None, -1)

    # ------------------------------------------------------------ autosave
    def _autosave(self, table: Table) -> None:
        if table.save_path is None or table._save_pending:
            return
        table._save_pending = True
        loop = self._loop or asyncio.get_running_loop()
        loop.call_later(0.5, self._autosave_now, table)

    def _autosave_now(self, table: Table) -> None:
        table._save_pending = False
        if self.stopping or table.save_path is None:  # stop() writes the last save itself
            return
        try:
            data = self._save_data(table)
        except ValueError:
            logger.exception("table %s: cannot save", table.id)
            return
        path = table.save_path
        assert path is not None
        fut = (self._loop or asyncio.get_running_loop()).run_in_executor(self._io, _write_json, path, data)
        self._tasks.add(fut)
        fut.add_done_callback(self._save_done)

    def _save_data(self, table: Table) -> dict[str, Any]:
        """The table's save, with where this server listens: a host continuing the table opens it
        on the same address and port, where the other players' games look for it."""
        data = table.to_save()
        data["listen"], data["port"] = self.config.host, self.port
        return data

    def _save_done(self, fut: asyncio.Future[Any]) -> None:
        self._tasks.discard(fut)
        exc = None if fut.cancelled() else fut.exception()
        if exc is not None:
            logger.error("autosave failed: %s", exc)

    def _write_save(self, table: Table) -> None:
        if table.save_path is not None:
            try:
                _write_json(table.save_path, self._save_data(table))
            except (OSError, ValueError) as exc:
                logger.error("table %s: final save failed: %s", table.id, exc)


def _write_json(path: Path, data: dict[str, Any]) -> None:
    """Write atomically (a temporary file renamed over the old one) and readable by the owner
    only: a table save holds the join code, the host token and the seed."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), 0o600)  # also when the file was left over with other rights
            f.write(json.dumps(data, separators=(",", ":")).encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        tmp.replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def archive_table(save_dir: Path | None, data: dict[str, Any], save_path: Path | None) -> None:
    """Keep a finished table's record in ``save_dir/archive`` and remove its save (so it does
    not come back on the next start)."""
    if save_dir is not None:
        _write_json(save_dir / "archive" / f"net-{data['table']}.json", data)
    if save_path is not None:
        with contextlib.suppress(FileNotFoundError):
            save_path.unlink()


def load_table_save(path: Path) -> dict[str, Any]:
    """Read a table autosave file (raises ValueError with a clear message)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path.name}: cannot read ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}: not a saved network table")
    return data


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
                          abandoned_expiry=opts.abandoned_after,
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
