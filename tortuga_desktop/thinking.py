"""Where computer players think in this program, for every game: in worker processes, or on a
thread of the game's own process (the one-file executable). Tests that inject or patch computer
players in their own process switch :data:`ENABLED` off (tests/conftest.py). Pure Python."""

from __future__ import annotations

import sys

__all__ = ["ENABLED", "FROZEN", "thinking_mode"]

#: True when the program runs as the one-file executable (PyInstaller)
FROZEN = bool(getattr(sys, "frozen", False))
#: the game's computer players think in worker processes (tests that inject or patch bots in
#: the test's own process turn it off: tests/conftest.py). Not in the one-file executable yet:
#: there its worker processes start from the running game's unpacked folder, which a game that
#: ends removes under a worker still starting, and a 4-player demo stalled in CI; it thinks on a
#: thread of the game's process as before, and ``tortuga --version`` says so.
ENABLED = not FROZEN


def thinking_mode() -> str:
    """How computer players think in this program (``tortuga --version`` prints it)."""
    if ENABLED:
        return "computer players think in worker processes"
    return "computer players think on a thread (the one-file executable)"
