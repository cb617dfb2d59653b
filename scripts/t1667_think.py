"""Tortuga 1667 computer players at the shell's LocalTable, thinking in a worker process: decision times.

    nice -n 10 python -m scripts.t1667_think --players 9 [--seed 1] [--level mix] [--json]

Plays one game of computer players only through ``LocalTable(think="process")``, polled like the
frame loop does (``poll()`` every 16 ms, never blocking), then the same game again with
``think="inline"`` (the baseline, measured in the same run: the bots decide in this process, no
worker). Both games are the same (same seeds, same decisions; the script checks it). Prints per
level: decisions, the time a decision took to think (p50 / p95 / max), in the worker and inline,
and for the worker game the time from asking to the answer reaching the table (p95, which includes
up to one 16 ms frame of waiting for the next poll), and how long one ``poll()`` call took
(p99 / max: the frame loop's cost). ``--level mix`` seats Easy, Normal and Hard in turn.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from scripts import harness
from tortuga_desktop.games.t1667.ai.bots import LEVELS
from tortuga_desktop.games.t1667.ai.seat import FACTORY
from tortuga_desktop.games.t1667.rules import Action, Event
from tortuga_desktop.games.t1667.table.engine import T1667Engine
from tortuga_desktop.shell.table import BotSpec, LocalTable

FRAME_S = 1 / 60


def _levels(level: str, players: int) -> list[str]:
    if level == "mix":
        return [("easy", "normal", "hard")[s % 3] for s in range(players)]
    return [level] * players


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def play(players: int, seed: int, level: str, think: str) -> dict[str, Any]:
    """One game of computer players; its figures."""
    levels = _levels(level, players)
    engine = T1667Engine.new(players, seed)
    bots = {s: BotSpec(FACTORY, levels[s], seed * 100 + s) for s in range(players)}
    table: LocalTable[Any, Action, Event] = LocalTable(engine, names=engine.names, kinds=levels, humans=(),
                                                       bots=bots, think=think)
    polls: list[float] = []
    start = time.perf_counter()
    try:
        while not table.is_over:
            t0 = time.perf_counter()
            table.poll()
            polls.append(time.perf_counter() - t0)
            if table.notices:
                raise RuntimeError(f"computer players failed: {table.notices}")
            if think != "inline":
                time.sleep(max(0.0, FRAME_S - (time.perf_counter() - t0)))
    finally:
        table.close()
    by_level: dict[str, dict[str, list[float]]] = {}
    for seat, think_s, round_s in table.think_times:
        d = by_level.setdefault(levels[seat], {"think": [], "round": []})
        d["think"].append(think_s)
        d["round"].append(round_s)
    return {"record": table.record(), "seconds": time.perf_counter() - start, "polls": polls, "levels": by_level}


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=1, json=True)
    ap.add_argument("--players", type=int, default=9, choices=range(2, 10))
    ap.add_argument("--level", default="mix", choices=(*LEVELS, "mix"))
    args = ap.parse_args(argv)
    worker = play(args.players, args.seed, args.level, "process")
    inline = play(args.players, args.seed, args.level, "inline")
    same = worker["record"] == inline["record"]
    figures: dict[str, Any] = {"players": args.players, "seed": args.seed, "level": args.level, "same_game": same,
                               "decisions": len(worker["record"]["entries"]),
                               "poll_p99_ms": 1000 * _pct(worker["polls"], 0.99),
                               "poll_max_ms": 1000 * max(worker["polls"]), "levels": {}}
    lines = [f"Tortuga 1667, {args.players} computer players ({args.level}), seed {args.seed}: "
             f"{figures['decisions']} decisions; the same game in the worker and inline: {same}",
             f"worker game {worker['seconds']:.1f} s (polled every 16 ms), inline baseline {inline['seconds']:.1f} s",
             f"one poll() call: p99 {figures['poll_p99_ms']:.2f} ms, max {figures['poll_max_ms']:.2f} ms",
             "level    n   think in worker p50/p95/max ms   inline (baseline) p50/p95/max ms   ask-to-answer p95 ms"]
    for lv in sorted(worker["levels"]):
        w, i = worker["levels"][lv], inline["levels"][lv]
        row = {"n": len(w["think"]),
               "worker_ms": [1000 * statistics.median(w["think"]), 1000 * _pct(w["think"], 0.95), 1000 * max(w["think"])],
               "inline_ms": [1000 * statistics.median(i["think"]), 1000 * _pct(i["think"], 0.95), 1000 * max(i["think"])],
               "ask_to_answer_p95_ms": 1000 * _pct(w["round"], 0.95)}
        figures["levels"][lv] = row
        lines.append(f"{lv:7} {row['n']:4}   " + " / ".join(f"{x:.1f}" for x in row["worker_ms"]).ljust(32)
                     + " / ".join(f"{x:.1f}" for x in row["inline_ms"]).ljust(35) + f"{row['ask_to_answer_p95_ms']:.1f}")
    harness.report(args, figures, lines)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
