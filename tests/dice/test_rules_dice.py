"""Phase 1 — dice (R3.1-R3.8) and the engine rulings E1, E5."""

from __future__ import annotations

import pytest
from scenario import BOARD, CREW, FLEET, HUNT, RAID, build, play_dice, roll_step, state

from tortuga_desktop.games.dice.rules import (
    SKULL,
    ChooseAction,
    DecisionKind,
    DicePayload,
    IllegalActionError,
    SelectDice,
    SkullPayload,
)

S = SKULL


def test_R3_1_every_player_with_dice_rolls_all_of_them() -> None:
    """R3.1: each roll step every player with unplaced dice rolls all of them."""
    g = build(3)
    assert sorted(g.to_move()) == [0, 1, 2]
    roll_step(g, {0: ([FLEET, FLEET, S, S, S], "select AB"), 1: ([CREW] * 5, "select A"),
                  2: ([HUNT] * 5, "select ABCDE")})
    assert g.seats[0].hand == [2, 3, 4] and len(g.seats[0].roll or []) == 3
    assert g.seats[1].hand == [1, 2, 3, 4] and len(g.seats[1].roll or []) == 4
    assert g.seats[2].hand == [] and g.seats[2].roll is None
    assert g.rollers == [0, 1]


def test_R3_2a_same_action_plus_skulls() -> None:
    """R3.2 (a): non-skull dice of one action, skulls added are turned to it."""
    g = build(3)
    g.set_roll(0, [FLEET, FLEET, S, RAID, RAID])
    legal = g.legal_actions(0)
    assert SelectDice((0, 1, 2)) in legal and SelectDice((2, 3, 4)) not in legal  # raid room 2
    assert SelectDice((0, 3)) not in legal
    before = state(g)
    with pytest.raises(IllegalActionError):
        g.apply(0, "select AD")  # mixed actions
    assert state(g) == before
    g.apply(0, "select ABC")
    g.set_roll(1, [CREW] * 5)
    g.set_roll(2, [CREW] * 5)
    g.apply(1, "select A")
    g.apply(2, "select A")
    assert g.seats[0].placed[FLEET] == [0, 1, 2]
    assert g.seats[0].total(FLEET) == 4 + 5 + 1  # dice A, B, C on Expand fleet (R0.8)


def test_R3_2b_skulls_only_action_chosen_after_reveal() -> None:
    """R3.2 (b): a skull-only selection is turned to one action of the player's choice."""
    g = build(3)
    roll_step(g, {0: ([S, S, FLEET, FLEET, FLEET], "select AB", "skulls raid"),
                  1: ([CREW] * 5, "select A"), 2: ([CREW] * 5, "select A")})
    assert g.seats[0].placed[RAID] == [0, 1]
    assert g.seats[0].total(RAID) == 2 + 3  # skulls A, B turned to Raid (R0.8)


def test_R3_3_board_capacity_counts_dice_placed_earlier() -> None:
    """R3.3: Board holds capacity(boat) dice, including those placed earlier this round."""
    g = build(3, seats=[{"placed": {"board": "A"}}])
    g.set_roll(0, [BOARD, BOARD, S, FLEET])  # dice B C D E
    legal = g.legal_actions(0)
    assert SelectDice((1,)) in legal and SelectDice((1, 2)) not in legal and SelectDice((1, 3)) not in legal
    before = state(g)
    for bad in ("select BC", "select BD"):
        with pytest.raises(IllegalActionError):
            g.apply(0, bad)
        assert state(g) == before


def test_R3_3_raid_capacity_from_pirate() -> None:
    """R3.3: Raid holds capacity(pirate) dice: pirate on 6 allows 4."""
    g = build(3, seats=[{"pirate": 6}])
    g.set_roll(0, [RAID] * 5)
    assert max(len(a.dice) for a in g.legal_actions(0)) == 4
    with pytest.raises(IllegalActionError):
        g.apply(0, "select ABCDE")


