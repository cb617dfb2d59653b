"""``python -m tortuga_desktop`` starts the game (same as the ``tortuga`` command)."""

from __future__ import annotations

import sys

from tortuga_desktop.app.main import main  # absolute: also the PyInstaller entry script

if __name__ == "__main__":
    sys.exit(main())
