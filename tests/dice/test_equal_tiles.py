"""R9.1 ruling (issue 24.6): two drawn treasure tiles of equal value still ask their owner to
keep one; bots, the kernel and the sampling of hidden information follow the engine."""

from __future__ import annotations

import random

import pytest

from tortuga_desktop.games.dice.ai import LEVELS, make_bot
from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai.kernel_check import compare_game
from tortuga_desktop.games.dice.rules import DecisionKind, Game, KeepTile, determinize, scenario


def _equal_hunt() -> Game:
    g = scenario.position({"players": 3, "pool": [0, 2, 0], "park": (2, "island"), "phase": "actions",
                           "action": "hunt", "seats": [{"placed": {"hunt": "ABCDE"}}, {"placed": {"fleet": "ABCDE"}},
                                                       {"placed": {"crew": "ABCDE"}}]})
    g.apply(0, "act")
    return g


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_keeps_one_of_two_equal_tiles(level: str) -> None:
    g = _equal_hunt()
    assert g.decision_for(0) is not None and g.decision_for(0).kind == DecisionKind.KEEP_TILE  # type: ignore[union-attr]
    choice = make_bot(level, seed=3, **({"think": "fast"} if level == "expert" else {})).decide(g.view(0))
    assert choice.action == KeepTile(2)
    g.apply(0, choice.action)
    assert g.seats[0].tiles == [2] and g.pool == [0, 1, 0]


def test_the_kernel_asks_for_equal_tiles_too() -> None:
    g = _equal_hunt()
    k = K.from_game(g)
    assert K.kind_for(k, 0) == K.K_KEEP and K.options(k, 0, K.K_KEEP) == [2]


def test_others_sample_equal_drawn_tiles_as_often_as_they_happen() -> None:
    """Another seat's view shows two hidden drawn tiles; the worlds it samples include equal pairs
    (before the ruling they never did, which told the truth about every real equal draw)."""
    g = Game.new(3, seed=8)
    rng = random.Random(2)
    while not g.drawn:
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    drawer = g.act_order[g.act_pos]
    other = (drawer + 1) % 3
    view = g.view(other)
    assert view.drawn is None and view.drawn_count == 2
    equal = sum(1 for seed in range(300) if len(set(determinize(view, seed).drawn)) == 1)
    assert 30 < equal < 270


def test_kernel_and_engine_agree_over_whole_games() -> None:
    for i in range(12):
        problem, _rounds = compare_game(1000 + i, 2 + i % 3, check_options=True)
        assert problem is None, problem
