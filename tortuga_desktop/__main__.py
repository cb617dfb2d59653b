"""``python -m tortuga_desktop`` starts the game (same as the ``tortuga`` command)."""

from __future__ import annotations

import sys

from .app.main import main

if __name__ == "__main__":
    sys.exit(main())
