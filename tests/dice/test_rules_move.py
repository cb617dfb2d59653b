"""Phase 3 — move chests (R5.1-R5.5), the long game (R7.1) and rulings E2, E7."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from scenario import arrange_all, build, place, seat_rows, state

from tortuga_desktop.games.dice.rules import (
    Arrange,
    ArrangePayload,
    Chest,
    DecisionKind,
    Game,
    IllegalActionError,
    MalformedActionError,
)


def to_move_phase(g: Game) -> Game:
    """Everyone puts all dice on Expand fleet; every position is forfeited."""
    place(g, {s: {"fleet": "ABCDE"} for s in range(g.players)})
    while g.phase == "actions":
        (d,) = g.pending()
        g.apply(d.seat, "forfeit")
    return g


def moved(players: int, seats: list[Mapping[str, Any]], **kw: Any) -> Game:
    return to_move_phase(build(players, seats=seats, **kw))


def test_R5_1_one_chest_each_from_start_player_until_bag_empty() -> None:
    """R5.1: from the start player clockwise each draws one chest; none once the bag is empty."""
    g = moved(3, [{}, {}, {}], start=1, bag=[2, 0, 0, 0, 0], park=0)
    log = g.log_for(None)
    assert "Player 2 draws a red chest to the island." in log
    assert "Player 3 draws a red chest to the island." in log
    assert not any(line.startswith("Player 1 draws") for line in log)
    assert log.index("Player 2 draws a red chest to the island.") < log.index("Player 3 draws a red chest to the island.")


def test_R5_2_moves_and_player_arrangement() -> None:
    """R5.2: fleet -> Tortuga (no limit), crew -> fleet, island -> crew; the player picks and orders."""
    g = moved(3, [{"pirate": 4, "tortuga": "RRRR", "fleet": "RB", "crew": "YWP", "island": "RRB"}, {}, {}],
              bag=[0] * 5, park=1)
    assert g.phase == "move"
    d = g.decision_for(0)
    assert d is not None and d.kind == DecisionKind.ARRANGE_FLEET and d.payload == ArrangePayload(2)
    assert len(g.legal_actions(0)) == 6  # ordered pairs of Y, W, P
    assert seat_rows(g, 0)["tortuga"] == "RRRRRB"  # step 1 already done
    before = state(g)
    for bad in ("arrange P", "arrange PYW", "arrange PP", "arrange RB", "chest P", "forfeit"):
        with pytest.raises(IllegalActionError):
            g.apply(0, bad)
        assert state(g) == before
    with pytest.raises(MalformedActionError):
        g.apply(0, "arrange PX")
    g.apply(0, "arrange PY")
    d = g.decision_for(0)
    assert d is not None and d.kind == DecisionKind.ARRANGE_CREW and d.payload == ArrangePayload(3)
    assert set(g.legal_actions(0)) == {Arrange((Chest.RED, Chest.RED, Chest.BLUE)),
                                       Arrange((Chest.RED, Chest.BLUE, Chest.RED)),
                                       Arrange((Chest.BLUE, Chest.RED, Chest.RED))}
    g.apply(0, "arrange BRR")
    arrange_all(g)
    assert g.is_over  # 6 chests in Tortuga
    assert seat_rows(g, 0) == {"tortuga": "RRRRRB", "fleet": "PY", "crew": "BRR", "island": ""}
    assert g.center[Chest.WHITE]  # the surplus crew chest went to the center island


def test_R5_2_surplus_to_bag_when_colour_on_center() -> None:
    """R5.2: a surplus chest of a colour already on the center island goes to the bag."""
    g = moved(3, [{"island": "YYY"}, {}, {}], center="Y", bag=[0] * 5, park=1, park_area="tortuga")
    arrange_all(g)
    assert seat_rows(g, 0)["crew"] == "YY" and g.bag[Chest.YELLOW] == 1
    assert g.center[Chest.YELLOW]


@pytest.mark.parametrize("start,first", [(0, 0), (1, 1), (2, 0)])
def test_R5_3_seat_order_from_start_decides_center_competition(start: int, first: int) -> None:
    """R5.3: two players' surplus of one colour: seat order from the start player places first."""
    g = moved(3, [{"pirate": 4, "crew": "RRR"}, {"pirate": 4, "crew": "RRR"}, {}], start=start,
              bag=[0] * 5, park=2, park_area="tortuga")
    arrange_all(g)
    log = g.log_for(None)
    other = 1 - first
    assert f"Player {first + 1} has no room for a red chest: it goes to the center island." in log
    assert f"Player {other + 1} has no room for a red chest: it goes to the bag." in log
    assert g.center[Chest.RED] and g.bag[Chest.RED] == 1


