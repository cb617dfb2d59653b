"""Tortuga 1667 engine properties (Hypothesis): apply succeeds iff legal; a refused action changes
nothing; record -> replay gives the same state; text forms parse back; invariants hold throughout."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tortuga_desktop.games.t1667.rules import (
    VOTE_CARDS,
    Action,
    Attack,
    Blow,
    Brawl,
    Force,
    Game,
    GameRecord,
    IllegalActionError,
    Loc,
    MalformedActionError,
    Maroon,
    Marque,
    Mutiny,
    NameSeat,
    NotYourTurnError,
    Pick,
    PlaceTreasure,
    Plunder,
    RecordError,
    ReturnTreasure,
    Reveal,
    Reverse,
    Row,
    Sail,
    SaveMarque,
    Shift,
    Ship,
    Side,
    Stay,
    ViewTwo,
    Vote,
    check_invariants,
    parse_action,
    play_random,
    random_action,
    replay,
)

SLOTS = range(1, 6)
SEATS = range(9)
UNIVERSE: list[Action] = [
    *(ViewTwo(a, b) for a, b in combinations(SLOTS, 2)), *(Reveal(s) for s in SLOTS),
    *(Force(a, b, x) for a, b in combinations(SLOTS, 2) for x in SEATS), *(Row(loc) for loc in Loc),
    *(Marque(s, sh) for s in SEATS for sh in Ship), *(Maroon(s) for s in SEATS), Attack(), Mutiny(), Brawl(),
    *(Shift(d) for d in Side), *(Pick(s) for s in SLOTS), *(Vote(c) for c in VOTE_CARDS),
    *(Plunder(d) for d in Side), *(Plunder(to, sh, src) for to in Side for sh in Ship for src in Side),
    SaveMarque(), *(NameSeat(s) for s in SEATS), *(PlaceTreasure(sh, d) for sh in Ship for d in Side),
    Blow(Loc.RB_FD), Blow(Loc.RB_JR), *(Reverse(sh) for sh in Ship), Sail(Loc.FD), Sail(Loc.JR), Sail(Loc.TORTUGA),
    Stay(), *(ReturnTreasure(sh, d) for sh in Ship for d in Side),
]


def test_every_action_text_parses_back_and_is_normalised() -> None:
    for a in UNIVERSE:
        assert parse_action(str(a)) == a and hash(a) == hash(parse_action(str(a).upper()))
    assert ViewTwo(4, 2) == ViewTwo(2, 4) and str(Force(5, 1, 3)) == "force 1 5 seat 3"


@pytest.mark.parametrize("text", ["", "fly", "view 1", "view 1 1", "view 0 2", "reveal 6", "force 1 2 3",
                                  "force 1 2 seat 12", "row ship", "vote XYZ", "vote CBBS", "plunder fd to british",
                                  "sail rb-fd", "blow fd", "marque seat 1 tortuga", "maroon 1", "x" * 100, "name seat -1"])
def test_malformed_text_is_a_malformed_error(text: str) -> None:
    with pytest.raises(MalformedActionError):
        parse_action(text)


def test_malformed_values_are_refused_without_change() -> None:
    g = Game.new(4, seed=1)
    before = g.snapshot()
    for bad in (None, "reveal 1", 3, object(), ("reveal", 1)):
        with pytest.raises(MalformedActionError):
            g.apply(g.active, bad)
    for seat in (-1, 4, "0", True, None):
        with pytest.raises(MalformedActionError):
            g.apply(seat, Reveal(1))  # type: ignore[arg-type]
    with pytest.raises(MalformedActionError):
        Reveal(7)
    with pytest.raises(MalformedActionError):
        Row("fd")  # type: ignore[arg-type]
    assert g.snapshot() == before


def _random_state(players: int, seed: int, steps: int) -> Game:
    g = Game.new(players, seed)
    rng = random.Random(seed + 1)
    for _ in range(steps):
        if g.is_over:
            break
        pending = g.pending()
        seat = pending[rng.randrange(len(pending))].seat
        g.apply(seat, random_action(g, seat, rng))
    return g


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 9), seed=st.integers(0, 2**40), steps=st.integers(0, 70), pick=st.randoms())
def test_apply_succeeds_iff_legal_and_refusals_change_nothing(players: int, seed: int, steps: int,
                                                           pick: random.Random) -> None:
    g = _random_state(players, seed, steps)
    before = g.snapshot()
    deciders = {d.seat for d in g.pending()}
    for seat in range(players):
        legal = set(g.legal_actions(seat))
        if seat not in deciders:
            assert not legal
        sample = pick.sample(UNIVERSE, 25) + pick.sample(sorted(legal, key=str), min(3, len(legal)))
        for a in sample:
            h = g.clone()
            if a in legal:
                h.apply(seat, a)
                assert check_invariants(h) == []
            else:
                with pytest.raises(NotYourTurnError if seat not in deciders or g.is_over else IllegalActionError):
                    h.apply(seat, a)
                assert h.snapshot() == before, f"refused {a} changed the state"
    assert g.snapshot() == before


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 9), seed=st.integers(0, 2**40))
def test_record_replay_gives_the_same_state(players: int, seed: int) -> None:
    g = play_random(Game.new(players, seed), random.Random(seed))
    data = json.loads(json.dumps(g.record().to_dict()))
    again = replay(GameRecord.from_dict(data))
    assert again.snapshot() == g.snapshot() and again.outcome == g.outcome
    assert [type(e) for e in again.log] == [type(e) for e in g.log]


def test_record_of_a_scenario_replays() -> None:
    from t1667_helpers import game, play

    g = game(row="pistol marque map spot nest", deck="albatross rum armada")
    play(g, 0, "reveal 1", "name seat 3")
    again = replay(GameRecord.from_dict(json.loads(json.dumps(g.record().to_dict()))))
    assert again.snapshot() == g.snapshot()


@pytest.mark.parametrize("bad", [None, [], {"format": 2}, {"format": 1, "game": "tortuga-1667"},
                                 {"format": 1, "game": "tortuga-1667", "setup": {}, "entries": [["x", "y"]]}])
def test_bad_records_are_record_errors(bad: object) -> None:
    with pytest.raises(RecordError):
        replay(GameRecord.from_dict(bad))


def test_a_record_that_does_not_replay_is_a_record_error() -> None:
    g = Game.new(4, seed=3)
    rec = g.record().to_dict()
    rec["entries"] = [[g.active, "brawl"]]
    with pytest.raises(RecordError, match="entry 1"):
        replay(GameRecord.from_dict(rec))
    rec["setup"]["players"] = 12
    with pytest.raises(RecordError):
        replay(GameRecord.from_dict(rec))
