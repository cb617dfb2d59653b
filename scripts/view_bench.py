"""Time to build one player view, measured beside the old dict view in the same run.

    python -m scripts.view_bench [--base REF] [--games 40] [--players 4]

Plays ``--games`` seeded random games and, at every decision point, times ``game.view(seat)``
for every seat and the public view (``None``). The same positions are timed with the engine
of git ``REF`` (default ``ff4944a``, before typed views: a dict copy of the state with secret
keys deleted), extracted into a temporary directory. Prints median and p99 in microseconds,
and the JSON size of a typed view.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CODE = r"""
import json, random, statistics, sys, time
from tortuga_desktop.games.dice.rules import Game
games, players = int(sys.argv[1]), int(sys.argv[2])
times = []
size = []
for i in range(games):
    g = Game.new(players, 7000 + i)
    rng = random.Random(i)
    while not g.is_over:
        for seat in [None, *range(players)]:
            t = time.perf_counter()
            v = g.view(seat)
            times.append((time.perf_counter() - t) * 1e6)
            if hasattr(v, "to_bytes") and seat == 0:
                size.append(len(v.to_bytes()))
        d = g.pending()[0]
        g.apply(d.seat, g.random_action(d.seat, rng))
times.sort()
print(json.dumps({"views": len(times), "median_us": statistics.median(times),
                  "p99_us": times[int(len(times) * 0.99)], "json_bytes": statistics.median(size) if size else None}))
"""


def _run(tree: Path, games: int, players: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", _CODE, str(games), str(players)], cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="ff4944a")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", a.base, "tortuga_desktop"], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        old = _run(Path(tmp), a.games, a.players)
        new = _run(ROOT, a.games, a.players)
    print(f"positions x views: {int(new['views'])} (new) / {int(old['views'])} (old)")
    print(f"old dict view ({a.base}): median {old['median_us']:.1f} us, p99 {old['p99_us']:.1f} us")
    print(f"typed PlayerView:        median {new['median_us']:.1f} us, p99 {new['p99_us']:.1f} us, "
          f"JSON {new['json_bytes']:.0f} bytes")


if __name__ == "__main__":
    main()
