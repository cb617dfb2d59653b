"""Draw times of the 1667 table renderer, beside the dice game's table renderer measured in the same run.

    nice -n 10 python -m scripts.table1667_bench [--players 9] [--size 1920x1080] [--seed 6]

A seeded random 1667 game is played and seat 0's view (with its decision panel) is drawn after every
decision ("new view": the parts of the table that changed are drawn again), then drawn again five times
unchanged ("same view": the cached frame). The baseline is the dice table (rules.Game, 4 players)
drawn the same way. Prints median and p99 in milliseconds.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tortuga_desktop.games.dice import rules  # noqa: E402
from tortuga_desktop.games.dice.table.render.table import TableRenderer  # noqa: E402
from tortuga_desktop.games.t1667.rules import Game  # noqa: E402
from tortuga_desktop.games.t1667.table.panel import panel_for  # noqa: E402
from tortuga_desktop.games.t1667.table.render import Table1667Renderer  # noqa: E402


def _figures(ms: list[float]) -> str:
    ms = sorted(ms)
    return f"median {statistics.median(ms):.2f} ms, p99 {ms[min(len(ms) - 1, int(0.99 * len(ms)))]:.2f} ms (n={len(ms)})"


def bench_1667(players: int, size: tuple[int, int], seed: int) -> tuple[list[float], list[float]]:
    g = Game.new(players, seed)
    rng = random.Random(seed)
    r = Table1667Renderer(size, players)
    surf = pygame.Surface(size)
    new: list[float] = []
    same: list[float] = []
    while not g.is_over and len(new) < 200:
        view = g.view(0)
        panel = panel_for(view, g.legal_actions(0))
        t = time.perf_counter()
        r.draw(surf, view, panel)
        new.append((time.perf_counter() - t) * 1000)
        for _ in range(5):
            t = time.perf_counter()
            r.draw(surf, view, panel)
            same.append((time.perf_counter() - t) * 1000)
        pend = g.pending()
        seat = pend[rng.randrange(len(pend))].seat
        legal = g.legal_actions(seat)
        g.apply(seat, legal[rng.randrange(len(legal))])
    return new[1:], same


def bench_dice(size: tuple[int, int], seed: int, frames: int) -> list[float]:
    g = rules.Game.new(4, seed=seed)
    rng = random.Random(seed)
    r = TableRenderer(size, 4)
    surf = pygame.Surface(size)
    out: list[float] = []
    while not g.is_over and len(out) < frames:
        t = time.perf_counter()
        r.draw(surf, g.view(0))
        out.append((time.perf_counter() - t) * 1000)
        d = g.pending()[0]
        legal = g.legal_actions(d.seat)
        g.apply(d.seat, legal[rng.randrange(len(legal))])
    return out[1:]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=9)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--seed", type=int, default=6)
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    pygame.display.init()
    pygame.font.init()
    new, same = bench_1667(args.players, (w, h), args.seed)
    base = bench_dice((w, h), args.seed, len(new))
    print(f"1667 table, {args.players} seats, {w}x{h}, new view:  {_figures(new)}")
    print(f"1667 table, {args.players} seats, {w}x{h}, same view: {_figures(same)}")
    print(f"baseline: dice table, 4 seats, {w}x{h}, every decision: {_figures(base)}")


if __name__ == "__main__":
    main()
