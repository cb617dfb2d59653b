"""Kept seat files are never deleted without asking (issue 26): a finished game's seat is the
player's record of that game and stays; seats of tables that are gone (the server said so) or
that the player left before the game began are offered for removal on the Join screen, and only
removed when the player presses that button."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from app_helpers import start_app
from test_netui_join import FakeBrowser

from tortuga_desktop.net import seatstore
from tortuga_desktop.shell.scenes.join import JoinScene

pytestmark = pytest.mark.usefixtures("app_home")


def keep(directory: Path, table: str, state: str) -> Path:
    seat = seatstore.NetSeat(version=seatstore.FORMAT_VERSION, server="127.0.0.1:47600", table=table,
                             code="K7PQ2MXRA", seats=[0], token=f"token-{table}-0123456789", name="Anne",
                             table_name=table, state=state, saved_at=time.time())  # type: ignore[arg-type]
    path = seatstore.seat_path(directory, seat.server, seat.table, seat.token)
    directory.mkdir(parents=True, exist_ok=True)
    seatstore.write_seat(path, seat)
    return path


def test_only_seats_of_gone_or_left_tables_are_offered_and_removed(tmp_path: Path) -> None:
    files = {state: keep(tmp_path, state, state) for state in ("playing", "over", "lost", "left")}
    assert sorted(seatstore.gone_seats(tmp_path)) == sorted([files["lost"], files["left"]])
    # a seat taken back between the offer and the press is kept
    listed = seatstore.gone_seats(tmp_path)
    seat = seatstore.read_seat(files["lost"])
    assert seat is not None
    seat.state = "playing"
    seatstore.write_seat(files["lost"], seat)
    assert seatstore.forget_seats(listed) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for s, p in files.items() if s != "left")


def wait(app: Any, cond: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end
        app.run(max_frames=1)
        time.sleep(0.005)


def test_the_join_screen_asks_before_removing_seats_of_gone_tables(tmp_path: Path) -> None:
    over = keep(tmp_path, "Reef", "over")
    lost = keep(tmp_path, "Cove", "lost")
    left = keep(tmp_path, "Dock", "left")
    app = start_app()
    try:
        join = JoinScene(browser=FakeBrowser(), seat_dir=tmp_path)
        app.push(join)
        wait(app, lambda: join._forget_btn is not None)
        assert join._forget_btn is not None
        assert join._forget_btn.text == "Remove 2 kept seats at tables that are gone or that you left"
        assert join.seat is None  # nothing to return to: a finished game is not offered
        app.run(max_frames=30)
        assert over.exists() and lost.exists() and left.exists()  # nothing goes without asking
        assert join.forget_gone()
        wait(app, lambda: "removed" in join.message)
        assert join.message.startswith("2 kept seats removed") and "finished games stay" in join.message
        assert over.exists() and not lost.exists() and not left.exists()
        wait(app, lambda: join._finder is None)
        assert join._forget_btn is None and join.gone == []
    finally:
        app.close()
