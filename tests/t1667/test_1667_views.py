"""Tortuga 1667 hidden information: T9.1-T9.7; the no-leak property over random games."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from t1667_helpers import game, play, vote_all

from tortuga_desktop.devtools.hidden1667 import resample_hidden
from tortuga_desktop.games.t1667.rules import (
    EventCard,
    Game,
    Kind,
    PlayerView,
    PrivateEvent,
    PublicView,
    check_invariants,
    events,
    play_random,
    random_action,
)
from tortuga_desktop.games.t1667.rules import views as views_module
from tortuga_desktop.games.t1667.rules.events import HandDealt, LoyaltyDealt, VoteRevealed


def _prefixes(players: int, seed: int, steps: int) -> list[Game]:
    g = Game.new(players, seed)
    rng = random.Random(seed)
    out = [g.clone()]
    while not g.is_over and len(out) <= steps:
        pending = g.pending()
        seat = pending[rng.randrange(len(pending))].seat
        g.apply(seat, random_action(g, seat, rng))
        out.append(g.clone())
    return out


def test_T9_1_public_information_is_in_every_view() -> None:
    g = game(row="pistol marque map spot nest", deck="albatross rum armada", front={"2": "map"})
    play(g, 0, "view 1 2")
    v = g.view(3)
    assert v.hand_sizes == (3, 3, 3, 3) and v.front[2] == (EventCard.MAP,) and v.deck_size == 3
    assert v.armada_at_bottom and v.row[0].knowers == (0,) and v.fd == (0, 1) and v.galleon == 4
    assert v.vote_deck_size == len(g.vote_deck) and dict(v.loyalty_mix)["british"] == 2  # type: ignore[index]


def test_T9_2_loyalty_own_only_and_both_with_two_players() -> None:
    g = Game.new(6, seed=8)
    for s in range(6):
        v = g.view(s)
        assert v.loyalties[s] == g.loyalty[s] and sum(x is not None for x in v.loyalties) == 1
    g = Game.new(2, seed=8)
    assert g.view(0).loyalties == tuple(g.loyalty) == g.view(1).loyalties  # TR26


def test_T9_3_hands_only_to_their_owner() -> None:
    g = Game.new(5, seed=3)
    assert g.view(1).hand == tuple(g.hands[1])
    dealt = [e for e in g.events_for(1) if isinstance(e, (HandDealt, LoyaltyDealt))]
    assert {e.owner for e in dealt} == {1}


def test_T9_4_during_a_vote_only_who_has_chosen_then_canonical_order() -> None:
    g = game(hands={"0": "WFH TBS CBS", "1": "TFS CFS WBH"}, vote_deck="CBBH")
    play(g, 0, "attack")
    play(g, 1, "vote WBH")
    assert g.view(0).vote is not None and g.view(0).vote.chosen == (1,) and g.view(0).vote.my_card is None  # type: ignore[union-attr]
    ev = vote_all(g, {0: "WFH"})
    rev = next(e for e in ev if isinstance(e, VoteRevealed))
    assert [str(c) for c in rev.cards] == ["CBBH", "WBH", "WFH"]  # by type, not by seat
    assert g.view(2).last_vote is not None and g.view(2).last_vote.cards == rev.cards  # type: ignore[union-attr]


def test_T9_5_slot_knowledge_ends_when_the_card_leaves() -> None:
    g = game(row="pistol marque map spot nest", deck="albatross rum armada")
    play(g, 0, "view 1 2")
    play(g, 1, "force 1 2 seat 0")
    play(g, 0, "pick 1")
    play(g, 0, "name seat 3")
    assert g.known[0] == {2: EventCard.MARQUE}  # the card left behind stays known
    assert g.view(0).row[0].card is None and g.view(0).row[0].knowers == ()


def test_T9_6_deck_order_and_hidden_starred_cards_are_nobodys() -> None:
    g = Game.new(6, seed=4)
    v = g.view(0)
    assert v.starred_named is None and not hasattr(v, "deck") and v.deck_size == len(g.deck)
    fields = {f.name for f in dataclasses.fields(PlayerView)}
    assert not fields & {"deck", "vote_deck", "unseen", "unused_loyalty", "hands", "rng", "known"}


def test_T9_7_no_private_channel_between_seats() -> None:
    """Only the private events T9 allows exist; none carries anything from one seat to another."""
    allowed = {"LoyaltyDealt", "HandDealt", "SlotsSeen", "VoteCardLost", "VotePlayed", "VoteCardsDrawn", "LoyaltySeen"}
    private = {c.__name__ for c in vars(events).values()
               if isinstance(c, type) and issubclass(c, PrivateEvent) and c is not PrivateEvent}
    assert private == allowed


def _views_equal_after_resample(g: Game, rng: random.Random) -> None:
    for seat in range(g.players):
        h = resample_hidden(g, seat, rng)
        assert check_invariants(h) == []
        assert g.view(seat) == h.view(seat), f"seat {seat} can tell the re-dealt state apart"


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 9), seed=st.integers(0, 2**32), starred=st.booleans())
def test_T9_no_leak_views_depend_only_on_what_the_seat_may_know(players: int, seed: int, starred: bool) -> None:
    """NO LEAK (T9): for every seat and every prefix of a random game, re-dealing what the seat may
    not know leaves its view unchanged."""
    rng = random.Random(seed)
    g = Game.new(players, seed, starred=(EventCard.RUM, EventCard.WINDS, EventCard.SCURVY) if starred else None)
    changed = 0
    while True:
        before = g.snapshot()
        _views_equal_after_resample(g, rng)
        changed += resample_hidden(g, 0, rng).snapshot() != before
        if g.is_over:
            break
        pending = g.pending()
        seat = pending[rng.randrange(len(pending))].seat
        g.apply(seat, random_action(g, seat, rng))
    assert changed > 0  # the re-deal really changes hidden things


def test_T9_no_leak_check_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The no-leak check can fail: a view that shows the vote deck size split into cards would differ."""
    real = views_module.player_view

    def leaky(g: Game, seat: int) -> PlayerView:
        v = real(g, seat)
        return dataclasses.replace(v, hand=tuple(c for h in g.hands for c in h))

    monkeypatch.setattr(views_module, "player_view", leaky)
    g = Game.new(4, seed=1)
    with pytest.raises(AssertionError):
        for s in range(10):
            _views_equal_after_resample(g, random.Random(s))


