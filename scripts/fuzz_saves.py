"""Fuzz the save loader through the app (issue 16): damaged and hostile save files through
``read_save``, ``tortuga PATH``, *Continue* and *Load game*, headless.

    SDL_VIDEODRIVER=dummy python -m scripts.fuzz_saves [--damage 200] [--seed 1]

Prints the cases tried, how many were refused with a message or accepted, and every failure
(a crash, a message that does not name the file, a changed file, a hang). Each case is bounded
in time: one that runs longer than ``--hang`` seconds is stopped (an alarm interrupts it) and
counted as a hang, and the run goes on; one that cannot even be interrupted stops the run with
a traceback (faulthandler, at twice the bound). Also tries a FIFO, a folder, an unreadable file
and a file name that is not UTF-8, and (issues 16.5, 24.1, 24.2) every impossible or stuck
state and tampered record of ``save_corpus.record_cases`` — among them the record-less hang (a
roller without dice) and crash (the actions phase at a sixth action) — which must all be
refused. Exit status 1 if anything failed.
"""

from __future__ import annotations

import faulthandler
import logging
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from scripts import harness

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=1)
    ap.add_argument("--damage", type=int, default=200, help="truncations and byte-flip files (each)")
    ap.add_argument("--hang", type=float, default=30.0, help="seconds one case may take before it counts as a hang")
    args = ap.parse_args(argv)
    logging.getLogger("tortuga_desktop").addHandler(logging.NullHandler())  # refusals are expected here
    home = Path(tempfile.mkdtemp(prefix="tortuga-fuzz-"))
    os.environ["TORTUGA_HOME"] = str(home / "home")

    from tortuga_desktop.devtools.save_corpus import check_case, corpus, record_cases
    from tortuga_desktop.games.dice.table import savefile as dsave
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.shell import saves
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.saves import SeatConfig
    from tortuga_desktop.shell.scenes.menu import MenuScene
    from tortuga_desktop.shell.start import make_app

    data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1),
                              SeatConfig("Clara", "hard", 2)], seed=args.seed).create_game()
    rng = random.Random(args.seed)
    g = data.game
    for _ in range(20):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    doc = data.to_dict()
    doc["saved_at"] = "2026-01-01T00:00:00+00:00"
    cases = corpus(doc, rng, args.damage)
    #: issue 16.5: impossible/stuck states and tampered records, each of which must be refused
    must_refuse = list(record_cases(doc))
    outside = home / "outside"
    outside.mkdir()
    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720"]))
    app.fixed_dt = 1 / 60
    failures: list[str] = []
    refused = accepted = 0
    hangs = 0
    t0 = time.perf_counter()

    @contextmanager
    def bounded(label: str) -> Iterator[None]:
        nonlocal hangs
        faulthandler.dump_traceback_later(2 * args.hang, exit=True)  # the backstop: not interruptible
        try:
            with _alarm(args.hang):
                yield
        except CaseTimeout:
            hangs += 1
            failures.append(f"{label}: still running after {args.hang:g} s (a hang)")
            try:
                app.clear_to(MenuScene())
            except Exception as exc:
                failures.append(f"{label}: the app could not go back to the menu: {type(exc).__name__}")
        finally:
            faulthandler.cancel_dump_traceback_later()

    try:
        for label, blob in cases:
            with bounded(label):
                (outside / "case.json").write_bytes(blob)
                try:
                    dsave.read_save(outside / "case.json")
                    accepted += 1
                except saves.SaveError:
                    refused += 1
                except Exception as exc:
                    failures.append(f"{label}: read_save raised {type(exc).__name__}")
                failures += check_case(app, label, blob, outside)
        for label, blob in must_refuse:
            with bounded(label):
                failures += check_case(app, label, blob, outside, must_refuse=True)
                refused += 1
        special = _special_files(outside)
        for label, path in special:
            faulthandler.dump_traceback_later(args.hang, exit=True)
            from tortuga_desktop.shell.start import open_save

            try:
                open_save(app, path)
                app.run(max_frames=2)
                text = str(getattr(app.top, "text", ""))
                from tortuga_desktop.shell import paths

                if app.top.name != "message" or paths.display_name(path) not in text:
                    failures.append(f"{label}: no message naming the file ({app.top.name})")
                refused += 1
            except Exception as exc:
                failures.append(f"{label}: crashed: {type(exc).__name__}: {exc!a}"[:200])
            faulthandler.cancel_dump_traceback_later()

            app.clear_to(MenuScene())
    finally:
        app.close()
    n = len(cases) + len(must_refuse) + len(special)
    print(f"fuzz_saves: {n} files x 4 routes (read_save, tortuga PATH, Continue, Load) in "
          f"{time.perf_counter() - t0:.1f} s: {refused} refused with a message, {accepted} still valid, "
          f"{len(failures)} failures, {hangs} hangs ({len(must_refuse)} impossible, stuck or tampered "
          f"states among them, each bounded to {args.hang:g} s)")
    for f in failures[:50]:
        print("  FAIL", f)
    return 1 if failures else 0


class CaseTimeout(BaseException):
    """A case ran past its time bound (a BaseException, so the app's own handlers let it through)."""


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Interrupt the main thread with :class:`CaseTimeout` after ``seconds``."""

    def fire(_sig: int, _frame: object) -> None:
        raise CaseTimeout

    old: Callable[..., object] | int | None = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _special_files(folder: Path) -> list[tuple[str, Path]]:
    out: list[tuple[str, Path]] = []
    if hasattr(os, "mkfifo"):
        fifo = folder / "pipe.json"
        os.mkfifo(fifo)
        out.append(("FIFO", fifo))
    d = folder / "folder.json"
    d.mkdir()
    out.append(("a folder", d))
    bad = folder / os.fsdecode(b"bad-\xff\xfe.json")
    bad.write_bytes(b"{}")
    out.append(("non-UTF-8 name, existing", bad))
    out.append(("non-UTF-8 name, missing", folder / os.fsdecode(b"gone-\xff.json")))
    locked = folder / "locked.json"
    locked.write_bytes(b"{}")
    locked.chmod(0)
    if os.access(locked, os.R_OK):  # root reads anything: nothing to test
        locked.chmod(0o600)
    else:
        out.append(("unreadable file", locked))
    out.append(("missing", folder / "missing.json"))
    return out


if __name__ == "__main__":
    sys.exit(main())
