"""Final scoring (R8.1-R8.6) and the white-joker ruling E4."""

from __future__ import annotations

import pytest
from scenario import build, chests, place

from tortuga_desktop.games.dice.rules import Game, max_sets, score_seat


def score(tortuga: str = "", fleet: str = "", crew: str = "", boat: int = 3, pirate: int = 3,
          tiles: tuple[int, ...] = ()) -> tuple[int, int]:
    s = score_seat(chests(tortuga), chests(fleet), chests(crew), boat, pirate, list(tiles))
    return s.total, s.sets


def test_R8_6_worked_example_42_points() -> None:
    """R8.6: the rulebook's worked example scores 42 (also through Game.score)."""
    g = build(3, seats=[{"tortuga": "RYBBBW", "fleet": "P", "crew": "RB", "boat": 5, "pirate": 3,
                         "tiles": [3, 1]}])
    s = g.score(0)
    assert (s.tortuga, s.fleet, s.crew, s.sets, s.set_points, s.tracks, s.coins) == (18, 4, 2, 2, 6, 8, 4)
    assert s.purple_bonus == 2
    assert s.chests == 24 and s.total == 42
    assert s.as_dict()["total"] == 42


def test_R8_1_area_points_purple_double_island_nothing() -> None:
    """R8.1: Tortuga 3, fleet 2, crew 1, island 0; purple counts double."""
    assert score("R", boat=0, pirate=0)[0] == 3
    assert score(fleet="R", boat=0, pirate=0)[0] == 2
    assert score(crew="R", boat=0, pirate=0)[0] == 1
    assert score("P", "P", "P", boat=0, pirate=0)[0] == 6 + 4 + 2
    g = build(3, seats=[{"island": "PPRR", "boat": 1, "pirate": 1}])
    assert g.score(0).total == 2  # only the tracks


def test_R8_2_sets_and_white_jokers_only_in_tortuga() -> None:
    """R8.2: one red+blue+yellow per set across Tortuga, fleet, crew; whites in Tortuga are jokers."""
    assert score("R", "B", "Y", 0, 0)[1] == 1
    assert score("RB", "", "", 0, 0)[1] == 0
    assert score("RBW", "", "", 0, 0)[1] == 1
    assert score("RB", "W", "", 0, 0)[1] == 0  # white in the fleet is no joker
    assert score("RB", "", "W", 0, 0)[1] == 0
    assert score("RRBBYY", "RBY", "", 0, 0)[1] == 3
    g = build(3, seats=[{"tortuga": "RB", "island": "Y"}])
    assert g.score(0).sets == 0  # the island does not count


def test_E4_several_whites_fill_one_set() -> None:
    """E4: a white Tortuga chest fills any colour; three whites are one set."""
    assert score("WWW", boat=0, pirate=0) == (9 + 3, 1)
    assert score("RWW", boat=0, pirate=0)[1] == 1
    assert max_sets(0, 0, 0, 3) == 1 and max_sets(2, 2, 1, 1) == 2 and max_sets(3, 0, 0, 2) == 1


def test_R8_3_tracks_and_R8_4_coins() -> None:
    """R8.3: boat box + pirate box; R8.4: coins on kept tiles."""
    assert score(boat=4, pirate=8) == (12, 0)
    assert score(boat=1, pirate=1, tiles=(3, 3, 2, 1)) == (2 + 9, 0)


def test_R8_5_tied_leaders_all_win() -> None:
    """R8.5: most points wins; tied leaders share the win."""
    same = {"tortuga": "RRRRR", "fleet": "B", "tiles": [2]}
    g = build(3, seats=[same, same, {"tortuga": "Y"}], bag=[0] * 5, park=2)
    place(g, {s: {"fleet": "ABCDE"} for s in range(3)})
    while g.phase == "actions":
        (d,) = g.pending()
        g.apply(d.seat, "forfeit")
    while g.phase == "move":
        (d, *_) = g.pending()
        g.apply(d.seat, g.legal_actions(d.seat)[0])
    o = g.outcome()
    assert g.is_over and o is not None
    assert o.winners == (0, 1)
    assert o.scores[0].total == o.scores[1].total > o.scores[2].total
    assert "Winner: Player 1 and Player 2." in g.log_for(None)[-1]


@pytest.mark.parametrize("seed", range(3))
def test_R8_outcome_matches_score_of_each_seat(seed: int) -> None:
    """R8: the outcome lists every seat's score and the best totals win."""
    import random

    from scenario import playout

    g = playout(Game.new(3, seed=seed), random.Random(seed))
    o = g.outcome()
    assert o is not None
    assert o.scores == tuple(g.score(s) for s in range(3))
    best = max(s.total for s in o.scores)
    assert o.winners == tuple(s for s in range(3) if o.scores[s].total == best)
