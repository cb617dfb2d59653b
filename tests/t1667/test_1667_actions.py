"""Tortuga 1667 positions, roles, turn actions and marooning: T2, T3, T5 (scripted positions)."""

from __future__ import annotations

import pytest
from t1667_helpers import game, hold, kinds, play

from tortuga_desktop.games.t1667.rules import (
    Attack,
    Brawl,
    EventCard,
    Force,
    IllegalActionError,
    Kind,
    Loc,
    Maroon,
    Mutiny,
    Reveal,
    Row,
    Shift,
    Side,
    ViewTwo,
    check_invariants,
)
from tortuga_desktop.games.t1667.rules.cards import VoteCard
from tortuga_desktop.games.t1667.rules.events import Marooned, SlotsSeen, SlotsViewed, VoteCardLost

ROW = "pistol marque map spot nest"
DECK = "albatross rum armada"


def test_T2_1_T2_2_T2_3_roles_by_place() -> None:
    g = game(players=6, loyalty="BFBFBF", fd="0 1 2", jr="3", tortuga="4 5")
    assert (g.captain(Loc.FD.ship), g.first_mate(Loc.FD.ship), g.cabin_boy(Loc.FD.ship)) == (0, 1, 2)  # type: ignore[arg-type]
    jr = Loc.JR.ship
    assert jr is not None and g.captain(jr) == 3 and g.cabin_boy(jr) == 3 and g.first_mate(jr) is None
    assert g.governor() == 4
    assert {g.where(s) for s in range(6)} == {Loc.FD, Loc.JR, Loc.TORTUGA}
    # T2.3: two pawns - the second is First Mate and Cabin Boy
    g2 = game()
    fd = Loc.FD.ship
    assert fd is not None and g2.first_mate(fd) == 1 == g2.cabin_boy(fd)
    acts = g2.legal_actions(0)
    assert Maroon(1) in acts and Attack() in acts and Mutiny() not in acts


def test_T2_2_full_ship_is_never_a_destination() -> None:
    g = game(players=7, loyalty="BFBFBFD", fd="0 1 2 3 4", jr="5", **{"rb-fd": 6})
    assert Row(Loc.FD) not in g.legal_actions(g.active)  # active 0 is on FD
    g = game(players=7, loyalty="BFBFBFD", fd="0 1 2 3 4", jr="5", **{"rb-fd": 6}, active=6)
    assert g.legal_actions(6).count(Row(Loc.TORTUGA)) == 1 and Row(Loc.FD) not in g.legal_actions(6)


def test_T2_4_T2_6_arriving_joins_the_back_empty_tortuga_makes_governor() -> None:
    g = game(fd="0", jr="2 3", **{"rb-fd": 1}, active=1)
    play(g, 1, "row tortuga")
    assert g.lines[Loc.TORTUGA] == [1] and g.governor() == 1
    assert Brawl() in g.legal_actions(1) or g.active != 1


def test_T2_5_rowboat_holds_one_pawn_and_gives_no_role_or_vote() -> None:
    g = game(players=5, loyalty="BFBFD", fd="0 1", jr="2", tortuga="3", **{"rb-jr": 4})
    play(g, 0, "attack")
    assert g.vote is not None and 4 not in g.vote.participants and set(g.vote.participants) == {0, 1}
    # RB-JR occupied: from Tortuga only RB-FD is offered
    g = game(players=5, loyalty="BFBFD", fd="0 1", jr="2", tortuga="3", **{"rb-jr": 4}, active=3)
    rows = [a for a in g.legal_actions(3) if isinstance(a, Row)]
    assert rows == [Row(Loc.RB_FD)]


def test_T2_7_T2_8_leaving_moves_the_line_up_and_roles_follow() -> None:
    g = game(players=6, loyalty="BFBFBF", fd="0 1 2", jr="3 4 5")
    play(g, 0, "maroon seat 1")
    assert g.lines[Loc.FD] == [0, 2] and g.lines[Loc.TORTUGA] == [1]
    fd = Loc.FD.ship
    assert fd is not None and g.first_mate(fd) == 2  # T2.8: read now


def test_T3_1_one_action_then_the_next_seat_clockwise() -> None:
    g = game(row=ROW, deck=DECK)
    play(g, 0, "view 1 2")
    assert g.active == 1 and kinds(g) == [(1, Kind.TURN)]


def test_T3_2_a_declared_force_cannot_be_taken_back() -> None:
    g = game(row=ROW, deck=DECK)
    play(g, 0, "force 1 2 seat 2")
    assert kinds(g) == [(2, Kind.PICK)]
    with pytest.raises(IllegalActionError):
        g.apply(0, Reveal(3))  # seat 0 has no decision while seat 2 picks
    assert [str(a) for a in g.legal_actions(2)] == ["pick 1", "pick 2"]


