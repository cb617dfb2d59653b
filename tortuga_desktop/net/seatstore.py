"""The seats this computer plays at network tables, kept on disk so a player never loses one.

A joiner's seat lives on the server; what brings it back is the reclaim token the server gave
when the seat was taken. That token, with where the table is, is kept here in the user data
folder (``<data>/seats/seat-<id>.json``, see :func:`seats_dir`) the moment the seat is taken,
so a game that ends for any reason (crash, kill, reboot) can take the same seat back: the
window's *Continue* and Join screen, and ``tortuga --join … --resume`` for the headless client.

Each file is one :class:`NetSeat`: the server's address, the table (id, name, join code), the
seats, the token, the player's name, whether the game is still being played, and the seat's
record (:class:`SeatRecord`: every event the seat was shown, every view it was sent with how many
of its events it had then (:class:`SeatFrame`), the view at each of its decisions and the actions
it sent: enough to replay the game as that seat saw it, and nothing more). The record is bounded
(:data:`MAX_FRAMES`, :data:`MAX_EVENTS`, :data:`MAX_ACTIONS`): a record that reached a bound stops
growing and says so (``SeatRecord.full``).

Files are written atomically (temporary file, fsync, rename) with owner-only permissions
(0600): the token is a secret. They are read with a size limit and checked field by field
(msgspec structs, then the table's game's own readers, through its network adapter
(:mod:`.games`), for every view, event and action of the record); a file that does not pass is
a :class:`SeatFileError` with a plain reason, and :func:`load_seats` puts it aside and reports
it (never a crash). The token is never logged; :func:`masked` shows its first characters only.

Writing happens on a :class:`SeatKeeper`'s own thread (coalesced: the newest state wins), so
neither the frame loop nor the network thread waits for the disk.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, Protocol

import msgspec

from tortuga_desktop.net import games
from tortuga_desktop.net import protocol as P
from tortuga_desktop.shell import paths

logger = logging.getLogger(__name__)

#: Version of the seat file format.
FORMAT_VERSION = 1
#: Largest seat file read (bytes).
MAX_FILE = 8 * 1024 * 1024
#: Seconds between two writes of the same seat (the newest state is always written on close).
WRITE_EVERY = 0.25
#: Most views kept in a seat's record (a long four-player game sends each seat about 300).
MAX_FRAMES = 4000
#: Most events kept per seat (a long four-player game shows a seat about 1,000).
MAX_EVENTS = 20000
#: Most actions (and decision views) kept in a seat's record.
MAX_ACTIONS = 4000

SeatState = Literal["playing", "over", "left", "lost"]


class SeatFileError(ValueError):
    """A seat file that cannot be used (the text says why, in English, without the token)."""


class SeatAction(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """An action this computer sent for ``seat`` on the view with ``decisions``."""

    seat: int
    decisions: int
    action: str
    at: float


class SeatPrompt(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """The view ``seat`` had when it was asked to decide (``PlayerView.to_json``)."""

    seat: int
    view: dict[str, Any]


class SeatChat(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One entry of the table's chat as the server sent it (see :class:`.protocol.Chat`)."""

    n: int
    seat: int
    name: str
    kind: P.ChatKind
    text: str = ""
    at: float = 0.0


