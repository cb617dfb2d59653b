"""Bot arena: play many games between computer opponents and report their strength.

``python -m tortuga_desktop.arena --bots hard,normal,normal,normal --games 200 --seed 1 [--json]``

``--bots expert,hint,hard,hard``: ``hint`` is the hint bot (:mod:`.ai.hintbot`), which plays the
best move of the one evaluation behind a player's Hint; Expert measured against its own hint.

``python -m tortuga_desktop.arena --round-robin random,easy,normal,hard,expert --games 20 --seed 1``
plays every pair of levels in 2-player games (the same game seeds for every pair, both seat
orders) and prints one Elo-style rating table fitted to all results (Bradley-Terry maximum
likelihood, draws count half; 95 % intervals from a bootstrap over the games; normal = 1500).

Game seeds derive from (base seed, game index) by hashing (``sim.derive_seed``), so runs with
different base seeds share no games. Each entry's win share comes with two 95 % intervals: over
games, and "linked" over game seeds (a seed's rotations averaged first, since they share a deal).
With ``--workers 1`` a SIGTERM (as ``timeout`` sends) or Ctrl+C stops the run after the game in
progress, and it reports the seeds whose rotations all finished (``"stopped": true``). Every game seed is played in every seat rotation (common random numbers: the same game seed
and the same bot seeds in each rotation), one game per process on all cores.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tortuga_desktop.games.dice.ai import ALL_LEVELS, make_bot
from tortuga_desktop.games.dice.ai.hintbot import HINT_BOT, HintBot
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.sim import derive_seed
from tortuga_desktop.serialrun import run_serial, stop_on_sigterm

#: who may play in the arena: the levels, and the hint bot (the Hint's first suggestion)
BOTS = (*ALL_LEVELS, HINT_BOT)


@dataclass
class GameResult:
    """One game's result per bot entry (indices into the --bots list)."""

    scores: list[int]
    shares: list[float]
    ranks: list[float]
    times_ms: list[list[float]]
    rounds: int


def play_game(levels: Sequence[str], game_seed: int, rotation: int, options: dict[str, Any] | None = None) -> GameResult:
    """Play one game; bot ``k`` of ``levels`` sits in seat ``(k + rotation) % n``."""
    n = len(levels)
    seat_of = [(k + rotation) % n for k in range(n)]
    bot_at: dict[int, Any] = {}
    for k, level in enumerate(levels):
        opts = (options or {}).get(level, {})
        seed = game_seed * 1000 + k
        bot_at[seat_of[k]] = HintBot(seed) if level == HINT_BOT else make_bot(level, seed=seed, **opts)
    g = Game.new(players=n, seed=game_seed, start_player=game_seed % n, log=False)
    times: dict[int, list[float]] = {s: [] for s in range(n)}
    while not g.is_over:
        d = g.pending()[0]
        view, legal = g.view(d.seat), g.legal_actions(d.seat)  # what a table hands its computer player
        t0 = time.thread_time()  # CPU time of this thread: "on one core", whatever else the machine runs
        choice = bot_at[d.seat].decide(view, legal)
        times[d.seat].append((time.thread_time() - t0) * 1000)
        g.apply(d.seat, choice.action)
    out = g.outcome()
    assert out is not None
    totals = [sc.total for sc in out.scores]
    scores, shares, ranks, tms = [], [], [], []
    for k in range(n):
        s = seat_of[k]
        mine = totals[s]
        higher = sum(1 for v in totals if v > mine)
        equal = sum(1 for v in totals if v == mine)
        scores.append(mine)
        shares.append(1.0 / len(out.winners) if s in out.winners else 0.0)
        ranks.append(1 + higher + (equal - 1) / 2)
        tms.append(times[s])
    return GameResult(scores, shares, ranks, tms, out.rounds)


def _run(args: tuple[Sequence[str], int, int, dict[str, Any] | None]) -> GameResult:
    return play_game(*args)


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def _mean_half(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its normal 95 % interval (0 for fewer than 2)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((x - mean) ** 2 for x in values) / (n - 1) if n > 1 else 0.0
    return mean, (1.96 * math.sqrt(var / n) if n else 0.0)


@dataclass
class BotStats:
    name: str
    level: str
    shares: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    ranks: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        n = len(self.shares)
        mean, half = _mean_half(self.shares)
        return {
            "name": self.name, "level": self.level, "games": n,
            "win_share": round(mean, 4), "ci_low": round(max(0.0, mean - half), 4),
            "ci_high": round(min(1.0, mean + half), 4),
            "mean_score": round(sum(self.scores) / n, 2) if n else 0.0,
            "mean_rank": round(sum(self.ranks) / n, 3) if n else 0.0,
            "decisions": len(self.times),
            "decision_ms_p50": round(_pct(self.times, 0.5), 2),
            "decision_ms_p95": round(_pct(self.times, 0.95), 2),
        }


def linked_interval(shares: Sequence[float], per_seed: int) -> tuple[float, float]:
    """A 95 % interval of the mean win share over game seeds: each seed's ``per_seed`` rotations
    (consecutive in ``shares``) averaged first, as they share a deal and are not independent."""
    means = [sum(shares[i:i + per_seed]) / per_seed for i in range(0, len(shares) - per_seed + 1, per_seed)]
    if len(means) < 2:
        return (0.0, 1.0)
    mean, half = _mean_half(means)
    return (round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4))


