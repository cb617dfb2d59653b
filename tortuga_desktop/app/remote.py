"""A network game as the table sees it: :class:`RemoteController` and :class:`RemoteSnapshot`.

The table (:class:`~.scenes.table.TableScene`) was built around a local
:class:`~.controller.GameController` that owns a :class:`~tortuga_desktop.rules.Game`. In a
network game the server owns the game; this computer gets, for each seat it plays, that seat's
:class:`~tortuga_desktop.rules.PlayerView` and the events it may see (R9), through a
:class:`~tortuga_desktop.net.client.NetClient` whose queue is drained once per frame (never
blocks).

:class:`RemoteSnapshot` turns those views back into something the table, the decision panels
and the results screen can read: a :class:`Game` consistent with every local seat's view
(the hidden rest sampled, as a searching bot does with
:func:`~tortuga_desktop.rules.determinize`). Whatever it is asked for a seat played here comes
from that seat's own received view and events; everything else is public. Facts the views do
not hold (other seats' dice before the reveal, their tiles) are sampled, never drawn: the table
only ever draws ``view(seat)`` of a local seat or the public view.

:class:`RemoteController` offers what the table needs from a controller (``game``, ``seats``,
``human_seats``, ``poll``, ``pending_humans``, ``submit``, the log) and sends the humans'
actions through the client. It also keeps the connection state and the lobby (who sits where,
who dropped, which seat a computer player has taken over) for the banner.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..levels import LEVELS
from ..net.protocol import SPECTATOR
from ..net.seatstore import SeatRecord as KeptRecord
from ..rules import (
    Decision,
    DecisionKind,
    Game,
    IllegalActionError,
    Outcome,
    PlayerAction,
    PlayerView,
    RulesError,
    StateFormatError,
    determinize,
    parse_action,
)
from ..rules.components import TILE_COUNTS
from ..rules.events import Event, GameEnded, event_to_dict, visible
from ..rules.prompt import SeatPrompt, seat_prompt
from ..rules.record import GameRecord
from .gamelog import build_log, event_seat
from .saves import SeatConfig
from .source import LogLine, SeatRecord, Shown, TableMove, Viewer, ViewerError

log = logging.getLogger(__name__)

__all__ = ["ChatLine", "NetState", "RemoteController", "RemoteSnapshot", "SeatState", "shadow_game", "wait_for_closing"]

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


# ---------------------------------------------------------------- the table's picture
class RemoteSnapshot(Game):
    """A :class:`Game` consistent with the views of the seats played on this computer.

    ``view(seat)`` of a local seat is exactly the view the server sent; ``view(None)`` is the
    public view (only public facts, all of them real). ``events_for(seat)`` is the seat's own
    received event list. ``outcome()`` takes the final totals from the server's
    :class:`GameEnded` event (others' treasure tiles stay secret until then)."""

    _views: dict[int, PlayerView]
    _seat_events: dict[int, tuple[Event, ...]]

    def view(self, seat: int | None) -> PlayerView:
        if seat is not None and seat in self._views:
            return self._views[seat]
        return super().view(None)

    def events_for(self, viewer: int | None) -> list[Event]:
        if viewer is not None and viewer in self._seat_events:
            return list(self._seat_events[viewer])
        ref = min(self._seat_events) if self._seat_events else None
        return visible(list(self._seat_events[ref]), None) if ref is not None else []

    def clone(self) -> RemoteSnapshot:
        g = Game.clone(self)
        snap = RemoteSnapshot.__new__(RemoteSnapshot)
        for name in _STATE_SLOTS:
            setattr(snap, name, getattr(g, name))
        snap._views = dict(self._views)
        snap._seat_events = dict(self._seat_events)
        return snap

    def outcome(self) -> Outcome | None:
        found = super().outcome()
        if found is None:
            return None
        end = next((e for e in reversed(self.events_for(None)) if isinstance(e, GameEnded)), None)
        if end is None or len(end.scores) != self.players:
            return found
        # Public parts are real; the coins are whatever makes the server's total.
        scores = tuple(replace(sc, coins=max(0, sc.coins + end.scores[i] - sc.total))
                       for i, sc in enumerate(found.scores))
        return Outcome(scores, tuple(end.winners), found.rounds, end.capped)


def _slots_of(cls: type) -> list[str]:
    out: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__slots__", ()):
            if name not in out and name not in ("__weakref__", "__dict__"):
                out.append(name)
    return out


_STATE_SLOTS = _slots_of(Game)


def shadow_game(views: dict[int, PlayerView], events: dict[int, Sequence[Event]], seed: int = 0) -> RemoteSnapshot:
    """One game consistent with every view in ``views`` (seat -> that seat's own view).

    Built from :func:`determinize` of the lowest seat's view; each further seat's private facts
    (its roll, selection, kept and returned tiles, the tiles it drew) are put in, and the
    treasure tiles nobody here knows are dealt again so the totals stay right. Raises
    :class:`StateFormatError` when the views do not fit together."""
    if not views:
        raise StateFormatError("no view to build the table from")
    seats = sorted(views)
    ref = views[seats[0]]
    for s in seats:
        v = views[s]
        if v.viewer != (None if s == SPECTATOR else s):  # a watcher's public view: viewer None
            raise StateFormatError(f"the view for seat {s} is seat {v.viewer}'s")
        if v.decisions != ref.decisions:
            raise StateFormatError("the views are of different moments of the game")
    base = determinize(ref, seed)
    if len(seats) > 1:
        d = base.to_dict()
        for s in seats[1:]:
            own = views[s].seats[s]
            sd = d["seats"][s]
            sd["roll"] = None if own.roll is None else [int(f) if f is not None else 0 for f in own.roll]
            sd["selection"] = None if own.selection is None else list(own.selection)
            sd["tiles"] = list(own.tiles or ())
            sd["returned"] = list(own.returned or ())
            if views[s].drawn is not None:
                d["act"]["drawn"] = list(views[s].drawn or ())
        left = list(TILE_COUNTS)
        for tile in [*(t for s in seats for t in views[s].seats[s].tiles or ()), *d["act"]["drawn"]]:
            left[tile - 1] -= 1
        if min(left) < 0:
            raise StateFormatError("the views hold more treasure tiles than the game has")
        bag = [v for i, n in enumerate(left) for v in [i + 1] * n]
        random.Random(seed).shuffle(bag)
        for i, sd in enumerate(d["seats"]):
            if i not in views:
                count = ref.seats[i].tile_count
                sd["tiles"], bag = bag[:count], bag[count:]
        pool = [0, 0, 0]
        for tile in bag:
            pool[tile - 1] += 1
        d["pool"] = pool
        snap = RemoteSnapshot.from_dict(d)
    else:
        snap = RemoteSnapshot.__new__(RemoteSnapshot)
        for name in _STATE_SLOTS:
            setattr(snap, name, getattr(base, name))
    assert isinstance(snap, RemoteSnapshot)
    snap._views = dict(views)
    snap._seat_events = {s: tuple(events.get(s, ())) for s in seats}
    snap.events = list(snap._seat_events[seats[0]])
    snap.logging = True
    return snap


# ---------------------------------------------------------------- connection and seats
@dataclass(frozen=True)
class SeatState:
    """One seat as the lobby and the table's banner show it."""

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
    params: tuple[tuple[str, Any], ...] = ()
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
}


