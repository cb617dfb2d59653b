"""Never freeze, never lose the game: the networked table through drops, on 127.0.0.1.

* A remote player drops out of a hosted game: the host's table shows the seat held with the
  seconds left, then a computer player taking it over; the player comes back with the token
  and the seat is theirs again; the game ends normally.
* The host goes away under a joined player: the player's table shows "reconnecting" and keeps
  drawing; the host continues the saved table on the same port; the player's client reclaims
  the seat and the game plays to the end.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from tortuga_desktop.devtools.drive import free_port, human_choice, inputs_for, step_until
from tortuga_desktop.games.dice.table.scenes.handover import HandoverScene
from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.headless import SeatBot
from tortuga_desktop.net.protocol import SeatSpec
from tortuga_desktop.net.server import ServerConfig, ServerThread, load_table_save
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.scenes.host import HostPlan, start_hosting
from tortuga_desktop.shell.scenes.join import JoinScene, join_again
from tortuga_desktop.shell.scenes.lobby import HostInfo, LobbyScene

pytestmark = pytest.mark.usefixtures("app_home")


def seat_game(source: Any, seat: int) -> Any:
    """A game consistent with ``seat``'s view (its own dice and hand are real): what a human
    at that seat picks from (the test's chooser reads a Game)."""
    from tortuga_desktop.games.dice.rules import determinize

    return determinize(source.view(seat), 0)


class Driver:
    """Answers the human's decisions at the table through clicks and keys."""

    def __init__(self, app: App, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.answered: list[object] = []
        self.made = 0
        #: names on the hand-over screens answered (Space: "I am at the screen")
        self.handovers: set[str] = set()

    def run(self, until: Callable[[], bool], seconds: float = 120.0) -> None:
        app = self.app
        end = time.monotonic() + seconds
        while not until():
            assert time.monotonic() < end, f"timed out; top is {type(app.top).__name__}"
            table = app.top
            if isinstance(table, HandoverScene):
                self.handovers.add(table.player_name)
                app.post(Key(pygame.K_SPACE, 0, " "))
            if isinstance(table, NetTableScene):
                ui = table.decision_ui
                if ui is not None and ui.rect.w > 0 and not any(ui is u for u in self.answered):
                    self.answered.append(ui)
                    action = human_choice(seat_game(table.controller, ui.seat), ui.seat, self.rng)
                    for intent in inputs_for(table, ui, action, self.made % 2 == 0):
                        app.post(intent)
                    self.made += 1
            app.step(1 / 60)
            time.sleep(0.001)


def banner(app: App) -> str:
    top = app.top
    return " | ".join(t for t, _ in top.current_banner()) if isinstance(top, NetTableScene) else ""


def test_a_dropped_remote_player_is_held_then_taken_over_then_reclaims() -> None:
    plan = HostPlan(("here", "open", "easy"), ("Ani", "", "Cy"), port=free_port(), hold_seconds=4.0)
    started = start_hosting(plan, None)
    client = NetClient(f"127.0.0.1:{started.port}", code=started.code, token=started.host_token, name="Ani")
    client.start()
    session = NetSession(client, host=started.server)
    controller = session.tables["tortuga"]
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    remote: NetClient | None = None
    again: NetClient | None = None
    try:
        app.push(LobbyScene(session, host=HostInfo("127.0.0.1", started.port, started.code)))
        holder: list[SeatBot] = []
        remote = NetClient(f"127.0.0.1:{started.port}", code=started.code, name="Remo",
                           on_message=lambda m: holder[0].handle(m))
        holder.append(SeatBot(remote, "random", 1))
        remote.start()
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        step_until(app, lambda: lobby.can_start)
        lobby.start()
        step_until(app, lambda: isinstance(app.top, NetTableScene))
        table = app.top
        assert isinstance(table, NetTableScene)
        table.set_speed("instant")
        driver = Driver(app, 2)
        driver.run(lambda: controller.view(None).round >= 2)
        token = remote.token
        assert token
        remote.close()  # Remo's computer drops off the network
        driver.run(lambda: "Remo dropped out — seat held for" in banner(app), 20)
        assert "s" in banner(app)
        driver.run(lambda: "a computer player plays the seat" in banner(app), 20)
        rounds_when_taken = controller.view(None).round
        # The game goes on with the computer player in Remo's seat...
        driver.run(lambda: controller.view(None).round > rounds_when_taken or controller.is_over, 60)
        # ...until Remo comes back with the token: the seat is theirs again.
        holder2: list[SeatBot] = []
        again = NetClient(f"127.0.0.1:{started.port}", code=started.code, token=token, name="Remo",
                          on_message=lambda m: holder2[0].handle(m))
        holder2.append(SeatBot(again, "random", 3))
        again.start()
        driver.run(lambda: any(s.seat == 1 and s.connected and not s.bot for s in session.lobby) or
                   controller.is_over, 20)
        driver.run(lambda: isinstance(app.top, ResultsScene), 180)
        assert not holder2[0].errors
    finally:
        for c in (remote, again):
            if c is not None:
                c.close()
        app.close()


def test_the_host_goes_away_and_continues_the_saved_table(tmp_path: Path) -> None:
    port = free_port()
    save_dir = tmp_path / "network"
    st = ServerThread(ServerConfig(host="127.0.0.1", port=port, save_dir=save_dir))
    st.start()
    table = st.call(lambda s: s.create_table([SeatSpec(kind="open"), SeatSpec(kind="computer", level="easy"),
                                              SeatSpec(kind="computer", level="easy")], name="Saved table"))
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    st2: ServerThread | None = None
    try:
        client = NetClient(f"127.0.0.1:{port}", code=table.code, name="Remo", backoff_min=0.1, backoff_max=0.5)
        client.start()
        session = NetSession(client)
        controller = session.tables["tortuga"]
        app.push(LobbyScene(session, again=join_again))  # as the join screen opens it
        step_until(app, lambda: session.joined and bool(session.lobby))
        st.call(lambda s: s.start_game(s.tables[table.id]))
        step_until(app, lambda: isinstance(app.top, NetTableScene))
        nettable = app.top
        assert isinstance(nettable, NetTableScene)
        nettable.set_speed("instant")
        driver = Driver(app, 5)
        driver.run(lambda: controller.view(None).round >= 2)
        st.stop()  # the host's game closes (its table is saved)
        frames = app.frames_drawn
        driver.run(lambda: "reconnecting" in banner(app), 20)
        for _ in range(30):  # the window keeps going while the connection is away
            app.step(1 / 60)
            time.sleep(0.01)
        assert app.frames_drawn > frames and app.top is nettable
        saved = save_dir / f"net-{table.id}.json"
        assert saved.exists()
        st2 = ServerThread(ServerConfig(host="127.0.0.1", port=port, save_dir=save_dir))
        st2.start()
        st2.call(lambda s: s.resume_table(load_table_save(saved), saved))
        driver.run(lambda: session.net.state == "connected" and "reconnecting" not in banner(app), 30)
        driver.run(lambda: isinstance(app.top, ResultsScene), 180)
        assert driver.made > 5
        results = app.top
        assert isinstance(results, ResultsScene)
        results.new_game()  # "New game with same seats" on a joiner: the same host, the name kept
        join = app.top
        assert isinstance(join, JoinScene)
        assert join.address == f"127.0.0.1:{port}" and join.player == "Remo" and join.message
        assert not join.browsing
    finally:
        app.close()
        if st2 is not None:
            st2.stop()
        st.stop()


def test_the_host_screen_waits_for_a_game_still_closing_before_looking_for_its_save(tmp_path: Path) -> None:
    """Leaving a hosted game stops its server on a background thread, which writes the table's
    save; a Host screen opened a moment later must wait for that before looking for it."""
    import threading

    from tortuga_desktop.shell import netsession as remote

    written = tmp_path / "net-abc.json"

    def closing() -> None:
        time.sleep(0.3)
        written.write_text("{}", encoding="utf-8")

    t = threading.Thread(target=closing)
    with remote._closing_lock:
        remote._CLOSING.append(t)
    t.start()
    assert remote.wait_for_closing(10.0) is True
    assert written.exists()
    assert remote.wait_for_closing(0.0) is True  # nothing left closing


def test_a_failure_while_opening_the_table_is_raised_at_once() -> None:
    """Whatever goes wrong while the table is set up before listening reaches the caller
    (it does not leave start() waiting out its timeout)."""
    def broken(_server: object) -> None:
        raise KeyError("seats")

    st = ServerThread(ServerConfig(host="127.0.0.1", port=0))
    with pytest.raises(KeyError):  # before, the thread died and start() returned port 0 after its timeout
        st.start(timeout=30.0, prepare=broken)
