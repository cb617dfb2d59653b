"""Phase 2 — actions (R4.1-R4.12) and the engine rulings E3, E8."""

from __future__ import annotations

import pytest
from scenario import BOARD, CREW, FLEET, HUNT, RAID, build, place, seat_rows, state

from tortuga_desktop.games.dice.rules import (
    Act,
    DecisionKind,
    Forfeit,
    Game,
    IllegalActionError,
    KeepTile,
    PositionPayload,
    Target,
)


def skip_to(g: Game, action: int) -> Game:
    """Forfeit every position until ``action`` resolves."""
    while g.phase == "actions" and g.act_action < action:
        (d,) = g.pending()
        assert d.kind == DecisionKind.POSITION
        g.apply(d.seat, "forfeit")
    assert g.phase == "actions" and g.act_action == action
    return g


def finish(g: Game) -> Game:
    """Forfeit the rest of the actions phase."""
    while g.phase == "actions":
        (d,) = g.pending()
        g.apply(d.seat, "forfeit" if d.kind == DecisionKind.POSITION else g.legal_actions(d.seat)[0])
    return g


def test_R4_1_actions_resolve_in_fixed_order() -> None:
    """R4.1: Expand fleet, Recruit crew, Treasure hunt, Board, Raid."""
    g = build(3)
    place(g, {0: {"fleet": "A", "crew": "B", "hunt": "C", "board": "DE"},
              1: {"raid": "AB", "fleet": "CDE"}, 2: {"crew": "ABCDE"}})
    seen = []
    while g.phase == "actions":
        (d,) = g.pending()
        if not seen or seen[-1] != g.act_action:
            seen.append(g.act_action)
        g.apply(d.seat, "forfeit")
    assert seen == [FLEET, CREW, HUNT, BOARD, RAID]


def test_R4_2_total_is_dice_plus_bonus_tile_and_only_dice_take_part() -> None:
    """R4.2: total = sum of die values there + bonus tile; a bonus tile alone does not take part."""
    g = build(3, seats=[{"bonus": [0, 0, 0, 2, 0]}, {"bonus": [0, 0, 1, 0, 0]}])
    place(g, {0: {"board": "AB", "fleet": "CDE"}, 1: {"board": "A", "crew": "BCDE"},
              2: {"hunt": "A", "crew": "BCDE"}})
    assert g.seats[0].total(BOARD) == 5 + 1 + 2
    assert g.seats[1].total(BOARD) == 5
    assert g.positions(BOARD) == [0, 1]
    assert g.positions(HUNT) == [2]  # seat 1's bonus tile on Treasure hunt without dice: no part
    assert g.positions(RAID) == []


def test_R4_3_rulebook_tie_example() -> None:
    """R4.3 (example): start is seat 2; seats 0 and 3 tie on 5 -> seat 3 is 1st, seat 0 2nd, seat 1 none."""
    g = build(4, start=2)
    place(g, {0: {"hunt": "AE", "fleet": "BCD"}, 1: {"hunt": "B", "fleet": "ACDE"},
              2: {"fleet": "ABCDE"}, 3: {"hunt": "BD", "fleet": "ACE"}})
    assert [g.seats[s].total(HUNT) for s in range(4)] == [5, 4, 0, 5]
    assert g.positions(HUNT) == [3, 0, 1]
    skip_to(g, HUNT)
    assert g.pending()[0].seat == 3 and g.pending()[0].payload == PositionPayload(HUNT, 1)
    g.apply(3, "forfeit")
    assert g.pending()[0].seat == 0 and g.pending()[0].payload == PositionPayload(HUNT, 2)


def test_R4_3_tie_goes_to_start_player() -> None:
    """R4.3: the start player wins a tie it is part of."""
    g = build(4, start=2)
    place(g, {0: {"hunt": "AE", "fleet": "BCD"}, 1: {"hunt": "B", "fleet": "ACDE"},
              2: {"hunt": "BD", "fleet": "ACE"}, 3: {"hunt": "BD", "fleet": "ACE"}})
    assert g.positions(HUNT) == [2, 3, 0, 1]
    assert g.positions(FLEET) == [1, 2, 3, 0]  # 10, then 8/8/8: the start player first, then clockwise