class RemoteController:
    """The table's controller for a network game (see the module docstring).

    ``client`` is a started :class:`~tortuga_desktop.net.client.NetClient` (or anything with
    its ``poll``/``send_action``/``close``/``state``/``start_game`` methods). ``host`` is the
    :class:`~tortuga_desktop.net.server.ServerThread` this computer runs, if it hosts; closing
    the controller stops it too.
    """

    def __init__(self, client: Any, *, host: Any = None, colours: Sequence[int] | None = None,
                 keeper: Any = None) -> None:
        """``keeper``: a :class:`~tortuga_desktop.net.seatstore.SeatKeeper` that keeps this
        computer's seat (address, token, the seat's record) on disk, so it can be taken back
        after the game was closed or killed (a joiner's seat; the host has its table save)."""
        self.client = client
        self.keeper = keeper
        self.host = host
        self.colours = list(colours) if colours is not None else None
        self.seats: list[SeatConfig] = []
        self.human_seats: list[int] = []
        self.notices: list[tuple[str, dict[str, Any]]] = []
        #: a continued hosted table that had to take a new port: (old port, new port)
        self.moved: tuple[int, int] | None = None
        self.on_decision: Any = None
        #: the local-network announcement of a hosted game (closed with the controller)
        self.announcer: Any = None
        self.think_started: float | None = None
        self.net = NetState()
        self.lobby: list[SeatState] = []
        #: when the lobby arrived (``held_for`` counts down from then)
        self.lobby_at = time.perf_counter()
        self.table_name = ""
        self.started = False
        self.over = False
        #: a problem that ends this connection for good (translation key, parameters)
        self.fatal: tuple[str, dict[str, Any]] | None = None
        #: the newest problem reported by the server (translation key, parameters), for the join screen
        self.last_error: tuple[str, dict[str, Any]] | None = None
        self.joined = False
        #: this computer watches the table without a seat (the public view only)
        self.watching = False
        self.token = ""
        #: actions of this computer the server refused (a race with the game moving on)
        self.refused = 0
        #: the table's rule for dropped players, when this computer hosts it (lobby text)
        self.hold_seconds: float | None = None
        self.takeover_level = "normal"
        self._views: dict[int, PlayerView] = {}
        self._events: dict[int, list[Event]] = {}
        self._snapshot: RemoteSnapshot | None = None
        self._new: list[TableMove] = []
        self._inflight: dict[int, tuple[int, int]] = {}  # seat -> (request id, decisions)
        self._requests: dict[int, tuple[int, PlayerAction]] = {}  # request id -> (seat, action)
        self._acked: dict[int, int] = {}  # request id -> decisions of the update that answered it
        self._since = time.perf_counter()
        self._closed = False
        self._keep_failed = False
        self._closer: threading.Thread | None = None
        #: the table's chat as received (oldest first), the seats muted here, and how many
        #: entries arrived (the panel counts what it has not shown)
        self.chat: list[ChatLine] = []
        self.muted: set[int] = set()
        self.chat_received = 0
        self._chat_seen: set[tuple[int, float]] = set()
        kept = getattr(getattr(keeper, "seat", None), "record", None)
        for entry in getattr(kept, "chat", ()):  # a seat taken back: its table talk so far, from its record
            self._on_chat(entry)
        self.chat_received = 0  # read before: not counted as new
        #: what the seats played here were shown, when no keeper keeps it (the host's own seats)
        self.kept = KeptRecord()
        #: told of every message received, in order (the network table source)
        self.listeners: list[Callable[[Any], None]] = []

    def kept_record(self) -> KeptRecord:
        """A copy of what the seats played here were shown: every view with its event count,
        their events and the actions sent (the keeper's, on disk, for a joiner; else kept here).
        The network game's replay is made from it (:class:`~.seatreplay.SeatTimeline`)."""
        kept = self.keeper.record() if self.keeper is not None else None
        return kept if kept is not None else self.kept.copy()

    # ------------------------------------------------------------ the table's API
    @property
    def ready(self) -> bool:
        """A picture of the game exists (the table can be shown)."""
        return self._snapshot is not None

    @property
    def game(self) -> RemoteSnapshot:
        if self._snapshot is None:
            raise RulesError("the game has not reached this computer yet")
        return self._snapshot

    @property
    def busy(self) -> bool:
        return self.thinking_seat() is not None

    @property
    def is_over(self) -> bool:
        return self._snapshot is not None and self._snapshot.is_over

    def thinking_seat(self) -> int | None:
        """A seat a computer player is deciding for (shown with the thinking dots)."""
        if self._snapshot is None:
            return None
        bots = {s.seat for s in self.lobby if s.bot}
        for d in self._snapshot.view(None).pending:
            if d.seat in bots:
                return d.seat
        return None

    def pending_humans(self) -> list[Decision]:
        """Decisions waiting for a human at this computer (not those already sent)."""
        if self._snapshot is None:
            return []
        mine = set(self.human_seats) - set(self._inflight) - self._taken_over()
        return [d for d in self._snapshot.pending() if d.seat in mine]

    def waiting_for(self) -> list[int]:
        """Seats played elsewhere that the game waits for now."""
        if self._snapshot is None:
            return []
        return [p.seat for p in self._snapshot.view(None).pending if p.seat not in self.human_seats]

    def _taken_over(self) -> set[int]:
        return {s.seat for s in self.lobby if s.here and s.bot}

    # -- the table source's interface (source.TableSource) over the picture ------------------
    @property
    def players(self) -> int:
        return self.game.players

    @property
    def viewers(self) -> frozenset[Viewer]:
        return frozenset([None, *self.human_seats])

    def _check_viewer(self, viewer: Viewer) -> None:
        if viewer not in self.viewers:
            raise ViewerError(f"viewer {viewer!r} is not shown at this table")

    def view(self, viewer: Viewer) -> PlayerView:
        self._check_viewer(viewer)
        return self.game.view(viewer)

    def events_for(self, viewer: Viewer) -> list[Event]:
        self._check_viewer(viewer)
        return self.game.events_for(viewer)

    def view_for(self, viewer: int | None) -> PlayerView:
        return self.view(viewer)

    @property
    def decisions(self) -> int:
        return int(self.game.decisions)

    def search_seed(self, seat: int) -> int:
        from ..ai.evaluate import position_seed

        return position_seed(self.game.seed, self.game.decisions, seat)

    def last_decision(self, seat: int) -> int:
        """Counted from when this picture was made (the server keeps the history)."""
        return int(self.game.decisions)

    def waiting(self) -> list[Decision]:
        return self.pending_humans()

    def prompt(self, seat: int) -> SeatPrompt:
        if seat not in self.human_seats:
            raise ViewerError(f"seat {seat} is not played at this table")
        return seat_prompt(self.game, seat, 0)

    @property
    def halted(self) -> bool:
        return False

    def outcome(self) -> Outcome | None:
        return self.game.outcome()

    def record(self, seat: int) -> SeatRecord:
        raise RulesError("a network game keeps no record of its seats here yet")

    def game_record(self) -> GameRecord | None:
        return None

    def reasons(self) -> dict[int, tuple[int, Any]]:
        return {}

    def log(self, viewer: Viewer, move: TableMove | None = None) -> list[LogLine]:
        """The log as the local table shows it, grouped by round and phase (no bots' reasons:
        they think on the server)."""
        events = self.events_for(viewer) if move is None else move.events_for(viewer)
        upto = self.game.decisions if move is None else move.decisions
        lines: list[LogLine] = build_log(events, self.game.names, {}, upto=upto)
        return lines

    def log_lines(self, viewer: int | None) -> list[LogLine]:
        return self.log(viewer)

    def _move(self, seat: int, kind: DecisionKind, action: PlayerAction | None, snap: RemoteSnapshot, *,
              by_bot: bool) -> TableMove:
        def shown(viewer: Viewer) -> Shown:
            return Shown(snap.view(viewer), tuple(snap.events_for(viewer)))

        return TableMove(seat, kind, action, None, snap.decisions, snap.is_over, self.viewers, shown, by_bot)

    def submit(self, seat: int, action: PlayerAction | str) -> TableMove:
        """Send a human's decision to the server. Checked here first against this seat's view
        (raises :class:`RulesError` when it cannot be right); the server decides. Returns an
        event that changes nothing: the game moves when the server's update arrives."""
        snap = self.game
        if seat not in self.human_seats:
            raise IllegalActionError(f"seat {seat} is not played on this computer")
        decision = snap.decision_for(seat)
        if decision is None or seat in self._inflight:
            raise IllegalActionError(f"seat {seat} has no decision to make")
        act = parse_action(action) if isinstance(action, str) else action
        if act not in snap.legal_actions(seat):
            log.warning("seat %d: a choice that is not legal in the newest view was not sent", seat)
            raise IllegalActionError(f"{act.text()} is not a legal choice now")
        rid = int(self.client.send_action(seat, act, snap.view(seat).decisions))
        if self.keeper is not None:
            self.keeper.acted(seat, snap.view(seat).decisions, act.text())
        else:
            self.kept.note_action(seat, snap.view(seat).decisions, act.text())
        self._inflight[seat] = (rid, snap.decisions)
        self._requests[rid] = (seat, act)
        return self._move(seat, decision.kind, act, snap, by_bot=False)

    def poll(self, start_new: bool = True, budget_s: float = 0.0) -> list[TableMove]:
        """Everything the server said since the last frame; the game's new moments, oldest
        first. Never blocks (``start_new`` and ``budget_s`` do not apply: the server paces)."""
        self.pump()
        out, self._new = self._new, []
        return out

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
        """Drain the client's queue (never blocks). True when anything changed."""
        from ..net import protocol as P
        from ..net.client import GameUpdate, Status

        changed = False
        for msg in self.client.poll():
            changed = True
            for listener in self.listeners:
                listener(msg)
            if isinstance(msg, Status):
                self._on_status(msg)
            elif isinstance(msg, P.Joined):
                self.joined = True
                self.token = msg.token
                self.human_seats = sorted(set(msg.seats))
                if self.keeper is not None:
                    self.keeper.joined(msg.table, msg.seats, msg.token)
                for s in self.human_seats:
                    self._events.setdefault(s, [])
            elif isinstance(msg, P.Watching):
                self.joined = self.watching = True
                self._events.setdefault(SPECTATOR, [])
            elif isinstance(msg, P.Lobby):
                self._on_lobby(msg)
                if self.keeper is not None:
                    self.keeper.lobby(msg.name, msg.over)
            elif isinstance(msg, GameUpdate):
                self._on_update(msg)
                if msg.seat in self.human_seats:
                    if self.keeper is not None:
                        self.keeper.update(msg.seat, msg.view, msg.events, msg.first)
                    else:
                        self.kept.note_update(msg.seat, msg.view, msg.view.to_json(),
                                                 [event_to_dict(e) for e in msg.events], msg.first)
            elif isinstance(msg, P.Chat):
                self._on_chat(msg)
                if self.keeper is not None:
                    self.keeper.chat(msg)
            elif isinstance(msg, P.Error):
                self._on_error(msg)
            elif isinstance(msg, P.Bye):
                self.fatal = ("net.error.bye", {})
                self.notices.append(("net.error.bye", {}))
        if self.keeper is not None and self.keeper.problem and not self._keep_failed:
            self._keep_failed = True  # once: the game goes on, but the seat cannot be taken back after a crash
            self.notices.append(("net.return.cannot_keep", {}))
        if changed:
            self._build()
        return changed

    # ------------------------------------------------------------ chat
    def _on_chat(self, msg: Any) -> None:
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

    def chat_lines(self) -> list[ChatLine]:
        """The chat as shown here: muted seats' messages left out."""
        return [c for c in self.chat if c.kind != "say" or c.seat not in self.muted]

    def _on_status(self, msg: Any) -> None:
        state = str(msg.state)
        problem = ""
        if state == "reconnecting":
            problem = "net.banner.reconnecting"
            # Answers to actions sent before the drop never come: the panels open again.
            self._inflight.clear()
            self._requests.clear()
            self._acked.clear()
        elif state == "failed" and self.fatal is None:
            problem = "net.banner.failed"
            self.fatal = (self.last_error or ("net.error.unreachable", {})) if not self.joined else \
                ("net.banner.failed", {})
        if state == "connected" and self.net.state == "reconnecting":
            self.notices.append(("net.notice.reconnected", {}))
        self.net = NetState(state, problem, (), float(getattr(msg, "retry_in", 0.0)))
        log.info("network: %s (%s)", state, getattr(msg, "detail", ""))

    def _on_error(self, msg: Any) -> None:
        key = ERROR_KEYS.get(str(msg.code), "net.error.other")
        from ..net.protocol import PROTOCOL_VERSION

        params: dict[str, Any] = {"version": PROTOCOL_VERSION}
        self.last_error = (key, params)
        log.warning("server refused: %s", msg.code)  # its text can quote the choice: play, not a fault
        ref = int(getattr(msg, "ref", -1))
        if ref in self._requests:
            self.refused += 1
            seat, _act = self._requests.pop(ref)
            if self._inflight.get(seat, (None,))[0] == ref:
                del self._inflight[seat]  # the panel opens again for a new try
            self.notices.append((key, params))
        elif str(msg.code) == "version":
            self.fatal = (key, params)
        elif self.joined and str(msg.code) in ("code", "token"):
            self.fatal = ("net.error.reclaim", {})
            if self.keeper is not None:
                self.keeper.set_state("lost")
        elif self.joined:
            self.notices.append((key, params))

    def _on_lobby(self, msg: Any) -> None:
        self.table_name = str(msg.name)
        self.lobby_at = time.perf_counter()
        here = set(self.human_seats)
        self.lobby = [SeatState(s.seat, s.name, s.kind, s.level, s.taken, s.connected, s.bot, s.held_for,
                                s.seat in here) for s in msg.seats]
        if msg.started and not self.started:
            self.started = True
            self._since = time.perf_counter()
        self.over = bool(msg.over)
        self._refresh_seats(msg.players)

    def _refresh_seats(self, players: int) -> None:
        seats = []
        for i in range(players):
            info = next((s for s in self.lobby if s.seat == i), None)
            name = info.name if info is not None else f"Player {i + 1}"
            kind = "human"
            if info is not None and info.kind == "computer" and info.level in LEVELS:
                kind = info.level
            colour = self.colours[i] if self.colours is not None and i < len(self.colours) else i
            seats.append(SeatConfig(name=name, kind=kind, colour=colour))
        if self._snapshot is not None and len(seats) == self._snapshot.players:
            seats = [replace(s, name=self._snapshot.names[i]) for i, s in enumerate(seats)]
        if not self.seats or len(self.seats) != len(seats):
            self.seats = seats
        else:
            # The renderer holds this very list: change it in place.
            self.seats[:] = seats

    def _on_update(self, msg: Any) -> None:
        seat = int(msg.seat)
        if seat not in self.human_seats and not (self.watching and seat == SPECTATOR):
            log.warning("update for seat %d, which this computer does not play", seat)
            return
        evs = self._events.setdefault(seat, [])
        if msg.first == 0:
            evs.clear()
        if msg.first != len(evs):
            log.warning("seat %d: events from %d, have %d; asking again is up to the server", seat, msg.first,
                        len(evs))
            del evs[msg.first:]
        evs.extend(msg.events)
        self._views[seat] = msg.view
        if msg.ack >= 0 and msg.ack in self._requests:
            # Done once a picture at least this new is built (with several seats here, the
            # other seats' updates of the same moment may still be on their way).
            self._acked[msg.ack] = msg.view.decisions

    def _build(self) -> None:
        """Make a new picture when every local seat's newest view is of the same moment."""
        wanted = self.human_seats or ([SPECTATOR] if self.watching else [])
        seats = [s for s in wanted if s in self._views]
        if not seats or len(seats) != len(wanted):
            return
        views = {s: self._views[s] for s in seats}
        moment = {v.decisions for v in views.values()}
        if len(moment) != 1:
            return
        counts = {s: len(self._events.get(s, ())) for s in seats}
        old = self._snapshot
        if old is not None and old.decisions == next(iter(moment)) and \
                all(len(old._seat_events.get(s, ())) == counts[s] for s in seats):
            return
        try:
            snap = shadow_game(views, {s: tuple(self._events.get(s, ())) for s in seats},
                               seed=next(iter(moment)) * 7919 + 17)
        except (StateFormatError, RulesError, ValueError, KeyError, IndexError) as exc:
            log.error("the server's views do not make a game: %s", exc)
            self.notices.append(("net.error.malformed", {}))
            return
        # An action is done when this picture holds its answer (or the seat has nothing to
        # decide any more); only then may the seat's panel open again.
        for s, (rid, _sent) in list(self._inflight.items()):
            answered = rid in self._acked and snap.decisions >= self._acked[rid]
            if answered or snap.decision_for(s) is None:
                del self._inflight[s]
                self._requests.pop(rid, None)
                self._acked.pop(rid, None)
        self._snapshot = snap
        self._since = time.perf_counter()
        self.think_started = self._since
        self._refresh_seats(snap.players)
        if old is None:
            return
        ref = seats[0]
        new_events = tuple(snap._seat_events[ref][len(old._seat_events.get(ref, ())):])
        actor = next((x for x in (event_seat(e) for e in new_events) if x is not None), None)
        kind = DecisionKind.SELECT_DICE
        if actor is not None:
            d = old.decision_for(actor)
            if d is not None:
                kind = d.kind
        elif old.pending():
            actor, kind = old.pending()[0].seat, old.pending()[0].kind
        self._new.append(self._move(actor if actor is not None else ref, kind, None, snap,
                                    by_bot=actor not in self.human_seats))
