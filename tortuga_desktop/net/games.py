"""The games a network table can play: the :class:`NetworkAdapter` each game supplies, and the registry.

The network layer (server, in-game host, client, seat store, lobby, spectators, chat, headless
client) names no game and imports none: everything that depends on the game goes through the
table's adapter, found by the game's key (the protocol's ``game`` field):

* the setup: how many seats (:attr:`NetworkAdapter.min_players` .. :attr:`~NetworkAdapter.max_players`),
  the computer levels it has, and its own options, given as JSON data and validated by the game
  (:meth:`NetworkAdapter.check_options`, e.g. a msgspec schema of the game's own);
* the server's side of a game (:class:`GameRun`, made by :meth:`NetworkAdapter.new_run` or from a
  saved record by :meth:`NetworkAdapter.run_from_record`): actions given as text, each seat's data
  for the wire (the view, the events it has not had, its legal actions where the view does not say
  them), the computer players and their pacing; a game that keeps table talk as moves also takes a
  seat's line of talk as text (:class:`TalkRun`), and its computer players' lines come as
  :class:`TalkMove` (the server carries them out: events of the game, not chat);
* the client's side: :meth:`NetworkAdapter.decode` checks an update field by field and turns it
  into the game's own values (the headless client reads a view only when it acts on it; a game's
  table on screen reads what arrives with its own codec, e.g. the shell's ``NetTable``),
  :meth:`NetworkAdapter.check_seat_data` checks what a kept seat's record holds, and
  :meth:`NetworkAdapter.seat_player` is the computer player of the headless client.

Games register themselves (:func:`register`, e.g. a test's fake game). The built-in ones come from the
catalogue of games (:mod:`tortuga_desktop.games`, its ``network`` paths), kept in :data:`BUILT_IN` as
``"import.path:attribute"``, and are imported only when a table of a game is
first looked up (importing any module of ``tortuga_desktop.net`` loads no game: a test checks it).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from tortuga_desktop import games as _catalogue

__all__ = ["BUILT_IN", "ActionIllegal", "ActionMalformed", "SetupMalformed", "Decoded", "GameRun", "NetworkAdapter", "SeatData",
           "SeatPlayer", "TalkMove", "TalkRun", "UnknownGame", "adapter", "adapters", "needs", "playable", "client_id", "keys", "register", "unregister"]

#: The built-in games' adapters, ``"import.path:attribute"`` (an adapter object or a factory of one),
#: imported on the first lookup. The first one is the game of a message or file that names none.
BUILT_IN: tuple[str, ...] = tuple(b.network for b in _catalogue.BUILT_IN if b.network)


class UnknownGame(LookupError):
    """No game with this key plays at network tables here."""


class SetupMalformed(ValueError):
    """A table's setup that does not fit its game's form (a seat count outside its range, options it
    does not have or of the wrong type): answered as a malformed message. A setup of the right form
    that the rules refuse is a plain ValueError."""


class ActionMalformed(ValueError):
    """A text that is no action of the table's game (nothing changed)."""


class ActionIllegal(ValueError):
    """An action the game's rules refuse now (nothing changed)."""


#: Where a seat's (or the public's) events stand: (the game's own count, events sent); (0, 0):
#: nothing sent yet (a new or returning connection gets the whole list).
Cursor = tuple[int, int]


@dataclass(frozen=True)
class SeatData:
    """What one seat (or the public) is sent now: its view, its events from index ``first``, where
    it stands afterwards (``cursor``), and, for a game whose view does not say them, the game's
    decision counter and the seat's legal actions in their text form."""

    view: dict[str, Any]
    events: list[dict[str, Any]]
    first: int
    cursor: Cursor
    decisions: int = -1
    legal: list[str] | None = None


