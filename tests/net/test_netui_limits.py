"""The network screens leave nobody stranded (all on 127.0.0.1, no discovery).

The host is asked before its table closes (the lobby's Esc and Leave, the table's Main menu and
Quit) and the players who joined are told plainly that the table is closed (no countdown); after
an automatic return to a host that has gone, *Server's tables* works and the address is filled
in; a watcher's chat says it is read only and offers no field; the host screen opens with the
last hosted setup; after the host left a game, *Continue* brings it back.
"""

from __future__ import annotations

import socket
import time
from typing import Any

import pygame
import pygame_gui
import pytest
from app_helpers import start_app
from test_netui_1667 import host_1667
from test_netui_join import wait

from tortuga_desktop.devtools.drive import free_port, host_from_ui, press, step_until
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net import seatstore
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.headless import SeatBot
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.game import HostSetup
from tortuga_desktop.shell.intents import Key, UIEvent
from tortuga_desktop.shell.main import build_parser
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes.chat import ChatPanel
from tortuga_desktop.shell.scenes.dialogs import MessageScene
from tortuga_desktop.shell.scenes.host import HostScene
from tortuga_desktop.shell.scenes.join import JoinScene
from tortuga_desktop.shell.scenes.lobby import LobbyScene
from tortuga_desktop.shell.scenes.menu import MenuScene
from tortuga_desktop.shell.scenes.pause import PauseScene
from tortuga_desktop.shell.start import make_app

pytestmark = pytest.mark.usefixtures("app_home")

SETUP = SetupConfig(seats=[SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1), SeatConfig("Cy", "easy", 2)])


class Quiet:
    """A client that hands over ``items`` once and sends nothing (a watcher's chat must not send)."""

    state = "connected"

    def __init__(self, items: list[Any]) -> None:
        self.items = items

    def poll(self) -> list[Any]:
        out, self.items = self.items, []
        return out

    def say(self, text: str) -> None:
        raise AssertionError("nothing may be sent")

    def close(self, timeout: float = 2.0) -> None:
        pass


def esc(app: Any) -> None:
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)


def joiner(port: int, code: str) -> tuple[NetSession, list[Any]]:
    """A player at another computer: a session of its own (its lobby as the Join screen's)."""
    client = NetClient(f"127.0.0.1:{port}", code=code, name="Remo", give_up_after=None,
                       backoff_min=0.05, backoff_max=0.2)
    client.start()
    return NetSession(client), []


