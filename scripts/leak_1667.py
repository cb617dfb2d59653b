"""The no-leak check of the 1667 engine over many random games (the unit test runs a few).

    nice -n 10 python scripts/leak_1667.py --games 400 --seed 1

For every seat after every decision of every game, re-deals what the seat may not know (T9;
tests/t1667_hidden.py) and compares its view. Prints games, states checked and leaks (with the
first one's view fields).
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))

from t1667_hidden import resample_hidden  # noqa: E402

from tortuga_desktop.t1667.rules import EventCard, Game, random_action  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    leaks = checked = 0
    first = ""
    for i in range(args.games):
        seed = args.seed * 1_000_003 + i
        rng = random.Random(seed)
        named = (EventCard.RUM, EventCard.WINDS, EventCard.SCURVY) if i % 3 == 0 else None
        g = Game.new(2 + i % 8, seed, starred=named)
        while True:
            for seat in range(g.players):
                a, b = g.view(seat), resample_hidden(g, seat, rng).view(seat)
                checked += 1
                if a != b:
                    leaks += 1
                    if not first:
                        diff = [f for f in a.__dataclass_fields__ if getattr(a, f) != getattr(b, f)]
                        first = f"game seed {seed}, seat {seat}: {diff}"
            if g.is_over:
                break
            pending = g.pending()
            seat = pending[rng.randrange(len(pending))].seat
            g.apply(seat, random_action(g, seat, rng))
    print(f"games {args.games}, views checked {checked}, leaks {leaks}")
    if first:
        print("first leak:", first)
    return 1 if leaks else 0


if __name__ == "__main__":
    raise SystemExit(main())
