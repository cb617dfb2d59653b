"""Expert: determinized search over many sampled worlds, with kernel rollouts to the game's end.

For every decision with a choice, Expert

1. samples worlds consistent with its :class:`~tortuga_desktop.games.dice.rules.PlayerView` only
   (:func:`~tortuga_desktop.games.dice.rules.determinize`: others' hidden dice and selections, their
   treasure tiles, the tile pool, the future dice), converts each to a kernel state;
2. plays every candidate move in every world with a cheap heuristic policy for all seats
   (:class:`RolloutPolicy`), with common random numbers (the same future dice for every
   candidate in a world): to the end of the game with 2 players; with 3-4 players for two
   rounds, after which :func:`project` (the chest conveyor run on, as Hard's evaluation does)
   scores the position. The opponents are modelled on Hard: they choose dice, skulls and bonus
   tiles the way Hard does; with 3-4 players they also board and raid whom Hard's objective
   says (mostly the leader), and in the searched decision's own round they choose dice, skulls
   and bonus tiles by Hard's heuristic itself (ported to the kernel: :func:`.rollout.hard_values`,
   :func:`.rollout.hard_dice_scores`; ``Think.hard_next_multi``, off by default, does so in the
   round after it too). With 3-4 players the searching seat's own later moves in a rollout are
   played the same way (``Think.self_model_multi``);
3. takes the candidate with the best mean result: its share of wins (or, for a cut-off
   rollout, a softmax chance to win from the projected scores; ``Think.tau_by_gap_multi``,
   off by default, sets its temperature by how near the leader is to the goal,
   :data:`TAU_BY_GAP`) plus a little of its score margin (ties and near-ties go to the
   heuristic's favourite).

Candidates are all legal moves, or the heuristic's best ``top_k`` when there are more. The
thinking time (``think``: fast / normal / long) caps the worlds and the seconds per decision;
the decision is deterministic for a seed unless the time cap cuts the search short. The cap
counts the searching thread's own CPU time (``time.thread_time``): on a busy machine the
search takes longer but plays the same; on an idle core CPU time and waiting time agree.

The reason names the concrete gain (the box a token reaches and what that area then holds,
the leader it pushes back, the tile it keeps) and the search's own numbers: the move's
estimated chance to win and its edge over the next best move.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..rules import Game, PlayerAction, PlayerView, determinize
from ..rules.components import MAX_ROUNDS
from . import kernel as K
from .choice import BotChoice, Reason, decision_seed, legal_for
from .heuristics import option_scores
from .rollout import RolloutPolicy, projected_scores

FLEET, CREW, HUNT, BOARD, RAID = 0, 1, 2, 3, 4
PURPLE, WHITE = 4, 3
CAP = K.CAP


#: weight of the score margin beside the win share in a rollout's value (by default)
MARGIN_WEIGHT = 0.02


@dataclass(frozen=True)
class Think:
    """A thinking-time setting: sampled worlds at most, a time cap in seconds, and how rollouts
    play and are scored (some settings differ between 2-player and 3-4-player games)."""

    worlds: int
    budget_s: float
    top_k: int
    #: the opponents' wish to board and raid in rollouts, relative to the policy's own (1: the
    #: same); 2-player games only
    opp_attack: float = 1.0
    #: sampled worlds at most with 3-4 players (None: ``worlds``)
    worlds_multi: int | None = None
    #: the time cap (CPU seconds) with 3-4 players (None: ``budget_s``)
    budget_multi: float | None = None
    #: the opponents in rollouts choose dice, skulls and bonus tiles as Hard does
    #: (:attr:`RolloutPolicy.model`): in 2-player games, and with 3-4 players
    opp_model: bool = False
    opp_model_multi: bool = False
    #: rounds a rollout plays before the projection scores it (None: to the game's end): in
    #: 2-player games, and with 3-4 players
    horizon: int | None = None
    horizon_multi: int | None = None
    #: the softmax temperature (points) turning projected scores into a chance to win
    tau: float = 6.0
    #: the opponents in rollouts board and raid whom Hard would (:func:`.rollout.attack_objective`):
    #: in 2-player games, and with 3-4 players
    targets: bool = False
    targets_multi: bool = False
    #: in the searched decision's own round (when it is in the dice phase) the opponents choose
    #: dice, skulls and bonus tiles as Hard's heuristic does (:meth:`.RolloutPolicy._hard_select`)
    root_hard: bool = False
    root_hard_multi: bool = False
    #: with 3-4 players the searching seat's own later moves in a rollout are played as its
    #: opponents' are (the Hard-like model, targets and, in the searched round, Hard's heuristic)
    self_model_multi: bool = False
    #: with 3-4 players the opponents (and, with ``self_model_multi``, the searching seat) also
    #: choose dice, skulls and bonus tiles by Hard's heuristic in the round after the searched
    #: decision's, from that round's values in each rollout
    hard_next_multi: bool = False
    #: weight of the score margin beside the win share in a rollout's value
    margin_weight: float = MARGIN_WEIGHT
    #: with 3-4 players the temperature of a cut-off rollout's softmax depends on how far the
    #: leader is from the goal at the cut-off (:data:`TAU_BY_GAP`) instead of being ``tau``
    tau_by_gap_multi: bool = False

    def worlds_for(self, players: int) -> int:
        return self.worlds if players == 2 or self.worlds_multi is None else self.worlds_multi

    def budget_for(self, players: int) -> float:
        return self.budget_s if players == 2 or self.budget_multi is None else self.budget_multi

    def model_for(self, players: int) -> bool:
        return self.opp_model if players == 2 else self.opp_model_multi

    def root_hard_for(self, players: int) -> bool:
        return self.root_hard if players == 2 else self.root_hard_multi

    def targets_for(self, players: int) -> bool:
        return self.targets if players == 2 else self.targets_multi

    def horizon_for(self, players: int) -> int | None:
        return self.horizon if players == 2 else self.horizon_multi

    def taus_for(self, players: int) -> tuple[float, ...]:
        """The softmax temperatures of cut-off rollouts, by the leader's gap to the goal (a
        single entry: the same for every gap); see :func:`cutoff_tau`."""
        return TAU_BY_GAP if players > 2 and self.tau_by_gap_multi else (self.tau,)


#: The temperature (points) of a cut-off rollout's softmax with 3-4 players, by the gap between
#: the goal and the most chests any seat has in Tortuga at the cut-off (index: the gap, capped at
#: 6). Calibrated, not tuned on games: the temperature that best predicts the real winner from
#: the projected scores (least log loss), in kernel games played by the rollout policy with the
#: opponent model and targets, 6,000 games each with 4 and 3 players (gap 1: 5.5 / 6, 2: 9 / 9,
#: 3: 14 / 14, 4: 20 / 18, 5: 30 / 30, 6 or more: 80 / 150; ``python -m
#: scripts.projection_calibration --players 4 --games 6000 --model --by-gap --seed 20000``, and
#: ``--players 3 … --seed 30000``). The single ``tau`` of 6 fits only the last round or two:
#: early on a projected lead says much less about the winner than a softmax of 6 points claims
#: (probably because the modelled opponents board and raid the leader).
TAU_BY_GAP: tuple[float, ...] = (6.0, 6.0, 9.0, 15.0, 17.0, 30.0, 80.0)


def leader_gap(k: K.KState) -> int:
    """The gap between the goal and the most chests in any seat's Tortuga (0 or less: reached)."""
    return k.goal - max(len(t) for t in k.tortuga)


