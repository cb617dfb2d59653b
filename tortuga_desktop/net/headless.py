"""Computer players over the network: :class:`SeatBot` and the headless client.

``tortuga --join ADDR --code C --bot LEVEL`` (see :func:`run_headless`) plays a seat without a
window: it joins the table, lets a bot of ``LEVEL`` decide from the seat's view and sends the
actions, until the game ends. Tests and ``scripts/net_bench.py`` use :class:`SeatBot` too.

The seat is kept in the user data folder (:mod:`.seatstore`) from the moment it is taken, so a
client that was killed takes it back: ``tortuga --resume --bot LEVEL`` (see
:func:`resume_headless`; ``--join ADDR`` picks the seat at that server) or, with the token in
hand, ``tortuga --join ADDR --code C --token T --bot LEVEL``. The token is never printed in full.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tortuga_desktop.net import games
from tortuga_desktop.net.client import ConnState, Incoming, NetClient, Status, server_url
from tortuga_desktop.net.games import Decoded, SeatPlayer
from tortuga_desktop.net.protocol import (
    DEFAULT_GAME,
    Bye,
    Error,
    Joined,
    Lobby,
    ProtocolError,
    Tables,
    Update,
)
from tortuga_desktop.net.seatstore import SeatKeeper, masked, playing_seats

logger = logging.getLogger(__name__)


class SeatBot:
    """Plays every seat of a :class:`NetClient` with a computer player of the table's game (its
    network adapter's :meth:`~.games.NetworkAdapter.seat_player`). Feed it each incoming item
    (:meth:`handle`); it sends one action per decision and waits for its answer before the next.

    ``round_trips`` collects the seconds from sending each action to the update that
    acknowledges it (the server's answer). ``refused``: why it cannot play this table's game
    (a level the game does not have), "" while it can.
    """

    def __init__(self, client: NetClient, level: str, seed: int, *, think: float = 0.0,
                 call_later: Callable[[float, Callable[[int], None], int], Any] | None = None,
                 on_act: Callable[[int, int, str], None] | None = None, **options: Any) -> None:
        """``think``: seconds to wait before deciding, with ``call_later(delay, fn, seat)`` (e.g.
        an event loop's ``call_later``) doing the waiting; without it the bot decides at once.
        ``on_act(seat, decisions, action text)`` is told of every action sent (the seat's record)."""
        self.client = client
        self.level = level
        self.seed = seed
        self.options = options
        self.think = think
        self.call_later = call_later
        self.on_act = on_act
        self._game = ""
        self._player: SeatPlayer | None = None
        #: each seat's newest view (the game's value) and that update as the game read it
        self.latest: dict[int, Any] = {}
        self.decoded: dict[int, Decoded] = {}
        #: each seat's newest update, its view not read yet
        self.unread: dict[int, Update] = {}
        self.inflight: dict[int, tuple[int, float]] = {}
        self.round_trips: list[float] = []
        #: when each of ``round_trips`` ended (``time.perf_counter()``)
        self.acked_at: list[float] = []
        self.errors: list[Error] = []
        self.over = False
        self.failed = ""
        self.refused = ""

    @property
    def game(self) -> str:
        """The table's game (its lobby told the client; the default game before)."""
        return str(getattr(self.client, "game", "") or DEFAULT_GAME)

    def player(self) -> SeatPlayer | None:
        """The computer player for the table's game (None, and :attr:`refused` says why, when there
        is none of this level)."""
        game = self.game
        if self._player is None or self._game != game:
            self._game = game
            try:
                self._player = games.adapter(game).seat_player(self.level, self.seed, **self.options)
                self.refused = ""
            except (games.UnknownGame, ValueError) as exc:
                self._player = None
                self.refused = str(exc)
        return self._player

    def handle(self, item: Incoming) -> None:
        if isinstance(item, Update):  # the view is read only when acting on it
            self.unread[item.seat] = item
            self.latest.pop(item.seat, None)
            self.decoded.pop(item.seat, None)
            self._acked(item.seat, item.ack)
            player = self.player()
            if player is None:
                return
            waits, may_be_over = self._glance(item)
            if player.observes or may_be_over:
                d = self._read(item.seat)
                if d is not None and d.over:
                    self.over = True
            if (item.seat in self.unread or item.seat in self.decoded) and waits:  # one pause per decision
                self._next(item.seat)
        elif isinstance(item, Error):
            for seat, (rid, _) in list(self.inflight.items()):
                if rid == item.ref:  # refused: decide again on the newest view if it still waits
                    del self.inflight[seat]
                    self._next(seat)
            if item.code not in ("stale", "turn", "offline"):  # those are races the next update resolves
                self.errors.append(item)
                # the code only: the server's text can quote the refused choice (play, not a fault)
                logger.warning("server refused an action: %s", item.code)
        elif isinstance(item, Status):
            self.inflight.clear()  # answers to actions sent before a drop never come
            if item.state == ConnState.FAILED:
                self.failed = item.detail or "connection failed"
        elif isinstance(item, Bye):
            self.failed = item.reason

    def _glance(self, msg: Update) -> tuple[bool, bool]:
        try:
            return games.adapter(self.game).glance(msg.view, msg.legal, msg.seat)
        except games.UnknownGame:
            return True, True

    def _acked(self, seat: int, ack: int) -> None:
        sent = self.inflight.get(seat)
        if sent is not None and ack == sent[0]:
            now = time.perf_counter()
            self.round_trips.append(now - sent[1])
            self.acked_at.append(now)
            del self.inflight[seat]

    def _next(self, seat: int) -> None:
        if self.think > 0 and self.call_later is not None:
            self.call_later(self.think, self._act, seat)
        else:
            self._act(seat)

    def _read(self, seat: int) -> Decoded | None:
        """The unread update read by the game, every field checked (None, and an error noted, if bad)."""
        msg = self.unread.pop(seat)
        try:
            d = games.adapter(self.game).decode(msg.view, msg.events, seat, msg.decisions, msg.legal)
        except (ProtocolError, games.UnknownGame) as exc:
            self.errors.append(Error(code="malformed", message=str(exc)))
            return None
        self.latest[seat] = d.view
        self.decoded[seat] = d
        player = self.player()
        if player is not None and player.observes:
            player.observe(seat, d, msg.first)
        return d

    def _act(self, seat: int) -> None:
        if seat in self.unread:
            if seat in self.inflight or not self._glance(self.unread[seat])[0]:
                return
            self._read(seat)
        d = self.decoded.get(seat)
        player = self.player()
        if d is None or player is None or d.over or seat in self.inflight or not d.waiting:
            return
        text = player.decide(seat, d)
        rid = self.client.send_action(seat, text, d.decisions)
        self.inflight[seat] = (rid, time.perf_counter())
        if self.on_act is not None:
            self.on_act(seat, d.decisions, text)


def run_headless(addr: str, code: str, level: str, *, name: str = "", table: str = "", token: str = "",
                 seed: int = 1, timeout: float | None = None, out: Any = None,
                 connect_timeout: float = 15.0, seat_dir: Path | None = None, keep: bool = True,
                 think: float = 0.0) -> int:
    """Join the table at ``addr`` with ``code`` and play its seat with a ``level`` bot until the
    game ends. ``token`` takes back a seat this client had. The seat is kept in ``seat_dir``
    (default: :func:`~.seatstore.seats_dir`; ``keep=False``: not kept). Returns an exit status:
    0 game over, 1 refused or connection failed (also when no seat was joined within
    ``connect_timeout`` seconds: nobody answers there), 3 timeout. ``think``: seconds the bot
    waits before each decision (to watch a game)."""
    out = out or sys.stdout
    name = name or f"Bot ({level})"
    client = NetClient(addr, code=code, table=table, name=name, token=token)
    keeper = SeatKeeper(seat_dir, addr, code, name) if keep else None
    timers: list[tuple[float, Callable[[int], None], int]] = []

    def later(delay: float, fn: Callable[[int], None], seat: int) -> None:
        timers.append((time.monotonic() + delay, fn, seat))

    player = SeatBot(client, level, seed, think=think, call_later=later,
                     on_act=keeper.acted if keeper is not None else None)
    client.start()
    end = None if timeout is None else time.monotonic() + timeout
    joined_by = time.monotonic() + connect_timeout
    joined = False
    status = 3
    try:
        while end is None or time.monotonic() < end:
            if not joined and time.monotonic() > joined_by:
                print(f"connection failed: no game answered at {addr} within {connect_timeout:.0f} s",
                      file=out, flush=True)
                status = 1
                break
            now = time.monotonic()
            for due in [t for t in timers if t[0] <= now]:
                timers.remove(due)
                due[1](due[2])
            wait = min([0.5, *(t[0] - now for t in timers)])
            item = client.get(timeout=max(0.0, wait))
            if item is None:
                continue
            if isinstance(item, Joined):
                back = bool(token) and item.token == token
                joined = True
                kept = ""
                if keeper is not None:
                    keeper.joined(item.table, item.seats, item.token)
                    kept = f", kept in {keeper.path}"
                print(f"{'back at' if back else 'joined'} table {item.table} as seat {', '.join(map(str, item.seats))}; "
                      f"reclaim token {masked(item.token)}{kept}", file=out, flush=True)
            elif isinstance(item, Lobby):
                if player.player() is None:  # a table of a game this computer player cannot play
                    print(f"refused: this table plays {item.game!r}, which a computer player of level {level!r} "
                          f"cannot play here ({player.refused}); the seat is left free", file=out, flush=True)
                    if keeper is not None:
                        keeper.set_state("left")
                    _leave(client)
                    status = 1
                    break
                if keeper is not None:
                    keeper.lobby(item.name, item.over, item.game)
            elif isinstance(item, Update) and keeper is not None:
                keeper.update_raw(item, client.game)
            elif isinstance(item, Error) and item.code == "tls":
                print(f"connection failed: {item.message}", file=out, flush=True)
                status = 1
                break
            elif isinstance(item, Error) and item.code in ("code", "full", "token", "version", "denied"):
                if token and item.code in ("code", "token") and keeper is not None:
                    keeper.set_state("lost")
                print(f"refused: {item.message}", file=out, flush=True)
                status = 1
                break
            player.handle(item)
            if player.failed:
                print(f"connection failed: {player.failed}", file=out, flush=True)
                status = 1
                break
            if player.over:
                view = next(iter(player.latest.values()), None)
                rounds = getattr(view, "round", None)
                print("game over" + (f" after round {rounds}" if isinstance(rounds, int) else ""), file=out, flush=True)
                status = 0
                break
    finally:
        client.close()
        if keeper is not None:
            keeper.close()
    return status


def _leave(client: NetClient, timeout: float = 3.0) -> None:
    """Leave the table for good (the server frees the seat, or hands a started game's seat to a
    computer player) and wait until the server has read it: it answers the next request, sent
    after the leave on the same connection."""
    client.leave()
    client.list_tables()
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        item = client.get(timeout=max(0.0, end - time.monotonic()))
        if isinstance(item, (Tables, Error)):
            return


def resume_headless(level: str, *, addr: str = "", seat_dir: Path | None = None, out: Any = None,
                    **options: Any) -> int:
    """Take back the newest seat kept in ``seat_dir`` whose game was still being played (with
    ``addr``: the newest at that server) and play it with a ``level`` bot (see
    :func:`run_headless`; exit status 1 when there is none)."""
    out = out or sys.stdout
    seats, problems = playing_seats(seat_dir)
    for problem in problems:
        print(f"a kept seat could not be read and was put aside: {problem}", file=out, flush=True)
    if addr:
        want = server_url(addr)
        seats = [s for s in seats if server_url(s.server) == want]
    if not seats:
        where = f" at {addr}" if addr else ""
        print(f"no seat to return to{where}: no game in progress was kept", file=out, flush=True)
        return 1
    seat = seats[0]
    print(f"returning to seat {', '.join(map(str, seat.seats))} at {seat.shown_table} ({seat.host})", file=out,
          flush=True)
    return run_headless(seat.server, seat.code, level, name=seat.name, table=seat.table, token=seat.token,
                        out=out, seat_dir=seat_dir, **options)


__all__ = ["SeatBot", "resume_headless", "run_headless"]
