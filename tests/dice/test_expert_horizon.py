"""Expert's cut-off rollouts: a few rounds of play, then the projection scores the position."""

from __future__ import annotations

import math

import pytest

from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.expert import ExpertBot, _projected_value, project
from tortuga_desktop.games.dice.arena import main as arena_main
from tortuga_desktop.games.dice.rules import Game


def _hand_made() -> K.KState:
    k = K.new_game(2, 1)
    k.bag = [0, 0, 0, 0, 0]  # nothing left to draw: no unknown chests in the projection
    k.tortuga[0], k.fleet[0], k.crew[0], k.island[0] = [0, 1, 2], [4], [], []
    k.boat[0], k.pirate[0], k.tiles[0] = 3, 3, [2]
    k.tortuga[1], k.fleet[1], k.crew[1], k.island[1] = [], [], [3, 0, 1], [2]
    k.boat[1], k.pirate[1], k.tiles[1] = 2, 1, []
    return k


def test_projection_by_hand() -> None:
    k = _hand_made()
    sc = project(k)
    # seat 0: the purple chest sails to Tortuga: 3 + 3 + 3 + 6, one set (3), tracks 6, coins 2
    assert sc[0] == pytest.approx(26.0)
    # seat 1: boat box 2 carries two chests, white last: red and blue sail, the white is surplus;
    # pirate box 1 recruits the yellow; all three reach Tortuga by the projection's end:
    # 9 points, one set (3), tracks 3
    assert sc[1] == pytest.approx(15.0)


def test_projected_value_is_a_soft_win_chance() -> None:
    k = _hand_made()
    win, margin = _projected_value(k, 0, 6.0)
    assert margin == pytest.approx(11.0)
    assert win == pytest.approx(1 / (1 + math.exp(-11 / 6)))
    win1, margin1 = _projected_value(k, 1, 6.0)
    assert win + win1 == pytest.approx(1.0) and margin1 == pytest.approx(-11.0)


def test_cut_off_search_plays_legal_games_and_is_deterministic() -> None:
    g = Game.new(3, seed=5)
    bots = [make_bot("expert", 3 + i, worlds=4, budget_s=60.0, horizon=1) for i in range(3)]
    twin = make_bot("expert", 3, worlds=4, budget_s=60.0, horizon=1)
    steps = 0
    while not g.is_over:
        d = g.pending()[0]
        view = g.view(d.seat)
        choice = bots[d.seat].decide(view)
        if d.seat == 0 and steps < 60:
            assert twin.decide(view).action == choice.action
        g.apply(d.seat, choice.action)
        steps += 1
    assert g.outcome() is not None


def test_horizon_options() -> None:
    bot = make_bot("expert", 1, horizon=2, tau=5.0)
    assert isinstance(bot, ExpertBot) and bot.think.tau == 5.0
    assert bot.think.horizon_for(2) == bot.think.horizon_for(4) == 2  # a given option: every game
    full = make_bot("expert", 1, horizon=0)  # 0: to the game's end
    assert isinstance(full, ExpertBot) and full.think.horizon_for(2) is None and full.think.horizon_for(4) is None
    plain = make_bot("expert", 1, opp_model=False)
    assert isinstance(plain, ExpertBot) and not plain.think.model_for(2) and not plain.think.model_for(3)
    for bad in (["--expert-horizon", "-1"], ["--expert-tau", "0"]):
        with pytest.raises(SystemExit):
            arena_main(["--bots", "expert,hard", "--games", "2", *bad])
