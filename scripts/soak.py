"""Random-playout soak: many games with every invariant checked after every action.

    python scripts/soak.py --games 100000 [--players 2,3,4] [--workers 2] [--seed 1]

Prints games, violations, capped games and the distribution of rounds per game, per player
count; exits 1 on any violation or capped game (R5.5).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from tortuga_desktop.sim import simulate


def _chunk(args: tuple[int, int, int, bool]) -> dict[str, object]:
    players, games, seed, long_game = args
    res = simulate(players, games, seed, check=True, long_game=long_game)
    return {"players": players, "games": res.games, "violations": res.invariant_violations,
            "capped": res.capped_games, "rounds": res.rounds, "first": res.first_violation}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100_000, help="games in all, split evenly over player counts")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--long", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    counts = [int(x) for x in args.players.split(",")]
    chunk = 500
    jobs = []
    for i, n in enumerate(counts):
        per = args.games // len(counts) + (1 if i < args.games % len(counts) else 0)  # exactly --games in all
        base = args.seed + i * 10_000_000
        for start in range(0, per, chunk):
            jobs.append((n, min(chunk, per - start), base + start, args.long))
    t0 = time.perf_counter()
    totals: dict[int, dict[str, object]] = {n: {"games": 0, "violations": 0, "capped": 0, "rounds": Counter()} for n in counts}
    first = ""
    with ProcessPoolExecutor(args.workers) as pool:
        for r in pool.map(_chunk, jobs):
            t = totals[int(r["players"])]  # type: ignore[call-overload]
            t["games"] += r["games"]  # type: ignore[operator]
            t["violations"] += r["violations"]  # type: ignore[operator]
            t["capped"] += r["capped"]  # type: ignore[operator]
            t["rounds"].update(r["rounds"])  # type: ignore[attr-defined]
            first = first or str(r["first"])
    secs = time.perf_counter() - t0
    report = {"seconds": round(secs, 1), "by_players": {}}
    bad = 0
    for n, t in totals.items():
        rounds: Counter[int] = t["rounds"]  # type: ignore[assignment]
        expanded = sorted(rounds.elements())
        report["by_players"][n] = {  # type: ignore[index]
            "games": t["games"], "invariant_violations": t["violations"], "capped_games": t["capped"],
            "rounds_min": expanded[0], "rounds_median": statistics.median(expanded), "rounds_max": expanded[-1],
            "rounds_mean": round(statistics.fmean(expanded), 2),
            "rounds_distribution": dict(sorted(rounds.items())),
        }
        bad += int(t["violations"]) + int(t["capped"])  # type: ignore[call-overload]
    if args.json:
        print(json.dumps(report))
    else:
        print(f"soak: {sum(int(t['games']) for t in totals.values())} games in {secs:.1f} s")  # type: ignore[call-overload]
        for n, r in report["by_players"].items():  # type: ignore[attr-defined]
            print(f"  {n} players: {r['games']} games, violations {r['invariant_violations']}, capped {r['capped_games']}, "
                  f"rounds min/median/mean/max {r['rounds_min']}/{r['rounds_median']}/{r['rounds_mean']}/{r['rounds_max']}")
            print(f"    rounds distribution: {r['rounds_distribution']}")
    if first:
        print("first violation:", first, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
