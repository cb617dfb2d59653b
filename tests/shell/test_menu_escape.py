"""Esc on the title screen asks before quitting (it quit at once: Esc is "back" everywhere else)."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import start_app

from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.scenes.menu import MenuScene

pytestmark = pytest.mark.usefixtures("app_home")


def test_escape_on_the_main_menu_asks_first() -> None:
    app = start_app()
    try:
        assert isinstance(app.top, MenuScene)
        app.post(Key(pygame.K_ESCAPE, 0, ""))
        app.run(max_frames=1)
        assert app.exit_code is None and app.top.name == "message"
        app.post(Key(pygame.K_ESCAPE, 0, ""))  # Back: the menu stays
        app.run(max_frames=1)
        assert app.exit_code is None and isinstance(app.top, MenuScene)
        app.post(Key(pygame.K_ESCAPE, 0, ""))
        app.run(max_frames=1)
        app.post(Key(pygame.K_RETURN, 0, "\r"))  # Quit
        app.run(max_frames=1)
        assert app.exit_code == 0
    finally:
        app.close()


def test_the_pause_menus_animation_speed_is_remembered() -> None:
    """The speed chosen in the pause menu held for that table only; the next game (and the next
    start) went back to the Settings' speed."""
    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.controller import GameController
    from tortuga_desktop.games.dice.table.scenes.table import TableScene
    from tortuga_desktop.shell import settings as settings_mod
    from tortuga_desktop.shell.saves import SeatConfig
    from tortuga_desktop.shell.scenes.pause import PauseScene

    app = start_app()
    try:
        seats = [SeatConfig("Ann", "human", 0), SeatConfig("Bo", "easy", 1, 1)]
        table = TableScene(GameController(Game.new(2, 4, names=["Ann", "Bo"]), seats), speed=app.table_speed())
        app.push(table)
        app.run(max_frames=2)
        before = table.speed
        app.post(Key(pygame.K_ESCAPE, 0, ""))
        app.run(max_frames=2)
        pause = app.top
        assert isinstance(pause, PauseScene)
        pause.cycle_speed()
        chosen = table.speed
        assert chosen != before and app.settings.animation_speed == chosen
        assert app.table_speed() == chosen  # the next table
        assert app.session.writer().flush()
        assert settings_mod.load_settings().animation_speed == chosen  # the next start
    finally:
        app.close()


def test_a_notice_never_covers_the_load_screens_title() -> None:
    """"Game saved as ..." was drawn over the Load screen's title."""
    from tortuga_desktop.shell.scenes.saveload import LoadScene

    app = start_app()
    try:
        load = LoadScene()
        app.push(load)
        for _ in range(3):
            app.request_redraw()
            app.run(max_frames=1)
        assert load.notice_top > 0
        band = pygame.Rect(0, 0, app.window.get_width(), load.notice_top)
        before = pygame.image.tobytes(app.window.subsurface(band), "RGB")
        app.notify("Game saved as Before the storm.")
        app.request_redraw()
        app.run(max_frames=1)
        assert app.notice_rects and all(r.top >= load.notice_top for r in app.notice_rects)
        assert pygame.image.tobytes(app.window.subsurface(band), "RGB") == before  # the title is untouched
    finally:
        app.close()
