"""The one evaluation behind Hint, the game review and the review's chart.

:func:`evaluate` takes a seat's :class:`~tortuga_desktop.games.dice.rules.PlayerView` at a decision (or
the public view and the deciding seat, for a hint at a screen several players share) and
returns every candidate move's estimated chance to win with its uncertainty:

- it samples worlds consistent with the view only (:func:`~tortuga_desktop.games.dice.rules.determinize`)
  and plays every candidate in every world on the playout kernel with Expert's rollout policy
  (:class:`~.expert.RolloutPolicy`; to the end with 2 players, two rounds and Hard's projection
  with 3-4), with **common random numbers**: the same sampled world, the same future dice and
  the same policy noise for every candidate, so that the difference between two candidates is
  measured world by world (a *paired* difference) and its standard error is small;
- it is **deterministic for a position**: the seed comes from the game's record (its seed)
  and the decision index (:func:`position_seed`), and the search stops on counted worlds;
- it searches in batches until the best candidate is *separated* from the second — their
  paired difference exceeds :data:`Z` standard errors — or the worlds cap, or the time cap (a
  safety for slow machines; the result then says so in ``capped``), is reached.

A hint, a review moment and the chart point at a decision are all read off the same
:class:`Evaluation`. ``passenger`` (the move a player actually made, when it is not among
the candidates) is played in the same worlds without steering the search, so the review sees
exactly the numbers the hint saw, plus the made move's.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from dataclasses import dataclass

from ..rules import Game, PlayerAction, PlayerView, determinize
from ..rules.components import MAX_ROUNDS
from . import kernel as K
from .expert import HUNT, OPP_ATTACK, RolloutPolicy, Think, project, win_chances
from .heuristics import option_scores

#: "separated" / "worse": a paired difference larger than this many standard errors (about
#: 95 % one-sided confidence). The uncertainty shown with a figure is this many standard errors.
Z = 2.0
#: worlds per batch (the stopping rule is checked after each batch)
BATCH = 8
#: a candidate this many standard errors behind the leader (after MIN_WORLDS) is dropped
PRUNE_Z = 3.0
MIN_WORLDS = 16
#: two candidates whose paired difference is known to within this (Z standard errors) are
#: resolved: the search does not go on to tell them apart
RESOLVED = 0.02
#: Calibration: with 3-4 players the rollouts are overconfident (4 players, 60 games between
#: Normal bots, seed 1, 1,217 forecasts: forecasts of 0.9-1.0 won 74 %, of 0.0-0.1 won 16 %;
#: Brier 0.180 against 0.174 for the naive 1/n). Every chance is kept at this weight and the
#: rest spread evenly (p' = w p + (1 - w) / n). The least-squares weight of
#: ``scripts/eval_calibration.py`` varies from one set of games to the next (4 players: 0.39,
#: 0.47, 0.66 on seeds 1-3; 3 players: 0.77, 0.41 on seeds 2-3): these are their rounded means.
#: Checked on the fresh games of seed 4: Brier 0.149 against 0.157 (4 players), 0.177 against
#: 0.193 (3 players). With 2 players the raw chances are calibrated (seed 1: 0.176 against 0.250).
KEEP = {2: 1.0, 3: 0.6, 4: 0.5}
#: the settings of the evaluation: Expert's rollout policy and opponent model, every rollout
#: cut off after two rounds and scored by the projection (smooth values: fewer worlds tell
#: candidates apart than with won/lost to the end), at most 96 worlds and the heuristic's
#: best 6 candidates (``scripts/eval_timing.py`` measures hint and review times)
SETTINGS = Think(worlds=96, budget_s=1.0, top_k=6, opp_attack=OPP_ATTACK, opp_model=True,
                 horizon=2, horizon_multi=2)


def position_seed(game_seed: int, decision: int, seat: int) -> int:
    """The evaluation's seed for ``seat``'s decision number ``decision`` of the game with
    ``game_seed``: the same for a hint during the game and the review after it."""
    return zlib.crc32(f"evaluate|{game_seed}|{decision}|{seat}".encode())


@dataclass(frozen=True)
class Candidate:
    """One move's estimate: the seat's mean chance to win over the worlds it was played in,
    the standard error of that mean, the standard error of its paired difference to the best
    candidate (0 for the best itself), and every seat's mean chance after it (the chart)."""

    #: the move (None: the position as it stands, :func:`evaluate` with ``standing``)
    action: PlayerAction | None
    value: object  # the kernel's code of the move (kernel.to_kernel_action)
    win: float
    se: float
    diff_se: float
    worlds: int
    chances: tuple[float, ...]
    #: a passenger: played in the same worlds, but not one of the searched candidates (it
    #: takes no part in the claims, so they are the hint's)
    extra: bool = False


