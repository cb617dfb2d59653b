"""Random-playout soak: thousands of games, invariants after every action, every game ends (R5.5, E7)."""

from __future__ import annotations

import random

import pytest

from tortuga_desktop.games.dice.rules import Game, check_invariants

GAMES_PER_CHUNK = 300


@pytest.mark.parametrize("long_game", [False, True])
@pytest.mark.parametrize("chunk", [0, pytest.param(1, marks=pytest.mark.slow)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_random_playouts(players: int, chunk: int, long_game: bool) -> None:
    """R5.5/E7: random games keep every invariant and always end before the safety cap (the default
    run plays chunk 0, 337 games for each player count; ``-m slow`` chunk 1, as many again)."""
    games = GAMES_PER_CHUNK if not long_game else GAMES_PER_CHUNK // 8
    rounds = []
    for i in range(games):
        seed = (players * 1000 + chunk) * 100_000 + i + (50_000 if long_game else 0)
        g = Game.new(players, seed=seed, long_game=long_game, log=False)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over:
            s = g.to_move()[0]
            g.apply(s, g.random_action(s, rng))
            problems = check_invariants(g)
            assert not problems, (seed, steps, problems)
            steps += 1
            assert steps < 20_000, seed
        o = g.outcome()
        assert o is not None and not o.capped, seed
        assert max(len(p.tortuga) for p in g.seats) >= g.goal
        assert o.winners and all(sc.total >= 0 for sc in o.scores)
        rounds.append(o.rounds)
    assert max(rounds) < 60
