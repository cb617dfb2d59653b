"""Team matches between 1667 computer players: ``python -m tortuga_desktop.arena --game 1667 ...``.

    python -m tortuga_desktop.arena --game 1667 --teams easy,random --players 6 --games 400 --seed 1 [--json]

The first level plays one team and the second the other; the teams swap colours every game (British
in even games, French in odd ones) and the Dutch seat, if any, plays the second level. Game ``i``
has seed ``derive_seed_1667(seed, i)``. Prints each level's team win share with a 95 % (Wilson)
interval, the draws and Dutch wins, and the decision time p50/p95 per level.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from typing import Any

from .ai.players import PLAYERS
from .rules import Game, Loyalty
from .sim import derive_seed_1667


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def match(first: str, second: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` games of ``first``'s team against ``second``'s; returns the figures."""
    wins = {first: 0, second: 0, "dutch": 0, "draw": 0}
    if first == second:
        wins = {"team A": 0, "team B": 0, "dutch": 0, "draw": 0}
    times: dict[str, list[float]] = {first: [], second: []}
    for i in range(games):
        g = Game.new(players, derive_seed_1667(seed, i))
        colour = Loyalty.BRITISH if i % 2 == 0 else Loyalty.FRENCH
        levels = [first if g.loyalty[s] is colour else second for s in range(players)]
        rng = random.Random(derive_seed_1667(seed, i) ^ 0xA7)
        while not g.is_over:
            pending = g.pending()
            seat = pending[rng.randrange(len(pending))].seat
            t0 = time.perf_counter()
            choice = PLAYERS[levels[seat]](g.view(seat), g.legal_actions(seat), rng)
            times[levels[seat]].append(time.perf_counter() - t0)
            g.apply(seat, choice.action)
        assert g.outcome is not None
        if not g.outcome.winners:
            wins["draw"] += 1
        elif g.loyalty[g.outcome.winners[0]] is Loyalty.DUTCH:
            wins["dutch"] += 1
        elif g.loyalty[g.outcome.winners[0]] is colour:
            wins[first if first != second else "team A"] += 1
        else:
            wins[second if first != second else "team B"] += 1

    def pct(xs: list[float], p: float) -> float:
        xs = sorted(xs) or [0.0]
        return round(xs[min(len(xs) - 1, int(p * len(xs)))] * 1000, 3)

    out: dict[str, Any] = {"game": "1667", "players": players, "games": games, "seed": seed, "wins": wins,
                           "shares": {}, "decision_ms_p50_p95": {}}
    for k, w in wins.items():
        lo, hi = wilson(w, games)
        out["shares"][k] = {"share": round(w / games, 4), "ci95": [round(lo, 4), round(hi, 4)]}
    for level, xs in times.items():
        out["decision_ms_p50_p95"][level] = [pct(xs, 0.5), pct(xs, 0.95)]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tortuga_desktop.arena --game 1667", description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("1667",), default="1667")
    ap.add_argument("--teams", default="easy,random", help="two levels: " + ", ".join(PLAYERS))
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    teams = args.teams.split(",")
    if len(teams) != 2 or any(t not in PLAYERS for t in teams):
        ap.error("--teams: two levels from " + ", ".join(PLAYERS))
    if not 2 <= args.players <= 9:
        ap.error("--players: 2-9")
    if args.games < 1:
        ap.error("--games must be at least 1")
    out = match(teams[0], teams[1], args.players, args.games, args.seed)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"Tortuga 1667, {args.players} players, {args.games} games, seed {args.seed}")
        for k, v in out["shares"].items():
            print(f"  {k:8} {v['share']:.3f}  95 % [{v['ci95'][0]:.3f}, {v['ci95'][1]:.3f}]")
        for level, (p50, p95) in out["decision_ms_p50_p95"].items():
            print(f"  decision time {level}: p50 {p50} ms, p95 {p95} ms")
    return 0