def test_T9_views_are_frozen() -> None:
    g = Game.new(4, seed=1)
    v = g.view(g.active)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.seat = 2  # type: ignore[misc]
    assert hash(v.row) and v.my_decision is not None and v.my_decision.kind is Kind.TURN


# ------------------------------------------------------------------ the public view (a shared screen, a watcher)
def test_T9_public_view_shows_only_what_everyone_may_see() -> None:
    """T9.1-T9.5: no loyalty, no hand, no viewed slot's card, no vote card before the turn-up."""
    g = game(hands={"0": "WFH TBS CBS", "1": "TFS CFS WBH"}, vote_deck="CBBH",
             row="pistol marque map spot nest", deck="albatross rum armada")
    play(g, 0, "view 1 2")
    p = g.view(None)
    assert isinstance(p, PublicView) and not isinstance(p, PlayerView) and p.seat is None
    assert p.loyalties == (None,) * 4 and p.hand_sizes == (3, 3, 3, 3)
    assert not hasattr(p, "hand") and not hasattr(p, "loyalty")
    assert [s.card for s in p.row] == [None] * 5 and p.row[0].knowers == (0,)  # who viewed is public (T9.5)
    g = game(hands={"0": "WFH TBS CBS", "1": "TFS CFS WBH"}, vote_deck="CBBH")
    play(g, 0, "attack")
    play(g, 1, "vote WBH")
    assert p.vote is None and g.view(None).vote is not None
    assert g.view(None).vote.chosen == (1,) and g.view(None).vote.my_card is None  # type: ignore[union-attr]
    # the public part of every seat's view is the public view (only the viewer's own facts differ)
    public = {f.name for f in dataclasses.fields(PublicView)} - {"loyalties", "row", "vote"}
    for s in range(4):
        v = g.view(s)
        assert all(getattr(v, f) == getattr(g.view(None), f) for f in public)


