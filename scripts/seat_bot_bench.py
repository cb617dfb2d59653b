"""CPU time per decision of the network's headless dice player, this tree against other commits, in one run.

    nice -n 10 python -m scripts.seat_bot_bench [--base REF ...] [--games 20] [--players 4]
        [--levels random,normal] [--runs 3]

The views are those the server sends: every deciding seat's view (``PlayerView.to_json``) at every
decision of ``--games`` seeded random games (seeds 1000, 1001, ...), made once by this tree. Each
tree (this one and every ``--base`` commit, default: the fork point from main, extracted with
``git archive``) reads them into updates with the dice adapter's ``decode`` (not timed) and lets
its headless player of each level (``seat_player(level, seed)``, the player of ``tortuga-server``'s
headless client and of ``scripts/net_bench``'s tables, which play ``random``) decide on every one;
each call is timed in CPU time of its thread (``time.thread_time_ns``). The trees run in turn, each
in a fresh process, ``--runs`` times. Printed per level and tree: the median and mean
microseconds per decision over all the decisions of all runs, and whether the tree chose the same
moves as this one on every view.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: run in each tree's own process: decide on every view, print the times and a digest of the choices
_CODE = r"""
import hashlib, json, sys, time
from tortuga_desktop.net import games
views, levels = json.load(open(sys.argv[1])), sys.argv[2].split(",")
ad = games.adapter("tortuga")
updates = [ad.decode(v, [], seat, v["decisions"], None) for seat, v in views]
out = {}
for level in levels:
    player = ad.seat_player(level, 7)
    for seat, u in zip((s for s, _ in views), updates[:20]):
        player.decide(seat, u)  # warm up (imports, caches)
    times, h = [], hashlib.sha256()
    for (seat, _), u in zip(views, updates):
        t = time.thread_time_ns()
        text = player.decide(seat, u)
        times.append((time.thread_time_ns() - t) / 1000)
        h.update(text.encode() + b"\n")
    out[level] = {"us": times, "digest": h.hexdigest()}
print(json.dumps(out))
"""


def _views(games: int, players: int) -> list[tuple[int, object]]:
    """(seat, view JSON) of every deciding seat at every decision of ``games`` seeded random games."""
    from tortuga_desktop.games.dice.rules import Game

    out: list[tuple[int, object]] = []
    for i in range(games):
        g = Game.new(players, 1000 + i)
        rng = random.Random(i)
        while not g.is_over:
            for d in g.pending():
                out.append((d.seat, g.view(d.seat).to_json()))
            d = g.pending()[0]
            acts = g.legal_actions(d.seat)
            g.apply(d.seat, acts[rng.randrange(len(acts))])
    return out


def _extract(ref: str, into: Path) -> None:
    blob = subprocess.run(["git", "archive", ref, "tortuga_desktop"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")


def _run(tree: Path, views: Path, levels: str) -> dict[str, dict[str, object]]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-c", _CODE, str(views), levels], env=env, cwd=tree,
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the run in {tree} failed:\n{done.stderr}")
    result: dict[str, dict[str, object]] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--base", action="append", default=[], metavar="REF",
                    help="a commit to compare with (repeatable; default: the fork point from main)")
    ap.add_argument("--games", type=int, default=20, help="seeded random games whose views are decided on")
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--levels", default="random,normal", help="levels of the headless player, comma-separated")
    ap.add_argument("--runs", type=int, default=3, help="runs of every tree, in turn")
    a = ap.parse_args(argv)
    bases = a.base or [subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=ROOT, capture_output=True,
                                      text=True, check=True).stdout.strip()]
    head = subprocess.run(["git", "rev-parse", "--short=10", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "tortuga_desktop"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.strip()
    levels = [x for x in a.levels.split(",") if x]
    with tempfile.TemporaryDirectory() as tmp:
        views = Path(tmp) / "views.json"
        data = _views(a.games, a.players)
        views.write_text(json.dumps(data))
        trees: list[tuple[str, Path]] = []
        for ref in bases:
            tree = Path(tmp) / ref.replace("/", "_")
            _extract(ref, tree)
            trees.append((ref[:10], tree))
        trees.append((f"this tree ({head}{', changed' if dirty else ''})", ROOT))
        times: dict[tuple[str, str], list[float]] = {}
        digests: dict[tuple[str, str], set[str]] = {}
        for _ in range(a.runs):
            for label, tree in trees:
                for level, got in _run(tree, views, ",".join(levels)).items():
                    us = got["us"]
                    assert isinstance(us, list)
                    times.setdefault((level, label), []).extend(us)
                    digests.setdefault((level, label), set()).add(str(got["digest"]))
    print(f"headless dice player, CPU microseconds per decision over {len(data)} views of {a.games} seeded random "
          f"{a.players}-player games x {a.runs} runs (trees in turn)")
    print(f"{'level':8} {'tree':34} {'median':>8} {'mean':>8}  same choices as this tree")
    mine = trees[-1][0]
    for level in levels:
        for label, _ in trees:
            t = times[(level, label)]
            same = "yes" if digests[(level, label)] == digests[(level, mine)] and len(digests[(level, mine)]) == 1 \
                else "NO"
            print(f"{level:8} {label:34} {statistics.median(t):8.1f} {statistics.fmean(t):8.1f}  {same}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
