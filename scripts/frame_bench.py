"""Frame times and idle CPU of any game's table, beside baselines from the same run.

Run it under Xvfb for real numbers:

    xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" python -m scripts.frame_bench --seconds 40
    xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" python -m scripts.frame_bench --game 1667 --beside dice

Plays the demo of the game ``--game`` names (the dice game without it; ``--players`` seats, ``--level``
computer players, seed ``--seed``) at 1920x1080 with a real 60 fps clock and records the work time of
every drawn frame (events + update + draw + flip, not the sleep), the frame thread's CPU time of each
(without the time other processes held the core) and the time spent handing frames to the display server.
First, the same run's baseline: a fixed, tiny amount of work per frame (its slow frames are the machine's:
other processes, the scheduler); with ``--beside GAME``, also GAME's demo table for ``--beside-seconds``.
Prints p50 / p99 / max of all frames, of the frames each group the game names (the dice game: ``dice``,
dice in flight; Tortuga 1667: ``vote``, ``card``, ``thinking``) and per phase of the game where it has
phases, the frames over ``--budget`` ms with what moved then; then it opens the pause menu, lets the screen
settle and measures the process's CPU time while nothing moves (goal: < 10 % of one core).

``--breakdown`` times the parts of every frame the game names (a wrapper around each; the headline figures
of a run without it are the ones to quote), the garbage collector's pauses and the main thread's CPU time,
and prints the mean of each part over the frames over budget and over all frames, and the slowest frames
one by one.

What differs between the games (their defaults, groups, phases, parts and measurements of their own, such
as the dice game's ``--replay``, ``--expert`` and ``--redraws``) is the game's side of the bench, which the
catalogue of games names (:mod:`tortuga_desktop.shell.bench`); ``--game NAME --help`` lists its options.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from tortuga_desktop import games
from tortuga_desktop.shell.bench import PLAIN, GameBench, pct


def line(name: str, ms: Sequence[float], budget: float) -> str:
    if not ms:
        return f"{name}: no frames"
    return (f"{name}: n={len(ms)}  p50 {pct(ms, 50):.2f} ms  p99 {pct(ms, 99):.2f} ms  max {max(ms):.2f} ms  "
            f"over {budget:.0f} ms: {sum(1 for m in ms if m > budget)}")


class Probe:
    """Per-frame time of named parts: :meth:`wrap` a method or function, :meth:`begin` and :meth:`end` a frame."""

    def __init__(self) -> None:
        self.now: dict[str, float] = {}
        self.frames: list[tuple[float, dict[str, float]]] = []
        self._depth: dict[str, int] = {}
        self._gc_t0 = 0.0
        self._cpu0 = 0.0
        #: what was wrapped: (owner, attribute, the original), put back by restore()
        self._wrapped: list[tuple[Any, str, Any]] = []

    def wrap(self, owner: Any, attr: str, part: str) -> None:
        inner = getattr(owner, attr)
        self._wrapped.append((owner, attr, inner))

        def timed(*a: Any, **k: Any) -> Any:
            depth = self._depth.get(part, 0)
            self._depth[part] = depth + 1
            t0 = time.perf_counter()
            try:
                return inner(*a, **k)
            finally:
                self._depth[part] = depth
                if depth == 0:  # a part inside itself (recursion) counts once
                    self.now[part] = self.now.get(part, 0.0) + (time.perf_counter() - t0) * 1000

        setattr(owner, attr, timed)

    def restore(self) -> None:
        """Put back every part :meth:`wrap` replaced (the bench may run in a process that goes on: a test)."""
        while self._wrapped:
            owner, attr, inner = self._wrapped.pop()
            setattr(owner, attr, inner)

    def gc_hook(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_t0 = time.perf_counter()
        else:
            self.now["gc"] = self.now.get("gc", 0.0) + (time.perf_counter() - self._gc_t0) * 1000

    def begin(self) -> None:
        self.now = {}
        self._cpu0 = time.thread_time()

    def end(self, ms: float | None) -> None:
        if ms is not None:
            self.now["cpu (main thread)"] = (time.thread_time() - self._cpu0) * 1000
            self.frames.append((ms, self.now))

    def report(self, budget: float, worst: int = 12) -> list[str]:
        slow = [f for f in self.frames if f[0] > budget]
        parts = sorted({k for _ms, d in self.frames for k in d})
        out = [f"breakdown: mean ms per frame, {len(slow)} frames over {budget:.0f} ms | all {len(self.frames)} frames"]
        for part in parts:
            a = sum(d.get(part, 0.0) for _ms, d in slow) / max(1, len(slow))
            b = sum(d.get(part, 0.0) for _ms, d in self.frames) / max(1, len(self.frames))
            out.append(f"  {part:18} {a:8.2f}  | {b:6.2f}")
        out.append(f"the {worst} slowest frames (wall ms: parts over 0.5 ms):")
        for ms, d in sorted(self.frames, key=lambda f: -f[0])[:worst]:
            out.append(f"  {ms:7.2f}: " + ", ".join(f"{k} {v:.1f}" for k, v in sorted(d.items(), key=lambda kv: -kv[1])
                                                      if v >= 0.5))
        return out


def _game_and_bench(argv: Sequence[str] | None) -> tuple[str, GameBench]:
    """The key of the game ``--game`` names and its side of the bench (exits 2 on an unknown game)."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default=games.DEFAULT_GAME)
    known, _rest = pre.parse_known_args(list(sys.argv[1:] if argv is None else argv))
    try:
        key = games.rules(known.game).key
    except LookupError as exc:
        print(f"python -m scripts.frame_bench: --game: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    return key, games.bench(key) or PLAIN


MIX = "the game's demo mix"


def parser(key: str, bench: GameBench) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m scripts.frame_bench",
                                 description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--game", default=games.DEFAULT_GAME,
                    help=f"the game whose demo is measured, by its key or another name (now: {key})")
    ap.add_argument("--players", type=int, default=bench.players, help=f"seats of the demo (default {bench.players})")
    ap.add_argument("--level", default=bench.level,
                    help=f"the demo's computer players, one level or one per seat joined by commas "
                         f"(default {bench.level or MIX})")
    ap.add_argument("--seconds", type=float, default=40.0, help="seconds of the demo to record")
    ap.add_argument("--idle-seconds", type=float, default=5.0, help="seconds of the paused table")
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--speed", default="normal", choices=("slow", "normal", "fast", "instant"))
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--baseline-seconds", type=float, default=10.0, help="seconds of the fixed-work baseline")
    ap.add_argument("--beside", metavar="GAME", default=None,
                    help="also measure GAME's demo table (its default seats and players) first, as a baseline")
    ap.add_argument("--beside-seconds", type=float, default=15.0, help="seconds of the --beside table")
    ap.add_argument("--budget", type=float, default=bench.budget,
                    help=f"count and list frames slower than this (ms; default {bench.budget:g})")
    ap.add_argument("--breakdown", action="store_true", help="time the parts of every frame the game names")
    bench.add_options(ap)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    key, bench = _game_and_bench(argv)
    ap = parser(key, bench)
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    beside: tuple[str, GameBench] | None = None
    if args.beside is not None:
        try:
            other = games.rules(args.beside).key
        except LookupError as exc:
            ap.error(f"--beside: {exc}")
        beside = other, games.bench(other) or PLAIN
    code = bench.run_case(args)
    if code is not None:
        return code
    return demo_case(args, key, bench, beside)


