"""Per-game seeds of the simulator and the arena derive from (base seed, game index) by hashing."""

from __future__ import annotations

import pytest

from tortuga_desktop.games.dice import arena, sim
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.sim import derive_seed


def test_runs_with_different_base_seeds_share_no_games() -> None:
    one = {derive_seed(1, i) for i in range(3000)}
    two = {derive_seed(2, i) for i in range(3000)}
    assert len(one) == len(two) == 3000 and not one & two
    assert derive_seed(1, 5) == derive_seed(1, 5)
    assert all(0 <= s < 2**64 for s in one)


def test_simulate_uses_derived_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []
    real = sim.play_random_game

    def spy(players: int, seed: int, **kw: bool) -> tuple[sim.Game, int]:
        played.append(seed)
        return real(players, seed, **kw)

    monkeypatch.setattr(sim, "play_random_game", spy)
    sim.simulate(2, 3, 7)
    assert played == [derive_seed(7, i) for i in range(3)]


def test_arena_uses_derived_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    real = arena._run

    def spy(job: tuple) -> arena.GameResult:  # type: ignore[type-arg]
        seen.append(job[1])
        return real(job)

    monkeypatch.setattr(arena, "_run", spy)
    arena.run_arena(["random", "random"], games=4, seed=3, workers=1)
    assert sorted(set(seen)) == sorted({derive_seed(3, 0), derive_seed(3, 1)})


def test_unknown_bot_level_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("hrad", seed=1)
