"""Where computer players think in this program, for every game: in worker processes (also in
the one-file executable, which starts itself again as its workers). Tests that inject or patch
computer players in their own process switch :data:`ENABLED` off (tests/conftest.py). Pure Python."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from types import FrameType
from typing import Any

__all__ = ["ENABLED", "FROZEN", "share_the_interpreter", "thinking_mode"]

#: True when the program runs as the one-file executable (PyInstaller)
FROZEN = bool(getattr(sys, "frozen", False))
#: the game's computer players think in worker processes (tests that inject or patch bots in
#: the test's own process turn it off: tests/conftest.py). In the one-file executable too: its
#: workers run from the game's unpacked folder, so no worker is started once the program begins to
#: exit and every worker has ended before it does (shell/thinkhost.py, ThinkHost.shutdown).
ENABLED = True


def thinking_mode(fallback: str = "") -> str:
    """How computer players think in this program (``tortuga --version`` prints it); ``fallback``:
    why worker processes cannot think on this machine ("" when they can), so a thread of the game's
    process does."""
    if ENABLED and not fallback:
        return "computer players think in worker processes"
    why = f" ({fallback})" if ENABLED and fallback else ""
    return f"computer players think on a thread of the game's process{why}"


#: how much lower the search thread's scheduling priority is than the window's (Linux ``nice``, as
#: the worker processes' ``WORKER_NICE``)
THREAD_NICE = 10


def share_the_interpreter(every_s: float = 0.002, pause_s: float = 0.0005) -> None:
    """Make the calling thread (a search on a thread of the window's process) let go of the
    interpreter for ``pause_s`` after each ``every_s`` of work, and run at a lower scheduling
    priority (Linux), so the frame loop gets its turns as it does beside a worker process.

    Compiled search code (the playout kernel) does not give the interpreter lock up at the usual
    switch interval; a profile hook on this thread only, called at Python function calls, sleeps
    briefly once ``every_s`` has passed. Measured with an Expert search on a thread beside a loop
    that sleeps 4 ms: gaps p50 20.5 ms, max 52 ms without the hook; p50 8.0 ms, max 33 ms with it
    (the loop alone: p50 4.1 ms, max 30 ms on that busy machine)."""
    clock, sleep = time.perf_counter, time.sleep
    last = clock()

    def hook(_frame: FrameType, event: str, _arg: Any) -> None:
        nonlocal last
        if event == "call":
            now = clock()
            if now - last > every_s:
                sleep(pause_s)
                last = clock()

    sys.setprofile(hook)
    if sys.platform.startswith("linux"):  # a Linux thread has its own priority, as a worker process does
        with contextlib.suppress(OSError):
            tid = threading.get_native_id()
            os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + THREAD_NICE))
