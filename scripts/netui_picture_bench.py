"""How long the network table source takes to turn a received view into what the table shows.

    python -m scripts.netui_picture_bench [--games 20]

Plays random 4-player games and, at every moment, does what
:class:`tortuga_desktop.games.dice.table.netsource.NetTableSource` does with one local seat's received view:
the seat's prompt (:func:`~tortuga_desktop.games.dice.rules.prompt.prompt_from_view`: its decision and legal
actions) and the public view (:func:`~tortuga_desktop.games.dice.table.netsource.public_view`); prints the
mean and p99 in milliseconds beside the baseline of building the same seat's ``PlayerView`` with
``Game.view`` in the same run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.rules.prompt import prompt_from_view
from tortuga_desktop.games.dice.table.netsource import public_view


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    prompt: list[float] = []
    public: list[float] = []
    base: list[float] = []
    for seed in range(args.games):
        g = Game.new(4, seed, log=True)
        rng = random.Random(seed)
        while not g.is_over:
            t0 = time.perf_counter()
            v0 = g.view(0)
            t1 = time.perf_counter()
            prompt_from_view(v0)
            t2 = time.perf_counter()
            public_view(v0)
            t3 = time.perf_counter()
            base.append(t1 - t0)
            prompt.append(t2 - t1)
            public.append(t3 - t2)
            d = g.pending()[0]
            g.apply(d.seat, g.random_action(d.seat, rng))

    def fmt(xs: list[float]) -> str:
        xs = sorted(xs)
        return f"mean {statistics.mean(xs) * 1000:.2f} ms, p99 {xs[int(len(xs) * 0.99)] * 1000:.2f} ms"

    print(f"updates: {len(prompt)}")
    print(f"baseline Game.view(seat):        {fmt(base)}")
    print(f"the seat's prompt from its view: {fmt(prompt)}")
    print(f"the public view from its view:   {fmt(public)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
