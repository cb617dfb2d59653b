"""Hint time and how often a hint says "about equal" (issue 23: p95 at most 1 s).

    python -m scripts.hint_bench [--decisions 200] [--players 2,3,4] [--seed 1]

Plays games between Normal bots (2, 3 and 4 players in turn) and, at every third decision with a
choice (at most ``--per-game`` per game), evaluates it as a hint does (:func:`tortuga_desktop.games.dice.table.hints.hint_job`, the seat's own view) until
``--decisions`` hints were made. Prints the wall and CPU (``time.thread_time``) seconds per hint
(median, p95, max), the worlds searched, how many hints were cut by the time cap, and the share
of hints that say "clearly best", "about equal" or name a single move; with the machine's load.
"""

from __future__ import annotations

import os
import statistics
import time

from scripts import harness
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.sim import derive_seed
from tortuga_desktop.games.dice.table.controller import LocalTableSource
from tortuga_desktop.games.dice.table.hints import hint_job
from tortuga_desktop.shell.saves import SeatConfig


def _table(game: Game, human: int) -> LocalTableSource:
    """The table source of ``game`` with ``human`` at the screen (nobody else is asked)."""
    seats = [SeatConfig(f"P{i}", "human" if i == human else "easy", i) for i in range(game.players)]
    return LocalTableSource(game, seats, bot_factory=lambda _kind, _seed: None, pacing=None)

def _q(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> int:
    ap = harness.parser(__doc__, seed=1)
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--per-game", type=int, default=25, help="hints per game at most (spread over games)")
    a = ap.parse_args()
    counts = [int(x) for x in a.players.split(",")]
    wall: list[float] = []
    cpu: list[float] = []
    worlds: list[int] = []
    kinds = {"best": 0, "equal": 0, "single": 0}
    capped = 0
    game = 0
    while len(wall) < a.decisions:
        n = counts[game % len(counts)]
        seed = derive_seed(a.seed, game)
        game += 1
        g = Game.new(n, seed, log=False)
        bots = [make_bot("normal", seed + s) for s in range(n)]
        seen = 0
        made = 0
        while not g.is_over and len(wall) < a.decisions:
            d = g.pending()[0]
            if len(g.legal_actions(d.seat)) > 1 and made < a.per_game:
                seen += 1
                if seen % 3 == 0:
                    made += 1
                    job = hint_job(_table(g, d.seat), d.seat)
                    c0, w0 = time.thread_time(), time.perf_counter()
                    job.run()
                    cpu.append(time.thread_time() - c0)
                    wall.append(time.perf_counter() - w0)
                    ev = job.result
                    assert ev is not None, job.error
                    worlds.append(ev.worlds)
                    capped += ev.capped
                    kinds["single" if len(ev.searched) == 1 else "best" if ev.separated else "equal"] += 1
            g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    total = len(wall)
    print(f"{total} hints over {game} games ({a.players} players)")
    print(f"wall s: median {statistics.median(wall):.3f}  p95 {_q(wall, 0.95):.3f}  max {max(wall):.3f}")
    print(f"CPU s:  median {statistics.median(cpu):.3f}  p95 {_q(cpu, 0.95):.3f}  max {max(cpu):.3f}")
    print(f"worlds: mean {statistics.mean(worlds):.0f}  max {max(worlds)}; time cap hit {capped}")
    print("claims: " + ", ".join(f"{k} {v} ({v / total:.0%})" for k, v in kinds.items()))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
