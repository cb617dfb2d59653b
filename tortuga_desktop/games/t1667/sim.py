"""Random 1667 games, timed and checked: the engine behind ``python -m tortuga_desktop.sim --game 1667``."""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tortuga_desktop.games.t1667.rules import Game, check_invariants, play_random


def derive_seed_1667(base: int, index: int) -> int:
    """The seed of game ``index`` of a run with base seed ``base`` (a 63-bit hash of both)."""
    digest = hashlib.blake2b(f"tortuga-1667:{base}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass
class Sim1667Result:
    """What a batch of random 1667 games showed."""

    players: list[int]
    games: int = 0
    seconds: float = 0.0
    invariant_violations: int = 0
    first_violation: str = ""
    actions: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    team_wins: Counter[str] = field(default_factory=Counter)
    capped: int = 0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def merge(self, other: Sim1667Result) -> None:
        """Add another batch's figures to these."""
        self.games += other.games
        self.seconds += other.seconds
        self.invariant_violations += other.invariant_violations
        self.first_violation = self.first_violation or other.first_violation
        self.actions += other.actions
        self.reasons.update(other.reasons)
        self.team_wins.update(other.team_wins)
        self.capped += other.capped

    def summary(self) -> dict[str, Any]:
        acts = sorted(self.actions) or [0]
        buckets = Counter(a // 10 * 10 for a in self.actions)

        def pct(p: float) -> int:
            return acts[min(len(acts) - 1, int(p * len(acts)))]

        return {
            "game": "1667",
            "players": self.players,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "invariant_violations": self.invariant_violations,
            "capped_games": self.capped,
            "actions_min": acts[0],
            "actions_median": statistics.median(acts),
            "actions_p99": pct(0.99),
            "actions_max": acts[-1],
            "actions_distribution": {f"{k}-{k + 9}": v for k, v in sorted(buckets.items())},
            "end_reasons": dict(sorted(self.reasons.items())),
            "team_wins": dict(sorted(self.team_wins.items())),
        }


def play_one(players: int, seed: int, *, check: bool) -> tuple[Game, int, str]:
    """One random game (seeded policy); with ``check`` every invariant after every action. Returns
    the game, its violation count and the first violation in words."""
    game = Game.new(players, seed)
    rng = random.Random(seed ^ 0x5EED)
    count = [0]
    first: list[str] = []

    def after(g: Game) -> None:
        problems = check_invariants(g)
        if problems:
            count[0] += 1
            if not first:
                first.append(f"seed {seed}, {players} players, after {g.decisions} decisions: " + "; ".join(problems))

    play_random(game, rng, after=after if check else None)
    return game, count[0], first[0] if first else ""


def simulate_1667(players: list[int], games: int, seed: int, *, check: bool = False,
                  deadline: float | None = None, start: int = 0) -> Sim1667Result:
    """Play games ``start`` .. ``games - 1``: game ``i`` with ``players[i % len(players)]`` players and
    seed ``derive_seed_1667(seed, i)``; stop early at ``deadline`` (a ``time.perf_counter`` value)."""
    res = Sim1667Result(players=list(players))
    t0 = time.perf_counter()
    for i in range(start, games):
        if deadline is not None and time.perf_counter() > deadline:
            break
        n = players[i % len(players)]
        g, bad, first = play_one(n, derive_seed_1667(seed, i), check=check)
        res.games += 1
        res.invariant_violations += bad
        if first and not res.first_violation:
            res.first_violation = first
        res.actions.append(g.actions_taken)
        assert g.outcome is not None
        res.reasons[g.outcome.reason.value] += 1
        res.capped += g.outcome.reason.value == "draw-cap"
        if g.outcome.winners:
            res.team_wins[g.loyalty[g.outcome.winners[0]].value] += 1
        else:
            res.team_wins["none"] += 1
    res.seconds = time.perf_counter() - t0
    return res


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tortuga_desktop.sim --game 1667 ...``: random games, timed and checked."""
    ap = argparse.ArgumentParser(prog="python -m tortuga_desktop.sim --game 1667",
                                 description="Random Tortuga 1667 games, timed and checked.")
    ap.add_argument("--players", type=int, default=4, help="2-9 (0: cycle through 2-9)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="check invariants after every action (slower)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.players != 0 and not 2 <= args.players <= 9:
        ap.error("--players: Tortuga 1667 is for 2-9 players (0 cycles through 2-9)")
    players = list(range(2, 10)) if args.players == 0 else [args.players]
    res = simulate_1667(players, args.games, args.seed, check=args.check)
    out = res.summary()
    if args.json:
        print(json.dumps(out))
    else:
        print(f"games                {out['games']} (Tortuga 1667, {players} players, base seed {args.seed})")
        print(f"seconds              {out['seconds']}")
        print(f"games per second     {out['games_per_second']}")
        print(f"invariant violations {out['invariant_violations']}" + ("" if args.check else " (not checked; use --check)"))
        print(f"actions min/med/p99/max {out['actions_min']} / {out['actions_median']} / {out['actions_p99']}"
              f" / {out['actions_max']}")
        print(f"actions distribution {out['actions_distribution']}")
        print(f"end reasons          {out['end_reasons']}")
        print(f"team wins            {out['team_wins']}")
    if res.first_violation:
        print("first violation:", res.first_violation, file=sys.stderr)
    return 1 if res.invariant_violations else 0
