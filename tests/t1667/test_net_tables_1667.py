"""A Tortuga 1667 table made from a dedicated server's table list, on 127.0.0.1: the list's "new table"
offers every network game with that game's own setup (for 1667: 2-9 seats, computer players and their
level, the starred cards hidden or named, public or private); the table is created with the game's
options, which the game's network adapter checks, and the creator is seated at it. Before, every table
made there was a dice table."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))  # the network screens' helpers

from app_helpers import start_app  # noqa: E402
from test_net_tables import only_table, open_tables, press, start  # noqa: E402
from test_netui_join import wait  # noqa: E402

from tortuga_desktop.games.t1667.table.setup import starred_pool  # noqa: E402
from tortuga_desktop.net import protocol as P  # noqa: E402
from tortuga_desktop.net.client import NetClient  # noqa: E402
from tortuga_desktop.net.server import ServerThread  # noqa: E402


@pytest.fixture()
def server() -> Iterator[ServerThread]:
    st = start()
    try:
        yield st
    finally:
        st.stop()


def test_a_1667_table_is_made_from_the_list_with_its_own_setup(server: ServerThread) -> None:
    app = start_app()
    try:
        scene = open_tables(app, server.port)
        press(app, scene, "game")  # the dice game -> Tortuga 1667
        assert scene.new.game == "t1667" and "starred" in scene._btn
        for _ in range(7):  # 2 -> 9 seats: a 1667 table has up to nine
            press(app, scene, "players")
        assert scene.new.players == 9
        press(app, scene, "players")  # and back round to two
        assert scene.new.players == 2
        for _ in range(3):
            press(app, scene, "players")
        press(app, scene, "computers")  # 1 -> 2 computer players
        press(app, scene, "level")  # normal -> hard
        press(app, scene, "starred")  # hidden -> named
        press(app, scene, "listed")  # public -> private
        assert scene.new.players == 5 and scene.new.computers == 2 and scene.new.level == "hard"
        assert scene.new.choice("starred") == "named" and not scene.new.listed
        press(app, scene, "create")
        wait(app, lambda: server.call(lambda s: any(sl.conn for t in s.tables.values() for sl in t.slots)))
        made = only_table(server)
        assert made.kind == "t1667" and not made.listed
        assert [s.kind for s in made.slots] == ["local", "open", "open", "computer", "computer"]
        assert [s.level for s in made.slots if s.kind == "computer"] == ["hard", "hard"]
        starred = made.options["starred"]
        assert len(starred) == 3 and set(starred) <= {c.value for c in starred_pool(5)}
        assert made.slots[0].name == "Remo"  # the creator took a seat at once
    finally:
        app.close()


def test_the_protocol_makes_a_1667_table_with_options_the_game_checks(server: ServerThread) -> None:
    """Through the protocol alone (the list screen's path): the game's options travel as data and the game
    checks them; a dice option at a 1667 table, or a setup its rules refuse, is refused plainly."""
    c = NetClient(f"127.0.0.1:{server.port}", reconnect=False)
    c.start()
    try:
        def answer() -> Any:
            while True:
                item = c.get(timeout=10)
                assert item is not None
                if isinstance(item, (P.Created, P.Error)):
                    return item

        seats = [P.SeatSpec(kind="open"), P.SeatSpec(kind="computer", level="easy"), P.SeatSpec(kind="open")]
        c.create_table(seats, game="t1667", listed=True, options={"starred": ["rum", "winds", "scurvy"]})
        made = answer()
        assert isinstance(made, P.Created), made
        c.create_table(seats, game="t1667", options={"long_game": True})  # not an option of this game
        err = answer()
        assert isinstance(err, P.Error) and err.code == "malformed" and "long_game" in err.message
        c.create_table(seats, game="t1667", options={"starred": ["rum", "rum", "winds"]})  # the rules refuse it
        err = answer()
        assert isinstance(err, P.Error) and err.code == "denied" and "1667" in err.message
        c.create_table(seats, game="nosuchgame")
        err = answer()
        assert isinstance(err, P.Error) and "unknown game" in err.message
        c.list_tables()
        while not isinstance(item := c.get(timeout=10), P.Tables):
            assert item is not None
        (row,) = item.tables
        assert row.game == "t1667" and row.players == 3 and row.computers == 1 and row.code
    finally:
        c.close()
