"""Random-playout soak: many games with every invariant checked after every action.

    python -m scripts.soak --games 100000 [--players 2,3,4] [--workers 2] [--seed 1] [--json]

Prints games, violations, capped games and the distribution of rounds per game, per player
count; exits 1 on any violation or capped game (R5.5).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from scripts import harness
from tortuga_desktop.games.dice.sim import SimResult, simulate


def _chunk(args: tuple[int, int, int, bool]) -> SimResult:
    players, games, seed, long_game = args
    return simulate(players, games, seed, check=True, long_game=long_game)


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=1, workers=2, json=True)
    ap.add_argument("--games", type=int, default=100_000, help="games in all, split evenly over player counts")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--long", action="store_true")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    chunk = 500
    jobs = []
    for i, n in enumerate(counts):
        per = args.games // len(counts) + (1 if i < args.games % len(counts) else 0)  # exactly --games in all
        base = args.seed + i * 10_000_000
        for start in range(0, per, chunk):
            jobs.append((n, min(chunk, per - start), base + start, args.long))
    t0 = time.perf_counter()
    totals = {n: SimResult(n) for n in counts}
    for r in harness.run_jobs(_chunk, jobs, args.workers):
        t = totals[r.players]
        t.games += r.games
        t.invariant_violations += r.invariant_violations
        t.capped_games += r.capped_games
        t.rounds += r.rounds
        t.first_violation = t.first_violation or r.first_violation
    secs = time.perf_counter() - t0
    by_players: dict[int, dict[str, object]] = {}
    for n, t in totals.items():
        rounds = sorted(t.rounds)
        by_players[n] = {
            "games": t.games, "invariant_violations": t.invariant_violations, "capped_games": t.capped_games,
            "rounds_min": rounds[0], "rounds_median": statistics.median(rounds), "rounds_max": rounds[-1],
            "rounds_mean": round(statistics.fmean(rounds), 2),
            "rounds_distribution": dict(sorted(Counter(rounds).items())),
        }
    lines = [f"soak: {sum(t.games for t in totals.values())} games in {secs:.1f} s"]
    for n, row in by_players.items():
        lines.append(f"  {n} players: {row['games']} games, violations {row['invariant_violations']}, "
                     f"capped {row['capped_games']}, rounds min/median/mean/max {row['rounds_min']}/"
                     f"{row['rounds_median']}/{row['rounds_mean']}/{row['rounds_max']}")
        lines.append(f"    rounds distribution: {row['rounds_distribution']}")
    harness.report(args, {"seconds": round(secs, 1), "by_players": by_players}, lines)
    first = next((t.first_violation for t in totals.values() if t.first_violation), "")
    if first:
        print("first violation:", first, file=sys.stderr)
    return 1 if any(t.invariant_violations or t.capped_games for t in totals.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
