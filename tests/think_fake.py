"""Tasks for the thinking host's tests (tortuga_desktop/shell/thinkhost.py): imported by path in its workers."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from tortuga_desktop.shell import thinkhost

PATH = "think_fake"


def crash() -> None:
    """Ends the worker process (on the host's thread it fails instead: the test's own process goes on)."""
    if not thinkhost.IN_WORKER:
        raise RuntimeError("a crash task does not end the game's own process")
    os._exit(3)


def count(state: dict[str, Any]) -> tuple[int, int]:
    """A home's task: how many times it was asked in this home, and where it ran."""
    state["n"] = state.get("n", 0) + 1
    return state["n"], os.getpid()


def nap(seconds: float, deadline: float | None = None,
        progress: Callable[[float], None] | None = None) -> tuple[int, float | None]:
    """Sleeps (until ``deadline`` at the latest), reporting its progress."""
    end = time.perf_counter() + seconds if deadline is None else min(deadline, time.perf_counter() + seconds)
    while time.perf_counter() < end:
        time.sleep(0.01)
        if progress is not None:
            progress(0.5)
    return os.getpid(), deadline


def home_nap(state: dict[str, Any], seconds: float) -> int:
    """A home's task that sleeps."""
    state["napped"] = True
    time.sleep(seconds)
    return os.getpid()
