"""Kernel versus engine on many games: the same seeds and choices, states compared at every round end.

    python -m scripts.kernel_diff [--games 10000] [--seed 1]

Three checks per game (players 2, 3 and 4 in turn; seeds from ``sim.derive_seed``):

- ``step``: the engine's random policy decides; every decision goes to the engine and to the
  kernel's general state machine; the awaited seat and decision kind must agree at every
  step, the legal options every tenth game, and the whole state (random source included)
  at every round end;
- ``fast``: the kernel's tight round loop plays with its random policy, starting from a
  converted mid-round engine state; its decisions are replayed through the engine and the
  states compared at every round end;
- ``playout``: kernel and engine each play alone with the engine-identical random policy
  from the same seeds and must end in the same state.

Prints the number of games, round ends compared and mismatches (exit status 1 on any).
"""

from __future__ import annotations

import time

from scripts import harness
from tortuga_desktop.games.dice.ai.kernel_check import (
    compare_fast_playout,
    compare_game,
    compare_random_playouts,
)
from tortuga_desktop.games.dice.sim import derive_seed


def main() -> int:
    ap = harness.parser(__doc__, seed=1)
    ap.add_argument("--games", type=int, default=10_000)
    a = ap.parse_args()
    t0 = time.perf_counter()
    bad = {"step": 0, "fast": 0, "playout": 0}
    rounds = 0
    shown = 0
    for i in range(a.games):
        seed = derive_seed(a.seed, i)
        players = 2 + i % 3
        m, compared = compare_game(seed, players, check_options=i % 10 == 0)
        rounds += compared
        f = compare_fast_playout(seed, players, midgame_decisions=i % 97)
        p = compare_random_playouts(seed, players)
        for name, problem in (("step", m), ("fast", f), ("playout", p)):
            if problem:
                bad[name] += 1
                if shown < 10:
                    print(f"MISMATCH {name} game {i}: {problem}")
                    shown += 1
    total = sum(bad.values())
    print(f"{a.games} games (2-4 players), {rounds} round ends compared on the step path, "
          f"mismatches: step {bad['step']}, fast {bad['fast']}, playout {bad['playout']}; "
          f"{time.perf_counter() - t0:.1f} s")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
