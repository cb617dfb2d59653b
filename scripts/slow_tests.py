"""Run the slow tests (``pytest -m slow``, left out of the default run and of CI) one by one and
print, for each, whether it passed and how long it took (wall clock and CPU seconds).

    python -m scripts.slow_tests            # every slow test, one after the other
    python -m scripts.slow_tests --list     # which tests are slow
    python -m scripts.slow_tests -k replay --timeout 600

Each test runs in its own ``python -m pytest -n 0 -m slow NODE`` process (the default run's
options, no test workers), so one test's time is its own; CPU is the process's and its worker
processes' user + system time. A test still running after ``--timeout`` seconds is stopped
(with its worker processes) and reported as TIMEOUT. The exit status is 1 when a test did not
pass.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from scripts import harness

ROOT = Path(__file__).resolve().parents[1]
PYTEST = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-m", "slow"]


@dataclass(frozen=True)
class Outcome:
    test: str
    #: "passed", "failed", "skipped" or "timeout"
    result: str
    wall_s: float
    cpu_s: float
    #: the last lines pytest printed (empty when it passed)
    tail: str = ""


def slow_tests(select: str | None = None) -> list[str]:
    """The node ids of the slow tests (``select``: a pytest ``-k`` expression)."""
    cmd = [*PYTEST, "--collect-only"] + (["-k", select] if select else [])
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    if out.returncode not in (0, 5):  # 5: nothing collected
        raise SystemExit(f"collecting the slow tests failed:\n{out.stdout}{out.stderr}")
    return [line.strip() for line in out.stdout.splitlines() if "::" in line and not line.startswith(" ")]


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return float(r.ru_utime + r.ru_stime)


def run_one(test: str, timeout_s: float) -> Outcome:
    """Run one test in its own pytest process (its own process group, stopped whole on timeout)."""
    cpu0, t0 = _children_cpu(), time.perf_counter()
    proc = subprocess.Popen([*PYTEST, "-rs", test], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    try:
        output, _ = proc.communicate(timeout=timeout_s)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        output, _ = proc.communicate()
        timed_out = True
    wall, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    if timed_out:
        result = "timeout"
    elif proc.returncode == 0:
        result = "skipped" if "SKIPPED" in output or " skipped" in output else "passed"
    else:
        result = "failed"
    tail = "" if result == "passed" else "\n".join(output.strip().splitlines()[-15:])
    return Outcome(test, result, round(wall, 1), round(cpu, 1), tail)


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, json=True)
    ap.add_argument("--list", action="store_true", help="only list the slow tests")
    ap.add_argument("-k", dest="select", metavar="EXPR", help="only the slow tests matching this pytest -k expression")
    ap.add_argument("--timeout", type=float, default=3600.0,
                    help="stop a test after this many seconds of wall-clock time (default 3600)")
    args = ap.parse_args(argv)
    tests = slow_tests(args.select)
    if args.list:
        harness.report(args, {"tests": tests}, tests or ["no slow test"])
        return 0
    outcomes: list[Outcome] = []
    for test in tests:
        o = run_one(test, args.timeout)
        outcomes.append(o)
        if not args.json:
            print(f"{o.result.upper():8} {o.wall_s:8.1f} s wall {o.cpu_s:8.1f} s CPU  {test}", flush=True)
            if o.tail:
                print("    " + o.tail.replace("\n", "\n    "), flush=True)
    bad = [o for o in outcomes if o.result != "passed"]
    total_wall = sum(o.wall_s for o in outcomes)
    total_cpu = sum(o.cpu_s for o in outcomes)
    not_passed = "".join(f", {o.result} {o.test}" for o in bad)
    summary = (f"{len(outcomes)} slow tests: {len(outcomes) - len(bad)} passed{not_passed}; "
               f"{total_wall:.0f} s wall, {total_cpu:.0f} s CPU")
    harness.report(args, {"tests": [asdict(o) for o in outcomes], "wall_s": round(total_wall, 1),
                          "cpu_s": round(total_cpu, 1)}, summary)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
