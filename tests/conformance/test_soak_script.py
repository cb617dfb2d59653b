"""``python -m scripts.soak --game NAME``: the soak of any game, through the game's rules interface."""

from __future__ import annotations

import json

import pytest

from scripts import soak
from tortuga_desktop.games import rules as game_rules


@pytest.mark.parametrize("game", ["tortuga", "1667"])
def test_the_soak_plays_any_game_and_finds_nothing_wrong(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--game", game, "--games", "4", "--leak", "15", "--replay", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and out["invariant_violations"] == 0 and out["leaks"] == 0
    assert out["replay_mismatches"] == 0 and out["decisions_min"] > 10


def test_the_soak_reports_a_leak(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A re-deal that shows another game (as a view that leaked would) is counted and fails the run."""
    rules = game_rules("1667")
    monkeypatch.setattr(type(rules), "redeal", lambda self, engine, seat, seed: self.new_engine(engine.players, seed))
    assert soak.main(["--game", "1667", "--games", "2", "--players", "4", "--leak", "10", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["leaks"] > 0


def test_an_unknown_game_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        soak.main(["--game", "chess"])
    assert exc.value.code == 2
    assert "no game 'chess'" in capsys.readouterr().err
