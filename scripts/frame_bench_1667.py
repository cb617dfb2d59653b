"""Frame times of the Tortuga 1667 table (issue 28): a 9-seat game of computer players at 1080p,
beside baselines measured in the same run (run it under Xvfb for real numbers).

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m scripts.frame_bench_1667 --seconds 40

In one window, one after the other, with a real 60 fps clock:

1. a fixed, tiny amount of work per frame (the machine's own noise: its slow frames are other
   processes and the scheduler, not the game);
2. the dice game's 4-player demo table (the table the earlier issues measured) for ``--baseline-seconds``;
3. the 1667 demo with ``--players`` seats (default 9; computer players ``--levels`` in a worker
   process, as the game runs them) at ``--speed`` (default normal) for ``--seconds``.

For each: drawn frames, p50/p99/max of the work per drawn frame (input, update, draw, flip; not the
sleep) and the frames over ``--budget`` ms; for 1667 also the frames drawn while a beat played (a vote
or an event card turning up) and while a computer player was thinking. Goal: 1667 p99 <= 8 ms.

``--breakdown`` times the parts of every 1667 frame (a wrapper around each; the headline figures of a
run without it are the ones to quote): input (SDL events), poll (the table: asking the computer
players, their answers carried out, their chat), catch-up (new events into the log and the beats),
beats (animation), the table's sections (strip, mat, band, side), the log (wrapping and drawing), the
idle panel, the seat aids, pygame_gui, flip (display update), text (rendering a line: part of the
parts that draw), the garbage collector's pauses, and the main thread's CPU time beside the frame's
wall time (a frame whose CPU time is much less than its wall time waited: for the GIL, held by a
thread of this process, or for a core, taken by another process). It prints the mean of each part
over the frames over budget and over all frames, and the slowest frames one by one.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(p / 100 * len(v)))] if v else float("nan")


def line(name: str, ms: list[float], budget: float) -> str:
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

    def wrap(self, owner: Any, attr: str, part: str) -> None:
        inner = getattr(owner, attr)

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


def instrument(app: Any, scene: Any) -> Probe:
    """Wrap the parts of a 1667 frame (see the module's docstring) in a :class:`Probe`."""
    import gc

    import pygame

    from tortuga_desktop.games.t1667.table import beats as beats_mod
    from tortuga_desktop.games.t1667.table import render as render_mod
    from tortuga_desktop.games.t1667.table import scene as scene_mod
    from tortuga_desktop.shell import layout as layout_mod

    probe = Probe()
    probe.wrap(app, "_intents", "input")
    probe.wrap(scene.table, "poll", "poll")
    probe.wrap(scene.table, "_hear", "poll: chat to bots")
    probe.wrap(scene.table, "_ask", "poll: ask bots")
    probe.wrap(scene.table, "_collect", "poll: answers")
    probe.wrap(scene, "_catch_up", "catch-up")
    probe.wrap(scene, "_ensure_panel", "panel (humans)")
    for cls in (beats_mod.Beat, beats_mod.CardBeat, beats_mod.VoteBeat):
        for attr in ("advance", "draw"):
            if attr in vars(cls):
                probe.wrap(cls, attr, f"beat {attr}")
    r = scene.renderer
    probe.wrap(r, "draw", "table draw")
    for attr, part in (("_seat", "strip"), ("_last_vote", "mat"), ("_galleon", "mat"), ("_status", "mat"),
                       ("_ship", "mat"), ("_rowboats", "mat"), ("_tortuga", "mat"), ("_mine", "band"),
                       ("_row", "band"), ("_decks", "band"), ("_panel", "side")):
        probe.wrap(r, attr, f"table draw: {part}")
    probe.wrap(scene, "_draw_log", "log")
    probe.wrap(scene, "log_rows", "log: rows")
    probe.wrap(scene, "_draw_idle_panel", "idle panel")
    probe.wrap(scene.aids, "draw", "seat aids")
    probe.wrap(app.ui, "update", "pygame_gui")
    probe.wrap(app.ui, "draw_ui", "pygame_gui")
    probe.wrap(pygame.display, "update", "flip")
    probe.wrap(pygame.display, "flip", "flip")
    for mod in (render_mod, scene_mod):
        probe.wrap(mod, "fit", "text")
    probe.wrap(render_mod, "_text", "text")
    for mod in (layout_mod, scene_mod):
        probe.wrap(mod, "wrap_lines", "text")
    gc.callbacks.append(probe.gc_hook)
    return probe


def run_table(app: Any, seconds: float, watch: Any = None,
              probe: Probe | None = None) -> tuple[list[float], dict[str, list[float]]]:
    """Run the App's top scene for ``seconds`` (or until it leaves); the work of each drawn frame, and
    per tag of ``watch(scene)`` (called before each frame) the frames drawn with that tag; tag ``"cpu"``:
    the main thread's CPU time of every drawn frame (what the game did, without the waits for a core,
    the X server or the GIL that a busy machine adds to the wall time)."""
    scene = app.top
    out: list[float] = []
    tagged: dict[str, list[float]] = {}
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and app.exit_code is None and app.top is scene:
        tags = watch(scene) if watch is not None else ()
        n = len(app.frame_times)
        if probe is not None:
            probe.begin()
        cpu0 = time.thread_time()
        app.run(max_frames=1)
        cpu = (time.thread_time() - cpu0) * 1000
        if probe is not None:
            probe.end(app.frame_times[-1] if len(app.frame_times) > n else None)
        if len(app.frame_times) > n:
            ms = app.frame_times[-1]
            out.append(ms)
            tagged.setdefault("cpu", []).append(cpu)
            for t in tags:
                tagged.setdefault(t, []).append(ms)
    return out, tagged


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--seconds", type=float, default=40.0, help="seconds of the 1667 game to record")
    ap.add_argument("--baseline-seconds", type=float, default=15.0, help="seconds of the dice game's table")
    ap.add_argument("--players", type=int, default=9, choices=range(2, 10))
    ap.add_argument("--levels", default="normal,easy", help="the 1667 computer players, seat by seat")
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--speed", default="normal", choices=("slow", "normal", "fast", "instant"))
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--budget", type=float, default=8.0, help="count frames slower than this (ms)")
    ap.add_argument("--breakdown", action="store_true", help="time the parts of every 1667 frame (see above)")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    import pygame

    from tortuga_desktop.games.dice.table.scenes.demo import start_demo
    from tortuga_desktop.games.t1667.table.beats import CardBeat, VoteBeat
    from tortuga_desktop.games.t1667.table.demo import start_demo as start_1667
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.start import make_app

    opts = build_parser().parse_args(["--size", args.size, "--mute", "--speed", args.speed])
    app = make_app(opts)
    print(f"video driver: {pygame.display.get_driver()}, window {app.size}, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    try:
        # 1. the machine's noise
        base: list[float] = []
        clock = pygame.time.Clock()
        stop = time.perf_counter() + 5.0
        while time.perf_counter() < stop:
            clock.tick(60)
            t0 = time.perf_counter()
            sum(i * i for i in range(20000))
            base.append((time.perf_counter() - t0) * 1000)
        print(line("baseline, fixed work", base, args.budget))
        # 2. the dice game's table
        start_demo(app, 4, args.seed)
        dice, dice_tags = run_table(app, args.baseline_seconds)
        print(line("baseline, dice table (4 seats)", dice, args.budget))
        print(line("  its main thread's CPU per frame", dice_tags.get("cpu", []), args.budget))
        while len(app.scenes) > 1:
            app.pop()
        # 3. the 1667 table
        levels = tuple(v.strip() for v in args.levels.split(",") if v.strip())
        scene = start_1667(app, args.players, args.seed, levels)

        def watch(sc: Any) -> tuple[str, ...]:
            tags = []
            if isinstance(sc.beat, VoteBeat):
                tags.append("vote")
            if isinstance(sc.beat, CardBeat):
                tags.append("card")
            if sc.table.thinking():
                tags.append("thinking")
            return tuple(tags)

        probe = instrument(app, scene) if args.breakdown else None
        t1667, tagged = run_table(app, args.seconds, watch, probe)
        print(line(f"1667 table ({args.players} seats)", t1667, args.budget))
        print(line("  its main thread's CPU per frame", tagged.get("cpu", []), args.budget))
        for tag, what in (("vote", "a vote turning up"), ("card", "an event card turning up"),
                          ("thinking", "a computer player thinking")):
            print(line(f"  while {what}", tagged.get(tag, []), args.budget))
        print(f"1667 moves shown: {scene.moves_shown}, game over: {scene.table.is_over}, load average "
              f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        if probe is not None:
            print("\n".join(probe.report(args.budget)))
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
