"""Tortuga 1667 end of game and small tables: T7.1-T7.9, T8.1-T8.6."""

from __future__ import annotations

import random

import pytest
from t1667_helpers import game, kinds, play

from tortuga_desktop.games.t1667.rules import (
    EndReason,
    Game,
    Kind,
    Loc,
    NotYourTurnError,
    Reveal,
    check_invariants,
    play_random,
)
from tortuga_desktop.games.t1667.rules.events import GameOver, SuddenDeath

FINAL = "armada pistol spot map marque"


def test_T7_1_T7_2_T7_3_armada_team_with_more_treasure_wins_wherever_the_pawns_are() -> None:
    g = game(row=FINAL, deck="", final_row=True, galleon=2, holds={"fd french": 2, "jr french": 1, "jr british": 1},
             tortuga_treasure=[0, 2], fd="0", jr="", tortuga="1 2 3")
    play(g, 0, "reveal 1")
    assert g.outcome is not None and g.outcome.reason is EndReason.ARMADA
    assert g.outcome.winners == (1, 3) and (g.outcome.british, g.outcome.french) == (1, 5)  # Galleon counts for nobody
    with pytest.raises(NotYourTurnError):
        g.apply(1, Reveal(2))


def test_T7_1_a_two_player_second_action_is_lost() -> None:
    g = game(players=2, loyalty="BF", fd="0", jr="1", row=FINAL, deck="", final_row=True,
             holds={"fd british": 2, "jr french": 0}, galleon=4)
    assert g.actions_left == 2
    play(g, 0, "reveal 1")
    assert g.is_over and g.pending() == () and g.outcome is not None and g.outcome.winners == (0,)


def test_T7_4_odd_count_tie_goes_to_the_dutch_seat() -> None:
    g = game(players=5, loyalty="BFBFD", fd="0 1 2", jr="3 4", row=FINAL, deck="", final_row=True)
    play(g, 0, "reveal 1")
    assert g.outcome is not None and g.outcome.reason is EndReason.DUTCH_TIE and g.outcome.winners == (4,)


def test_T7_5_T7_6_sudden_death_new_deck_then_first_lead_wins() -> None:
    g = game(row="armada pistol spot map marque", deck="", final_row=True, discard="rum nest albatross",
             front={"1": "map"}, starred="rum winds scurvy", seed=3)
    play(g, 0, "reveal 1")
    assert g.sudden_death and not g.is_over and g.active == 1
    # the Armada left; discard + face-down row (7 cards) became the deck; 5 dealt; the Map in front stays
    assert g.discard == [] and len(g.face_down()) == 5 and len(g.deck) == 2 and len(g.front[1]) == 1
    assert all(c.value != "armada" for c in g.row + g.deck if c)  # type: ignore[union-attr]
    assert any(isinstance(e, SuddenDeath) for e in g.events_for(2))
    assert check_invariants(g) == []
    # the next treasure change ends it: seat 1 (FD Cabin Boy) shifts FD's British treasure to French
    play(g, 1, "shift british")
    assert g.outcome is not None and g.outcome.reason is EndReason.SUDDEN_DEATH and g.outcome.winners == (1, 3)


def test_T7_5_two_players_resume_with_the_remaining_action() -> None:
    g = game(players=2, loyalty="BF", fd="0", jr="1", row=FINAL, deck="", final_row=True)
    play(g, 0, "reveal 1")  # first action: tie -> sudden death
    assert g.sudden_death and g.active == 0 and g.actions_left == 1 and kinds(g) == [(0, Kind.TURN)]
    play(g, 0, "view 1 2")
    assert g.active == 1 and g.actions_left == 2


def test_T7_6_lead_checked_after_each_effect_and_after_a_vote() -> None:
    g = game(row="reprisal pistol spot map marque", deck="nest", sudden_death=True, starred="reprisal rum winds")
    play(g, 0, "reveal 1", "return fd british")  # 0 British vs 1 French
    assert g.outcome is not None and g.outcome.winners == (1, 3) and g.row[0] is None  # ended before the refill
    g = game(fd="0", jr="2", tortuga="1 3", active=1, sudden_death=True, row="pistol spot map marque nest", deck="",
             hands={"1": "CBS TBH TBH", "3": "CBH TBS TBS"}, vote_deck="TBH")
    play(g, 1, "brawl", "vote CBS")
    play(g, 3, "vote CBH")
    assert g.outcome is not None and g.outcome.reason is EndReason.SUDDEN_DEATH and g.outcome.winners == (0, 2)


