"""``python -m tortuga_desktop`` starts the game (same as the ``tortuga`` command)."""

from __future__ import annotations

import multiprocessing
import sys

from tortuga_desktop.shell.main import main  # absolute: also the PyInstaller entry script

if __name__ == "__main__":
    # the built executable is also the computer players' worker process (ai/workers.py):
    # started as one, it runs the worker here instead of the game
    multiprocessing.freeze_support()
    sys.exit(main())