def test_R4_3_one_participant_has_no_second_and_none_skips() -> None:
    """R4.3: one participant is 1st with no 2nd; an action without participants is skipped."""
    g = build(3)
    place(g, {0: {"hunt": "ABCDE"}, 1: {"fleet": "ABCDE"}, 2: {"fleet": "ABCDE"}})
    skip_to(g, HUNT)
    assert g.act_order == [0]
    g.apply(0, "forfeit")
    assert g.phase == "move" or g.round == 2  # Board and Raid skipped: nobody took part
    assert "Board: nobody takes part." in g.log_for(None)


def test_R4_4_both_positions_act_first_then_second() -> None:
    """R4.4 + R4.6: 1st acts, then 2nd; 1st boat +2, 2nd boat +1."""
    g = build(3)
    place(g, {0: {"fleet": "ABCDE"}, 1: {"fleet": "E", "crew": "ABCD"}, 2: {"crew": "ABCDE"}})
    (d,) = g.pending()
    assert (d.seat, d.payload.position) == (0, 1)
    g.apply(0, "act")
    (d,) = g.pending()
    assert (d.seat, d.payload.position) == (1, 2)
    g.apply(1, "act")
    assert [g.seats[s].boat for s in range(3)] == [5, 4, 3]


def test_R4_5_forfeit_does_nothing() -> None:
    """R4.5: an acting player may forfeit."""
    g = build(3)
    place(g, {0: {"fleet": "ABCDE"}, 1: {"fleet": "E", "crew": "ABCD"}, 2: {"crew": "ABCDE"}})
    assert set(g.legal_actions(0)) == {Act(), Forfeit()}
    g.apply(0, "forfeit")
    g.apply(1, "forfeit")
    assert [g.seats[s].boat for s in range(3)] == [3, 3, 3]
    assert g.act_action == CREW


def test_R4_6_box_8_is_the_end() -> None:
    """R4.6: movement past box 8 is lost."""
    g = build(3, seats=[{"boat": 7}, {"boat": 8}])
    place(g, {0: {"fleet": "ABCDE"}, 1: {"fleet": "E", "crew": "ABCD"}, 2: {"crew": "ABCDE"}})
    g.apply(0, "act")
    g.apply(1, "act")
    assert g.seats[0].boat == 8 and g.seats[1].boat == 8


def test_R4_7_recruit_crew_moves_pirate() -> None:
    """R4.7: the same on the crew track: 1st +2, 2nd +1, box 8 the end."""
    g = build(3, seats=[{}, {"pirate": 8}])
    place(g, {0: {"crew": "ABCDE"}, 1: {"crew": "A", "hunt": "BCDE"}, 2: {"hunt": "ABCDE"}})
    skip_to(g, CREW)
    g.apply(0, "act")
    g.apply(1, "act")
    assert [g.seats[s].pirate for s in range(3)] == [5, 8, 3]
    assert [g.seats[s].boat for s in range(3)] == [3, 3, 3]


def hunt_game(**kw: object) -> Game:
    g = build(3, **kw)  # type: ignore[arg-type]
    place(g, {0: {"hunt": "ABCDE"}, 1: {"hunt": "C", "fleet": "ABDE"}, 2: {"crew": "ABCDE"}})
    return skip_to(g, HUNT)


def test_R4_8_treasure_hunt_first_chooses_between_two_tiles() -> None:
    """R4.8 (example): 1st draws a chest and two tiles, keeps one; the other returns to the pool."""
    g = hunt_game(pool=[1, 0, 1], park=2)
    bag_before = sum(g.bag)
    g.apply(0, "act")
    assert sum(g.bag) == bag_before - 1 and len(g.seats[0].island) == 1
    (d,) = g.pending()
    assert d.kind == DecisionKind.KEEP_TILE and sorted(d.payload.tiles) == [1, 3]
    assert set(g.legal_actions(0)) == {KeepTile(1), KeepTile(3)}
    before = state(g)
    with pytest.raises(IllegalActionError):
        g.apply(0, "keep 2")
    assert state(g) == before
    g.apply(0, "keep 3")
    assert g.seats[0].tiles == [3] and g.seats[0].returned == [1]
    assert g.pool == [1, 0, 0]  # the returned tile is back in the pool (E6)
    g.apply(1, "act")  # 2nd: one tile, kept face down -- the returned one
    assert g.seats[1].tiles == [1] and g.pool == [0, 0, 0]
    assert "Player 2 hunts treasure" not in " ".join(g.log_for(None))  # 2nd draws no chest


