"""Time from process start to the main menu's first frame, median of N runs.

    python -m scripts.startup_bench [--runs 5] [--exe dist/tortuga]      # one-file build
    python -m scripts.startup_bench [--runs 5] [--baseline HEAD~1]       # from source, beside a baseline

From source, the same runs are made of a baseline commit (``--baseline``, default the previous
commit; ``--baseline none`` skips it) checked out in a temporary ``git worktree`` (with this tree's
compiled kernel files copied in, as a build would have them), alternating with this tree's runs so
that both see the same machine; the two medians are printed side by side.

The clock runs from spawning the process (so a one-file build's unpacking counts) to the
line ``timing: first frame shown`` that the app prints with ``--timing`` once the first frame
is on screen; ``--exit-after-first-frame`` then closes it. Run under Xvfb for a real window,
or with SDL_VIDEODRIVER=dummy.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def one_run(cmd: list[str], env: dict[str, str], cwd: Path | None = None) -> float:
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=cwd)
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


#: files a source tree has once built (ignored by git): copied into the baseline's worktree
BUILT = ("tortuga_desktop/games/dice/ai/*.so", "tortuga_desktop/games/dice/ai/_kernel_build.json", "tortuga_kernel__mypyc*.so")


def _baseline_tree(rev: str) -> Path:
    """A temporary worktree of ``rev`` with this tree's built files."""
    folder = Path(tempfile.mkdtemp(prefix="tortuga-bench-base-")) / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(folder), rev], check=True)
    for pattern in BUILT:
        for f in ROOT.glob(pattern):
            target = folder / f.relative_to(ROOT)
            if not target.parent.is_dir():  # an older layout: its compiled modules are named otherwise
                print(f"note: {rev} has no {target.parent.relative_to(folder)}; its compiled kernel is not copied")
                continue
            shutil.copy2(f, target)
    return folder


def _summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.3f} s over {len(times)} runs; runs {', '.join(f'{t:.3f}' for t in times)}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--exe", default=None, help="the executable to time (default: python -m tortuga_desktop)")
    ap.add_argument("--baseline", default="HEAD~1",
                    help="from source: also time this commit, in the same run (default HEAD~1; 'none': skip)")
    args = ap.parse_args()
    cmd = [args.exe] if args.exe else [sys.executable, "-m", "tortuga_desktop"]
    cmd += ["--timing", "--exit-after-first-frame", "--mute"]
    env = dict(os.environ, TORTUGA_HOME=tempfile.mkdtemp(prefix="tortuga-bench-"))
    # A player's second start finds the compiled bytecode its first start wrote; a shell that
    # forbids writing it (PYTHONDONTWRITEBYTECODE) would time compiling every module instead.
    if env.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        print("note: PYTHONDONTWRITEBYTECODE is set here; the timed starts may write bytecode, as a player's would")
    trees: dict[str, Path] = {"this tree": ROOT}
    if not args.exe and args.baseline != "none":
        rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.baseline], capture_output=True,
                             text=True, check=True).stdout.strip()
        trees[f"baseline {args.baseline} ({rev})"] = _baseline_tree(args.baseline)
    try:
        envs = {k: dict(env, PYTHONPATH=str(tree)) for k, tree in trees.items()}
        for k, tree in trees.items():  # warm the file cache, as a second start would be
            one_run(cmd, envs[k], cwd=tree)
        times: dict[str, list[float]] = {k: [] for k in trees}
        for _ in range(args.runs):  # alternating: both see the same machine
            for k, tree in trees.items():
                times[k].append(one_run(cmd, envs[k], cwd=tree))
    finally:
        for tree in trees.values():
            if tree != ROOT:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    label = args.exe or "source"
    for k in trees:
        print(f"startup to first frame ({label}, {k}): {_summary(times[k])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