class SeatFrame(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One view ``seat`` was sent (``PlayerView.to_json``) and how many of its events it had
    then: one position of the seat's replay."""

    seat: int
    events: int
    view: dict[str, Any]


class _SeatView(Protocol):
    """What the record reads of a view of a game whose view says it (the first game's)."""

    @property
    def decisions(self) -> int: ...

    def waiting(self) -> Any: ...


class SeatRecord(msgspec.Struct, forbid_unknown_fields=True):
    """What the seat saw: its events (``event_to_dict``; seat -> list), every view it was sent
    (one frame per new moment), the view at each of its decisions, the actions sent, the newest
    view of each seat, and the table's chat (its newest :data:`.protocol.CHAT_KEEP` entries,
    oldest first). ``full``: a bound was reached and the record stopped growing."""

    events: dict[int, list[dict[str, Any]]] = msgspec.field(default_factory=dict)
    prompts: list[SeatPrompt] = msgspec.field(default_factory=list)
    actions: list[SeatAction] = msgspec.field(default_factory=list)
    latest: dict[int, dict[str, Any]] = msgspec.field(default_factory=dict)
    chat: list[SeatChat] = msgspec.field(default_factory=list)
    frames: list[SeatFrame] = msgspec.field(default_factory=list)
    full: bool = False

    def note_update(self, seat: int, view: _SeatView, view_json: dict[str, Any], events: Sequence[dict[str, Any]],
                    first: int) -> None:
        """The seat was sent ``view`` and its events from index ``first`` (0: the whole list
        again, as after a reconnect)."""
        self.note_data(seat, view_json, events, first, view.decisions, seat in view.waiting())

    def note_raw(self, msg: P.Update, decisions: int, waiting: bool) -> None:
        """The update ``msg`` as the server sent it (``decisions``: the game's decision counter it shows,
        kept beside a view that does not hold it; ``waiting``: its seat decides)."""
        view = msg.view if isinstance(msg.view.get("decisions"), int) else {**msg.view, "__decisions": decisions}
        self.note_data(msg.seat, view, list(msg.events), msg.first, decisions, waiting)

    def note_data(self, seat: int, view_json: dict[str, Any], events: Sequence[dict[str, Any]], first: int,
                  decisions: int, waiting: bool) -> None:
        """The seat was sent ``view_json`` (at the game's decision ``decisions``; ``waiting``: the
        seat decides) and its events from index ``first`` (0: the whole list again, as after a
        reconnect)."""
        evs = self.events.setdefault(seat, [])
        if first <= len(evs):
            # A reconnect sends the list again from 0, in chunks: the same events in the same
            # places (the server's list only grows), so they overwrite and the list never shrinks.
            room = max(0, MAX_EVENTS - first)
            if len(events) > room:
                self.full = True
            evs[first:first + min(len(events), room)] = events[:room]
        else:  # a gap: these events cannot be placed (the client asks again)
            logger.warning("seat %d: events from %d, the record has %d", seat, first, len(evs))
        self.latest[seat] = view_json
        last = next((i for i in range(len(self.frames) - 1, -1, -1) if self.frames[i].seat == seat), None)
        frame = SeatFrame(seat, len(evs), view_json)
        if last is not None and _decisions(self.frames[last]) == decisions:
            self.frames[last] = frame  # the same moment with more of its events
        elif len(self.frames) < MAX_FRAMES:
            self.frames.append(frame)
        else:
            self.full = True
        if waiting and not any(p.seat == seat and _decisions(p) == decisions for p in self.prompts[-4:]):
            if len(self.prompts) < MAX_ACTIONS:
                self.prompts.append(SeatPrompt(seat, view_json))
            else:
                self.full = True

    def note_action(self, seat: int, decisions: int, action: str) -> None:
        """The seat sent ``action`` on its view after ``decisions`` decisions."""
        if len(self.actions) < MAX_ACTIONS:
            self.actions.append(SeatAction(seat, decisions, action, round(time.time(), 3)))
        else:
            self.full = True

    def copy(self) -> SeatRecord:
        """A deep copy (the keeper's record changes on the network thread)."""
        return _record_decoder.decode(_encoder.encode(self))


def _decisions(entry: SeatFrame | SeatPrompt) -> int | None:
    """The decision counter a kept view was sent at: the view's own (a game whose view says it) or
    the one kept beside it."""
    d = entry.view.get("decisions")
    return d if isinstance(d, int) else entry.view.get("__decisions")


def check_record(rec: SeatRecord, seats: Sequence[int], game: str = P.DEFAULT_GAME) -> None:
    """Every view, event and action of ``rec`` read by the game's own readers and belonging to
    one of ``seats`` (raises :class:`SeatFileError`)."""
    try:
        adapter = games.adapter(game)
    except games.UnknownGame:
        raise SeatFileError(f"game: {game[:20]!r} is not a game this program plays at network tables") from None
    if len(rec.frames) > MAX_FRAMES or len(rec.prompts) > MAX_ACTIONS or len(rec.actions) > MAX_ACTIONS:
        raise SeatFileError("record: more entries than a game has")
    for s, evs in rec.events.items():
        if s not in seats:
            raise SeatFileError(f"record.events[{s}]: the events of another seat")
        if len(evs) > MAX_EVENTS:
            raise SeatFileError(f"record.events[{s}]: more events than a game has")
        try:
            adapter.check_seat_data(None, evs, s)
        except ValueError as exc:
            raise SeatFileError(f"record.events[{s}]{exc}") from None
    views = [(f"record.latest[{s}]", s, v) for s, v in rec.latest.items()]
    views += [(f"record.prompts[{i}]", p.seat, p.view) for i, p in enumerate(rec.prompts)]
    views += [(f"record.frames[{i}]", f.seat, f.view) for i, f in enumerate(rec.frames)]
    for where, s, view in views:
        if s not in seats:
            raise SeatFileError(f"{where}: the view of another seat")
        try:
            adapter.check_seat_data({k: v for k, v in view.items() if k != "__decisions"}, (), s)
        except ValueError as exc:
            raise SeatFileError(f"{where}: {exc}") from None
    last: dict[int, int] = {}
    for i, f in enumerate(rec.frames):
        if not last.get(f.seat, 0) <= f.events <= len(rec.events.get(f.seat, ())):
            # a reconnect sends the events again from the start: the count only grows
            raise SeatFileError(f"record.frames[{i}]: {f.events} events do not fit the record")
        last[f.seat] = f.events
    for i, a in enumerate(rec.actions):
        if a.seat not in seats or a.decisions < 0:
            raise SeatFileError(f"record.actions[{i}]: not an action of this seat")
        try:
            adapter.check_action_text(a.action)
        except ValueError:
            raise SeatFileError(f"record.actions[{i}]: not an action") from None


class NetSeat(msgspec.Struct, forbid_unknown_fields=True):
    """One network seat kept on disk (see the module docstring)."""

    version: int
    #: the server's address as typed or found (``host:port`` or a ``ws://`` URL)
    server: str
    table: str
    code: str
    seats: list[int]
    token: str
    name: str = ""
    table_name: str = ""
    state: SeatState = "playing"
    #: when the file was written (seconds since the epoch)
    saved_at: float = 0.0
    record: SeatRecord = msgspec.field(default_factory=SeatRecord)
    #: which game the table plays (a file from before the second game: the first)
    game: str = P.DEFAULT_GAME

    @property
    def host(self) -> str:
        """The server's address without ``ws://`` (what the player typed)."""
        return self.server.removeprefix("ws://").removeprefix("wss://")

    @property
    def shown_table(self) -> str:
        return self.table_name or self.table


class _Head(msgspec.Struct):
    """Only the state of a seat file (the rest skipped unread: finished seats are not checked
    every time the menu looks for a game to go back to)."""

    state: str = ""


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(NetSeat)
_record_decoder = msgspec.json.Decoder(SeatRecord)
_head_decoder = msgspec.json.Decoder(_Head)


def seats_dir(create: bool = True) -> Path:
    """``<data>/seats`` (see :mod:`tortuga_desktop.shell.paths`)."""
    path = paths.data_dir(create) / "seats"
    if create:
        path.mkdir(parents=True, exist_ok=True)
        try:
            os.chmod(path, 0o700)
        except OSError as exc:
            logger.warning("cannot make the seats folder owner-only: %s", exc)
    return path


def masked(token: str) -> str:
    """The first four characters of a secret and an ellipsis: enough to tell two apart.

    >>> masked("abcdefghijklmnop")
    'abcd…'
    """
    return token[:4] + "…" if token else ""


def seat_path(directory: Path, server: str, table: str, token: str) -> Path:
    """The file of the seat(s) ``token`` holds at ``table`` on ``server``: a name made from a
    hash of the three (another seat never overwrites it; the name tells nothing of the token)."""
    ident = hashlib.sha256(f"{server}\n{table}\n{token}".encode()).hexdigest()[:16]
    return Path(directory) / f"seat-{ident}.json"


def check_seat(seat: NetSeat) -> NetSeat:
    """Limits msgspec's types do not express (raises :class:`SeatFileError`)."""
    if seat.version != FORMAT_VERSION:
        raise SeatFileError(f"format version {seat.version} is not {FORMAT_VERSION}")
    # the client (websockets, TLS) is loaded only when a seat file is checked: the replay
    # screen and the menu read seat records without going online
    from tortuga_desktop.net.client import server_url

    try:
        url = server_url(seat.server)
    except ValueError:
        raise SeatFileError("server: not an address") from None
    host = url.removeprefix("ws://").removeprefix("wss://").rsplit(":", 1)[0].strip("[]")
    if not host or len(seat.server) > 300 or not all(c.isalnum() or c in ".-:_" for c in host):
        raise SeatFileError("server: not an address")
    for field, text in (("table", seat.table), ("token", seat.token), ("code", seat.code)):
        if not text or len(text) > P.MAX_ID or not text.isprintable():
            raise SeatFileError(f"{field}: empty, too long or not printable")
    if P.code_problem(seat.code):
        raise SeatFileError("code: not a join code")
    if len(seat.name) > P.MAX_NAME or len(seat.table_name) > P.MAX_NAME:
        raise SeatFileError("name: too long")
    try:
        most = games.adapter(seat.game).max_players
    except games.UnknownGame:
        raise SeatFileError(f"game: {seat.game[:20]!r} is not a game this program plays at network tables") from None
    if not seat.seats or not all(0 <= s < most for s in seat.seats) or len(set(seat.seats)) != len(seat.seats):
        raise SeatFileError(f"seats: must be 1-{most} different seats 0-{most - 1}")
    chat = seat.record.chat
    if len(chat) > P.CHAT_KEEP:
        raise SeatFileError(f"record.chat: more than {P.CHAT_KEEP} entries")
    for i, c in enumerate(chat):
        if not 0 < c.n < 2**53 or (i and c.n <= chat[i - 1].n) or not 0 <= c.seat < most:
            raise SeatFileError(f"record.chat[{i}]: bad count or seat")
        if not c.name or len(c.name) > P.MAX_NAME or not c.name.isprintable():
            raise SeatFileError(f"record.chat[{i}].name: bad name")
        if len(c.text) > P.MAX_CHAT or P.clean_chat(c.text) != c.text or not math.isfinite(c.at):
            raise SeatFileError(f"record.chat[{i}]: bad text or time")
    check_record(seat.record, seat.seats, seat.game)
    return seat


def decode_seat(raw: bytes) -> NetSeat:
    """A seat file's bytes -> a checked :class:`NetSeat` (raises :class:`SeatFileError`)."""
    try:
        seat = _decoder.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise SeatFileError(str(exc)[:200]) from None
    except RecursionError:
        raise SeatFileError("nested too deeply") from None
    except UnicodeDecodeError:
        raise SeatFileError("not UTF-8 text") from None
    return check_seat(seat)


def read_seat(path: Path, *, only_playing: bool = False) -> NetSeat | None:
    """Read and check one seat file (raises :class:`SeatFileError` or ``OSError``).
    ``only_playing``: None, unchecked, for a well-formed file whose game is not being played."""
    try:
        raw = paths.read_bytes_limited(path, MAX_FILE)
    except paths.FileTooLargeError as exc:
        raise SeatFileError(f"{exc.size} bytes, over the {MAX_FILE}-byte limit") from None
    except paths.NotRegularFileError as exc:
        raise SeatFileError(f"a {exc.kind}, not a file") from None
    if only_playing:
        try:
            if _head_decoder.decode(raw).state in ("over", "left", "lost"):
                return None
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError, UnicodeDecodeError):
            pass  # the full reading says what is wrong
    return decode_seat(raw)