def run_arena(levels: Sequence[str], games: int, seed: int, workers: int | None = None,
              options: dict[str, Any] | None = None, progress: bool = False) -> dict[str, Any]:
    """Play ``games`` games (rounded up to whole seat rotations) and summarise per bot entry."""
    n = len(levels)
    seeds = max(1, math.ceil(games / n))
    jobs = [(tuple(levels), derive_seed(seed, i), r, options) for i in range(seeds) for r in range(n)]
    workers = workers or os.cpu_count() or 1
    t0 = time.perf_counter()
    stopped = False
    if workers == 1:
        def report(done: list[GameResult]) -> None:
            share = sum(r.shares[0] for r in done) / len(done)
            print(f"game {len(done)}/{len(jobs)}: {levels[0]} score {done[-1].scores[0]} share "
                  f"{done[-1].shares[0]:.2f}; running win share {share:.3f}", file=sys.stderr, flush=True)

        results, stopped = run_serial(jobs, _run, n, report if progress else None)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_run, jobs, chunksize=1))
    seen: dict[str, int] = {}
    stats = []
    for level in levels:
        seen[level] = seen.get(level, 0) + 1
        stats.append(BotStats(level if seen[level] == 1 else f"{level}#{seen[level]}", level))
    rounds = []
    for res in results:
        rounds.append(res.rounds)
        for k in range(n):
            st = stats[k]
            st.shares.append(res.shares[k])
            st.scores.append(res.scores[k])
            st.ranks.append(res.ranks[k])
            st.times.extend(res.times_ms[k])
    bots = []
    for st in stats:
        row = st.summary()
        row["linked_ci_low"], row["linked_ci_high"] = linked_interval(st.shares, n)
        bots.append(row)
    return {
        "games": len(results), "players": n, "seed": seed, "workers": workers, "stopped": stopped,
        "seconds": round(time.perf_counter() - t0, 1),
        "mean_rounds": round(sum(rounds) / len(rounds), 2) if rounds else 0.0,
        "bots": bots,
    }


def fit_elo(levels: Sequence[str], results: Sequence[tuple[int, int, float]], iterations: int = 200
            ) -> list[float]:
    """Elo-style ratings (400 log10 of Bradley-Terry strengths) from ``(i, j, score_i)`` results;
    every pair also gets one virtual draw (a weak prior that keeps all ratings finite)."""
    m = len(levels)
    wins = [0.0] * m
    games = [[0.0] * m for _ in range(m)]
    for i in range(m):
        for j in range(i + 1, m):
            games[i][j] += 1
            games[j][i] += 1
            wins[i] += 0.5
            wins[j] += 0.5
    for i, j, sc in results:
        games[i][j] += 1
        games[j][i] += 1
        wins[i] += sc
        wins[j] += 1 - sc
    p = [1.0] * m
    for _ in range(iterations):
        new = []
        for i in range(m):
            den = sum(games[i][j] / (p[i] + p[j]) for j in range(m) if j != i and games[i][j])
            new.append(wins[i] / den if den else p[i])
        g = math.exp(sum(math.log(x) for x in new) / m)
        p = [x / g for x in new]
    elo = [400 * math.log10(x) for x in p]
    anchor = elo[list(levels).index("normal")] if "normal" in levels else elo[0]
    return [e - anchor + 1500 for e in elo]


