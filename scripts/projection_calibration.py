"""How well the projection's softmax predicts the winner (Expert's cut-off rollouts, ``tau``).

Plays kernel games with Expert's rollout policy; at every round start it turns the projected
final scores (:func:`tortuga_desktop.games.dice.ai.expert.project`) into chances to win with a softmax of
temperature ``tau`` points and scores them against the real winner (Brier score, mean over
seats; lower is better; the naive 1/n guess beside it)::

    python -m scripts.projection_calibration --players 4 --games 800

``--model`` plays every seat as Expert's 3-4-player rollouts play (the opponent model and its
targets); ``--by-gap`` fits a temperature for each gap between the goal and the most chests in
any seat's Tortuga (the round starts where Expert's cut-off rollouts stop), by least log loss and
by least Brier score, and prints :data:`tortuga_desktop.games.dice.ai.expert.TAU_BY_GAP` beside them::

    python -m scripts.projection_calibration --players 4 --games 6000 --model --by-gap --seed 20000
    python -m scripts.projection_calibration --players 3 --games 6000 --model --by-gap --seed 30000
"""

from __future__ import annotations

import argparse
import math
import random

from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai.expert import TAU_BY_GAP, RolloutPolicy, leader_gap, project, win_chances

#: (gap at the round start, projected scores, each seat's share of the win)
Row = tuple[int, list[float], list[float]]

FIT_TAUS = (4, 5, 5.5, 6, 6.5, 7, 7.5, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 25, 28, 30, 35, 40, 50, 60,
            80, 100, 150)


def play(players: int, games: int, seed: int, model: bool) -> list[Row]:
    """Every round start of ``games`` kernel games (seeds ``seed``, ``seed + 1``, …) but the first
    and the last, with the gap, the projection and the real outcome."""
    rows: list[Row] = []
    for g in range(games):
        k = K.new_game(players, seed + g)
        pol = RolloutPolicy(random.Random(seed + g), None, 1.0, model, model)
        snaps = []
        while not k.over:
            K.playout(k, pol, max_rounds=1)
            if not k.over:
                snaps.append((leader_gap(k), project(k)))
        won = k.winners()
        out = [1.0 / len(won) if s in won else 0.0 for s in range(players)]
        rows.extend((gap, sc, out) for gap, sc in snaps)
    return rows


def losses(rows: list[Row], tau: float) -> tuple[float, float]:
    """Mean Brier score (over seats) and mean log loss of the softmax at ``tau`` over ``rows``."""
    brier = log_loss = 0.0
    for _, sc, out in rows:
        ch = win_chances(sc, tau)
        brier += sum((c - o) ** 2 for c, o in zip(ch, out, strict=True)) / len(ch)
        log_loss -= sum(o * math.log(max(c, 1e-12)) for c, o in zip(ch, out, strict=True))
    return brier / len(rows), log_loss / len(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--games", type=int, default=800)
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed")
    ap.add_argument("--taus", default="2,3,4,6,8,12")
    ap.add_argument("--model", action="store_true", help="every seat plays as the opponent model, with targets")
    ap.add_argument("--by-gap", action="store_true", help="fit a temperature for each gap to the goal")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    n = args.players
    rows = play(n, args.games, args.seed, args.model)
    naive = sum(sum((1 / n - o) ** 2 for o in out) / n for _, _, out in rows) / len(rows)
    policy = "the opponent model with targets" if args.model else "the plain rollout policy"
    print(f"{n} players, {args.games} games ({policy}), {len(rows)} round starts; naive 1/{n}: Brier {naive:.4f}")
    if not args.by_gap:
        for tau in (float(t) for t in args.taus.split(",")):
            print(f"tau {tau:>4g}: Brier {losses(rows, tau)[0]:.4f}")
        return 0
    top = len(TAU_BY_GAP) - 1
    print(f"{'gap':>4} {'round starts':>12} {'tau (log loss)':>15} {'tau (Brier)':>12} {'TAU_BY_GAP':>11}")
    for gap in range(1, top + 1):
        sub = [r for r in rows if min(r[0], top) == gap]
        if not sub:
            continue
        fits = [(tau, *losses(sub, tau)) for tau in FIT_TAUS]
        by_log = min(fits, key=lambda f: f[2])[0]
        by_brier = min(fits, key=lambda f: f[1])[0]
        print(f"{gap if gap < top else f'{gap}+':>4} {len(sub):>12} {by_log:>15g} {by_brier:>12g} {TAU_BY_GAP[gap]:>11g}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
