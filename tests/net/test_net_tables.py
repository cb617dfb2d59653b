"""A dedicated server's list of tables (issue 26, item 3): listed and private tables, what a row
says, the limits on asking, and the game's own screen that lists, joins and creates tables —
all on 127.0.0.1 (no multicast: the Join screen's local-network browser is faked)."""

from __future__ import annotations

import contextlib
import socket
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_helpers import start_app
from test_netui_join import open_join, wait

from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import NetClient, Status
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.scenes.join import JoinScene
from tortuga_desktop.shell.scenes.tables import TablesScene, table_line

HOST = "127.0.0.1"


def start(**config: Any) -> ServerThread:
    st = ServerThread(ServerConfig(host=HOST, port=0, lobby=True, **config))
    st.start()
    return st


@pytest.fixture()
def server() -> Iterator[ServerThread]:
    st = start()
    try:
        yield st
    finally:
        st.stop()


def only_table(st: ServerThread) -> Table:
    """The one table the server has."""
    (made,) = st.call(lambda s: list(s.tables.values()))
    return made  # type: ignore[no-any-return]


def table(st: ServerThread, name: str, seats: str = "oc", **options: Any) -> Table:
    kinds = {"o": "open", "c": "computer"}
    specs = [P.SeatSpec(kind=kinds[k], level="easy") for k in seats]  # type: ignore[arg-type]
    made: Table = st.call(lambda s: s.create_table(specs, name=name, **options))
    return made


