"""Playout kernel speed beside the engine's, measured in the same run.

    python scripts/kernel_bench.py [--games 2000] [--runs 5] [--players 4]

Times random games from setup to the end on one core, alternating engine and kernel
``--runs`` times, and prints the median games per second of

- ``engine playout``: ``Game.playout`` with events off (the engine's own fastest path, the
  figure scripts/engine_bench.py reports);
- ``kernel playout``: :func:`tortuga_desktop.ai.kernel.playout` with its random policy
  (what ``python -m tortuga_desktop.sim --fast`` runs);
- ``kernel step``: the kernel's general state machine, one ``apply`` per decision with the
  engine-identical random policy (the path a search uses at its root).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tortuga_desktop.ai import kernel as K  # noqa: E402
from tortuga_desktop.rules import Game  # noqa: E402


def engine(games: int, players: int) -> float:
    t = time.perf_counter()
    for i in range(games):
        Game.new(players, 1000 + i, log=False).playout(random.Random(i))
    return games / (time.perf_counter() - t)


def kernel(games: int, players: int) -> float:
    t = time.perf_counter()
    for i in range(games):
        K.playout(K.new_game(players, 1000 + i), K.RandomPolicy(random.Random(i)))
    return games / (time.perf_counter() - t)


def kernel_step(games: int, players: int) -> float:
    t = time.perf_counter()
    for i in range(games):
        K.random_playout(K.new_game(players, 1000 + i), random.Random(i))
    return games / (time.perf_counter() - t)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    a = ap.parse_args()
    runs: dict[str, list[float]] = {"engine playout": [], "kernel playout": [], "kernel step": []}
    for _ in range(a.runs):
        runs["engine playout"].append(engine(max(1, a.games // 4), a.players))
        runs["kernel playout"].append(kernel(a.games, a.players))
        runs["kernel step"].append(kernel_step(max(1, a.games // 4), a.players))
    base = statistics.median(runs["engine playout"])
    print(f"{a.players}-player random games per second on one core, median of {a.runs} alternating runs "
          f"({a.games} kernel games, {max(1, a.games // 4)} engine games per run)")
    print(f"{'path':16} {'games/s':>9} {'vs engine':>10}")
    for name, vals in runs.items():
        m = statistics.median(vals)
        print(f"{name:16} {m:9.1f} {m / base:9.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
