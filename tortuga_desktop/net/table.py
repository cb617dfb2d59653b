"""What the server keeps of a table: its seats (:class:`SeatSlot`), its join code and tokens, its
game and options, its connections and chat (:class:`Table`), and the table's save and archive as
data (:meth:`Table.to_save`, :meth:`Table.from_save`, :meth:`Table.to_archive`)."""

from __future__ import annotations

import asyncio
import collections
import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tortuga_desktop.net import games as G
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.games import GameRun

if TYPE_CHECKING:
    from tortuga_desktop.net.conns import Conn

SAVE_FORMAT = "tortuga-net-table"
ARCHIVE_FORMAT = "tortuga-net-archive"
SAVE_VERSION = 1


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
    #: an autosave is due (written half a second after the first change, once for a burst of them)
    save_pending: bool = False
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


def _short_text(v: Any) -> str:
    if not isinstance(v, str) or not 1 <= len(v) <= P.MAX_ID or not v.isprintable():
        raise ValueError("an identifier is empty, too long or not printable")  # never its text: it may be a secret
    return v
