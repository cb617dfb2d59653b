"""``python -m tortuga_desktop`` starts the game (same as the ``tortuga`` command)."""

from __future__ import annotations

import multiprocessing
import sys

if __name__ == "__main__":
    # The one-file executable is also its computer players' worker process (shell/thinkhost.py): started
    # as one, it runs the worker here and exits, before the program is imported (PyInstaller's rule
    # for multiprocessing: freeze_support first, so a worker loads only what its task needs).
    multiprocessing.freeze_support()

from tortuga_desktop.shell.main import main  # noqa: E402  (absolute: also the PyInstaller entry script)

if __name__ == "__main__":
    sys.exit(main())
