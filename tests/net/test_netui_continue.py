"""A hosted game continues where it was (issue 26, item 2), on 127.0.0.1: its own port again (or
a plain word that it could not have it), joiners that keep trying, a banner that tells the truth."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tortuga_desktop.games.dice.table.scenes.nettable import banner_lines
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.netsession import NetState, SeatState
from tortuga_desktop.shell.scenes.host import HostPlan, saved_place, start_hosting
from tortuga_desktop.shell.scenes.join import JoinScene


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def seat(n: int, *, connected: bool, held_for: float | None = None, bot: bool = False) -> SeatState:
    return SeatState(n, f"P{n}", "open", "normal", True, connected, bot, held_for, False)


def controller(state: str, lobby: list[SeatState], moved: tuple[int, int] | None = None) -> Any:
    session = SimpleNamespace(net=NetState(state), lobby=lobby, lobby_at=time.perf_counter(), moved=moved,
                              host_closed=False)
    return SimpleNamespace(session=session, ready=True, is_over=False, pending_humans=lambda: [], waiting_for=lambda: [])


def test_a_continued_table_keeps_its_port_or_says_it_moved(tmp_path: Path) -> None:
    port = _free_port()
    plan = HostPlan(kinds=("here", "open"), names=("Ani", ""), listen="127.0.0.1", port=port)
    first = start_hosting(plan, tmp_path)
    first.server.call(lambda s: s.persist.write_save(s.tables[first.table]))
    first.server.stop()
    save = tmp_path / f"net-{first.table}.json"
    assert saved_place(save) == ("127.0.0.1", port)  # the save knows where the table was
    with socket.socket() as squatter:  # now something else has that port
        squatter.bind(("127.0.0.1", port))
        squatter.listen()
        again = start_hosting(HostPlan(plan.kinds, plan.names, "127.0.0.1", port, resume=save), tmp_path)
        try:
            assert again.moved_from == port and again.port != port and again.code == first.code
        finally:
            again.server.stop()
    lines = banner_lines(controller("connected", [seat(1, connected=False, bot=True)], (port, again.port)))
    assert (tr("net.lobby.moved", old=port, new=again.port), "warning") in lines


def test_the_banner_shows_no_countdown_from_a_host_it_cannot_reach() -> None:
    lobby = [seat(0, connected=True), seat(1, connected=False, held_for=50.0)]
    assert any("50" in text for text, _ in banner_lines(controller("connected", lobby)))
    lines = banner_lines(controller("reconnecting", lobby))
    assert lines == [(tr("net.banner.reconnecting"), "danger")]


def test_a_joiner_keeps_trying_to_reach_the_host() -> None:
    made: dict[str, Any] = {}

    class Client:
        state = "connecting"

        def __init__(self, url: str, **options: Any) -> None:
            made.update(options)

        def start(self) -> None:
            pass

        def poll(self) -> list[Any]:
            return []

        def close(self, timeout: float = 5.0) -> None:
            pass

    from app_helpers import start_app

    app = start_app()
    try:
        scene = JoinScene(browser=SimpleNamespace(hosts=lambda: [], close=lambda: None), client_factory=Client,
                          address="127.0.0.1:47621")
        app.push(scene)
        app.run(max_frames=2)
        assert scene._code is not None
        scene._code.set_text("K7P-Q2M-XRA")
        assert scene.join()
        assert made["give_up_after"] is None  # not 60 s: the host may take longer to come back
        scene._cancel()
    finally:
        app.close()
