"""Tortuga 1667 event cards: T6.1-T6.19 with scripted rows and decks."""

from __future__ import annotations

import pytest
from t1667_helpers import game, hold, kinds, names, play

from tortuga_desktop.games.t1667.rules import (
    Blow,
    EventCard,
    IllegalActionError,
    Kind,
    Loc,
    Marque,
    NameSeat,
    SaveMarque,
    Ship,
    Side,
    check_invariants,
)
from tortuga_desktop.games.t1667.rules.events import (
    CardKept,
    FinalRowShuffled,
    LoyaltyLooked,
    LoyaltySeen,
    NoEffect,
    SlotsSeen,
    VoteCardLost,
    VoteCardsDrawn,
)

DECK = "pistol albatross armada"


def row(first: str) -> str:
    """A row with ``first`` in slot 1 and plain cards after it."""
    return f"{first} pistol spot map marque"


def test_T6_1_revealer_resolves_and_choices_are_public() -> None:
    g = game(row=row("pistol"), deck=DECK)
    play(g, 0, "force 1 2 seat 3")
    play(g, 3, "pick 1")
    assert kinds(g) == [(3, Kind.PISTOL)]  # the forced seat is the revealer
    assert g.view(1).resolving == (EventCard.PISTOL, 3)
    play(g, 3, "name seat 0")
    assert g.where(0) is Loc.TORTUGA
    assert any(type(e).__name__ == "Marooned" for e in g.events_for(2))


def test_T6_2_refill_face_down_from_the_deck_and_kept_cards() -> None:
    g = game(row=row("albatross"), deck=DECK)
    ev = play(g, 0, "reveal 1")
    assert g.front[0] == [EventCard.ALBATROSS] and g.row[0] is EventCard.PISTOL and g.deck[0] is EventCard.ALBATROSS
    assert "CardKept" in names(ev) and "RowRefilled" in names(ev)
    assert g.view(1).row[0].card is None  # refilled unseen


def test_T6_3_final_row_shuffle_and_no_refills_after() -> None:
    g = game(row=row("nest"), deck="armada", known={"1": "2 3"}, seed=5)
    ev = play(g, 0, "reveal 1")  # the refill takes the Armada: the row is shuffled at once
    assert "FinalRowShuffled" in names(ev) and g.final_row and g.deck == []
    assert sorted(c.value for c in g.row if c) == sorted(["armada", "pistol", "spot", "map", "marque"])
    assert all(not k for k in g.known)  # all slot knowledge ends (T9.5)
    assert not g.view(0).armada_at_bottom
    slot = next(i + 1 for i, c in enumerate(g.row) if c is EventCard.SPOT)
    play(g, 1, f"reveal {slot}")
    assert g.row[slot - 1] is None and len(g.face_down()) == 4  # emptied slots stay empty
    assert any(isinstance(e, FinalRowShuffled) for e in g.events_for(3))


def test_T6_3_final_row_order_comes_from_the_seeded_source() -> None:
    seen = set()
    for s in range(12):
        g = game(row=row("nest"), deck="armada", seed=s)
        play(g, 0, "reveal 1")
        seen.add(tuple(g.row))
    assert len(seen) > 3


def test_T6_4_T6_5_checks_after_the_effect_then_refill_and_a_marooned_revealer_finishes() -> None:
    # Fair Winds takes the revealer (holding an Albatross) onto JR where seat 2 holds one: JR is emptied
    # (Albatross check) before the refill; the revealer was moved by its own card and finished it.
    g = game(row=row("winds"), deck=DECK, front={"0": "albatross", "2": "albatross"}, starred="winds rum scurvy")
    ev = play(g, 0, "reveal 1", "sail jr")
    n = names(ev)
    assert n.index("PawnMoved") < n.index("Marooned") < n.index("RowRefilled")
    assert g.lines[Loc.JR] == [] and g.lines[Loc.TORTUGA] == [0, 3, 2]  # Cabin Boy 0 first, Captain 2 last


def test_T6_6_letter_of_marque_use_or_save() -> None:
    g = game(row=row("marque"), deck=DECK, fd="0 1", jr="2", tortuga="3")
    play(g, 0, "reveal 1")
    opts = set(g.legal_actions(0))
    assert opts == {Marque(3, Ship.FD), Marque(3, Ship.JR), SaveMarque()}
    play(g, 0, "marque seat 3 jr")  # any pawn, not a maroon, no card lost
    assert g.lines[Loc.JR] == [2, 3] and len(g.hands[3]) == 3 and g.discard == [EventCard.MARQUE]
    # nobody off-ship: only saving is possible, and a saved card is played later (T3.7)
    g = game(row=row("marque"), deck=DECK)
    play(g, 0, "reveal 1")
    assert g.legal_actions(0) == [SaveMarque()]
    play(g, 0, "save")
    assert g.front[0] == [EventCard.MARQUE]
    play(g, 1, "row rb-fd")
    play(g, 2, "view 1 2")
    play(g, 3, "view 1 2")
    assert Marque(1, Ship.JR) in g.legal_actions(0)
    play(g, 0, "marque seat 1 jr")
    assert g.lines[Loc.JR] == [2, 3, 1] and g.front[0] == []