def test_T3_3_view_two_is_private_and_public_who_viewed() -> None:
    g = game(row=ROW, deck=DECK)
    ev = play(g, 0, "view 2 5")
    assert g.known[0] == {2: EventCard.MARQUE, 5: EventCard.NEST}
    pub = [e for e in g.events_for(1) if isinstance(e, SlotsViewed)]
    assert pub[-1].slots == (2, 5) and not any(isinstance(e, SlotsSeen) for e in g.events_for(1))
    assert any(isinstance(e, SlotsSeen) for e in ev)
    v1 = g.view(1)
    assert v1.row[1].card is None and v1.row[1].knowers == (0,)
    assert g.view(0).row[1].card is EventCard.MARQUE
    g = game(row="- - - - armada", final_row=True, deck="")
    assert not any(isinstance(a, ViewTwo) for a in g.legal_actions(0))
    assert not any(isinstance(a, Force) for a in g.legal_actions(0))


def test_T3_4_reveal_resolves_and_refills() -> None:
    g = game(row=ROW, deck=DECK)
    play(g, 0, "reveal 4")  # Black Spot on seat 0
    assert g.where(0) is Loc.TORTUGA and g.row[3] is EventCard.ALBATROSS and g.deck == [EventCard.RUM, EventCard.ARMADA]


def test_T3_5_forced_choice_the_other_card_stays_known() -> None:
    g = game(row=ROW, deck=DECK, known={"0": "1 2", "2": "1"})
    play(g, 0, "force 1 2 seat 2")
    assert g.pending()[0].slots == (1, 2)
    play(g, 2, "pick 2")  # Letter of Marque: seat 2 is the revealer
    assert kinds(g) == [(2, Kind.MARQUE)]
    play(g, 2, "save")
    assert g.front[2] == [EventCard.MARQUE] and g.known[0] == {1: EventCard.PISTOL} and g.known[2] == {1: EventCard.PISTOL}
    assert g.active == 1
    with pytest.raises(IllegalActionError):
        g.apply(1, Force(1, 2, 1))  # name ANOTHER seat


def test_T3_6_rowboat_steps() -> None:
    g = game(fd="0 1", jr="2", tortuga="3", active=0)
    assert [a for a in g.legal_actions(0) if isinstance(a, Row)] == [Row(Loc.RB_FD)]  # (a)
    play(g, 0, "row rb-fd")
    assert g.rowboats[Loc.RB_FD] == 0 and g.lines[Loc.FD] == [1]
    # (b) from Tortuga to either free rowboat
    assert [a for a in g.legal_actions(3) if isinstance(a, Row)] == [] and g.active == 1
    g = game(fd="0 1", jr="2", tortuga="3", active=3)
    assert {a for a in g.legal_actions(3) if isinstance(a, Row)} == {Row(Loc.RB_FD), Row(Loc.RB_JR)}
    # (c) and (d) from a rowboat; destroyed rowboats cannot be entered
    g = game(fd="0", jr="2", tortuga="3", **{"rb-jr": 1}, active=1, destroyed="rb-fd")
    assert {a for a in g.legal_actions(1) if isinstance(a, Row)} == {Row(Loc.JR), Row(Loc.TORTUGA)}
    g2 = game(fd="0", jr="2", tortuga="3", **{"rb-jr": 1}, active=3, destroyed="rb-fd")
    assert {a for a in g2.legal_actions(3) if isinstance(a, Row)} == set()  # RB-JR full, RB-FD destroyed
    play(g, 1, "row jr")
    assert g.lines[Loc.JR] == [2, 1]


def test_T3_7_saved_letter_of_marque_is_a_whole_action() -> None:
    g = game(fd="0", jr="2 3", tortuga="1", front={"0": "marque"})
    play(g, 0, "marque seat 1 jr")
    assert g.lines[Loc.JR] == [2, 3, 1] and g.front[0] == [] and g.discard == [EventCard.MARQUE]
    assert g.active == 1
    # not offered without a legal use
    g = game(fd="0 1", jr="2 3", front={"0": "marque"})
    assert not any(type(a).__name__ == "Marque" for a in g.legal_actions(0))


def test_T3_8_captain_maroons_another_pawn_not_itself() -> None:
    g = game(players=6, loyalty="BFBFBF", fd="0 1 2", jr="3 4 5")
    assert [a for a in g.legal_actions(0) if isinstance(a, Maroon)] == [Maroon(1), Maroon(2)]
    with pytest.raises(IllegalActionError):
        g.apply(0, Maroon(0))
    with pytest.raises(IllegalActionError):
        g.apply(0, Maroon(3))
    play(g, 0, "maroon seat 2")
    assert g.lines[Loc.TORTUGA] == [2]


