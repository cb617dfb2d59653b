"""Tortuga 1667 Hard's thinking time per decision, at every seat count (issue 27: <= 1 s p95 on one core).

    nice -n 10 python -m scripts.t1667_hard_think [--players 2-9] [--games 2] [--seed 1] [--talk on|off] [--json]

For each seat count, plays ``--games`` games inline (this process, one core): seat ``g % players`` is
Hard and the others Normal, so every Hard decision is asked on positions that Normal tables reach.
With ``--talk on`` (the default, as in the game) every seat talks at the table as in the arena's
``--talk on`` (:class:`~tortuga_desktop.games.t1667.ai.seat.SeatPlayer`): before each decision each seat
hears what is new and may speak, and what it says goes into the game; ``--talk off``: nobody speaks.
Prints per seat count the Hard decisions (all of them, and the turn decisions that search), their
thinking time p50 / p95 / max as CPU time of this process (``time.process_time``: another process on
the shared machine does not count) and as wall time, and beside them, measured in the same run, the
same figures for the Normal seats' decisions (the baseline: Hard is Normal plus search). With talk on,
a Hard decision's CPU time includes the Hard seat's talk since its previous decision (hearing the new
events, reading them into its belief, choosing its lines); ``talk p95`` is one talk turn's alone. The
games are seeded: the same run decides the same, on any machine.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from typing import Any

from tortuga_desktop.games.t1667.ai.bots import HardBot
from tortuga_desktop.games.t1667.ai.seat import SeatPlayer, make_player
from tortuga_desktop.games.t1667.rules import Game, IllegalActionError, Kind

from . import harness


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def play(players: int, seed: int, hard_seat: int, talk: bool = True) -> dict[str, list[float]]:
    """One game, Hard at ``hard_seat`` (``talk``: every seat talks); the CPU / wall seconds of each decision
    by kind of seat, a seat's talk since its previous decision counted in."""
    g = Game.new(players, seed)
    seats: list[SeatPlayer] = [make_player("hard" if s == hard_seat else "normal", seed * 100 + s)
                               for s in range(players)]
    fed = [0] * players
    out: dict[str, list[float]] = {"hard_cpu": [], "hard_wall": [], "turn_cpu": [], "normal_cpu": [],
                                   "talk_cpu": [], "refused": []}
    talk_cpu = [0.0] * players  # each seat's talk CPU time since its last decision
    talk_wall = [0.0] * players
    while not g.is_over:
        if talk:
            for s, p in enumerate(seats):  # as the arena's --talk on: each seat hears what is new and may speak
                if g.is_over:
                    break
                c0, w0 = time.process_time(), time.perf_counter()
                p.observe(g.events_for(s, fed[s]))
                fed[s] = len(g.log)
                lines = p.talk(g.view(s))
                cpu = time.process_time() - c0
                talk_cpu[s] += cpu
                talk_wall[s] += time.perf_counter() - w0
                if s == hard_seat:
                    out["talk_cpu"].append(cpu)
                for said in lines:
                    try:
                        g.apply(s, said)
                    except IllegalActionError:
                        out["refused"].append(1.0)
            if g.is_over:
                break
        d = g.pending()[0]
        s = d.seat
        c0, w0 = time.process_time(), time.perf_counter()
        seats[s].observe(g.events_for(s, fed[s]))
        fed[s] = len(g.log)
        view, legal = g.view(s), g.legal_actions(s)
        action = seats[s].decide(view, legal).action
        cpu = time.process_time() - c0 + talk_cpu[s]
        wall = time.perf_counter() - w0 + talk_wall[s]
        talk_cpu[s] = talk_wall[s] = 0.0
        if isinstance(seats[s].bot, HardBot):
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
    ap.add_argument("--talk", choices=("on", "off"), default="on",
                    help="on (the default, as in the game): every seat talks at the table; off: nobody speaks")
    args = ap.parse_args(argv)
    lo, _, hi = args.players.partition("-")
    counts = range(int(lo), int(hi or lo) + 1)
    talk = args.talk == "on"
    figures: dict[str, Any] = {"seed": args.seed, "games": args.games, "talk": args.talk,
                               "load_before": os.getloadavg(), "seats": {}}
    lines = [f"Tortuga 1667 Hard, inline on one core, {args.games} game(s) per seat count, seed {args.seed}, "
             f"talk {args.talk}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
             "seats  hard n  cpu p50/p95/max ms          wall p50/p95/max ms         turn n  turn cpu p95  "
             "talk p95  | baseline: normal n  cpu p50/p95 ms"]
    worst = 0.0
    for n in counts:
        acc: dict[str, list[float]] = {}
        for k in range(args.games):
            got = play(n, harness.derive_seed(args.seed, n * 1000 + k) % 2**62, k % n, talk)
            for key, xs in got.items():
                acc.setdefault(key, []).extend(xs)
        row = {"hard_n": len(acc["hard_cpu"]), "hard_cpu_ms": _ms(acc["hard_cpu"]),
               "hard_wall_ms": _ms(acc["hard_wall"]), "turn_n": len(acc["turn_cpu"]),
               "turn_cpu_ms": _ms(acc["turn_cpu"]), "normal_n": len(acc["normal_cpu"]),
               "normal_cpu_ms": _ms(acc["normal_cpu"]), "talk_cpu_ms": _ms(acc["talk_cpu"]),
               "talk_refused": len(acc["refused"])}
        worst = max(worst, row["hard_cpu_ms"][1])
        figures["seats"][n] = row
        lines.append(f"{n:5}  {row['hard_n']:6}  " + " / ".join(f"{x:.0f}" for x in row["hard_cpu_ms"]).ljust(27)
                     + " / ".join(f"{x:.0f}" for x in row["hard_wall_ms"]).ljust(28)
                     + f"{row['turn_n']:6}  {row['turn_cpu_ms'][1]:12.0f}  {row['talk_cpu_ms'][1]:8.1f}  "
                     + f"| {row['normal_n']:17}  "
                     + " / ".join(f"{x:.1f}" for x in row["normal_cpu_ms"][:2]))
    figures["worst_hard_cpu_p95_ms"] = worst
    figures["load_after"] = os.getloadavg()
    lines.append(f"worst Hard p95 over the seat counts: {worst:.0f} ms CPU (goal <= 1000); load average "
                 f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    harness.report(args, figures, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