def test_T7_7_sudden_death_without_cards_is_a_draw() -> None:
    g = game(row="nest - - - -", deck="", sudden_death=True)
    ev = play(g, 0, "reveal 1")
    assert g.outcome is not None and g.outcome.reason is EndReason.DRAW_NO_CARDS and g.outcome.winners == ()
    assert isinstance(ev[-1], GameOver)
    g = game(row="nest - - - -", deck="pistol", sudden_death=True)
    play(g, 0, "reveal 1")
    assert not g.is_over and g.row[0] is not None and not g.deck  # refilled from the new deck, no shuffle


def test_T7_8_the_action_cap_ends_in_a_draw() -> None:
    g = Game.new(4, seed=2, cap=5)
    for _ in range(5):
        play(g, g.active, "row rb-fd") if g.where(g.active) is Loc.FD and g.rowboats[Loc.RB_FD] is None else \
            play(g, g.active, "view 1 2")
    assert g.outcome is not None and g.outcome.reason is EndReason.DRAW_CAP and g.actions_taken == 5
    # random games stay far below the default cap
    longest = max(play_random(Game.new(2 + s % 8, seed=s), random.Random(s)).actions_taken for s in range(60))
    assert longest < 200


def test_T7_9_outcome_is_a_value_and_all_loyalties_become_public() -> None:
    g = game(players=5, loyalty="BFBFD", fd="0 1 2", jr="3 4", row=FINAL, deck="", final_row=True)
    assert g.view(1).loyalties.count(None) == 4
    play(g, 0, "reveal 1")
    assert g.view(1).loyalties == tuple(g.loyalty) and g.view(1).outcome == g.outcome
    over = [e for e in g.events_for(3) if isinstance(e, GameOver)][0]
    assert over.reason == "dutch-tie" and over.loyalties == tuple(g.loyalty)
    assert hash(g.outcome) and not g.outcome.is_draw  # type: ignore[union-attr]


def test_T8_1_T8_5_three_players_one_action_and_a_dutch_seat() -> None:
    g = Game.new(3, seed=4)
    assert sorted(x.value for x in g.loyalty) == ["british", "dutch", "french"] and g.per_turn == 1


def test_T8_2_two_players_take_two_actions_the_second_in_the_new_state() -> None:
    g = game(players=2, loyalty="BF", fd="0", jr="1", row="marque pistol spot map nest", deck="armada")
    play(g, 0, "row rb-fd")
    assert g.active == 0 and g.actions_left == 1
    assert "row fd" in {str(a) for a in g.legal_actions(0)}  # chosen in the state left by the first
    play(g, 0, "row tortuga")
    assert g.active == 1 and g.actions_left == 2
    # TR11: the second action may use a role the first one gained; a same-kind pair is fine
    play(g, 1, "row rb-jr", "row jr")
    assert g.lines[Loc.JR] == [1] and g.active == 0
    # reveal-and-use of a Letter of Marque is one action
    play(g, 0, "reveal 1", "marque seat 0 fd")
    assert g.active == 0 and g.actions_left == 1 and g.lines[Loc.FD] == [0]
    assert g.final_row and g.deck == []  # the refill took the Armada: final row


def test_T8_3_T8_4_T8_6_small_tables_differ_only_in_the_table() -> None:
    for players in (2, 3):
        g = Game.new(players, seed=players)
        cards = {c for c in g.row + g.deck if c}
        assert not cards & {"albatross", "facade", "fever"}  # type: ignore[comparison-overlap]
    g = game(players=2, loyalty="BF", fd="0 1", jr="", active=1)
    assert "mutiny" in {str(a) for a in g.legal_actions(1)}  # T8.6: a Mutiny needs both pawns on one ship
