"""Two humans at the host's computer and one at another: hand-over screens only between the
two who share a screen, and the shared table is drawn for the public or the human at it — from
the views the server sent to those seats. On 127.0.0.1 with real sockets."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pygame
import pytest
from test_netui_reconnect import Driver

from tortuga_desktop.devtools.drive import free_port, step_until
from tortuga_desktop.games.dice.rules import PlayerView
from tortuga_desktop.games.dice.table.render.table import TableRenderer
from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.headless import SeatBot
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.scenes.host import HostPlan, start_hosting
from tortuga_desktop.shell.scenes.lobby import HostInfo, LobbyScene

pytestmark = pytest.mark.usefixtures("app_home")


def test_two_humans_here_share_the_screen_with_hand_overs(monkeypatch: pytest.MonkeyPatch) -> None:
    plan = HostPlan(("here", "open", "here"), ("Ani", "", "Cy"), port=free_port())
    started = start_hosting(plan, None)
    client = NetClient(f"127.0.0.1:{started.port}", code=started.code, token=started.host_token, name="Ani")
    client.start()
    session = NetSession(client, host=started.server)
    controller = session.tables["tortuga"]
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    drawn: list[tuple[str, int | None, list[Any], str, str]] = []
    real_draw = TableRenderer.draw_base

    def spy(self: TableRenderer, surface: pygame.Surface, view: PlayerView, anim: Any = None) -> None:
        drawn.append((type(app.top).__name__, view.viewer, [s.roll for s in view.seats], str(view.phase),
                      str(view.stage)))
        real_draw(self, surface, view, anim)

    monkeypatch.setattr(TableRenderer, "draw_base", spy)
    remote: NetClient | None = None
    try:
        app.push(LobbyScene(session, host=HostInfo("127.0.0.1", started.port, started.code)))
        holder: list[SeatBot] = []
        remote = NetClient(f"127.0.0.1:{started.port}", code=started.code, name="Remo",
                           on_message=lambda m: holder[0].handle(m))
        holder.append(SeatBot(remote, "random", 4))
        remote.start()
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        step_until(app, lambda: lobby.can_start)
        lobby.start()
        step_until(app, lambda: isinstance(app.top, NetTableScene))
        table = app.top
        assert isinstance(table, NetTableScene)
        assert controller.human_seats == [0, 2] and table.hotseat and table.viewer is None
        table.set_speed("instant")
        driver = Driver(app, 8)
        driver.run(lambda: isinstance(app.top, ResultsScene), 200)
        assert driver.handovers == {"Ani", "Cy"}
        assert session.refused == 0  # no panel ever answered a decision already made  # never a hand-over to the player at the other computer
        assert not holder[0].errors
    finally:
        if remote is not None:
            remote.close()
        app.close()
    assert drawn
    for top, viewer, rolls, phase, stage in drawn:
        assert top != "HandoverScene"
        assert viewer in (None, 0, 2)
        if phase == "dice" and stage == "select":
            for other in {0, 1, 2} - {viewer}:
                assert rolls[other] is None, f"seat {other}'s hidden roll reached the screen"
