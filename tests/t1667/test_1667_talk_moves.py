"""Table talk as moves of Tortuga 1667 (rules/talk.py, ``Game.apply`` with a ``Say``): any seat may speak at any
moment of a game that is not over, every seat hears it (a public ``Talked`` event), it is kept in the record and
replays, it moves no decision counter, and what the program words about a vote is checked against that vote.

Rule ids: T9.7 (talk is free and public), E1667.19 (talk is a move, not a decision), T4.6-T4.8 (vote results).
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tortuga_desktop.games.t1667.rules import (
    Game,
    GameRecord,
    IllegalActionError,
    Loyalty,
    MalformedActionError,
    NotYourTurnError,
    VoteKind,
    parse_action,
    random_action,
    replay,
)
from tortuga_desktop.games.t1667.rules.cards import EventCard
from tortuga_desktop.games.t1667.rules.events import Talked, VoteRevealed
from tortuga_desktop.games.t1667.rules.talk import TALK_PER_TURN, Mood, Say, TalkKind
from tortuga_desktop.games.t1667.table.engine import T1667Engine, replay_table

SAYINGS = [
    Say(TalkKind.CLAIM, loyalty=Loyalty.BRITISH),
    Say(TalkKind.CLAIM, about=2, loyalty=Loyalty.DUTCH),
    Say(TalkKind.ACCUSE, about=3, loyalty=Loyalty.FRENCH),
    Say(TalkKind.VOUCH, about=0),
    Say(TalkKind.REPORT, slot=3, card=EventCard.ARMADA),
    Say(TalkKind.ASK, about=2),
    Say(TalkKind.REACT, mood=Mood.CHEER),
    Say(TalkKind.REACT, mood=Mood.SUSPECT, about=3, variant=1),
    Say(TalkKind.REACT, mood=Mood.GROAN, vote_no=12, vote=VoteKind.BRAWL, result="tie"),
]


@pytest.mark.parametrize("say", SAYINGS, ids=str)
def test_every_kind_of_talk_reads_back_from_its_text(say: Say) -> None:  # T9.7
    assert parse_action(str(say)) == say
    assert parse_action(str(say).upper().replace(" ", "  ")) == say


@pytest.mark.parametrize("text", [
    "say", "say shout", "say claim", "say claim spanish", "say claim british to", "say claim british for 2",
    "say accuse 3", "say accuse x french", "say vouch", "say vouch 12", "say report 6 armada",
    "say report 3 kraken", "say ask", "say react", "say react happy", "say react suspect",
    "say react cheer on 2", "say react cheer vote 1 attack tie", "say react cheer vote 1 attack",
    "say react cheer v 2", "say react cheer v 1 v 1", "say vouch 99999",
])
def test_malformed_talk_is_refused_with_a_message(text: str) -> None:
    with pytest.raises(MalformedActionError) as err:
        parse_action(text)
    assert str(err.value)


WRONG = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=8), st.floats(allow_nan=False),
                  st.sampled_from([*Loyalty, *EventCard, *Mood, *VoteKind, *TalkKind, "succeeded", "tie"]))


@settings(max_examples=400, deadline=None)
@given(base=st.sampled_from(SAYINGS), data=st.data())
def test_talk_with_wrong_field_values_is_refused_or_reads_back(base: Say, data: st.DataObject) -> None:
    names = [f.name for f in fields(Say)]
    forced = data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=4, unique=True))
    kwargs = {n: getattr(base, n) for n in names}
    for n in forced:
        kwargs[n] = data.draw(WRONG)
    try:
        say = Say(**kwargs)
    except MalformedActionError:
        return
    assert parse_action(str(say)) == say
    g = Game.new(4, seed=2)
    try:
        g.apply(1, say)
    except IllegalActionError:
        assert g.entries == []


def test_any_seat_speaks_at_any_moment_and_every_seat_hears_it() -> None:  # T9.7
    g = Game.new(4, seed=11)
    deciders = {d.seat for d in g.pending()}
    quiet = next(s for s in range(4) if s not in deciders)
    before = g.snapshot()
    events = g.apply(quiet, Say(TalkKind.ACCUSE, about=2, loyalty=Loyalty.FRENCH))
    assert events == [Talked(quiet, Say(TalkKind.ACCUSE, about=2, loyalty=Loyalty.FRENCH))]
    assert g.snapshot() == before  # talk changes nothing of the game
    assert g.decisions == 0 and g.entries == [(quiet, "say accuse 2 french")]
    for viewer in (None, 0, 1, 2, 3):
        assert g.events_for(viewer)[-1] == events[0]


def test_talk_about_seats_that_are_not_there_or_oneself_is_refused() -> None:
    g = Game.new(4, seed=11)
    for seat, say in [(0, Say(TalkKind.ACCUSE, about=5, loyalty=Loyalty.FRENCH)), (1, Say(TalkKind.VOUCH, about=1)),
                      (2, Say(TalkKind.CLAIM, about=2, loyalty=Loyalty.BRITISH)), (3, Say(TalkKind.ASK, about=4))]:
        with pytest.raises(IllegalActionError):
            g.apply(seat, say)
    assert g.entries == [] and g.talked == 0


def test_a_seat_says_at_most_so_much_in_a_turn() -> None:
    g = Game.new(3, seed=4)
    for _ in range(TALK_PER_TURN):
        g.apply(1, Say(TalkKind.REACT, mood=Mood.DOUBT))
    with pytest.raises(IllegalActionError, match="enough"):
        g.apply(1, Say(TalkKind.REACT, mood=Mood.DOUBT))
    g.apply(2, Say(TalkKind.REACT, mood=Mood.AGREE))  # another seat still may
    rng = random.Random(3)
    turns = sum(1 for e in g.log if type(e).__name__ == "TurnStarted")
    while sum(1 for e in g.log if type(e).__name__ == "TurnStarted") == turns:
        seat = g.pending()[0].seat
        g.apply(seat, random_action(g, seat, rng))
    g.apply(1, Say(TalkKind.REACT, mood=Mood.DOUBT))  # a new turn: it may speak again


def _play_to_votes(seed: int, players: int, votes: int) -> Game:
    g = Game.new(players, seed=seed)
    rng = random.Random(seed)
    while g.outcome is None and sum(isinstance(e, VoteRevealed) for e in g.log) < votes:
        seat = g.pending()[0].seat
        g.apply(seat, random_action(g, seat, rng))
    return g


def test_a_reaction_names_a_turned_up_vote_as_it_ended() -> None:  # T4.6-T4.8
    for seed in range(40):
        g = _play_to_votes(seed, 5, 2)
        votes = [e for e in g.log if isinstance(e, VoteRevealed)]
        if len(votes) == 2:
            break
    v = votes[1]
    if v.kind is VoteKind.BRAWL:
        brit = sum(c.flags for c in v.cards if c.flag == "B")
        fren = sum(c.flags for c in v.cards if c.flag == "F")
        true = "british" if brit > fren else "french" if fren > brit else "tie"
        false = "tie" if true != "tie" else "british"
    else:
        true, false = ("succeeded", "failed") if v.success else ("failed", "succeeded")
    g.apply(0, Say(TalkKind.REACT, mood=Mood.GROAN, vote_no=2, vote=v.kind, result=true))
    with pytest.raises(IllegalActionError):
        g.apply(0, Say(TalkKind.REACT, mood=Mood.GROAN, vote_no=2, vote=v.kind, result=false))
    with pytest.raises(IllegalActionError):
        g.apply(0, Say(TalkKind.REACT, mood=Mood.GROAN, vote_no=3, vote=v.kind, result=true))
    other = VoteKind.BRAWL if v.kind is not VoteKind.BRAWL else VoteKind.ATTACK
    with pytest.raises((IllegalActionError, MalformedActionError)):
        g.apply(0, Say(TalkKind.REACT, mood=Mood.GROAN, vote_no=2, vote=other, result="failed"))


def test_nobody_speaks_after_the_game() -> None:
    g = Game.new(2, seed=3)
    rng = random.Random(3)
    while g.outcome is None:
        seat = g.pending()[0].seat
        g.apply(seat, random_action(g, seat, rng))
    with pytest.raises(NotYourTurnError):
        g.apply(0, Say(TalkKind.CLAIM, loyalty=Loyalty.BRITISH))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 9), talk_seed=st.integers(0, 10_000))
def test_a_game_with_talk_replays_from_its_record_and_its_replay_shows_the_talk(seed: int, players: int,
                                                                               talk_seed: int) -> None:  # T9.7
    g = Game.new(players, seed=seed)
    rng, talk = random.Random(seed), random.Random(talk_seed)
    while g.outcome is None and len(g.entries) < 400:
        if talk.random() < 0.2:
            speaker = talk.randrange(players)
            others = [s for s in range(players) if s != speaker]
            say = talk.choice([Say(TalkKind.CLAIM, loyalty=talk.choice(list(Loyalty))),
                               Say(TalkKind.ACCUSE, about=talk.choice(others), loyalty=talk.choice(list(Loyalty))),
                               Say(TalkKind.ASK, about=talk.choice(others)),
                               Say(TalkKind.REPORT, slot=talk.randint(1, 5), card=talk.choice(list(EventCard)))])
            with contextlib.suppress(IllegalActionError):  # said enough this turn
                g.apply(speaker, say)
            continue
        seat = g.pending()[0].seat
        g.apply(seat, random_action(g, seat, rng))
    again = replay(GameRecord.from_dict(g.record().to_dict()))
    assert again.snapshot() == g.snapshot()
    assert again.log == g.log and again.decisions == g.decisions
    said = [e for e in g.log if isinstance(e, Talked)]
    assert g.talked == len(said) and g.decisions == len(g.entries) - len(said)
    watched = replay_table(T1667Engine(g).record(), None)
    watched.seek(watched.length)
    assert [e for e in watched.events_for(None) if isinstance(e, Talked)] == said
