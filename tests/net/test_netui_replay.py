"""A network game has a replay, from the seat played here (issue 25), on 127.0.0.1.

A joiner plays a whole game through the Join screen and the network table (its decisions sent
through the table's controller); the results screen offers "Watch replay", which opens the
ordinary replay scene on what the seat was shown (its record), never more: every position of the
replay is exactly the view the server's engine gave that seat then (R9), and the log is the
seat's own events."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from app_helpers import start_app
from test_netui_join import fill, open_join, wait

from tortuga_desktop.games.dice.rules.events import visible
from tortuga_desktop.games.dice.table.replay import ReplayTimeline
from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
from tortuga_desktop.games.dice.table.scenes.replay import ReplayScene
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.games.dice.table.seatreplay import SeatTimeline
from tortuga_desktop.net import seatstore
from tortuga_desktop.net.protocol import SeatSpec
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table
from tortuga_desktop.shell import i18n

pytestmark = pytest.mark.usefixtures("app_home")


@pytest.fixture()
def server() -> Iterator[tuple[ServerThread, Table]]:
    st = ServerThread(ServerConfig(host="127.0.0.1", port=0))
    st.start()
    seats = [SeatSpec(kind="computer", level="random"), SeatSpec(kind="open"),
             SeatSpec(kind="computer", level="random")]
    table = st.call(lambda s: s.create_table(seats, name="Reef", auto_start=True))
    try:
        yield st, table
    finally:
        st.stop()


def play_to_the_results(app: Any, st: ServerThread, table: Table) -> NetTableScene:
    join = open_join(app)
    fill(app, join, f"127.0.0.1:{st.port}", table.code, "Remo")
    assert join.join()
    wait(app, lambda: isinstance(app.top, NetTableScene) and app.top.remote.ready)
    scene = app.top
    assert isinstance(scene, NetTableScene)
    scene.set_speed("instant")
    remote, rng = scene.remote, random.Random(7)
    end = time.monotonic() + 240
    while not isinstance(app.top, ResultsScene):
        for d in remote.pending_humans():
            remote.submit(d.seat, rng.choice(remote.prompt(d.seat).legal))
        app.run(max_frames=1)
        time.sleep(0.002)
        assert time.monotonic() < end, (type(app.top).__name__, table.game and table.game.decisions,
                                        remote.is_over, remote.session.net)
    return scene


def test_a_finished_network_game_is_replayed_as_its_seat_saw_it(server: tuple[ServerThread, Table]) -> None:
    st, table = server
    app = start_app()
    try:
        scene = play_to_the_results(app, st, table)
        results = app.top
        assert isinstance(results, ResultsScene) and "watch" in results.extra_buttons
        assert results.watch_replay()
        replay = app.top
        assert isinstance(replay, ReplayScene) and isinstance(replay.timeline, SeatTimeline)
        tl = replay.timeline
        assert tl.finished and tl.perspectives() == [1] and replay.perspective == 1
        game = table.game
        assert game is not None and game.is_over
        truth = ReplayTimeline(game.record())
        decisions = [tl.decision_at(k) for k in range(len(tl))]
        assert decisions == sorted(set(decisions)) and decisions[-1] == game.decisions
        assert len(tl) > game.decisions // 2  # one position per update the seat was sent, not a few
        for k in range(len(tl)):  # each position: exactly what the engine let seat 1 see then
            replay.seek(k)
            assert replay.view == truth.game_at(decisions[k]).view(1), k
            replay.set_perspective(None)  # no public or revealed view of a network game here
            assert replay.perspective == 1 and replay.view == truth.game_at(decisions[k]).view(1)
        assert tl.events_at(len(tl) - 1, 1) == visible(game.events, 1)
        replay.hover = ("control", "view")
        assert i18n.tr("replay.tip.view_seat") in replay.tooltip_lines()
        app.run(max_frames=3)  # it draws
        # The same replay from the seat kept on disk (a later start of the game).
        scene.remote.session.keeper.flush()
        (_, kept), = seatstore.load_seats()[0]
        assert kept.state == "over" and kept.record.frames == scene.remote.kept_record().frames
        again = SeatTimeline(kept.record)
        assert [again.view_at(k, 1) for k in range(len(again))] == [tl.view_at(k, 1) for k in range(len(tl))]
    finally:
        app.close()