def test_R3_3_skull_only_needs_room_for_all_skulls() -> None:
    """R3.3: a skull-only selection may only be turned to an action with room for all of them."""
    g = build(3, seats=[{"boat": 1}])
    g.set_roll(0, [S, S, S, FLEET, FLEET])
    g.set_roll(1, [CREW] * 5)
    g.set_roll(2, [CREW] * 5)
    g.apply(1, "select A")
    g.apply(2, "select A")
    g.apply(0, "select ABC")
    d = g.decision_for(0)
    assert d is not None and d.kind == DecisionKind.SKULL_ACTION and d.payload == SkullPayload(3)
    legal = g.legal_actions(0)
    assert ChooseAction(BOARD) not in legal and ChooseAction(RAID) not in legal
    assert {ChooseAction(FLEET), ChooseAction(CREW), ChooseAction(HUNT)} <= set(legal)
    before = state(g)
    with pytest.raises(IllegalActionError):
        g.apply(0, "skulls board")
    assert state(g) == before


def test_R3_4_dice_add_up_over_the_round() -> None:
    """R3.4: dice placed earlier stay; new dice for the same action join them."""
    g = build(3)
    play_dice(g, {
        0: [([HUNT, HUNT, S, S, S], "select AB"), ([HUNT, FLEET, FLEET], "select C")],
        1: [([CREW] * 5, "select AB"), ([CREW] * 3, "select C")],
        2: [([CREW] * 5, "select AB"), ([CREW] * 3, "select C")],
    })
    assert g.seats[0].placed[HUNT] == [0, 1, 2]
    assert g.seats[0].hand == [3, 4]


def test_R3_5_reveal_is_simultaneous_and_skull_choices_in_seat_order() -> None:
    """R3.5: nothing is placed before every roller selected; skull choices from the start player on."""
    g = build(3, start=1)
    for s in range(3):
        g.set_roll(s, [S, FLEET, FLEET, FLEET, FLEET])
    g.apply(0, "select A")
    assert g.seats[0].placed == [[], [], [], [], []] and g.seats[0].hand == [0, 1, 2, 3, 4]
    g.apply(2, "select A")
    assert all(p.placed == [[], [], [], [], []] for p in g.seats)
    g.apply(1, "select A")
    order = []
    for choice in ("board", "raid", "hunt"):
        (d,) = g.pending()
        assert d.kind == DecisionKind.SKULL_ACTION
        order.append(d.seat)
        if order == [1, 2]:
            assert g.view(2).seats[1].skull_action == BOARD  # sees the choice before theirs
        g.apply(d.seat, "skulls " + choice)
    assert order == [1, 2, 0]
    assert [p.placed[a] for p, a in zip(g.seats, (HUNT, BOARD, RAID), strict=True)] == [[0], [0], [0]]


def test_R3_5_unselected_dice_return_to_hand() -> None:
    """R3.5: unselected dice go back to the hand and are rolled at the next roll step."""
    g = build(2)
    roll_step(g, {0: ([FLEET, CREW, HUNT, BOARD, RAID], "select D"), 1: ([CREW] * 5, "select A")})
    assert g.seats[0].hand == [0, 1, 2, 4] and g.seats[0].placed[BOARD] == [3]
    assert g.seats[0].roll is not None and len(g.seats[0].roll) == 4


