"""Expert's faster rollout policy (issue 29) makes the reference policy's decisions exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tortuga_desktop.ai import kernel as K
from tortuga_desktop.ai import kernel_mode
from tortuga_desktop.ai.rollout import RolloutPolicy
from tortuga_desktop.ai.rollout_reference import ReferenceRolloutPolicy


def _traces(seed: int, players: int, opp: float, model: bool, rounds_first: int,
            policy_class: Any = RolloutPolicy) -> list[object]:
    """The same game played on by each policy from the same seeds: every decision and every
    round-end state (random sources included) of both."""
    me = seed % players
    k0 = K.new_game(players, seed)
    K.playout(k0, K.RandomPolicy(random.Random(seed)), max_rounds=rounds_first)
    out: list[object] = []
    for policy in (ReferenceRolloutPolicy(random.Random(seed * 7), me, opp, model),
                   policy_class(random.Random(seed * 7), me, opp, model)):
        k = k0.copy()
        trace: list[object] = []
        K.playout(k, policy, trace=trace)
        out.append((trace, K.snapshot(k)))
    return out


@pytest.mark.parametrize("model", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_decisions_as_the_reference(players: int, model: bool) -> None:
    for seed in range(25):
        ref, new = _traces(seed, players, (1.0, 0.5)[seed % 2], model, seed % 4)
        assert new == ref, (seed, players, model)


def test_one_policy_reseeded_plays_as_fresh_ones() -> None:
    """The search reuses one policy and seeds its random source again between rollouts."""
    base = K.new_game(4, 11)
    shared = RolloutPolicy(random.Random(), 1, 1.0, True)
    for r in range(3):
        k = base.copy(random.Random(r))
        shared.reseed(5)
        t1: list[object] = []
        K.playout(k, shared, max_rounds=2, trace=t1)
        k = base.copy(random.Random(r))
        t2: list[object] = []
        K.playout(k, ReferenceRolloutPolicy(random.Random(5), 1, 1.0, True), max_rounds=2, trace=t2)
        assert t1 == t2


def test_the_comparison_catches_a_different_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """A policy that weighs one action differently must be caught (the test can fail). The
    change is made to the pure-Python policy (a compiled module calls its own functions)."""
    _kernel, rollout_py, _expert = kernel_mode.reference()
    real = rollout_py._weights

    def skewed(k: K.KState, s: int) -> list[float]:
        w: list[float] = real(k, s)
        w[2] += 0.7
        return w

    monkeypatch.setattr(rollout_py, "_weights", skewed)
    assert any(_traces(seed, 4, 1.0, False, 0, rollout_py.RolloutPolicy)[0]
               != _traces(seed, 4, 1.0, False, 0, rollout_py.RolloutPolicy)[1] for seed in range(5))
