"""Records longer than a real game can reach are refused before anything is replayed
(issue 24.10; the caps follow from R3.2-R3.8, R4.1-R4.5, R5.2 and R5.5: rules/reach.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tortuga_desktop.games.dice.rules import Game, GameRecord, StateFormatError
from tortuga_desktop.games.dice.rules.reach import max_decisions, record_problem
from tortuga_desktop.games.dice.table import records
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.savefile import SaveData, read_save
from tortuga_desktop.shell import paths, replayfiles, saves


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _data_with_rerolls(times: int) -> SaveData:
    """A game whose first roll was set ``times`` times before seat 0 decided."""
    setup = SetupConfig(seats=[saves.SeatConfig("Anna", "human", 0), saves.SeatConfig("Bart", "easy", 1)],
                              seed=3)
    data = setup.create_game()
    g = data.game
    for i in range(times):
        g.set_roll(0, [i % 5] * len(g.seats[0].hand))
    return data


def test_real_games_fit_the_caps() -> None:
    """Every game the bots play stays far below the caps (R5.5: they end in a few rounds)."""
    for players in (2, 3, 4):
        for seed in range(6):
            g = Game.new(players, seed)
            g.playout(random.Random(seed))
            entries = g.record().entries
            assert record_problem(players, entries) == ""
            assert len(entries) < max_decisions(players) // 50


def test_a_roll_set_over_and_over_is_refused_quickly() -> None:
    """Issue 24.10: a save with 99,000 scripted rolls loaded (1.5 s) and slowed every frame."""
    doc = _data_with_rerolls(1).to_dict()
    doc["record"]["entries"] = [[0, "roll 01234"]] * 99_000 + doc["record"]["entries"]  # about 1.9 MB
    path = paths.saves_dir() / "rolls.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(saves.SaveError) as exc:
        read_save(path)  # refused when the record is read, before anything is replayed
    assert "set twice" in exc.value.detail and "rolls.json" in exc.value.user_message()


def test_one_scripted_roll_per_seat_between_decisions_still_loads() -> None:
    data = _data_with_rerolls(1)
    g = data.game
    g.set_roll(1, [0] * len(g.seats[1].hand))
    path = saves.save_named("ok", data)
    assert read_save(path).game.record().entries == g.record().entries


def test_more_decisions_than_a_game_reaches_are_refused() -> None:
    g = Game.new(2, 1)
    doc = g.record().to_dict()
    doc["entries"] = [[0, "select A"]] * (max_decisions(2) + 1)
    with pytest.raises(StateFormatError, match="more than"):
        GameRecord.from_dict(doc)


def test_a_replay_file_with_a_roll_set_twice_is_refused(tmp_path: Path) -> None:
    g = Game.new(2, 5)
    keeper = records.RecordKeeper("twice", g, ["human", "easy"])
    g.set_roll(0, [1] * 5)
    g.set_roll(0, [2] * 5)
    rf = keeper.snapshot({})
    assert rf is not None
    src = tmp_path / "twice.json"
    src.write_text(json.dumps(rf.to_dict()))
    with pytest.raises(records.RecordError) as exc:
        replayfiles.import_replay(src)
    assert exc.value.key == "error.replay.invalid" and "set twice" in exc.value.detail