def test_T6_7_pistol_names_another_player() -> None:
    g = game(row=row("pistol"), deck=DECK)
    play(g, 0, "reveal 1")
    assert NameSeat(0) not in g.legal_actions(0)
    with pytest.raises(IllegalActionError):
        g.apply(0, NameSeat(0))
    play(g, 0, "name seat 2")
    assert g.lines[Loc.JR] == [3] and g.lines[Loc.TORTUGA] == [2] and EventCard.PISTOL in g.discard


def test_T6_8_black_spot_maroons_the_revealer() -> None:
    g = game(row=row("spot"), deck=DECK)
    play(g, 0, "force 1 2 seat 2")
    play(g, 2, "pick 1")
    assert g.lines[Loc.TORTUGA] == [2] and g.active == 1


def test_T6_9_albatross_pair_on_entry_and_not_on_tortuga() -> None:
    # entering a ship with two Albatrosses sets it off, even an empty ship
    g = game(fd="0 1", jr="", tortuga="3", **{"rb-jr": 2}, front={"2": "albatross albatross"}, active=2)
    play(g, 2, "row jr")
    assert g.lines[Loc.JR] == [] and g.lines[Loc.TORTUGA] == [3, 2]
    # Tortuga is unaffected
    g = game(fd="0 1", jr="", tortuga="3", **{"rb-jr": 2}, front={"2": "albatross albatross"}, active=2)
    play(g, 2, "row tortuga")
    assert g.lines[Loc.TORTUGA] == [3, 2] and all(len(h) == 3 for h in g.hands)
    # one Albatross aboard, a second holder arrives by Letter of Marque: everyone aboard is marooned
    g = game(fd="0 1", jr="2", tortuga="3", front={"2": "albatross", "3": "albatross marque"}, active=3)
    play(g, 3, "marque seat 3 jr")
    assert g.lines[Loc.JR] == [] and g.lines[Loc.TORTUGA] == [3, 2]


def test_T6_10_treasure_maps_given_and_cashed_as_a_pair() -> None:
    g = game(row=row("map"), deck=DECK, front={"2": "map"})
    play(g, 0, "reveal 1")
    assert NameSeat(0) not in g.legal_actions(0)  # another player
    play(g, 0, "name seat 1")
    assert g.front[1] == [EventCard.MAP] and g.active == 1
    play(g, 1, "reveal 4")  # the second map in slot 4
    play(g, 1, "name seat 2")
    assert kinds(g) == [(2, Kind.MAP_PLACE)] and g.front[2] == [] and g.discard.count(EventCard.MAP) == 2
    play(g, 2, "place jr british")
    assert g.galleon == 3 and hold(g, "jr", "british") == 1 and g.active == 2
    # Galleon empty: the pair is discarded, nothing more
    g = game(row=row("map"), deck=DECK, front={"2": "map"}, galleon=0, holds={"fd british": 3, "jr french": 3})
    play(g, 0, "reveal 1", "name seat 2")
    assert g.front[2] == [] and g.active == 1 and g.discard.count(EventCard.MAP) == 2


def test_T6_11_gunpowder_destroys_a_rowboat_and_maroons_its_rider() -> None:
    g = game(row=row("powder"), deck=DECK, fd="0 1", jr="2", **{"rb-jr": 3})
    play(g, 0, "reveal 1")
    assert set(g.legal_actions(0)) == {Blow(Loc.RB_FD), Blow(Loc.RB_JR)}
    play(g, 0, "blow rb-jr")
    assert g.destroyed is Loc.RB_JR and g.lines[Loc.TORTUGA] == [3] and len(g.hands[3]) == 3
    play(g, 1, "view 1 2")
    play(g, 2, "view 1 2")
    assert [str(a) for a in g.legal_actions(3) if type(a).__name__ == "Row"] == ["row rb-fd"]
    # the token already on the mat: the card does nothing (sudden death brings it back)
    g = game(row=row("powder"), deck="pistol", destroyed="rb-fd", sudden_death=True)
    ev = play(g, 0, "reveal 1")
    assert any(isinstance(e, NoEffect) for e in ev) and g.destroyed is Loc.RB_FD


def test_T6_12_crows_nest_sees_every_other_face_down_card() -> None:
    g = game(row=row("nest"), deck=DECK)
    ev = play(g, 0, "reveal 1")
    seen = next(e for e in ev if isinstance(e, SlotsSeen))
    assert dict(seen.seen) == {2: EventCard.PISTOL, 3: EventCard.SPOT, 4: EventCard.MAP, 5: EventCard.MARQUE}
    assert 1 not in g.known[0] and not any(isinstance(e, SlotsSeen) for e in g.events_for(1))