def round_robin(levels: Sequence[str], games: int, seed: int, workers: int | None = None,
                options: dict[str, Any] | None = None, boot: int = 300) -> dict[str, Any]:
    """Every pair of ``levels`` plays ``games`` 2-player games (rounded up to both seat orders);
    one rating table for all levels."""
    m = len(levels)
    seeds = max(1, math.ceil(games / 2))
    pairs = [(i, j) for i in range(m) for j in range(i + 1, m)]
    jobs = [((levels[i], levels[j]), derive_seed(seed, g), r, options) for (i, j) in pairs
            for g in range(seeds) for r in range(2)]
    workers = workers or os.cpu_count() or 1
    t0 = time.perf_counter()
    if workers == 1:
        out = [_run(j) for j in jobs]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            out = list(pool.map(_run, jobs, chunksize=1))
    results: list[tuple[int, int, float]] = []
    times: list[list[float]] = [[] for _ in range(m)]
    by_pair: dict[tuple[int, int], list[float]] = {pr: [] for pr in pairs}
    k = 0
    for (i, j) in pairs:
        for _ in range(seeds * 2):
            res = out[k]
            k += 1
            sc = res.shares[0] if res.shares[0] != res.shares[1] else 0.5
            results.append((i, j, sc))
            by_pair[(i, j)].append(sc)
            times[i].extend(res.times_ms[0])
            times[j].extend(res.times_ms[1])
    elo = fit_elo(levels, results)
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in range(m)]
    for _ in range(boot):
        rs = [(i, j, scs[rng.randrange(len(scs))]) for (i, j), scs in by_pair.items() for _ in scs]
        for x, e in enumerate(fit_elo(levels, rs, iterations=80)):
            samples[x].append(e)
    table = []
    for x, level in enumerate(levels):
        sm = sorted(samples[x])
        played = [sc if i == x else 1 - sc for i, j, sc in results if x in (i, j)]
        table.append({
            "level": level, "elo": round(elo[x]), "ci_low": round(sm[int(0.025 * len(sm))]),
            "ci_high": round(sm[min(len(sm) - 1, int(0.975 * len(sm)))]), "games": len(played),
            "score": round(sum(played) / len(played), 3) if played else 0.0,
            "decision_ms_p50": round(_pct(times[x], 0.5), 1), "decision_ms_p95": round(_pct(times[x], 0.95), 1),
        })
    pair_rows = [{"a": levels[i], "b": levels[j], "games": len(v), "score_a": round(sum(v) / len(v), 3)}
                 for (i, j), v in by_pair.items()]
    return {"games": len(results), "seed": seed, "workers": workers, "seconds": round(time.perf_counter() - t0, 1),
            "ratings": table, "pairs": pair_rows}


