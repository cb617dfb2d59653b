"""Game records: the setup plus every decision in order, replayed through Game.apply."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from scenario import build

from tortuga_desktop.games.dice.rules import Game, GameRecord, RulesError, StateFormatError, replay


@pytest.mark.parametrize("chunk", [0, *(pytest.param(c, marks=pytest.mark.slow) for c in (1, 2, 3))])
def test_replaying_1000_random_games_gives_the_same_state_and_events(chunk: int) -> None:
    """1,000 seeded random games (250 per chunk) replay exactly from their JSON records. The default
    run replays the first 250 (every player count, long games, both start-player kinds); ``-m slow``
    the other 750."""
    for i in range(chunk * 250, chunk * 250 + 250):
        g = Game.new(2 + i % 3, seed=i, long_game=i % 7 == 0, start_player=None if i % 2 else i % 2)
        g.playout(random.Random(i))
        rec = GameRecord.from_dict(json.loads(json.dumps(g.record().to_dict())))
        again = replay(rec)
        assert again.to_dict() == g.to_dict()
        assert again.events == g.events


def test_a_game_with_scripted_rolls_replays() -> None:
    """set_roll is a record entry of its own ("roll ..."), so fixed dice replay too."""
    g = Game.new(3, seed=4, start_player=0)
    g.set_roll(0, [0, 0, 5, 3, 3])
    g.set_roll(2, [1, 1, 1, 1, 1])
    g.apply(0, "select ABC")
    g.apply(1, g.legal_actions(1)[0])
    g.apply(2, "select ABCDE")
    rng = random.Random(3)
    for _ in range(40):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    rec = g.record()
    assert (0, "roll 00533") in rec.entries and (2, "roll 11111") in rec.entries
    again = replay(GameRecord.from_dict(rec.to_dict()))
    assert again.to_dict() == g.to_dict() and again.events == g.events


def test_record_travels_with_clone_and_saves() -> None:
    g = Game.new(2, seed=8)
    rng = random.Random(8)
    for _ in range(25):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    assert g.clone().record() == g.record()
    assert Game.from_dict(json.loads(json.dumps(g.to_dict()))).record() == g.record()


def test_a_game_without_its_whole_history_has_no_record() -> None:
    """An edited position (scenario) or a save from before records cannot be replayed."""
    with pytest.raises(RulesError):
        build(3).record()
    d = Game.new(3, seed=1).to_dict()
    del d["record"]
    with pytest.raises(RulesError):
        Game.from_dict(d).record()


def _good() -> dict[str, Any]:
    g = Game.new(3, seed=2)
    s = g.to_move()[0]
    g.apply(s, g.legal_actions(s)[0])
    return g.record().to_dict()


@pytest.mark.parametrize("path,value", [
    ((), None), (("format",), 2), (("rules_version",), 9), (("seed",), -1), (("seed",), 2**64),
    (("seed",), 1.5), (("setup",), []), (("setup", "players"), 5), (("setup", "names"), ["a", "b"]),
    (("setup", "names"), ["a", "b", "c\x00"]), (("setup", "names"), ["a", "b", ""]),
    (("setup", "start_player"), 3), (("setup", "long_game"), 1), (("entries",), {}),
    (("entries",), [[0]]), (("entries",), [[7, "act"]]), (("entries",), [[0, "jump"]]),
    (("entries",), [[True, "act"]]), (("entries",), [[0, "roll 9"]]), (("entries",), [[0, "x" * 100]]),
])
def test_bad_records_raise_state_format_error(path: tuple[str, ...], value: Any) -> None:
    d = _good()
    if not path:
        data: Any = value
    else:
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        data = d
    with pytest.raises(StateFormatError):
        GameRecord.from_dict(data)


def test_an_illegal_record_stops_at_the_first_bad_entry() -> None:
    d = _good()
    d["entries"].append([d["entries"][0][0], "select ABCDE"])  # that seat has already confirmed
    with pytest.raises(RulesError):
        replay(GameRecord.from_dict(d))
