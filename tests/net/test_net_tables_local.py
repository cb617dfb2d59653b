"""Players at this computer at a table made from a dedicated server's list, on 127.0.0.1 (no
multicast: the Join screen's local-network browser is faked): the list's new table has a count of
players at this computer and their names, for every network game; the server's table gets a local
seat for each of them (the creator's first), the creator's game sits down with the table's host
token and plays all of them hot-seat, as a hosted game's host does; the token is kept like a
joiner's, so a new start (after a crash) or a server restart brings every one of those seats back.
Bad setups get a message and make no table."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from app_helpers import start_app
from test_net_tables import notices, only_table, open_tables, press, start
from test_netui_join import wait

from tortuga_desktop.devtools.drive import free_port
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net import seatstore
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.server import ServerConfig, ServerThread
from tortuga_desktop.shell.main import build_parser
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.scenes.tables import NewTable, TablesScene
from tortuga_desktop.shell.start import make_app

pytestmark = pytest.mark.usefixtures("app_home")

#: per game: the presses of "game" that choose it on the list
GAMES = {"tortuga": 0, "t1667": 1}


def table_scene(app: Any) -> Any:
    """The game's network table scene (under a hand-over screen, if one is up), or None."""
    return next((s for s in reversed(app.scenes) if getattr(s, "network_session", None) is not None), None)


def session_of(app: Any) -> NetSession:
    scene = table_scene(app)
    assert scene is not None
    session = scene.network_session
    assert isinstance(session, NetSession)
    return session


def make_table_with_one_of_each(app: Any, st: ServerThread, game: str) -> TablesScene:
    """From the list: 4 seats of ``game``: the creator's, one more at this computer (Cy), one open,
    one computer player; created."""
    scene = open_tables(app, st.port)
    for _ in range(GAMES[game]):
        press(app, scene, "game")
    assert scene.new.game == game
    for _ in range(20):  # the seat count goes round: at most one round to four
        if scene.new.players == 4:
            break
        press(app, scene, "players")
    assert scene.new.players == 4
    assert scene.new.computers == 1 and scene.new.here == 1 and not scene._name_entries
    press(app, scene, "here")  # 1 -> 2 players at this computer
    assert scene.new.here == 2 and "2 players at this computer" in scene._btn["here"].text
    (entry,) = scene._name_entries  # the other player's name, offered and changed
    assert entry.get_text()
    entry.set_text("Cy")
    press(app, scene, "create")
    return scene


def kept() -> list[seatstore.NetSeat]:
    return seatstore.playing_seats()[0]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_list_table_with_a_second_player_here_is_played_hot_seat_and_comes_back(game: str) -> None:
    st = start()
    other: NetClient | None = None
    app = start_app()
    try:
        make_table_with_one_of_each(app, st, game)
        wait(app, lambda: st.call(lambda s: any(sl.conn for t in s.tables.values() for sl in t.slots)))
        made = only_table(st)
        assert made.kind == game
        assert [s.kind for s in made.slots] == ["local", "local", "open", "computer"]
        assert [s.name for s in made.slots[:2]] == ["Remo", "Cy"]
        assert any(P.format_code(made.code) in n for n in notices(app))  # the code, to pass on
        # a player at another computer takes the open seat: the game starts by itself, as before
        other = NetClient(f"127.0.0.1:{st.port}", code=made.code, name="Ned")
        other.start()
        wait(app, lambda: table_scene(app) is not None, 30)
        session = session_of(app)
        assert session.human_seats == [0, 1] and table_scene(app).hotseat  # both seats, sharing this screen
        app.step(1 / 60)
        assert not any(P.format_code(made.code) in n for n in notices(app))  # not over the game once it began
        assert made.slots[0].conn is made.slots[1].conn is not None and made.game is not None
        # the host token is kept like a joiner's reclaim token: both seats in one kept seat
        wait(app, lambda: bool(kept()) and kept()[0].game == game)
        (seat,) = kept()
        assert seat.seats == [0, 1] and seat.table == made.id and seat.game == game
        assert seat.token == made.host_token  # (compared, never printed)
        session.client.drop_connection()  # as a crash leaves it: the server holds both seats
        session.client.close()
        assert session.keeper is not None
        session.keeper.close()
        app.close()
        wait_until = time.monotonic() + 10
        while made.slots[0].conn is not None or made.slots[1].conn is not None:
            assert time.monotonic() < wait_until
            time.sleep(0.02)

        app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720"]), auto_return=True)
        app.fixed_dt = 1 / 60
        wait(app, lambda: table_scene(app) is not None, 30)  # the new start goes back by itself
        assert session_of(app).human_seats == [0, 1] and table_scene(app).hotseat
        assert made.slots[0].conn is made.slots[1].conn is not None
    finally:
        app.close()
        if other is not None:
            other.close()
        st.stop()


