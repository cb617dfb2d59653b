"""Time of the game review for finished games (goal: at most 10 s for a 4-player game).

    python -m scripts.kernel_review_bench [--games 3] [--players 4] [--humans 1]

Plays games between Normal bots, then reviews each with the first ``--humans`` seats as the
humans (a chart point at every decision, every human decision with a choice evaluated as a
hint would be) and prints the CPU seconds of each review (``time.thread_time``: one core,
whatever else the machine runs), the wall seconds, and the machine's load beside them.
"""

from __future__ import annotations

import argparse
import os
import time

from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.review import review_game
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.sim import derive_seed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--humans", type=int, default=1)
    a = ap.parse_args()
    cpus, walls = [], []
    for i in range(a.games):
        seed = derive_seed(7, i)
        g = Game.new(a.players, seed, log=False)
        bots = [make_bot("normal", seed + s) for s in range(a.players)]
        while not g.is_over:
            d = g.pending()[0]
            g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
        c0, w0 = time.thread_time(), time.perf_counter()
        rv = review_game(g.record(), list(range(a.humans)))
        cpu, wall = time.thread_time() - c0, time.perf_counter() - w0
        cpus.append(cpu)
        walls.append(wall)
        print(f"game {i}: {g.round} rounds, {g.decisions} decisions, {len(rv.evaluations)} reviewed, "
              f"{len(rv.moments)} moments; review {cpu:.1f} s CPU ({wall:.1f} s wall)")
    print(f"mean {sum(cpus) / len(cpus):.1f} s CPU, max {max(cpus):.1f} s CPU, max {max(walls):.1f} s wall; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