def write_seat(path: Path, seat: NetSeat) -> None:
    """Write ``seat`` to ``path`` atomically, owner-only (0600). Raises ``OSError``."""
    data = _encoder.encode(seat).decode()
    paths.atomic_write_text(path, data + "\n")  # mkstemp makes the file 0600 before anything is in it
    os.chmod(path, 0o600)


def load_seats(directory: Path | None = None, *, only_playing: bool = False
               ) -> tuple[list[tuple[Path, NetSeat]], list[str]]:
    """Every readable seat file (``only_playing``: those whose game is still on), newest first,
    and for each one that is not readable a short English reason (the file is put aside as
    ``seat-….bad-<time>.json``)."""
    directory = seats_dir() if directory is None else Path(directory)
    found: list[tuple[Path, NetSeat]] = []
    problems: list[str] = []
    try:
        files = paths.list_files(directory, ".json")
    except OSError as exc:
        return [], [f"the seats folder cannot be read: {exc.strerror or exc}"]
    for path in files:
        if ".bad-" in path.name or not path.name.startswith("seat-"):
            continue
        try:
            seat = read_seat(path, only_playing=only_playing)
            if seat is not None:
                found.append((path, seat))
        except SeatFileError as exc:
            logger.warning("seat file %s is damaged: %s", paths.display_name(path), exc)
            paths.keep_aside(path)
            problems.append(f"{paths.display_name(path)}: {exc}")
        except OSError as exc:
            logger.warning("seat file %s cannot be read: %s", paths.display_name(path), exc.strerror or exc)
            problems.append(f"{paths.display_name(path)}: {exc.strerror or exc}")
    found.sort(key=lambda ps: ps[1].saved_at, reverse=True)
    return found, problems


