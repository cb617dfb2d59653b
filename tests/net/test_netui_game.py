"""Network play through the real UI, on 127.0.0.1 with real sockets.

The host opens New game -> Host online game with one human here, one open seat and two computer
players; a headless client joins with the join code the lobby shows; the host starts; the
human plays every decision through the table's decision panel (clicks and keys) while the
remote seat decides at the same time; the game reaches the results screen, whose scores are
the server's.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import time
from typing import Any

import pygame
import pytest

from tortuga_desktop.devtools.drive import (
    host_from_ui,
    human_choice,
    inputs_for,
    press,
    step_until,
)
from tortuga_desktop.games.dice.rules.prompt import prompt_from_view
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.netsource import NetTableSource
from tortuga_desktop.games.dice.table.scenes.handover import HandoverScene
from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.games.dice.table.scenes.setup import SetupScene
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.headless import SeatBot
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes.host import HostScene
from tortuga_desktop.shell.scenes.lobby import seat_status


def seat_game(source: Any, seat: int) -> Any:
    """A game consistent with ``seat``'s view (its own dice and hand are real): what a human
    at that seat picks from (the test's chooser reads a Game)."""
    from tortuga_desktop.games.dice.rules import determinize

    return determinize(source.view(seat), 0)


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))


def test_host_from_the_ui_with_a_remote_player_plays_to_the_end(tmp_path: Any) -> None:
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    setup = SetupConfig(seats=[SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1),
                               SeatConfig("Cy", "easy", 2), SeatConfig("Dee", "easy", 3)])
    remote: NetClient | None = None
    try:
        lobby = host_from_ui(app, setup)
        info = lobby.host
        assert info is not None and info.listen == "127.0.0.1" and len(info.code) == P.CODE_LENGTH
        assert info.shown_addresses() == [f"127.0.0.1:{info.port}"]
        step_until(app, lambda: len(lobby.session.lobby) == 4)
        assert not lobby.can_start  # the open seat is empty
        assert "open" in seat_status(lobby.session.lobby[1])
        # A remote player joins with the code the lobby shows.
        bot_holder: list[SeatBot] = []
        remote = NetClient(f"127.0.0.1:{info.port}", code=info.code, name="Remo",
                           on_message=lambda m: bot_holder[0].handle(m))
        bot_holder.append(SeatBot(remote, "random", 5))
        remote.start()
        try:
            step_until(app, lambda: lobby.can_start)
        except AssertionError:
            print(lobby.session.lobby, lobby.session.joined, lobby.session.started, lobby.session.net)
            raise
        assert lobby.session.lobby[1].name == "Remo" and lobby.session.lobby[1].connected
        lines = lobby.lines()
        assert any("Remo" in ln for ln in lines)
        pygame.image.save(app.window, str(tmp_path / "lobby.png"))
        app.post(Key(pygame.K_RETURN, 0, "\r"))
        step_until(app, lambda: isinstance(app.top, NetTableScene))
        table = app.top
        assert isinstance(table, NetTableScene)
        controller = table.remote
        assert isinstance(controller, NetTableSource)
        assert controller.human_seats == [0] and table.viewer == 0 and not table.hotseat
        table.set_speed("instant")
        rng = random.Random(3)
        made = 0
        answered: list[object] = []  # the panels answered (each decision opens a new one)
        end = time.monotonic() + 240
        while not isinstance(app.top, ResultsScene):
            assert time.monotonic() < end, "the game did not end"
            assert not isinstance(app.top, HandoverScene)  # one human here: never a hand-over
            top = app.top
            if top is table and table.decision_ui is not None and table.decision_ui.rect.w > 0:
                ui = table.decision_ui
                if not any(ui is u for u in answered):
                    answered.append(ui)
                    # The panel holds exactly this seat's choices as the server sees them.
                    assert set(ui.model.legal) == set(prompt_from_view(controller.view(ui.seat)).legal)
                    action = human_choice(seat_game(table.controller, ui.seat), ui.seat, rng)
                    for intent in inputs_for(table, ui, action, made % 2 == 0):
                        app.post(intent)
                    made += 1
            app.step(1 / 60)
            time.sleep(0.001)
        results = app.top
        assert isinstance(results, ResultsScene)
        assert made > 10
        assert controller.session.refused == 0
        assert not bot_holder[0].errors, bot_holder[0].errors
        server_game = next(iter(controller.session.host.server.tables.values())).game  # the server has stopped
        real = server_game.outcome()
        assert real is not None
        assert [sc.total for sc in results.outcome.scores] == [sc.total for sc in real.scores]
        assert results.outcome.winners == real.winners
        # Everything this computer received was seat 0's view: never another seat's secrets.
        assert controller.view(0).viewer == 0
        # "New game" from the results: the host screen again, with the same seats.
        results.new_game()
        app.step(1 / 60)
        again = app.top
        assert isinstance(again, HostScene)
        assert again.kinds[:4] == ["here", "open", "easy", "easy"]
        assert again.names[:4][0] == "Ani" and again.names[2:4] == ["Cy", "Dee"]
    finally:
        if remote is not None:
            remote.close()
        app.close()


