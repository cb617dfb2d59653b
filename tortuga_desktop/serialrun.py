"""Arena runs one game at a time that stop cleanly (both games' arenas, ``--workers 1``).

A SIGTERM (as ``timeout`` sends) or Ctrl+C stops the run after the game in progress; only the
seeds whose games all finished are kept, so a seed's rotations or team swaps stay together.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Sequence
from typing import TypeVar

J = TypeVar("J")
R = TypeVar("R")

#: set by SIGTERM: the run stops after the game in progress
STOP: list[bool] = [False]


def _stop(_signum: int, _frame: object) -> None:
    STOP[0] = True


def stop_on_sigterm() -> None:
    """Let SIGTERM stop a serial run after the game in progress (call from a command's main)."""
    signal.signal(signal.SIGTERM, _stop)


def run_serial(jobs: Sequence[J], run: Callable[[J], R], per_seed: int,
               done: Callable[[list[R]], None] | None = None) -> tuple[list[R], bool]:
    """Play ``jobs`` in order with ``run`` until SIGTERM or Ctrl+C asks to stop, calling ``done``
    with the results so far after each game; keep only the seeds whose ``per_seed`` consecutive
    games all finished. Returns the results and whether the run stopped early."""
    results: list[R] = []
    for j in jobs:
        if STOP[0]:
            break
        try:
            results.append(run(j))
        except KeyboardInterrupt:
            break
        if done is not None:
            done(results)
    if len(results) == len(jobs):
        return results, False
    del results[len(results) - len(results) % per_seed:]
    return results, True


__all__ = ["STOP", "run_serial", "stop_on_sigterm"]
