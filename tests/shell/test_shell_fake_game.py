"""Issue 25 "Done when": a tiny fake game (tests/fake_game.py: two seats take one or two of seven
sticks, the last stick wins), registered as a game module, is played to the end through the
shell's local table source headless — and through the real loop, from the main menu's New game
and the game chooser to its end — proving the shell needs nothing of the dice game."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from app_helpers import start_app
from fake_game import Sticks, SticksModule, SticksTableScene, Take, Took, sticks_table

from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.table import ViewerError


def _finish(table: Any, human_plays: Any = None, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while not table.is_over and time.monotonic() < end:
        for seat in table.waiting_for():
            if seat in table.human_seats:
                table.submit(seat, human_plays(table.prompt(seat)))
        table.poll(budget_s=0.05)
    assert table.is_over, "the game did not end"


@pytest.mark.parametrize("think", ["inline", "thread", "process"])
def test_the_fake_game_plays_to_the_end_at_the_local_table(think: str) -> None:
    table = sticks_table(humans=(0,), think=think)
    try:
        prompt = table.prompt(0)
        assert prompt.open and prompt.legal == (Take(1), Take(2)) and prompt.view.sticks == 7
        with pytest.raises(ActionRefused):
            table.submit(0, "take 3")  # refused: nothing changes
        assert table.view(0).sticks == 7
        with pytest.raises(ViewerError):
            table.view(1)  # a computer seat's view is not this screen's
        table.submit(0, "take 1")  # an action by its text form
        _finish(table, lambda p: p.legal[0])
        events = list(table.events_for(0))
        assert sum(e.n for e in events) == 7 and all(isinstance(e, Took) for e in events)
        assert [e.seat for e in events] == [i % 2 for i in range(len(events))]
        # the bot leaves a multiple of three: after 7-1=6 it can't, then it always can and wins
        assert table.view(None).winner == 1
        assert table.record() == {"moves": [e.n for e in events]}
    finally:
        table.close()


def test_two_computer_players_play_it_alone() -> None:
    table = sticks_table(humans=(), think="inline")
    try:
        _finish(table)
        assert table.view(None).winner == 0  # 7 leaves 1 to take: seat 0 leaves six and wins
    finally:
        table.close()


@pytest.fixture
def sticks(app_home: None) -> Iterator[SticksModule]:
    m = SticksModule(think="thread")
    games.register(m)
    try:
        yield m
    finally:
        games.unregister(m.key)


def test_the_fake_game_through_the_real_loop(sticks: SticksModule) -> None:
    app = start_app()
    try:
        menu = app.top
        menu.new_game()
        app.run(max_frames=1)
        keys = [m.key for m in app.top.games]  # the chooser: the fake game, after the built-in ones
        for key in [pygame.K_DOWN] * keys.index(sticks.key) + [pygame.K_RETURN]:
            app.post(Key(key))
            app.run(max_frames=1)
        scene = app.top
        assert isinstance(scene, SticksTableScene) and scene.seat == 0
        end = time.monotonic() + 30
        while not scene.table.is_over and time.monotonic() < end:
            if scene.table.waiting_for() == (0,):
                app.post(Key(pygame.K_1))  # always take one stick
            app.run(max_frames=1)
        assert scene.table.is_over and scene.table.view(0).winner == 1
        assert sum(m.action.n for m in scene.moves if m.action is not None) == Sticks().sticks
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=2)
        assert app.top.name == "menu"
    finally:
        app.close()


def test_the_shell_runs_with_the_fake_game_alone(sticks: SticksModule) -> None:
    """No built-in game registered: the App makes the shell's plain session (no game keeps a
    lifecycle of its own), the menu offers no tutorial, New game goes straight to the only
    game's setup (no chooser), F1 opens its help, and a game plays to its end."""
    from tortuga_desktop.shell.session import Session

    built_in = [m for m in games.modules() if m.key != sticks.key]
    for m in built_in:
        games.unregister(m.key)
    try:
        assert [m.key for m in games.modules()] == [sticks.key]
        app = start_app()
        try:
            assert type(app.session) is Session
            menu = app.top
            assert "Learn to play" not in [item.label for item in menu.buttons.items]
            app.post(Key(pygame.K_F1))
            app.run(max_frames=1)
            assert app.top.name == "sticks help"
            app.post(Key(pygame.K_F1))
            app.run(max_frames=1)
            assert app.top is menu
            menu.new_game()
            app.run(max_frames=1)
            scene = app.top
            assert isinstance(scene, SticksTableScene)
            end = time.monotonic() + 30
            while not scene.table.is_over and time.monotonic() < end:
                if scene.table.waiting_for() == (0,):
                    app.post(Key(pygame.K_1))
                app.run(max_frames=1)
            assert scene.table.is_over
        finally:
            app.close()
    finally:
        for m in built_in:
            games.register(m)