def test_the_host_leaves_and_continues_the_hosted_game_with_the_same_seats() -> None:
    from app_helpers import start_app

    from tortuga_desktop.shell.i18n import tr
    from tortuga_desktop.shell.scenes.dialogs import MessageScene
    from tortuga_desktop.shell.scenes.menu import MenuScene
    from tortuga_desktop.shell.scenes.pause import PauseScene

    app = start_app()
    setup = SetupConfig(seats=[SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1),
                               SeatConfig("Cy", "easy", 2)])
    remote: NetClient | None = None
    try:
        lobby = host_from_ui(app, setup)
        info = lobby.host
        assert info is not None
        holder: list[SeatBot] = []
        remote = NetClient(f"127.0.0.1:{info.port}", code=info.code, name="Remo", backoff_min=0.1, backoff_max=0.5,
                           on_message=lambda m: holder[0].handle(m))
        holder.append(SeatBot(remote, "random", 7))
        remote.start()
        step_until(app, lambda: lobby.can_start)
        lobby.start()
        step_until(app, lambda: isinstance(app.top, NetTableScene))
        table = app.top
        assert isinstance(table, NetTableScene)
        table.set_speed("instant")
        rng = random.Random(1)
        answered: list[object] = []

        def play_until(cond: Any, seconds: float = 120) -> None:
            end = time.monotonic() + seconds
            while not cond():
                assert time.monotonic() < end
                t = app.top
                if isinstance(t, NetTableScene) and t.decision_ui is not None and t.decision_ui.rect.w > 0 \
                        and not any(t.decision_ui is u for u in answered):
                    ui = t.decision_ui
                    answered.append(ui)
                    for intent in inputs_for(t, ui, human_choice(seat_game(t.controller, ui.seat), ui.seat, rng), True):
                        app.post(intent)
                app.step(1 / 60)
                time.sleep(0.001)

        play_until(lambda: table.controller.view(None).round >= 2)
        # The host goes to the main menu: the server stops and keeps the table's autosave.
        app.post(Key(pygame.K_ESCAPE, 0, ""))
        app.step(1 / 60)
        pause = app.top
        assert isinstance(pause, PauseScene)
        pause.to_menu()
        app.step(1 / 60)
        ask = app.top  # the host is asked: leaving closes the table for everyone
        assert isinstance(ask, MessageScene) and ask.text == tr("net.close.ask")
        ask.close()
        app.step(1 / 60)
        assert isinstance(app.top, MenuScene)
        round_left = table.controller.view(None).round
        # New game -> Host online game offers to continue it.
        app.top.new_game()
        app.step(1 / 60)
        app.top.choose([m.key for m in app.top.games].index("tortuga"))  # two games: the chooser asks
        app.step(1 / 60)
        setup_scene = app.top
        assert isinstance(setup_scene, SetupScene)
        app.post(Click(setup_scene.control("host").rect.center, 1))
        app.step(1 / 60)
        host = app.top
        assert isinstance(host, HostScene)
        step_until(app, lambda: host._resume_btn is not None)
        assert host._port is not None and host._port.get_text() == str(info.port)  # the last hosted setup's
        press(app, host._resume_btn)  # the table comes back on its own port (issue 26)
        step_until(app, lambda: isinstance(app.top, NetTableScene), 30)
        table2 = app.top
        assert isinstance(table2, NetTableScene) and table2 is not table
        c2 = table2.remote
        assert c2.human_seats == [0] and c2.view(None).round >= round_left
        assert [s.name for s in c2.seats] == ["Ani", "Remo", "Cy"]
        table2.set_speed("instant")
        # Remo's client reclaims the seat by itself.
        step_until(app, lambda: any(s.seat == 1 and s.connected for s in c2.session.lobby), 30)
        play_until(lambda: isinstance(app.top, ResultsScene), 180)
        assert not holder[0].errors, holder[0].errors
    finally:
        if remote is not None:
            remote.close()
        app.close()
