"""Game review: every seat's estimated chance to win over a finished game, and the moments a
seat's chance fell most, with what Expert would have done there.

The game is over, so everything may be revealed: the estimate plays the full state forward
many times on the playout kernel with the rollout policy (:class:`~.expert.RolloutPolicy`),
the future dice drawn afresh for each rollout. ``scripts/kernel_brier.py`` measures how well
calibrated these estimates are (Brier score at round starts against the naive 1/n).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from ..rules import Game, GameRecord, PlayerAction, PlayerView, parse_action
from ..rules.codec import parse_roll
from . import BotChoice
from . import kernel as K
from .expert import ExpertBot, RolloutPolicy

#: Rollouts with the rollout policy are over-confident about games between other players (they
#: decide too fast): the review shrinks them toward 1/n by this share. Fitted on 100 games between
#: Normal bots (``scripts/kernel_brier.py --games 100 --seed 1``: observed win share ~ 0.45 x
#: forecast + 0.55 / n); checked on fresh games with ``--seed 2``.
SHRINK = 0.55


def calibrated(chances: list[float], shrink: float = SHRINK) -> list[float]:
    """Chances shrunk toward 1/n (the sum stays 1)."""
    n = len(chances)
    return [(1 - shrink) * p + shrink / n for p in chances]


def win_chances(k: K.KState, rollouts: int, seed: int) -> list[float]:
    """Every seat's chance to win from the full state ``k`` (ties share), by rollouts (raw: see
    :func:`calibrated`)."""
    n = k.n
    wins = [0.0] * n
    if k.over:
        sc = k.scores()
        best = max(sc)
        return [1.0 / sc.count(best) if v == best else 0.0 for v in sc]
    rng = random.Random(seed)
    for _ in range(rollouts):
        c = k.copy(random.Random(rng.randrange(2**62)))
        K.playout(c, RolloutPolicy(random.Random(rng.randrange(2**62))))
        sc = c.scores()
        best = max(sc)
        share = 1.0 / sc.count(best)
        for s in range(n):
            if sc[s] == best:
                wins[s] += share
    return [w / rollouts for w in wins]


@dataclass
class Moment:
    """A decision where a seat's estimated chance fell: before and after its move."""

    index: int  # position of the decision in the record
    round: int
    seat: int
    played: PlayerAction
    before: float
    after: float
    expert: BotChoice | None = None

    @property
    def drop(self) -> float:
        return self.before - self.after


@dataclass
class Review:
    """The chance curve (one point per round start and one at the end) and the worst moments."""

    rounds: list[int]
    chances: list[list[float]]  # chances[i][seat] at point i
    moments: list[Moment]


def review_game(record: GameRecord, seats: list[int], *, rollouts: int = 60, worst: int = 3,
                seed: int = 1, progress: Callable[[float], None] | None = None,
                expert: bool = True) -> Review:
    """Review a finished game's record: the chance curve of every seat, and for the seats in
    ``seats`` (the humans) the ``worst`` decisions by fall in chance, with Expert's choice there."""
    g = Game.new(record.players, record.seed, start_player=record.start_player, long_game=record.long_game,
                 names=list(record.names), log=False, rules_version=record.rules_version)
    entries = list(record.entries)
    decisions = [i for i, (_s, t) in enumerate(entries) if parse_roll(t) is None]
    total = max(1, len(decisions))
    rounds: list[int] = []
    chances: list[list[float]] = []
    candidates: list[Moment] = []
    last_round = 0
    done = 0
    cache: dict[int, list[float]] = {}
    views: dict[int, PlayerView] = {}

    def estimate(tag: int) -> list[float]:
        if tag not in cache:
            cache[tag] = calibrated(win_chances(K.from_game(g), rollouts, zlib.crc32(f"{seed}|{tag}".encode())))
        return cache[tag]

    for i, (seat, text) in enumerate(entries):
        faces = parse_roll(text)
        if faces is not None:
            g.set_roll(seat, faces)
            continue
        if g.round != last_round:
            last_round = g.round
            rounds.append(g.round)
            chances.append(estimate(i))
        action = parse_action(text)
        mine = seat in seats and len(g.legal_actions(seat)) > 1
        if mine:
            before = estimate(i)[seat]
            view = g.view(seat)
            g.apply(seat, action)
            # the same rollout seeds before and after the move (common random numbers)
            after = calibrated(win_chances(K.from_game(g), rollouts, zlib.crc32(f"{seed}|{i}".encode())))[seat]
            candidates.append(Moment(i, g.round, seat, action, before, after))
            views[i] = view
        else:
            g.apply(seat, action)
        done += 1
        if progress is not None:
            progress(0.9 * done / total)
    out = g.outcome()
    if out is not None:
        rounds.append(g.round)
        sc = [s.total for s in out.scores]
        best = max(sc)
        chances.append([1.0 / sc.count(best) if v == best else 0.0 for v in sc])
    moments = sorted(candidates, key=lambda m: -m.drop)[:worst]
    if expert:
        for m in moments:
            m.expert = ExpertBot(zlib.crc32(f"review|{seed}|{m.index}".encode())).decide(views[m.index])
    if progress is not None:
        progress(1.0)
    return Review(rounds, chances, sorted(moments, key=lambda m: m.index))


__all__ = ["SHRINK", "Moment", "Review", "calibrated", "review_game", "win_chances"]