@pytest.mark.parametrize("seed", range(4))
def test_R3_6_no_valid_selection_open_reroll_and_E5_order(seed: int) -> None:
    """R3.6 + E5 + R3.7: stuck roll rerolled openly; then skulls; then the finished player's single bonus."""
    g = build(3, seed=seed, seats=[
        {"boat": 1, "pirate": 1, "placed": {"board": "A", "raid": "B"}},  # Board and Raid full
        {"placed": {"fleet": "ABCDE"}},  # finished: due one bonus tile this roll step
        {},
    ])
    g.set_roll(0, [BOARD, RAID, BOARD])
    assert 0 in g.to_move()  # R9.1: a stuck roll is confirmed like any other
    assert g.legal_actions(0) == [SelectDice(())]  # the one legal action: "select -"
    assert g.view(2).stuck == () and not g.view(2).seats[0].done
    g.apply(0, "select -")
    assert g.view(2).stuck == () and g.view(2).seats[0].done  # "done", nothing more
    g.set_roll(2, [S, FLEET, FLEET, FLEET, FLEET])
    g.apply(2, "select A")
    kinds = []
    while g.phase == "dice" and g.pending():
        (d,) = g.pending()
        kinds.append((d.seat, d.kind))
        if d.kind == DecisionKind.SELECT_DICE:
            assert d.payload == DicePayload(open=True)
            assert g.seats[0].open_roll
            assert list(g.view(2).seats[0].roll or ()) == g.seats[0].roll  # the reroll is open
            g.apply(0, g.legal_actions(0)[0])
        elif d.kind == DecisionKind.SKULL_ACTION:
            g.apply(d.seat, "skulls hunt")
        else:
            assert d.kind == DecisionKind.BONUS_TILE and d.seat == 1
            g.apply(1, "bonus new raid")
            break
    kinds = [k for k in kinds if k != (0, DecisionKind.SKULL_ACTION)]  # if the open selection was skulls
    expect = [(2, DecisionKind.SKULL_ACTION), (1, DecisionKind.BONUS_TILE)]
    assert kinds in (expect, [(0, DecisionKind.SELECT_DICE), *expect])
    assert "cannot place any die" in " ".join(g.log_for(2))
    assert sum(len(x) for x in g.seats[0].placed) >= 3  # at least one more die placed after the open reroll
    assert g.seats[1].bonus == [0, 0, 0, 0, 1] and g.supply == 19  # exactly one tile, rerolls do not count


def test_R3_7_finished_player_earns_bonus_tiles_while_others_roll() -> None:
    """R3.7 (rulebook example): every roll step with no dice left to roll gives one bonus tile."""
    g = build(3)
    play_dice(g, {
        0: [([FLEET] * 5, "select ABCDE")],
        1: [([CREW] * 5, "select AB"), ([CREW] * 3, "select C"), ([CREW] * 2, "select DE")],
        2: [([HUNT] * 5, "select AB"), ([HUNT] * 3, "select C"), ([HUNT] * 2, "select DE")],
    }, bonus={0: ["bonus new fleet", "bonus flip fleet"]})
    assert g.phase == "actions"
    assert g.seats[0].bonus == [2, 0, 0, 0, 0]
    assert g.seats[0].total(FLEET) == 15 + 2
    assert g.supply == 19
    assert g.seats[1].bonus == [0] * 5 and g.seats[2].bonus == [0] * 5


def test_R3_7_bonus_options_new_tile_or_flip() -> None:
    """R3.7: a new "1" tile on an empty space, or flip an own "1" tile."""
    g = build(3, seats=[{"placed": {"hunt": "ABCDE"}, "bonus": [1, 2, 0, 0, 0]}])
    g.set_roll(1, [CREW] * 5)
    g.set_roll(2, [CREW] * 5)
    g.apply(1, "select A")
    g.apply(2, "select A")
    assert g.decision_for(0).kind == DecisionKind.BONUS_TILE
    assert {a.text() for a in g.legal_actions(0)} == {
        "bonus new hunt", "bonus new board", "bonus new raid", "bonus flip fleet"}
    before = state(g)
    for bad in ("bonus new crew", "bonus flip crew", "bonus new fleet", "bonus flip hunt"):
        with pytest.raises(IllegalActionError):
            g.apply(0, bad)
        assert state(g) == before


def test_R3_7_bonus_in_seat_order_from_start_player() -> None:
    """R3.7 ruling: bonus choices are made in seat order from the start player."""
    g = build(3, start=2, seats=[{"placed": {"fleet": "ABCDE"}}, {}, {"placed": {"crew": "ABCDE"}}])
    g.set_roll(1, [HUNT] * 5)
    g.apply(1, "select A")
    seats = []
    for _ in range(2):
        (d,) = g.pending()
        assert d.kind == DecisionKind.BONUS_TILE
        seats.append(d.seat)
        g.apply(d.seat, "bonus new board")
    assert seats == [2, 0]


