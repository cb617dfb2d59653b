"""The game's client connects straight to the address the player typed: an HTTP proxy named in the
environment (HTTP_PROXY, HTTPS_PROXY, ALL_PROXY, which websockets would follow by default) is never
used, so no game traffic is sent anywhere else. On 127.0.0.1 only: the "proxy" is a closed loopback port."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.protocol import Joined, SeatSpec
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table

HOST = "127.0.0.1"


@pytest.fixture
def server() -> Iterator[ServerThread]:
    st = ServerThread(ServerConfig(host=HOST, port=0))
    st.start()
    yield st
    st.stop()


def test_a_proxy_in_the_environment_is_not_used(server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.setenv(var, "http://127.0.0.1:9")  # nothing listens there: a proxied connection fails
    for var in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(var, raising=False)
    seats = [SeatSpec(kind="open", level="random"), SeatSpec(kind="computer", level="random")]
    table: Table = server.call(lambda s: s.create_table(seats))
    client = NetClient(f"{HOST}:{server.port}", code=table.code, name="Ann", reconnect=False)
    client.start()
    try:
        end = time.monotonic() + 10
        joined = False
        while time.monotonic() < end and not joined:
            joined = any(isinstance(m, Joined) for m in client.poll())
            time.sleep(0.02)
        assert joined, "the client went through the proxy named in the environment"
    finally:
        client.close()
