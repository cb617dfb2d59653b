"""Hypothesis properties of the engine: invariants, legality, scoring, parsing."""

from __future__ import annotations

import random
from itertools import combinations, permutations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tortuga_desktop.games.dice.rules import (
    Act,
    Action,
    Arrange,
    Chest,
    ChooseAction,
    DecisionKind,
    Forfeit,
    Game,
    IllegalActionError,
    KeepTile,
    PlayerAction,
    SelectDice,
    TakeBonus,
    TakeChest,
    Target,
    check_invariants,
    max_sets,
    parse_action,
    score_seat,
)
from tortuga_desktop.games.dice.rules.views import public_part

SETTINGS = settings(max_examples=35, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
chest_rows = st.lists(st.integers(0, 4), max_size=12)


def candidates(g: Game, seat: int) -> list[PlayerAction]:
    """A superset of the legal actions of ``seat`` (right kinds, many illegal values)."""
    d = g.decision_for(seat)
    assert d is not None
    p = g.seats[seat]
    if d.kind == DecisionKind.SELECT_DICE:
        return [SelectDice(c) for k in range(1, 6) for c in combinations(range(5), k)]
    if d.kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW):
        src = p.crew if d.kind == DecisionKind.ARRANGE_FLEET else p.island
        pool = list(src)[:5] + [4]
        out = {Arrange(tuple(Chest(c) for c in perm)) for k in range(0, 4) for perm in permutations(pool, k)}
        return sorted(out, key=lambda a: a.text())
    return ([Act(), Forfeit()] + [ChooseAction(Action(a)) for a in range(5)]
            + [TakeBonus(Action(a), f) for a in range(5) for f in (False, True)]
            + [Target(t) for t in range(4)] + [TakeChest(Chest(c)) for c in range(5)]
            + [KeepTile(v) for v in (1, 2, 3)] + [SelectDice((0,))])


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**20), warmup=st.integers(0, 600), data=st.data())
def test_legal_sequences_keep_invariants_and_texts_parse(players: int, seed: int, warmup: int,
                                                         data: st.DataObject) -> None:
    """Any sequence of legal actions keeps every invariant; every legal action's text parses back.
    A seeded random warm-up first reaches later rounds (and game ends) cheaply."""
    g = Game.new(players, seed=seed, log=False)
    rng = random.Random(seed)
    for _ in range(warmup):
        if g.is_over:
            break
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    for _ in range(80):
        if g.is_over:
            break
        seat = data.draw(st.sampled_from(sorted(g.to_move())))
        legal = g.legal_actions(seat)
        assert legal and len(set(legal)) == len(legal)
        for a in legal:
            assert parse_action(a.text()) == a
        g.apply(seat, data.draw(st.sampled_from(legal)))
        assert check_invariants(g) == []


@settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**20), data=st.data())
def test_apply_accepts_exactly_the_legal_actions(players: int, seed: int, data: st.DataObject) -> None:
    """apply() succeeds for an action iff it is in legal_actions(); refusals change nothing."""
    g = Game.new(players, seed=seed, log=False)
    for _ in range(30):
        if g.is_over:
            break
        seat = data.draw(st.sampled_from(sorted(g.to_move())))
        legal = set(g.legal_actions(seat))
        before = g.to_dict()
        for a in candidates(g, seat):
            if a in legal:
                continue
            try:
                g.apply(seat, a)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{a.text()} accepted but not in legal_actions")
        other = [s for s in range(players) if g.decision_for(s) is None]
        if other:
            try:
                g.apply(other[0], next(iter(legal)))
            except IllegalActionError:
                pass
            else:
                raise AssertionError("a seat without a decision acted")
        assert g.to_dict() == before  # no refusal changed anything
        g.apply(seat, data.draw(st.sampled_from(sorted(legal, key=lambda a: a.text()))))


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**20), steps=st.integers(0, 400))
def test_random_action_is_legal(players: int, seed: int, steps: int) -> None:
    g = Game.new(players, seed=seed, log=False)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        s = g.to_move()[0]
        a = g.random_action(s, rng)
        assert a in g.legal_actions(s)
        g.apply(s, a)


@settings(max_examples=100, deadline=None, database=None)
@given(tortuga=chest_rows, fleet=chest_rows, crew=chest_rows, boat=st.integers(1, 8), pirate=st.integers(1, 8),
       tiles=st.lists(st.integers(1, 3), max_size=10))
def test_R8_scoring_never_negative_and_adds_up(tortuga: list[int], fleet: list[int], crew: list[int], boat: int,
                                               pirate: int, tiles: list[int]) -> None:
    s = score_seat(tortuga, fleet, crew, boat, pirate, tiles)
    assert min(s.tortuga, s.fleet, s.crew, s.sets, s.tracks, s.coins, s.purple_bonus) >= 0
    assert s.total == s.tortuga + s.fleet + s.crew + 3 * s.sets + boat + pirate + sum(tiles)
    assert s.tortuga == 3 * len(tortuga) + 3 * tortuga.count(4)
    assert s.sets <= (len(tortuga) + len(fleet) + len(crew)) // 3


def brute_sets(r: int, b: int, y: int, w: int) -> int:
    best = 0
    for wr in range(w + 1):
        for wb in range(w - wr + 1):
            wy = w - wr - wb
            best = max(best, min(r + wr, b + wb, y + wy))
    return best


@settings(max_examples=100, deadline=None, database=None)
@given(r=st.integers(0, 7), b=st.integers(0, 7), y=st.integers(0, 7), w=st.integers(0, 6))
def test_R8_2_max_sets_is_maximal(r: int, b: int, y: int, w: int) -> None:
    """R8.2/E4: max_sets equals a brute force over every way to use the jokers."""
    assert max_sets(r, b, y, w) == brute_sets(r, b, y, w)


def test_R8_2_max_sets_exhaustive_small() -> None:
    for r in range(5):
        for b in range(5):
            for y in range(5):
                for w in range(5):
                    assert max_sets(r, b, y, w) == brute_sets(r, b, y, w)


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**20), long_game=st.booleans())
def test_R9_3_a_seat_view_less_its_secrets_is_the_public_view(players: int, seed: int, long_game: bool) -> None:
    """R9.3: every seat knows every public fact, so the public view follows from any seat's view
    (``public_part``); a network client builds its shared screen this way, with no game."""
    g = Game.new(players, seed=seed, log=False, long_game=long_game)
    rng = random.Random(seed)
    while True:
        public = g.view(None)
        for seat in range(players):
            assert public_part(g.view(seat)) == public
        if g.is_over:
            break
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
