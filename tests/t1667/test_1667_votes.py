"""Tortuga 1667 votes: T4 (attack examples of T4.6, mutiny, brawl, clean-up), T3.9 plunder, TX.2."""

from __future__ import annotations

import pytest
from t1667_helpers import game, hold, kinds, play, vote_all

from tortuga_desktop.games.t1667.rules import (
    IllegalActionError,
    Kind,
    Loc,
    NotYourTurnError,
    Plunder,
    Ship,
    Side,
    Vote,
    VoteCard,
    check_invariants,
)
from tortuga_desktop.games.t1667.rules.events import VoteChosen, VotePlayed, VoteRevealed


def attack(hands: dict[str, str], deck: str, plays: dict[int, str], **kw: object) -> tuple[bool, object]:
    """FD = [0, 1] attack with scripted hands and vote deck; returns (success, the game)."""
    g = game(hands=hands, vote_deck=deck, **kw)
    play(g, 0, "attack")
    ev = vote_all(g, plays)
    revealed = [e for e in ev if isinstance(e, VoteRevealed)]
    assert len(revealed) == 1
    return revealed[0].success, g


@pytest.mark.parametrize(("cards", "top", "ok"), [
    # T4.6 example 1: 2 Cannons + 1 Torch + 1 Water fails (the added card is one of them)
    (("CBS", "CFS", "TBS"), "WBS", False),
    # T4.6 example 2: 1 Cannon + 2 Torches + 1 Water succeeds
    (("CBS", "TBS", "TFS"), "WBS", True),
    # T4.6 example 3: 2 Cannons + 2 Torches succeeds, still one treasure
    (("CBS", "CFS", "TBS"), "TFS", True),
    # no Cannon fails however many Torches
    (("TBS", "TFS", "TBH"), "TFH", False),
    # Cannon and Torch cancelled exactly
    (("CBS", "TBS", "WBH"), "WFH", False),
])
def test_T4_6_attack_examples(cards: tuple[str, str, str], top: str, ok: bool) -> None:
    hands = {"0": f"{cards[0]} WFS WFS", "1": f"{cards[1]} WFH WFH", "2": f"{cards[2]} CFH CFH"}
    # seat 2 joins FD so three participants play; JR keeps seat 3
    g = game(fd="0 1 2", jr="3", hands=hands, vote_deck=top)
    play(g, 0, "attack")
    assert g.vote is not None and g.vote.participants == (0, 1, 2)
    ev = vote_all(g, {0: cards[0], 1: cards[1], 2: cards[2]})
    rev = next(e for e in ev if isinstance(e, VoteRevealed))
    assert rev.added and len(rev.cards) == 4 and rev.success is ok
    if ok:
        assert kinds(g) == [(0, Kind.PLUNDER)]
        play(g, 0, "plunder galleon to french")
        assert g.galleon == 3 and hold(g, "fd", "french") == 1  # exactly one treasure
    else:
        assert g.galleon == 4 and kinds(g) == [(1, Kind.TURN)]
    assert check_invariants(g) == []


def test_T3_9_TX_2_plunder_from_the_galleon_only_while_it_has_treasure() -> None:
    g = game(fd="0", jr="2 3", tortuga="1", hands={"0": "CBS TBS TBS"}, vote_deck="TFS")
    play(g, 0, "attack", "vote CBS")
    assert set(g.legal_actions(0)) == {Plunder(Side.BRITISH), Plunder(Side.FRENCH)}
    with pytest.raises(IllegalActionError):
        g.apply(0, Plunder(Side.BRITISH, Ship.JR, Side.FRENCH))  # TX.2: not the rival ship now
    # Galleon empty: from a hold of the other ship (even one without pawns), into either own hold
    g = game(fd="0", jr="", tortuga="1 2 3", galleon=0, holds={"fd british": 1, "jr french": 3, "jr british": 2},
             hands={"0": "CBS TBS TBS"}, vote_deck="TFS")
    play(g, 0, "attack", "vote CBS")
    opts = set(g.legal_actions(0))
    assert opts == {Plunder(to, Ship.JR, src) for to in Side for src in Side}
    play(g, 0, "plunder jr french to british")
    assert hold(g, "jr", "french") == 2 and hold(g, "fd", "british") == 2


