"""Time from process start to the main menu's first frame, median of N runs.

    python -m scripts.startup_bench [--runs 5] [--exe dist/tortuga]      # one-file build
    python -m scripts.startup_bench [--runs 5]                           # from source

The clock runs from spawning the process (so a one-file build's unpacking counts) to the
line ``timing: first frame shown`` that the app prints with ``--timing`` once the first frame
is on screen; ``--exit-after-first-frame`` then closes it. Run under Xvfb for a real window,
or with SDL_VIDEODRIVER=dummy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def one_run(cmd: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    assert proc.stdout is not None
    elapsed = float("nan")
    for line in proc.stdout:
        if line.startswith("timing: first frame shown"):
            elapsed = time.perf_counter() - t0
            break
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    return elapsed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--exe", default=None, help="the executable to time (default: python -m tortuga_desktop)")
    args = ap.parse_args()
    cmd = [args.exe] if args.exe else [sys.executable, "-m", "tortuga_desktop"]
    cmd += ["--timing", "--exit-after-first-frame", "--mute"]
    env = dict(os.environ, TORTUGA_HOME=tempfile.mkdtemp(prefix="tortuga-bench-"))
    one_run(cmd, env)  # warm the file cache, as a second start would be
    times = [one_run(cmd, env) for _ in range(args.runs)]
    label = args.exe or "source"
    print(f"startup to first frame ({label}): median {statistics.median(times):.3f} s over {len(times)} runs; "
          f"runs {', '.join(f'{t:.3f}' for t in times)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