@dataclass(frozen=True)
class Evaluation:
    """Every candidate of one decision, best first (see :func:`evaluate`)."""

    seat: int
    kind: int
    #: best first; the passenger (if any) is among them
    candidates: tuple[Candidate, ...]
    worlds: int
    #: legal moves in all (the candidates may be fewer: the heuristic's best when many)
    options: int
    #: the time cap stopped the search before the best was separated
    capped: bool
    #: the first sampled world (its own seat's part is the real one): reasons read it
    world: Game

    @property
    def best(self) -> Candidate:
        """The best searched candidate (a passenger is never the answer)."""
        return next(c for c in self.candidates if not c.extra)

    @property
    def searched(self) -> list[Candidate]:
        return [c for c in self.candidates if not c.extra]

    def gap(self, c: Candidate) -> float:
        """How far ``c`` is behind the best (chance to win, 0..1)."""
        return self.best.win - c.win

    def worse(self, c: Candidate) -> bool:
        """``c`` is behind the best by more than the uncertainty of their paired difference."""
        return c is not self.best and self.gap(c) > Z * c.diff_se and self.gap(c) > 0

    @property
    def separated(self) -> bool:
        """The best beats every other searched candidate by more than the uncertainty
        ("clearly best")."""
        best = self.best
        return all(self.worse(c) for c in self.searched if c is not best)

    def equal(self, most: int = 3) -> list[Candidate]:
        """The best and the searched candidates not clearly worse than it (at most ``most``)."""
        return [c for c in self.searched if not self.worse(c)][:most]

    def equal_count(self) -> int:
        return sum(1 for c in self.searched if not self.worse(c))

    def of(self, action: PlayerAction) -> Candidate | None:
        """The candidate for ``action`` (None when it was not evaluated)."""
        code = K.to_kernel_action(action)
        return next((c for c in self.candidates if c.value == code), None)