class GameRun(Protocol):
    """One game at a network table, as the server runs it (made by its :class:`NetworkAdapter`).
    Everything a seat is sent comes from :meth:`updates` (the game's own allow-lists)."""

    @property
    def players(self) -> int: ...

    @property
    def decisions(self) -> int:
        """The game's decision counter (an action names the one it answers)."""
        ...

    @property
    def is_over(self) -> bool: ...

    def record_dict(self) -> dict[str, Any]:
        """The game's record as JSON data (the table's save and archive)."""
        ...

    def decision_key(self, seat: int) -> Hashable | None:
        """``seat``'s open decision (None: it has none), equal while it stays the same decision."""
        ...

    def apply_text(self, seat: int, text: str) -> None:
        """Carry out ``seat``'s action given as text: :class:`ActionMalformed` when it is no action of
        the game, :class:`ActionIllegal` when the rules refuse it (nothing changes either way)."""
        ...

    def updates(self, viewers: Sequence[int | None], cursors: Sequence[Cursor]) -> list[SeatData]:
        """For each viewer (a seat, or None: the public) what it is sent now, its events from its
        cursor on (what several seats share may be built once)."""
        ...

    def make_bot(self, seat: int, level: str, *, budget_s: float) -> Any:
        """A computer player of ``level`` for ``seat`` (kept by the server while the level stays)."""
        ...

    def bot_job(self, bot: Any, seat: int, *, budget_s: float, release_in: float | None) -> Callable[[], Any]:
        """What ``bot`` decides for ``seat`` now, as a call to run off the event loop (what it may
        see is taken now; the call only thinks). ``budget_s``: the thinking time allowed;
        ``release_in``: seconds until its answer is shown (None: at once)."""
        ...

    def apply_bot(self, seat: int, result: Any) -> None:
        """Carry out what a :meth:`bot_job` returned (:class:`ActionIllegal` when refused)."""
        ...

    def bot_talk(self, bot: Any, seat: int) -> Sequence[str | TalkMove]:
        """What computer player ``bot`` (one :meth:`make_bot` made) at ``seat`` says now of what its
        seat has seen since it last spoke. A line its game keeps as a move is a :class:`TalkMove`
        (the server carries it out through :meth:`TalkRun.say_text`: an event of the game every seat
        hears); any other line is its game's data as text (at most :data:`.protocol.MAX_CHAT`
        characters, no spaces doubled or at the ends): the server puts each into the table's chat as
        kind ``bot``, stamped as ``seat``, and the game words it at each client. [] when it says
        nothing, or the table's options have its computer players quiet. It must be built from ``seat``'s own view and events only (chat is public), never
        change what the player decides, and be quick: it is called on the event loop, after every
        change of the game, for each computer seat that is not deciding just then."""
        ...

    def release_hold(self, seat: int, level: str, pacing: Any = None) -> float | None:
        """Seconds a computer player's answer for ``seat``'s decision now is held before it is shown
        (the game's pacing, e.g. so that timing does not tell a forced choice from a chosen one),
        drawn now without looking at the options; None: shown when ready. ``pacing``: a stand-in
        for the game's own pacing (tests), or None."""
        ...


@dataclass(frozen=True)
class TalkMove:
    """A computer player's line that its game keeps as a move (:meth:`GameRun.bot_talk`): ``text`` is
    the line in the game's text form, as a person's :class:`.protocol.Talk` carries it."""

    text: str


@runtime_checkable
class TalkRun(Protocol):
    """A :class:`GameRun` whose game keeps table talk as moves (an optional capability: a game
    without it refuses :class:`.protocol.Talk`)."""

    def say_text(self, seat: int, text: str) -> None:
        """``seat`` says the line whose text form is ``text``: an event of the game every seat and
        watcher is sent, kept in its record, moving no decision counter. :class:`ActionMalformed`
        when ``text`` is no line of the game's talk, :class:`ActionIllegal` (with the game's reason)
        when the game does not take it now; nothing changes either way."""
        ...


@dataclass(frozen=True)
class Decoded:
    """An update read by its game: the view and events as the game's values, and what the network
    layer needs to know of them (the decision counter an action answers, whether the seat decides
    now, whether the game is over)."""

    view: Any
    events: tuple[Any, ...]
    decisions: int
    waiting: bool
    over: bool
    #: the seat's legal actions in their text form (a game whose view does not say them)
    legal: tuple[str, ...] = ()


class SeatPlayer(Protocol):
    """A computer player of the headless client: it answers its seat's decision with an action's
    text; one that ``observes`` is told every update (``first``: the index of its first event in
    the seat's list; a reconnect sends the list again from 0)."""

    @property
    def observes(self) -> bool: ...

    def observe(self, seat: int, update: Decoded, first: int) -> None: ...

    def decide(self, seat: int, update: Decoded) -> str: ...


