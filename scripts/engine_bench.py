"""Engine speed before and after a change, measured in the same run.

    python -m scripts.engine_bench [--base REF] [--games 1000] [--runs 5] [--players 4]

Extracts the rules engine of git ``REF`` (default: the fork point of this branch from main)
into a temporary directory and times 4-player random games on both trees, alternating
old/new, ``--runs`` times each; prints the median games per second for

- ``playout``: ``Game.playout`` (the simulator's path), events (the log) off and on;
- ``apply``: ``random_action`` + ``Game.apply`` for every decision, events off and on.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CODE = r"""
import json, random, sys, time
from tortuga_desktop.games.dice.rules import Game
games, players = int(sys.argv[1]), int(sys.argv[2])
out = {}
for mode in ("playout", "apply"):
    for log in (False, True):
        t = time.perf_counter()
        for i in range(games):
            g = Game.new(players, 1000 + i, log=log)
            rng = random.Random(i)
            if mode == "playout":
                g.playout(rng)
            else:
                while not g.is_over:
                    s = g.to_move()[0]
                    g.apply(s, g.random_action(s, rng))
        out[f"{mode} events {'on' if log else 'off'}"] = games / (time.perf_counter() - t)
print(json.dumps(out))
"""


def _extract(ref: str, into: Path) -> None:
    blob = subprocess.run(["git", "archive", ref, "tortuga_desktop"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")


def _run(tree: Path, games: int, players: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", _CODE, str(games), str(players)], env=env, cwd=tree,
                         capture_output=True, text=True, check=True).stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args()
    base = a.base or subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=ROOT, capture_output=True, text=True,
                                    check=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp)
        _extract(base, old)
        runs: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
        for _ in range(a.runs):
            for label, tree in (("before", old), ("after", ROOT)):
                for k, v in _run(tree, a.games, a.players).items():
                    runs[label].setdefault(k, []).append(v)
    print(f"{a.players}-player random games per second, median of {a.runs} alternating runs of {a.games} games; "
          f"before = {base[:10]}")
    print(f"{'path':22} {'before':>9} {'after':>9} {'after/before':>13}")
    for k in runs["before"]:
        b, n = statistics.median(runs["before"][k]), statistics.median(runs["after"][k])
        print(f"{k:22} {b:9.1f} {n:9.1f} {n / b:12.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
