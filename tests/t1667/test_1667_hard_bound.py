"""Hard's decision time bounded by a count (issue: Hard's decision p95 <= 1 s of CPU at every seat count,
talk included), and the faster parts of its search that must compute what they did before:

- a turn decision plays out at most :meth:`HardBot.budget` moves in all (``HARD_MOVES`` less
  ``HARD_MOVES_PER_SEAT`` per seat): it plays no world whose playouts, at the moves per playout seen so
  far, would pass it; a count, never a clock, so the same seed decides the same;
- the belief's assignments are every distinct arrangement of the Loyalty cards in play (built without
  walking the 9! orders of a 9-seat pool);
- a playout player's view (:func:`sampled_world_view`) is the seat's view with the world's loyalties;
- the game's legality set for a turn (the row's actions as a set built once) is the set of its legal actions.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from tortuga_desktop.games.t1667.ai.belief import Belief, _arrangements
from tortuga_desktop.games.t1667.ai.bots import HARD_MOVES, HARD_MOVES_PER_SEAT, HardBot, NormalBot
from tortuga_desktop.games.t1667.rules import Action, Game, Kind, Loyalty, position
from tortuga_desktop.games.t1667.rules.cards import loyalty_mix
from tortuga_desktop.games.t1667.rules.random_player import random_action
from tortuga_desktop.games.t1667.rules.views import sampled_world_view


def _turn() -> tuple[Game, HardBot, list[Action], Action, list[Action]]:
    g = position({"players": 4, "loyalty": "BFBF", "fd": [0, 1], "jr": [2, 3], "active": 0,
                  "galleon": 4, "holds": {"fd british": 1, "jr french": 1}})
    assert g.pending()[0].kind is Kind.TURN
    bot = HardBot(5)
    bot.observe(g.events_for(0))
    legal = g.legal_actions(0)
    base = NormalBot(5).decide(g.view(0), legal).action
    cands = bot._candidates(g.view(0), list(legal), base)
    assert len(cands) >= 3
    return g, bot, legal, base, cands


def _contested(monkeypatch: pytest.MonkeyPatch, bot: HardBot, base: Action) -> list[int]:
    """Scripted playouts of 50 moves each that keep every candidate in contention (a gain that spreads
    around the margin); returns the list of playouts by world number."""
    played: list[int] = []
    worlds = [0]
    real_sample = bot._sample_world

    def sample(view: object) -> Game | None:
        worlds[0] += 1
        return real_sample(view)  # type: ignore[arg-type]

    def playout(world: Game, me: int, first: Action) -> float:
        bot.played += 50
        w = worlds[0]
        played.append(w)
        return 0.4 if first == base else 0.4 + (0.3 if w % 2 else -0.2)

    monkeypatch.setattr(bot, "_sample_world", sample)
    monkeypatch.setattr(bot, "_playout", playout)
    return played


def test_a_wide_search_stops_at_its_bound_of_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every candidate stays in contention and each playout "plays" 50 moves: the search stops before the
    world that would pass the bound, and still decides on the worlds it played."""
    g, bot, legal, base, cands = _turn()
    budget = bot.budget(4)
    assert budget == HARD_MOVES - 4 * HARD_MOVES_PER_SEAT
    played = _contested(monkeypatch, bot, base)
    bot.decide(g.view(0), legal)
    worlds = len(set(played))
    assert bot.played <= budget < bot.played + 50 * len(cands)  # no world more would have fitted
    assert 4 <= worlds < bot.worlds  # cut short: the unbounded search plays all its worlds
    assert len(played) == worlds * len(cands)


def test_unbounded_hard_plays_every_world(monkeypatch: pytest.MonkeyPatch) -> None:
    g, _bot, legal, base, cands = _turn()
    bot = HardBot(5, moves=None)
    bot.observe(g.events_for(0))
    played = _contested(monkeypatch, bot, base)
    bot.decide(g.view(0), legal)
    assert len(set(played)) == bot.worlds and len(played) == bot.worlds * len(cands)


def test_real_playouts_count_their_moves_and_keep_to_the_bound() -> None:
    """With real playouts: the moves counted are the moves played, within the bound, and the same seed
    plays the same search."""
    g, _bot, legal, _base, _cands = _turn()
    runs = []
    for _ in range(2):
        bot = HardBot(11, moves=1200)
        bot.observe(g.events_for(0))
        choice = bot.decide(g.view(0), legal)
        assert 0 < bot.played <= bot.budget(4)
        runs.append((choice, bot.played))
    assert runs[0] == runs[1]


def test_belief_assignments_are_every_distinct_arrangement() -> None:
    for players in range(2, 10):
        pool = [lo for lo, n in sorted(loyalty_mix(players).items()) for _ in range(n)]
        assert sorted(_arrangements(pool, players)) == sorted(set(itertools.permutations(pool, players)))
        g = Game.new(players, seed=players)
        b = Belief.from_view(g.view(0))
        assert all(a[0] is g.loyalty[0] for a in b.assignments)
        assert b.assignments == sorted(b.assignments) and len(set(b.assignments)) == len(b.assignments)
    assert len(_arrangements([Loyalty.BRITISH] * 4 + [Loyalty.FRENCH] * 4 + [Loyalty.DUTCH], 9)) == 630


def _moments() -> list[Game]:
    out = []
    for players in (2, 3, 5, 9):
        g = Game.new(players, seed=players * 11)
        rng = random.Random(players)
        for k in range(300):
            if g.is_over:
                break
            if k % 5 == 0:
                out.append(g.clone())
            seat = g.pending()[rng.randrange(len(g.pending()))].seat
            g.apply(seat, random_action(g, seat, rng))
        out.append(g)
    return out


def test_a_playout_view_is_the_seats_view_with_the_worlds_loyalties() -> None:
    for g in _moments():
        for seat in range(g.players):
            assert sampled_world_view(g, seat) == replace(g.view(seat), loyalties=tuple(g.loyalty))


def test_the_legality_set_is_the_set_of_legal_actions() -> None:
    seen_turn = 0
    for g in _moments():
        for seat in range(g.players):
            legal = g.legal_actions(seat)
            assert g._legal_cache is not None and g._legal_cache[2] == frozenset(legal)
            assert all(g.is_legal(seat, a) for a in legal)
            seen_turn += bool(legal) and g.kind is Kind.TURN
    assert seen_turn > 20
