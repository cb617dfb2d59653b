"""The bots: random, Easy, Normal (heuristics) and Hard (determinized Monte Carlo search).

Every bot decides from a player view only, among the legal actions it is handed (or reads from the
view: :func:`.choice.legal_for`). Easy, Normal and Hard rebuild a playable game with
:func:`~tortuga_desktop.games.dice.rules.determinize` (hidden parts sampled from a seed derived from the
bot seed and the decision point), so the real hidden state never reaches them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..rules import DecisionKind, Game, PlayerAction, PlayerView, determinize
from .choice import Bot, BotChoice, Reason, decision_seed, legal_for
from .heuristics import game_objective, option_scores

_SEARCHED = (DecisionKind.SELECT_DICE, DecisionKind.SKULL_ACTION, DecisionKind.BONUS_TILE, DecisionKind.POSITION)


def _setup(seed: int, view: PlayerView, legal: Sequence[PlayerAction] | None
           ) -> tuple[random.Random, int, Game, Sequence[PlayerAction]]:
    """The decision's random source, the seat, a world sampled from the view (the source's first
    draw seeds it) and the legal actions (:func:`.choice.legal_for`: the list of every world)."""
    legal = legal_for(view, legal)
    rng = random.Random(decision_seed(seed, view))
    g = determinize(view, rng.randrange(2**31))
    assert isinstance(view.viewer, int)
    return rng, view.viewer, g, legal


class RandomBot:
    """Uniformly random legal actions (tests and baselines)."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def decide(self, view: PlayerView, legal: Sequence[PlayerAction] | None = None) -> BotChoice:
        legal = legal_for(view, legal)
        rng = random.Random(decision_seed(self.seed, view))
        rng.randrange(2**31)  # the draw that seeds the others' world: it needs none, but its choices stay the same
        return BotChoice(legal[rng.randrange(len(legal))], Reason("random"))


class HeuristicBot:
    """Normal (best heuristic option) or Easy (softmax over the heuristic scores)."""

    def __init__(self, seed: int, level: str = "normal", temperature: float | None = None) -> None:
        self.seed = seed
        self.level = level
        self.temperature = (1.2 if level == "easy" else 0.0) if temperature is None else temperature

    def decide(self, view: PlayerView, legal: Sequence[PlayerAction] | None = None) -> BotChoice:
        rng, seat, g, legal = _setup(self.seed, view, legal)
        if len(legal) == 1:
            return BotChoice(legal[0], Reason("only"))
        scores, reasons = option_scores(g, seat, legal)
        i = pick(scores, rng, self.temperature)
        return BotChoice(legal[i], reasons[i])


def pick(scores: list[float], rng: random.Random, temperature: float) -> int:
    """Index of the best score, or a softmax sample when ``temperature`` > 0."""
    if temperature <= 0:
        return max(range(len(scores)), key=lambda i: (scores[i], -i))
    top = max(scores)
    weights = [math.exp((s - top) / temperature) for s in scores]
    r = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        r -= w
        if r <= 0:
            return i
    return len(scores) - 1


def policy_action(g: Game, seat: int, cache: dict[Any, Any]) -> PlayerAction:
    """The Normal policy's action on a full game (used in Hard's playouts)."""
    legal = g.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    scores, _ = option_scores(g, seat, legal, cache)
    return legal[max(range(len(scores)), key=lambda i: (scores[i], -i))]


def playout(g: Game, seat: int, rounds: int) -> float:
    """Play ``g`` forward with the Normal policy to the end of the round (+``rounds``); ``seat``'s objective."""
    stop = g.round + rounds
    cache: dict[Any, Any] = {}
    while not g.is_over and g.round <= stop:
        d = g.pending()[0]
        g.apply(d.seat, policy_action(g, d.seat, cache))
    return game_objective(g, seat)


class HardBot:
    """Determinized flat Monte Carlo over the heuristic's top candidates.

    Each iteration samples the hidden information consistently with the view (others' dice and
    selections, tile values, bag), then plays every candidate forward with the Normal policy to
    the end of the round and scores it with the projection evaluation (common random numbers:
    one sample serves all candidates). ``iterations`` bounds the samples; ``budget_s`` is a time
    cap in CPU seconds of the deciding thread (only when it is hit does timing make the decision
    depend on machine speed).
    """

    level = "hard"

    def __init__(self, seed: int, iterations: int = 4, budget_s: float = 0.6, top_k: int = 3,
                 rounds: int = 0) -> None:
        self.seed = seed
        self.iterations = iterations
        self.budget_s = budget_s
        self.top_k = top_k
        self.rounds = rounds

    def decide(self, view: PlayerView, legal: Sequence[PlayerAction] | None = None) -> BotChoice:
        return self.decide_by(view, None, legal)

    def decide_by(self, view: PlayerView, stop_at: float | None,
                  legal: Sequence[PlayerAction] | None = None) -> BotChoice:
        """:meth:`decide`, with the search cut short so as to be done by ``stop_at`` (a
        ``time.perf_counter`` moment; R9.1 pacing) instead of running past it."""
        t0 = time.thread_time()
        rng, seat, g, legal = _setup(self.seed, view, legal)
        if len(legal) == 1:
            return BotChoice(legal[0], Reason("only"))
        scores, reasons = option_scores(g, seat, legal)
        d = g.decision_for(seat)
        assert d is not None
        ranked = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
        if d.kind not in _SEARCHED:
            return BotChoice(legal[ranked[0]], reasons[ranked[0]])
        cands = ranked[: self.top_k]
        if len(cands) == 1:
            return BotChoice(legal[cands[0]], reasons[cands[0]])
        totals = [0.0] * len(cands)
        n = 0
        while n < self.iterations:
            started = time.perf_counter()
            sample = g if n == 0 else determinize(view, rng.randrange(2**31))
            for j, i in enumerate(cands):
                sim = sample.clone()
                sim.logging = False
                sim.apply(seat, legal[i])
                totals[j] += playout(sim, seat, self.rounds)
            n += 1
            if time.thread_time() - t0 > self.budget_s:
                break
            now = time.perf_counter()
            if stop_at is not None and now + 1.5 * (now - started) > stop_at:  # another sample would run late
                break
        # small prior from the heuristic breaks near-ties toward its favourite
        best = max(range(len(cands)), key=lambda j: (totals[j] / n + 0.05 * scores[cands[j]], -j))
        i = cands[best]
        why = reasons[i]
        if best != 0:
            why = replace(why, search=True)
        return BotChoice(legal[i], why)


def build_bot(level: str, seed: int, **options: Any) -> Bot:
    if level == "random":
        return RandomBot(seed)
    if level in ("easy", "normal"):
        return HeuristicBot(seed, level, **options)
    if level == "hard":
        return HardBot(seed, **options)
    if level == "expert":
        from .expert import ExpertBot  # the search and its kernel load only for an Expert player

        return ExpertBot(seed, **options)
    raise ValueError(f"unknown bot level {level!r}")
