"""Expert's search settings tried in issue 29 (arena flags ``--expert-self-model``,
``--expert-margin``, ``--expert-top-k``, ``--expert-budget``, ``--expert-hard-next``): what each changes in the search."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.expert import PRIOR, THINK, ExpertBot, judge_moves, rollout_policy, search
from tortuga_desktop.games.dice.arena import main as arena_main
from tortuga_desktop.games.dice.rules import Game


def _dice_phase(players: int, seed: int) -> Game:
    g = Game.new(players, seed=seed)
    assert g.phase == "dice"
    return g


def test_self_model_plays_the_searcher_as_its_opponents_with_three_or_four_players() -> None:
    think = THINK["normal"]
    assert think.self_model_multi  # the default since issue 29
    plain = replace(think, self_model_multi=False)
    for players in (3, 4):
        g = _dice_phase(players, 3)
        policy = rollout_policy(think, random.Random(1), 0, g)
        assert policy.me is None  # no seat left out of the model, the targets or Hard's round
        assert policy.model and policy.targets and policy.hard_round == g.round
        assert rollout_policy(plain, random.Random(1), 0, g).me == 0
    two = _dice_phase(2, 3)
    assert rollout_policy(think, random.Random(1), 1, two).me == 1  # 2 players: unchanged


def test_hard_next_plays_the_round_after_the_searched_one_by_hards_heuristic() -> None:
    think = replace(THINK["normal"], hard_next_multi=True)
    for players in (3, 4):
        g = _dice_phase(players, 3)
        assert rollout_policy(think, random.Random(1), 0, g).hard_next == g.round + 1
        assert rollout_policy(replace(think, hard_next_multi=False), random.Random(1), 0, g).hard_next == -1
    two = _dice_phase(2, 3)
    assert rollout_policy(think, random.Random(1), 1, two).hard_next == -1  # 2 players: not used
    bot = make_bot("expert", 1, hard_next=True)
    assert isinstance(bot, ExpertBot) and bot.think.hard_next_multi


def test_settings_reach_the_bot() -> None:
    bot = make_bot("expert", 1, self_model=True, margin=0.0, top_k=9)
    assert isinstance(bot, ExpertBot)
    assert bot.think.self_model_multi and bot.think.margin_weight == 0.0 and bot.think.top_k == 9
    default = make_bot("expert", 1)
    assert isinstance(default, ExpertBot) and default.think.top_k == THINK["normal"].top_k
    assert default.think.margin_weight == THINK["normal"].margin_weight


def _first_choice(players: int, seed: int) -> Game:
    """A position whose decision has more legal moves than the default top_k."""
    g = Game.new(players, seed=seed)
    bot = make_bot("normal", seed)
    while True:
        d = g.pending()[0]
        if len(g.legal_actions(d.seat)) > THINK["normal"].top_k + 2:
            return g
        g.apply(d.seat, bot.decide(g.view(d.seat)).action)


def test_top_k_bounds_the_candidates() -> None:
    g = _first_choice(4, 11)
    seat = g.pending()[0].seat
    view = g.view(seat)
    small = replace(THINK["normal"], worlds=8, worlds_multi=8, budget_s=60.0, top_k=2)
    wide = replace(small, top_k=small.top_k + 5)
    assert len(search(view, 5, small)[1]) == 2
    assert len(search(view, 5, wide)[1]) == 7


def test_the_margin_weight_decides_what_best_means() -> None:
    """The best move maximises its mean of win + margin_weight * margin (less the small prior),
    among the candidates played in every world; with no weight the win share alone counts."""
    differ = 0
    for seed in (12, 13, 14, 15):
        g = _first_choice(4, seed)
        view = g.view(g.pending()[0].seat)
        bests = []
        for weight in (0.0, 1.0):
            think = replace(THINK["normal"], worlds=16, worlds_multi=16, budget_s=60.0, margin_weight=weight)
            res = search(view, 7, think)[2]
            full = [j for j in range(len(res.candidates)) if res.played[j] == res.worlds]
            assert res.best in full
            assert res.best == max(full, key=lambda j: (res.win(j) + weight * res.margin(j) - PRIOR * j, -j))
            bests.append(res.candidates[res.best])
        differ += bests[0] != bests[1]
    assert differ  # the weight does change a choice (the test can tell the settings apart)


@pytest.mark.parametrize("bad", [["--expert-margin", "-0.1"], ["--expert-margin", "2"],
                                 ["--expert-top-k", "0"], ["--expert-self-model", "maybe"],
                                 ["--expert-hard-next", "maybe"]])
def test_arena_refuses_bad_settings(bad: list[str]) -> None:
    with pytest.raises(SystemExit):
        arena_main(["--bots", "expert,hard", "--games", "2", *bad])


def test_a_budget_for_three_or_four_players_only() -> None:
    think = replace(THINK["normal"], budget_s=1.2, budget_multi=0.5)
    assert think.budget_for(2) == 1.2 and think.budget_for(3) == think.budget_for(4) == 0.5
    assert replace(think, budget_multi=None).budget_for(4) == 1.2
    bot = make_bot("expert", 1, budget_s=2.0)  # a given cap holds for every number of players
    assert isinstance(bot, ExpertBot)
    assert bot.think.budget_for(2) == bot.think.budget_for(4) == 2.0


def test_arena_takes_an_expert_budget_and_refuses_a_bad_one() -> None:
    for bad in ("0", "-1", "61"):
        with pytest.raises(SystemExit):
            arena_main(["--bots", "expert,hard", "--games", "2", "--expert-budget", bad])


@pytest.mark.parametrize("players", [2, 4])
def test_judge_moves_values_moves_as_the_search_does(players: int) -> None:
    """With the same seed and fewer worlds than pruning needs, the judge's value of each
    candidate is the search's own mean of win + margin_weight * margin."""
    g = _first_choice(players, 21)
    view = g.view(g.pending()[0].seat)
    think = replace(THINK["normal"], worlds=6, worlds_multi=6, budget_s=600.0, budget_multi=None)
    res = search(view, 3, think)[2]
    assert res.worlds == 6 and all(n == 6 for n in res.played)
    values = judge_moves(view, 3, think, res.kind, res.candidates, 6)
    expected = [(res.wins[j] + think.margin_weight * res.margins[j]) / 6 for j in range(len(res.candidates))]
    assert values == pytest.approx(expected, abs=1e-9)
    with pytest.raises(ValueError):
        judge_moves(view, 3, think, res.kind, res.candidates, 0)
