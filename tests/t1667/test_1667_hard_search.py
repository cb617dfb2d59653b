"""Hard's search made cheaper without changing what it computes (issue 27: <= 1 s p95 per decision):

- ``Game.clone`` copies field by field instead of ``copy.deepcopy``: the copy must equal a deep copy in
  every attribute, share no container with the original, and play on the same (T1: one seeded random
  source per game, so a clone's random source continues in the same state);
- Hard drops, at fixed counts of worlds, the candidates that can no longer beat Normal's choice, and
  keeps Normal's choice at once when none is left; a candidate that is clearly better is still played
  in every world and chosen. Counts, never a clock: the same seed decides the same.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tortuga_desktop.games.t1667.ai.bots import HARD_FIRST_LOOK, HardBot, NormalBot
from tortuga_desktop.games.t1667.rules import Action, Game, Kind, position
from tortuga_desktop.games.t1667.rules.random_player import random_action


def _games() -> list[Game]:
    """Games stopped at many moments (votes under way, cards being resolved, the end) at 2-9 seats."""
    out = []
    for players in (2, 3, 5, 9):
        g = Game.new(players, seed=players * 7)
        rng = random.Random(players)
        for k in range(400):
            if g.is_over:
                break
            if k % 9 == 0:
                out.append(g.clone())
            seat = g.pending()[rng.randrange(len(g.pending()))].seat
            g.apply(seat, random_action(g, seat, rng))
        out.append(g)
    out.append(position({"players": 4, "loyalty": "BFBF", "fd": [0, 1], "jr": [2, 3], "active": 0,
                         "galleon": 4, "holds": {"fd british": 1, "jr french": 1}}))
    return out


def _value(name: str, v: Any) -> Any:
    if name == "rng":
        return v.getstate()
    if name == "vote" and v is not None:
        return v.key()
    return v


def test_clone_equals_a_deep_copy_in_every_attribute() -> None:
    for g in _games():
        c, d = g.clone(), copy.deepcopy(g)
        assert set(vars(c)) == set(vars(d))  # a field added to Game must be added to clone()
        for name in vars(d):
            assert _value(name, getattr(c, name)) == _value(name, getattr(d, name)), name


def test_clone_shares_no_container_and_plays_on_the_same() -> None:
    for g in _games():
        c = g.clone()
        for name, v in vars(g).items():
            if isinstance(v, (list, dict, set)) or name in ("rng", "vote") and v is not None:
                assert getattr(c, name) is not v, name
            if isinstance(v, list) and v and isinstance(v[0], (list, dict)):
                assert all(a is not b for a, b in zip(getattr(c, name), v, strict=True)), name
        before = g.snapshot()
        rng_a, rng_b = random.Random(1), random.Random(1)
        while not c.is_over:  # play the clone on: the original must not move
            seat = c.pending()[0].seat
            c.apply(seat, random_action(c, seat, rng_a))
        assert g.snapshot() == before
        d = g.clone()
        while not d.is_over:  # and a second clone played the same way ends the same (same random source)
            seat = d.pending()[0].seat
            d.apply(seat, random_action(d, seat, rng_b))
        assert d.snapshot() == c.snapshot() and d.log == c.log


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


def _scripted(monkeypatch: pytest.MonkeyPatch, bot: HardBot, score: dict[Action, float],
              rest: float = 0.5) -> list[Action]:
    played: list[Action] = []

    def playout(world: Game, me: int, first: Action) -> float:
        played.append(first)
        return score.get(first, rest)

    monkeypatch.setattr(bot, "_playout", playout)
    return played


def test_hard_stops_when_no_candidate_can_beat_normals_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    g, bot, legal, base, cands = _turn()
    played = _scripted(monkeypatch, bot, {})  # every candidate plays out the same: nothing to gain
    choice = bot.decide(g.view(0), legal)
    assert choice.action == base
    assert len(played) == HARD_FIRST_LOOK * len(cands) < bot.worlds * len(cands)


def test_hard_plays_a_better_candidate_in_every_world_and_takes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    g, bot, legal, base, cands = _turn()
    better = cands[-1]
    played = _scripted(monkeypatch, bot, {better: 1.0, base: 0.4}, rest=0.2)
    choice = bot.decide(g.view(0), legal)
    assert choice.action == better and dict(choice.reason.params)["worlds"] == bot.worlds
    assert played.count(better) == played.count(base) == bot.worlds
    others = [a for a in cands if a not in (better, base)]  # worse than the Normal choice: dropped at the first look
    assert all(played.count(a) == HARD_FIRST_LOOK for a in others)


def test_hard_search_is_the_same_for_the_same_seed() -> None:
    g, _bot, legal, _base, _cands = _turn()
    picks = set()
    for _ in range(2):
        bot = HardBot(11)
        bot.observe(g.events_for(0))
        picks.add(bot.decide(g.view(0), legal))
    assert len(picks) == 1


def test_a_playout_players_view_is_the_view_with_the_worlds_loyalties() -> None:
    """``with_loyalties`` is ``dataclasses.replace(view, loyalties=...)``, field for field (a faster copy)."""
    from dataclasses import fields, replace

    from tortuga_desktop.games.t1667.ai.bots import with_loyalties

    for g in _games():
        for seat in range(g.players):
            view, known = g.view(seat), tuple(g.loyalty)
            made, wanted = with_loyalties(view, known), replace(view, loyalties=known)
            assert made == wanted and type(made) is type(wanted)
            assert all(getattr(made, f.name) is getattr(wanted, f.name) for f in fields(wanted))
