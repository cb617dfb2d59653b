"""Components (R0) and setup (R1), the round structure (R2)."""

from __future__ import annotations

import random

import pytest
from scenario import BOARD, FLEET, build, state

from tortuga_desktop.games.dice.rules import (
    DICE_GRIDS,
    DIE_VALUES,
    SKULL,
    DecisionKind,
    Game,
    SetupError,
    StateFormatError,
    capacity,
)


def board_chests(g: Game) -> list[int]:
    counts = list(g.bag)
    for c in range(5):
        counts[c] += 1 if g.center[c] else 0
    for p in g.seats:
        for row in (p.tortuga, p.fleet, p.crew, p.island):
            for c in row:
                counts[c] += 1
    return counts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R0_1_forty_chests_by_colour(players: int) -> None:
    """R0.1: 10 red, 10 blue, 10 yellow, 5 white, 5 purple; R1.2 they start in the bag."""
    g = Game.new(players, seed=11)
    assert board_chests(g) == [10, 10, 10, 5, 5]
    assert sum(g.bag) == 40 - 2 * players


def test_R0_2_treasure_tiles() -> None:
    """R0.2: 30 tiles, 17x1, 9x2, 4x3 = 47 coins, all in the pool at the start."""
    g = Game.new(4, seed=1)
    assert g.pool == [17, 9, 4]
    assert sum(g.pool) == 30
    assert sum((v + 1) * n for v, n in enumerate(g.pool)) == 47


def test_R0_3_bonus_supply() -> None:
    """R0.3: 20 bonus tiles in the supply, each seat's five bonus spaces empty."""
    g = Game.new(3, seed=1)
    assert g.supply == 20
    assert all(p.bonus == [0] * 5 for p in g.seats)


def test_R0_4_center_one_chest_per_colour() -> None:
    """R0.4: the center island is five colour slots; it can't hold two chests of one colour."""
    g = Game.new(4, seed=2)
    assert g.center == [False] * 5
    d = g.to_dict()
    d["center"] = [True, True, False, False, False, False]
    with pytest.raises(StateFormatError):
        Game.from_dict(d)
    full = build(4, center="RBYWP")
    assert full.center == [True] * 5


def test_R0_5_per_player_kit() -> None:
    """R0.5: five dice A-E, a boat and a pirate on tracks 1-8."""
    g = Game.new(4, seed=3)
    for p in g.seats:
        assert p.hand == [0, 1, 2, 3, 4]
        assert len(p.roll or []) == 5
    d = g.to_dict()
    d["seats"][0]["boat"] = 9
    with pytest.raises(StateFormatError):
        Game.from_dict(d)
    d["seats"][0]["boat"] = 0
    with pytest.raises(StateFormatError):
        Game.from_dict(d)


def forfeit_round(g: Game, rng: random.Random) -> None:
    """Play to the end of the round: random dice, every position forfeited, purple chests moved first."""
    r = g.round
    while g.round == r and not g.is_over:
        s = g.to_move()[0]
        d = g.decision_for(s)
        assert d is not None
        if d.kind == DecisionKind.POSITION:
            g.apply(s, "forfeit")
        elif d.kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW):
            opts = g.legal_actions(s)
            purple_first = [a for a in opts if a.chests and a.chests[0] == 4]
            g.apply(s, purple_first[0] if purple_first else opts[0])
        else:
            g.apply(s, g.random_action(s, rng))


def test_R0_6_board_areas_and_travel_right_to_left() -> None:
    """R0.6: chests travel island -> crew -> fleet -> Tortuga, one area per move phase."""
    g = build(3, seats=[{"island": "P"}], bag=[10, 10, 10, 5, 0], park=1)
    rng = random.Random(0)
    seen = []
    for _ in range(3):
        forfeit_round(g, rng)
        p = g.seats[0]
        seen.append([area for area in ("island", "crew", "fleet", "tortuga") if 4 in p.area(area)])
    assert seen == [["crew"], ["fleet"], ["tortuga"]]


def test_R0_7_capacity_table() -> None:
    """R0.7: box 1 -> 1, 2-3 -> 2, 4-5 -> 3, 6-8 -> 4."""
    assert [capacity(b) for b in range(1, 9)] == [1, 2, 2, 3, 3, 4, 4, 4]


@pytest.mark.parametrize("box,cap", [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4), (7, 4), (8, 4)])
def test_R0_7_capacity_limits_board_dice(box: int, cap: int) -> None:
    """R0.7/R3.3: the boat box limits dice on Board; the pirate box limits dice on Raid."""
    g = build(2, seats=[{"boat": box, "pirate": box}])
    g.set_roll(0, [BOARD] * 5)
    assert max(len(a.dice) for a in g.legal_actions(0)) == cap
    g2 = build(2, seats=[{"boat": box, "pirate": box}])
    g2.set_roll(0, [4] * 5)
    assert max(len(a.dice) for a in g2.legal_actions(0)) == cap


def test_R0_7_capacity_limits_fleet_area() -> None:
    """R0.7: a fleet area over its capacity is an impossible state outside the move phase."""
    g = build(3, seats=[{"boat": 1, "fleet": "R"}])
    d = g.to_dict()
    d["seats"][0]["fleet"] = [0, 1]
    with pytest.raises(StateFormatError):
        Game.from_dict(d)


