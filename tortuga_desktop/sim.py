"""Headless simulator: ``python -m tortuga_desktop.sim [--game KEY] ...`` (the dice game by default)."""

from __future__ import annotations

import sys

from tortuga_desktop.games.dice.sim import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
