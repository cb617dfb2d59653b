"""The headless client at a Tortuga 1667 table (``tortuga --join … --bot LEVEL``), on 127.0.0.1: it
plays its seat with the game's own computer player, through the game's network adapter, to the end of
the game (before, it read every view as a dice view and sat silent while the table waited); and a
table whose game it cannot play at the level asked is refused with a plain message, the seat left free.
"""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.net import protocol as P
from tortuga_desktop.net import seatstore
from tortuga_desktop.net.headless import resume_headless, run_headless
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table

HOST = "127.0.0.1"


def start() -> ServerThread:
    st = ServerThread(ServerConfig(host=HOST, port=0, pace_bots=False))
    st.start()
    return st


def table_1667(st: ServerThread, kinds: list[str], seed: int) -> Table:
    specs = [P.SeatSpec(kind=k, level="random", name=f"P{i}") for i, k in enumerate(kinds)]  # type: ignore[arg-type]
    table: Table = st.call(lambda s: s.create_table(specs, game="t1667", seed=seed, auto_start=True))
    return table


def headless(st: ServerThread, table: Table, level: str, seat_dir: Path, out: io.StringIO,
             **kw: Any) -> tuple[threading.Thread, list[int]]:
    status: list[int] = []
    t = threading.Thread(target=lambda: status.append(run_headless(
        f"{HOST}:{st.port}", table.code, level, seat_dir=seat_dir, out=out, timeout=240, **kw)), daemon=True)
    t.start()
    return t, status


def test_headless_bots_play_a_1667_table_to_the_end(tmp_path: Path) -> None:
    st = start()
    try:
        table = table_1667(st, ["open", "open", "computer"], seed=11)
        outs = [io.StringIO(), io.StringIO()]
        runs = [headless(st, table, "random", tmp_path / f"s{i}", outs[i], seed=i + 1) for i in range(2)]
        for t, _ in runs:
            t.join(240)
        assert [s for _, s in runs] == [[0], [0]], [o.getvalue() for o in outs]
        assert all("game over" in o.getvalue() for o in outs)
        assert st.call(lambda s: table.game is not None and table.game.is_over)
        # each seat was kept on disk as a Tortuga 1667 seat, finished
        for i in range(2):
            kept, problems = seatstore.load_seats(tmp_path / f"s{i}")
            assert not problems and len(kept) == 1
            seat = kept[0][1]
            assert seat.game == "t1667" and seat.state == "over" and seat.record.actions
    finally:
        st.stop()


def test_headless_bot_takes_its_1667_seat_back_after_a_kill(tmp_path: Path) -> None:
    """``--resume``: the kept seat of a 1667 table is taken back (its token) and played on to the end."""
    st = start()
    try:
        table = table_1667(st, ["open", "computer"], seed=5)
        out = io.StringIO()
        # the first run stops after a few seconds (as if killed), its seat held by the server
        status = run_headless(f"{HOST}:{st.port}", table.code, "random", seat_dir=tmp_path, out=out, timeout=1.5,
                              think=0.2)
        assert status == 3, out.getvalue()
        again = io.StringIO()
        status = resume_headless("random", seat_dir=tmp_path, out=again, timeout=240)
        assert status == 0, again.getvalue()
        assert "back at table" in again.getvalue() and "game over" in again.getvalue()
    finally:
        st.stop()


@pytest.mark.parametrize("game", ["tortuga", "t1667"])
def test_a_table_the_headless_client_cannot_play_is_refused_and_the_seat_left_free(tmp_path: Path, game: str) -> None:
    """A level the table's game does not have at network tables (here Expert: no game offers it there)
    is refused in plain words, at once, and the seat is free again for someone else (it never sits and
    waits)."""
    st = start()
    try:
        specs = [P.SeatSpec(kind="open", name="A"), P.SeatSpec(kind="open", name="B")]
        table: Table = st.call(lambda s: s.create_table(specs, game=game))
        out = io.StringIO()
        began = time.monotonic()
        status = run_headless(f"{HOST}:{st.port}", table.code, "expert", seat_dir=tmp_path, out=out, timeout=30)
        assert status == 1 and time.monotonic() - began < 10
        text = out.getvalue()
        assert "refused" in text and "seat is left free" in text and "expert" in text
        assert st.call(lambda s: table.open_seats()) == 2
    finally:
        st.stop()