def playing_seats(directory: Path | None = None) -> tuple[list[NetSeat], list[str]]:
    """The seats whose game was still being played, newest first (and the problems found)."""
    found, problems = load_seats(directory, only_playing=True)
    return [s for _, s in found if s.state == "playing"], problems


#: kept seats that can be offered for removal: the server no longer knows the table (``lost``),
#: or the player left it before it started (``left``). A finished game's seat (``over``) is the
#: player's record of that game and is never offered; nothing is removed without the player asking.
GONE_STATES = ("lost", "left")


def _head_state(path: Path) -> str:
    try:
        return _head_decoder.decode(paths.read_bytes_limited(path, MAX_FILE)).state
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError, UnicodeDecodeError, ValueError):
        return ""


def gone_seats(directory: Path | None = None) -> list[Path]:
    """The kept seat files of tables that are gone or were left (see :data:`GONE_STATES`). Only
    each file's state is read; an unreadable one is not listed (:func:`load_seats` deals with it)."""
    directory = seats_dir(create=False) if directory is None else Path(directory)
    out = []
    for path in paths.list_files(directory, ".json"):
        if path.name.startswith("seat-") and ".bad-" not in path.name:
            try:
                if _head_state(path) in GONE_STATES:
                    out.append(path)
            except OSError:
                continue
    return out


