"""Print how long a replay takes to jump to any position of 4-player games.

    python scripts/replay_jump.py [games]

For each game: the time to build the timeline once, then the worst and median time of
``ReplayTimeline.game_at`` + the view over every position (target: <= 100 ms per jump).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from tortuga_desktop.app.replay import ALL, ReplayTimeline
from tortuga_desktop.rules import Game


def main(argv: list[str]) -> int:
    games = int(argv[1]) if len(argv) > 1 else 5
    worst_all: list[float] = []
    for seed in range(games):
        g = Game.new(4, seed=seed, long_game=seed % 2 == 1)
        g.playout(random.Random(seed))
        t0 = time.perf_counter()
        tl = ReplayTimeline(g.record())
        build = time.perf_counter() - t0
        times = []
        order = list(range(len(tl)))
        random.Random(seed).shuffle(order)
        for k in order:
            t = time.perf_counter()
            tl.view(tl.game_at(k), ALL)
            times.append(time.perf_counter() - t)
        worst_all.append(max(times))
        print(f"seed {seed}: {len(tl) - 1} decisions, {g.round} rounds, build {build * 1000:.1f} ms, "
              f"jump median {statistics.median(times) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms")
    print(f"worst jump over {games} games: {max(worst_all) * 1000:.2f} ms (target <= 100 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
