"""Tortuga 1667 Hard's thinking time per decision, at every seat count (issue 27: <= 1 s p95 on one core).

    nice -n 10 python -m scripts.t1667_hard_think [--players 2-9] [--games 2] [--seed 1] [--json]

For each seat count, plays ``--games`` games inline (this process, one core): seat ``g % players`` is
Hard and the others Normal, so every Hard decision is asked on positions that Normal tables reach.
Prints per seat count the Hard decisions (all of them, and the turn decisions that search), their
thinking time p50 / p95 / max as CPU time of this process (``time.process_time``: another process on
the shared machine does not count) and as wall time, and beside them, measured in the same run, the
same figures for the Normal seats' decisions (the baseline: Hard is Normal plus search). The games are
seeded: the same run decides the same, on any machine.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from typing import Any

from tortuga_desktop.games.t1667.ai.bots import Bot, HardBot, make_bot
from tortuga_desktop.games.t1667.rules import Game, Kind

from . import harness


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def play(players: int, seed: int, hard_seat: int) -> dict[str, list[float]]:
    """One game, Hard at ``hard_seat``; the CPU / wall seconds of each decision by kind of seat."""
    g = Game.new(players, seed)
    bots: list[Bot] = [make_bot("hard" if s == hard_seat else "normal", seed * 100 + s) for s in range(players)]
    fed = [0] * players
    out: dict[str, list[float]] = {"hard_cpu": [], "hard_wall": [], "turn_cpu": [], "normal_cpu": []}
    while not g.is_over:
        d = g.pending()[0]
        s = d.seat
        events = g.events_for(s, fed[s])
        fed[s] = len(g.log)
        bots[s].observe(events)
        view, legal = g.view(s), g.legal_actions(s)
        c0, w0 = time.process_time(), time.perf_counter()
        action = bots[s].decide(view, legal).action
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        if isinstance(bots[s], HardBot):
            out["hard_cpu"].append(cpu)
            out["hard_wall"].append(wall)
            if d.kind is Kind.TURN:
                out["turn_cpu"].append(cpu)
        else:
            out["normal_cpu"].append(cpu)
        g.apply(s, action)
    return out


def _ms(xs: list[float]) -> list[float]:
    return [1000 * statistics.median(xs), 1000 * _pct(xs, 0.95), 1000 * max(xs)] if xs else [0.0, 0.0, 0.0]


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=1, json=True)
    ap.add_argument("--players", default="2-9", help="seat counts: N, or A-B (default 2-9)")
    ap.add_argument("--games", type=int, default=2, help="games per seat count (default 2)")
    args = ap.parse_args(argv)
    lo, _, hi = args.players.partition("-")
    counts = range(int(lo), int(hi or lo) + 1)
    figures: dict[str, Any] = {"seed": args.seed, "games": args.games, "load_before": os.getloadavg(), "seats": {}}
    lines = [f"Tortuga 1667 Hard, inline on one core, {args.games} game(s) per seat count, seed {args.seed}; "
             f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
             "seats  hard n  cpu p50/p95/max ms          wall p50/p95/max ms         turn n  turn cpu p95  "
             "| baseline: normal n  cpu p50/p95 ms"]
    worst = 0.0
    for n in counts:
        acc: dict[str, list[float]] = {}
        for k in range(args.games):
            got = play(n, harness.derive_seed(args.seed, n * 1000 + k) % 2**62, k % n)
            for key, xs in got.items():
                acc.setdefault(key, []).extend(xs)
        row = {"hard_n": len(acc["hard_cpu"]), "hard_cpu_ms": _ms(acc["hard_cpu"]),
               "hard_wall_ms": _ms(acc["hard_wall"]), "turn_n": len(acc["turn_cpu"]),
               "turn_cpu_ms": _ms(acc["turn_cpu"]), "normal_n": len(acc["normal_cpu"]),
               "normal_cpu_ms": _ms(acc["normal_cpu"])}
        worst = max(worst, row["hard_cpu_ms"][1])
        figures["seats"][n] = row
        lines.append(f"{n:5}  {row['hard_n']:6}  " + " / ".join(f"{x:.0f}" for x in row["hard_cpu_ms"]).ljust(27)
                     + " / ".join(f"{x:.0f}" for x in row["hard_wall_ms"]).ljust(28)
                     + f"{row['turn_n']:6}  {row['turn_cpu_ms'][1]:12.0f}  | {row['normal_n']:17}  "
                     + " / ".join(f"{x:.1f}" for x in row["normal_cpu_ms"][:2]))
    figures["worst_hard_cpu_p95_ms"] = worst
    figures["load_after"] = os.getloadavg()
    lines.append(f"worst Hard p95 over the seat counts: {worst:.0f} ms CPU (goal <= 1000); load average "
                 f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    harness.report(args, figures, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
