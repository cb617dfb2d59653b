"""What the scripts share: the common options (``--seed``, ``--workers``, ``--json``), jobs run
in worker processes, and figures printed as text or as one JSON object.

    ap = harness.parser(__doc__, seed=1, workers=2, json=True)
    args = ap.parse_args(argv)
    for result in harness.run_jobs(play_chunk, jobs, args.workers): ...
    harness.report(args, figures, lines)

Run a script from the repository root as a module: ``python -m scripts.NAME``.
"""

from __future__ import annotations

import argparse
import json as json_module
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

from tortuga_desktop.games.dice.rules import Game, PlayerView
from tortuga_desktop.games.dice.sim import derive_seed

__all__ = ["derive_seed", "parser", "report", "run_jobs", "seat_views"]

J = TypeVar("J")
R = TypeVar("R")


def parser(doc: str | None, *, seed: int | None = None, workers: int | None = None,
           json: bool = False) -> argparse.ArgumentParser:
    """An argument parser described by the first paragraph of ``doc`` with the shared options
    asked for: ``--seed`` (its default), ``--workers`` (worker processes, its default) and
    ``--json`` (print one JSON object instead of lines)."""
    ap = argparse.ArgumentParser(description=(doc or "").strip().split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    if seed is not None:
        ap.add_argument("--seed", type=int, default=seed, help=f"the first seed (default {seed}); same seed, same run")
    if workers is not None:
        ap.add_argument("--workers", type=_at_least_one, default=workers,
                        help=f"worker processes (default {workers}); 1 runs everything in this process")
    if json:
        ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    return ap


def _at_least_one(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def run_jobs(fn: Callable[[J], R], jobs: Iterable[J], workers: int, *, ordered: bool = True,
             chunksize: int = 1) -> Iterator[R]:
    """``fn`` over ``jobs``: in this process with one worker, else in ``workers`` processes
    (``fn`` and the jobs must pickle: a module-level function). ``ordered`` False yields
    results as they finish."""
    if workers <= 1:
        yield from map(fn, jobs)
        return
    with ProcessPoolExecutor(workers) as pool:
        if ordered:
            yield from pool.map(fn, jobs, chunksize=chunksize)
            return
        futures = [pool.submit(fn, job) for job in jobs]
        for f in as_completed(futures):
            yield f.result()


def report(args: argparse.Namespace, figures: dict[str, Any], lines: Sequence[str] | str) -> None:
    """Print ``figures`` as one JSON object when ``--json`` was given, else ``lines``."""
    if getattr(args, "json", False):
        print(json_module.dumps(figures))
        return
    print(lines if isinstance(lines, str) else "\n".join(lines))


def seat_views(players: int, games: int, seed: int, level: str = "normal", every: int = 3) -> list[PlayerView]:
    """Seat 0's view at every ``every``-th of its decisions with a choice, in ``games`` games
    between bots of ``level`` (game ``i``: seed ``seed + i``, seat ``s``'s bot ``seed + 10 * i + s``)."""
    from tortuga_desktop.games.dice.ai import make_bot

    out: list[PlayerView] = []
    for gi in range(games):
        g = Game.new(players, seed + gi, log=False)
        bots = [make_bot(level, seed + 10 * gi + s) for s in range(players)]
        mine = 0
        while not g.is_over:
            d = g.pending()[0]
            if d.seat == 0 and len(g.legal_actions(0)) > 1:
                if mine % every == 0:
                    out.append(g.view(0))
                mine += 1
            g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    return out