def _chances(k: K.KState, tau: float, settled: bool) -> list[float]:
    """Every seat's chance to win at the end of one rollout: shares of the win for a finished
    game, a softmax of the projected scores for a cut-off one; shrunk toward 1/n by
    :data:`KEEP` unless the game was already over before the rollout (``settled``)."""
    if k.over:
        sc = k.scores()
        best = max(sc)
        out = [1.0 / sc.count(best) if v == best else 0.0 for v in sc]
    else:
        out = win_chances(project(k), tau)
    w = 1.0 if settled else KEEP.get(k.n, 1.0)
    if w == 1.0:
        return out
    return [w * p + (1.0 - w) / k.n for p in out]


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the worlds both were played in."""
    n = min(len(a), len(b))
    return _mean_se([x - y for x, y in zip(a[:n], b[:n], strict=True)])


def evaluate(view: PlayerView, seed: int, *, seat: int | None = None, max_worlds: int | None = None,
             time_cap_s: float | None = None, top_k: int | None = None, only: PlayerAction | None = None,
             passenger: PlayerAction | None = None, standing: bool = False) -> Evaluation:
    """Evaluate the decision of ``seat`` (default: the view's viewer) in ``view``.

    ``view`` may be the public view when ``seat`` is given: the seat's own secrets are then
    sampled like everyone else's (a hint at a shared screen). ``only`` evaluates that one move
    (a chart point); ``passenger`` adds a move that is played in the same worlds but does not
    steer the search. ``standing`` evaluates the position as it stands, as the view's viewer
    (or the public) sees it, whoever decides next: one candidate with action None (the
    review's chart between the decisions it reviews). Raises ValueError when the seat has
    nothing to decide."""
    t0 = time.thread_time()
    think = SETTINGS
    rng = random.Random(seed)
    if standing:
        return _standing(view, rng, think, max_worlds or 2 * BATCH)
    me = view.viewer if seat is None else seat
    if not isinstance(me, int) or not 0 <= me < view.players:
        raise ValueError("evaluate needs the deciding seat")
    if view.viewer is not None and view.viewer != me:
        raise ValueError("a seat's view can only evaluate that seat's decision")
    g0 = determinize(view, rng.randrange(2**31))
    legal = g0.legal_actions(me)
    if not legal:
        raise ValueError(f"seat {me} has nothing to decide in this view")
    d = g0.decision_for(me)
    assert d is not None
    kind = K.KIND_CODE[d.kind]
    codes = [K.to_kernel_action(a) for a in legal]
    k_top = think.top_k if top_k is None else top_k
    time_cap = think.budget_s if time_cap_s is None else time_cap_s
    if only is not None:
        code = K.to_kernel_action(only)
        if code not in codes:
            raise ValueError(f"{only.text()} is not legal for seat {me} here")
        ranked = [codes.index(code)]
    elif kind == K.K_POSITION and g0.act_action <= HUNT and K.ACT in codes:
        # Expand fleet, Recruit crew, Treasure hunt: acting never hurts the actor, so it is the
        # one candidate worth searching (as for Expert)
        ranked = [codes.index(K.ACT)]
    elif len(legal) > k_top:
        scores, _ = option_scores(g0, me, legal)
        ranked = sorted(range(len(legal)), key=lambda i: (-scores[i], i))[:k_top]
    else:
        ranked = list(range(len(legal)))
    extra = -1
    if passenger is not None and only is None:
        code = K.to_kernel_action(passenger)
        if code not in codes:
            raise ValueError(f"{passenger.text()} is not legal for seat {me} here")
        if codes.index(code) not in ranked:
            ranked.append(codes.index(code))
            extra = len(ranked) - 1
    m = len(ranked)
    cands = [codes[i] for i in ranked]
    players = view.players
    cap = think.worlds_for(players) if max_worlds is None else max_worlds
    if m == 1 and only is None and passenger is None:
        cap = min(cap, 2 * BATCH)  # one move: a figure for the chart, nothing to compare
    horizon = think.horizon_for(players)
    model = think.model_for(players)
    opp_attack = think.opp_attack if players == 2 else 1.0
    vals: list[list[float]] = [[] for _ in range(m)]
    seats_sum = [[0.0] * players for _ in range(m)]
    active = [j for j in range(m) if j != extra]
    worlds = 0
    capped = False
    rounds = MAX_ROUNDS if horizon is None else horizon
    dice_rng, policy_rng = random.Random(), random.Random()
    policy = RolloutPolicy(policy_rng, me, opp_attack, model)
    while worlds < cap:
        world = g0 if worlds == 0 else determinize(view, rng.randrange(2**31))
        base = K.from_game(world)
        dice_seed = rng.randrange(2**31)
        policy_seed = rng.randrange(2**31)
        for j in (*active, extra) if extra >= 0 else active:
            dice_rng.seed(dice_seed)  # the world's future dice, seeded again (no new generator)
            k = base.copy(dice_rng)
            K.apply(k, me, kind, cands[j])
            settled = k.over
            policy.reseed(policy_seed)
            K.playout(k, policy, rounds)
            ch = _chances(k, think.tau, settled)
            vals[j].append(ch[me])
            row = seats_sum[j]
            for s in range(players):
                row[s] += ch[s]
        worlds += 1
        if worlds % BATCH or worlds < MIN_WORLDS:
            continue
        lead = max(active, key=lambda j: (sum(vals[j]) / len(vals[j]), -j))
        behind = []
        for j in active:
            if j != lead:
                mean, se = _paired(vals[lead], vals[j])
                behind.append((j, mean, se))
        if not behind:
            break
        if all((mean > Z * se and mean > 0) or Z * se < RESOLVED for _j, mean, se in behind):
            break  # the best is separated from every other candidate, or known to be about equal
        active = [lead] + [j for j, mean, se in behind if not (mean > PRUNE_Z * se and mean > 0)]
        if time.thread_time() - t0 > time_cap:
            capped = True
            break
    means = [sum(v) / len(v) if v else 0.0 for v in vals]
    order = sorted(range(m), key=lambda j: (-means[j], j if j != extra else m))
    best = next(j for j in order if j != extra)
    out = []
    for j in order:
        _m, se = _mean_se(vals[j])
        dse = 0.0 if j == best else _paired(vals[best], vals[j])[1]
        n = len(vals[j])
        out.append(Candidate(legal[ranked[j]], cands[j], means[j], se, dse, n,
                             tuple(x / max(1, n) for x in seats_sum[j]), j == extra))
    return Evaluation(me, kind, tuple(out), worlds, len(legal), capped, g0)


def _standing(view: PlayerView, rng: random.Random, think: Think, worlds: int) -> Evaluation:
    """The position of ``view`` as it stands: the same worlds, dice and rollouts as a decision's
    evaluation, nobody's move applied first (the rollout policy plays every seat)."""
    me = view.viewer if view.viewer is not None else 0
    players = view.players
    g0 = determinize(view, rng.randrange(2**31))
    horizon = think.horizon_for(players)
    model = think.model_for(players)
    opp_attack = think.opp_attack if players == 2 else 1.0
    vals: list[float] = []
    total = [0.0] * players
    for w in range(worlds):
        world = g0 if w == 0 else determinize(view, rng.randrange(2**31))
        k = K.from_game(world, random.Random(rng.randrange(2**31)))
        policy_seed = rng.randrange(2**31)
        settled = k.over
        K.playout(k, RolloutPolicy(random.Random(policy_seed), me, opp_attack, model),
                  MAX_ROUNDS if horizon is None else horizon)
        ch = _chances(k, think.tau, settled)
        vals.append(ch[me])
        for s in range(players):
            total[s] += ch[s]
    mean, se = _mean_se(vals)
    cand = Candidate(None, None, mean, se, 0.0, worlds, tuple(x / worlds for x in total))
    return Evaluation(me, -1, (cand,), worlds, 0, False, g0)


__all__ = ["BATCH", "KEEP", "SETTINGS", "Z", "Candidate", "Evaluation", "evaluate", "position_seed"]
