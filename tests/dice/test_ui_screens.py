"""Headless tests of the issue-6 screens: settings, language switch, rules help, context help,
statistics, named saves, ``tortuga PATH`` with a bad file, and the keys."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_helpers import start_app as _app

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.dice.table import pictures, words
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.savefile import read_save
from tortuga_desktop.shell import art, i18n
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.main import build_parser
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.start import make_app

pytestmark = pytest.mark.usefixtures("app_home")  # a private home, English, markers on (conftest)


def _seats(*kinds: str) -> list[SeatConfig]:
    names = ("Anna", "Bart", "Clara", "Dirk")
    return [SeatConfig(names[i], k, i) for i, k in enumerate(kinds)]


def _play_to(game: Any, rng: random.Random, done: Any) -> None:
    while not done(game):
        s = game.to_move()[0]
        game.apply(s, game.random_action(s, rng))


def test_settings_apply_at_once_and_persist_across_a_restart() -> None:
    app = _app()
    try:
        app.top.settings()
        scene = app.top
        assert scene.name == "settings"
        app.run(max_frames=2)
        scene.set("volume", 0.3)
        scene.set("mute", True)
        scene.set("colourblind_markers", False)
        scene.set("animation_speed", "fast")
        scene.set("reduced_motion", True)
        scene.set("window_size", (1920, 1080))
        assert app.sound.volume == pytest.approx(0.3) and app.sound.muted
        assert not art.markers_on()
        assert app.size == (1920, 1080)
        assert app.table_speed() == "instant"
        scene.set("language", "de")
        assert i18n.get_language() == "de"
        app.run(max_frames=2)
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=2)
        assert app.top.name == "menu"
        assert app.top.buttons.items[0].label == "Neues Spiel"
    finally:
        app.close()
    app2 = make_app(build_parser().parse_args(["--mute"]))
    try:
        s = app2.settings
        assert (s.language, s.volume, s.mute, s.colourblind_markers, s.animation_speed, s.reduced_motion) == \
            ("de", 0.3, True, False, "fast", True)
        assert tuple(s.window_size) == (1920, 1080) and app2.size == (1920, 1080)
        assert i18n.get_language() == "de" and not art.markers_on()
        assert app2.top.buttons.items[0].label == "Neues Spiel"
    finally:
        app2.close()


def test_settings_controls_send_ui_events() -> None:
    import pygame_gui

    app = _app()
    try:
        app.top.settings()
        scene = app.top
        box = scene._w["colourblind_markers"]
        ev = pygame.event.Event(pygame_gui.UI_CHECK_BOX_UNCHECKED, {"ui_element": box})
        from tortuga_desktop.shell.intents import UIEvent

        app.post(UIEvent(ev))
        app.run(max_frames=1)
        assert app.settings.colourblind_markers is False and not art.markers_on()
        plain, marked = pictures.plain_chest("chest_red", 48), art.icon("chest_red", 48)
        assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(marked, "RGBA")
    finally:
        app.close()


def test_f11_toggles_fullscreen_and_remembers_it() -> None:
    app = _app()
    try:
        app.post(Key(pygame.K_F11))
        app.run(max_frames=1)
        assert app.fullscreen and app.settings.fullscreen
        from tortuga_desktop.shell.settings import load_settings

        assert app.session.writer().flush()  # settings are written in the background
        assert load_settings().fullscreen
        app.post(Key(pygame.K_F11))
        app.run(max_frames=1)
        assert app.session.writer().flush()
        assert not app.fullscreen and not load_settings().fullscreen
    finally:
        app.close()


def test_language_switch_rerenders_menu_and_table_in_german() -> None:
    app = _app("--demo", "--speed", "fast", "--players", "3")
    try:
        app.run(max_frames=20)
        table = app.top
        assert table.name == "table"
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=2)
        pause = app.top
        assert pause.name == "pause"
        assert pause.buttons.items[0].label == "Resume"
        static_before = table.renderer._static
        app.settings.language = "de"
        app.apply_settings({"language"})
        app.run(max_frames=2)
        assert pause.buttons.items[0].label == i18n.translate("de", "menu.resume")
        assert app.scenes[0].buttons.items[0].label == "Neues Spiel"
        assert table.renderer._static is not static_before
        app.pop()
        app.run(max_frames=3)
        lines = table.renderer.tooltip(table.renderer.hit_test(table.renderer.layout.phase.center, table.view),
                                       table.view)
        assert lines and "Runde" in lines[0]
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_f1_opens_and_closes_the_rules_in_each_language(lang: str) -> None:
    app = _app()
    try:
        app.settings.language = lang
        app.apply_settings({"language"})
        app.post(Key(pygame.K_F1))
        app.run(max_frames=2)
        help_scene = app.top
        assert help_scene.name == "help"
        assert len(help_scene._anchors) == len(words.HELP_SECTIONS)
        app.post(Click((10, 10), 5))
        app.run(max_frames=1)
        assert help_scene.scroll > 0
        app.post(Key(pygame.K_F1))
        app.run(max_frames=1)
        assert app.top.name == "menu"
        app.post(Key(pygame.K_F1))
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=1)
        assert app.top.name == "menu"
    finally:
        app.close()


def test_context_help_lists_totals_and_positions() -> None:
    app = _app()
    try:
        data = SetupConfig(seats=_seats("human", "easy", "easy"), seed=5).create_game()
        g = data.game
        _play_to(g, random.Random(2), lambda gg: gg.phase == "actions")
        table = app.session.play(data)
        table.set_speed("instant")
        app.run(max_frames=4)
        a = g.act_action
        seat = g.positions(a)[0]
        rect = table.renderer.layout.boards[seat].actions[a]
        app.post(Click(rect.center, 1))
        app.run(max_frames=2)
        panel = app.top
        assert panel.name == "positions"
        text = "\n".join(t for t, _b in panel.lines())
        for r in panel.rows:
            assert f"= {r['total']}" in text and r["name"] in text
        assert panel.rows[0]["position"] == 1
        assert [r["seat"] for r in panel.rows] == g.positions(a)
        assert i18n.tr("term.position_1") in text
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=1)
        assert app.top is table
    finally:
        app.close()


def test_finished_game_is_archived_counted_and_reviewable() -> None:
    from tortuga_desktop.shell import saves, stats

    app = _app()
    try:
        data = SetupConfig(seats=_seats("human", "hard", "easy"), seed=9).create_game()
        _play_to(data.game, random.Random(9), lambda gg: gg.is_over)
        saves.autosave(data)
        app.session.play(data)
        app.top.set_speed("instant")
        app.run(max_frames=10)
        assert app.top.name == "results"
        assert app.session.writer().flush()  # the archive and the statistics are written in the background
        st = stats.load_stats().get("Anna")
        assert st is not None and st.games == 1
        assert st.vs["hard"].games == 1 and st.vs["easy"].games == 1
        assert not saves.has_autosave()
        assert len(saves.list_finished()) == 1
        app.clear_to(__import__("tortuga_desktop.shell.scenes.menu", fromlist=["MenuScene"]).MenuScene())
        app.top.statistics()
        settle(app)
        sc = app.top
        assert sc.rows[1][0] == "Anna" and sc.rows[1][1] == "1"
        sc.tab = "finished"
        assert sc.open_finished(0)
        settle(app)
        res = app.top
        assert res.name == "results" and res.review
        assert any("Anna" in ln for ln in res.log_lines())
        app.post(Key(pygame.K_l))
        app.run(max_frames=1)
        assert res.show_log
        app.post(Key(pygame.K_ESCAPE))
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=1)
        assert app.top.name == "stats"
    finally:
        app.close()


def _finish(controller: Any) -> None:
    for _ in range(5000):
        if controller.game.is_over:
            return
        controller.poll(start_new=True, budget_s=0.2)
    raise AssertionError("game did not finish")


def test_save_and_load_a_named_game_from_the_pause_menu_continues_identically() -> None:
    from tortuga_desktop.games.dice.table.controller import GameController
    from tortuga_desktop.shell import saves

    app = _app()
    try:
        data = SetupConfig(seats=_seats("easy", "easy", "easy"), seed=4).create_game()
        table = app.session.play(data)
        table.set_speed("instant")
        app.run(max_frames=15)
        table.controller.close()
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=1)
        assert app.top.name == "pause"
        app.post(Key(pygame.K_s, pygame.KMOD_CTRL))
        app.run(max_frames=1)
        dialog = app.top
        assert dialog.name == "save"
        dialog.entry.set_text("Mijn spel")
        app.post(Key(pygame.K_RETURN))
        app.run(max_frames=1)
        assert app.session.writer().flush()  # the file is written in the background
        app.run(max_frames=1)
        assert app.top.name == "pause"
        snapshot = data.game.to_dict()
        [info] = saves.list_saves()
        assert info.name == "Mijn spel" and info.ok
        # play the original on, outside the app
        original = GameController(read_save(info.path).game, data.seats)
        _finish(original)
        # load it through the menu's Load game screen
        app.top.load_game()
        settle(app)
        assert app.top.name == "load"
        app.post(Key(pygame.K_RETURN))
        app.run(max_frames=2)
        settle(app)  # the save is loaded on a worker thread
        assert app.top.name == "message"  # over the game in progress: asked first (issue 23.4)
        app.post(Key(pygame.K_RETURN))
        app.run(max_frames=2)
        loaded = app.top
        assert loaded.name == "table"
        assert read_save(info.path).game.to_dict() == snapshot
        assert loaded.controller.game.decisions >= snapshot["decisions"]
        assert loaded.controller.game.to_dict()["events"][:len(snapshot["events"])] == snapshot["events"]
        loaded.controller.close()
        again = GameController(loaded.controller.game, loaded.controller.seats)
        _finish(again)
        assert again.game.to_dict() == original.game.to_dict()
    finally:
        app.close()


def test_bad_save_in_the_list_is_greyed_and_changes_nothing(tmp_path: Path) -> None:
    from tortuga_desktop.shell import paths

    bad = paths.saves_dir() / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    app = _app()
    try:
        app.top.load_game()
        settle(app)
        scene = app.top
        assert len(scene.infos) == 1 and not scene.infos[0].ok
        assert not scene.open(0)
        assert app.top is scene
    finally:
        app.close()


def test_command_line_bad_file_shows_the_message_over_the_main_menu(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"format": "tortuga-save", "schema": 1, "nonsense": true}')
    before = path.read_bytes()
    app = _app(str(path))
    try:
        assert [s.name for s in app.scenes] == ["menu", "message"]
        msg = app.top
        assert "game.json" in msg.text
        app.post(Key(pygame.K_RETURN))
        app.run(max_frames=1)
        assert app.top.name == "menu"
    finally:
        app.close()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"] or "game.json" in [p.name for p in tmp_path.iterdir()]


def test_command_line_good_file_opens_the_game(tmp_path: Path) -> None:
    from tortuga_desktop.shell import saves

    data = SetupConfig(seats=_seats("easy", "normal"), seed=3).create_game()
    path = saves.write_save(tmp_path / "good.json", data)
    app = _app(str(path))
    try:
        assert app.top.name == "table"
        game = app.top.controller.game
        assert game.names == data.game.names and game.decisions >= data.game.decisions
    finally:
        app.close()


def test_continue_restores_the_autosave() -> None:
    app = _app()
    try:
        data = SetupConfig(seats=_seats("human", "easy"), seed=8).create_game()
        table = app.session.play(data)
        app.run(max_frames=2)
        app.session.autosaver.flush()
        table.controller.close()
        app.pop()
        app.run(max_frames=1)
        menu = app.top
        cont = menu.buttons.items[1]
        assert cont.enabled
        cont.action()
        settle(app, frames=1)
        assert app.top.name == "table"
        assert app.top.controller.game.to_dict() == data.game.to_dict()
    finally:
        app.close()


def test_speed_keys_on_the_table_are_remembered() -> None:
    """In a game with a human the speed keys are remembered like the settings screen; a demo's
    speed is its own (issue 18: it must not carry into later games)."""
    from tortuga_desktop.games.dice.table.controller import GameController
    from tortuga_desktop.games.dice.table.scenes.table import TableScene
    from tortuga_desktop.shell.saves import SeatConfig
    from tortuga_desktop.shell.settings import load_settings

    app = _app("--demo", "--players", "2")
    try:
        app.run(max_frames=3)
        assert app.top.name == "table"
        app.post(Key(pygame.K_3, 0, "3"))
        app.run(max_frames=2)
        assert app.top.speed == "fast"
        assert app.session.writer().flush()
        assert load_settings().animation_speed == "normal"  # the demo's choice stays in the demo
        from tortuga_desktop.games.dice.rules.scenario import position

        seats = [SeatConfig("Ann", "human", 0, 0), SeatConfig("Bot", "easy", 1, 1)]
        game = position(players=2, seats=[{"placed": {"fleet": "ABCDE"}}, {}])  # Ann waits for the bot's roll
        table = TableScene(GameController(game, seats), speed=app.table_speed())
        app.push(table)
        assert table.speed == "normal" and not table.controller.pending_humans()
        app.post(Key(pygame.K_3, 0, "3"))  # no decision of Ann's is open
        app.run(max_frames=1)
        assert table.speed == "fast"
        assert app.session.writer().flush()  # settings are written in the background
        assert load_settings().animation_speed == "fast"
    finally:
        app.settings.animation_speed = "normal"  # leave the shared test home as it was
        app.save_settings()
        app.close()