def test_a_server_restart_brings_the_creator_back_to_every_seat_here(tmp_path: Path) -> None:
    port = free_port()
    st = ServerThread(ServerConfig(host="127.0.0.1", port=port, lobby=True, save_dir=tmp_path))
    st.start()
    app = start_app()
    other: NetClient | None = None
    try:
        make_table_with_one_of_each(app, st, "tortuga")
        wait(app, lambda: st.call(lambda s: any(sl.conn for t in s.tables.values() for sl in t.slots)))
        made = only_table(st)
        other = NetClient(f"127.0.0.1:{port}", code=made.code, name="Ned")
        other.start()
        wait(app, lambda: table_scene(app) is not None, 30)
        session = session_of(app)
        st.stop()  # the server goes (its tables saved) and comes back on the same port
        st = ServerThread(ServerConfig(host="127.0.0.1", port=port, lobby=True, save_dir=tmp_path))
        st.start()
        assert st.call(lambda s: s.restore_saved(tmp_path)) == 1
        wait(app, lambda: session.net.state == "connected" and bool(session.client.seats), 30)
        back = only_table(st)
        wait(app, lambda: back.slots[0].conn is not None and back.slots[1].conn is not None, 30)
        assert session.human_seats == [0, 1] and back.slots[0].conn is back.slots[1].conn
        assert [s.kind for s in back.slots] == ["local", "local", "open", "computer"]
    finally:
        app.close()
        if other is not None:
            other.close()
        st.stop()


def test_bad_setups_say_so_and_make_no_table() -> None:
    st = start()
    app = start_app()
    try:
        scene = open_tables(app, st.port)
        press(app, scene, "here")  # 1 -> 2 players here (2 seats, 1 computer: no room) -> back to 1
        assert scene.new.here == 1
        press(app, scene, "computers")  # 1 -> 0 computers
        press(app, scene, "here")  # -> 2 players here
        assert scene.new.here == 2 and scene.new.computers == 0
        press(app, scene, "computers")  # no room for a computer beside two players here
        assert scene.new.computers == 0
        (entry,) = scene._name_entries
        entry.set_text("   ")
        assert not scene.create()
        app.run(max_frames=2)
        assert scene.message() == "Every seat that is not open needs a name."
        scene._name_entries[0].set_text("remo")  # the creator's name, in other letters
        assert not scene.create()
        assert scene.message() == "Two seats have the same name."
        scene.new = NewTable(players=2, computers=1, here=2)  # (the buttons never make it; a caller might)
        assert not scene.create()
        assert scene.message() == ("Too many players at this computer: beside its computer players this table has "
                                   "room for 1 at most.")
        app.run(max_frames=5)
        time.sleep(0.2)
        app.run(max_frames=5)
        assert st.call(lambda s: len(s.tables)) == 0 and isinstance(app.top, TablesScene)
        # every count the buttons make fits its seats
        for key in ("players", "computers", "here") * 12:
            press(app, scene, key)
            n = scene.new
            assert n.here >= 1 and n.computers >= 0 and n.here + n.computers <= n.players
    finally:
        app.close()
        st.stop()


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_the_names_of_the_players_here_fit_in_every_language(lang: str) -> None:
    """Nine seats of Tortuga 1667, all at this computer: eight name fields in two rows under the
    options, and every text on the screen fits, in each language."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "dice"))  # the layout checks' helpers
    from test_layout import check, draw_scene
    from test_net_tables import tables_screen_in

    with tables_screen_in(lang, on_created=lambda *a: None) as (app, scene, caught):
        press(app, scene, "game")  # -> Tortuga 1667
        for _ in range(20):  # the seat count goes round: at most one round to nine
            if scene.new.players == 9:
                break
            press(app, scene, "players")
        assert scene.new.players == 9
        for _ in range(8):  # 1 -> 8, then round to no computer players
            press(app, scene, "computers")
        assert scene.new.computers == 0
        for _ in range(8):
            press(app, scene, "here")
        assert scene.new.here == 9 and len(scene._name_entries) == 8 and scene._btn["create"].is_enabled
        rows = {e.rect.y for e in scene._name_entries}
        assert len(rows) == 2 and min(rows) > scene._btn["here"].rect.y
        assert len({e.get_text() for e in scene._name_entries}) == 8  # eight different names offered
        rep, texts = draw_scene(app, scene)
        problems = check(rep, texts, app.size, f"{lang} tables, nine here")
        problems += [f"pygame_gui: {w.message}" for w in caught if "too small" in str(w.message)]
        b = scene._btn["here"]
        font = b.drawable_shape.theming["font"] if hasattr(b, "drawable_shape") else None
        if font is not None:
            assert font.size(b.text)[0] <= b.rect.w - 4, b.text
        assert not problems, problems[:10]
