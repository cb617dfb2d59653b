"""Soak the Tortuga 1667 engine: random games over 2-9 players, every invariant checked after every action.

    nice -n 10 python scripts/soak_1667.py --games 100000 --seed 1 [--minutes 90] [--json]

Prints games played, games per second, invariant violations (with the first one in words), the
end reasons and the distribution of actions per game (T7.8: no game may reach the cap). Game
``i`` has ``2 + i % 8`` players and seed ``derive_seed_1667(seed, i)``, so any game can be replayed.
``--minutes`` stops early and reports the games played so far.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tortuga_desktop.t1667.sim import simulate_1667


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=0.0, help="stop after this long (0: no limit)")
    ap.add_argument("--chunk", type=int, default=2000, help="progress line every this many games")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    deadline = time.perf_counter() + args.minutes * 60 if args.minutes > 0 else None
    players = list(range(2, 10))
    total = None
    done = 0
    while done < args.games:
        n = min(args.chunk, args.games - done)
        # chunks continue the same game sequence: game index = done + i
        res = simulate_1667(players, done + n, args.seed, check=True, deadline=deadline, start=done)
        if total is None:
            total = res
        else:
            total.merge(res)
        done += res.games
        print(f"{done} games, {total.games_per_second:.1f}/s, {total.invariant_violations} violations",
              file=sys.stderr, flush=True)
        if res.games < n:
            break
    assert total is not None
    out = total.summary()
    out["requested_games"] = args.games
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:22} {v}")
    if total.first_violation:
        print("first violation:", total.first_violation)
    return 1 if total.invariant_violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