@runtime_checkable
class NetworkAdapter(Protocol):
    """A game's network side (see the module docstring)."""

    @property
    def key(self) -> str:
        """The game's key (the protocol's ``game``; short, lower-case)."""
        ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer levels this game has at network tables (a subset of the protocol's)."""
        ...

    def check_options(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        """The game's table options from JSON data, normalised as JSON data again: unknown keys and
        wrong types are refused with :class:`SetupMalformed`, values the rules refuse with ValueError
        (each with a plain reason)."""
        ...

    def new_run(self, players: int, seed: int, *, names: Sequence[str], options: Mapping[str, Any]) -> GameRun:
        """A new game (ValueError with the rules' reason for a bad setup)."""
        ...

    def run_from_record(self, record: Any, seed: int | None, options: Mapping[str, Any]) -> GameRun:
        """The game a saved record describes (ValueError for one that does not replay)."""
        ...

    def decode(self, view: Any, events: Any, seat: int | None, decisions: int,
               legal: Sequence[str] | None) -> Decoded:
        """An update ``seat`` (None: the public) was sent, every field checked by the game's own
        readers; ``ProtocolError`` for bad data or another seat's view or private events."""
        ...

    def glance(self, view: Mapping[str, Any], legal: Sequence[str] | None, seat: int) -> tuple[bool, bool]:
        """An update's view and legal actions looked at without checking them, only to skip reading
        them: may ``seat`` decide now, may the game be over. Anything unexpected counts as yes (the
        checked reading, :meth:`decode`, then decides)."""
        ...

    def check_seat_data(self, view: Any | None, events: Sequence[Any], seat: int) -> None:
        """A kept seat's record: ``view`` (None: none to check) and ``events`` (JSON data) are ones
        ``seat`` may have been sent (ValueError with a plain reason)."""
        ...

    def check_action_text(self, text: str) -> None:
        """ValueError when ``text`` is no action of this game (a kept record's actions)."""
        ...

    def seat_player(self, level: str, seed: int, **options: Any) -> SeatPlayer:
        """The headless client's computer player of ``level`` (ValueError: no such level here)."""
        ...


def needs(a: NetworkAdapter) -> tuple[str, ...]:
    """What of :data:`.protocol.LATER_READS` a client must read to play ``a``'s game (its optional
    ``needs``: e.g. a game whose updates may carry table talk as events needs ``talk``); () for a game
    that says nothing."""
    got = getattr(a, "needs", ())
    return tuple(got) if isinstance(got, (tuple, list, frozenset)) else ()


def playable(games: frozenset[str], reads: frozenset[str]) -> frozenset[str]:
    """Of the games a client names, those it can play here: a registered game whose :func:`needs` it
    all reads, or a game not registered here (no table of it exists: harmless)."""
    out = set()
    for g in games:
        try:
            a = adapter(g)
        except UnknownGame:
            out.add(g)
            continue
        if set(needs(a)) <= reads:
            out.add(g)
    return frozenset(out)


@dataclass
class _Registry:
    lock: threading.Lock = field(default_factory=threading.Lock)
    adapters: dict[str, NetworkAdapter] = field(default_factory=dict)
    loaded: bool = False


_reg = _Registry()


def _load_built_in() -> None:
    if _reg.loaded:
        return
    made: list[NetworkAdapter] = []
    for spec in BUILT_IN:
        path, _, name = spec.partition(":")
        obj = getattr(importlib.import_module(path), name)
        made.append(obj() if isinstance(obj, type) else obj)
    _reg.loaded = True
    for a in made:
        if a.key not in _reg.adapters:
            _reg.adapters[a.key] = a
    order = [a.key for a in made] + [k for k in _reg.adapters if k not in {a.key for a in made}]
    _reg.adapters.update({k: _reg.adapters.pop(k) for k in order})


def _check(a: NetworkAdapter) -> None:
    if not isinstance(a, NetworkAdapter):
        raise TypeError(f"{a!r} is not a NetworkAdapter")
    if not (a.key and a.key.isascii() and a.key.isidentifier() and a.key == a.key.lower() and len(a.key) <= 20):
        raise ValueError(f"a game's key is a short lower-case identifier, not {a.key!r}")
    if not 1 <= a.min_players <= a.max_players <= 9:
        raise ValueError(f"game {a.key!r}: players {a.min_players}..{a.max_players} (a table has at most 9 seats)")


def register(a: NetworkAdapter) -> None:
    """Add a game's adapter (ValueError: its key is taken)."""
    with _reg.lock:
        _load_built_in()
        _check(a)
        if a.key in _reg.adapters:
            raise ValueError(f"a game with the key {a.key!r} is already registered")
        _reg.adapters[a.key] = a


def unregister(key: str) -> None:
    """Take a registered game out again (tests)."""
    with _reg.lock:
        _load_built_in()
        if _reg.adapters.pop(key, None) is None:
            raise UnknownGame(key)


def adapters() -> tuple[NetworkAdapter, ...]:
    """Every registered game's adapter, the default game first."""
    with _reg.lock:
        _load_built_in()
        return tuple(_reg.adapters.values())


def adapter(key: str) -> NetworkAdapter:
    """The adapter of the game ``key`` (:class:`UnknownGame` when there is none)."""
    with _reg.lock:
        _load_built_in()
        found = _reg.adapters.get(key)
    if found is None:
        raise UnknownGame(f"no game {key[:20]!r} plays at network tables here")
    return found


def keys() -> tuple[str, ...]:
    return tuple(a.key for a in adapters())


def client_id() -> str:
    """The games this program plays, joined by ``+`` (the default game first: a server from before
    the second game reads only that), as its Hello says them (:data:`.protocol.CLIENT` adds the
    later chat kinds it reads)."""
    return "+".join(keys())
