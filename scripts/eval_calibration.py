"""How well the evaluation's chance to win (ai.evaluate, as hints and the review quote it)
predicts the real winner: Brier score and a reliability table.

    python -m scripts.eval_calibration [--games 60] [--players 4] [--every 12] [--worlds 48] [--seed 1]

Plays games between Normal bots; at every ``--every``-th decision it evaluates the position as it
stands from the deciding seat's view (``evaluate(..., standing=True)``) and keeps that seat's
forecast; at the end it scores them against who won (ties share). Prints the Brier score beside
the naive 1/n guess's and, per forecast band, the mean forecast against the observed win share.
"""

from __future__ import annotations

from scripts import harness
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.evaluate import evaluate, position_seed
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.sim import derive_seed


def main() -> int:
    ap = harness.parser(__doc__, seed=1)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--every", type=int, default=12)
    ap.add_argument("--worlds", type=int, default=48)
    ap.add_argument("--shrink", type=float, default=None,
                    help="also score the forecasts shrunk toward 1/n with this weight kept (p' = w p + (1 - w) / n)")
    a = ap.parse_args()
    n = a.players
    pairs: list[tuple[float, float]] = []
    for i in range(a.games):
        seed = derive_seed(a.seed, i)
        g = Game.new(n, seed, log=False)
        bots = [make_bot("normal", seed + s) for s in range(n)]
        forecasts: list[tuple[int, float]] = []
        while not g.is_over:
            d = g.pending()[0]
            if g.decisions % a.every == 0:
                ev = evaluate(g.view(d.seat), position_seed(seed, g.decisions, d.seat), standing=True,
                              max_worlds=a.worlds)
                forecasts.append((d.seat, ev.best.chances[d.seat]))
            g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
        out = g.outcome()
        assert out is not None
        share = [1.0 / len(out.winners) if s in out.winners else 0.0 for s in range(n)]
        pairs += [(p, share[s]) for s, p in forecasts]
    brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
    naive = sum((1 / n - o) ** 2 for _p, o in pairs) / len(pairs)
    print(f"{len(pairs)} forecasts over {a.games} games of {n} players ({a.worlds} worlds each)")
    print(f"Brier: evaluation {brier:.4f}, naive 1/n {naive:.4f} (skill {1 - brier / naive:.3f})")
    c = 1 / n
    num = sum((p - c) * (o - c) for p, o in pairs)
    den = sum((p - c) ** 2 for p, _o in pairs)
    w = num / den if den else 1.0
    print(f"least-squares weight toward the forecast (p' = w p + (1 - w) / n): w = {w:.3f} on these games")
    if a.shrink is not None:
        shrunk = sum((a.shrink * p + (1 - a.shrink) * c - o) ** 2 for p, o in pairs) / len(pairs)
        print(f"Brier with w = {a.shrink}: {shrunk:.4f} (skill {1 - shrunk / naive:.3f})")
    print("band       forecasts  mean forecast  observed win share")
    for b in range(10):
        lo, hi = b / 10, (b + 1) / 10
        sel = [(p, o) for p, o in pairs if lo <= p < hi or (b == 9 and p == 1.0)]
        if sel:
            print(f"{lo:.1f}-{hi:.1f}  {len(sel):9d}  {sum(p for p, _ in sel) / len(sel):13.3f}  "
                  f"{sum(o for _, o in sel) / len(sel):18.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
