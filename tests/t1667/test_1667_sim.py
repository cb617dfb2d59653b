"""The 1667 simulator (`python -m tortuga_desktop.sim --game 1667`) and its soak; the dice game's default is unchanged."""

from __future__ import annotations

import json

import pytest

from tortuga_desktop import sim
from tortuga_desktop.games.t1667.sim import simulate_1667


def test_sim_game_1667_prints_json_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.main(["--game", "1667", "--players", "5", "--games", "6", "--seed", "2", "--check", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "1667" and out["games"] == 6 and out["invariant_violations"] == 0
    assert out["capped_games"] == 0 and sum(out["actions_distribution"].values()) == 6
    assert "games_per_second" in out and sum(out["end_reasons"].values()) == 6


def test_sim_1667_cycles_player_counts_and_is_reproducible() -> None:
    a = simulate_1667(list(range(2, 10)), 16, 5, check=True)
    b = simulate_1667(list(range(2, 10)), 16, 5)
    assert a.actions == b.actions and a.invariant_violations == 0 and a.reasons == b.reasons


@pytest.mark.parametrize("argv", [["--game", "1667", "--players", "10"], ["--game", "1667", "--fast"],
                                  ["--players", "6"]])
def test_sim_refuses_bad_player_counts(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        sim.main([*argv, "--games", "1"])


def test_dice_game_default_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.main(["--players", "2", "--games", "2", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == 2 and "rounds_median" in out and "game" not in out
