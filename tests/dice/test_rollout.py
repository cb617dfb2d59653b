"""Expert's faster rollout policy (issue 29) makes the reference policy's decisions exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai import kernel_mode
from tortuga_desktop.games.dice.ai import rollout as R
from tortuga_desktop.games.dice.ai.heuristics import Light, Snapshot
from tortuga_desktop.games.dice.ai.heuristics import project as hard_project
from tortuga_desktop.games.dice.ai.rollout import RolloutPolicy
from tortuga_desktop.games.dice.ai.rollout_reference import ReferenceRolloutPolicy


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


def _hard_projection(k: Any) -> list[float]:
    """The projection as Expert computed it before: Hard's, on copies of the kernel's lists."""
    seats = [Light(k.tortuga[s][:], k.fleet[s][:], k.crew[s][:], k.island[s][:], k.boat[s], k.pirate[s],
                   float(sum(k.tiles[s]))) for s in range(k.n)]
    return hard_project(Snapshot(0, k.n, k.goal, seats, k.phase == K.P_MOVE, sum(k.bag)))


def test_the_projection_on_kernel_lists_equals_hards() -> None:
    """``rollout.projected_scores`` (compiled or not) equals ``heuristics.project`` float for float,
    at round starts and in the middle of rounds (move phase included), and leaves the state alone."""
    checked = moves = 0
    for seed in range(80):
        k = K.new_game(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not k.over:
            if rng.random() < 0.3:
                before = K.snapshot(k)
                assert R.projected_scores(k) == _hard_projection(k), seed
                assert K.snapshot(k) == before
                checked += 1
                moves += k.phase == K.P_MOVE
            s = K.next_seat(k)
            kind = K.kind_for(k, s)
            K.apply(k, s, kind, K.random_action(k, s, kind, rng))
    assert checked > 500 and moves > 20
