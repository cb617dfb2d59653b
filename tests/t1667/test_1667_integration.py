"""Tortuga 1667 from the main menu through the real loop (issue 28): New game → the game chooser →
1667's setup → Start → its table on a LocalTable (computer players off the frame loop) → a few
moves → the autosave → pause → main menu → Continue → the same position; and a whole game at
instant speed to the end screen, whose New game starts the same seats again."""

from __future__ import annotations

import json
import time
from typing import Any

import pygame
from app_helpers import choose_game, start_app

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.t1667.table.end import End1667Scene
from tortuga_desktop.games.t1667.table.scene import Handover1667, Table1667Scene
from tortuga_desktop.games.t1667.table.setup import Setup1667Scene
from tortuga_desktop.shell import paths
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.saves import autosave_path


def _new_1667(app: Any) -> Table1667Scene:
    app.top.new_game()
    choose_game(app, "t1667")
    setup = app.top
    assert isinstance(setup, Setup1667Scene)
    app.post(Key(pygame.K_RETURN))  # Start: one human against three Normal computer players
    app.run(max_frames=2)
    table = app.top
    assert isinstance(table, Table1667Scene) and table.table.human_seats == (0,)
    return table


def _play(app: Any, scene: Table1667Scene, *, moves: int | None = None, seconds: float = 120) -> int:
    """Answer seat 0's decisions with the first choice until ``moves`` of its own were made (or the end)."""
    made = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end and not scene.finished and (moves is None or made < moves):
        if isinstance(app.top, Handover1667):
            app.post(Key(pygame.K_SPACE))
        elif scene.panel is not None and scene.beat is None and app.top is scene:
            before = scene.table.engine.decisions  # type: ignore[attr-defined]
            app.post(Key(pygame.K_1))
            app.run(max_frames=1)
            made += scene.table.engine.decisions > before  # type: ignore[attr-defined]
            continue
        app.run(max_frames=1)
    return made


def test_new_game_plays_autosaves_and_continues_at_the_same_position() -> None:
    app = start_app()
    try:
        scene = _new_1667(app)
        assert _play(app, scene, moves=3) == 3
        widget = scene.aids.widget(scene)  # seat 0 marks seat 2 "british" on its plaque's note tag
        assert widget is not None
        app.post(Click(widget.rects[2].center, 1))
        app.run(max_frames=1)
        assert scene.aids.notes.of(0) == {2: "british"}
        engine = scene.table.engine  # type: ignore[attr-defined]
        app.session.writer().flush(10)
        doc = json.loads(autosave_path(create=False).read_text("utf-8"))
        assert doc["game"] == "t1667" and doc["record"]["entries"] == engine.record()["entries"]
        assert doc["notes"] == {"0": {"2": "british"}}
        app.post(Key(pygame.K_ESCAPE))  # pause → main menu
        app.run(max_frames=2)
        pause = app.top
        assert pause.name == "pause"
        save = next(b for b in pause.buttons.items if b.label == tr("menu.save_game"))
        assert save.enabled  # the pause menu's Save works for a 1667 game
        pause.save_game()
        app.run(max_frames=1)
        assert app.top.name == "save"
        assert app.top.save("Friday at sea")
        for _ in range(300):
            app.session.writer().flush(1)
            app.run(max_frames=1)
            if app.top is pause:
                break
        assert app.top is pause
        named = [json.loads(p.read_text("utf-8")) for p in paths.saves_dir(create=False).glob("*.json")]
        assert [(d["game"], d["meta"]["name"]) for d in named] == [("t1667", "Friday at sea")]
        assert named[0]["notes"] == {"0": {"2": "british"}}
        pause.to_menu()
        app.run(max_frames=2)
        assert app.top.name == "menu"
        app.session.writer().flush(10)
        saved = json.loads(autosave_path(create=False).read_text("utf-8"))
        decisions = len(saved["record"]["entries"])
        app.top.continue_game()
        settle(app)
        again = app.top
        assert isinstance(again, Table1667Scene)
        assert again.keeper.game_id == saved["game_id"]  # the same game goes on in the same autosave
        record = again.table.record()
        assert record is not None and record["entries"][:decisions] == saved["record"]["entries"]
        assert again.aids.notes.of(0) == {2: "british"}  # the seat's deduction notes came back with the game
    finally:
        app.close()


def test_a_whole_game_at_instant_speed_reaches_the_end_screen_and_new_game_starts_again() -> None:
    app = start_app("--speed", "instant")
    try:
        scene = _new_1667(app)
        _play(app, scene, seconds=240)
        for _ in range(10):
            app.run(max_frames=1)
        assert scene.finished and scene.table.is_over
        assert app.top is scene  # the table's own end box first
        app.post(Key(pygame.K_RETURN))  # Enter: the end screen
        app.run(max_frames=2)
        end = app.top
        assert isinstance(end, End1667Scene) and "new" in end.buttons()
        app.session.writer().flush(10)
        assert not autosave_path(create=False).exists()  # a finished game is no game to continue
        names = scene.table.names
        end.choose("new")
        app.run(max_frames=2)
        fresh = app.top
        assert isinstance(fresh, Table1667Scene) and fresh is not scene and fresh.table.names == names
        assert not fresh.finished
    finally:
        app.close()