def pump_until(session: NetSession, cond: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, (session.fatal, session.net, session.lobby)
        session.pump()
        time.sleep(0.02)


# ---------------------------------------------------------------- the host is asked; joiners are told
def test_the_host_is_asked_in_the_lobby_and_the_joiner_is_told_the_table_closed() -> None:
    app = start_app()
    remote: NetSession | None = None
    try:
        lobby = host_from_ui(app, SETUP)
        info = lobby.host
        assert info is not None
        remote, _ = joiner(info.port, info.code)
        step_until(app, lambda: lobby.can_start)
        esc(app)  # the host's Esc in the lobby: asked, nothing closed yet
        ask = app.top
        assert isinstance(ask, MessageScene) and ask.text == i18n.tr("net.close.ask")
        assert ask.title == "Close the table?" and "for everyone" in ask.text
        esc(app)  # Esc in the question keeps the table
        assert app.top is lobby and lobby.session.host is not None and not lobby._closed
        pump_until(remote, lambda: remote.joined and bool(remote.lobby))
        lobby.leave()  # the Leave button asks too
        ask = app.top
        assert isinstance(ask, MessageScene)
        ask.close()  # "Close the table"
        app.step(1 / 60)
        assert isinstance(app.top, MenuScene) or not isinstance(app.top, LobbyScene)
        pump_until(remote, lambda: remote.fatal is not None)
        assert remote.fatal == ("net.error.host_closed", {})
        assert i18n.tr("net.error.host_closed") == "The host closed the table."
        # said once and plainly: no seat of the table is shown as held for a countdown
        assert all(s.held_for is None for s in remote.lobby)
        assert not remote.notices
    finally:
        if remote is not None:
            remote.close()
        app.close()


def host_a_started_game(app: Any, got: list[Any]) -> tuple[NetTableScene, NetClient]:
    """Host from the setup screen, a remote random bot joins, the game starts."""
    holder: list[SeatBot] = []
    lobby = host_from_ui(app, SETUP)
    info = lobby.host
    assert info is not None

    def take(m: Any) -> None:
        got.append(m)
        holder[0].handle(m)

    remote = NetClient(f"127.0.0.1:{info.port}", code=info.code, name="Remo", backoff_min=0.1, backoff_max=0.5,
                       on_message=take)
    holder.append(SeatBot(remote, "random", 7))
    remote.start()
    step_until(app, lambda: lobby.can_start)
    lobby.start()
    step_until(app, lambda: isinstance(app.top, NetTableScene) and app.top.remote.ready)
    table = app.top
    assert isinstance(table, NetTableScene)
    return table, remote


def test_the_host_is_asked_before_leaving_a_game_and_the_players_are_told() -> None:
    app = start_app()
    got: list[Any] = []
    remote: NetClient | None = None
    try:
        table, remote = host_a_started_game(app, got)
        esc(app)
        pause = app.top
        assert isinstance(pause, PauseScene)
        pause.to_menu()  # Main menu: asked first
        app.step(1 / 60)
        ask = app.top
        assert isinstance(ask, MessageScene) and ask.text == i18n.tr("net.close.ask")
        ask.cancel()  # keep playing: the pause menu again, the table under it
        app.step(1 / 60)
        assert app.top is pause and table.remote.session.host is not None
        pause.quit()  # Quit asks too
        app.step(1 / 60)
        assert isinstance(app.top, MessageScene)
        app.top.cancel()
        app.step(1 / 60)
        assert app.top is pause
        pause.to_menu()
        app.step(1 / 60)
        assert isinstance(app.top, MessageScene)
        app.top.close()  # close the table: to the main menu
        app.step(1 / 60)
        assert isinstance(app.top, MenuScene)
        table.remote.session.wait_closed()
        end = time.monotonic() + 5
        while not any(isinstance(m, P.Bye) for m in got):
            assert time.monotonic() < end
            time.sleep(0.02)
        bye = next(m for m in got if isinstance(m, P.Bye))
        assert bye.reason == P.BYE_HOST_CLOSED
        # a player's game says it in words (no countdown), and keeps trying: the seat comes back
        # when the host continues the game
        session = NetSession(Quiet([bye]))  # type: ignore[arg-type]
        session.started = True
        session.pump()
        assert session.fatal is None and session.notices == [("net.error.host_closed_game", {})]
        assert "continues" in i18n.tr("net.error.host_closed_game")
        assert remote.state.value != "failed"
    finally:
        if remote is not None:
            remote.close()
        app.close()


def test_a_player_s_table_says_the_host_closed_it_not_a_lost_connection() -> None:
    from test_netui_continue import controller, seat

    from tortuga_desktop.games.dice.table.scenes.nettable import banner_lines

    c = controller("reconnecting", [seat(0, connected=True), seat(1, connected=False, held_for=50.0)])
    c.session.host_closed = True
    assert banner_lines(c) == [(i18n.tr("net.banner.host_closed"), "danger")]
    assert "continues the game" in i18n.tr("net.banner.host_closed")


def test_after_the_host_left_a_game_continue_brings_it_back() -> None:
    app = start_app()
    remote: NetClient | None = None
    try:
        table, remote = host_a_started_game(app, [])
        esc(app)
        pause = app.top
        assert isinstance(pause, PauseScene)
        pause.to_menu()
        app.step(1 / 60)
        if isinstance(app.top, MessageScene):
            app.top.close()  # close the table
            app.step(1 / 60)
        menu = app.top
        assert isinstance(menu, MenuScene)
        table.remote.session.wait_closed()
        menu.resume()  # looks again now that the table's save is written

        def cont() -> Any:
            return next(it for it in menu.buttons.items if it.label == i18n.tr("menu.continue"))

        # enabled (no local game, no joined seat: the hosted one), and it brings the game back
        wait(app, lambda: cont().enabled)
        cont().action()
        wait(app, lambda: isinstance(app.top, NetTableScene) and app.top.remote.ready, 30)
        back = app.top
        assert back is not table and [s.name for s in back.remote.seats] == ["Ani", "Remo", "Cy"]
    finally:
        if remote is not None:
            remote.close()
        app.close()


# ---------------------------------------------------------------- the Join screen after a failed return
def test_after_a_failed_automatic_return_the_server_s_tables_work_with_the_address_filled_in() -> None:
    with socket.socket() as s:  # a host that has gone: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    seat = seatstore.NetSeat(version=1, server=f"127.0.0.1:{port}", table="feedbeef", code="ABCDEFGHJ",
                             seats=[1], token="t" * 24, name="Remo", table_name="Old reef", saved_at=time.time())
    seatstore.write_seat(seatstore.seat_path(seatstore.seats_dir(), seat.server, seat.table, seat.token), seat)
    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720"]), auto_return=True)
    app.fixed_dt = 1 / 60
    try:
        wait(app, lambda: isinstance(app.top, JoinScene) and app.top._pending is None
             and app.top.message_level == "error", 20)
        join = app.top
        assert isinstance(join, JoinScene)
        assert join.message == i18n.tr("net.error.unreachable")
        assert join._addr is not None and join._addr.get_text() == f"127.0.0.1:{port}"
        assert join._name is not None and join._name.get_text() == "Remo"
        assert join._tables_btn is not None and join._tables_btn.is_enabled
        assert join._join_btn is not None and join._join_btn.is_enabled
    finally:
        app.close()


