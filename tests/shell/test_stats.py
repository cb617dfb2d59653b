"""Statistics per player name: counts, results against each computer strength, robustness."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.savefile import record_finished
from tortuga_desktop.shell import paths, stats
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.stats import load_stats, record_game


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _seats(*kinds: str, names: tuple[str, ...] = ("Anna", "Bart", "Cora", "Dirk")) -> list[SeatConfig]:
    return [SeatConfig(names[i], k, i) for i, k in enumerate(kinds)]


def test_empty_at_first() -> None:
    s = load_stats()
    assert s.players == {} and s.sorted_players() == []


def test_record_games_and_reload() -> None:
    record_game(_seats("human", "easy", "hard"), [40, 30, 35], [0])
    record_game(_seats("human", "hard", "hard"), [20, 45, 30], [1])
    record_game(_seats("human", "human"), [33, 33], [0, 1])  # tie: both win
    s = load_stats()  # fresh from disk
    anna = s.get("anna")
    assert anna is not None and anna.name == "Anna"
    assert (anna.games, anna.wins, anna.best, anna.total_score) == (3, 2, 40, 93)
    assert anna.average == pytest.approx(31.0) and anna.win_rate == pytest.approx(2 / 3)
    assert (anna.vs["easy"].games, anna.vs["easy"].wins) == (1, 1)
    assert (anna.vs["hard"].games, anna.vs["hard"].wins) == (2, 1)  # counted once per game
    assert (anna.vs["normal"].games, anna.vs["normal"].wins) == (0, 0)
    bart = s.get("Bart")
    assert bart is not None and (bart.games, bart.wins, bart.best) == (1, 1, 33)
    assert s.get("Cora") is None  # computer seats get no statistics
    assert [p.name for p in s.sorted_players()] == ["Anna", "Bart"]


def test_names_are_matched_loosely() -> None:
    record_game(_seats("human", "normal", names=("anna", "X")), [10, 20], [1])
    record_game(_seats("human", "normal", names=(" Anna ", "X")), [30, 20], [0])
    s = load_stats()
    assert len(s.players) == 1
    p = s.get("ANNA")
    assert p is not None and p.name == "Anna" and p.games == 2 and p.wins == 1


def test_game_id_is_recorded_once() -> None:
    seats = _seats("human", "easy")
    record_game(seats, [10, 5], [0], game_id="g1")
    record_game(seats, [10, 5], [0], game_id="g1")
    p = load_stats().get("Anna")
    assert p is not None and p.games == 1


def test_record_finished_game() -> None:
    data = SetupConfig(seats=_seats("human", "normal", "hard"), seed=3).create_game()
    g = data.game
    with pytest.raises(ValueError):
        record_finished(data)
    rng = random.Random(0)
    while not g.is_over:
        d = g.pending()[0]
        g.apply(d.seat, g.random_action(d.seat, rng))
    record_finished(data)
    record_finished(data)
    outcome = g.outcome()
    assert outcome is not None
    p = load_stats().get("Anna")
    assert p is not None and p.games == 1 and p.best == outcome.scores[0].total
    assert p.wins == (0 in outcome.winners) and p.vs["normal"].games == 1 and p.vs["hard"].games == 1


@pytest.mark.parametrize("content", [b"{", b"[]", b'{"format": "other"}', b"\x00\x01"])
def test_bad_file_gives_empty_stats_and_is_kept(content: bytes) -> None:
    path = stats.stats_path()
    path.write_bytes(content)
    assert load_stats().players == {}
    kept = list(paths.data_dir().glob("stats.bad-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    record_game(_seats("human", "easy"), [1, 2], [1])
    assert load_stats().get("Anna") is not None


def test_bad_entries_are_dropped_good_ones_kept() -> None:
    record_game(_seats("human", "human"), [10, 20], [1])
    path = stats.stats_path()
    doc = json.loads(path.read_text())
    doc["players"][0]["wins"] = 99  # more wins than games: impossible
    path.write_text(json.dumps(doc))
    s = load_stats()
    assert s.get("Anna") is None and s.get("Bart") is not None
    assert list(paths.data_dir().glob("stats.bad-*.json"))


def test_clear_stats() -> None:
    record_game(_seats("human", "easy"), [1, 2], [1])
    assert stats.clear_stats()
    assert load_stats().players == {}


def test_mismatched_input_is_rejected() -> None:
    with pytest.raises(ValueError):
        record_game(_seats("human", "easy"), [1], [0])
    with pytest.raises(ValueError):
        record_game(_seats("human", "easy"), [1, 2], [5])