def test_T3_9_attack_legal_only_with_something_to_take() -> None:
    g = game(galleon=0, holds={"fd british": 3, "fd french": 3, "jr british": 0, "jr french": 0},
             tortuga_treasure=[1, 1])
    assert Attack() not in g.legal_actions(0)  # TR10: only the other ship, which is empty
    g = game(galleon=0, holds={"fd british": 2, "jr french": 2, "jr british": 2}, tortuga_treasure=[1, 1])
    assert Attack() in g.legal_actions(0)
    g = game(fd="0", jr="2 3", tortuga="1")
    assert Attack() in g.legal_actions(0)  # alone on the ship


def test_T3_10_mutiny_needs_a_first_mate() -> None:
    g = game(active=1)
    assert Mutiny() in g.legal_actions(1)
    g = game(fd="0", jr="2 3", tortuga="1")
    assert Mutiny() not in g.legal_actions(0)


def test_T3_11_cabin_boy_shifts_treasure() -> None:
    g = game(active=1)
    assert [a for a in g.legal_actions(1) if isinstance(a, Shift)] == [Shift(Side.BRITISH)]
    play(g, 1, "shift british")
    assert hold(g, "fd", "british") == 0 and hold(g, "fd", "french") == 1
    g = game(active=0, galleon=6, holds={}, tortuga_treasure=[1, 1], fd="0", jr="2 3", tortuga="1")
    assert not any(isinstance(a, Shift) for a in g.legal_actions(0))


def test_T3_12_governor_brawls() -> None:
    g = game(fd="0", jr="2", tortuga="1 3", active=1)
    assert Brawl() in g.legal_actions(1)
    g = game(fd="0", jr="2", tortuga="1 3", active=3)
    assert Brawl() not in g.legal_actions(3)


def test_T5_1_T5_2_maroon_from_ship_to_back_of_tortuga() -> None:
    g = game(players=6, loyalty="BFBFBF", fd="0 1 2", jr="3", tortuga="4 5")
    play(g, 0, "maroon seat 1")
    assert g.lines[Loc.TORTUGA] == [4, 5, 1] and [len(h) for h in g.hands] == [3] * 6


def test_T5_3_maroon_from_rowboat_loses_nothing() -> None:
    g = game(row="pistol marque map spot nest", deck=DECK, fd="0", jr="2 3", **{"rb-fd": 1})
    play(g, 0, "reveal 1", "name seat 1")
    assert g.where(1) is Loc.TORTUGA and len(g.hands[1]) == 3


def test_T5_4_maroon_on_tortuga_moves_to_back_and_costs_a_random_card() -> None:
    g = game(row="pistol marque map spot nest", deck=DECK, fd="0", jr="2", tortuga="1 3",
             hands={"1": "CBS TBS WBH"})
    ev = play(g, 0, "reveal 1", "name seat 1")
    assert g.lines[Loc.TORTUGA] == [3, 1] and len(g.hands[1]) == 2
    lost = [e for e in ev if isinstance(e, VoteCardLost)]
    assert len(lost) == 1 and lost[0].owner == 1 and g.vote_deck[-1] == lost[0].card  # under the deck
    assert sorted([*g.hands[1], lost[0].card]) == sorted(VoteCard.parse(c) for c in ["CBS", "TBS", "WBH"])
    assert check_invariants(g) == []
    # alone on Tortuga: stays Governor, still loses a card; with no cards only the move happens
    g = game(row="spot marque map spot nest", deck=DECK, fd="0", jr="2 3", tortuga="1", hands={"1": ""}, active=1)
    play(g, 1, "reveal 1")
    assert g.lines[Loc.TORTUGA] == [1] and g.hands[1] == []


def test_T5_5_albatross_pair_maroons_cabin_boy_first() -> None:
    g = game(players=6, loyalty="BFBFBF", row="albatross marque map spot nest", deck=DECK,
             fd="0 1 2", jr="3", tortuga="4 5", front={"2": "albatross"})
    ev = play(g, 0, "reveal 1")
    order = [e.seat for e in ev if isinstance(e, Marooned)]
    assert order == [2, 1, 0] and g.lines[Loc.TORTUGA] == [4, 5, 2, 1, 0] and g.lines[Loc.FD] == []


def test_T5_6_treasure_stays_with_the_ship_cards_with_the_player() -> None:
    g = game(fd="0 1", front={"1": "map"})
    play(g, 0, "maroon seat 1")
    assert hold(g, "fd", "british") == 1 and g.front[1] == [EventCard.MAP]
