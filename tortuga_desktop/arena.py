"""Bot arena: ``python -m tortuga_desktop.arena [--game KEY] ...`` (the dice game's arena by default)."""

from __future__ import annotations

import sys

from tortuga_desktop.games.dice.arena import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
