"""Keys at the table, driven headless through intents (issue 18, item 3).

* the speed keys 1-4 do nothing while a decision is open (they pick options then);
* Escape reaches the pause menu from a demo and from a hand-over screen in at most two presses;
* Tab/arrows move the focus ring over the dice and Space/Enter select the focused die;
* a speed chosen in a demo does not carry into later games; with reduced motion the table
  shows the same speed word as Settings;
* saving shows a confirmation notice.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pygame
import pytest
from app_helpers import start_app

from tortuga_desktop.games.dice.rules import DecisionKind, Game, SelectDice
from tortuga_desktop.games.dice.rules.scenario import position
from tortuga_desktop.games.dice.table.controller import GameController
from tortuga_desktop.games.dice.table.scenes.handover import HandoverScene
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.keys import hud_speed
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes.pause import PauseScene

pytestmark = pytest.mark.usefixtures("app_home")

ESC = Key(pygame.K_ESCAPE, 0, "\x1b")
TAB = Key(pygame.K_TAB, 0, "\t")
SPACE = Key(pygame.K_SPACE, 0, " ")
ENTER = Key(pygame.K_RETURN, 0, "\r")


def _digit(n: int) -> Key:
    return Key(getattr(pygame, f"K_{n}"), 0, str(n))


def _press(app: App, *intents: Any, frames: int = 2) -> None:
    for it in intents:
        app.post(it)
        app.run(max_frames=frames)


def _run_until(app: App, cond: Any, frames: int = 3000) -> None:
    for _ in range(frames):
        if cond():
            return
        app.run(max_frames=1)
    raise AssertionError("condition not reached")


def _human_table(app: App, game: Game, kinds: str = "hbbb") -> TableScene:
    seats = [SeatConfig(f"P{i}", "human" if k == "h" else "easy", i, i) for i, k in enumerate(kinds)]
    table = TableScene(GameController(game, seats), speed=app.table_speed())
    app.push(table)
    return table


def test_speed_keys_do_nothing_while_a_decision_is_open() -> None:
    app = start_app()
    try:
        # Seat 0 selected two skulls: the decision is the action for them, and 1-5 are its options.
        g = position(players=4, start=0, seats=[{"roll": "sshfr"}, {"roll": "bbbbb"}, {"roll": "rrrrr"},
                                                {"roll": "hhhhh"}])
        for s, dice in ((0, (0, 1)), (1, (0,)), (2, (0,)), (3, (0,))):
            g.apply(s, SelectDice(dice))
        table = _human_table(app, g)
        _run_until(app, lambda: table.decision_ui is not None)
        assert table.decision_ui.kind == DecisionKind.SKULL_ACTION
        before = (table.speed, app.settings.animation_speed)
        for n in (1, 4, 3):
            _press(app, _digit(n))
            assert (table.speed, app.settings.animation_speed) == before
        assert table.decision_ui is not None  # the digit picked an option instead (not confirmed yet)
        assert table.decision_ui.model.pick is not None
    finally:
        app.close()


def test_speed_keys_do_nothing_the_moment_before_the_options_appear() -> None:
    """The human's decision is open in the game while the table still animates the last move:
    the panel is not shown yet, and a digit must not change the speed."""
    app = start_app()
    try:
        table = _human_table(app, Game.new(4, 8))
        assert table.decision_ui is None and table.controller.pending_humans()
        before = (table.speed, app.settings.animation_speed)
        app.post(_digit(1))
        app.run(max_frames=1)
        assert (table.speed, app.settings.animation_speed) == before
    finally:
        app.close()


def test_speed_keys_work_without_a_decision_and_a_demo_speed_is_not_remembered() -> None:
    app = start_app("--demo", "--players", "2", "--seed", "3")
    try:
        table = app.top
        assert isinstance(table, TableScene) and not table.controller.human_seats
        remembered = app.settings.animation_speed
        _press(app, _digit(1))
        assert table.speed == "slow"  # the keys do change the demo's speed...
        _press(app, _digit(3))
        assert table.speed == "fast"
        assert app.settings.animation_speed == remembered  # ...but later games start as before
        assert app.table_speed() == remembered
    finally:
        app.close()


def test_reduced_motion_table_says_the_settings_word() -> None:
    app = start_app()
    try:
        app.settings.reduced_motion = True
        app.settings.animation_speed = "fast"
        app.apply_settings({"reduced_motion"})
        table = _human_table(app, Game.new(4, 5), kinds="bbbb")
        app.run(max_frames=2)
        assert table.speed == "instant"  # nothing moves
        assert hud_speed(table.speed, app.settings) == "Fast, reduced motion"
        _press(app, _digit(1))
        assert table.speed == "instant"  # the keys do not bring motion back
        assert any("Reduced motion" in n.text for n in app.notices + app._incoming_notices)
    finally:
        app.close()


def test_escape_reaches_the_pause_menu_from_a_demo_in_two_presses() -> None:
    app = start_app("--demo", "--players", "4", "--seed", "2", "--speed", "normal")
    try:
        table = app.top
        assert isinstance(table, TableScene)
        _run_until(app, lambda: table.animating)
        presses = 0
        while not isinstance(app.top, PauseScene) and presses < 2:
            _press(app, ESC, frames=1)
            presses += 1
        assert isinstance(app.top, PauseScene) and presses == 1
        _press(app, ESC)  # Escape again resumes
        assert app.top is table
    finally:
        app.close()


def test_escape_reaches_the_pause_menu_from_a_handover_screen() -> None:
    app = start_app()
    try:
        table = _human_table(app, Game.new(2, 4, names=["Ann", "Bob"]), kinds="hh")
        _run_until(app, lambda: isinstance(app.top, HandoverScene))
        handover = app.top
        presses = 0
        while not isinstance(app.top, PauseScene) and presses < 2:
            _press(app, ESC, frames=1)
            presses += 1
        assert isinstance(app.top, PauseScene) and presses <= 2
        assert app.top.table is table
        assert app.scenes[-2] is handover  # the opaque hand-over stays under the menu
        assert table.decision_ui is None  # nobody's dice were revealed
        _press(app, ESC)
        assert app.top is handover
    finally:
        app.close()


def test_tab_and_space_or_enter_select_the_focused_die() -> None:
    app = start_app()
    try:
        g = position(players=4, start=0, seats=[{"roll": "ffbbh"}])
        table = _human_table(app, g)
        _run_until(app, lambda: table.decision_ui is not None)
        ui = table.decision_ui
        assert ui.kind == DecisionKind.SELECT_DICE
        _press(app, TAB)  # focus on die B (the ring starts on A; Tab moves it)
        focused = ui.model.options()[ui.model.focus].payload
        _press(app, SPACE)
        assert ui.model.dice == [focused]
        _press(app, SPACE)  # Space again unselects it
        assert ui.model.dice == []
        _press(app, Key(pygame.K_LEFT, 0, ""))  # back to A
        first = ui.model.options()[ui.model.focus].payload
        _press(app, ENTER)  # Enter on an unpicked die picks it...
        assert ui.model.dice == [first] and table.decision_ui is ui
        _press(app, TAB, SPACE)
        assert sorted(ui.model.dice) == [0, 1]  # A and B both show Expand fleet
        _press(app, ENTER)  # ...and on a picked one confirms
        _run_until(app, lambda: table.decision_ui is not ui)
        assert g.seats[0].selection == (0, 1) or 0 in g.seats[0].placed[0]
    finally:
        app.close()


def test_saving_shows_a_confirmation_notice() -> None:
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.shell.scenes.saveload import SaveScene

    app = start_app()
    try:
        app.session.start_game(SetupConfig.default("Ann"))
        app.run(max_frames=3)
        assert isinstance(app.top, TableScene)
        _press(app, Key(pygame.K_s, pygame.KMOD_CTRL, "s"))
        save = app.top
        assert isinstance(save, SaveScene)
        assert save.save("glance-check")
        assert app.session.writer().flush(60)  # the file is written in the background
        _run_until(app, lambda: app.top is not save, frames=600)
        texts = [n.text for n in app.notices + app._incoming_notices]
        assert any("glance-check" in t for t in texts), texts
    finally:
        app.close()


def test_the_printed_screen_by_key_and_by_the_button_at_the_dice() -> None:
    from tortuga_desktop.games.dice.table import dicegrid
    from tortuga_desktop.shell.intents import Click

    app = start_app()
    try:
        table = _human_table(app, Game.new(4, 6))
        _run_until(app, lambda: table.decision_ui is not None)  # G works while deciding too
        assert not dicegrid.is_shown(table)
        _press(app, Key(pygame.K_g, 0, "g"))
        assert dicegrid.is_shown(table) and table.decision_ui.model.dice == []
        _press(app, Key(pygame.K_g, 0, "g"))
        assert not dicegrid.is_shown(table)
        button = dicegrid.button_rect(table)
        board = table.renderer.layout.boards[0]
        assert button is not None and board.tray.contains(button)
        assert not any(button.colliderect(slot) for slot in board.tray_slots)  # never over a die
        _press(app, Click(button.center, 1))
        assert dicegrid.is_shown(table)
        _press(app, ESC)  # Escape hides it and opens the pause menu, as always
        assert not dicegrid.is_shown(table) and isinstance(app.top, PauseScene)
    finally:
        app.close()


def test_the_pause_menu_names_the_speed_as_settings_do_under_reduced_motion(app_home: Any) -> None:
    from tortuga_desktop.shell.settings import Settings

    class _Table:
        speed = "instant"
        controller = None

        def set_speed(self, speed: str) -> None:
            self.speed = speed

        def saved_game(self) -> None:
            return None

    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    try:
        app.settings = Settings(reduced_motion=True, animation_speed="fast")
        pause = PauseScene(_Table())
        app.push(pause)
        app.step(1 / 60)
        labels = [item.label for item in pause.buttons.items]
        word = hud_speed("instant", app.settings)
        assert any(word in label for label in labels), labels
        assert not any("Instant" in label for label in labels), labels
    finally:
        app.close()
