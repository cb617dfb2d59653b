"""The switch for computer players' talk at network Tortuga 1667 tables, and what the screens show of
it, on 127.0.0.1: the table list's "new table" offers "computer players talk / keep quiet" for a game
with talk (on by default, as at a local table); the host screen offers it too, starting from what the
1667 setup screen chose; the table list says how many watch each table; the chat panel words a computer
player's line in the player's language (an unreadable one is said to be so, never shown as data)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

for _helpers in ("dice", "net"):  # the network screens' helpers
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / _helpers))

from app_helpers import start_app  # noqa: E402
from test_net_tables import only_table, open_tables, press, start  # noqa: E402
from test_netui_join import wait  # noqa: E402

from tortuga_desktop.games.t1667.ai.talk import Reaction  # noqa: E402
from tortuga_desktop.games.t1667.net.codec import talk_to_text  # noqa: E402
from tortuga_desktop.games.t1667.net.run import Run1667  # noqa: E402
from tortuga_desktop.games.t1667.rules.cards import VoteKind  # noqa: E402
from tortuga_desktop.net import protocol as P  # noqa: E402
from tortuga_desktop.net.server import ServerThread  # noqa: E402
from tortuga_desktop.shell import game as games  # noqa: E402
from tortuga_desktop.shell import i18n  # noqa: E402
from tortuga_desktop.shell.loop import App  # noqa: E402
from tortuga_desktop.shell.netsession import ChatLine, NetSession  # noqa: E402
from tortuga_desktop.shell.scenes.chat import chat_text  # noqa: E402
from tortuga_desktop.shell.scenes.host import HostScene  # noqa: E402
from tortuga_desktop.shell.scenes.tables import table_line  # noqa: E402


@pytest.fixture()
def server() -> Iterator[ServerThread]:
    st = start()
    try:
        yield st
    finally:
        st.stop()


def test_the_list_s_new_1667_table_has_talk_on_by_default_and_can_switch_it_off(server: ServerThread) -> None:
    app = start_app()
    try:
        scene = open_tables(app, server.port)
        press(app, scene, "game")  # the dice game -> Tortuga 1667
        assert "talk" in scene._btn and scene.new.options()["talk"] is True
        assert "talk" in scene._btn["talk"].text
        press(app, scene, "talk")  # on -> off
        assert scene.new.choice("talk") == "off" and "quiet" in scene._btn["talk"].text
        press(app, scene, "create")
        wait(app, lambda: server.call(lambda s: any(sl.conn for t in s.tables.values() for sl in t.slots)))
        made = only_table(server)
        assert made.kind == "t1667" and made.options.get("talk", False) is False  # (off: the default, left out)
        assert isinstance(made.game, Run1667) and not made.game.talk
    finally:
        app.close()


def test_the_host_screen_offers_talk_from_the_setup_screen_s_choice() -> None:
    from tortuga_desktop.games.t1667.table.setup import Seat1667, Setup1667, Setup1667Scene

    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    try:
        seats = (Seat1667("Ann", "human"), Seat1667("Bo", "hard"), Seat1667("Cy", "easy"))
        app.push(Setup1667Scene(Setup1667(seats, None, None, False), on_start=lambda s: None))
        app.step(1 / 60)
        app.top.press("host")
        app.step(1 / 60)
        host = app.top
        assert isinstance(host, HostScene) and host.game == "t1667"
        assert "talk" in host._choice_dds
        assert host.plan().options == {"talk": False}  # as the setup screen had it: quiet
        dd = host._choice_dds["talk"]
        dd.selected_option = (i18n.tr("net67.tables.talk_on"), "on")
        host._read()
        assert host.plan().options == {"talk": True}
    finally:
        app.close()


def test_a_fresh_host_screen_for_1667_has_talk_on_and_the_dice_game_has_no_such_choice() -> None:
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    try:
        t67 = games.module("t1667")
        assert isinstance(t67, games.NetworkGame)
        host = HostScene(t67.host_setup())
        app.push(host)
        app.step(1 / 60)
        assert host.plan().options == {"talk": True}
        dice = games.module(games.DEFAULT_GAME)
        assert isinstance(dice, games.NetworkGame)
        host2 = HostScene(dice.host_setup())
        app.push(host2)
        app.step(1 / 60)
        assert host2._choice_dds == {} and host2.plan().options == {}
    finally:
        app.close()


def test_the_list_says_how_many_watch_a_table() -> None:
    row = P.TableInfo(table="a", name="Harbour", players=4, open_seats=0, started=True, over=False, game="t1667",
                      watchers=3)
    assert "3 watching" in table_line(row)
    assert "watching" not in table_line(P.TableInfo(table="b", name="Cove", players=4, open_seats=0, started=True,
                                                    over=False))


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_the_chat_panel_words_a_computer_player_s_line(lang: str) -> None:
    before = i18n.get_language()
    i18n.set_language(lang)
    try:
        lobby = [SimpleNamespace(name=n) for n in ("Ann", "Bo", "Cy")]
        session = SimpleNamespace(game="t1667", lobby=lobby)  # what the session's words come from
        session.bot_words = lambda ln: NetSession.bot_words(session, ln)  # type: ignore[arg-type]
        text = talk_to_text(Reaction(1, "suspect", VoteKind.ATTACK, "failed", 2, about=2))
        line = ChatLine(5, 1, "Bo", "bot", text, 0.0)
        said = chat_text(line, session)  # type: ignore[arg-type]
        assert "Bo" in said and "Cy" in said and "{" not in said
        bad = chat_text(ChatLine(6, 1, "Bo", "bot", '{"t":"nonsense"}', 0.0), session)  # type: ignore[arg-type]
        assert bad == i18n.tr("net.chat.bot_unread", name="Bo")
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_the_network_table_s_key_hint_says_t_opens_the_chat(lang: str) -> None:
    """At a network 1667 table T opens the chat (the talk is the table's option, not a key): the side
    panel's key hint says so; the local table's still names T for the computer players' talk."""
    from tortuga_desktop.games.t1667.table.netscene import NetTable1667Scene
    from tortuga_desktop.games.t1667.table.scene import Table1667Scene

    before = i18n.get_language()
    i18n.set_language(lang)
    try:
        net, local = i18n.tr(NetTable1667Scene.keys_hint), i18n.tr(Table1667Scene.keys_hint)
        assert "T: Chat" in net or "T: chat" in net
        assert net != local and "T: chat" not in local and "T: Chat" not in local
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_the_list_s_new_1667_table_fits_with_its_options_in_every_language(lang: str) -> None:
    """With Tortuga 1667 chosen the new table has seven options (game, players, computers, level,
    starred cards, talk, public): they go in two rows, and every text fits its button, in each language
    (in one row "computer players talk" was cut short)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "dice"))
    from test_layout import check, draw_scene
    from test_net_tables import tables_screen_in

    with tables_screen_in(lang) as (app, scene, caught):
        scene.press(scene._btn["game"])  # -> Tortuga 1667
        app.run(max_frames=3)
        assert scene.new.game == "t1667" and {"starred", "talk"} <= set(scene._btn)
        assert scene._btn["talk"].rect.y > scene._btn["game"].rect.y  # a second row
        rep, texts = draw_scene(app, scene)
        problems = check(rep, texts, app.size, f"{lang} tables, 1667")
        problems += [f"pygame_gui: {w.message}" for w in caught if "too small" in str(w.message)]
        for key in ("starred", "talk", "listed", "game"):
            b = scene._btn[key]
            font = b.drawable_shape.theming["font"] if hasattr(b, "drawable_shape") else None
            if font is not None:
                assert font.size(b.text)[0] <= b.rect.w - 4, (key, b.text)
        assert not problems, problems[:10]
