"""Soak the Tortuga 1667 engine: random games over 2-9 players, every invariant checked after every action.

    nice -n 10 python -m scripts.soak_1667 --games 100000 --seed 1 [--minutes 90] [--json]

Prints games played, games per second, invariant violations (with the first one in words), the
end reasons and the distribution of actions per game (T7.8: no game may reach the cap). Game
``i`` has ``2 + i % 8`` players and seed ``derive_seed_1667(seed, i)``, so any game can be replayed.
``--minutes`` stops early and reports the games played so far.
"""

from __future__ import annotations

import sys
import time

from scripts import harness
from tortuga_desktop.games.t1667.sim import simulate_1667


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=1, json=True)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--minutes", type=float, default=0.0, help="stop after this long (0: no limit)")
    ap.add_argument("--chunk", type=int, default=2000, help="progress line every this many games")
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
    harness.report(args, out, [f"{k:22} {v}" for k, v in out.items()])
    if total.first_violation:
        print("first violation:", total.first_violation)
    return 1 if total.invariant_violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
