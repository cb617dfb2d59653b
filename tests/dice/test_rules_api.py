"""Engine API edges: malformed input always raises the engine's own errors, with one set of
limits for new games and loaded ones."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tortuga_desktop.games.dice.rules import (
    Game,
    MalformedActionError,
    RulesError,
    SetupError,
    StateFormatError,
    parse_action,
)


@pytest.mark.parametrize("text", ["target \u00b2", "target \u2460", "target " + "9" * 5000, "target \u0663",
                                  "keep \u00b2", "select \u00b2"])
def test_parse_action_refuses_digits_int_does_not_take(text: str) -> None:
    with pytest.raises(MalformedActionError):
        parse_action(text)


@pytest.mark.parametrize("seat", [-1, 3, True, 1.0, "0", None])
def test_query_calls_validate_the_seat(seat: Any) -> None:
    g = Game.new(3, seed=1)
    rng = random.Random(1)
    for call in (lambda: g.legal_actions(seat), lambda: g.decision_for(seat), lambda: g.score(seat),
                 lambda: g.random_action(seat, rng), lambda: g.set_roll(seat, [0] * 5)):
        with pytest.raises(MalformedActionError):
            call()


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True, "7", None])
def test_seed_limits_are_the_same_for_new_and_loaded_games(seed: Any) -> None:
    with pytest.raises(SetupError):
        Game.new(2, seed=seed)
    d = Game.new(2, seed=3).to_dict()
    d["config"]["seed"] = seed
    with pytest.raises(StateFormatError):
        Game.from_dict(d)


@pytest.mark.parametrize("name", ["", "x" * 41, "a\x00b", "tab\there", "\ud800", "new\nline", 7, None])
def test_name_limits_are_the_same_for_new_and_loaded_games(name: Any) -> None:
    with pytest.raises(SetupError):
        Game.new(2, names=["Ann", name])
    d = Game.new(2, seed=3).to_dict()
    d["config"]["names"][1] = name
    with pytest.raises(StateFormatError):
        Game.from_dict(d)


def test_good_limits_pass() -> None:
    g = Game.new(2, seed=2**64 - 1, names=["Zoë", "x" * 40])
    assert Game.from_dict(g.to_dict()).names == ["Zoë", "x" * 40]


@pytest.mark.parametrize("gauss", [float("nan"), float("inf"), "1", [1]])
def test_loader_refuses_non_finite_numbers(gauss: Any) -> None:
    d = Game.new(2, seed=3).to_dict()
    d["rng"][2] = gauss
    with pytest.raises(StateFormatError):
        Game.from_dict(d)


def test_every_engine_error_is_a_rules_error() -> None:
    for exc in (SetupError, StateFormatError, MalformedActionError):
        assert issubclass(exc, RulesError)