def test_R4_8_R9_1_equal_tiles_still_ask_the_seat_to_keep_one() -> None:
    """R4.8 + R9.1 ruling (not E1): two tiles of equal value still ask their owner to keep one,
    and every other seat sees exactly what it sees when the values differ."""
    g = hunt_game(pool=[0, 2, 0], park=2)
    g.apply(0, "act")
    (d,) = g.pending()
    assert d.kind == DecisionKind.KEEP_TILE and d.payload.tiles == (2, 2)
    assert g.legal_actions(0) == [KeepTile(2)]
    assert g.seats[0].tiles == [] and g.pool == [0, 0, 0]
    g.apply(0, "keep 2")
    assert g.seats[0].tiles == [2] and g.seats[0].returned == [2] and g.pool == [0, 1, 0]


def _others_see(pool: list[int]) -> list[tuple[object, ...]]:
    """What seats 1 and 2 see from the hunt's start until 1st has kept a tile: pending decisions,
    their own views' hunt fields and their log, as comparable data."""
    g = hunt_game(pool=pool, park=2)
    seen: list[tuple[object, ...]] = []

    def look() -> None:
        for viewer in (1, 2, None):
            v = g.view(viewer)
            seen.append((viewer, [(x.seat, x.kind) for x in v.pending], v.drawn, v.drawn_count,
                         [type(e).__name__ for e in g.events_for(viewer)][-4:]))

    look()
    g.apply(0, "act")
    look()
    g.apply(0, g.legal_actions(0)[-1])
    look()
    return seen


def test_R9_1_others_cannot_tell_equal_tiles_from_different_ones() -> None:
    """R9.1 ruling: equal and different drawn tiles look the same to every other seat."""
    assert _others_see([0, 2, 0]) == _others_see([1, 1, 0])


def test_R4_8_ruling_empty_bag_and_short_pool() -> None:
    """R4.8 ruling: empty bag -> no chest; one tile left -> 1st keeps it; 2nd then gets nothing."""
    g = hunt_game(bag=[0, 0, 0, 0, 0], pool=[0, 0, 1], park=2)
    g.apply(0, "act")
    assert g.seats[0].island == [] and g.seats[0].tiles == [3]
    assert g.pending()[0].seat == 1
    g.apply(1, "act")
    assert g.seats[1].tiles == [] and g.pool == [0, 0, 0]


def board_game(seats: list[dict[str, object]], start: int = 0, center: str = "", players: int = 3) -> Game:
    """Seat 0 Board 8 (AD), seat 1 Board 1 (B), seat 2 no Board; skipped to Board."""
    # Empty bag (the rest parked on seat 2's island): no move-phase draw muddles the islands.
    g = build(players, start=start, seats=seats, center=center, bag=[0] * 5, park=2)  # type: ignore[arg-type]
    lay = {0: {"board": "AD", "fleet": "BCE"}, 1: {"board": "B", "hunt": "ACDE"}, 2: {"crew": "ABCDE"}}
    if players == 4:
        lay[3] = {"crew": "ABCDE"}
    place(g, lay)
    return skip_to(g, BOARD)


def test_R4_9_defended_board_both_boats_move_back() -> None:
    """R4.9 (example): 1st takes a chest of choice; the target defended, so both boats move back."""
    g = board_game([{"fleet": "W"}, {"fleet": "RB"}, {}])
    assert set(g.legal_actions(0)) == {Target(1), Target(2), Forfeit()}
    g.apply(0, "target 1")
    (d,) = g.pending()
    assert d.kind == DecisionKind.TAKE_CHEST and d.payload.source == "fleet" and d.payload.target == 1
    assert {a.text() for a in g.legal_actions(0)} == {"chest R", "chest B"}
    g.apply(0, "chest B")
    assert seat_rows(g, 0)["island"] == "B" and seat_rows(g, 1)["fleet"] == "R"
    assert g.seats[1].boat == 2 and g.seats[0].boat == 2  # defended: both move back