def ask(c: NetClient, kind: type, seconds: float = 10.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        item = c.get(timeout=0.1)
        if isinstance(item, kind):
            return item
        if isinstance(item, P.Error) and kind is not P.Error:
            raise AssertionError(f"refused: {item.code} {item.message}")
    raise AssertionError(f"no {kind.__name__}")


def test_a_listed_table_carries_its_code_and_a_private_one_does_not(server: ServerThread) -> None:
    pub = table(server, "Harbour", "ooc", listed=True, long_game=True)
    priv = table(server, "Cove", "oo")
    c = NetClient(f"{HOST}:{server.port}", reconnect=False)
    c.start()
    try:
        c.list_tables()
        rows = {t.name: t for t in ask(c, P.Tables).tables}
        assert rows["Harbour"].code == pub.code and rows["Harbour"].listed
        assert rows["Harbour"].long_game and rows["Harbour"].computers == 1 and rows["Harbour"].level == "easy"
        assert rows["Cove"].code == "" and not rows["Cove"].listed
        assert priv.code not in P.encode(P.Tables(tables=list(rows.values()))).decode()
        # a listed table is joined with the code from the list; who waits there shows in the next list
        c.join(rows["Harbour"].code, table=rows["Harbour"].table, name="Anne")
        assert ask(c, P.Joined).seats == [0]
        c.list_tables()
        rows = {t.name: t for t in ask(c, P.Tables).tables}
        assert rows["Harbour"].waiting == ["Anne"] and rows["Harbour"].open_seats == 1
        assert rows["Cove"].waiting == []
        # a private table is joined only with its code
        d = NetClient(f"{HOST}:{server.port}", reconnect=False)
        d.start()
        try:
            d.join("", table=priv.id, name="Bob")
            assert ask(d, P.Error).code == "code"
            d.join(priv.code, table=priv.id, name="Bob")
            assert ask(d, P.Joined).seats == [0]
        finally:
            d.close()
    finally:
        c.close()


def test_the_list_puts_open_tables_first_and_leaves_out_finished_ones(server: ServerThread) -> None:
    full = table(server, "Full", "oc", listed=True)
    table(server, "Open", "ooc", listed=True)
    over = table(server, "Over", "oc", listed=True)

    def finish(s: Any) -> None:
        from tortuga_desktop.games.dice.rules import Game

        full.slots[0].token_hash = "x" * 64  # somebody took the seat
        import random

        over.game = Game.new(2, 5)
        over.game.playout(random.Random(1))
        assert over.game.is_over

    server.call(finish)
    c = NetClient(f"{HOST}:{server.port}", reconnect=False)
    c.start()
    try:
        c.list_tables()
        assert [t.name for t in ask(c, P.Tables).tables] == ["Open", "Full"]
    finally:
        c.close()


def test_listing_is_limited_per_connection_and_in_size() -> None:
    st = start(max_tables=300, list_rate=0.01, list_burst=3, create_rate=1e6, create_burst=1e6)
    try:
        st.call(lambda s: [s.create_table([P.SeatSpec(kind="open", name="N" * 24), P.SeatSpec(kind="open")],
                                          name=f"{i:03d}" + "T" * 21, listed=True) for i in range(P.MAX_LISTED + 20)])
        c = NetClient(f"{HOST}:{st.port}", reconnect=False)
        c.start()
        try:
            sizes: list[int] = []
            for _ in range(3):
                c.list_tables()
                got = ask(c, P.Tables)
                assert len(got.tables) == P.MAX_LISTED and got.more == 20
                sizes.append(len(P.encode(got)))
            assert max(sizes) < P.MAX_MESSAGE
            c.list_tables()  # over the burst: refused with a wait, nothing listed
            err = ask(c, P.Error)
            assert err.code == "rate" and "wait" in err.message
        finally:
            c.close()
    finally:
        st.stop()


def test_a_listed_table_stays_listed_after_a_restart(tmp_path: Path) -> None:
    st = start(save_dir=tmp_path)
    try:
        t = table(st, "Kept", "oc", listed=True, auto_start=True)
        data = st.call(lambda s: t.to_save())
    finally:
        st.stop()
    assert Table.from_save(data).listed and Table.from_save(data).auto_start
    assert not Table.from_save({**data, "listed": "yes"}).listed  # only a real true counts


def test_a_row_says_seats_people_computers_and_state() -> None:
    info = P.TableInfo(table="t1", name="Harbour", players=4, open_seats=1, started=False, over=False, listed=False,
                       long_game=True, waiting=["Anne", "Bob"], computers=1, level="hard")
    line = table_line(info)
    for part in ("Harbour", "3 of 4 seats taken", "Anne, Bob", "1 computer player (Hard)", "long game",
                 "waiting for players", "private"):
        assert part in line, (part, line)


# ---------------------------------------------------------------- the game's screens
def open_tables(app: Any, port: int, join: JoinScene | None = None) -> TablesScene:
    join = join or open_join(app)
    assert join._addr is not None and join._name is not None
    join._addr.set_text(f"127.0.0.1:{port}")
    join._name.set_text("Remo")
    assert join.show_tables()
    scene = app.top
    assert isinstance(scene, TablesScene)
    wait(app, lambda: scene.lister is not None and not scene.lister.waiting)
    return scene


def press(app: Any, scene: TablesScene, key: str) -> None:
    scene.press(scene._btn[key])
    app.run(max_frames=1)


def notices(app: Any) -> list[str]:
    return [n.text for n in app.notices + app._incoming_notices]


def at_the_table(app: Any) -> bool:
    return isinstance(app.top, NetTableScene) and app.top.remote.ready


def test_the_join_screen_lists_the_servers_tables_and_joins_one(server: ServerThread) -> None:
    pub = table(server, "Harbour", "oc", listed=True, auto_start=True)
    table(server, "Cove", "oo")
    app = start_app()
    try:
        scene = open_tables(app, server.port)
        shown = [text for _, text in scene._lines]
        assert len(shown) == 2 and shown[0].startswith("Harbour") and "Cove" in shown[1] and "private" in shown[1]
        btn, row = scene._rows[0]
        assert row.name == "Harbour" and btn.is_enabled
        scene.press(btn)
        wait(app, lambda: at_the_table(app))
        remote = app.top.remote
        assert remote.human_seats == [0] and pub.slots[0].name == "Remo"
        remote.close()
    finally:
        app.close()


def test_a_private_table_asks_for_its_code_on_the_join_screen(server: ServerThread) -> None:
    priv = table(server, "Cove", "oc", auto_start=True)
    app = start_app()
    try:
        scene = open_tables(app, server.port)
        btn, row = scene._rows[0]
        assert row.name == "Cove" and row.code == ""
        scene.press(btn)
        app.run(max_frames=2)
        join = app.top
        assert isinstance(join, JoinScene) and "Cove is private" in join.message and join._pending is None
        assert join._code is not None and join._code.get_text() == ""
        join._code.set_text(priv.code)
        assert join.join()
        wait(app, lambda: at_the_table(app))
        app.top.remote.close()
    finally:
        app.close()


def test_a_table_made_on_the_list_screen_is_joined_and_starts(server: ServerThread) -> None:
    app = start_app()
    try:
        scene = open_tables(app, server.port)
        assert scene._rows == [] and "No tables" in scene.message()
        press(app, scene, "players")  # 2 -> 3 players
        press(app, scene, "computers")  # 1 -> 2 computer players
        press(app, scene, "level")  # normal -> hard
        press(app, scene, "listed")  # public -> private
        assert scene.new.players == 3 and scene.new.computers == 2 and scene.new.level == "hard"
        assert not scene.new.listed
        shown: list[str] = []
        real_notify = app.notify
        app.notify = lambda text, *a, **k: (shown.append(text), real_notify(text, *a, **k))  # type: ignore[method-assign]
        press(app, scene, "create")
        wait(app, lambda: at_the_table(app))
        (made,) = server.call(lambda s: list(s.tables.values()))
        # the creator's seat is played at this computer with the table's host token (a local seat)
        assert [s.kind for s in made.slots] == ["local", "computer", "computer"]
        assert made.slots[0].name == "Remo" and made.name == "Remo's table" and not made.listed
        assert made.game is not None  # it started by itself: every open seat is taken
        assert any(P.format_code(made.code) in n for n in shown), shown  # its code, to pass on
        app.step(1 / 60)  # the game began: the code is no longer over the table
        assert not any(P.format_code(made.code) in n for n in notices(app)), notices(app)
        app.top.remote.close()
    finally:
        app.close()


def test_an_in_game_host_or_no_server_says_so_in_words() -> None:
    host = ServerThread(ServerConfig(host=HOST, port=0))  # a player's hosted game: no lobby
    host.start()
    app = start_app()
    try:
        scene = open_tables(app, host.port)
        assert "not a dedicated server" in scene.message()
        assert not scene._btn["create"].is_enabled
        scene.back()
        app.run(max_frames=2)
        join = app.top
        assert isinstance(join, JoinScene)
        with socket.socket() as s:
            s.bind((HOST, 0))
            closed = s.getsockname()[1]
        scene = open_tables(app, closed, join)
        assert "Cannot reach" in scene.message()
        scene.handle(Key(pygame.K_ESCAPE))
        app.run(max_frames=2)
        assert isinstance(app.top, JoinScene)
    finally:
        app.close()
        host.stop()


class FakeClient:
    """A server's answers without a socket (for drawing the screen in every language)."""

    def __init__(self, url: str, **_: Any) -> None:
        long = "W" * 24
        self.items: list[Any] = [P.Welcome(version=P.PROTOCOL_VERSION, server="x", lobby=True), P.Tables(tables=[
            P.TableInfo(table=f"t{i}", name=long, players=4, open_seats=i % 4, started=i % 3 == 0, over=False,
                        listed=i % 2 == 0, code="K7PQ2MXRA" if i % 2 == 0 else "", long_game=True,
                        waiting=[long] * (4 - i % 4 - 1), computers=1, level="hard") for i in range(9)], more=3)]

    def start(self) -> None: ...
    def list_tables(self) -> None: ...
    def close(self, timeout: float = 0.0) -> None: ...

    def poll(self) -> list[Any]:
        out, self.items = self.items, []
        return out


@contextlib.contextmanager
def tables_screen_in(lang: str, **callbacks: Any) -> Iterator[tuple[Any, TablesScene, list[Any]]]:
    """A server's tables screen (a fake list of six tables) in ``lang``, with the layout checks' text
    probe on: (app, scene, pygame_gui's warnings while it is open). ``callbacks``: more of the
    screen's callbacks (``on_created``)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "dice"))  # the layout checks' helpers
    from test_layout import _probe  # noqa: F401 (the text probe)

    from tortuga_desktop.shell import art, i18n

    art.TEXT_PROBE = art.TEXT_PROBE if art.TEXT_PROBE is not None else {}
    app = start_app()
    try:
        app.settings.language = lang
        app.apply_settings({"language"})
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            scene = TablesScene("ws://127.0.0.1:1", "127.0.0.1:1", "Remo", lambda *a: None, client_factory=FakeClient,
                                on_watch=lambda *a: None, **callbacks)
            app.push(scene)
            app.run(max_frames=3)
            yield app, scene, caught
    finally:
        app.close()
        art.TEXT_PROBE = None
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_the_tables_screen_fits_and_speaks_the_language(lang: str) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "dice"))  # the language checks' helpers
    from test_i18n_coverage import _english_hits
    from test_layout import check, draw_scene

    with tables_screen_in(lang) as (app, scene, caught):
        assert len(scene._rows) == 6 and scene._btn["next"].is_enabled
        rep, texts = draw_scene(app, scene)
        assert any(t.startswith("W" * 24) for t, _ in texts) and len(texts) > 10
        problems = check(rep, texts, app.size, f"{lang} tables")
        problems += [f"pygame_gui: {w.message}" for w in caught if "too small" in str(w.message)]
        assert not problems, problems[:10]
        if lang != "en":
            shown = [t for t, _ in texts]
            assert not _english_hits(shown, {"W" * 24, "Remo"}, lang), _english_hits(shown, {"W" * 24}, lang)[:10]


# ---------------------------------------------------------------- watching
def test_a_watcher_sees_the_public_game_only_and_cannot_act_or_talk(server: ServerThread) -> None:
    from test_net_game import Player, pump_until

    from tortuga_desktop.games.dice.rules import PlayerView
    from tortuga_desktop.games.dice.rules.events import event_to_dict, visible

    pub = table(server, "Harbour", "oc", listed=True, auto_start=True)
    a = Player(server.port, pub.code, 3)
    w = NetClient(f"{HOST}:{server.port}", reconnect=False)
    w.start()
    got: list[Any] = []
    events: list[dict[str, Any]] = []
    try:
        w.watch(pub.id)
        pump_until([a], lambda: pub.game is not None)

        def drain() -> None:
            for item in w.poll():
                got.append(item)
                if isinstance(item, P.Update):
                    assert item.seat == P.SPECTATOR and PlayerView.from_json(item.view).viewer is None
                    del events[item.first:]
                    events.extend(item.events)

        def done() -> bool:
            drain()
            return a.over and any(isinstance(i, P.Update) and PlayerView.from_json(i.view).is_over for i in got)

        pump_until([a], done, timeout=60)
        assert isinstance(next(i for i in got if not isinstance(i, Status | P.Welcome)), P.Watching)
        game = pub.game
        assert game is not None
        last = [i for i in got if isinstance(i, P.Update)][-1]
        assert PlayerView.from_json(last.view) == game.view(None)  # the public view: no seat's own dice or tiles
        assert events == [event_to_dict(e) for e in visible(game.events, None)]
        assert any(isinstance(i, P.Chat) and i.kind == "joined" for i in got)  # the table's chat, read only
        w._post(P.Act(id=1, seat=0, decisions=0, action="target 1"))  # past the client's own check
        w._post(P.Say(text="hello"))
        end = time.monotonic() + 5
        codes: list[str] = []
        while len(codes) < 2 and time.monotonic() < end:
            item = w.get(timeout=0.1)
            if isinstance(item, P.Error):
                codes.append(item.code)
        assert sorted(codes) == ["chat", "seat"]
    finally:
        a.client.close()
        w.close()


def test_a_private_table_is_watched_only_with_its_code_and_watchers_are_capped() -> None:
    st = start(max_watchers=2)
    try:
        priv = table(st, "Cove", "oo")
        c = NetClient(f"{HOST}:{st.port}", reconnect=False)
        c.start()
        c.watch(priv.id)
        assert ask(c, P.Error).code == "code"
        assert st.server.join_guard.guesses_checked == 1  # a wrong code counts as a guess
        c.close()
        watchers = []
        for _ in range(3):
            w = NetClient(f"{HOST}:{st.port}", reconnect=False)
            w.start()
            w.watch(priv.id, priv.code)
            watchers.append(w)
        replies = [ask(w, P.Watching | P.Error) for w in watchers]  # type: ignore[arg-type]
        assert sum(isinstance(r, P.Watching) for r in replies) == 2
        assert [r.code for r in replies if isinstance(r, P.Error)] == ["full"]
        lobby = ask(next(w for w, r in zip(watchers, replies, strict=True) if isinstance(r, P.Watching)), P.Lobby)
        assert lobby.name == "Cove"
        assert not st.call(lambda s: priv.person_here())  # a watcher does not keep a table going
        c2 = NetClient(f"{HOST}:{st.port}", reconnect=False)
        c2.start()
        c2.list_tables()
        assert ask(c2, P.Tables).tables[0].watchers == 2
        c2.close()
        for w in watchers:
            w.close()
    finally:
        st.stop()


def test_a_table_is_watched_from_the_list(server: ServerThread) -> None:
    from test_net_game import Player

    pub = table(server, "Harbour", "oc", listed=True, auto_start=True)
    a = Player(server.port, pub.code, 5)
    app = start_app()
    try:
        end = time.monotonic() + 15
        while pub.game is None or pub.game.decisions < 3:
            assert time.monotonic() < end
            a.pump()
            time.sleep(0.01)
        scene = open_tables(app, server.port)
        assert "2 of 2 seats taken" in scene._lines[0][1] and "being played" in scene._lines[0][1]
        (wb, row), = scene._watch_rows
        assert row.name == "Harbour" and wb.is_enabled
        scene.press(wb)

        def watching() -> bool:
            a.pump()
            return at_the_table(app)

        wait(app, watching)
        table_scene = app.top
        remote = table_scene.remote
        assert remote.session.watching and remote.human_seats == [] and table_scene.viewer is None
        assert not remote.session.say("hello")  # watchers read the chat only
        # what the watcher has is the server's public view of the same moment (never a seat's own)
        a.client.close()  # the game pauses (nobody seated is connected): a moment to compare
        pump_end = time.monotonic() + 10
        while True:
            app.run(max_frames=1)
            truth = server.call(lambda s: pub.game.view(None))
            if remote.ready and remote.view(None) == truth:
                break
            assert time.monotonic() < pump_end, "the watcher's view never matched the public view"
            time.sleep(0.02)
        assert remote.view(None).viewer is None and remote.viewers == frozenset([None])
        assert table_scene.controller is remote and not remote.waiting()
        remote.close()
    finally:
        a.client.close()
        app.close()


def test_a_request_that_never_left_says_unreachable_not_refused() -> None:
    """A connection to a closed port can stop before the list request goes out: the client then
    answers it itself with an "offline" error. That is "cannot reach the server", not a refusal
    (it read "The server refused the request." in about half the runs)."""
    from tortuga_desktop.shell.scenes.tables import TableLister

    class Offline(FakeClient):
        def __init__(self, url: str, **_: Any) -> None:
            self.items = [P.Error(code="offline", message="the connection is closed")]

    lister = TableLister("ws://127.0.0.1:1", client_factory=Offline)
    assert lister.pump()
    assert lister.problem == "net.error.unreachable" and not lister.waiting
