"""What the command line asks of the window program: :class:`AppOptions` (the App's
``options``), made from the parsed arguments by :meth:`AppOptions.from_args`."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

__all__ = ["AppOptions"]


@dataclass
class AppOptions:
    """The window program's command-line options (``tortuga --help``); the defaults are a
    start without options (tests make the App with none)."""

    #: the animation speed asked for (None: the settings' own); changed with the settings
    speed: str | None = None
    #: no sound, whatever the settings say
    mute: bool = False
    #: a picture of the window at the results screen
    screenshot: str | None = None
    #: a folder for a picture of the table at every phase
    screenshot_every_phase: str | None = None
    #: quit with status 0 at the results screen
    exit_after_game: bool = False
    #: quit once the first frame is on screen (the start-up bench)
    exit_after_first_frame: bool = False
    #: print frame-time figures at exit
    timing: bool = False
    #: the demo game's seed and players (the title screen's demo uses them too)
    seed: int | None = None
    players: int = 4

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> AppOptions:
        """The options of a parsed command line (:func:`.main.build_parser`)."""
        return cls(speed=args.speed, mute=bool(args.mute), screenshot=args.screenshot,
                   screenshot_every_phase=args.screenshot_every_phase, exit_after_game=bool(args.exit_after_game),
                   exit_after_first_frame=bool(args.exit_after_first_frame), timing=bool(args.timing),
                   seed=args.seed, players=int(args.players or 4))
