"""Time of the game review for finished 4-player games (target: at most 20 s on one core).

    python scripts/kernel_review_bench.py [--games 3] [--players 4] [--rollouts 40]

Plays games between Normal bots, then reviews each with seat 0 as the human (the chart for
every seat, the three worst moments with Expert's choice) and prints the CPU seconds of each
review (``time.thread_time``: one core, whatever else the machine runs) and the wall seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tortuga_desktop.ai import make_bot  # noqa: E402
from tortuga_desktop.ai.review import review_game  # noqa: E402
from tortuga_desktop.rules import Game  # noqa: E402
from tortuga_desktop.sim import derive_seed  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--rollouts", type=int, default=40)
    a = ap.parse_args()
    for i in range(a.games):
        seed = derive_seed(7, i)
        g = Game.new(a.players, seed, log=False)
        bots = [make_bot("normal", seed + s) for s in range(a.players)]
        while not g.is_over:
            d = g.pending()[0]
            g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
        c0, w0 = time.thread_time(), time.perf_counter()
        rv = review_game(g.record(), [0], rollouts=a.rollouts)
        cpu, wall = time.thread_time() - c0, time.perf_counter() - w0
        print(f"game {i}: {g.round} rounds, {len(rv.chances)} chart points, {len(rv.moments)} moments; "
              f"review {cpu:.1f} s CPU ({wall:.1f} s wall)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
