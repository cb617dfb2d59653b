"""How long the frame loop waits when the disk is slow or broken (issue 16): plays a demo
game headless while every file write takes ``--delay`` seconds (or fails), and prints the
work per frame and how long quitting took.

    SDL_VIDEODRIVER=dummy python -m scripts.slow_disk_bench [--delay 0.5] [--fail]

With all writing on the background writer, the longest frame stays far below ``--delay``
and quitting waits at most ``loop.QUIT_WAIT_S`` for writes still pending.
"""

from __future__ import annotations

import errno
import logging
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from scripts import harness

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=3)
    ap.add_argument("--delay", type=float, default=0.5, help="seconds every file write takes")
    ap.add_argument("--fail", action="store_true", help="every write then fails with ENOSPC")
    args = ap.parse_args(argv)
    logging.getLogger("tortuga_desktop").addHandler(logging.NullHandler())  # refusals are expected here
    os.environ["TORTUGA_HOME"] = tempfile.mkdtemp(prefix="tortuga-slow-")

    from tortuga_desktop.shell import loop, paths
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.start import make_app

    real = paths.atomic_write_text
    on_frame_thread: list[str] = []
    main_thread = threading.current_thread()

    def slow(path: Path, text: str, **kw: Any) -> None:
        if threading.current_thread() is main_thread:
            on_frame_thread.append(str(path))
        time.sleep(args.delay)
        if args.fail:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text, **kw)

    paths.atomic_write_text = slow  # type: ignore[assignment]
    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720", "--demo", "--players", "3",
                                              "--seed", str(args.seed), "--speed", "instant"]))
    app.fixed_dt = 1 / 60
    worst = 0.0
    frames = 0
    t_end = time.monotonic() + 120
    while app.top is not None and app.top.name != "results" and time.monotonic() < t_end:
        t0 = time.perf_counter()
        app.step(1 / 60)
        worst = max(worst, time.perf_counter() - t0)
        frames += 1
    # a game with a SaveData (the demo has none): autosave + archive through the app
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig

    data = SetupConfig.default().create_game()
    app.session.play(data)
    t_stop = time.monotonic() + 3 * args.delay + 0.5  # run frames while the writer works
    while time.monotonic() < t_stop:
        t0 = time.perf_counter()
        app.step(1 / 60)
        worst = max(worst, time.perf_counter() - t0)
        frames += 1
        time.sleep(1 / 120)
    notices = [n.text for n in app.notices]
    t0 = time.perf_counter()
    app.close()
    quit_s = time.perf_counter() - t0
    print(f"slow_disk_bench: writes take {args.delay:.2f} s{' and fail' if args.fail else ''}; {frames} frames, "
          f"longest frame {worst * 1000:.1f} ms; writes on the frame thread: {len(on_frame_thread)}; "
          f"quitting took {quit_s:.2f} s (limit {loop.QUIT_WAIT_S} s); notices: {len(notices)}; "
          f"unsaved at quit: {app.unsaved}")
    return 0 if not on_frame_thread and worst < args.delay else 1


if __name__ == "__main__":
    sys.exit(main())