def test_T4_2_T4_3_participants_choose_in_any_order_nothing_shown_until_all() -> None:
    g = game(players=6, loyalty="BFBFBF", fd="0 1 2", jr="3 4", tortuga="5")

    play(g, 0, "attack")
    assert {d.seat for d in g.pending()} == {0, 1, 2}
    with pytest.raises(NotYourTurnError):
        g.apply(3, Vote(g.hands[3][0]))  # not a participant
    with pytest.raises(IllegalActionError):
        bad = next(c for c in [VoteCard.parse(x) for x in ("CBS", "CFH", "TFS", "WBH", "TBS")] if c not in g.hands[2])
        g.apply(2, Vote(bad))  # not in the hand
    ev = play(g, 2, f"vote {g.hands[2][0]}")
    assert [type(e) for e in g.events_for(0)[-1:]] == [VoteChosen] and isinstance(ev[0], VotePlayed)
    assert g.view(0).vote is not None and g.view(0).vote.chosen == (2,) and g.view(0).vote.my_card is None  # type: ignore[union-attr]
    assert g.view(2).vote.my_card is not None  # type: ignore[union-attr]
    assert {d.seat for d in g.pending()} == {0, 1}
    play(g, 0, f"vote {g.hands[0][0]}")
    with pytest.raises(IllegalActionError):
        g.apply(2, Vote(g.hands[2][0]))  # T4.3: exactly one card
    assert g.last_vote is None
    play(g, 1, f"vote {g.hands[1][0]}")
    assert g.last_vote is not None and g.vote is None


def test_T4_4_T4_5_T4_9_added_card_shuffle_under_and_draw_back() -> None:
    hands = {"0": "CBS CBS CBS", "1": "WFH WFH WFH"}
    g = game(hands=hands, vote_deck="TBH")
    top2 = g.vote_deck[1:3]
    size = len(g.vote_deck)
    play(g, 0, "attack")
    ev = vote_all(g, {0: "CBS", 1: "WFH"})
    rev = next(e for e in ev if isinstance(e, VoteRevealed))
    assert rev.cards == (VoteCard.parse("CBS"), VoteCard.parse("TBH"), VoteCard.parse("WFH"))  # canonical order
    assert not rev.success  # 1 C, 1 T, 1 W: the Torch is cancelled
    assert sorted(map(str, g.vote_deck[-3:])) == ["CBS", "TBH", "WFH"]  # all three went under
    assert len(g.vote_deck) == size - 1 - 2 + 3
    assert [len(h) for h in g.hands] == [3, 3, 3, 3]  # hand sizes as before
    assert VoteCard.parse(str(top2[0])) in g.hands[0] and top2[1] in g.hands[1]  # drew from the top, seat order




def test_T4_7_mutiny_needs_more_skulls() -> None:
    hands = {"1": "CBS CBS CBS", "2": "WFH WFH WFH"}
    g = game(players=6, loyalty="BFBFBF", fd="0 1 2", jr="3 4", tortuga="5", active=1,
             hands=hands, vote_deck="TBH")
    play(g, 1, "mutiny")
    assert g.vote is not None and g.vote.participants == (1, 2)  # T3.10: not the Captain
    vote_all(g, {1: "CBS", 2: "WFH"})  # Skull, Helm + Helm from the deck: fails
    assert g.lines[Loc.FD] == [0, 1, 2]
    g = game(players=6, loyalty="BFBFBF", fd="0 1 2", jr="3 4", tortuga="5", active=1,
             hands={"1": "CBS CBS CBS", "2": "TFS TFS TFS"}, vote_deck="TBH")
    play(g, 1, "mutiny")
    vote_all(g, {1: "CBS", 2: "TFS"})  # 2 Skulls vs 1 Helm
    assert g.lines[Loc.FD] == [1, 2] and g.lines[Loc.TORTUGA] == [5, 0]
    # a tie changes nothing
    g = game(players=6, loyalty="BFBFBF", fd="0 1 2", jr="3 4", tortuga="5", active=1,
             hands={"1": "CBS CBS CBS", "2": "TFH TFH TFH"}, vote_deck="WFS WFH")
    play(g, 1, "mutiny")
    vote_all(g, {1: "CBS", 2: "TFH"})  # Skull, Helm, + Skull: 2 > 1 -> succeeds; check exact tie next
    assert g.lines[Loc.FD] == [1, 2]


