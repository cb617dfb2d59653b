"""The replay scene driven headless by intents: open, scrub, step, switch perspective, close."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from tortuga_desktop.app.intents import Click, Key
from tortuga_desktop.app.loop import App
from tortuga_desktop.app.records import RecordKeeper, ReplayFile
from tortuga_desktop.app.replay import ALL
from tortuga_desktop.app.scenes import Scene
from tortuga_desktop.app.scenes.replay import ReplayScene
from tortuga_desktop.rules import Game


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))


def _file(finish: bool = True) -> ReplayFile:
    g = Game.new(4, 6)
    keeper = RecordKeeper("scene", g, ["human", "easy", "normal", "hard"], clock=lambda: 1.0)
    if finish:
        g.playout(random.Random(6))
    else:
        for _ in range(40):
            s = g.to_move()[0]
            g.apply(s, g.random_action(s, random.Random(2)))
    rf = keeper.snapshot({})
    assert rf is not None
    return rf


def _open(rf: ReplayFile) -> tuple[App, ReplayScene]:
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    base = Scene()
    app.push(base)
    scene = ReplayScene(rf)
    app.push(scene)
    app.step(1 / 60)
    return app, scene


def _key(app: App, key: int, mod: int = 0) -> None:
    app.post(Key(key, mod, ""))
    app.step(1 / 60)


def test_open_step_scrub_perspective_close() -> None:
    app, scene = _open(_file())
    tl = scene.timeline
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_RIGHT)
    assert scene.position == 2
    _key(app, pygame.K_LEFT)
    assert scene.position == 1
    _key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert scene.position == tl.round_starts()[1]
    _key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert scene.position == 0
    _key(app, pygame.K_END)
    assert scene.position == len(tl) - 1 and scene.view.phase == "over"
    _key(app, pygame.K_HOME)
    assert scene.position == 0
    bar = scene.bar()
    app.post(Click((bar.centerx, bar.centery), 1))
    app.step(1 / 60)
    assert abs(scene.position - (len(tl) - 1) // 2) <= 2
    assert scene.game.to_dict() == tl.game_at(scene.position).to_dict()
    seen = []
    for _ in range(6):
        _key(app, pygame.K_p)
        seen.append(scene.perspective)
    assert seen == [0, 1, 2, 3, ALL, None]
    _key(app, pygame.K_SPACE)
    assert scene.playing
    start = scene.position
    for _ in range(120):
        app.step(1 / 60)
    assert scene.position > start
    _key(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_a_game_that_can_go_on_shows_only_the_public_view() -> None:
    app, scene = _open(_file(finish=False))
    for _ in range(6):
        _key(app, pygame.K_p)
        assert scene.perspective is None
        assert scene.view == scene.game.view(None)
    _key(app, pygame.K_ESCAPE)
