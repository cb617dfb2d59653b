"""Results: the winner stands out, each player's points by category, room for more buttons."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame
import pytest

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.controller import finished_source
from tortuga_desktop.games.dice.table.scenes.results import CATEGORIES, ResultsScene, ranking, score_parts
from tortuga_desktop.shell.intents import Click
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig

pytestmark = pytest.mark.usefixtures("app_home")


def _finished(seed: int, players: int) -> Game:
    g = Game.new(players, seed, names=["Ani", "Bo", "Cy", "Dee"][:players])
    rng = random.Random(seed)
    while not g.is_over:
        d = g.pending()[0]
        g.apply(d.seat, g.random_action(d.seat, rng))
    return g


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_score_parts_add_up_and_ranking_puts_winners_first(seed: int) -> None:
    g = _finished(seed, 4)
    outcome = g.outcome()
    assert outcome is not None
    parts = score_parts(outcome)
    for s, sc in enumerate(outcome.scores):
        assert [k for k, _v in parts[s]] == [k for k, _rgb, _label in CATEGORIES]
        assert sum(v for _k, v in parts[s]) == sc.total
    order = ranking(outcome)
    assert sorted(order) == list(range(4))
    assert set(order[: len(outcome.winners)]) == set(outcome.winners)
    totals = [outcome.scores[s].total for s in order]
    assert totals == sorted(totals, reverse=True)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_results_fit_the_window_and_extra_buttons_work(size: tuple[int, int]) -> None:
    g = _finished(5, 3)
    app = App(None, size=size, fixed_dt=1 / 60)
    try:
        seats = [SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1), SeatConfig("Cy", "normal", 2)]
        scene = ResultsScene(finished_source(g, seats))
        pressed: list[str] = []
        scene.add_button("review", "Review", lambda: pressed.append("review"))
        app.push(scene)
        app.run(max_frames=2)
        rects = list(scene._buttons.values())
        assert set(scene._buttons) == {"new", "watch", "review", "menu"}
        screen = pygame.Rect((0, 0), size)
        for i, r in enumerate(rects):
            assert screen.contains(r)
            assert not any(r.colliderect(o) for o in rects[i + 1:])
        app.post(Click(scene._buttons["review"].center, 1))
        app.run(max_frames=2)
        assert pressed == ["review"]
        assert scene.choice is None  # the standard buttons were not touched
    finally:
        app.close()
