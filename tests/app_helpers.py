"""Helpers shared by the app tests."""

from __future__ import annotations

from typing import Any

from tortuga_desktop.app.main import build_parser
from tortuga_desktop.app.start import make_app


def start_app(*args: str) -> Any:
    """The real app from command-line arguments (muted, 1280x720, fixed 60 fps steps), two frames in."""
    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720", *args]))
    app.fixed_dt = 1 / 60
    app.run(max_frames=2)
    return app
