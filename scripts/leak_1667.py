"""The no-leak check of the 1667 engine over many random games (the unit test runs a few).

    nice -n 10 python -m scripts.leak_1667 --games 400 --seed 1

For every seat after every decision of every game, re-deals what the seat may not know (T9;
tortuga_desktop/devtools/hidden1667.py) and compares its view. Prints games, states checked and leaks (with the
first one's view fields).
"""

from __future__ import annotations

import random

from scripts import harness
from tortuga_desktop.devtools.hidden1667 import resample_hidden
from tortuga_desktop.games.t1667.rules import EventCard, Game, random_action


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=1)
    ap.add_argument("--games", type=int, default=200)
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