def test_R4_9_undefended_board_only_target_moves() -> None:
    """R4.9: a target without Board dice loses a box; 1st keeps its boat."""
    g = board_game([{}, {}, {"fleet": "Y"}])
    g.apply(0, "target 2")  # single colour: taken automatically (E1)
    assert seat_rows(g, 0)["island"] == "Y" and g.seats[2].fleet == []
    assert g.seats[2].boat == 2 and g.seats[0].boat == 3


def test_R4_9_second_boards_another_player_then_takes_from_center() -> None:
    """R4.9: 2nd may not choose 1st's target (1st itself is allowed), then takes a center chest."""
    g = board_game([{}, {}, {"fleet": "Y"}], center="RB")
    g.apply(0, "target 2")
    (d,) = g.pending()
    assert d.seat == 1 and d.payload.position == 2
    assert set(g.legal_actions(1)) == {Target(0), Forfeit()}
    before = state(g)
    for bad in ("target 2", "target 1", "target 7"):
        with pytest.raises(IllegalActionError):
            g.apply(1, bad)
        assert state(g) == before
    g.apply(1, "target 0")  # 1st placed Board dice: defended, both move back
    assert g.seats[0].boat == 2 and g.seats[1].boat == 2
    (d,) = g.pending()
    assert d.kind == DecisionKind.TAKE_CHEST and d.payload.source == "center"
    g.apply(1, "chest R")
    assert seat_rows(g, 1)["island"] == "R" and g.center == [False, True, False, False, False]


def test_R4_9_ruling_first_forfeits_second_chooses_anyone_empty_fleet_ok() -> None:
    """R4.9 ruling: after 1st forfeits, 2nd picks any other player; an empty fleet may be boarded."""
    g = board_game([{}, {}, {}])
    g.apply(0, "forfeit")
    assert set(g.legal_actions(1)) == {Target(0), Target(2), Forfeit()}
    g.apply(1, "target 2")
    assert g.seats[2].boat == 2 and g.seats[1].boat == 3 and seat_rows(g, 1)["island"] == ""
    assert g.act_action == RAID or g.phase != "actions"


def test_R4_9_box_1_is_the_end() -> None:
    """R4.9: movement left of box 1 is lost."""
    g = board_game([{"boat": 2}, {"boat": 1}, {}])
    g.apply(0, "target 1")  # defended: 2 -> 1 and 1 -> 1
    assert g.seats[0].boat == 1 and g.seats[1].boat == 1
    g.apply(1, "target 0")  # defended again: both stay on box 1
    assert g.seats[0].boat == 1 and g.seats[1].boat == 1


def test_R4_10_raid_takes_from_crew_moves_pirates() -> None:
    """R4.10: Raid is Board with the crew area and the pirate token."""
    g = build(3, seats=[{}, {"crew": "PY"}, {}])
    place(g, {0: {"raid": "DE", "fleet": "ABC"}, 1: {"raid": "C", "hunt": "ABDE"}, 2: {"crew": "ABCDE"}})
    skip_to(g, RAID)
    g.apply(0, "target 1")
    assert g.pending()[0].payload.source == "crew"
    g.apply(0, "chest P")
    assert seat_rows(g, 0)["island"] == "P" and seat_rows(g, 1)["crew"] == "Y"
    assert (g.seats[0].pirate, g.seats[1].pirate) == (2, 2)  # seat 1 had a Raid die
    assert [g.seats[s].boat for s in range(3)] == [3, 3, 3]


