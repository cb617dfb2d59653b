"""Limits never lock out honest players (all on 127.0.0.1).

Sustained code guessing from one address leaves that address able to join with the right code
and to reclaim a seat at once; a join that must wait for its turn is held and then checked (not
refused); a waiting connection that closes frees its place at once; a reclaim is looked at
before the per-address cap; wrong reclaim tokens have their own budget.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

from tortuga_desktop.games.dice.net.adapter import DiceRun
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.server import GameServer, RepeatFilter, ServerConfig, ServerThread, Table

HOST = "127.0.0.1"
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager:DeprecationWarning")


def start(**config: Any) -> ServerThread:
    st = ServerThread(ServerConfig(host=HOST, port=0, **config))
    st.start()
    return st


def open_ws(port: int) -> ClientConnection:
    return connect(f"ws://{HOST}:{port}", max_size=None, open_timeout=5, compression=None, proxy=None)


def send(ws: ClientConnection, msg: P._Msg, timeout: float = 5.0) -> Any:
    ws.send(P.encode(msg).decode())
    return P.decode_server(ws.recv(timeout=timeout))


def hello(ws: ClientConnection) -> None:
    assert isinstance(send(ws, P.Hello(version=P.PROTOCOL_VERSION)), P.Welcome)


def open_seats(n: int) -> list[P.SeatSpec]:
    return [P.SeatSpec(kind="open", level="random") for _ in range(n)]


def wait_until(cond: Any, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return bool(cond())


class Guessers:
    """``n`` threads guessing join codes from 127.0.0.1 as fast as they are answered, each
    opening a new connection when one is refused or closed, and now and then closing its
    connection while a join is still unanswered (a guesser that gives up on a wait)."""

    def __init__(self, port: int, n: int) -> None:
        self.port = port
        self.stop = threading.Event()
        self.sent = self.refused_connections = self.told_to_wait = 0
        self._lock = threading.Lock()
        self.threads = [threading.Thread(target=self._run, args=(i,), daemon=True) for i in range(n)]

    def _count(self, field: str) -> None:
        with self._lock:
            setattr(self, field, getattr(self, field) + 1)

    def _run(self, i: int) -> None:
        rng = random.Random(i)
        while not self.stop.is_set():
            try:
                ws = open_ws(self.port)
            except (OSError, InvalidHandshake, TimeoutError):
                self._count("refused_connections")
                time.sleep(0.05)
                continue
            try:
                ws.send(P.encode(P.Hello(version=P.PROTOCOL_VERSION)).decode())
                if not isinstance(P.decode_server(ws.recv(timeout=5)), P.Welcome):
                    self._count("refused_connections")
                    continue
                for n in range(1_000_000):
                    if self.stop.is_set():
                        break
                    code = "".join(rng.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LENGTH))
                    ws.send(P.encode(P.Join(code=code)).decode())
                    self._count("sent")
                    if n % 7 == 6:
                        break  # gives up without waiting for the answer
                    reply = None
                    while reply is None and not self.stop.is_set():
                        try:
                            reply = P.decode_server(ws.recv(timeout=0.1))
                        except TimeoutError:
                            continue
                    if isinstance(reply, P.Joined):
                        raise AssertionError("a guessed code hit the table")
                    if isinstance(reply, P.Error) and reply.code == "rate":
                        self._count("told_to_wait")
                    if isinstance(reply, P.Bye):
                        self._count("refused_connections")
                        break
            except ConnectionClosed:
                self._count("refused_connections")
            finally:
                ws.close()

    def __enter__(self) -> Guessers:
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(10)


def test_sustained_guessing_from_an_address_then_an_honest_join_and_a_reclaim_from_it_succeed() -> None:
    """The held-out attack: 40 connections (more than the 32 an address may keep) guess codes
    from 127.0.0.1 as fast as they are answered, for 2.5 s; then, from the same address, a new
    player joins with the right code and a returning player reclaims a seat, both answered
    with their seat (not a wait, not a refused connection) within about a second."""
    st = start(lobby=True)
    try:
        table: Table = st.call(lambda s: s.create_table(open_seats(3)))
        ws = open_ws(st.port)
        hello(ws)
        first = send(ws, P.Join(code=table.code, name="Ann"))
        assert isinstance(first, P.Joined)
        ws.close()  # Ann drops out: her seat is held for her token
        t0 = time.monotonic()
        with Guessers(st.port, 40) as g:
            time.sleep(2.5)
        guessing = time.monotonic() - t0
        guard = st.server.join_guard
        # the guessing was limited: 5 wrong codes at once, then about 1 a second
        assert g.sent > 50 and guard.guesses_checked <= 5 + guessing * 1.0 + 3
        assert wait_until(lambda: st.server.connections == 0, 2.0)  # the guessers' places are free
        t1 = time.monotonic()
        honest = open_ws(st.port)
        hello(honest)
        joined = send(honest, P.Join(code=table.code, name="Bob"))
        assert isinstance(joined, P.Joined), joined
        back = open_ws(st.port)
        hello(back)
        again = send(back, P.Join(code=table.code, table=table.id, token=first.token))
        assert isinstance(again, P.Joined) and again.seats == first.seats, again
        assert time.monotonic() - t1 < 3.0  # about a second (the budget's turn); never the old minute
        honest.close()
        back.close()
    finally:
        st.stop()


def test_a_join_that_must_wait_is_held_and_then_checked_not_refused() -> None:
    st = start(lobby=True, join_free_failures=1, join_addr_rate=3.0)
    try:
        table: Table = st.call(lambda s: s.create_table(open_seats(2)))
        ws = open_ws(st.port)
        hello(ws)
        assert send(ws, P.Join(code="ZZZZZZZZZ")).code == "code"
        # the address's one wrong code is spent: the right code is checked in its turn (1/3 s)
        assert isinstance(send(ws, P.Join(code=table.code)), P.Joined)
        assert st.server.join_guard.guesses_held == 1
        ws.close()
    finally:
        st.stop()


def test_a_waiting_connection_that_closes_frees_its_place_at_once() -> None:
    # one wrong code empties the server's budget for about 7 s
    st = start(lobby=True, join_guess_rate=0.15, join_guess_burst=1)
    try:
        table: Table = st.call(lambda s: s.create_table(open_seats(2)))
        ws = open_ws(st.port)
        hello(ws)
        assert send(ws, P.Join(code="ZZZZZZZZZ")).code == "code"
        ws.send(P.encode(P.Join(code=table.code)).decode())  # must wait for its turn
        ws.send(P.encode(P.Join(code="YYYYYYYYY")).decode())
        time.sleep(0.2)
        assert st.server.connections == 1
        ws.close()  # the guesser gives up: its place is free at once, not after the wait
        assert wait_until(lambda: st.server.connections == 0, 2.0)
    finally:
        st.stop()


def test_over_its_cap_an_address_may_still_reclaim_a_seat_and_nothing_else() -> None:
    st = start(lobby=True, max_per_ip=3)
    try:
        table: Table = st.call(lambda s: s.create_table(open_seats(2)))
        ws = open_ws(st.port)
        hello(ws)
        first = send(ws, P.Join(code=table.code))
        assert isinstance(first, P.Joined)
        ws.close()
        assert wait_until(lambda: st.server.connections == 0, 2.0)
        held = [open_ws(st.port) for _ in range(3)]  # the address's three
        for h in held:
            hello(h)
        extra = open_ws(st.port)  # a fourth: it may only reclaim
        hello(extra)
        bye = send(extra, P.Join(code=table.code))
        assert isinstance(bye, P.Bye) and "too many connections" in bye.reason
        with pytest.raises(ConnectionClosed) as closed:
            extra.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        back = open_ws(st.port)  # a returning player, over the cap: the token is looked at first
        hello(back)
        again = send(back, P.Join(code=table.code, table=table.id, token=first.token))
        assert isinstance(again, P.Joined) and again.seats == first.seats
        for h in [*held, back]:
            h.close()
    finally:
        st.stop()


def test_wrong_reclaim_tokens_have_their_own_budget() -> None:
    st = start(lobby=True, token_free_failures=3, token_rate=0.05)
    try:
        table: Table = st.call(lambda s: s.create_table(open_seats(3)))
        ws = open_ws(st.port)
        hello(ws)
        first = send(ws, P.Join(code=table.code))
        assert isinstance(first, P.Joined)
        prober = open_ws(st.port)
        hello(prober)
        for _ in range(3):  # within the budget: each wrong token is told so
            assert send(prober, P.Join(code=table.code, table=table.id, token="x" * 24)).code == "token"
        over = send(prober, P.Join(code=table.code, table=table.id, token="y" * 24))
        assert over.code == "rate" and "reclaim tokens" in over.message
        guard = st.server.join_guard
        assert (guard.tokens_wrong, guard.tokens_refused) == (4, 1)
        assert guard.guesses_checked == 1  # the join codes' budget is untouched
        other = open_ws(st.port)  # a new player from the address joins with the code at once
        hello(other)
        assert isinstance(send(other, P.Join(code=table.code)), P.Joined)
        ws.close()
        back = open_ws(st.port)  # and a right token still takes its seat back
        hello(back)
        assert isinstance(send(back, P.Join(code=table.code, table=table.id, token=first.token)), P.Joined)
        for c in (prober, other, back):
            c.close()
    finally:
        st.stop()


def test_the_server_log_keeps_every_resumed_table_line(tmp_path: Path) -> None:
    """tortuga-server's log handler folds repeated faults (:class:`RepeatFilter`); two tables
    resumed at a restart are two different lines, both kept."""
    st = start(save_dir=tmp_path, lobby=True)
    try:
        tables: list[Table] = [st.call(lambda s, n=n: s.create_table(open_seats(2), seed=n)) for n in (5, 6)]

        def begin(s: GameServer) -> None:
            for t in tables:
                t.game = DiceRun(Game.new(2, t.seed or 1), t.seed)  # the dice game as the server runs it
                s.persist.write_save(t)

        st.call(begin)
    finally:
        st.stop()
    got: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            got.append(record.getMessage())

    handler = Keep()
    handler.addFilter(RepeatFilter())
    log = logging.getLogger("tortuga_desktop.net.server")
    log.addHandler(handler)
    old_level = log.level
    log.setLevel(logging.INFO)
    st2 = start(save_dir=tmp_path, lobby=True)
    try:
        assert st2.call(lambda s: s.restore_saved(tmp_path)) == 2
    finally:
        st2.stop()
        log.removeHandler(handler)
        log.setLevel(old_level)
    resumed = sorted(line for line in got if line.startswith("resumed table from"))
    assert resumed == sorted(f"resumed table from net-{t.id}.json" for t in tables)
    # a note repeated word for word is still folded
    f = RepeatFilter()
    same = [logging.LogRecord("x", logging.INFO, "", 0, "closed a connection without Hello", None, None)
            for _ in range(100)]
    assert sum(f.filter(r) for r in same) == 1


def test_the_table_list_names_every_computer_player_s_level() -> None:
    from tortuga_desktop.shell.scenes.tables import table_line

    st = start(lobby=True, max_bots_per_table=3)
    try:
        specs = [P.SeatSpec(kind="open", level="random"), P.SeatSpec(kind="computer", level="normal"),
                 P.SeatSpec(kind="computer", level="hard")]
        st.call(lambda s: s.create_table(specs, name="Harbour"))
        ws = open_ws(st.port)
        hello(ws)
        listed = send(ws, P.ListTables())
        ws.close()
    finally:
        st.stop()
    assert isinstance(listed, P.Tables) and [t.levels for t in listed.tables] == [["normal", "hard"]]
    assert "2 computer players (Normal, Hard)" in table_line(listed.tables[0])
