"""Where computer players think in this program, for every game: in worker processes (also in
the one-file executable, which starts itself again as its workers). Tests that inject or patch
computer players in their own process switch :data:`ENABLED` off (tests/conftest.py). Pure Python."""

from __future__ import annotations

import sys

__all__ = ["ENABLED", "FROZEN", "thinking_mode"]

#: True when the program runs as the one-file executable (PyInstaller)
FROZEN = bool(getattr(sys, "frozen", False))
#: the game's computer players think in worker processes (tests that inject or patch bots in
#: the test's own process turn it off: tests/conftest.py). In the one-file executable too: its
#: workers run from the game's unpacked folder, so no worker is started once the program begins to
#: exit and every worker has ended before it does (ai/workers.py, ThinkPool.shutdown).
ENABLED = True


def thinking_mode() -> str:
    """How computer players think in this program (``tortuga --version`` prints it)."""
    if ENABLED:
        return "computer players think in worker processes"
    return "computer players think on a thread of the game's process"