def test_T4_7_mutiny_tie_fails() -> None:
    g = game(players=6, loyalty="BFBFBF", fd="0 1 2 3", jr="4", tortuga="5", active=1,
             hands={"1": "CBS CBS CBS", "2": "TFH TFH TFH", "3": "TBS TBS TBS"},
             vote_deck="WFH")
    play(g, 1, "mutiny")
    vote_all(g, {1: "CBS", 2: "TFH", 3: "TBS"})  # 2 Skulls, 2 Helms
    assert g.lines[Loc.FD] == [0, 1, 2, 3]


@pytest.mark.parametrize(("cards", "top", "expect"), [
    (("CBS", "TBH"), "WFS", (2, 0)),
    (("CFS", "TFH"), "WBS", (0, 2)),
    (("CBS", "TFH"), "CFFS", (0, 2)),   # the special card counts two French flags
    (("CBS", "CFH"), "TBH", (2, 0)),
    (("CBBH", "CFH"), "TFS", (1, 1)),  # 2 British flags vs 2 French: split
])
def test_T4_8_brawl_counts_flags(cards: tuple[str, str], top: str, expect: tuple[int, int]) -> None:
    hands = {"1": f"{cards[0]} WBH WBH", "3": f"{cards[1]} WFH WFH"}
    g = game(fd="0", jr="2", tortuga="1 3", active=1, hands=hands,
             vote_deck=top, tortuga_treasure=[1, 1])
    play(g, 1, "brawl")
    vote_all(g, {1: cards[0], 3: cards[1]})
    assert (g.tortuga[Side.BRITISH], g.tortuga[Side.FRENCH]) == expect
    assert sum(g.tortuga.values()) == 2 and check_invariants(g) == []


def test_T4_10_a_seat_without_cards_calls_but_does_not_play() -> None:
    g = game(fd="0", jr="2", tortuga="1 3", active=1, hands={"1": "", "3": "CBS WBS WBS"},
             vote_deck="TFS CBS TBS TBH", tortuga_treasure=[2, 0])
    play(g, 1, "brawl")
    assert [d.seat for d in g.pending()] == [3]
    play(g, 3, "vote CBS")
    assert g.hands[1] == [] and len(g.hands[3]) == 3
    assert (g.tortuga[Side.BRITISH], g.tortuga[Side.FRENCH]) == (1, 1)
    # nobody holds a card: the vote is the deck card alone, at once
    g = game(fd="0", jr="2 3", tortuga="1", active=1, hands={"1": ""}, vote_deck="TFS CBS TBS TBH",
             tortuga_treasure=[2, 0])
    play(g, 1, "brawl")
    assert (g.tortuga[Side.BRITISH], g.tortuga[Side.FRENCH]) == (0, 2) and g.active == 2


def test_T4_11_result_applied_at_once() -> None:
    g = game(players=6, loyalty="BFBFBF", fd="0 1 2", jr="3 4", tortuga="5", active=1,
             hands={"1": "CBS CBS CBS", "2": "TFS TFS TFS"}, vote_deck="TBH")
    play(g, 1, "mutiny")
    ev = vote_all(g, {1: "CBS", 2: "TFS"})
    names = [type(e).__name__ for e in ev]
    assert names.index("VoteRevealed") < names.index("Marooned") < names.index("TurnStarted")


def test_T4_1_each_vote_reads_one_section() -> None:
    """T4.1: an Attack reads only tops, a Mutiny only bottoms, a Brawl only flags: the same cards give
    different results by kind."""
    hands = {"0": "CBS CBS CBS", "1": "TBS TBS TBS"}
    ok, _ = attack(hands, "TBH", {0: "CBS", 1: "TBS"})
    assert ok  # tops C T T
    g = game(fd="0 1 3", jr="2", active=1, hands={"1": "CBS CBS CBS", "3": "TBS TBS TBS"},
             vote_deck="TBH")
    play(g, 1, "mutiny")
    vote_all(g, {1: "CBS", 3: "TBS"})  # bottoms S S H: succeeds
    assert g.lines[Loc.FD] == [1, 3]
