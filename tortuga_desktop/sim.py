"""``python -m tortuga_desktop.sim [--game NAME] ...``: the sim of any game this program holds (the dice
game's without ``--game``; ``--game 1667`` Tortuga 1667's). Each game's own options follow; ``--help``
after the game's name lists them."""

from __future__ import annotations

import sys

from tortuga_desktop.games import run_tool


def main(argv: list[str] | None = None) -> int:
    """Run the named game's sim with the remaining arguments."""
    return run_tool("sim", argv)


__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