def test_R4_11_raid_knocks_chest_to_center_and_second_takes_it() -> None:
    """R4.11 (examples): 1st's defended raid drops its own rightmost crew chest on the center island;
    2nd takes it from there (a chest knocked loose by 1st's effect)."""
    g = build(3, seats=[{"pirate": 4, "crew": "RBY"}, {"crew": "W"}, {"crew": "B"}], bag=[0] * 5, park=2)
    place(g, {0: {"raid": "DE", "fleet": "ABC"}, 1: {"raid": "C", "hunt": "ABDE"}, 2: {"crew": "ABCDE"}})
    skip_to(g, RAID)
    assert g.act_order == [0, 1]
    g.apply(0, "target 1")
    assert g.seats[0].pirate == 3 and seat_rows(g, 0)["crew"] == "RB"  # Y surplus from the right
    assert g.center == [False, False, True, False, False]
    assert set(g.legal_actions(1)) == {Target(0), Target(2), Forfeit()}
    g.apply(1, "target 2")
    assert seat_rows(g, 1)["island"] == "Y" and not any(g.center)
    assert g.seats[2].pirate == 2 and g.seats[1].pirate == 2
    assert g.phase != "actions"


def test_R4_11_surplus_to_bag_when_colour_on_center() -> None:
    """R4.11: a surplus chest whose colour is already on the center island goes to the bag."""
    g = build(3, seats=[{"pirate": 4, "crew": "RBY"}, {"crew": "W"}, {"crew": "B"}], center="Y")
    place(g, {0: {"raid": "DE", "fleet": "ABC"}, 1: {"raid": "C", "hunt": "ABDE"}, 2: {"crew": "ABCDE"}})
    skip_to(g, RAID)
    bag = g.bag[:]
    g.apply(0, "target 1")
    assert seat_rows(g, 0)["crew"] == "RB" and g.bag[2] == bag[2] + 1
    assert g.center == [False, False, True, False, False]


def test_R4_11_second_effect_surplus_of_target() -> None:
    """R4.11 (revised): 2nd's push lowers the target's capacity; its rightmost chest falls to the
    center island at once, and 2nd then takes it from there."""
    g = build(3, seats=[{}, {}, {"pirate": 4, "crew": "YRB"}], bag=[0] * 5, park=0)
    place(g, {0: {"raid": "DE", "fleet": "ABC"}, 1: {"raid": "C", "hunt": "ABDE"}, 2: {"crew": "ABCDE"}})
    skip_to(g, RAID)
    g.apply(0, "forfeit")
    g.apply(1, "target 2")
    assert seat_rows(g, 2)["crew"] == "YR"
    assert seat_rows(g, 1)["island"] == "B" and not any(g.center)  # the just-dropped chest


@pytest.mark.parametrize("start", [0, 1, 2])
def test_R4_11_second_defended_target_drops_then_own_then_takes(start: int) -> None:
    """R4.11 (revised): the target's token moves and drops its surplus, then 2nd's own token
    moves and drops its surplus, and only then 2nd takes from the center island - whatever the
    seat order."""
    g = build(3, start=start, seats=[{}, {"pirate": 4, "crew": "RBY"}, {"pirate": 4, "crew": "RBY"}],
              bag=[0] * 5, park=0)
    place(g, {0: {"raid": "DE", "fleet": "ABC"}, 1: {"raid": "C", "hunt": "ABDE"},
              2: {"raid": "A", "crew": "BCDE"}})
    skip_to(g, RAID)
    assert g.act_order == [0, 1]
    g.apply(0, "forfeit")
    g.apply(1, "target 2")  # defended: both pirates 4 -> 3, both crews drop a yellow
    assert seat_rows(g, 1)["crew"] == "RB" and seat_rows(g, 2)["crew"] == "RB"
    log = g.log_for(None)
    first = log.index("Player 3's crew is over capacity: a yellow chest goes to the center island.")
    second = log.index("Player 2's crew is over capacity: a yellow chest goes to the bag.")
    took = log.index("Player 2 takes the yellow chest from the center island.")
    assert first < second < took


def test_R4_12_dice_return_after_actions() -> None:
    """R4.12: after the actions all dice return to their owners."""
    g = build(3)
    place(g, {0: {"fleet": "ABCDE"}, 1: {"crew": "ABCDE"}, 2: {"crew": "ABCDE"}})
    finish(g)
    for p in g.seats:
        assert p.placed == [[], [], [], [], []]
        assert sorted(p.hand) == [0, 1, 2, 3, 4]
