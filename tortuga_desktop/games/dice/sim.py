"""Headless simulator: random-policy games, timed and checked.

    python -m tortuga_desktop.sim --players 4 --games 1000 --seed 1 [--check | --fast] [--json]
    python -m tortuga_desktop.sim --game 1667 --players 6 --games 1000 --seed 1 [--check] [--json]

``--fast`` plays the games with the playout kernel (:mod:`tortuga_desktop.games.dice.ai.kernel`: the
engine's transitions and chance in compact form, its random policy drawn from tables). Prints games, seconds, games per second, invariant violations, rounds min/median/max and
mean scores per seat. Invariants are checked after every action only with ``--check``
(the speed figure is measured without it).

``--game 1667`` plays random games of Tortuga 1667 (2-9 players; ``--players 0`` cycles through
2-9) with :mod:`tortuga_desktop.games.t1667.sim` and prints games, games per second, invariant
violations, the end reasons and the distribution of actions per game (T7.8).
"""

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

from tortuga_desktop.games.dice.rules import Game, check_invariants


def derive_seed(base: int, index: int) -> int:
    """The seed of game ``index`` in a run with base seed ``base``: a 64-bit hash of both, so runs
    with different base seeds share no games (consecutive seeds would share all but one)."""
    digest = hashlib.blake2b(f"tortuga-game:{base}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@dataclass
class SimResult:
    """What a batch of simulated games showed."""

    players: int
    games: int = 0
    seconds: float = 0.0
    invariant_violations: int = 0
    capped_games: int = 0
    rounds: list[int] = field(default_factory=list)
    score_sums: list[int] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    first_violation: str = ""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def summary(self) -> dict[str, Any]:
        rounds = sorted(self.rounds) or [0]
        return {
            "players": self.players,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "invariant_violations": self.invariant_violations,
            "capped_games": self.capped_games,
            "rounds_min": rounds[0],
            "rounds_median": statistics.median(rounds),
            "rounds_max": rounds[-1],
            "rounds_distribution": {str(k): v for k, v in sorted(Counter(self.rounds).items())},
            "mean_scores": [round(s / max(1, self.games), 2) for s in self.score_sums],
            "win_share": [round(w / max(1, self.games), 4) for w in self.wins],
        }


def play_random_game(players: int, seed: int, *, check: bool = False, long_game: bool = False) -> tuple[Game, int]:
    """Play one game with uniformly drawn random decisions; returns it and its violation count."""
    game = Game.new(players, seed, long_game=long_game, log=False)
    rng = random.Random(seed * 7919 + 17)
    violations = 0
    if not check:
        game.playout(rng)
        return game, 0
    while not game.is_over:
        seat = game.pending()[0].seat
        game.apply(seat, game.random_action(seat, rng))
        if check_invariants(game):
            violations += 1
    return game, violations


def _fast_game(players: int, seed: int, long_game: bool) -> tuple[list[int], list[int], int, bool]:
    """One random game on the playout kernel: scores, winners, rounds, capped."""
    from tortuga_desktop.games.dice.ai import kernel

    k = kernel.new_game(players, seed, long_game=long_game)
    kernel.playout(k, kernel.RandomPolicy(random.Random(seed * 7919 + 17)))
    scores = k.scores()
    best = max(scores)
    return scores, [s for s in range(players) if scores[s] == best], k.round, k.capped


def simulate(players: int, games: int, seed: int, *, check: bool = False, long_game: bool = False,
             fast: bool = False) -> SimResult:
    """Play ``games`` random games; game ``i`` has seed ``derive_seed(seed, i)``.

    ``fast`` uses the playout kernel (no invariant checks: ``check`` must be False)."""
    if fast and check:
        raise ValueError("--fast plays on the kernel, which has no invariant checks; drop --check")
    res = SimResult(players, score_sums=[0] * players, wins=[0.0] * players)
    t0 = time.perf_counter()
    for i in range(games):
        game_seed = derive_seed(seed, i)
        if fast:
            scores, winners, rounds, capped = _fast_game(players, game_seed, long_game)
            res.games += 1
            res.rounds.append(rounds)
            res.capped_games += capped
            for s, total in enumerate(scores):
                res.score_sums[s] += total
            for w in winners:
                res.wins[w] += 1 / len(winners)
            continue
        game, bad = play_random_game(players, game_seed, check=check, long_game=long_game)
        if bad and not res.first_violation:
            res.first_violation = f"seed {game_seed}: " + "; ".join(check_invariants(game))
        res.invariant_violations += bad
        outcome = game.outcome()
        assert outcome is not None
        res.games += 1
        res.rounds.append(outcome.rounds)
        res.capped_games += outcome.capped
        for s, sc in enumerate(outcome.scores):
            res.score_sums[s] += sc.total
        for w in outcome.winners:
            res.wins[w] += 1 / len(outcome.winners)
    res.seconds = time.perf_counter() - t0
    return res


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tortuga_desktop.sim", description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("tortuga", "1667"), default="tortuga",
                    help="which game: the dice game (default) or Tortuga 1667")
    ap.add_argument("--players", type=int, default=4,
                    help="2-4 for the dice game; 2-9 for 1667 (0: cycle through 2-9)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="check invariants after every action (slower)")
    ap.add_argument("--long", action="store_true", help="the long variant (8 chests in Tortuga)")
    ap.add_argument("--fast", action="store_true", help="play on the playout kernel (no --check)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.game == "1667":
        return _main_1667(ap, args)
    if args.players not in (2, 3, 4):
        ap.error("--players: the dice game is for 2-4 players")
    if args.fast and args.check:
        ap.error("--fast plays on the kernel, which has no invariant checks; drop --check")
    res = simulate(args.players, args.games, args.seed, check=args.check, long_game=args.long, fast=args.fast)
    out = res.summary()
    if args.json:
        print(json.dumps(out))
    else:
        print(f"games                {out['games']} ({args.players} players, base seed {args.seed}"
              + (", playout kernel)" if args.fast else ")"))
        print(f"seconds              {out['seconds']}")
        print(f"games per second     {out['games_per_second']}")
        print(f"invariant violations {out['invariant_violations']}" + ("" if args.check else " (not checked; use --check)"))
        print(f"rounds min/med/max   {out['rounds_min']} / {out['rounds_median']} / {out['rounds_max']}")
        print(f"capped games         {out['capped_games']}")
        print(f"mean scores          {out['mean_scores']}")
        print(f"win share by seat    {out['win_share']}")
    if res.first_violation:
        print("first violation:", res.first_violation, file=sys.stderr)
    return 1 if res.invariant_violations else 0


def _main_1667(ap: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from tortuga_desktop.games.t1667.sim import simulate_1667

    if args.fast or args.long:
        ap.error("--fast and --long belong to the dice game")
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


if __name__ == "__main__":
    raise SystemExit(main())
