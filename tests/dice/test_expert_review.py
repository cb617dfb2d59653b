"""The game review (issue 12, item 5; issue 23, item 1) driven from the results screen, headless."""

from __future__ import annotations

import os
import time
from dataclasses import replace
from typing import Any

import pygame

from tortuga_desktop.games.dice.ai import evaluate as evaluate_mod
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.controller import finished_source
from tortuga_desktop.games.dice.table.review import ReviewScene
from tortuga_desktop.games.dice.table.scenes.replay import ReplayScene
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig


def _finished(seed: int) -> Game:
    g = Game.new(2, seed, names=["Anna", "Bart"])
    bots = [make_bot("normal", 1), make_bot("easy", 2)]
    while not g.is_over:
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    return g


def test_review_from_the_results_screen(tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(evaluate_mod, "SETTINGS", replace(evaluate_mod.SETTINGS, worlds=16))
    game = _finished(8)
    seats = [SeatConfig("Anna", "human", 0), SeatConfig("Bart", "normal", 1)]
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    results = ResultsScene(finished_source(game, seats), app=app)
    app.push(results)
    app.step(1 / 60)
    app.post(Click(results._buttons["review"].center, 1))  # the Review button (V)
    app.step(1 / 60)
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.humans == [0]
    deadline = time.monotonic() + 120
    while not scene.done and time.monotonic() < deadline:
        app.step(1 / 60)
        time.sleep(0.01)
    assert scene.result is not None, scene.error
    app.step(1 / 60)
    lines = scene.moment_lines()
    moments = scene.result.moments
    assert moments, "this game has moments to show"
    assert len(lines) == len(moments) and all("Round" in ln and "Better:" in ln and "Why:" in ln for ln in lines)
    assert all(m.seat == 0 for m in moments)
    out = os.environ.get("TORTUGA_SHOTS")
    pygame.image.save(app.window, os.path.join(out, "review.png") if out else str(tmp_path / "review.png"))
    # clicking a moment opens the replay at that decision, with the chart (one point per position)
    assert len(scene.moment_rects) == len(moments)
    rect, m = scene.moment_rects[0]
    app.post(Click(rect.center, 1))
    app.step(1 / 60)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.position == m.index + 1
    assert len(replay.chances) == len(replay.timeline)
    assert replay.chances == [tuple(r) for r in scene.result.chances]
    assert replay.chances[m.index + 1][m.seat] == m.chance  # the quoted figure is the replay's point there
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)
    assert app.top is scene
    # W: the replay from the start, with the same chart
    app.post(Key(pygame.K_w, 0, "w"))
    app.step(1 / 60)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.position == 0
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)
    assert app.top is scene
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)
    assert app.top is results
    app.post(Key(pygame.K_v, 0, "v"))  # the key opens it too
    app.step(1 / 60)
    assert isinstance(app.top, ReviewScene)


def test_leaving_early_stops_the_review() -> None:
    game = _finished(9)
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    scene = ReviewScene(game.record(), [0], [(200, 30, 30), (30, 30, 200)])
    app.push(scene)
    app.step(1 / 60)
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)
    assert scene._stop and app.top is not scene
    if scene._thread is not None:
        scene._thread.join(timeout=60)
        assert not scene._thread.is_alive()
    assert scene.result is None
