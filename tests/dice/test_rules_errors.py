"""Invalid input: malformed actions raise MalformedActionError, illegal ones IllegalActionError,
and the state never changes (R3.2, R3.3, R4.9, R4.10 and the engine API contract)."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import BOARD, CREW, FLEET, HUNT, RAID, build, place, state

from tortuga_desktop.games.dice.rules import (
    Act,
    Arrange,
    ChooseAction,
    Game,
    IllegalActionError,
    KeepTile,
    MalformedActionError,
    RulesError,
    SelectDice,
    TakeBonus,
    TakeChest,
    Target,
    parse_action,
)

MALFORMED_TEXTS = [
    "", "   ", "jump", "select", "select AF", "select AA", "select A B", "select --", "target", "target x",
    "target -1", "target 1 2", "chest", "chest X", "chest RB", "keep", "keep 4", "keep 0", "bonus new",
    "bonus maybe fleet", "bonus new swim", "skulls", "skulls swim", "arrange", "arrange Q", "act now",
    "forfeit please",
]


@pytest.mark.parametrize("text", MALFORMED_TEXTS)
def test_malformed_texts_raise_and_change_nothing(text: str) -> None:
    g = Game.new(3, seed=1)
    before = state(g)
    with pytest.raises(MalformedActionError):
        parse_action(text)
    with pytest.raises(MalformedActionError):
        g.apply(g.to_move()[0], text)
    assert state(g) == before


@pytest.mark.parametrize("thing", [42, None, 3.5, b"act", ("act",), {"act": 1}, object()])
def test_malformed_objects_raise(thing: Any) -> None:
    g = Game.new(3, seed=1)
    before = state(g)
    with pytest.raises(MalformedActionError):
        g.apply(0, thing)
    with pytest.raises(MalformedActionError):
        parse_action(thing)
    assert state(g) == before


@pytest.mark.parametrize("seat", [-1, 3, 9, "0", None, True, 1.0])
def test_malformed_seat(seat: Any) -> None:
    g = Game.new(3, seed=1)
    before = state(g)
    with pytest.raises(MalformedActionError):
        g.apply(seat, "select A")
    assert state(g) == before


def test_errors_are_value_errors() -> None:
    assert issubclass(MalformedActionError, RulesError) and issubclass(IllegalActionError, RulesError)
    assert issubclass(RulesError, ValueError)


def dice_game() -> Game:
    g = build(3, seats=[{"placed": {"board": "A"}}])
    g.set_roll(0, [BOARD, BOARD, RAID, RAID])  # dice B C D E
    g.set_roll(1, [RAID] * 5)
    g.set_roll(2, [FLEET] * 5)
    return g


@pytest.mark.parametrize("seat,action", [
    (0, "select A"),  # die A is not in the hand (already placed)
    (0, "select BD"),  # mixed actions
    (0, "select BC"),  # Board room is 1 (A already there)
    (1, "select ABC"),  # Raid capacity 2
    (0, "act"),  # wrong moment
    (0, "forfeit"),
    (0, "target 1"),
    (0, "skulls fleet"),
    (0, "bonus new fleet"),
    (0, "keep 1"),
    (0, "chest R"),
    (0, "arrange R"),
    (0, SelectDice(())),  # empty selection
    (0, SelectDice((1, 1))),  # a die twice
])
def test_illegal_in_dice_phase(seat: int, action: Any) -> None:
    g = dice_game()
    before = state(g)
    with pytest.raises(IllegalActionError):
        g.apply(seat, action)
    assert state(g) == before


def test_wrong_seat_and_selected_twice() -> None:
    g = dice_game()
    g.apply(2, "select A")
    before = state(g)
    with pytest.raises(IllegalActionError):
        g.apply(2, "select B")  # already selected this roll step
    assert state(g) == before


def action_game() -> Game:
    g = build(3, seats=[{"fleet": "RB"}, {"fleet": "Y"}, {}])
    place(g, {0: {"board": "AD", "fleet": "BCE"}, 1: {"board": "B", "hunt": "ACDE"}, 2: {"crew": "ABCDE"}})
    return g


@pytest.mark.parametrize("seat,action", [(1, "act"), (2, "forfeit"), (0, "select A"), (0, "target 1"),
                                         (0, "chest R"), (0, "keep 2"), (0, "arrange -")])
def test_illegal_in_actions_phase(seat: int, action: str) -> None:
    g = action_game()  # Expand fleet: seat 0 alone is 1st
    before = state(g)
    with pytest.raises(IllegalActionError):
        g.apply(seat, action)
    assert state(g) == before


def test_illegal_targets_on_board() -> None:
    """Targeting yourself; 2nd targeting 1st's target; a seat outside the game; a chest not there."""
    g = action_game()
    while g.act_action < BOARD:
        (d,) = g.pending()
        g.apply(d.seat, "forfeit")
    before = state(g)
    for bad in ("target 0", "target 3", "act", "chest R"):
        with pytest.raises(IllegalActionError):
            g.apply(0, bad)
        assert state(g) == before
    g.apply(0, "target 1")  # single yellow chest: taken automatically
    before = state(g)
    with pytest.raises(IllegalActionError):
        g.apply(1, "target 1")  # itself, also 1st's target
    assert state(g) == before
    assert g.decision_for(1) is not None
    g2 = action_game()
    while g2.act_action < BOARD:
        (d,) = g2.pending()
        g2.apply(d.seat, "forfeit")
    g2.apply(0, "target 2")
    before = state(g2)
    with pytest.raises(IllegalActionError):
        g2.apply(1, "target 2")  # 2nd may not choose 1st's target
    assert state(g2) == before