def _demo_options(game: str, players: int, level: str | None, seed: int, args: argparse.Namespace) -> Any:
    """The checked command line of ``tortuga --demo`` for this demo (a wrong count or level: exit 2)."""
    from tortuga_desktop.shell.main import parse_args

    return parse_args(["--demo", "--game", game, "--players", str(players), "--seed", str(seed),
                       "--speed", args.speed, "--size", args.size, "--mute", *(["--level", level] if level else [])])


def _start_demo(app: Any, opts: Any) -> Any:
    """Start the demo ``opts`` describes through the game's module (as ``tortuga --demo`` does); its table."""
    from tortuga_desktop.shell import game as shell_games

    shell_games.module(opts.game).demo(app, shell_games.DemoOptions(opts.players, opts.seed, opts.level))
    return app.top


def run_table(app: Any, table: Any, seconds: float, note: Callable[[Any], Any],
              probe: Probe | None = None) -> dict[str, Any]:
    """Run ``table`` (the App's top scene) for ``seconds`` or until it leaves; per drawn frame its work
    time, the frame thread's CPU time, the display server's time and what ``note(table)`` said before it."""
    import pygame

    present_ms = [0.0]
    flip, update = pygame.display.flip, pygame.display.update

    def timed(fn: Any) -> Any:
        def run(*a: Any) -> Any:
            t = time.perf_counter()
            try:
                return fn(*a)
            finally:
                present_ms[0] += (time.perf_counter() - t) * 1000
        return run

    pygame.display.flip = timed(flip)
    pygame.display.update = timed(update)
    frames: list[tuple[float, float, float, Any]] = []  # (work ms, CPU ms, display server ms, note)
    try:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end and app.exit_code is None and app.top is table:
            n = len(app.frame_times)
            said = note(table)
            if probe is not None:
                probe.begin()
            present_ms[0] = 0.0
            c0 = time.thread_time()
            app.run(max_frames=1)
            cpu = (time.thread_time() - c0) * 1000
            drawn = len(app.frame_times) > n
            if probe is not None:
                probe.end(app.frame_times[-1] if drawn else None)
            if drawn:
                frames.append((app.frame_times[-1], cpu, present_ms[0], said))
    finally:
        pygame.display.flip, pygame.display.update = flip, update
    return {"frames": frames}


