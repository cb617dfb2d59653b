"""A started table everyone left is archived and removed after ``abandoned_expiry`` seconds with
nobody connected (issue 26, item 5 follow-up); within that time its players still take their
seats back. The server's clock is injected; everything runs on 127.0.0.1."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table, build_parser

HOST = "127.0.0.1"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture()
def lobby(tmp_path: Path) -> Iterator[tuple[ServerThread, Clock]]:
    st = ServerThread(ServerConfig(host=HOST, port=0, lobby=True, save_dir=tmp_path, abandoned_expiry=600.0))
    clock = Clock()
    st.start(prepare=lambda s: setattr(s, "clock", clock))
    try:
        yield st, clock
    finally:
        st.stop()


def expect(c: NetClient, kind: type, seconds: float = 10.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        item = c.get(timeout=0.1)
        if isinstance(item, kind):
            return item
    raise AssertionError(f"no {kind.__name__}")


def until(cond: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end
        time.sleep(0.02)


def test_a_started_table_everyone_left_expires_after_the_stated_time(lobby: tuple[ServerThread, Clock],
                                                                     tmp_path: Path) -> None:
    st, clock = lobby
    table: Table = st.call(lambda s: s.create_table([P.SeatSpec(kind="open"), P.SeatSpec(kind="computer",
                                                                                          level="random")],
                                                    auto_start=True, hold_seconds=5))
    c = NetClient(f"{HOST}:{st.port}", code=table.code, name="Anne", reconnect=False)
    c.start()
    joined = expect(c, P.Joined)
    until(lambda: table.game is not None)
    c.close()
    until(lambda: table.slots[0].conn is None)
    assert st.call(lambda s: table.empty_since) == 1000.0
    clock.now += 599
    assert st.call(lambda s: s.expire_abandoned()) == 0 and table.id in st.server.tables
    # within the window the seat comes back, and the count starts again when she leaves again
    back = NetClient(f"{HOST}:{st.port}", code=table.code, table=table.id, token=joined.token, reconnect=False)
    back.start()
    assert expect(back, P.Joined).seats == [0]
    assert st.call(lambda s: table.empty_since) is None
    clock.now += 10_000
    assert st.call(lambda s: s.expire_abandoned()) == 0  # someone is there: never
    back.close()
    until(lambda: table.slots[0].conn is None)
    clock.now += 599
    assert st.call(lambda s: s.expire_abandoned()) == 0
    clock.now += 1
    assert st.call(lambda s: s.expire_abandoned()) == 1
    assert table.id not in st.server.tables and st.server.tables_abandoned == 1
    until(lambda: (tmp_path / "archive" / f"net-{table.id}.json").exists())
    assert not (tmp_path / f"net-{table.id}.json").exists()  # not brought back by a restart
    # the seat is gone now, and its return says so
    late = NetClient(f"{HOST}:{st.port}", code=table.code, table=table.id, token=joined.token, reconnect=False)
    late.start()
    assert expect(late, P.Error).code == "code"
    late.close()


def test_a_waiting_or_finished_table_is_not_counted_as_abandoned(lobby: tuple[ServerThread, Clock]) -> None:
    st, clock = lobby
    waiting: Table = st.call(lambda s: s.create_table([P.SeatSpec(kind="open"), P.SeatSpec(kind="open")]))
    assert st.call(lambda s: waiting.empty_since) is None  # the waiting table has its own expiry
    clock.now += 10**6
    assert st.call(lambda s: s.expire_abandoned()) == 0 and waiting.id in st.server.tables


def test_the_operator_sets_the_time() -> None:
    assert build_parser().parse_args(["--port", "1"]).abandoned_after == 3600.0
    assert build_parser().parse_args(["--port", "1", "--abandoned-after", "120"]).abandoned_after == 120.0