def test_TR26_T7_9_public_view_shows_loyalties_revealed_to_all() -> None:
    two = Game.new(2, seed=8)
    assert two.view(None).loyalties == tuple(two.loyalty)  # TR26: both are shown at a 2-player table
    g = Game.new(5, seed=4)
    assert set(g.view(None).loyalties) == {None}
    play_random(g, random.Random(1))
    assert g.is_over and g.view(None).loyalties == tuple(g.loyalty)  # T7.9: all turn up at the end


def test_T6_14_facade_knowledge_is_not_public() -> None:
    g = Game.new(6, seed=5)
    g.facade_looks.append((0, 3))  # seat 0 looked at seat 3's Loyalty card (T6.14)
    assert g.view(0).loyalties[3] == g.loyalty[3]
    assert g.view(None).loyalties[3] is None and g.view(None).facade_looks == ((0, 3),)  # whose: public (T9.1)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 9), seed=st.integers(0, 2**32), starred=st.booleans())
def test_T9_no_leak_public_view_and_public_events(players: int, seed: int, starred: bool) -> None:
    """NO LEAK for the public (T9): at every prefix of a random game, re-dealing everything nobody may know
    for sure leaves ``view(None)`` unchanged; ``events_for(None)`` holds no private event, and it is exactly
    what any seat sees with that seat's own private events replaced by their public twins."""
    rng = random.Random(seed)
    g = Game.new(players, seed, starred=(EventCard.RUM, EventCard.WINDS, EventCard.SCURVY) if starred else None)
    changed = 0
    while True:
        h = resample_hidden(g, None, rng)
        assert check_invariants(h) == []
        assert g.view(None) == h.view(None), "the public view tells re-dealt states apart"
        changed += h.snapshot() != g.snapshot()
        if g.is_over:
            break
        pending = g.pending()
        seat = pending[rng.randrange(len(pending))].seat
        g.apply(seat, random_action(g, seat, rng))
    assert changed > 0
    public = g.events_for(None)
    assert not any(isinstance(e, PrivateEvent) for e in public)
    for s in range(players):
        twins = [e.public() if isinstance(e, PrivateEvent) else e for e in g.events_for(s)]
        assert [e for e in twins if e is not None] == public


def test_T9_no_leak_public_check_catches_a_leaking_public_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The public no-leak check can fail: a public view that shows the loyalties differs after a re-deal."""
    real = views_module.public_view

    def leaky(g: Game) -> PublicView:
        return dataclasses.replace(real(g), loyalties=tuple(g.loyalty))

    monkeypatch.setattr(views_module, "public_view", leaky)
    g = Game.new(6, seed=1)
    assert any(resample_hidden(g, None, random.Random(s)).view(None) != g.view(None) for s in range(10))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 9), seed=st.integers(0, 2**32))
def test_T9_views_of_several_seats_at_once_are_each_seats_own_view(players: int, seed: int) -> None:
    """``Game.views`` (a network table's update to every seat) builds what all views share once: each
    view it gives is the one ``view`` builds for that seat alone, the public view included."""
    seats: list[int | None] = [*range(players), None]
    for g in _prefixes(players, seed, 60)[::7]:
        assert g.views(seats) == [g.view(s) for s in seats]
        assert g.views(seats[::-1]) == [g.view(s) for s in seats[::-1]]
