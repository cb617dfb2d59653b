"""Playout kernel (issue 12): the engine's transitions and chance, checked game against game."""

from __future__ import annotations

import random

import pytest

from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai import kernel_check, kernel_mode
from tortuga_desktop.games.dice.ai.kernel_check import (
    compare_fast_playout,
    compare_game,
    compare_random_playouts,
)
from tortuga_desktop.games.dice.rules import Game, determinize
from tortuga_desktop.games.dice.sim import derive_seed, simulate


def test_500_games_match_the_engine_at_every_round_end() -> None:
    rounds = 0
    for i in range(500):
        seed = derive_seed(12, i)
        players = 2 + i % 3
        if i % 5 == 0:
            m, compared = compare_game(seed, players, check_options=i % 25 == 0)
            rounds += compared
        elif i % 5 in (1, 2, 3):
            m = compare_fast_playout(seed, players, midgame_decisions=i % 61)
        else:
            problem = compare_random_playouts(seed, players)
            assert not problem, (seed, players, problem)
            continue
        assert m is None, m
    assert rounds > 400  # the step path really compared round ends


def test_the_check_catches_a_wrong_transition(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that moves the boat one box too far must be caught (the test can fail). The
    change is made to the pure-Python kernel (a compiled module calls its own functions), which
    the check then runs."""
    kernel_py = kernel_mode.reference()[0]
    real = kernel_py._act

    def wrong(k: K.KState, s: int) -> bool:
        if k.act_action == K.FLEET:
            k.boat[s] = min(8, k.boat[s] + 1)
        ok: bool = real(k, s)
        return ok

    monkeypatch.setattr(kernel_py, "_act", wrong)
    monkeypatch.setattr(kernel_check, "K", kernel_py)
    found = [compare_game(seed, 4)[0] for seed in range(6)]
    assert any(m is not None and "seats" in m.what for m in found)


def test_fast_playout_from_a_determinized_view() -> None:
    g = Game.new(4, 5, log=False)
    g.playout(random.Random(1), max_decisions=37)
    seat = g.to_move()[0]
    sample = determinize(g.view(seat), 99)
    k = K.from_game(sample)
    assert K.snapshot(k) == K.engine_snapshot(sample)
    K.playout(k, K.RandomPolicy(random.Random(3)))
    assert k.over and not k.capped and max(len(t) for t in k.tortuga) >= 6


def test_playout_stops_after_max_rounds_and_can_continue() -> None:
    k = K.new_game(3, 8)
    K.playout(k, K.RandomPolicy(random.Random(1)), max_rounds=2)
    assert k.round == 3 and not k.over
    s = K.next_seat(k)
    assert K.kind_for(k, s) == K.K_SELECT and K.options(k, s, K.K_SELECT)
    K.playout(k, K.RandomPolicy(random.Random(2)))
    assert k.over


def test_actions_translate_both_ways() -> None:
    g = Game.new(4, 3, log=False)
    rng = random.Random(4)
    while not g.is_over:
        d = g.pending()[0]
        for a in g.legal_actions(d.seat):
            kind = K.KIND_CODE[d.kind]
            assert K.to_engine_action(kind, K.to_kernel_action(a)) == a
        g.apply(d.seat, g.random_action(d.seat, rng))


def test_sim_fast_agrees_with_the_engine_in_distribution() -> None:
    fast = simulate(4, 300, 3, fast=True).summary()
    slow = simulate(4, 300, 3).summary()
    assert fast["capped_games"] == 0 and fast["games"] == 300
    assert abs(fast["rounds_median"] - slow["rounds_median"]) <= 1
    assert abs(sum(fast["mean_scores"]) - sum(slow["mean_scores"])) / 4 < 2.0
    with pytest.raises(ValueError):
        simulate(4, 1, 1, fast=True, check=True)
