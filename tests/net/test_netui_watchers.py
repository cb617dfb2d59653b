"""The lobby says how many watch the table, on 127.0.0.1 with real sockets: the host opens a table
from the setup screen, a NetClient watches it, the host's lobby says "1 watching" (in every language),
and no longer once the watcher has gone. The count is a field made after version 1 of the protocol:
a client whose Hello does not name it is never sent it (it would refuse the whole message)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from typing import Any

import pytest
from websockets.sync.client import connect

from tortuga_desktop.devtools.drive import host_from_ui, step_until
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))
    i18n.set_language("en")


def test_the_host_s_lobby_says_how_many_watch() -> None:
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    setup = SetupConfig(seats=[SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1),
                               SeatConfig("Cy", "easy", 2)])
    watcher: NetClient | None = None
    try:
        lobby = host_from_ui(app, setup)
        info = lobby.host
        assert info is not None
        step_until(app, lambda: bool(lobby.session.lobby))
        assert not any("watching" in ln for ln in lobby.lines())
        hosted = lobby.session.host
        assert hosted is not None
        table_id = next(iter(hosted.server.tables))  # the host's one table
        watcher = NetClient(f"127.0.0.1:{info.port}", backoff_min=0.05, backoff_max=0.2)
        watcher.start()
        watcher.watch(table_id, info.code)
        step_until(app, lambda: "1 watching" in lobby.lines())
        app.step(1 / 60)  # drawn too (a line under the seats)
        for lang in ("de", "nl", "es", "en"):
            i18n.set_language(lang)
            text = lobby.watchers_text()
            assert text == i18n.trn("net.tables.watchers", 1) and "1" in text and "{" not in text
            assert text in lobby.lines()
        watcher.close()
        watcher = None
        step_until(app, lambda: not any("watching" in ln for ln in lobby.lines()))
        assert lobby.session.watchers == 0
    finally:
        if watcher is not None:
            watcher.close()
        app.close()


def _raw_lobbies(port: int, client: str, table: Table) -> list[dict[str, Any]]:
    """The Lobby frames a connection gets as it watches ``table`` (its Hello says ``client``), raw."""
    with connect(f"ws://127.0.0.1:{port}", proxy=None, compression=None, open_timeout=5) as ws:
        ws.send(P.encode(P.Hello(version=P.PROTOCOL_VERSION, client=client)).decode())
        assert json.loads(ws.recv(timeout=5))["type"] == "Welcome"
        ws.send(P.encode(P.Watch(table=table.id, code=table.code)).decode())
        out: list[dict[str, Any]] = []
        while not out:
            frame = json.loads(ws.recv(timeout=5))
            P.decode_server(json.dumps(frame))
            if frame["type"] == "Lobby":
                out.append(frame)
        return out


def test_only_a_client_that_reads_the_count_is_sent_it() -> None:
    st = ServerThread(ServerConfig(host="127.0.0.1", port=0))
    st.start()
    try:
        table: Table = st.call(lambda s: s.create_table([P.SeatSpec(kind="open"), P.SeatSpec(kind="computer")]))
        new = _raw_lobbies(st.port, P.CLIENT, table)
        assert new[0]["watchers"] == 1
        old = _raw_lobbies(st.port, "tortuga+t1667+chat:bot", table)  # a client from before the field
        assert "watchers" not in old[0]
        assert "lobby:watchers" in P.CLIENT and P.client_games(P.CLIENT) == P.client_games("tortuga+t1667")
        assert len(P.CLIENT) <= P.MAX_ID  # a server from before checks the Hello's client against this
    finally:
        st.stop()
