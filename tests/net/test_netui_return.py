"""Return to your seat (issue 26, item 1) in the game's own screens, on 127.0.0.1 (no multicast:
a fake browser). A joiner's seat is kept in the data folder; after the game is gone, a new start
goes back to it by itself, *Continue* and the Join screen offer it, and a return the server
refuses says so and is not offered again."""

from __future__ import annotations

import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_helpers import start_app
from test_netui_join import FakeBrowser, fill, open_join, wait

from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
from tortuga_desktop.net import seatstore
from tortuga_desktop.net.protocol import SeatSpec
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.main import build_parser
from tortuga_desktop.shell.scenes.join import JoinScene
from tortuga_desktop.shell.scenes.lobby import LobbyScene
from tortuga_desktop.shell.scenes.menu import MenuScene
from tortuga_desktop.shell.start import make_app

pytestmark = pytest.mark.usefixtures("app_home")


@pytest.fixture()
def server() -> Iterator[tuple[ServerThread, Table]]:
    st = ServerThread(ServerConfig(host="127.0.0.1", port=0))
    st.start()
    table = st.call(lambda s: s.create_table([SeatSpec(kind="open"), SeatSpec(kind="computer", level="random")],
                                             name="Reef", auto_start=True, hold_seconds=600))
    try:
        yield st, table
    finally:
        st.stop()


def kept_seats() -> list[seatstore.NetSeat]:
    return seatstore.playing_seats()[0]


def at_the_table(app: Any) -> bool:
    return isinstance(app.top, NetTableScene) and app.top.remote.ready


def join_and_play(st: ServerThread, table: Table) -> Any:
    """A first game joins the table through the Join screen and is then gone (no goodbye)."""
    app = start_app()
    join = open_join(app)
    fill(app, join, f"127.0.0.1:{st.port}", table.code, "Remo")
    assert join.join()
    wait(app, lambda: at_the_table(app))
    remote = app.top.remote
    wait(app, lambda: bool(kept_seats()) and kept_seats()[0].record.latest.get(0) is not None)
    remote.session.client.drop_connection()  # as a crash would leave it: the server holds the seat
    remote.session.client.close()
    remote.session.keeper.close()
    app.close()
    return remote


def test_a_new_start_returns_to_the_seat_by_itself(server: tuple[ServerThread, Table]) -> None:
    st, table = server
    join_and_play(st, table)
    (seat,) = kept_seats()
    path = seatstore.seat_path(seatstore.seats_dir(), seat.server, seat.table, seat.token)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    wait_until = time.monotonic() + 10
    while table.slots[0].conn is not None:  # the server saw the connection go
        assert time.monotonic() < wait_until
        time.sleep(0.02)
    truth = st.call(lambda s: table.game.view(0) if table.game else None)

    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720"]), auto_return=True)
    app.fixed_dt = 1 / 60
    try:
        wait(app, lambda: isinstance(app.top, (JoinScene, LobbyScene, NetTableScene)))
        wait(app, lambda: at_the_table(app))
        remote = app.top.remote
        assert remote.human_seats == [0] and remote.session.token == seat.token
        assert table.slots[0].conn is not None and table.slots[0].bot_level is None
        assert remote.view(0) == truth  # its dice and tiles, as the server keeps them
    finally:
        app.close()