def cutoff_tau(k: K.KState, taus: tuple[float, ...]) -> float:
    """The temperature for the cut-off position ``k``: ``taus[gap]``, the :func:`leader_gap` (at
    least 0, at most ``len(taus) - 1``)."""
    if len(taus) == 1:
        return taus[0]
    return taus[min(max(leader_gap(k), 0), len(taus) - 1)]


#: in 2-player games the opponent in rollouts boards and raids half as eagerly as the searching
#: seat: Hard attacks far less than this policy does in self-play (2 players vs Hard, 24 games,
#: seed 21: win share 0.438 with 1.0, 0.750 with 0.5). With 3-4 players it is not used (vs 3 x
#: Hard, 16 games, seed 14: 0.656 with 1.0, 0.250 with 0.5) — see the README
OPP_ATTACK = 0.5

#: What each setting was chosen on (arena games vs Hard; the README has the tables):
#:
#: - 2 players: more worlds pay (the same 48 games, seed 50: 0.458 with 80 worlds, 0.688 with
#:   240, 0.656 with 480), and the opponent choosing dice as Hard does (``opp_model``) 0.719;
#: - 3-4 players: rollouts cut off after 2 rounds and scored by the projection play as well as
#:   full ones at half the time (3 x Hard, the same 32 games, seed 70: 0.401 full, 0.406 cut
#:   off), which buys 240 worlds (0.414); the opponent model there did worse (0.266). Issue
#:   29's opponent model (Hard's dice, skulls, bonus tiles and targets) plays the searching
#:   seat's own later moves in a rollout too (``self_model_multi``; 3 x Hard, seed 7101, the
#:   same 108 games: 0.443 with it, 0.386 with the plain policy for those moves and no margin in
#:   the value); the README has the fresh-seed runs.
#: - 3-4 players, more worlds (issue 29's last change): 480 worlds, capped at 0.9 s of CPU so
#:   the p95 stays under 1 s. By the search's own judge (``scripts/expert_worlds_gain.py``, 4
#:   players, 16 games, seed 7600, 230 decisions) a 480-world search chooses no better than a
#:   240-world one (-0.0003 ± 0.0008 per decision); on fresh seeds it won 0.439 of 600 games
#:   against 3 x Hard where 240 worlds had won 0.400 of 400 others — weak evidence (README).
#:   Over all its fresh games since (1,200, seeds 6201-6503): 0.453 [0.426, 0.480].
#: - 3-4 players, the round after the searched one by Hard's heuristic too (``hard_next_multi``):
#:   off. A rollout costs about three times as much; tuning seed 8101, 48 paired games: 0.510 with
#:   it, 0.396 without; fresh seeds 6301/6303: 0.427 over 400 games, under the default's 0.439.
#: - 3-4 players, the cut-off softmax's temperature by the leader's gap to the goal
#:   (``tau_by_gap_multi``, :data:`TAU_BY_GAP`, calibrated on rollout-policy games): off. It changes
#:   the chosen move in 2 of 80 four-player decisions (``python -m scripts.expert_choice_diff``); fresh seeds
#:   6401/6403: 0.393 over 400 games, under the default's 0.439.
def _think(worlds: int, budget_s: float, top_k: int, worlds_multi: int | None = None,
           budget_multi: float | None = None) -> Think:
    return Think(worlds=worlds, budget_s=budget_s, top_k=top_k, opp_attack=OPP_ATTACK, opp_model=True,
                 worlds_multi=worlds_multi, budget_multi=budget_multi, horizon_multi=2, opp_model_multi=True,
                 targets_multi=True, root_hard_multi=True, self_model_multi=True)


