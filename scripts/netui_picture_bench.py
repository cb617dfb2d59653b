"""How long the networked table takes to turn received views into its picture (per update).

    python scripts/netui_picture_bench.py [--games 20]

Plays random 4-player games and, at every moment, builds the table's picture
(:func:`tortuga_desktop.app.remote.shadow_game`) from one local seat's view and from two local
seats' views; prints the mean and p99 in milliseconds beside the baseline of building the same
seat's ``PlayerView`` with ``Game.view`` in the same run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tortuga_desktop.app.remote import shadow_game
from tortuga_desktop.rules import Game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    one: list[float] = []
    two: list[float] = []
    base: list[float] = []
    for seed in range(args.games):
        g = Game.new(4, seed, log=True)
        rng = random.Random(seed)
        while not g.is_over:
            t0 = time.perf_counter()
            v0 = g.view(0)
            t1 = time.perf_counter()
            v2 = g.view(2)
            ev = {0: g.events_for(0), 2: g.events_for(2)}
            t2 = time.perf_counter()
            shadow_game({0: v0}, ev, seed)
            t3 = time.perf_counter()
            shadow_game({0: v0, 2: v2}, ev, seed)
            t4 = time.perf_counter()
            base.append(t1 - t0)
            one.append(t3 - t2)
            two.append(t4 - t3)
            d = g.pending()[0]
            g.apply(d.seat, g.random_action(d.seat, rng))

    def fmt(xs: list[float]) -> str:
        xs = sorted(xs)
        return f"mean {statistics.mean(xs) * 1000:.2f} ms, p99 {xs[int(len(xs) * 0.99)] * 1000:.2f} ms"

    print(f"updates: {len(one)}")
    print(f"baseline Game.view(seat):       {fmt(base)}")
    print(f"picture from one seat's view:   {fmt(one)}")
    print(f"picture from two seats' views:  {fmt(two)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