def test_continue_and_the_join_screen_offer_the_seat(server: tuple[ServerThread, Table]) -> None:
    st, table = server
    join_and_play(st, table)
    (seat,) = kept_seats()
    offer = i18n.tr("net.return.offer", table="Reef", host=f"127.0.0.1:{st.port}")
    assert offer == f"Return to your seat at Reef (127.0.0.1:{st.port})"
    app = start_app()  # no auto-return: the menu offers it
    try:
        menu = app.top
        assert isinstance(menu, MenuScene)
        wait(app, lambda: menu.seat is not None)
        labels = {it.label: it for it in menu.buttons.items}
        assert labels[i18n.tr("menu.continue")].enabled  # no autosave, but a seat to go back to
        # the menu's button has the longest wording that fits it (the Join screen's the whole offer)
        assert f"Return to your seat at Reef (127.0.0.1:{st.port})".startswith(menu._return_item.label)
        join = open_join(app, FakeBrowser())
        wait(app, lambda: join._return_btn is not None)
        assert join._return_btn is not None and join._return_btn.text == offer
        assert join.return_to_seat()
        assert join.message == i18n.tr("net.return.going", table="Reef", host=f"127.0.0.1:{st.port}")
        wait(app, lambda: at_the_table(app))
        assert app.top.remote.human_seats == [0] and table.slots[0].conn is not None
        app.top.remote.close()
        app.top.remote.session.wait_closed()
        app.pop()
        app.run(max_frames=2)
        # Continue with no autosave goes back to the network game too
        menu = app.top
        assert isinstance(menu, MenuScene)
        wait(app, lambda: menu.seat is not None)
        next(it for it in menu.buttons.items if it.label == i18n.tr("menu.continue")).action()
        wait(app, lambda: at_the_table(app))
    finally:
        app.close()


def test_a_refused_return_says_so_and_is_not_offered_again(server: tuple[ServerThread, Table], tmp_path: Path) -> None:
    st, _table = server
    gone = seatstore.NetSeat(version=1, server=f"127.0.0.1:{st.port}", table="feedbeef", code="ABCDEFGHJ",
                             seats=[1], token="t" * 24, name="Remo", table_name="Old reef", saved_at=time.time())
    seatstore.write_seat(seatstore.seat_path(seatstore.seats_dir(), gone.server, gone.table, gone.token), gone)
    app = start_app()
    try:
        join = open_join(app)
        wait(app, lambda: join.seat is not None)
        assert join.return_to_seat()
        wait(app, lambda: join._pending is None)
        assert join.message == i18n.tr("net.return.gone", table="Old reef", host=f"127.0.0.1:{st.port}")
        assert join.seat is None and join._return_btn is None
        found, _ = seatstore.load_seats()
        assert [s.state for _, s in found] == ["lost"]  # kept (its record), but not offered again
        assert kept_seats() == []
        # offered for removal (only when the player presses it)
        assert join._forget_btn is not None and join._forget_btn.text.startswith("Remove 1 kept seat at a table")
        assert join.forget_gone()
        wait(app, lambda: "removed" in join.message)
        assert seatstore.load_seats()[0] == []
    finally:
        app.close()


def test_a_damaged_seat_file_is_a_notice_not_a_crash(caplog: pytest.LogCaptureFixture) -> None:
    folder = seatstore.seats_dir()
    (folder / "seat-00000000000000aa.json").write_text("{not json")
    app = start_app()
    try:
        join = open_join(app)
        wait(app, lambda: join._finder is None)
        assert join.seat is None
        assert any(".bad-" in p.name for p in folder.iterdir())
        assert f"notice: {i18n.trn('net.return.damaged', 1)}" in caplog.text
    finally:
        app.close()


def test_a_seat_that_cannot_be_kept_is_a_notice(tmp_path: Path) -> None:
    from tortuga_desktop.net.protocol import Joined
    from tortuga_desktop.shell.netsession import NetSession

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the seats folder would go")

    class Client:
        state = "connected"

        def __init__(self) -> None:
            self.items: list[Any] = [Joined(table="t1", seats=[1], token="k" * 24)]

        def poll(self) -> list[Any]:
            out, self.items = self.items, []
            return out

        def close(self, timeout: float = 5.0) -> None:
            pass

    keeper = seatstore.SeatKeeper(blocker / "seats", "127.0.0.1:47600", "ABCDEFGHJ", "Remo")
    remote = NetSession(Client(), keeper=keeper)
    remote.pump()
    assert not keeper.flush(5.0) or keeper.problem  # the write failed...
    remote.pump()
    assert remote.notices == [("net.return.cannot_keep", {})]  # ...and the player is told, once
    remote.pump()
    assert remote.notices == [("net.return.cannot_keep", {})]
    keeper.close()
