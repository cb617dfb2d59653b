"""Bot arena: play many games between computer opponents and report their strength.

``python -m tortuga_desktop.arena --bots hard,normal,normal,normal --games 200 --seed 1 [--json]``

Game seeds derive from (base seed, game index) by hashing (``sim.derive_seed``), so runs with
different base seeds share no games. Every game seed is played in every seat rotation (common random numbers: the same game seed
and the same bot seeds in each rotation), one game per process on all cores.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .ai import ALL_LEVELS, make_bot
from .rules import Game
from .sim import derive_seed


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
        bot_at[seat_of[k]] = make_bot(level, seed=game_seed * 1000 + k, **opts)
    g = Game.new(players=n, seed=game_seed, start_player=game_seed % n, log=False)
    times: dict[int, list[float]] = {s: [] for s in range(n)}
    while not g.is_over:
        d = g.pending()[0]
        view = g.view(d.seat)
        t0 = time.perf_counter()
        choice = bot_at[d.seat].decide(view)
        times[d.seat].append((time.perf_counter() - t0) * 1000)
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
        mean = sum(self.shares) / n if n else 0.0
        var = sum((x - mean) ** 2 for x in self.shares) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n) if n else 0.0
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


def run_arena(levels: Sequence[str], games: int, seed: int, workers: int | None = None,
              options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` games (rounded up to whole seat rotations) and summarise per bot entry."""
    n = len(levels)
    seeds = max(1, math.ceil(games / n))
    jobs = [(tuple(levels), derive_seed(seed, i), r, options) for i in range(seeds) for r in range(n)]
    workers = workers or os.cpu_count() or 1
    t0 = time.perf_counter()
    if workers == 1:
        results = [_run(j) for j in jobs]
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
    return {
        "games": len(results), "players": n, "seed": seed, "workers": workers,
        "seconds": round(time.perf_counter() - t0, 1),
        "mean_rounds": round(sum(rounds) / len(rounds), 2),
        "bots": [s.summary() for s in stats],
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tortuga_desktop.arena", description=__doc__.splitlines()[0])
    ap.add_argument("--bots", required=True, help="comma-separated levels, 2-4 of: " + ", ".join(ALL_LEVELS))
    ap.add_argument("--games", type=int, default=40, help="games to play (rounded up to whole seat rotations)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    ap.add_argument("--hard-iterations", type=int, default=None, help="Hard: samples per decision")
    ap.add_argument("--hard-budget", type=float, default=None, help="Hard: time cap per decision (s)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args(argv)
    levels = [x.strip() for x in a.bots.split(",") if x.strip()]
    if not 2 <= len(levels) <= 4 or any(x not in ALL_LEVELS for x in levels):
        ap.error(f"--bots needs 2-4 levels from {', '.join(ALL_LEVELS)}")
    hard: dict[str, Any] = {}
    if a.hard_iterations is not None:
        hard["iterations"] = a.hard_iterations
    if a.hard_budget is not None:
        hard["budget_s"] = a.hard_budget
    report = run_arena(levels, a.games, a.seed, a.workers, {"hard": hard} if hard else None)
    if a.json:
        print(json.dumps(report))
        return 0
    print(f"{report['games']} games, {report['players']} players, seed {a.seed}, {report['workers']} workers, "
          f"{report['seconds']} s, mean {report['mean_rounds']} rounds")
    print(f"{'bot':<10} {'win share':>9} {'95% CI':>15} {'score':>7} {'rank':>5} {'p50 ms':>8} {'p95 ms':>8}")
    for b in report["bots"]:
        ci = f"[{b['ci_low']:.3f}, {b['ci_high']:.3f}]"
        print(f"{b['name']:<10} {b['win_share']:>9.3f} {ci:>15} {b['mean_score']:>7.2f} {b['mean_rank']:>5.2f} "
              f"{b['decision_ms_p50']:>8.1f} {b['decision_ms_p95']:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
