"""Random-playout soak of any game: many games through the game's rules interface, every invariant checked
after every action, optionally the no-leak re-deal and the record round trip.

    nice -n 10 python -m scripts.soak --game tortuga --games 10000 [--players 2,3,4] [--workers 2] [--seed 1]
    nice -n 10 python -m scripts.soak --game 1667 --games 2000 --leak 5 --replay [--minutes 90] [--json]

Game ``i`` of a player count is seeded ``seed + i`` (any game can be played again). ``--leak N`` re-deals,
every N decisions, what each seat (and a watcher) may not know and compares its view (R9, T9); ``--replay``
replays each finished game's record (through JSON) and compares every view. Prints games, decisions per
game (min/median/p99/max), invariant violations, leaks and replay mismatches, each with the first one in
words; exits 1 on any. ``--minutes`` stops early and reports the games played so far.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from scripts import harness
from tortuga_desktop.games import DEFAULT_GAME
from tortuga_desktop.games import rules as game_rules


@dataclass
class Soak:
    """What a batch of games showed."""

    games: int = 0
    decisions: list[int] = field(default_factory=list)
    violations: int = 0
    leaks: int = 0
    mismatches: int = 0
    first: str = ""

    def add(self, other: Soak) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.violations += other.violations
        self.leaks += other.leaks
        self.mismatches += other.mismatches
        self.first = self.first or other.first


def play(job: tuple[str, int, int, int, int, bool]) -> Soak:
    """``games`` random games of ``players`` seats from ``seed`` on (a worker process's job)."""
    name, players, seed, games, leak_every, replay = job
    rules = game_rules(name)
    out = Soak()
    for g in range(games):
        rng = random.Random(seed + g)
        engine = rules.new_engine(players, seed + g)
        n = 0
        while not engine.is_over:
            seat = rng.choice(engine.deciders())
            engine.apply(seat, rng.choice(list(engine.legal_actions(seat))))
            n += 1
            bad = rules.check(engine)
            if bad:
                out.violations += 1
                out.first = out.first or f"invariant, seed {seed + g}, decision {n}: {bad[0]}"
                break
            if leak_every and n % leak_every == 0:
                for viewer in (None, *range(players)):
                    other = rules.redeal(engine, viewer, rng.randrange(1 << 30))
                    if other.view(viewer) != engine.view(viewer):
                        out.leaks += 1
                        out.first = out.first or f"leak, seed {seed + g}, decision {n}, seat {viewer}"
            if n > 100_000:
                out.violations += 1
                out.first = out.first or f"seed {seed + g}: no end after 100,000 decisions"
                break
        if replay and engine.is_over:
            again = rules.replay(json.loads(json.dumps(engine.record())))
            if any(again.view(s) != engine.view(s) for s in (None, *range(players))):
                out.mismatches += 1
                out.first = out.first or f"replay, seed {seed + g}: the record plays to another game"
        out.games += 1
        out.decisions.append(n)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=1, workers=1, json=True)
    ap.add_argument("--game", default=DEFAULT_GAME,
                    help=f"the game, by its key or another name (default {DEFAULT_GAME}; a wrong one is refused "
                         "with the list)")
    ap.add_argument("--games", type=int, default=1000, help="games in all, split evenly over player counts")
    ap.add_argument("--players", default="", help="comma-separated seat counts (default: every count the game has)")
    ap.add_argument("--leak", type=int, default=0, metavar="N", help="re-deal check every N decisions (0: off)")
    ap.add_argument("--replay", action="store_true", help="replay every finished game's record and compare")
    ap.add_argument("--minutes", type=float, default=0.0, help="stop after this long (0: no limit)")
    args = ap.parse_args(argv)
    try:
        rules = game_rules(args.game)
    except LookupError as exc:
        ap.error(f"--game: {exc}")
    try:
        counts = ([int(x) for x in args.players.split(",")] if args.players
                  else list(range(rules.min_players, rules.max_players + 1)))
    except ValueError:
        ap.error("--players: whole numbers separated by commas")
    if any(not rules.min_players <= n <= rules.max_players for n in counts):
        ap.error(f"--players: {rules.key} is for {rules.min_players}-{rules.max_players} players")
    if args.games < 1 or args.leak < 0:
        ap.error("--games must be at least 1 and --leak at least 0")
    chunk = 50
    jobs = []
    for i, n in enumerate(counts):
        per = args.games // len(counts) + (1 if i < args.games % len(counts) else 0)
        base = args.seed + i * 10_000_000
        jobs += [(rules.key, n, base + s, min(chunk, per - s), args.leak, args.replay) for s in range(0, per, chunk)]
    deadline = time.perf_counter() + args.minutes * 60 if args.minutes > 0 else None
    t0 = time.perf_counter()
    total = Soak()
    for r in harness.run_jobs(play, jobs, args.workers, ordered=False):
        total.add(r)
        if deadline is not None and time.perf_counter() > deadline:
            break
    secs = time.perf_counter() - t0
    d = sorted(total.decisions)
    figures = {
        "game": rules.key, "players": counts, "games": total.games, "seconds": round(secs, 1),
        "games_per_second": round(total.games / secs, 2) if secs > 0 else 0.0,
        "decisions_min": d[0], "decisions_median": statistics.median(d),
        "decisions_p99": d[min(len(d) - 1, int(0.99 * len(d)))], "decisions_max": d[-1],
        "invariant_violations": total.violations, "leaks": total.leaks if args.leak else None,
        "replay_mismatches": total.mismatches if args.replay else None,
    }
    lines = [f"soak of {rules.key}: {total.games} games ({counts} players, seed {args.seed}) in {secs:.1f} s, "
             f"{figures['games_per_second']} games/s",
             f"  decisions per game min/median/p99/max {d[0]} / {figures['decisions_median']} / "
             f"{figures['decisions_p99']} / {d[-1]}",
             f"  invariant violations {total.violations}",
             f"  leaks {total.leaks}" if args.leak else "  leaks not checked (--leak N)",
             f"  replay mismatches {total.mismatches}" if args.replay else "  records not replayed (--replay)"]
    harness.report(args, figures, lines)
    if total.first:
        print("first:", total.first, file=sys.stderr)
    return 1 if total.violations or total.leaks or total.mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
