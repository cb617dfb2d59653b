"""Issue 29: Expert's opponent model with 3-4 players plays the opponents the way Hard weighs the
game. The kernel ports of Hard's heuristic (``ai/heuristics.py``: ``position_odds``,
``action_values``, ``dice_scores``, the target scores) must give Hard's own numbers on the same
positions, or the model predicts something Hard does not do.

Positions come from games between Normal bots (Normal plays Hard's heuristic without the search).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai import rollout as R
from tortuga_desktop.games.dice.ai.bots import build_bot
from tortuga_desktop.games.dice.ai.expert import ExpertBot
from tortuga_desktop.games.dice.ai.heuristics import (
    MEAN_TILE,
    action_values,
    dice_scores,
    option_scores,
    position_odds,
)
from tortuga_desktop.games.dice.rules import Game, SelectDice, Target


def positions(players: int, games: int, seed: int) -> Iterator[tuple[Game, int]]:
    """(game, seat) at every decision with a choice, in games between Normal bots."""
    for gi in range(games):
        g = Game.new(players=players, seed=seed + gi, start_player=gi % players, log=False)
        bots = [build_bot("normal", seed=(seed + gi) * 10 + s) for s in range(players)]
        while not g.is_over:
            d = g.pending()[0]
            if len(g.legal_actions(d.seat)) > 1:
                yield g, d.seat
            g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)


def _forced_chests(g: Game, s: int) -> bool:
    """Every chest a board or raid of seat ``s`` could take is of one colour per area (Hard picks
    it by the projection, the kernel model by colour value: they agree when there is no choice)."""
    return all(len(set(p.fleet)) <= 1 and len(set(p.crew)) <= 1 for t, p in enumerate(g.seats) if t != s) \
        and sum(g.center) <= 1


def test_position_odds_are_hards() -> None:
    """R4.3 positions: the kernel's chances of 1st and 2nd equal the heuristic's."""
    seen = 0
    for g, s in positions(4, 2, 1200):
        if g.phase != "dice":
            continue
        k = K.from_game(g)
        for a in range(5):
            for total in range(0, 16, 3):
                assert R.position_odds(k, s, a, total) == pytest.approx(position_odds(g, s, a, total), abs=1e-12)
        seen += 1
    assert seen > 50


@pytest.mark.parametrize("players", [3, 4])
def test_hard_values_are_hards_action_values(players: int) -> None:
    """R4.6-R4.10: the worth of 1st and 2nd position on each action equals Hard's
    ``action_values`` (Board and Raid where the chest taken is forced)."""
    compared = 0
    for g, s in positions(players, 2, 1300 + players):
        if g.phase != "dice":
            continue
        v1, v2, _ = action_values(g, s)
        h1, h2 = R.hard_values(K.from_game(g), s)
        actions = range(5) if _forced_chests(g, s) else range(3)
        for a in actions:
            assert h1[a] == pytest.approx(v1[a], abs=1e-9), (a, h1, v1)
            assert h2[a] == pytest.approx(v2[a], abs=1e-9), (a, h2, v2)
        compared += 1
    assert compared > 50


def test_hard_dice_scores_are_hards_dice_scores() -> None:
    """R3.2/R3.3: every valid selection, and Hard's score for each (``dice_scores``)."""
    compared = 0
    for g, s in positions(4, 3, 1400):
        d = g.decision_for(s)
        assert d is not None
        legal = g.legal_actions(s)
        if not isinstance(legal[0], SelectDice):
            continue
        vals = action_values(g, s)
        k = K.from_game(g)
        fm = K.face_masks(k, s)
        mine = dict(R.hard_dice_scores(k, s, fm, vals[0], vals[1]))
        hards = dice_scores(g, s, legal, vals)
        codes = [K.to_kernel_action(a) for a in legal]
        assert set(mine) == set(codes), "the valid selections (R3.2, R3.3)"
        for code, (score, _a) in zip(codes, hards, strict=True):
            assert mine[code] == pytest.approx(score, abs=1e-9)
        compared += 1
    assert compared > 100


def test_attack_objective_is_hards_target_score() -> None:
    """R4.9/R4.10: boarding or raiding a seat gains what Hard's option score says (where the
    chest taken is forced); forfeiting gains nothing."""
    compared = 0
    for g, s in positions(4, 8, 1500):
        legal = g.legal_actions(s)
        if not any(isinstance(a, Target) for a in legal) or not _forced_chests(g, s):
            continue
        scores, _ = option_scores(g, s, legal)
        k = K.from_game(g)
        coins = [float(sum(p.tiles)) if t == s else MEAN_TILE * len(p.tiles) for t, p in enumerate(g.seats)]
        first = g.act_pos == 0
        a = g.act_action
        base = R.attack_objective(k, s, a, -1, first, coins)
        for opt, score in zip(legal, scores, strict=True):
            if isinstance(opt, Target):
                got = R.attack_objective(k, s, a, opt.seat, first, coins) - base
                assert got == pytest.approx(score, abs=1e-9)
        compared += 1
    assert compared > 20


