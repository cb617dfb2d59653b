"""Two players (R6.1-R6.3) and ruling E9."""

from __future__ import annotations

from scenario import BOARD, CREW, FLEET, HUNT, RAID, arrange_all, build, place, seat_rows

from tortuga_desktop.games.dice.rules import DecisionKind, Forfeit, Game, Target


def skip_to(g: Game, action: int) -> Game:
    while g.phase == "actions" and g.act_action < action:
        (d,) = g.pending()
        g.apply(d.seat, "forfeit")
    assert g.act_action == action
    return g


def test_R6_1_expand_and_recruit_one_box_only_first_acts() -> None:
    """R6.1 + E9: only 1st acts; Expand fleet and Recruit crew move one box."""
    g = build(2)
    place(g, {0: {"fleet": "ABE", "crew": "CD"}, 1: {"fleet": "CD", "crew": "ABE"}})
    assert g.act_order == [0]  # 1st only, no 2nd position
    g.apply(0, "act")
    assert g.act_action == CREW and g.act_order == [1]
    g.apply(1, "act")
    assert (g.seats[0].boat, g.seats[0].pirate, g.seats[1].boat, g.seats[1].pirate) == (4, 3, 3, 4)


def test_R6_1_treasure_hunt_one_chest_one_tile_no_choice() -> None:
    """R6.1: Treasure hunt gives one chest and one tile, without a choice."""
    g = build(2, pool=[1, 0, 1], park=1)
    place(g, {0: {"hunt": "ABCDE"}, 1: {"hunt": "C", "fleet": "ABDE"}})
    skip_to(g, HUNT)
    assert g.act_order == [0]
    g.apply(0, "act")
    assert len(g.seats[0].tiles) == 1 and sum(g.pool) == 1
    assert g.decision_for(0) is None or g.decision_for(0).kind != DecisionKind.KEEP_TILE
    assert "hunts treasure and draws" in " ".join(g.log_for(None))


def test_R6_1_board_takes_from_opponent_defended() -> None:
    """R6.1: Board takes a chest of choice from the opponent's fleet; both boats back if defended."""
    g = build(2, seats=[{}, {"fleet": "RP"}], bag=[0] * 5, park=1, park_area="tortuga")
    place(g, {0: {"board": "AD", "fleet": "BCE"}, 1: {"board": "B", "raid": "A", "hunt": "CDE"}})
    skip_to(g, BOARD)
    assert set(g.legal_actions(0)) == {Target(1), Forfeit()}
    g.apply(0, "target 1")
    g.apply(0, "chest P")
    assert seat_rows(g, 0)["island"] == "P" and seat_rows(g, 1)["fleet"] == "R"
    assert (g.seats[0].boat, g.seats[1].boat) == (2, 2)
    assert g.act_action == RAID and g.act_order == [1]


def test_R6_2_surplus_goes_to_the_bag() -> None:
    """R6.2 + E9: in 2 players a chest that would go to the center island goes to the bag."""
    g = build(2, seats=[{"pirate": 4, "crew": "RBY"}, {"crew": "W"}], bag=[0] * 5, park=1, park_area="tortuga")
    place(g, {0: {"raid": "DE", "fleet": "ABC"}, 1: {"raid": "C", "hunt": "ABDE"}})
    skip_to(g, RAID)
    g.apply(0, "target 1")  # defended: own pirate 4 -> 3, yellow surplus
    assert seat_rows(g, 0)["crew"] == "RB"
    assert not any(g.center)
    assert g.bag[2] == 1 or "yellow chest goes to the bag" in " ".join(g.log_for(None))


def test_R6_2_move_phase_surplus_to_bag() -> None:
    """R6.2: move-phase surplus also goes to the bag in 2 players."""
    g = build(2, seats=[{"island": "RRR"}, {}], bag=[0] * 5, park=1, park_area="tortuga")
    place(g, {0: {"fleet": "ABCDE"}, 1: {"fleet": "ABCDE"}})
    while g.phase == "actions":
        (d,) = g.pending()
        g.apply(d.seat, "forfeit")
    arrange_all(g)
    assert not any(g.center) and g.bag[0] == 1


def test_R6_3_bonus_tiles_unchanged() -> None:
    """R6.3: bonus tiles work as usual in 2 players."""
    g = build(2, seats=[{"placed": {"fleet": "ABCDE"}}, {}])
    g.set_roll(1, [HUNT] * 5)
    g.apply(1, "select A")
    assert g.decision_for(0).kind == DecisionKind.BONUS_TILE
    g.apply(0, "bonus new board")
    assert g.seats[0].bonus[BOARD] == 1 and g.supply == 19
    assert FLEET == 0
