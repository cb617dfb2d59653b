"""Expert's opponent model in rollouts (issue 12, item 2: opponents drawn from a policy)."""

from __future__ import annotations

import random

import pytest

from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.expert import THINK, ExpertBot, RolloutPolicy
from tortuga_desktop.games.dice.ai.kernel_check import compare_fast_playout


def _attacks(opp_attack: float, games: int = 40) -> tuple[int, int]:
    """Boardings and raids carried out (a target chosen) by seat 0 and by the others."""
    mine = others = 0
    for seed in range(games):
        k = K.new_game(2, seed)
        trace: list[object] = []
        K.playout(k, RolloutPolicy(random.Random(seed), 0, opp_attack), trace=trace)
        for entry in trace:
            if isinstance(entry, tuple) and len(entry) == 3 and entry[1] == K.K_POSITION \
                    and entry[2] not in (K.ACT, K.FORFEIT):
                if entry[0] == 0:
                    mine += 1
                else:
                    others += 1
    return mine, others


def test_calmer_opponents_attack_less_and_the_searcher_is_unchanged() -> None:
    mine_1, others_1 = _attacks(1.0)
    mine_c, others_c = _attacks(0.3)
    assert others_1 > 0 and others_c < others_1 * 0.8, (others_1, others_c)
    assert mine_1 > 0 and mine_c > 0


def test_opponent_model_plays_legal_games() -> None:
    for seed in range(10):
        players = 2 + seed % 3
        pol = RolloutPolicy(random.Random(seed), seed % players, 0.5)
        assert compare_fast_playout(seed, players, midgame_decisions=seed * 3, policy=pol) is None


def test_opp_attack_option() -> None:
    bot = make_bot("expert", 3, opp_attack=0.5)
    assert isinstance(bot, ExpertBot) and bot.think.opp_attack == 0.5
    assert make_bot("expert", 3).think.opp_attack == THINK["normal"].opp_attack  # type: ignore[attr-defined]


def _skull_only_share(model: bool, games: int = 30) -> float:
    """Of the opponents' selections from rolls showing a skull, the share that is skulls alone."""
    alone = shown = 0
    for seed in range(games):
        k = K.new_game(4, seed)
        pol = RolloutPolicy(random.Random(seed), 0, 1.0, model)
        while not k.over:
            s = K.next_seat(k)
            kind = K.kind_for(k, s)
            if kind == K.K_SELECT and s != 0 and k.roll[s] is not None:
                fm = K._face_masks(k, s)
                if fm[5]:
                    shown += 1
                    mask = pol.select(k, s, fm)
                    alone += int(mask & ~fm[5] == 0)
                    assert mask in K.options(k, s, kind)
                    K.apply(k, s, kind, mask)
                    continue
            K.policy_step(k, pol)
    return alone / shown


def test_the_model_opponents_keep_skulls_apart_as_hard_does() -> None:
    # Hard selects a skull alone (its action chosen after the reveal) in about 45 % of rolls
    # showing one; the plain rollout policy only when no face fits (here 0.10 against 0.47)
    assert _skull_only_share(True) > _skull_only_share(False) + 0.15


def test_the_model_plays_legal_games_and_leaves_the_searcher_alone() -> None:
    for seed in range(9):
        players = 2 + seed % 3
        pol = RolloutPolicy(random.Random(seed), seed % players, 1.0, True)
        assert compare_fast_playout(seed, players, midgame_decisions=seed * 3, policy=pol) is None
    # the searching seat decides as without the model (same random draws, same state)
    k = K.new_game(4, 5)
    while K.kind_for(k, K.next_seat(k)) != K.K_SELECT or k.roll[K.next_seat(k)] is None:
        K.policy_step(k, RolloutPolicy(random.Random(1)))
    me = K.next_seat(k)
    fm = K._face_masks(k, me)
    plain = RolloutPolicy(random.Random(2), me, 1.0, False).select(k, me, fm)
    assert RolloutPolicy(random.Random(2), me, 1.0, True).select(k, me, fm) == plain


@pytest.mark.slow
def test_the_model_predicts_hard_better() -> None:
    """``python -m scripts.opponent_fit`` on a few 2-player Hard games: the model agrees with Hard's
    own choices more often than the plain policy (over 60 games: 0.52 against 0.43)."""
    from scripts import opponent_fit as fit  # the repository root is on the path (pyproject: pythonpath)

    samples = fit.collect(2, 4, 9, "hard")

    def share(model: bool) -> float:
        res = fit.agreement(samples, 1.0, 9, model)
        return sum(a for a, _ in res.values()) / sum(n for _, n in res.values())

    assert share(True) > share(False) + 0.04