def test_R0_8_latin_square() -> None:
    """R0.8 (revised): each die carries 1-5 once, each action sees 1-5 once; the exact project
    table (rules version 2), and the earlier grid kept for old saves (rules version 1)."""
    assert DIE_VALUES == ((4, 1, 3, 5, 2), (5, 2, 4, 1, 3), (1, 3, 5, 2, 4), (2, 4, 1, 3, 5), (3, 5, 2, 4, 1))
    assert DICE_GRIDS[2] == DIE_VALUES
    assert DICE_GRIDS[1] == ((2, 3, 4, 5, 1), (3, 4, 5, 1, 2), (4, 5, 1, 2, 3), (5, 1, 2, 3, 4), (1, 2, 3, 4, 5))
    for grid in DICE_GRIDS.values():
        for row in grid:
            assert sorted(row) == [1, 2, 3, 4, 5]
        for a in range(5):
            assert sorted(grid[d][a] for d in range(5)) == [1, 2, 3, 4, 5]


def test_R0_8_skull_A_turned_to_board_is_worth_5() -> None:
    """R0.8: skull A turned to Board (skull use A) is worth 5; skull B would be worth 1."""
    g = build(3, start=0)
    from scenario import roll_step

    roll_step(g, {0: ([SKULL, FLEET, FLEET, FLEET, FLEET], "select A", "skulls board"),
                  1: ([SKULL, FLEET, FLEET, FLEET, FLEET], "select A", "skulls crew"),
                  2: ([FLEET, SKULL, FLEET, FLEET, FLEET], "select B", "skulls board")})
    assert g.seats[0].placed[BOARD] == [0]
    assert g.seats[0].total(BOARD) == 5
    assert g.seats[2].total(BOARD) == 1
    assert g.seats[1].total(1) == 1  # die A on Recruit crew


def test_R0_8_skull_added_to_action_uses_its_own_value() -> None:
    """R0.8 with skull use B: skull A + die B showing Board is worth 5 + 1."""
    g = build(3)
    from scenario import roll_step

    roll_step(g, {0: ([SKULL, BOARD, FLEET, FLEET, FLEET], "select AB"),
                  1: ([FLEET] * 5, "select A"), 2: ([FLEET] * 5, "select A")})
    assert g.seats[0].placed[BOARD] == [0, 1]
    assert g.seats[0].total(BOARD) == 6


@pytest.mark.parametrize("players", [0, 1, 5, "3", True])
def test_R1_1_two_to_four_players(players: object) -> None:
    """R1.1: 2-4 players; anything else is refused with the engine's own error."""
    with pytest.raises(SetupError):
        Game.new(players)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R1_1_seat_order_and_names(players: int) -> None:
    """R1.1: seats in clockwise order; names per seat."""
    g = Game.new(players, seed=5, start_player=players - 1, names=[f"n{i}" for i in range(players)])
    assert g.players == players and g.names == [f"n{i}" for i in range(players)]
    assert g.order() == [players - 1] + list(range(players - 1))


def test_R1_2_setup_supplies() -> None:
    """R1.2: bag, shuffled tile pool, bonus supply; nothing on the center island."""
    g = Game.new(4, seed=8)
    assert g.supply == 20 and g.pool == [17, 9, 4] and not any(g.center)
    assert g.phase == "dice" and g.round == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R1_3_tokens_start_on_box_3(players: int) -> None:
    """R1.3: every boat and pirate starts on box 3."""
    g = Game.new(players, seed=4)
    assert all(p.boat == 3 and p.pirate == 3 for p in g.seats)


@pytest.mark.parametrize("seed", range(6))
def test_R1_4_two_chests_island_then_crew_in_turn_order(seed: int) -> None:
    """R1.4: from the start player clockwise, first chest to the island, second to the crew."""
    players, start = 4, seed % 4
    g = Game.new(players, seed=seed, start_player=start)
    rng = random.Random(seed)
    bag = [10, 10, 10, 5, 5]

    def draw() -> int:
        r = int(rng.random() * sum(bag))
        for c in range(5):
            if r < bag[c]:
                bag[c] -= 1
                return c
            r -= bag[c]
        raise AssertionError

    for s in g.order():
        assert g.seats[s].island[0] == draw()
        assert g.seats[s].crew == [draw()]
    for p in g.seats:
        assert len(p.island) == 1 and len(p.crew) == 1 and not p.fleet and not p.tortuga


def test_R1_5_start_player_chosen_or_random() -> None:
    """R1.5: a chosen start seat is used; the default draws it at random (seeded)."""
    for s in range(4):
        assert Game.new(4, seed=1, start_player=s).start == s
    starts = {Game.new(4, seed=k).start for k in range(40)}
    assert starts == {0, 1, 2, 3}
    assert Game.new(4, seed=9).start == Game.new(4, seed=9).start
    with pytest.raises(SetupError):
        Game.new(3, seed=1, start_player=3)


def test_R2_round_is_dice_actions_move_then_next_round() -> None:
    """R2: phase 1 dice, phase 2 actions, phase 3 move, end check, next round."""
    g = Game.new(3, seed=21, start_player=0)
    rng = random.Random(3)
    phases = [g.phase]
    while g.round == 1 and not g.is_over:
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
        if g.phase != phases[-1]:
            phases.append(g.phase)
    assert phases == ["dice", "actions", "move", "dice"]
    assert g.round == 2


def test_build_helper_keeps_invariants() -> None:
    """The scenario helper itself: chests from the bag, tiles from the pool, bonus tiles from supply."""
    g = build(4, seats=[{"tortuga": "RRW", "fleet": "P", "tiles": [3, 3], "bonus": [1, 2, 0, 0, 0]}],
              center="Y")
    assert g.bag == [8, 10, 9, 4, 4]
    assert g.pool == [17, 9, 2]
    assert g.supply == 18
    same = Game.from_dict(g.to_dict())
    assert state(same) == state(g)
    assert FLEET == 0