#: Expert's on/off settings: ``--expert-<key>`` on|off (``_`` spelled ``-``) is the ``ExpertBot`` option ``key``
EXPERT_SWITCHES = ("opp_model", "targets", "root_hard", "self_model", "hard_next", "tau_gap")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tortuga_desktop.arena", description=__doc__.splitlines()[0])
    ap.add_argument("--bots", help="comma-separated levels, 2-4 of: " + ", ".join(BOTS)
                    + f" ({HINT_BOT}: plays the Hint's first suggestion)")
    ap.add_argument("--round-robin", help="comma-separated levels: every pair plays 2-player games; one rating table")
    ap.add_argument("--games", type=int, default=40, help="games to play (rounded up to whole seat rotations)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    ap.add_argument("--hard-iterations", type=int, default=None, help="Hard: samples per decision")
    ap.add_argument("--hard-budget", type=float, default=None, help="Hard: time cap per decision (s)")
    ap.add_argument("--expert-think", choices=("fast", "normal", "long"), default=None,
                    help="Expert: thinking time")
    ap.add_argument("--expert-worlds", type=int, default=None, help="Expert: sampled worlds per decision at most")
    ap.add_argument("--expert-budget", type=float, default=None, dest="expert_budget_s",
                    help="Expert: time cap per decision (CPU seconds)")
    ap.add_argument("--expert-opp-attack", type=float, default=None,
                    help="Expert: the opponents' boarding and raiding in its rollouts, relative to its own (1 = same)")
    ap.add_argument("--expert-opp-model", choices=("on", "off"), default=None,
                    help="Expert: opponents in its rollouts choose dice, skulls and bonus tiles the way Hard does")
    ap.add_argument("--expert-targets", choices=("on", "off"), default=None,
                    help="Expert: opponents in its rollouts board and raid whom Hard would")
    ap.add_argument("--expert-root-hard", choices=("on", "off"), default=None,
                    help="Expert: opponents in its rollouts choose dice, skulls and bonus tiles as Hard's "
                         "heuristic does in the searched round")
    ap.add_argument("--expert-horizon", type=int, default=None,
                    help="Expert: rounds a rollout plays before a projection scores it (0: to the end)")
    ap.add_argument("--expert-tau", type=float, default=None,
                    help="Expert: points of projected score per unit of the softmax chance to win")
    ap.add_argument("--expert-self-model", choices=("on", "off"), default=None,
                    help="Expert (3-4 players): its own later moves in rollouts played as its opponents' are")
    ap.add_argument("--expert-hard-next", choices=("on", "off"), default=None,
                    help="Expert (3-4 players): rollouts play the round after the searched one by Hard's "
                         "heuristic too")
    ap.add_argument("--expert-tau-gap", choices=("on", "off"), default=None,
                    help="Expert (3-4 players): the softmax temperature by the leader's gap to the goal at the "
                         "cut-off (calibrated) instead of one --expert-tau")
    ap.add_argument("--expert-margin", type=float, default=None,
                    help="Expert: weight of the score margin beside the win share in a rollout's value")
    ap.add_argument("--expert-top-k", type=int, default=None,
                    help="Expert: candidates searched at most (the heuristic's best)")
    ap.add_argument("--progress", action="store_true", help="with --workers 1: a line per finished game (stderr)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args(argv)
    if (a.bots is None) == (a.round_robin is None):
        ap.error("give either --bots or --round-robin")
    levels = [x.strip() for x in (a.bots or a.round_robin).split(",") if x.strip()]
    if a.round_robin is not None:
        if len(levels) < 2 or len(set(levels)) != len(levels) or any(x not in BOTS for x in levels):
            ap.error(f"--round-robin needs 2 or more different levels from {', '.join(BOTS)}")
    elif not 2 <= len(levels) <= 4 or any(x not in BOTS for x in levels):
        ap.error(f"--bots needs 2-4 levels from {', '.join(BOTS)}")
    hard: dict[str, Any] = {}
    if a.hard_iterations is not None:
        hard["iterations"] = a.hard_iterations
    if a.hard_budget is not None:
        hard["budget_s"] = a.hard_budget
    expert: dict[str, Any] = {}
    if a.expert_think is not None:
        expert["think"] = a.expert_think
    if a.expert_worlds is not None:
        expert["worlds"] = a.expert_worlds
    for flag, key, lo, hi in (("budget", "budget_s", 0.01, 60.0), ("opp-attack", "opp_attack", 0.0, 3.0),
                              ("horizon", "horizon", 0, 20),
                              ("tau", "tau", 0.1, 100.0), ("margin", "margin", 0.0, 1.0), ("top-k", "top_k", 1, 40)):
        value = getattr(a, f"expert_{key}")
        if value is not None:
            if not lo <= value <= hi:
                ap.error(f"--expert-{flag} must be between {lo:g} and {hi:g}")
            expert[key] = value
    if a.expert_tau is not None and a.expert_tau_gap == "on":
        ap.error("give either --expert-tau or --expert-tau-gap on, not both")
    for key in EXPERT_SWITCHES:
        switch = getattr(a, f"expert_{key}")
        if switch is not None:
            expert[key] = switch == "on"
    options = {k: v for k, v in (("hard", hard), ("expert", expert)) if v}
    if a.round_robin is not None:
        rr = round_robin(levels, a.games, a.seed, a.workers, options or None)
        if a.json:
            print(json.dumps(rr))
            return 0
        print(f"round robin: {rr['games']} 2-player games ({a.games} per pair, both seat orders), seed {a.seed}, "
              f"{rr['workers']} workers, {rr['seconds']} s")
        print(f"{'level':<8} {'Elo':>6} {'95% CI':>13} {'games':>6} {'score':>6} {'p50 ms':>8} {'p95 ms':>8}")
        for r in sorted(rr["ratings"], key=lambda r: -r["elo"]):
            ci = f"[{r['ci_low']}, {r['ci_high']}]"
            print(f"{r['level']:<8} {r['elo']:>6} {ci:>13} {r['games']:>6} {r['score']:>6.3f} "
                  f"{r['decision_ms_p50']:>8.1f} {r['decision_ms_p95']:>8.1f}")
        for pr in rr["pairs"]:
            print(f"  {pr['a']} vs {pr['b']}: {pr['score_a']:.3f} over {pr['games']} games")
        return 0
    if a.workers == 1:
        stop_on_sigterm()
    report = run_arena(levels, a.games, a.seed, a.workers, options or None, progress=a.progress)
    if a.json:
        print(json.dumps(report))
        return 0
    print(f"{report['games']} games, {report['players']} players, seed {a.seed}, {report['workers']} workers, "
          f"{report['seconds']} s, mean {report['mean_rounds']} rounds")
    print("decision times are CPU milliseconds of the deciding thread (one core)")
    if report["stopped"]:
        print("stopped early: the figures cover the seeds whose rotations all finished")
    print(f"{'bot':<10} {'win share':>9} {'95% CI':>15} {'linked CI':>15} {'score':>7} {'rank':>5} "
          f"{'p50 ms':>8} {'p95 ms':>8}")
    for b in report["bots"]:
        ci = f"[{b['ci_low']:.3f}, {b['ci_high']:.3f}]"
        linked = f"[{b['linked_ci_low']:.3f}, {b['linked_ci_high']:.3f}]"
        print(f"{b['name']:<10} {b['win_share']:>9.3f} {ci:>15} {linked:>15} {b['mean_score']:>7.2f} "
              f"{b['mean_rank']:>5.2f} {b['decision_ms_p50']:>8.1f} {b['decision_ms_p95']:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