THINK = {"fast": _think(24, 0.25, 5), "normal": _think(240, 1.2, 6, worlds_multi=480, budget_multi=0.9),
         "long": _think(480, 1.4, 8, worlds_multi=960)}
THINK_LEVELS = tuple(THINK)


# ---------------------------------------------------------------- the search
@dataclass
class SearchResult:
    """The search's numbers for one decision (for reasons, hints and tests)."""

    kind: int
    candidates: list[Any]
    wins: list[float]
    margins: list[float]
    #: worlds each candidate was played in (candidates clearly behind are dropped early)
    played: list[int]
    worlds: int
    best: int
    #: legal moves in all (the candidates may be fewer)
    options: int = 0

    def win(self, i: int) -> float:
        return self.wins[i] / max(1, self.played[i])

    def margin(self, i: int) -> float:
        return self.margins[i] / max(1, self.played[i])


#: a candidate's rank in the heuristic's order costs this much (near-ties go to its favourite)
PRIOR = 0.01


def _prune(active: list[int], vals: list[list[float]]) -> list[int]:
    """Drop candidates clearly behind the leader: paired over the same worlds (common random
    numbers), their mean difference exceeds 2.5 standard errors."""
    lead = max(active, key=lambda j: sum(vals[j]) / len(vals[j]))
    keep = []
    for j in active:
        if j == lead:
            keep.append(j)
            continue
        n = len(vals[j])
        diffs = [a - b for a, b in zip(vals[lead][-n:], vals[j], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if not (mean > 0 and mean * mean * n > 6.25 * var):
            keep.append(j)
    return keep


def _value(k: K.KState, me: int) -> tuple[float, float]:
    sc = k.scores()
    best = max(sc)
    win = 0.0
    if sc[me] == best:
        win = 1.0 / sc.count(best)
    other = max(v for i, v in enumerate(sc) if i != me)
    return win, float(sc[me] - other)


def project(k: K.KState) -> list[float]:
    """Every seat's projected final score: Hard's projection (:func:`heuristics.project`: the
    chest conveyor run on round by round, one unknown chest to every island per round, until
    somebody reaches the goal) of the kernel state, every seat's coins counted as they are.
    Computed on the kernel's own lists (:func:`.rollout.projected_scores`, equal to
    :func:`heuristics.project` of the same seats float for float)."""
    return projected_scores(k)


def win_chances(scores: list[float], tau: float) -> list[float]:
    """Scores turned into chances to win: a softmax with temperature ``tau`` points."""
    top = max(scores)
    weights = [math.exp((v - top) / tau) for v in scores]
    total = sum(weights)
    return [w / total for w in weights]


def _projected_value(k: K.KState, me: int, tau: float) -> tuple[float, float]:
    """A cut-off rollout's value: a soft chance to win from the projected scores (a softmax with
    temperature ``tau`` points) and the projected margin over the best other seat."""
    sc = project(k)
    other = max(v for i, v in enumerate(sc) if i != me)
    return win_chances(sc, tau)[me], sc[me] - other


def rollout_policy(think: Think, rng: random.Random, me: int, g0: Game) -> RolloutPolicy:
    """The rollout policy of one search by seat ``me`` at ``g0`` with the setting ``think``: the
    opponents' eagerness to attack (2 players only), their model, their targets, and Hard's
    heuristic in the searched round when the decision is in its dice phase."""
    players = g0.players
    opp_attack = think.opp_attack if players == 2 else 1.0
    seat = None if players > 2 and think.self_model_multi else me
    policy = RolloutPolicy(rng, seat, opp_attack, think.model_for(players), think.targets_for(players))
    if think.root_hard_for(players) and g0.phase == "dice":
        policy.hard_round = g0.round
    if players > 2 and think.hard_next_multi:
        policy.hard_next = g0.round + 1
    return policy


class _Rollouts:
    """The rollouts of one search (or judge) by seat ``me`` at ``g0`` with the setting ``think``:
    how many rounds they play, the temperatures that score a cut-off, the policy and one dice
    generator, set up once and seeded again for every rollout."""

    def __init__(self, think: Think, me: int, g0: Game) -> None:
        horizon = think.horizon_for(g0.players)
        self.me = me
        self.rounds = MAX_ROUNDS if horizon is None else horizon
        self.taus = think.taus_for(g0.players)
        self.dice_rng = random.Random()
        self.policy = rollout_policy(think, random.Random(), me, g0)

    def value(self, base: K.KState, kind: int, move: Any, dice_seed: int, policy_seed: int) -> tuple[float, float]:
        """One rollout of ``move`` in the world ``base``: its win share and margin (exact when the
        game ends within the rollout's rounds, else projected). The dice and the policy's noise
        come from the given seeds, so every move of a world meets the same future (common random
        numbers)."""
        self.dice_rng.seed(dice_seed)  # no new generator per rollout: the world's, seeded again
        k = base.copy(self.dice_rng)
        K.apply(k, self.me, kind, move)
        self.policy.reseed(policy_seed)
        K.playout(k, self.policy, self.rounds)
        return _value(k, self.me) if k.over else _projected_value(k, self.me, cutoff_tau(k, self.taus))


def _world(view: PlayerView, rng: random.Random, first: Game | None) -> tuple[K.KState, int, int]:
    """The next sampled world of a search or a judge (``first``: the world already sampled, used
    as it is), as a kernel state, with the seeds of its future dice and of the policy's noise."""
    world = first if first is not None else determinize(view, rng.randrange(2**31))
    return K.from_game(world), rng.randrange(2**31), rng.randrange(2**31)


def judge_moves(view: PlayerView, seed: int, think: Think, kind: int, moves: list[Any], worlds: int) -> list[float]:
    """Each of ``moves`` (kernel codes of the decision in front of ``view.viewer``, of kind
    ``kind``) valued as :func:`search` values its candidates (mean win + margin_weight * margin),
    in ``worlds`` sampled worlds with no pruning and no time cap: an independent judge of two
    searches' choices (``scripts/expert_worlds_gain.py``)."""
    rng = random.Random(seed)
    me = view.viewer
    if not isinstance(me, int):
        raise ValueError("Expert needs a seat's view, not the public view")
    if worlds < 1:
        raise ValueError("worlds must be at least 1")
    g0 = determinize(view, rng.randrange(2**31))
    rollouts = _Rollouts(think, me, g0)
    totals = [0.0] * len(moves)
    for n in range(worlds):
        base, dice_seed, policy_seed = _world(view, rng, g0 if n == 0 else None)
        for j, move in enumerate(moves):
            w, mg = rollouts.value(base, kind, move, dice_seed, policy_seed)
            totals[j] += w + think.margin_weight * mg
    return [t / worlds for t in totals]


def search(view: PlayerView, seed: int, think: Think, budget_s: float | None = None,
           stop_at: float | None = None, legal: Sequence[PlayerAction] | None = None
           ) -> tuple[Game, list[PlayerAction], SearchResult]:
    """Search the decision in front of ``view.viewer``; returns the first sampled world, the
    candidates searched (legal actions, best first by the heuristic) and the search's numbers
    (``best`` indexes ``candidates``). ``stop_at`` (a ``time.perf_counter`` moment) ends the
    search before a world that would run past it. ``legal``: the seat's legal actions in the
    rules' order, when the caller has them (else read from the view: :func:`.choice.legal_for`)."""
    t0 = time.thread_time()
    cap = think.budget_for(view.players) if budget_s is None else budget_s
    rng = random.Random(seed)
    me = view.viewer
    if not isinstance(me, int):
        raise ValueError("Expert needs a seat's view, not the public view")
    legal = legal_for(view, legal)
    g0 = determinize(view, rng.randrange(2**31))
    d = g0.decision_for(me)
    assert d is not None
    kind = K.KIND_CODE[d.kind]
    values = [K.to_kernel_action(a) for a in legal]
    if kind == K.K_POSITION and g0.act_action <= HUNT and K.ACT in values:
        # Expand fleet, Recruit crew, Treasure hunt: acting never hurts the actor (a token moves
        # right; a chest and a tile), so forfeiting is not searched (rollouts with aggressive
        # opponents could make exposing fewer chests look good by noise)
        ranked = [values.index(K.ACT)]
    elif len(legal) > think.top_k:
        scores, _ = option_scores(g0, me, legal)
        ranked = sorted(range(len(legal)), key=lambda i: (-scores[i], i))[: think.top_k]
    else:
        ranked = list(range(len(legal)))
    cands = [values[i] for i in ranked]
    m = len(cands)
    wins = [0.0] * m
    margins = [0.0] * m
    vals: list[list[float]] = [[] for _ in range(m)]  # per world: win + margin_weight * margin
    active = list(range(m))
    worlds = 0
    max_worlds = think.worlds_for(view.players)
    rollouts = _Rollouts(think, me, g0)
    while worlds < max_worlds and len(active) > 1:
        started = time.perf_counter()
        base, dice_seed, policy_seed = _world(view, rng, g0 if worlds == 0 else None)
        for j in active:  # common random numbers: the same future dice and policy noise for all
            w, mg = rollouts.value(base, kind, cands[j], dice_seed, policy_seed)
            wins[j] += w
            margins[j] += mg
            vals[j].append(w + think.margin_weight * mg)
        worlds += 1
        if worlds >= 8 and worlds % 4 == 0:
            active = _prune(active, vals)
        if time.thread_time() - t0 > cap:
            break
        now = time.perf_counter()
        if stop_at is not None and now + 1.5 * (now - started) > stop_at:  # another world would run late
            break
    n_eval = [len(v) for v in vals]
    best = max(active, key=lambda j: (sum(vals[j]) / max(1, n_eval[j]) - PRIOR * j, -j))
    result = SearchResult(kind, cands, wins, margins, n_eval, worlds, best, len(legal))
    return g0, [legal[i] for i in ranked], result


class ExpertBot:
    """The Expert level (see the module docstring); ``think`` is fast, normal or long."""

    level = "expert"

    def __init__(self, seed: int, think: str = "normal", budget_s: float | None = None,
                 worlds: int | None = None, opp_attack: float | None = None,
                 opp_model: bool | None = None, horizon: int | None = None, tau: float | None = None,
                 targets: bool | None = None, root_hard: bool | None = None,
                 self_model: bool | None = None, margin: float | None = None,
                 top_k: int | None = None, hard_next: bool | None = None,
                 tau_gap: bool | None = None) -> None:
        if think not in THINK:
            raise ValueError(f"unknown thinking time {think!r}; expected one of {', '.join(THINK)}")
        if tau is not None and tau_gap:
            raise ValueError("give either one temperature (tau) or the temperatures by gap (tau_gap), not both")
        base = THINK[think]
        self.seed = seed
        # a given option holds for every number of players; the others keep the setting's own
        given: dict[str, Any] = {}
        if worlds is not None:
            given.update(worlds=worlds, worlds_multi=None)
        if budget_s is not None:
            given.update(budget_s=budget_s, budget_multi=None)
        for key, value in (("opp_attack", opp_attack), ("tau", tau), ("top_k", top_k),
                           ("margin_weight", margin), ("self_model_multi", self_model),
                           ("hard_next_multi", hard_next), ("tau_by_gap_multi", tau_gap)):
            if value is not None:
                given[key] = value
        if tau is not None:  # one temperature given: it holds at every gap too
            given["tau_by_gap_multi"] = False
        for key, value in (("opp_model", opp_model), ("targets", targets), ("root_hard", root_hard)):
            if value is not None:
                given.update({key: value, f"{key}_multi": value})
        if horizon is not None:  # 0: to the game's end
            given.update(horizon=horizon or None, horizon_multi=horizon or None)
        self.think = replace(base, **given)
        self.last: SearchResult | None = None

    def decide(self, view: PlayerView, legal: Sequence[PlayerAction] | None = None) -> BotChoice:
        return self.decide_by(view, None, legal)

    def decide_by(self, view: PlayerView, stop_at: float | None,
                  legal: Sequence[PlayerAction] | None = None) -> BotChoice:
        """:meth:`decide`, with the search cut short so as to be done by ``stop_at`` (a
        ``time.perf_counter`` moment; R9.1 pacing) instead of running past it."""
        seed = decision_seed(self.seed, view)
        me = view.viewer
        if not isinstance(me, int):
            raise ValueError("a bot needs a seat's view, not the public view")
        g0, cands, res = search(view, seed, self.think, stop_at=stop_at, legal=legal)
        self.last = res
        if res.options == 1:
            return BotChoice(cands[0], Reason("only"))
        return BotChoice(cands[res.best], explain(g0, me, res))


# ---------------------------------------------------------------- reasons
def _pct(x: float) -> int:
    return int(round(100 * x))


def explain(g: Game, me: int, res: SearchResult) -> Reason:
    """A reason naming the move's concrete gain in the game's terms, from public facts only.

    The search's numbers (chance to win, edge over the next move) depend on the seat's hidden
    tiles, so they stay out of the reason, which other seats read in the log: they are in
    :attr:`ExpertBot.last` and :func:`odds_reason` (a hint for the seat's own player)."""
    return reason_for(g, me, res.kind, res.candidates[res.best])


def reason_for(g: Game, me: int, kind: int, v: Any) -> Reason:
    """The reason for the move ``v`` (kernel code, decision kind ``kind``) of seat ``me`` in
    ``g``: facts a player can check on the table (the seat's own dice and chests, the public
    boards). Every chest, die, action, target or tile it names is the one this move applies:
    a board or raid names the target and how many chests its area holds, not a chest, since
    the chest is chosen by a decision of its own that follows."""
    p = g.seats[me]
    if kind == K.K_SELECT:
        dice = K.DICE_OF[v]
        if not dice:  # R3.6: no die can be placed; the roll is confirmed as it is, rerolled openly
            return Reason("x_stuck")
        roll = dict(zip(p.hand, p.roll or (), strict=False))
        a = next((roll[d] for d in dice if roll.get(d, 5) != 5), None)
        if a is None:
            return Reason("x_skulls_kept", (("count", len(dice)),))
        total = p.total(a) + sum(p.values[d][a] for d in dice)
        # what tells this move from another on the table: the total it makes against the best
        # total another seat has on that action now (placed dice and bonus tiles are public, R9.3)
        others = [o.total(a) for i, o in enumerate(g.seats) if i != me and o.placed[a]]
        if not others:
            return Reason("x_dice_alone", (("action", a), ("count", len(dice)), ("total", total)))
        return Reason("x_dice_vs", (("action", a), ("count", len(dice)), ("total", total), ("others", max(others))))
    if kind == K.K_SKULL:
        total = p.total(v) + sum(p.values[d][v] for d in p.selection or ())
        return Reason("x_skulls", (("action", v), ("total", total)))
    if kind == K.K_BONUS:
        return Reason("x_bonus_flip" if v >= 5 else "x_bonus_new", (("action", v % 5),))
    if kind == K.K_POSITION:
        a = g.act_action
        if v == K.FORFEIT:
            return Reason("x_forfeit", (("action", a),))
        if a in (FLEET, CREW):
            steps = 1 if g.players == 2 or g.act_pos == 1 else 2
            box = min(8, (p.boat if a == FLEET else p.pirate) + steps)
            return Reason("x_boat" if a == FLEET else "x_pirate", (("box", box), ("cap", CAP[box])))
        if a == HUNT:
            return Reason("x_hunt")
        t = int(v)
        verb = "board" if a == BOARD else "raid"
        area = g.seats[t].fleet if a == BOARD else g.seats[t].crew
        if g.act_pos == 0 and area:
            return Reason(f"x_{verb}_area", (("seat", t), ("count", len(area))))
        lead = _public_lead(g, t)
        if lead > 0:
            return Reason(f"x_{verb}_leader", (("seat", t), ("lead", lead)))
        return Reason(f"x_{verb}_push", (("seat", t),))
    if kind == K.K_TAKE:
        return Reason("x_take", (("colour", int(v)),))
    if kind == K.K_KEEP:
        return Reason("x_keep", (("coins", int(v)),))
    chests = tuple(v)
    return Reason("x_arrange_fleet" if kind == K.K_ARR_FLEET else "x_arrange_crew",
                  (("colour", chests[0] if chests else 0), ("count", len(chests))))


def odds_reason(res: SearchResult) -> Reason:
    """The search's numbers for the chosen move: its estimated chance to win, in how many sampled
    worlds, and its edge over the next best move (percentage points)."""
    i = res.best
    others = [res.win(j) for j in range(len(res.candidates)) if j != i]
    edge = max(0, _pct(res.win(i) - max(others))) if others else 0
    return Reason("x_odds", (("win", _pct(res.win(i))), ("worlds", res.worlds), ("edge", edge)))


def _public_lead(g: Game, t: int) -> int:
    """How far seat ``t`` leads the best other seat on the board's public points (no tiles)."""
    from ..rules import score_seat

    pts = [score_seat(p.tortuga, p.fleet, p.crew, p.boat, p.pirate, ()).total for p in g.seats]
    return pts[t] - max(v for i, v in enumerate(pts) if i != t)


__all__ = ["TAU_BY_GAP", "THINK", "THINK_LEVELS", "ExpertBot", "RolloutPolicy", "SearchResult", "Think", "cutoff_tau", "explain", "judge_moves", "leader_gap", "odds_reason", "reason_for", "rollout_policy", "search"]