def _plays_normals_choice(pol: R.RolloutPolicy, g: Game, s: int, k: K.KState, kind: int) -> bool:
    """Whether ``pol`` makes Normal's (Hard's heuristic's) choice for seat ``s`` at ``g``."""
    if kind == K.K_SELECT:
        mine = pol.select(k, s, K.face_masks(k, s))
    else:
        mine = pol.choose(k, s, kind, K.options(k, s, kind))
    scores, _ = option_scores(g, s, g.legal_actions(s))
    normal = K.to_kernel_action(g.legal_actions(s)[max(range(len(scores)), key=lambda i: (scores[i], -i))])
    return bool(mine == normal)


def test_the_model_plays_hards_heuristic_in_the_searched_round() -> None:
    """With ``hard_round`` set, the opponents' dice, skulls and bonus tiles are Normal's (Hard's
    heuristic) nearly always: the small noise and the chest choice inside Board and Raid's worth
    may change a near-tie."""
    same = total = 0
    for g, s in positions(4, 3, 1600):
        k = K.from_game(g)
        kind = K.kind_for(k, s)
        if kind not in (K.K_SELECT, K.K_SKULL, K.K_BONUS):
            continue
        pol = R.RolloutPolicy(random.Random(total), me=-1, model=True, targets=True)
        pol.hard_round = k.round
        same += _plays_normals_choice(pol, g, s, k, kind)
        total += 1
    assert total > 150
    assert same / total > 0.9, (same, total)


def test_the_model_plays_hards_heuristic_in_the_next_round_from_that_rounds_values() -> None:
    """With ``hard_next`` set (and no ``hard_round``), the opponents' dice, skulls and bonus
    tiles in that round are Hard's heuristic nearly always, from Hard's values of the state in
    front of them: computed again after every ``reseed`` (a new rollout), not kept from the last."""
    same = total = 0
    pol = R.RolloutPolicy(random.Random(5), me=-1, model=True, targets=True)
    for g, s in positions(4, 3, 1610):
        k = K.from_game(g)
        kind = K.kind_for(k, s)
        if kind not in (K.K_SELECT, K.K_SKULL, K.K_BONUS):
            continue
        pol.reseed(total)
        pol.hard_next = k.round
        assert pol._hard_vals(k, s) == R.hard_values(k, s)
        same += _plays_normals_choice(pol, g, s, k, kind)
        total += 1
        pol.hard_next = k.round + 1  # another round: the plain model, not Hard's values
        assert pol._hard_vals(k, s) is None
    assert total > 150
    assert same / total > 0.9, (same, total)


def test_the_skulls_choice_in_whole_rounds_sees_its_selection() -> None:
    """R3.5: a seat choosing the action for a skulls-only selection inside the kernel's whole-round
    loop is asked with its selection in the state (the old loop left ``sel`` at -1, so a policy
    weighing the skulls read all five dice)."""

    class Spy:  # a policy wrapping the rollout policy (a compiled class cannot be subclassed)
        def __init__(self) -> None:
            self.inner = R.RolloutPolicy(random.Random(3))
            self.seen: list[int] = []

        def select(self, k: K.KState, s: int, fm: list[int]) -> int:
            return fm[5] if fm[5] else self.inner.select(k, s, fm)  # skulls alone whenever it can

        def choose(self, k: K.KState, s: int, kind: int, opts: list[int]) -> object:
            if kind == K.K_SKULL:
                self.seen.append(k.sel[s])
            return self.inner.choose(k, s, kind, opts)

        def arrange(self, k: K.KState, s: int, fleet: bool, src: list[int], cap: int) -> tuple[int, ...]:
            return self.inner.arrange(k, s, fleet, src, cap)

    spy = Spy()
    k = K.new_game(4, 5)
    K.playout(k, spy, 3)
    assert spy.seen, "skulls-only selections were made"
    assert all(0 < m < 32 for m in spy.seen)


def test_expert_with_the_model_decides_legal_moves_deterministically() -> None:
    """The 3-4 player defaults (targets and the searched round's Hard-like opponents) search and
    decide the same move twice for one seed."""
    for i, (g, s) in enumerate(positions(4, 1, 1700)):
        if i >= 6:
            break
        view = g.view(s)
        a = ExpertBot(9, worlds=12, budget_s=60.0).decide(view).action
        b = ExpertBot(9, worlds=12, budget_s=60.0).decide(view).action
        assert a == b and a in g.legal_actions(s)