# ---------------------------------------------------------------- a watcher's chat
def test_a_watcher_s_chat_is_read_only_and_says_so() -> None:
    session = NetSession(Quiet([]))  # type: ignore[arg-type]
    session.joined = session.watching = True
    app = start_app()
    try:
        lobby = LobbyScene(session)
        app.push(lobby)
        app.run(max_frames=2)
        panel = lobby.chat
        assert isinstance(panel, ChatPanel)
        app.post(Key(pygame.K_t, 0, "t"))
        app.run(max_frames=2)
        assert panel.entry is None  # no field to type into
        assert not panel.can_write
        assert panel.hint() == i18n.tr("net.chat.hint_watching")
        assert "read" in panel.hint() and "not write" in panel.hint()
        assert not panel.send()
    finally:
        app.close()


# ---------------------------------------------------------------- the host screen remembers
def test_the_host_screen_opens_with_the_last_hosted_setup() -> None:
    app = start_app()
    port = free_port()
    try:
        setup = HostSetup("tortuga", tuple(SeatConfig(n, "human" if i == 0 else "easy", i)
                                           for i, n in enumerate(["Ani", "Bo", "Cy", "Dee"])))
        host = HostScene(setup)
        app.push(host)
        app.run(max_frames=1)
        assert host.count == 4 and host.port_text == "47600"

        def choose(dd: Any, value: str, by: int = 1) -> None:
            dd.selected_option = next(o for o in dd.options_list if o[by] == value)
            host.handle(UIEvent(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                                   {"ui_element": dd, "text": ""})))

        choose(host._count_dd, "3", by=0)
        choose(host._kinds[2], "hard")
        choose(host._takeover_dd, "hard")
        assert host._port is not None
        host._port.set_text(str(port))
        press(app, host._host_btn)
        step_until(app, lambda: isinstance(app.top, LobbyScene))
        lobby = app.top
        lobby.leave()
        if isinstance(app.top, MessageScene):
            app.top.close()  # close the table
        app.step(1 / 60)
        lobby.session.wait_closed()
        again = HostScene(setup)  # the setup screen's four seats again
        app.push(again)
        app.run(max_frames=1)
        assert (again.count, again.port_text, again.takeover) == (3, str(port), "hard")
        assert again.kinds[:3] == ["here", "open", "hard"] and again.names[:3] == ["Ani", "Bo", "Cy"]
        assert again._port is not None and again._port.get_text() == str(port)
    finally:
        app.close()
    app = start_app()  # and after a restart (the settings file)
    try:
        assert app.settings.last_host is not None and app.settings.last_host.port == port
        assert app.settings.last_host.players == 3
    finally:
        app.close()


def test_a_hosted_1667_table_asks_before_closing_and_continue_brings_it_back() -> None:
    import random

    from tortuga_desktop.games.t1667.table.netscene import NetTable1667Scene
    from tortuga_desktop.games.t1667.table.nettable import NetTable1667

    app = start_app()
    remote: NetTable1667 | None = None
    try:
        lobby = host_1667(app, ["here", "open", "easy"])
        info = lobby.host
        assert info is not None
        client = NetClient(f"127.0.0.1:{info.port}", code=info.code, name="Remo",
                           backoff_min=0.1, backoff_max=0.5)
        remote = NetTable1667(client)
        client.start()
        rng = random.Random(3)

        def remote_plays() -> None:
            assert remote is not None
            remote.poll()
            for s in remote.waiting_for():
                if s in remote.human_seats and remote.prompt(s).legal:
                    remote.submit(s, rng.choice(remote.prompt(s).legal))

        def ready() -> bool:
            remote_plays()
            return lobby.can_start

        step_until(app, ready)
        lobby.start()

        def at_table() -> bool:
            remote_plays()
            return isinstance(app.top, NetTable1667Scene)

        step_until(app, at_table)
        scene = app.top
        esc(app)
        pause = app.top
        assert isinstance(pause, PauseScene)
        pause.to_menu()
        app.step(1 / 60)
        ask = app.top
        assert isinstance(ask, MessageScene) and ask.text == i18n.tr("net.close.ask")
        ask.close()
        app.step(1 / 60)
        menu = app.top
        assert isinstance(menu, MenuScene)
        scene.table.controller.wait_closed()
        menu.resume()

        def cont() -> Any:
            return next(it for it in menu.buttons.items if it.label == i18n.tr("menu.continue"))

        wait(app, lambda: cont().enabled)
        cont().action()
        wait(app, lambda: isinstance(app.top, NetTable1667Scene) and app.top is not scene, 30)
    finally:
        if remote is not None:
            remote.close()
        app.close()
