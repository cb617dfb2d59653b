"""What more sampled worlds buy Expert, by its own measure: the gain per decision of a search with
``--more`` worlds over one with ``--worlds``, judged by an independent evaluation.

    python -m scripts.expert_worlds_gain [--players 4] [--games 6] [--worlds 240] [--more 480]
                                         [--judge 2000] [--seed 7600]

Plays ``--games`` games between Hard bots (:func:`scripts.harness.seat_views`) and takes seat 0's
view at every third of its decisions with a choice. At each, Expert (normal thinking time, no time cap)
searches twice on different seeds, once with each number of worlds. Where the two choose
different moves, :func:`tortuga_desktop.games.dice.ai.expert.judge_moves` values both in ``--judge`` further
worlds of its own seed (no pruning) and the difference counts as the gain; where they agree the
gain is 0. Prints the mean gain per decision with its standard error, in the search's units
(win share + margin weight × margin, rollouts cut off and projected as the setting does).

This is the search's own judgement of its choices, under its own rollout model: it says how far
a search falls short of what it would choose with more worlds, not how many more games it wins.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

from tortuga_desktop.games.dice.ai import kernel_mode
from tortuga_desktop.games.dice.ai.expert import THINK, judge_moves, search

from .harness import seat_views


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--worlds", type=int, default=240)
    ap.add_argument("--more", type=int, default=480)
    ap.add_argument("--judge", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7600)
    a = ap.parse_args()
    if a.games < 1 or a.worlds < 1 or a.more < 1 or a.judge < 1:
        ap.error("--games, --worlds, --more and --judge must be at least 1")
    print(kernel_mode.describe())
    normal = replace(THINK["normal"], budget_s=600.0, budget_multi=None)
    few = replace(normal, worlds=a.worlds, worlds_multi=None)
    many = replace(normal, worlds=a.more, worlds_multi=None)
    t0 = time.perf_counter()
    gains: list[float] = []
    differ = 0
    for i, view in enumerate(seat_views(a.players, a.games, a.seed, level="hard")):
        res_few = search(view, 1000 + i, few)[2]
        if len(res_few.candidates) < 2:
            continue
        res_many = search(view, 5000 + i, many)[2]
        mine, theirs = res_few.candidates[res_few.best], res_many.candidates[res_many.best]
        if mine == theirs:
            gains.append(0.0)
            continue
        differ += 1
        v_few, v_many = judge_moves(view, 9000 + i, normal, res_few.kind, [mine, theirs], a.judge)
        gains.append(v_many - v_few)
    if len(gains) < 2:
        print("too few searched decisions to measure; play more games")
        return 1
    se = statistics.stdev(gains) / len(gains) ** 0.5
    print(f"{a.players} players, {len(gains)} searched decisions, {differ} chose differently: "
          f"{a.more} worlds over {a.worlds} gain {statistics.mean(gains):+.4f} ± {se:.4f} (1 s.e.) per decision "
          f"in the search's value, judged in {a.judge} worlds ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