def forget_seats(files: Sequence[Path]) -> int:
    """Remove these kept seat files — the player asked — each only if it is still of a table that is
    gone or was left (read again first: a seat taken back since is kept). Returns how many went."""
    removed = 0
    for path in files:
        try:
            if _head_state(path) in GONE_STATES:
                path.unlink()
                removed += 1
        except OSError as exc:
            logger.warning("cannot remove a kept network seat: %s", exc.strerror or exc)
    return removed


def hosted_table_waiting(directory: Path | None = None) -> bool:
    """Whether this computer hosted a table that can be continued: a table save in
    ``<data>/network`` (the host's autosave) whose game has begun and, as the save says, is not
    over. Reads at most the 20 newest saves, without replaying them (the host screen checks the
    one it continues in full); off the frame loop."""
    folder = directory if directory is not None else paths.data_dir(create=False) / "network"
    try:
        files = sorted(folder.glob("net-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return False
    for f in files[:20]:
        try:
            data = msgspec.json.decode(paths.read_bytes_limited(f, 64 * 1024 * 1024))
        except (OSError, msgspec.DecodeError, ValueError):
            continue
        if isinstance(data, dict) and data.get("record") is not None and data.get("over") is not True:
            return True
    return False


class SeatFinder:
    """Looks for kept seats whose game is still on, on a thread of its own (a scene asks
    :attr:`done` each frame; the frame loop never reads the files); and whether a hosted table
    can be continued (:attr:`hosted`, :func:`hosted_table_waiting`)."""

    def __init__(self, directory: Path | None = None, hosted_directory: Path | None = None) -> None:
        self.seats: list[NetSeat] = []
        self.hosted = False
        self._hosted_directory = hosted_directory
        self.problems: list[str] = []
        #: kept seats of tables that are gone or were left (offered for removal)
        self.gone: list[Path] = []
        self.done = False
        self._directory = directory
        self._thread = threading.Thread(target=self._run, name="tortuga-seat-finder", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.seats, self.problems = playing_seats(self._directory)
            self.gone = gone_seats(self._directory)
            self.hosted = hosted_table_waiting(self._hosted_directory)
        except OSError as exc:  # e.g. the data folder cannot be made
            logger.warning("cannot look for kept network seats: %s", exc.strerror or exc)
            self.problems = [str(exc.strerror or exc)]
        finally:
            self.done = True

    def wait(self, timeout: float = 5.0) -> bool:
        """Wait for the answer (tests, tools; never the frame loop)."""
        self._thread.join(timeout)
        return self.done


class SeatKeeper:
    """Keeps one network seat on disk while it is played (see the module docstring).

    Call :meth:`joined` when the server gave the seat, then :meth:`update`, :meth:`acted`,
    :meth:`lobby` as things happen (any thread, never blocks on the disk); :meth:`close` writes
    the last state and stops the writer. Before :meth:`joined` nothing is written."""

    def __init__(self, directory: Path | None, server: str, code: str, name: str = "") -> None:
        """``directory``: where the seat file goes (None: :func:`seats_dir`, made by the writer)."""
        self.directory = Path(directory) if directory is not None else paths.data_dir(create=False) / "seats"
        self.path: Path | None = None
        self.seat: NetSeat | None = None
        self._server, self._code, self._name = server, P.normalize_code(code), name
        self._game = P.DEFAULT_GAME
        self._cond = threading.Condition()
        self._dirty = False
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        #: the last write's error (English), "" when it worked
        self.problem = ""
        self.writes = 0

    @classmethod
    def returning(cls, directory: Path | None, seat: NetSeat) -> SeatKeeper:
        """A keeper for a kept seat being taken back (its record goes on; a refused return can
        mark it lost before the server gave the seat again)."""
        keeper = cls(directory, seat.server, seat.code, seat.name)
        keeper.seat = seat
        keeper.path = seat_path(keeper.directory, seat.server, seat.table, seat.token)
        return keeper

    # ------------------------------------------------------------ what happens
    def joined(self, table: str, seats: Sequence[int], token: str) -> None:
        with self._cond:
            if self.seat is not None and self.seat.table == table and self.seat.token == token:
                self.seat.seats = sorted(set(seats))  # reconnected: the same seat, its record kept
                self.seat.state = "playing"
            else:
                path = seat_path(self.directory, self._server, table, token)
                old: NetSeat | None = None
                if self.seat is None and path.exists():
                    try:
                        old = read_seat(path)
                    except (SeatFileError, OSError):
                        old = None
                if old is not None and old.token == token:  # a returning seat: its record goes on
                    old.seats, old.state, old.code = sorted(set(seats)), "playing", self._code
                    old.name = self._name or old.name
                    self.seat = old
                else:
                    self.seat = NetSeat(version=FORMAT_VERSION, server=self._server, table=table, code=self._code,
                                        seats=sorted(set(seats)), token=token, name=self._name, game=self._game)
                self.path = path
            self._touch()

    def lobby(self, table_name: str, over: bool, game: str | None = None) -> None:
        """The table's lobby: its name, whether its game is over, which game it plays."""
        with self._cond:
            if game is not None:
                self._game = game
            if self.seat is None:
                return
            changed = self.seat.table_name != table_name[:P.MAX_NAME] or (over and self.seat.state == "playing")
            if game is not None and self.seat.game != game:
                self.seat.game, changed = game, True
            self.seat.table_name = table_name[:P.MAX_NAME]
            if over and self.seat.state == "playing":
                self.seat.state = "over"
            if changed:
                self._touch()

    def update_raw(self, msg: P.Update, game: str, decoded: games.Decoded | None = None) -> None:
        """The seat's update as the server sent it (``decoded``: as its game read it; without it the
        game's :meth:`~.games.NetworkAdapter.glance` says whether the seat decides and the game is over)."""
        if decoded is not None:
            decisions, waiting, over = decoded.decisions, decoded.waiting, decoded.over
        else:
            try:
                waiting, over = games.adapter(game).glance(msg.view, msg.legal, msg.seat)
            except games.UnknownGame:
                return
            got = msg.view.get("decisions")
            decisions = msg.decisions if msg.decisions >= 0 or not isinstance(got, int) else got
        with self._cond:
            if self.seat is None:
                return
            self.seat.game = game
            self.seat.record.note_raw(msg, decisions, waiting)
            if over and self.seat.state == "playing":
                self.seat.state = "over"
            self._touch()

    def acted(self, seat: int, decisions: int, action: str) -> None:
        with self._cond:
            if self.seat is None:
                return
            self.seat.record.note_action(seat, decisions, action)
            self._touch()

    def chat(self, entry: Any) -> None:
        """A chat entry of the table (a :class:`.protocol.Chat`); one the record has is skipped
        (the server sends the chat again after a reconnect). The newest
        :data:`.protocol.CHAT_KEEP` are kept."""
        try:
            item = SeatChat(int(entry.n), int(entry.seat), str(entry.name)[:P.MAX_NAME], entry.kind,
                            P.clean_chat(str(entry.text))[:P.MAX_CHAT], float(entry.at))
        except (AttributeError, TypeError, ValueError):
            return
        with self._cond:
            if self.seat is None:
                return
            chat = self.seat.record.chat
            if chat and item.n <= chat[-1].n:
                return  # had it (or older than the newest kept)
            chat.append(item)
            del chat[:-P.CHAT_KEEP]
            self._touch()

    def record(self) -> SeatRecord | None:
        """A copy of the seat's record so far (None before the seat was taken)."""
        with self._cond:
            return None if self.seat is None else self.seat.record.copy()

    def set_state(self, state: SeatState) -> None:
        with self._cond:
            if self.seat is None or self.seat.state == state:
                return
            self.seat.state = state
            self._touch()

    # ------------------------------------------------------------ writing
    def _touch(self) -> None:
        self._dirty = True
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._run, name="tortuga-seat-writer", daemon=True)
            self._thread.start()
        self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._dirty and not self._closed:
                    self._cond.wait()
                if not self._dirty:
                    return
                self._write_locked_copy()
            time.sleep(0 if self._closed else WRITE_EVERY)

    def _write_locked_copy(self) -> None:
        """Encode under the lock (a consistent copy), write outside it."""
        seat, path = self.seat, self.path
        self._dirty = False
        if seat is None or path is None:
            return
        seat.saved_at = round(time.time(), 3)
        data = _encoder.encode(seat)
        self._busy = True
        self._cond.release()
        try:
            self._write_bytes(path, data)
        finally:
            self._cond.acquire()
            self._busy = False
            self._cond.notify_all()

    def _write_bytes(self, path: Path, data: bytes) -> None:
        try:
            if not path.parent.is_dir():
                path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                os.chmod(path.parent, 0o700)
            paths.atomic_write_text(path, data.decode() + "\n")
            os.chmod(path, 0o600)
            self.writes += 1
            self.problem = ""
        except OSError as exc:
            if not self.problem:
                logger.warning("cannot keep the network seat on disk: %s", exc.strerror or exc)
            self.problem = str(exc.strerror or exc)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything so far is on disk (False after ``timeout``)."""
        end = time.monotonic() + timeout
        with self._cond:
            while (self._dirty or self._busy) and time.monotonic() < end:
                self._cond.notify_all()
                self._cond.wait(0.02)
            return not self._dirty

    def close(self, timeout: float = 5.0) -> None:
        """Write the last state and stop the writer thread."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)


__all__ = ["FORMAT_VERSION", "GONE_STATES", "MAX_ACTIONS", "MAX_EVENTS", "MAX_FRAMES", "NetSeat", "SeatAction",
           "SeatChat", "SeatFileError", "SeatFinder", "SeatFrame", "SeatKeeper", "SeatPrompt", "SeatRecord",
           "check_record", "check_seat", "decode_seat", "forget_seats", "gone_seats", "load_seats", "masked",
           "playing_seats", "read_seat", "seat_path", "seats_dir", "write_seat"]