def test_T6_13_armada_ends_the_game() -> None:
    g = game(row="armada pistol spot map marque", deck="", final_row=True,
             holds={"fd british": 2, "jr french": 0}, galleon=4)
    play(g, 0, "reveal 1")
    assert g.outcome is not None and g.outcome.winners == (0, 2) and g.pending() == ()


def test_T6_14_facade_looks_at_a_loyalty_card_privately() -> None:
    g = game(row=row("facade"), deck=DECK, starred="facade rum winds")
    play(g, 0, "reveal 1")
    ev = play(g, 0, "name seat 3")
    seen = next(e for e in ev if isinstance(e, LoyaltySeen))
    assert seen.owner == 0 and seen.loyalty.value == "french"
    assert g.view(0).loyalties[3] is not None and g.view(1).loyalties[3] is None
    assert any(isinstance(e, LoyaltyLooked) for e in g.events_for(1))
    assert not any(isinstance(e, LoyaltySeen) for e in g.events_for(1))
    assert g.view(2).facade_looks == ((0, 3),)


def test_T6_15_cabin_fever_reverses_a_line() -> None:
    g = game(players=6, loyalty="BFBFBF", row=row("fever"), deck=DECK, fd="0 1 2", jr="3", tortuga="4 5",
             starred="fever rum winds")
    play(g, 0, "reveal 1")
    assert [str(a) for a in g.legal_actions(0)] == ["reverse fd"]
    play(g, 0, "reverse fd")
    assert g.lines[Loc.FD] == [2, 1, 0]
    g = game(row=row("fever"), deck=DECK, fd="0", jr="2", tortuga="1 3", starred="fever rum winds")
    ev = play(g, 0, "reveal 1")
    assert any(isinstance(e, NoEffect) for e in ev) and g.active == 1


def test_T6_16_fair_winds_moves_the_revealer_or_not() -> None:
    g = game(row=row("winds"), deck=DECK, starred="winds rum scurvy")
    play(g, 0, "reveal 1")
    assert {str(a) for a in g.legal_actions(0)} == {"sail jr", "sail tortuga", "stay"}
    play(g, 0, "sail tortuga")
    assert g.lines[Loc.TORTUGA] == [0] and len(g.hands[0]) == 3  # not a maroon
    g = game(row=row("winds"), deck=DECK, starred="winds rum scurvy")
    play(g, 0, "reveal 1", "stay")
    assert g.lines[Loc.FD] == [0, 1]


def test_T6_17_rum_ration_draws_two_or_fewer() -> None:
    g = game(row=row("rum"), deck=DECK, vote_deck="CBS TFH", starred="winds rum scurvy")
    ev = play(g, 0, "reveal 1")
    drawn = next(e for e in ev if isinstance(e, VoteCardsDrawn))
    assert [str(c) for c in drawn.cards] == ["CBS", "TFH"] and len(g.hands[0]) == 5
    assert not any(isinstance(e, VoteCardsDrawn) and e.owner == 0 for e in g.events_for(1))
    # a short deck: fewer cards
    g = game(players=9, loyalty="BFBFBFBFD", fd="0 1 2 3 4", jr="5 6 7 8", row=row("rum"), deck=DECK,
             starred="winds rum scurvy", hands={"0": "CBS CBS CBS CBH CBH CFS CFS"})
    assert len(g.vote_deck) == 1
    play(g, 0, "reveal 1")
    assert len(g.hands[0]) == 8 and g.vote_deck == []


def test_T6_18_scurvy_loses_a_random_card_without_moving() -> None:
    g = game(row=row("scurvy"), deck=DECK, starred="winds rum scurvy")
    ev = play(g, 0, "reveal 1")
    assert len(g.hands[0]) == 2 and g.lines[Loc.FD] == [0, 1]
    lost = next(e for e in ev if isinstance(e, VoteCardLost))
    assert g.vote_deck[-1] == lost.card
    assert type(g.events_for(1)[[type(e) for e in g.events_for(0)].index(VoteCardLost)]).__name__ == \
        "VoteCardLostPublic"


def test_T6_19_spanish_reprisal_returns_treasure_to_the_galleon() -> None:
    g = game(row=row("reprisal"), deck=DECK, starred="reprisal rum winds")
    play(g, 0, "reveal 1")
    assert {str(a) for a in g.legal_actions(0)} == {"return fd british", "return jr french"}
    play(g, 0, "return jr french")
    assert g.galleon == 5 and hold(g, "jr", "french") == 0
    g = game(row=row("reprisal"), deck=DECK, starred="reprisal rum winds", galleon=6, holds={})
    ev = play(g, 0, "reveal 1")
    assert any(isinstance(e, NoEffect) for e in ev) and g.galleon == 6


def test_T6_2_kept_cards_are_public() -> None:
    g = game(row=row("albatross"), deck=DECK)
    play(g, 0, "reveal 1")
    assert g.view(3).front[0] == (EventCard.ALBATROSS,)
    assert any(isinstance(e, CardKept) for e in g.events_for(3))
    assert check_invariants(g) == []
    assert Side.BRITISH in Side
