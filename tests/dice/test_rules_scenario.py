"""The public position builder (rules/scenario.py): legal positions from a readable spec."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tortuga_desktop.games.dice.rules import DecisionKind, RulesError, ScenarioError, check_invariants
from tortuga_desktop.games.dice.rules.scenario import position


def test_dice_phase_position_with_scripted_rolls() -> None:
    g = position(players=3, start=2, round=4, seats=[
        {"boat": 1, "pirate": 1, "placed": {"board": "A", "raid": "B"}, "roll": "bbr"},
        {"tortuga": "RRB", "crew": "W", "tiles": [2, 3], "bonus": "12..."},
    ], center="P")
    assert g.round == 4 and g.start == 2 and g.rollers == [2, 0, 1]
    assert g.legal_actions(0)[0].text() == "select -"  # R3.6: this roll allows no selection
    assert g.seats[1].tortuga == [0, 0, 1] and g.center == [False, False, False, False, True]
    assert g.supply == 18 and g.pool == [17, 8, 3] and not check_invariants(g)


def test_actions_phase_position_starts_at_the_named_action() -> None:
    g = position(players=3, phase="actions", action="board", seats=[
        {"placed": {"board": "AE", "fleet": "BCD"}},
        {"placed": {"board": "D", "crew": "ABCE"}},
        {"fleet": "RB", "placed": {"hunt": "ABCDE"}},
    ])
    assert g.phase == "actions" and g.act_action == 3 and g.act_order == [0, 1]
    d = g.pending()[0]
    assert d.seat == 0 and d.kind == DecisionKind.POSITION
    g.apply(0, "target 2")
    assert g.pending()[0].kind == DecisionKind.TAKE_CHEST


def test_move_phase_position_waits_for_arrangements() -> None:
    g = position(players=2, phase="move", seats=[{"crew": "RB", "island": "YWP"}, {"island": "R"}])
    kinds = {(d.seat, d.kind) for d in g.pending()}
    assert kinds == {(0, DecisionKind.ARRANGE_FLEET)}
    g.apply(0, "arrange BR")
    g.apply(0, "arrange PW")
    assert g.seats[0].fleet == [1, 0] and g.seats[0].crew == [4, 3] and g.phase == "dice"


def test_bag_and_pool_given_park_the_rest() -> None:
    g = position(players=2, bag="RRBY", pool=[1, 0, 0], park=(1, "tortuga"))
    assert g.bag == [2, 1, 1, 0, 0] and g.pool == [1, 0, 0]
    assert len(g.seats[1].tortuga) == 36 and len(g.seats[1].tiles) == 29


@pytest.mark.parametrize("spec,message", [
    ({"players": 5}, "2-4 players"),
    ({"seats": [{"fleet": "RX"}]}, "unknown chest colour"),
    ({"seats": [{"wings": 2}]}, "unknown keys"),
    ({"seats": [{"boat": 9}]}, "token box"),
    ({"seats": [{"boat": 1, "fleet": "RB"}]}, "not a legal position"),
    ({"seats": [{"tortuga": "PPPPPP"}]}, "more chests"),
    ({"seats": [{"tiles": [3, 3, 3, 3, 3]}]}, "more treasure tiles"),
    ({"seats": [{"bonus": "1234."}]}, "bonus"),
    ({"seats": [{"placed": {"board": "ABC"}}]}, "capacity"),
    ({"seats": [{"placed": {"swim": "A"}}]}, "unknown action"),
    ({"seats": [{"roll": "bbz"}]}, "faces"),
    ({"seats": [{"roll": "bb"}]}, "faces for 5 dice"),
    ({"center": "YY"}, "one chest of each colour"),
    ({"bag": "R"}, "park"),
    ({"phase": "actions"}, "every die must be placed"),
    ({"phase": "move", "seats": [{"fleet": "R"}]}, "Tortuga"),
    ({"phase": "lunch"}, "phase"),
    ({"colour": 1}, "unknown spec keys"),
])
def test_bad_specs_raise_scenario_error(spec: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        position(spec)
    assert issubclass(ScenarioError, RulesError)


def test_built_positions_play_on_to_the_end() -> None:
    rng = random.Random(5)
    g = position(players=4, start=3, round=3, seats=[{"boat": 6, "fleet": "RBYW", "bonus": [2, 2, 2, 2, 1]}])
    while not g.is_over:
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
        assert not check_invariants(g)