def demo_case(args: argparse.Namespace, key: str, bench: GameBench, beside: tuple[str, GameBench] | None) -> int:
    """The game's demo table, beside the fixed-work baseline (and ``--beside``'s table) from the same run."""
    from tortuga_desktop.shell.scenes.pause import PauseScene
    from tortuga_desktop.shell.start import make_app

    opts = _demo_options(key, args.players, args.level, args.seed, args)
    beside_opts = (_demo_options(beside[0], beside[1].players, beside[1].level, args.seed, args)
                   if beside is not None else None)
    opts.demo = False  # the demos are started below, one after the other
    app: Any = make_app(opts)
    import pygame

    budget = args.budget
    print(f"game: {key}, {args.players} players, seed {args.seed}, levels {args.level or 'the demo mix'}")
    print(f"video driver: {pygame.display.get_driver()}, window {app.size}, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    probe: Probe | None = None
    try:
        # The machine's noise: a fixed, tiny amount of work per frame at 60 fps.
        base_ms: list[float] = []
        clock = pygame.time.Clock()
        stop = time.perf_counter() + args.baseline_seconds
        while time.perf_counter() < stop:
            clock.tick(60)
            t0 = time.perf_counter()
            sum(i * i for i in range(20000))
            base_ms.append((time.perf_counter() - t0) * 1000)
        print(line("baseline (fixed work)", base_ms, budget))
        if beside is not None and beside_opts is not None:
            other = _start_demo(app, beside_opts)
            got = run_table(app, other, args.beside_seconds, beside[1].note)["frames"]
            print(line(f"baseline, {beside[0]} table ({beside_opts.players} seats)", [f[0] for f in got], budget))
            print(line("  its frame thread's CPU per frame", [f[1] for f in got], budget))
            while len(app.scenes) > 1:
                app.pop()
        table = _start_demo(app, opts)
        print(f"table scene {getattr(table, 'name', type(table).__name__)}")
        if args.breakdown:
            probe = Probe()
            for owner, attr, part in bench.parts(app, table):
                probe.wrap(owner, attr, part)
            gc.callbacks.append(probe.gc_hook)
        frames = run_table(app, table, args.seconds, bench.note, probe)["frames"]
        if not frames:
            print("no frames drawn")
            return 1
        report(args, app, table, bench, frames)
        if probe is not None:
            gc.callbacks.remove(probe.gc_hook)
            print("\n".join(probe.report(budget)))
        if app.top is table:
            idle(args, app, PauseScene(table))
        else:
            print("idle: not measured (the table was left: the game ended)")
    finally:
        if probe is not None:
            probe.restore()
        app.close()
    return 0


def report(args: argparse.Namespace, app: Any, table: Any, bench: GameBench,
           frames: list[tuple[float, float, float, Any]]) -> None:
    budget = args.budget
    all_ms = [f[0] for f in frames]
    cpu_ms = [f[1] for f in frames]
    by_tag: dict[str, list[float]] = {}
    by_phase: dict[str, list[float]] = {}
    cpu_phase: dict[str, list[float]] = {}
    for ms, cpu, _present, said in frames:
        for tag in said.tags:
            by_tag.setdefault(tag, []).append(ms)
        by_phase.setdefault(said.phase, []).append(ms)
        cpu_phase.setdefault(said.phase, []).append(cpu)
    summary = bench.summary(table)
    print(f"drawn frames: {len(all_ms)} (idle frames skipped: {app.idle_frames})" + (f"; {summary}" if summary else ""))
    print(f"all frames:  p50 {pct(all_ms, 50):.2f} ms  p99 {pct(all_ms, 99):.2f} ms  max {max(all_ms):.2f} ms  "
          f"over {budget:.0f} ms: {sum(1 for m in all_ms if m > budget)}")
    for tag, ms_ in by_tag.items():
        print(f"{tag} frames: n={len(ms_)}  p50 {pct(ms_, 50):.2f} ms  p99 {pct(ms_, 99):.2f} ms  "
              f"max {max(ms_):.2f} ms  over {budget:.0f} ms: {sum(1 for m in ms_ if m > budget)}")
    phased = set(by_phase) != {"-"}
    if phased:
        for phase, ms_ in sorted(by_phase.items()):
            print(f"phase {phase:8s} n={len(ms_):5d}  p50 {pct(ms_, 50):6.2f} ms  p99 {pct(ms_, 99):6.2f} ms  "
                  f"max {max(ms_):6.2f} ms")
    print(f"frame-thread CPU per frame (no waiting for other processes): p50 {pct(cpu_ms, 50):.2f} ms  "
          f"p99 {pct(cpu_ms, 99):.2f} ms  max {max(cpu_ms):.2f} ms  (first frame {cpu_ms[0]:.1f} ms; "
          f"later frames over {budget:.0f} ms: {sum(1 for m in cpu_ms[1:] if m > budget)})")
    if phased:
        for phase, ms_ in sorted(cpu_phase.items()):
            print(f"  cpu {phase:8s} p99 {pct(ms_, 99):6.2f} ms  max {max(ms_):6.2f} ms")
    slow = [(ms, i + 1, said.phase, f"{said.moving}; CPU {cpu:.1f} ms, display server {present:.1f} ms")
            for i, (ms, cpu, present, said) in enumerate(frames) if ms > budget]
    print(f"frames over {budget:.0f} ms: {len(slow)}")
    for ms, frame, phase, moving in sorted(slow, reverse=True)[:8]:
        print(f"  {ms:6.1f} ms  frame {frame}" + (f"  phase {phase}" if phased else "") + f"  moving: {moving}")
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def idle(args: argparse.Namespace, app: Any, pause: Any) -> None:
    """The pause menu open, nothing moving: the process's CPU time."""
    app.push(pause)
    settle = time.perf_counter() + 1.0
    while time.perf_counter() < settle:
        app.run(max_frames=1)
    drawn = app.frames_drawn
    c0, w0 = time.process_time(), time.perf_counter()
    stop = w0 + args.idle_seconds
    while time.perf_counter() < stop:
        app.run(max_frames=1)
    cpu = (time.process_time() - c0) / (time.perf_counter() - w0) * 100
    print(f"idle: {cpu:.1f} % of one core over {args.idle_seconds:.0f} s, frames drawn while idle: "
          f"{app.frames_drawn - drawn}")


if __name__ == "__main__":
    sys.exit(main())