def test_E2_arrangements_simultaneous_public_and_only_when_choices_exist() -> None:
    """E2: arrangement decisions are asked of several seats at once, only with distinct outcomes."""
    g = moved(3, [{"crew": "RB"}, {"crew": "YY", "island": "WP"}, {"crew": "R"}], bag=[0] * 5, park=2)
    kinds = {d.seat: d.kind for d in g.pending()}
    # seat 0 crew RB -> two orders; seat 1 crew YY -> one outcome (auto), island WP -> two orders;
    # seat 2: single red crew chest, but its parked island has choices.
    assert kinds[0] == DecisionKind.ARRANGE_FLEET
    assert kinds[1] == DecisionKind.ARRANGE_CREW
    g.apply(1, "arrange PW")
    assert g.view(0).seats[1].arr_crew == (Chest.PURPLE, Chest.WHITE)  # public
    arrange_all(g)
    assert seat_rows(g, 1)["fleet"] == "YY" and seat_rows(g, 1)["crew"] == "PW"
    assert all(p.island == [] for p in g.seats)  # every island area is empty afterwards


def test_E2_crew_leftovers_before_island_leftovers() -> None:
    """E2: within one player the crew surplus is placed before the island surplus."""
    g = moved(3, [{"pirate": 4, "crew": "RRY", "island": "BBBY"}, {}, {}], bag=[0] * 5, park=1,
              park_area="tortuga")
    g.apply(0, "arrange RR")  # Y left over from the crew
    arrange_all(g, {0: ["arrange BBB"]})  # Y left over from the island too
    log = g.log_for(None)
    first = log.index("Player 1 has no room for a yellow chest: it goes to the center island.")
    assert log.index("Player 1 has no room for a yellow chest: it goes to the bag.") > first
    assert seat_rows(g, 0)["crew"] == "BBB"


def test_R5_4_end_check_and_start_player_passes_clockwise() -> None:
    """R5.4: fewer than 6 in Tortuga -> next round, start token one seat clockwise."""
    g = moved(4, [{"tortuga": "RRRR", "fleet": "B"}, {}, {}, {}], start=3, bag=[0] * 5, park=1)
    arrange_all(g)
    assert not g.is_over and g.round == 2 and g.start == 0 and g.phase == "dice"
    assert len(g.seats[0].tortuga) == 5


def test_R5_4_game_ends_at_six_in_tortuga() -> None:
    """R5.4: at least 6 chests in Tortuga after the move -> the game ends and is scored."""
    g = moved(3, [{}, {"tortuga": "RRRR", "fleet": "BY"}, {}], bag=[0] * 5, park=2)
    arrange_all(g)
    assert g.is_over and g.phase == "over" and g.round == 1
    o = g.outcome()
    assert o is not None and not o.capped and o.rounds == 1
    with pytest.raises(IllegalActionError):
        g.apply(0, "forfeit")


def test_R7_1_long_game_needs_eight() -> None:
    """R7.1: in the long game 6 is not enough; 8 ends it."""
    g = moved(3, [{}, {"tortuga": "RRRR", "fleet": "BY"}, {}], bag=[0] * 5, park=2, long_game=True)
    arrange_all(g)
    assert not g.is_over and g.round == 2
    g = moved(3, [{}, {"tortuga": "RRRRRR", "fleet": "BY"}, {}], bag=[0] * 5, park=2, long_game=True)
    arrange_all(g)
    assert g.is_over and g.goal == 8


def test_R5_5_island_has_no_capacity() -> None:
    """R5.5: any number of chests may lie on an island; after the move phase it is empty."""
    g = moved(3, [{"island": "RRRRRBBBBBYY"}, {}, {}], bag=[0] * 5, park=1)
    arrange_all(g)
    assert seat_rows(g, 0)["island"] == ""
    assert len(g.seats[0].crew) == 2


def test_E7_safety_cap_ends_the_game() -> None:
    """E7 / R5.5: the engine stops after round 200 (flagged as capped)."""
    g = moved(3, [{}, {}, {}], round=200, bag=[0] * 5, park=2)
    arrange_all(g)
    o = g.outcome()
    assert g.is_over and o is not None and o.capped and o.rounds == 200


def test_E6_draws_come_from_the_bag_contents() -> None:
    """E6: a drawn chest is a random one of those in the bag; different seeds draw differently."""
    g = moved(3, [{}, {}, {}], bag=[0, 3, 0, 0, 0], park=2, park_area="tortuga")
    assert g.bag == [0, 0, 0, 0, 0]
    assert [seat_rows(g, s)["island"] + seat_rows(g, s)["crew"] for s in range(2)] == ["B", "B"]
    firsts = {tuple(Game.new(3, seed=k, start_player=0).seats[0].island) for k in range(30)}
    assert len(firsts) >= 3
