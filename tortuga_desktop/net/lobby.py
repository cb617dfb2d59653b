"""The lobby and its tables (:class:`TableLobby`): tables made, resumed, started, listed, joined,
watched and left, seats held for a dropped player and handed to a computer player after the hold
time, tables that expire, are abandoned or end; and the tables' chat (:class:`TableChat`)."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import math
import secrets
import time
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tortuga_desktop.net import games as G
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.confusables import SKELETON
from tortuga_desktop.net.conns import Conn, Connections
from tortuga_desktop.net.core import ServerCore, logger
from tortuga_desktop.net.persist import Persistence
from tortuga_desktop.net.table import SeatSlot, Table

if TYPE_CHECKING:
    from tortuga_desktop.net.runner import Runner


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _new_code() -> str:
    return "".join(secrets.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LENGTH))


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


class TableChat:
    """The tables' chat: a seated person's messages (cleaned, at the connection's chat rate), the
    table's notes (joined, dropped, ...) and the computer players' lines, kept with the table and
    sent to the whole table."""

    def __init__(self, core: ServerCore, persist: Persistence) -> None:
        self.core = core
        self.persist = persist

    def say(self, conn: Conn, msg: P.Say) -> None:
        """A seated person's chat message."""
        table = conn.table
        error = self.core.error
        if table is None or not conn.seats:
            error(conn, "chat", "chat is for players seated at a table")
            return
        seat = conn.seats[0] if msg.seat is None else msg.seat
        if seat not in conn.seats:
            error(conn, "seat", "not a seat of this connection")
            return
        text = P.clean_chat(msg.text)
        if not text:
            error(conn, "chat", "the message has nothing to show once control and invisible characters "
                                "are removed")
            return
        if len(text) > P.MAX_CHAT:
            error(conn, "chat", f"chat messages are limited to {P.MAX_CHAT} characters")
            return
        if not conn.chat.take():
            error(conn, "chat_rate", f"too many chat messages: wait {max(1, math.ceil(conn.chat.wait()))} s")
            return
        self.note(table, seat, "say", text)

    def note(self, table: Table, seat: int, kind: P.ChatKind, text: str = "") -> None:
        """Add a chat entry (a message or a note of the table) and send it to the whole table."""
        if self.core.stopping:
            return
        entry = table.add_chat(seat, kind, text)
        raw = P.encode(entry)
        later = kind in P.LATER_CHAT_KINDS
        for c in list(table.conns):
            if not later or kind in c.chat_kinds:
                c.send(raw)
        self.persist.autosave(table)

    @staticmethod
    def send_entry(conn: Conn, entry: P.Chat) -> None:
        """One entry of the table's chat to ``conn`` (a kind its Hello did not name is not sent: a
        client from before that kind would refuse the message)."""
        if entry.kind not in P.LATER_CHAT_KINDS or entry.kind in conn.chat_kinds:
            conn.send(entry)

    def send_kept(self, conn: Conn, table: Table) -> None:
        """The table's chat so far to ``conn`` (who just sat down or began to watch)."""
        for entry in table.chat:
            self.send_entry(conn, entry)


class TableLobby:
    """The server's tables and who sits at them: what a client asks of the lobby (list, create,
    join, watch, start, leave), the in-process API (:meth:`create_table`, :meth:`resume_table`,
    :meth:`start_game`), the seats of dropped players and the end of tables (expired, abandoned,
    finished: archived)."""

    def __init__(self, core: ServerCore, conns: Connections, runner: Runner, persist: Persistence,
                 chat: TableChat) -> None:
        self.core = core
        self.config = core.config
        self.tables = core.tables
        self.conns = conns
        self.guard = conns.join_guard
        self.runner = runner
        self.persist = persist
        self.chat = chat
        #: statistics (tests and benchmark)
        self.tables_expired = 0
        self.tables_abandoned = 0

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
            self.runner.resume(table)
            for slot in table.slots:
                if slot.kind != "computer":
                    self._hold(table, slot)
            self.runner.schedule_bots(table)
        return table

    def start_game(self, table: Table) -> None:
        """Deal the game (every open seat must be taken). Raises ValueError otherwise."""
        if table.started:
            raise ValueError("the game has already started")
        if table.open_seats():
            raise ValueError(f"waiting for {table.open_seats()} more player(s)")
        if not table.person_here():
            raise ValueError("a game starts only with a player connected to the table")
        self.runner.start(table)
        self.broadcast(table)
        self.runner.send_updates(table, None, -1)
        self.runner.schedule_bots(table)
        self.persist.autosave(table)

    def listed_tables(self) -> list[Table]:
        """The tables as a list shows them: games that are not over, those waiting with open
        seats first (public before private, fewest seats open first), then games being played."""
        live = [t for t in self.tables.values() if not (t.game is not None and t.game.is_over)]
        return sorted(live, key=lambda t: (t.started, not t.open_seats(), not t.listed, t.open_seats(), t.name))

    def broadcast(self, table: Table) -> None:
        """The table's lobby to everyone at it (with how many watch, to the clients that read it)."""
        raw = P.encode(table.lobby())
        counted = P.encode(table.lobby(watchers=True)) if any(c.watching for c in table.conns) else raw
        for c in list(table.conns):
            c.send(counted if "lobby:watchers" in c.fields else raw)

    @staticmethod
    def _unique(base: str, used: set[str]) -> str:
        base = base[:P.MAX_NAME]
        name, n = base, 2
        while name.casefold() in used:
            name = f"{base[:P.MAX_NAME - 3]} {n}"
            n += 1
        used.add(name.casefold())
        return name

    # ------------------------------------------------------------ tables that end
    def _watch_empty(self, table: Table) -> None:
        """On a dedicated server, a table nobody sits at expires unless it has started."""
        loop = self.core.loop
        if not self.config.lobby or loop is None:
            return
        if table.expiry is not None:
            table.expiry.cancel()
            table.expiry = None
        if table.person_here() or not table.started or (table.game is not None and table.game.is_over):
            table.empty_since = None
        elif table.empty_since is None:
            table.empty_since = self.core.clock()
        if not table.started and not table.person_here():
            table.expiry = loop.call_later(self.config.waiting_expiry, self._expire, table)

    def expire_abandoned(self) -> int:
        """Archive and remove every started table nobody has been connected to for
        ``abandoned_expiry`` seconds (checked once a minute); returns how many."""
        now = self.core.clock()
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

    def game_over(self, table: Table) -> None:
        """A table's game has ended: everyone at it sees so in its lobby. On a dedicated server a
        finished table is archived and removed after a while (its players see the end first); it
        no longer counts against ``max_tables``."""
        self.broadcast(table)
        loop = self.core.loop
        if self.config.lobby and loop is not None and table.retire is None:
            table.retire = loop.call_later(self.config.finished_linger, self._retire, table)

    def _retire(self, table: Table) -> None:
        table.retire = None
        if self.tables.get(table.id) is not table or self.core.stopping:
            return
        self._remove(table)
        self.persist.archive(table)
        logger.info("table %s: archived and closed", table.id)

    def _remove(self, table: Table) -> None:
        """Take a table off the server (its connections stay, seated nowhere)."""
        self.tables.pop(table.id, None)
        self.runner.forget(table)
        for timer in [table.expiry, table.retire] + [s.hold_timer for s in table.slots]:
            if timer is not None:
                timer.cancel()
        table.expiry = table.retire = None
        for slot in table.slots:
            slot.hold_timer = None
            slot.conn = None
        for c in list(table.conns):
            c.table = None
            c.seats = []
            c.watching = False
        table.conns.clear()
        table.save_pending = False

    # ------------------------------------------------------------ what a client asks
    def on_list(self, conn: Conn) -> None:
        if not self.config.lobby:
            self.core.error(conn, "denied", "this host does not list its tables")
            return
        if not conn.listing.take():
            self.core.error(conn, "rate", f"too many lists of tables: wait {max(1, math.ceil(conn.listing.wait()))} s")
            return
        tables = [t for t in self.listed_tables() if t.kind in conn.games]
        conn.send(P.Tables(tables=[t.info() for t in tables[:P.MAX_LISTED]],
                           more=max(0, len(tables) - P.MAX_LISTED)))

    def on_watch(self, conn: Conn, msg: P.Watch) -> None:
        """Watch a table without a seat: a listed one freely, a private one with its code (which
        counts against the limits on guessing codes, as a join's does)."""
        error = self.core.error
        if conn.table is not None:
            error(conn, "order", "this connection already sits at or watches a table")
            return
        table = self.tables.get(msg.table)
        if table is None or not table.listed:
            wait = self.guard.wait_for(conn.address)
            if wait > 0:
                self.guard.guesses_refused += 1
                conn.paused_until = time.monotonic() + wait
                error(conn, "rate", f"too many wrong join codes from your address: wait {max(1, math.ceil(wait))} s")
                return
            self.guard.guesses_checked += 1
            if table is None or self._find_table(table.id, msg.code) is None:
                self.guard.failed(conn.address)
                error(conn, "code", "no table with this join code")
                return
        if table.kind not in conn.games:
            error(conn, "denied", "this table plays a game your version of Tortuga cannot play: update it")
            return
        if sum(1 for c in table.conns if c.watching) >= self.config.max_watchers:
            error(conn, "full", f"this table has as many watchers as it allows ({self.config.max_watchers})")
            return
        conn.table, conn.seats, conn.watching = table, [], True
        conn.watch_raw = conn.watch_visible = 0
        table.conns.add(conn)
        conn.send(P.Watching(table=table.id))
        self.chat.send_kept(conn, table)
        self.broadcast(table)  # everyone at the table sees one more watching
        if table.game is not None:
            self.runner.send_watcher(table, conn)

    def on_create(self, conn: Conn, msg: P.CreateTable) -> None:
        if not self.config.lobby:
            self.core.error(conn, "denied", "tables can only be created on a dedicated server")
            return
        addr = conn.address.create
        if not conn.create.ready() or (addr is not None and not addr.ready()):
            wait = max(conn.create.wait(), addr.wait() if addr is not None else 0.0)
            self.core.error(conn, "rate", f"too many new tables: wait {wait:.0f} s before creating another")
            return
        try:
            table = self.create_table(list(msg.seats), name=msg.name, long_game=msg.long_game,
                                      hold_seconds=msg.hold_seconds, takeover_level=msg.takeover_level,
                                      auto_start=msg.auto_start, listed=msg.listed, game=msg.game,
                                      starred=msg.starred, options=msg.options)
        except G.SetupMalformed as exc:
            self.core.error(conn, "malformed", str(exc))
            return
        except ValueError as exc:
            self.core.error(conn, "denied", str(exc))
            return
        conn.create.take()
        if addr is not None:
            addr.take()
        conn.send(P.Created(table=table.id, code=table.code, host_token=table.host_token))

    def on_join(self, conn: Conn, msg: P.Join) -> None:
        """Take a seat: a free one with the table's join code, or the seats a reclaim token (or the
        host token) holds."""
        error = self.core.error
        if conn.table is not None:
            error(conn, "order", "this connection already sits at a table")
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
                    self.conns.refuse_over_cap(conn)
                    return
                error(conn, "code", "no table with this join code")
                return
            self.conns.reclaimed(conn)  # a seat reclaimed: the connection counts as its address's again
        else:
            if conn.over_cap:
                self.conns.refuse_over_cap(conn)
                return
            wait = self.guard.wait_for(conn.address)
            if wait > 0:  # no wrong code left to spend just now: held, then checked in its turn
                now = time.monotonic()
                if conn.held_join is None:
                    conn.held_since = now
                    self.guard.guesses_held += 1
                if now - conn.held_since + wait > self.config.join_hold_max:
                    conn.held_join = None
                    self.guard.guesses_refused += 1
                    error(conn, "rate", "the server is checking too many join codes just now: "
                                        "try again in a few seconds")
                    return
                conn.held_join = msg
                conn.paused_until = now + max(wait, 0.01)
                return
            conn.held_join = None
            self.guard.guesses_checked += 1
            found = self._find_table(msg.table, msg.code)
            if found is None:
                self.guard.failed(conn.address)
                error(conn, "code", "no table with this join code")
                return
            table = found
            if token:
                held = self._token_seats(table, token)
                if held is None:
                    self._wrong_token(conn)
                    return
        if table.kind not in conn.games:
            error(conn, "denied", "this table plays a game your version of Tortuga cannot play: update it")
            return
        seats: list[int]
        if held is not None:
            seats = held
        else:
            free = [s for s in table.slots if s.kind == "open" and not s.token_hash]
            if msg.seat is not None:
                free = [s for s in free if s.index == msg.seat]
            if not free:
                error(conn, "full", "no free seat at this table")
                return
            slot = free[0]
            name = msg.name.strip()
            lookalike = next((s.name for s in table.slots if s is not slot and name
                              and name.casefold() != s.name.casefold() and name_skeleton(name) == name_skeleton(s.name)),
                             None)
            if lookalike is not None:
                error(conn, "name", f"this name looks like {lookalike!r}, who sits at this table: "
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
        self.chat.send_kept(conn, table)  # the table's chat so far (a returning client skips what it has)
        for i, kind in notes:
            self.chat.note(table, i, kind)
        self._watch_empty(table)
        self.broadcast(table)
        if table.game is not None:
            for i in seats:
                self.runner.send_seat(table, table.slots[i], -1)
            self.runner.schedule_bots(table)  # a person is back: paused computer players go on
        elif table.auto_start and not table.open_seats():
            self.start_game(table)
        self.persist.autosave(table)

    def join_again(self, conn: Conn) -> None:
        """Check a join that was held for its turn (never raises, as a message's handling does). It
        is checked now, held again (its turn not yet come: :attr:`.conns.Conn.held_since` kept, so
        ``join_hold_max`` counts from the first time) or refused; never left unanswered."""
        msg = conn.held_join
        if msg is None:
            return
        try:
            self.on_join(conn, msg)
        except Exception:
            conn.held_join = None
            self.core.internal_errors += 1
            logger.exception("internal error handling a held join from %s", conn.peer)
            self.core.error(conn, "malformed", "the server could not handle this message")
        if conn.held_join is msg and conn.paused_until <= time.monotonic():  # never spin on it
            conn.held_join = None
            self.guard.guesses_refused += 1
            self.core.error(conn, "rate", "the server is checking too many join codes just now: "
                                          "try again in a few seconds")

    def _wrong_token(self, conn: Conn) -> None:
        """A reclaim token that holds no seat (its own budget; see :class:`.conns.JoinGuard`)."""
        wait = self.guard.token_failed(conn.address)
        if conn.over_cap:
            self.conns.refuse_over_cap(conn)
            return
        if wait > 0:
            conn.paused_until = time.monotonic() + wait
            self.core.error(conn, "rate", f"too many wrong reclaim tokens from your address: wait "
                                          f"{max(1, math.ceil(wait))} s")
            return
        self.core.error(conn, "token", "this token does not hold a seat at this table")

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

    def on_start(self, conn: Conn, msg: P.Start) -> None:
        table = self.tables.get(msg.table)
        if table is None or not hmac.compare_digest(msg.token.encode(), table.host_token.encode()):
            self.core.error(conn, "token", "only the host can start this table")
            return
        try:
            self.start_game(table)
        except ValueError as exc:
            self.core.error(conn, "order", str(exc))

    def on_leave(self, conn: Conn) -> None:
        table = conn.table
        if table is None:
            self.core.error(conn, "order", "not at a table")
            return
        for i in conn.seats:
            self.chat.note(table, i, "left")
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
        self.broadcast(table)
        self.runner.schedule_bots(table)

    # ------------------------------------------------------------ drops
    def drop(self, conn: Conn) -> None:
        """A connection is gone: its seats are held for the table's hold time."""
        table = conn.table
        if table is None:
            return
        if self.core.closing:  # the host closed the table: nothing is held, nobody is told of a drop
            table.conns.discard(conn)
            return
        table.conns.discard(conn)
        for i in conn.seats:
            slot = table.slots[i]
            if slot.conn is conn:
                slot.conn = None
                self._hold(table, slot)
                self.chat.note(table, i, "dropped")
        conn.seats = []
        self._watch_empty(table)
        self.broadcast(table)

    def _hold(self, table: Table, slot: SeatSlot) -> None:
        """Keep a dropped seat for the table's hold time, then hand it to a computer player
        (before the game: free the seat again)."""
        if slot.hold_timer is not None:
            slot.hold_timer.cancel()
        loop = self.core.running_loop()
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
            self.chat.note(table, slot.index, "taken_over")
        self.broadcast(table)
        self.runner.schedule_bots(table)
