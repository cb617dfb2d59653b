"""CPU time of whole Expert decisions, on the kernel that runs (``tortuga --version`` says which).

    python -m scripts.expert_decision_bench [--decisions 20] [--think normal] [--seed 7000]
    TORTUGA_PURE_KERNEL=1 python -m scripts.expert_decision_bench ...   (the pure-Python kernel)

For 4 and then 2 players, plays games between Normal bots (seed ``--seed`` + players + game) and
lets an Expert decide for seat 0 at every fifth of its decisions with a choice (the game goes on
with Normal's move), until ``--decisions`` decisions; prints the median, p95 and largest CPU time
(``time.thread_time``) per decision and the median number of worlds searched.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tortuga_desktop.games.dice.ai import kernel_mode, make_bot
from tortuga_desktop.games.dice.ai.expert import THINK, ExpertBot
from tortuga_desktop.games.dice.rules import Game


def bench(players: int, decisions: int, think: str, seed: int) -> tuple[list[float], list[int]]:
    cpu: list[float] = []
    worlds: list[int] = []
    game = 0
    while len(cpu) < decisions:
        base = seed + players + 100 * game
        g = Game.new(players, base, log=False)
        bots = [make_bot("normal", base + s) for s in range(players)]
        expert = ExpertBot(base, think)
        mine = 0
        while not g.is_over and len(cpu) < decisions:
            d = g.pending()[0]
            if d.seat == 0 and len(g.legal_actions(0)) > 1:
                if mine % 5 == 0:
                    t = time.thread_time()
                    expert.decide(g.view(0))
                    cpu.append(time.thread_time() - t)
                    assert expert.last is not None
                    worlds.append(expert.last.worlds)
                mine += 1
            g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
        game += 1
    return cpu, worlds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=20)
    ap.add_argument("--think", choices=tuple(THINK), default="normal")
    ap.add_argument("--seed", type=int, default=7000)
    a = ap.parse_args()
    if a.decisions < 1:
        ap.error("--decisions must be at least 1")
    print(kernel_mode.describe())
    for players in (4, 2):
        cpu, worlds = bench(players, a.decisions, a.think, a.seed)
        cpu.sort()
        p95 = cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]
        print(f"{players} players: {len(cpu)} Expert decisions ({a.think}), CPU per decision: median "
              f"{statistics.median(cpu):.3f} s, p95 {p95:.3f} s, largest {cpu[-1]:.3f} s; "
              f"worlds searched: median {statistics.median(worlds):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
