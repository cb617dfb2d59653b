"""The join screen: bad input, wrong code, no host, protocol mismatch, the local-network list,
and a real join into the lobby — on 127.0.0.1 with real sockets, no multicast (a fake browser)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pygame
import pygame_gui
import pytest
from app_helpers import start_app

from tortuga_desktop.devtools.netplay import FakeBrowser
from tortuga_desktop.net.discovery import FoundHost
from tortuga_desktop.net.protocol import PROTOCOL_VERSION, SeatSpec
from tortuga_desktop.net.server import ServerConfig, ServerThread
from tortuga_desktop.shell.intents import Key, UIEvent
from tortuga_desktop.shell.scenes.join import JoinScene, check_join_input
from tortuga_desktop.shell.scenes.lobby import LobbyScene
from tortuga_desktop.shell.scenes.menu import MenuScene

pytestmark = pytest.mark.usefixtures("app_home")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def open_join(app: Any, browser: FakeBrowser | None = None) -> JoinScene:
    menu = app.top
    assert isinstance(menu, MenuScene)
    item = next(it for it in menu.buttons.items if it.label == "Join game")
    scene_browser = browser or FakeBrowser()
    # The menu item opens the real screen; the test swaps in a fake browser before it starts.
    import tortuga_desktop.net.discovery as discovery

    real = discovery.Browser
    discovery.Browser = lambda: scene_browser  # type: ignore[assignment,misc]
    try:
        item.action()
        app.run(max_frames=2)
    finally:
        discovery.Browser = real  # type: ignore[misc]
    join = app.top
    assert isinstance(join, JoinScene)
    return join


def fill(app: Any, join: JoinScene, address: str, code: str, name: str = "Remo") -> None:
    assert join._addr is not None and join._code is not None and join._name is not None
    join._addr.set_text(address)
    join._code.set_text(code)
    join._name.set_text(name)


def wait(app: Any, cond: Any, seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, f"timed out; top is {type(app.top).__name__}"
        app.run(max_frames=1)
        time.sleep(0.005)


@pytest.fixture()
def server() -> Iterator[tuple[ServerThread, Any]]:
    st = ServerThread(ServerConfig(host="127.0.0.1", port=0))
    st.start()
    table = st.call(lambda s: s.create_table([SeatSpec(kind="open"), SeatSpec(kind="computer", level="easy")],
                                             name="Test table"))
    try:
        yield st, table
    finally:
        st.stop()


def test_check_join_input_messages() -> None:
    assert check_join_input(" 127.0.0.1:5000 ", " k7pq2mxra ") == ("ws://127.0.0.1:5000", "K7PQ2MXRA")
    assert check_join_input("example.org", "K7P-Q2M xra") == ("ws://example.org:47600", "K7PQ2MXRA")
    for addr in ("", "   ", "host:99999", "host:abc", "a b", "http://x/y", "[::1", "@@@", "host:0"):
        with pytest.raises(ValueError) as err:
            check_join_input(addr, "K7PQ2MXRA")
        assert "address" in str(err.value).lower()
    # the old six-letter codes are too short now; 0, O, 1 and I are not in the alphabet (issue 26)
    for code in ("", "  ", "AB", "K7PQ2M!", "ÄÖÜÄÖÜ", "X" * 13, "K7PQ2M", "K7PQ2MXR0", "K7PQ2MXRO", "K7PQ2MXR1"):
        with pytest.raises(ValueError) as err:
            check_join_input("127.0.0.1", code)
        assert "code" in str(err.value).lower()


def test_bad_input_gives_a_clear_message_and_starts_nothing() -> None:
    app = start_app()
    try:
        join = open_join(app)
        cases = [("", "K7PQ2MXRA", "address"), ("host:99999", "K7PQ2MXRA", "address"),
                 ("not an address", "K7PQ2MXRA", "address"), ("127.0.0.1", "", "join code"),
                 ("127.0.0.1", "AB!", "join code")]
        for address, code, word in cases:
            fill(app, join, address, code)
            app.post(Key(pygame.K_RETURN, 0, "\r"))
            app.run(max_frames=2)
            assert app.top is join and join._pending is None
            assert word in join.message.lower(), (address, code, join.message)
        # Zero-width and other invisible characters never reach the fields; what is left is checked.
        assert join._addr is not None and join._code is not None
        for entry in (join._addr, join._code):
            entry.set_text("")
            app.ui.set_focus_set(entry)
            for text in ("\u200b", "\u200d\u200d", "\u202e", "\ufe0f", "\x00"):
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
                app.run(max_frames=1)
            entry.paste_text("\u200b\u2060")
            assert entry.get_text() == ""
        app.post(UIEvent(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": join._join_btn})))
        app.run(max_frames=2)
        assert join._pending is None and "address" in join.message.lower()
        fill(app, join, "127.0.0.1", "\u200bK7\u200d")
        assert join._code.get_text() == "K7"
        join.join()
        assert join._pending is None and "code" in join.message.lower()
        app.post(Key(pygame.K_ESCAPE, 0, ""))
        app.run(max_frames=2)
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()


def test_wrong_code_and_no_host_are_told_plainly(server: tuple[ServerThread, Any]) -> None:
    st, table = server
    app = start_app()
    try:
        join = open_join(app)
        wrong = "ZZZZZZZZZ" if table.code != "ZZZZZZZZZ" else "YYYYYYYYY"
        fill(app, join, f"127.0.0.1:{st.port}", wrong)
        assert join.join()
        assert "connecting" in join.message.lower()
        wait(app, lambda: join._pending is None)
        assert app.top is join and "no table with this join code" in join.message.lower()
        # Nobody listens on this port: "cannot reach", and the screen stays usable.
        fill(app, join, f"127.0.0.1:{_free_port()}", table.code)
        assert join.join()
        wait(app, lambda: join._pending is None)
        assert "cannot reach" in join.message.lower()
        # The right code: the lobby opens, with our seat.
        fill(app, join, f"127.0.0.1:{st.port}", table.code.lower(), "Remo")
        assert join.join()
        wait(app, lambda: isinstance(app.top, LobbyScene))
        lobby = app.top
        assert isinstance(lobby, LobbyScene) and lobby.host is None
        wait(app, lambda: any(s.name == "Remo" and s.here for s in lobby.session.lobby))
        assert lobby.session.human_seats == [0]
        assert any("Test table" in x for x in [lobby.session.table_name])
        assert "waiting for the host" in lobby.status_text().lower()
        lobby.leave()
        app.run(max_frames=2)
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()


def test_protocol_version_mismatch_says_so() -> None:
    """A host that speaks another protocol version: a clear message, nothing hangs."""
    from websockets.asyncio.server import serve

    port = _free_port()
    ready = threading.Event()
    stop = threading.Event()

    async def handler(ws: Any) -> None:
        hello = json.loads(await ws.recv())
        assert hello["type"] == "Hello"
        await ws.send(json.dumps({"type": "Welcome", "version": hello["version"] + 1, "server": "future",
                                  "lobby": False}))
        await asyncio.sleep(0.5)

    async def run() -> None:
        async with serve(handler, "127.0.0.1", port):
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.02)

    thread = threading.Thread(target=lambda: asyncio.run(run()), daemon=True)
    thread.start()
    assert ready.wait(5)
    app = start_app()
    try:
        join = open_join(app)
        fill(app, join, f"127.0.0.1:{port}", "K7PQ2MXRA")
        assert join.join()
        wait(app, lambda: join._pending is None)
        assert app.top is join
        assert "different version" in join.message.lower(), join.message
    finally:
        app.close()
        stop.set()
        thread.join(5)


def test_hosts_found_on_the_local_network_are_listed_and_picked() -> None:
    browser = FakeBrowser()
    app = start_app()
    try:
        join = open_join(app, browser)
        assert join._host_btns == []
        app.run(max_frames=5)
        assert not browser.started  # no multicast until the player asks (issue 26)
        assert join._look_btn is not None
        app.post(UIEvent(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": join._look_btn})))
        wait(app, lambda: browser.started)
        browser.found = [FoundHost("Anne's table", "127.0.0.20", 47600, "t1", 1, PROTOCOL_VERSION),
                         FoundHost("Bo's table", "127.0.0.7", 5000, "t2", 2, PROTOCOL_VERSION + 1)]
        app.run(max_frames=2)
        labels = [b.text for b, _ in join._host_btns]
        assert labels == ["Anne's table  —  127.0.0.20:47600  —  1 open seat",
                          "Bo's table  —  127.0.0.7:5000  —  another version of the game"]
        btn = join._host_btns[1][0]
        app.post(UIEvent(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": btn})))
        app.run(max_frames=2)
        assert join._addr is not None and join._addr.get_text() == "127.0.0.7:5000"
        assert "join code" in join.message.lower()
        browser.found = []
        app.run(max_frames=2)
        assert join._host_btns == []
        app.post(Key(pygame.K_ESCAPE, 0, ""))
        app.run(max_frames=2)
        wait(app, lambda: browser.closed)
    finally:
        app.close()