def test_R3_7_all_twos_receive_nothing_and_single_option_is_automatic() -> None:
    """R3.7: all five on "2" gets nothing; E1: one remaining option (flip) is applied at once."""
    g = build(3, seats=[{"placed": {"fleet": "ABCDE"}, "bonus": [2] * 5},
                        {"placed": {"crew": "ABCDE"}, "bonus": [2, 2, 2, 2, 1]}, {}])
    g.set_roll(2, [HUNT] * 5)
    g.apply(2, "select A")
    assert g.seats[0].bonus == [2] * 5
    assert g.seats[1].bonus == [2] * 5
    assert g.stage == "select" and g.to_move() == [2]
    assert "flips the bonus tile on Raid" in " ".join(g.log_for(None))


def test_R3_7_empty_supply_leaves_only_flips() -> None:
    """R3.7: with the supply empty (20 tiles on boards) a new tile is impossible; flips remain."""
    full = {"bonus": [1, 1, 1, 1, 1]}
    g = build(4, seats=[{**full, "placed": {"fleet": "ABCDE"}}, full, full, {"bonus": [1, 1, 1, 1, 1]}])
    assert g.supply == 0
    for s in (1, 2, 3):
        g.set_roll(s, [HUNT] * 5)
        g.apply(s, "select A")
    assert all(a.flip for a in g.legal_actions(0)) and len(g.legal_actions(0)) == 5


def test_R3_8_dice_phase_ends_when_all_dice_placed() -> None:
    """R3.8: once every die is placed, the actions phase begins."""
    g = build(3)
    play_dice(g, {
        0: [([FLEET] * 5, "select AB"), ([FLEET] * 3, "select CDE")],
        1: [([CREW] * 5, "select AB"), ([CREW] * 3, "select CDE")],
        2: [([HUNT] * 5, "select AB"), ([HUNT] * 3, "select CDE")],
    })
    assert g.phase == "actions"
    assert all(p.hand == [] for p in g.seats)


def test_R9_1_single_die_selection_is_still_confirmed() -> None:
    """R9.1 (revised): a roll with exactly one valid selection still waits for its owner."""
    g = build(3, seats=[{"placed": {"fleet": "ABCD"}}])
    g.set_roll(0, [CREW])
    assert 0 in g.to_move() and g.seats[0].selection is None
    assert g.legal_actions(0) == [SelectDice((4,))]
    g.apply(0, "select E")
    assert g.seats[0].selection == (4,)


def test_E1_forced_open_selection_after_stuck() -> None:
    """E1 + R3.6: a confirmed single-die stuck roll is rerolled openly and placed automatically."""
    g = build(3, seats=[{"boat": 1, "pirate": 1, "placed": {"board": "A", "raid": "B", "fleet": "CD"}}])
    g.set_roll(0, [BOARD])
    assert g.legal_actions(0) == [SelectDice(())]
    g.apply(0, "select -")
    g.set_roll(1, [HUNT] * 5)
    g.set_roll(2, [HUNT] * 5)
    g.apply(1, "select AB")
    g.apply(2, "select AB")
    if g.pending():  # the open reroll showed a skull: its action is chosen (R3.2 b)
        assert g.pending()[0].kind == DecisionKind.SKULL_ACTION and g.pending()[0].seat == 0
        assert {a.text() for a in g.legal_actions(0)} == {"skulls fleet", "skulls crew", "skulls hunt"}
        g.apply(0, "skulls hunt")
    assert g.seats[0].hand == []
    assert sum(len(x) for x in g.seats[0].placed) == 5
    assert len(g.seats[0].placed[BOARD]) == 1 and len(g.seats[0].placed[RAID]) == 1
