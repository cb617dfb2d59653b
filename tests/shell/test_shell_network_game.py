"""Issue 25: network play asks the game modules. The host screen's games (and each one's seat
counts and first seats), a network session's tables and the table scene a started game opens on
come from the registered :class:`~tortuga_desktop.shell.game.NetworkGame` modules: a fake one (the
sticks of ``tests/fake_game.py`` with a network table) is offered, gets its table at every session
and is handed its started game by the lobby, with nothing of the dice game's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pygame_gui
import pytest
from app_helpers import start_app
from fake_game import SticksModule, SticksScene

from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import ConnState, Status
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.game import HostSetup, NetworkGame, NetworkTable, PlayAgain
from tortuga_desktop.shell.intents import UIEvent
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.host import HostScene, host_again
from tortuga_desktop.shell.scenes.lobby import LobbyScene


class SticksNetTable:
    """The fake game's table at a session: it keeps what it is told."""

    def __init__(self, session: NetSession) -> None:
        self.session = session
        self.seen: list[Any] = []
        session.listeners.append(self.seen.append)

    @property
    def ready(self) -> bool:
        return self.session.game == NetSticks.key and any(isinstance(m, P.Lobby) and m.started for m in self.seen)


class NetSticks(SticksModule):
    key = "netsticks"
    cli_names: tuple[str, ...] = ("netnim",)
    min_players = 2
    max_players = 3

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[tuple[NetworkTable, str, PlayAgain | None]] = []

    def host_setup(self) -> HostSetup:
        return HostSetup(self.key, (SeatConfig("Ann", "human", 0), SeatConfig("Bob", "easy", 1)))

    def network_table(self, session: NetSession) -> NetworkTable:
        return SticksNetTable(session)

    def network_scene(self, table: NetworkTable, *, speed: str = "normal", again: PlayAgain | None = None) -> Scene:
        self.opened.append((table, speed, again))
        return SticksScene("network table")


class Connection:
    """A connection fed by the test (nothing is sent)."""

    state = ConnState.CONNECTED
    seats: tuple[int, ...] = ()

    def __init__(self) -> None:
        self.items: list[Any] = []

    def poll(self, limit: int = 200) -> list[Any]:
        out, self.items = self.items, []
        return out

    def close(self, timeout: float = 5.0) -> None: ...


def lobby(game: str, started: bool) -> P.Lobby:
    seats = [P.SeatInfo(seat=0, name="Ann", kind="local", level="", taken=True, connected=True, bot=False),
             P.SeatInfo(seat=1, name="Cy", kind="open", level="", taken=True, connected=True, bot=False),
             P.SeatInfo(seat=2, name="Bob", kind="computer", level="expert", taken=True, connected=True, bot=True)]
    return P.Lobby(table="t", name="Reef", players=3, seats=seats, started=started, over=False,
                   game=game)  # type: ignore[arg-type]


@pytest.fixture
def sticks(app_home: None) -> Iterator[NetSticks]:
    m = NetSticks()
    games.register(m)
    try:
        yield m
    finally:
        games.unregister(m.key)


def test_the_built_in_games_and_a_registered_one_play_at_network_tables(sticks: NetSticks) -> None:
    assert isinstance(sticks, NetworkGame) and not isinstance(SticksModule(), NetworkGame)
    assert [m.key for m in games.network_games()] == ["tortuga", "t1667", "netsticks"]
    session = NetSession(Connection())  # type: ignore[arg-type]
    assert set(session.tables) == {"tortuga", "t1667", "netsticks"}  # each game's table, from the first message
    assert session.table() is session.tables["tortuga"]  # the default until the lobby says


def test_the_host_screen_offers_the_modules_games_with_their_seats(sticks: NetSticks) -> None:
    app = start_app()
    try:
        host = HostScene(starter=lambda plan: None)  # type: ignore[arg-type,return-value]
        app.push(host)
        app.run(max_frames=1)
        assert host._game_dd is not None
        assert [key for _name, key in host._game_dd.options_list] == ["tortuga", "t1667", "netsticks"]
        host._game_dd.selected_option = next(o for o in host._game_dd.options_list if o[1] == "netsticks")
        host.handle(UIEvent(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                               {"ui_element": host._game_dd, "text": ""})))
        assert host.game == "netsticks" and host.count == 3  # four seats of the dice game's: at most three here
        assert host._count_dd is not None and [o[0] for o in host._count_dd.options_list] == ["2", "3"]
        plan = host.plan()
        assert plan.game == "netsticks" and len(plan.kinds) == 3 and plan.starred is None and not plan.long_game
        app.pop()
        own = HostScene(sticks.host_setup(), starter=lambda plan: None)  # type: ignore[arg-type,return-value]
        app.push(own)
        app.run(max_frames=1)
        assert own.game == "netsticks" and own.count == 2 and own.kinds[:2] == ["here", "open"]
        assert own.names[:2] == ["Ann", "Bob"]
    finally:
        app.close()


def test_the_lobby_hands_a_started_game_to_its_modules_scene(sticks: NetSticks) -> None:
    app = start_app()
    client = Connection()
    try:
        session = NetSession(client)  # type: ignore[arg-type]
        scene = LobbyScene(session, again=host_again)
        app.push(scene)
        client.items = [Status(ConnState.CONNECTED), P.Joined(table="t", seats=[0], token="x"),
                        lobby("netsticks", False)]
        app.run(max_frames=2)
        assert app.top is scene and session.game == "netsticks" and not session.tables["netsticks"].ready
        client.items = [lobby("netsticks", True)]
        app.run(max_frames=2)
        assert isinstance(app.top, SticksScene) and app.top.name == "sticks network table"
        ((table, _speed, again),) = sticks.opened
        assert table is session.tables["netsticks"] and again is host_again
        # "New game" after it: the host screen again, on this game, the player here kept, the others' seats open
        host_again(app, session)
        again_host = app.top
        assert isinstance(again_host, HostScene) and again_host.game == "netsticks"
        assert again_host.kinds[:3] == ["here", "open", "normal"]  # an Expert is not offered online: Normal
        assert again_host.names[:3] == ["Ann", "Cy", "Bob"]
    finally:
        app.close()