def test_take_chest_not_in_fleet() -> None:
    g = build(3, seats=[{}, {"fleet": "RB"}, {}])
    place(g, {0: {"board": "AD", "fleet": "BCE"}, 1: {"board": "B", "hunt": "ACDE"}, 2: {"crew": "ABCDE"}})
    while g.act_action < BOARD:
        (d,) = g.pending()
        g.apply(d.seat, "forfeit")
    g.apply(0, "target 1")
    before = state(g)
    for bad in ("chest Y", "chest P", "forfeit", "target 2"):
        with pytest.raises(IllegalActionError):
            g.apply(0, bad)
        assert state(g) == before


def test_game_over_refuses_everything() -> None:
    g = build(3, seats=[{"tortuga": "RRRRR", "fleet": "B"}], bag=[0] * 5, park=2)
    place(g, {s: {"fleet": "ABCDE"} for s in range(3)})
    while not g.is_over:
        (d, *_) = g.pending()
        g.apply(d.seat, "forfeit" if Act() in g.legal_actions(d.seat) else g.legal_actions(d.seat)[0])
    before = state(g)
    for s in range(3):
        with pytest.raises(IllegalActionError):
            g.apply(s, "forfeit")
    assert state(g) == before and g.legal_actions(0) == [] and g.pending() == []
    assert CREW + HUNT == 3


@pytest.mark.parametrize("action", [
    SelectDice((9,)),
    SelectDice(("a",)),  # type: ignore[arg-type]
    SelectDice("AB"),  # type: ignore[arg-type]
    SelectDice(None),  # type: ignore[arg-type]
    SelectDice((True,)),
    TakeChest(9),  # type: ignore[arg-type]
    ChooseAction(9),  # type: ignore[arg-type]
    TakeBonus(9, False),  # type: ignore[arg-type]
    Arrange((9,)),  # type: ignore[arg-type]
    SelectDice((-1,)), Target(-1), Target("x"), KeepTile(7), KeepTile("x"),  # type: ignore[arg-type]
])
def test_action_objects_with_bad_fields_raise_rules_error(action: Any) -> None:
    """Action objects built by hand with out-of-range or ill-typed fields are refused with a RulesError
    (MalformedActionError or IllegalActionError), never another exception, and change nothing."""
    for g in (dice_game(), action_game()):
        before = state(g)
        with pytest.raises(RulesError):
            g.apply(g.to_move()[0], action)
        assert state(g) == before


@pytest.mark.parametrize("action", [SelectDice((-1,)), SelectDice((True,)), TakeChest(9), KeepTile(7), Target("x")])  # type: ignore[arg-type]
def test_out_of_range_fields_are_malformed_not_illegal(action: Any) -> None:
    """A field no action could ever carry (die -1, chest 9, a bool for a die) is malformed input."""
    g = dice_game()
    before = state(g)
    with pytest.raises(MalformedActionError):
        g.apply(g.to_move()[0], action)
    assert state(g) == before
