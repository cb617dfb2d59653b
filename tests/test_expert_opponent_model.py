"""Expert's opponent model in rollouts (issue 12, item 2: opponents drawn from a policy)."""

from __future__ import annotations

import random

from tortuga_desktop.ai import kernel as K
from tortuga_desktop.ai import make_bot
from tortuga_desktop.ai.expert import THINK, ExpertBot, RolloutPolicy
from tortuga_desktop.ai.kernel_check import compare_fast_playout


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
