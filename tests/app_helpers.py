"""Helpers shared by the app tests."""

from __future__ import annotations

import time
from typing import Any

from tortuga_desktop.shell.main import build_parser
from tortuga_desktop.shell.start import make_app


def start_app(*args: str) -> Any:
    """The real app from command-line arguments (muted, 1280x720, fixed 60 fps steps), two frames in
    (and, when it opens a file - ``PATH``, ``--replay`` - until that file is opened or refused)."""
    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720", *args]))
    app.fixed_dt = 1 / 60
    app.run(max_frames=2)
    settle_opening(app)
    return app


def settle_opening(app: Any, timeout: float = 60.0) -> None:
    """Run frames until no file is being opened on a worker thread (``tortuga PATH``, ``--replay``)."""
    deadline = time.monotonic() + timeout
    while any(getattr(s, "name", "") == "opening" for s in app.scenes):  # shell.scenes.opening.OpeningScene
        assert time.monotonic() < deadline, "the file was still being opened"
        app.run(max_frames=1)
        time.sleep(0.002)


def choose_game(app: Any, key: str = "tortuga") -> None:
    """Answer the game chooser (New game, Watch a demo, Rules ask which game when there are
    several) with the game ``key`` — the dice game unless told — and run a frame."""
    from tortuga_desktop.shell.scenes.chooser import GameChooser

    app.run(max_frames=1)
    chooser = app.top
    assert isinstance(chooser, GameChooser), f"expected the game chooser, not {chooser.name}"
    chooser.choose([m.key for m in chooser.games].index(key))
    app.run(max_frames=1)


def new_dice_game(app: Any) -> None:
    """The main menu's New game, then the dice game in the chooser: its setup screen is on top."""
    app.top.new_game()
    choose_game(app, "tortuga")
