"""Wait in tests until the screens' worker threads are done (lists read, files loaded)."""

from __future__ import annotations

import time
from typing import Any


def busy(app: Any) -> bool:
    """Some scene on the stack is still reading or loading on a worker thread."""
    return any(getattr(s, "busy", False) for s in app.scenes)


def settle(app: Any, timeout: float = 60.0, frames: int = 2) -> None:
    """Run frames until no scene is busy (at most ``timeout`` seconds), then ``frames`` more."""
    deadline = time.monotonic() + timeout
    while busy(app) and time.monotonic() < deadline and app.exit_code is None:
        app.run(max_frames=1)
        time.sleep(0.002)
    assert not busy(app), "a screen's worker did not finish"
    if app.exit_code is None:
        app.run(max_frames=frames)
