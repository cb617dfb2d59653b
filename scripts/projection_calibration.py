"""How well the projection's softmax predicts the winner (Expert's cut-off rollouts, ``tau``).

Plays kernel games with Expert's rollout policy; at every round start it turns the projected
final scores (:func:`tortuga_desktop.ai.expert.project`) into chances to win with a softmax of
temperature ``tau`` points and scores them against the real winner (Brier score, mean over
seats; lower is better; the naive 1/n guess beside it)::

    python -m scripts.projection_calibration --players 4 --games 800
"""

from __future__ import annotations

import argparse
import random

from tortuga_desktop.ai import kernel as K
from tortuga_desktop.ai.expert import RolloutPolicy, project, win_chances


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--games", type=int, default=800)
    ap.add_argument("--taus", default="2,3,4,6,8,12")
    args = ap.parse_args(argv)
    n = args.players
    rows: list[tuple[int, list[float], list[float]]] = []
    for seed in range(args.games):
        k = K.new_game(n, seed)
        pol = RolloutPolicy(random.Random(seed))
        snaps = []
        while not k.over:
            K.playout(k, pol, max_rounds=1)
            if not k.over:
                snaps.append((k.round, project(k)))
        won = k.winners()
        rows.extend((r, sc, [1.0 / len(won) if s in won else 0.0 for s in range(n)]) for r, sc in snaps)
    naive = sum(sum((1 / n - o) ** 2 for o in out) / n for _, _, out in rows) / len(rows)
    print(f"{n} players, {args.games} games, {len(rows)} round starts; naive 1/{n}: Brier {naive:.4f}")
    for tau in (float(t) for t in args.taus.split(",")):
        brier = 0.0
        for _, sc, out in rows:
            chances = win_chances(sc, tau)
            brier += sum((chances[i] - out[i]) ** 2 for i in range(n)) / n
        print(f"tau {tau:>4g}: Brier {brier / len(rows):.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
