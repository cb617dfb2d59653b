"""Frame-time and idle-CPU benchmark for the table (run it under Xvfb for real numbers).

    xvfb-run -s "-screen 0 1920x1080x24" .venv/bin/python -m scripts.frame_bench --seconds 40
    xvfb-run -s "-screen 0 1920x1080x24" .venv/bin/python -m scripts.frame_bench --game t1667 --players 9

Plays a 4-player demo game (``--game``: any game's demo, ``--players`` seats; the frames by phase and
the dice frames are the dice table's) at 1920x1080 with a real 60 fps clock and records the work time
of every drawn frame (events + update + draw + flip, not the sleep).  Frames during dice
animations (dice flying, tumbling, screens shaking) are reported separately, and p50/p99/max
per game phase, with the slowest frames over ``--budget`` ms (default 33) and what moved then.  Then it opens
the pause menu, lets the screen settle and measures the process CPU time over a few seconds
while nothing moves (goal: < 10 % of one core).

    xvfb-run -s "-screen 0 1920x1080x24" .venv/bin/python -m scripts.frame_bench --replay --seconds 20

    xvfb-run -s "-screen 0 1920x1080x24" .venv/bin/python -m scripts.frame_bench --redraws

``--redraws`` (issue 29): the same frames of a 4-player demo (seats that answer at once, on a
thread, waited for before each frame; fixed 60 fps steps, drawn as fast as they come) drawn with
the table's region redraws and with whole-table redraws, alternately, four times each after a
warm-up; the frame thread's CPU time per frame, for the frames that show a move, the frames that
bring its log lines, and the rest.

``--replay``: the replay scene instead — a 4-player game's record dragged along the scrubber
(a new position every frame, sweeping and then jumping at random), then played with its
motions; baseline in the same run: the same scene redrawn without moving (goal while
scrubbing: p99 <= 16.7 ms).

    xvfb-run -s "-screen 0 1920x1080x24" .venv/bin/python -m scripts.frame_bench --expert --seconds 30

``--expert`` (issue 29): 4-player demo tables one after the other in the same run, each for
``--seconds``: the baseline with nobody thinking (every seat "random": its moves cost nothing),
then Expert seats (``--levels``, default expert,hard,expert,hard) thinking in a worker process
(as the game does), then, with ``--whole-too``, the same seats with the table redrawn whole on
every change (before the region redraws of issue 29), with ``--threads-too`` the same seats
thinking on a thread of the window's process (as before issue 29). For each: frame p50/p99/max
and frames over ``--budget`` ms, as wall-clock work time and as the frame thread's CPU time
(``time.thread_time``: without the time other processes held the cores — on a busy machine the
wall-clock figures grow, the CPU figures much less), and the load average; for all frames and
for the frames drawn while a computer player was thinking (goal with Expert thinking: p99 <= 8 ms,
none over 33 ms).

"While thinking" is a frame that began and ended with a computer player's decision
outstanding. That set also holds the frames that *apply* a decision: the answer arrived, the
move is applied and its first picture drawn (boards, the middle, the log: most of a frame's
work), and the next seat is asked in the same frame — so a computer player "thinks" at both
ends of it, though no thinking happened during it (the baseline has the same frames, with
seats that answer at once). They are printed on a line of their own ("applying a move");
"during a search" is the rest: frames drawn while a worker searches and the table waits or
plays the previous move's motions — the frames the goal is about (issue 29: thinking must
never touch the frame loop). Both lines and their union are printed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(p / 100 * len(v)))] if v else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="tortuga", help="the game whose demo is played (its key or another name: "
                    "tortuga, t1667...); --replay, --expert and --redraws are the dice game's")
    ap.add_argument("--players", type=int, default=4, help="seats of the demo game")
    ap.add_argument("--seconds", type=float, default=40.0, help="seconds of demo game to record")
    ap.add_argument("--idle-seconds", type=float, default=5.0)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--speed", default="normal")
    ap.add_argument("--seed", default="3")
    ap.add_argument("--baseline-seconds", type=float, default=10.0)
    ap.add_argument("--budget", type=float, default=33.0, help="report frames slower than this (ms)")
    ap.add_argument("--level", default=None, help="computer strength of every seat (e.g. hard: bots think while frames are drawn)")
    ap.add_argument("--replay", action="store_true", help="measure the replay scene (scrubbing, playing) instead")
    ap.add_argument("--expert", action="store_true",
                    help="Expert seats thinking beside a baseline with nobody thinking (issue 29)")
    ap.add_argument("--levels", default="expert,hard,expert,hard", help="the seats' levels with --expert")
    ap.add_argument("--threads-too", action="store_true",
                    help="with --expert: also the seats thinking on a thread (before issue 29)")
    ap.add_argument("--redraws", action="store_true",
                    help="region redraws against whole-table redraws over the same frames (CPU time)")
    ap.add_argument("--whole-too", action="store_true",
                    help="with --expert: also the table redrawn whole on every change (before the region redraws)")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if (args.replay or args.expert or args.redraws) and args.game not in ("tortuga", "dice"):
        ap.error("--replay, --expert and --redraws measure the dice game's table")
    if args.replay:
        return replay_case(args)
    if args.expert:
        return expert_case(args)
    if args.redraws:
        return redraws_case(args)

    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.scenes.pause import PauseScene
    from tortuga_desktop.shell.start import make_app

    opts = build_parser().parse_args(["--demo", "--game", args.game, "--players", str(args.players), "--seed", args.seed,
                                      "--speed", args.speed, "--size", args.size, "--mute",
                                      *(["--level", args.level] if args.level else [])])
    app = make_app(opts)
    table = app.top
    print(f"game: {args.game}, {args.players} players, table scene {getattr(table, 'name', type(table).__name__)}")
    import pygame

    # Time spent handing frames to the display server (X11: the frame is copied to Xvfb and
    # waited for), so a slow frame can be told apart: our work, or the display server's.
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

    print(f"video driver: {pygame.display.get_driver()}, window {app.size}")
    # Baseline in the same run: a fixed, tiny amount of work per frame at 60 fps. Its slow
    # frames are the machine's (other processes, the scheduler), not the game's.
    base_ms: list[float] = []
    clock = pygame.time.Clock()
    stop = time.perf_counter() + args.baseline_seconds
    while time.perf_counter() < stop:
        clock.tick(60)
        t0 = time.perf_counter()
        sum(i * i for i in range(20000))
        base_ms.append((time.perf_counter() - t0) * 1000)
    print(f"baseline (fixed work): n={len(base_ms)}  p50 {pct(base_ms, 50):.2f} ms  p99 {pct(base_ms, 99):.2f} ms  "
          f"max {max(base_ms):.2f} ms  over {args.budget:.0f} ms: {sum(1 for m in base_ms if m > args.budget)}")
    all_ms: list[float] = []
    dice_ms: list[float] = []
    by_phase: dict[str, list[float]] = {}
    cpu_ms: list[float] = []  # CPU time of the frame thread: the frame's own work, without the
    cpu_phase: dict[str, list[float]] = {}  # time other processes took the core away
    slow: list[tuple[float, int, str, str]] = []  # (ms, frame, phase, what moved)
    dice_kinds = {"die", "tumble", "screen_shake"}
    end = time.perf_counter() + args.seconds
    while time.perf_counter() < end and app.exit_code is None and app.top is table:
        n = len(app.frame_times)
        # what moves and the phase: the dice table says them; another game's table may not
        tl = getattr(table, "timeline", None)
        kinds = sorted({m.kind for m in tl.visible()}) if tl is not None else []
        dicey = bool(dice_kinds.intersection(kinds))
        phase = str(getattr(getattr(table, "view", None), "phase", "-"))
        c0 = time.thread_time()
        present_ms[0] = 0.0
        app.run(max_frames=1)
        cpu = (time.thread_time() - c0) * 1000
        if len(app.frame_times) > n:
            ms = app.frame_times[-1]
            all_ms.append(ms)
            cpu_ms.append(cpu)
            cpu_phase.setdefault(phase, []).append(cpu)
            by_phase.setdefault(phase, []).append(ms)
            if dicey:
                dice_ms.append(ms)
            if ms > args.budget:
                slow.append((ms, len(all_ms), phase, f"{','.join(kinds) or '-'}; CPU {cpu:.1f} ms, "
                             f"display server {present_ms[0]:.1f} ms"))
    print(f"drawn frames: {len(all_ms)} (idle frames skipped: {app.idle_frames}); "
          f"events played: {getattr(table, 'events_played', '-')}, "
          f"round {getattr(getattr(table, 'view', None), 'round', '-')}")
    print(f"all frames:  p50 {pct(all_ms, 50):.2f} ms  p99 {pct(all_ms, 99):.2f} ms  max {max(all_ms):.2f} ms")
    if dice_ms:
        print(f"dice frames: n={len(dice_ms)}  p50 {pct(dice_ms, 50):.2f} ms  p99 {pct(dice_ms, 99):.2f} ms  "
              f"max {max(dice_ms):.2f} ms")
    for phase, ms_ in sorted(by_phase.items()):
        print(f"phase {phase:8s} n={len(ms_):5d}  p50 {pct(ms_, 50):6.2f} ms  p99 {pct(ms_, 99):6.2f} ms  "
              f"max {max(ms_):6.2f} ms")
    print(f"frame-thread CPU per frame (no waiting for other processes): p50 {pct(cpu_ms, 50):.2f} ms  "
          f"p99 {pct(cpu_ms, 99):.2f} ms  max {max(cpu_ms):.2f} ms  (first frame {cpu_ms[0]:.1f} ms; "
          f"later frames over {args.budget:.0f} ms: {sum(1 for m in cpu_ms[1:] if m > args.budget)})")
    for phase, ms_ in sorted(cpu_phase.items()):
        print(f"  cpu {phase:8s} p99 {pct(ms_, 99):6.2f} ms  max {max(ms_):6.2f} ms")
    print(f"frames over {args.budget:.0f} ms: {len(slow)}")
    for ms, frame, phase, kinds_ in sorted(slow, reverse=True)[:8]:
        print(f"  {ms:6.1f} ms  frame {frame}  phase {phase}  moving: {kinds_}")
    # Idle: pause menu open, nothing moves.
    app.push(PauseScene(table))
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
    app.close()
    return 0


def expert_case(args: argparse.Namespace) -> int:
    """Frame times with Expert seats thinking, beside a table where nobody thinks (same run)."""
    from tortuga_desktop import thinking
    from tortuga_desktop.games.dice.table.scenes.demo import start_demo
    from tortuga_desktop.shell import thinkhost
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.start import make_app

    levels = tuple(build_parser().parse_args(["--level", args.levels]).level)
    app = make_app(build_parser().parse_args(["--size", args.size, "--mute", "--speed", args.speed]))
    import pygame

    print(f"video driver: {pygame.display.get_driver()}, window {app.size}, {args.seconds:.0f} s per table, "
          f"seed {args.seed}")
    from tortuga_desktop.games.dice.table.scenes.table import TableScene

    cases = [("nobody thinking (random seats)", ("random",), True, True),
             (f"{','.join(levels)} in a worker process", levels, True, True)]
    if args.whole_too:
        cases.append((f"{','.join(levels)} in a worker process, whole-table redraws (before)", levels, True, False))
    if args.threads_too:
        cases.append((f"{','.join(levels)} on a thread (before)", levels, False, True))
    loads = []

    def line(label: str, ms: list[float], cpu: list[float]) -> str:
        over, cover = sum(1 for m in ms if m > args.budget), sum(1 for m in cpu if m > args.budget)
        return (f"  {label:<17} p50 {pct(ms, 50):6.2f} ms  p99 {pct(ms, 99):6.2f} ms  max {max(ms):7.2f} ms  "
                f"over {args.budget:.0f} ms: {over}  | CPU p50 {pct(cpu, 50):5.2f} p99 {pct(cpu, 99):5.2f} "
                f"max {max(cpu):6.2f} ms  over: {cover}  (n={len(ms)})")

    for name, seats, in_process, regions in cases:
        thinking.ENABLED = in_process
        TableScene.redraw_regions = regions
        start_demo(app, 4, int(args.seed), seats)
        table = app.top
        controller = table.controller
        if in_process and seats != ("random",):  # the worker is started before the clock runs
            thinkhost.shared_host()
        all_ms: list[float] = []
        all_cpu: list[float] = []
        busy: dict[str, tuple[list[float], list[float]]] = {"while thinking": ([], []),
                                                             "  applying a move": ([], []),
                                                             "  during a search": ([], [])}
        decisions = controller.game.decisions
        end = time.perf_counter() + args.seconds
        while time.perf_counter() < end and app.exit_code is None and app.top is table:
            n = len(app.frame_times)
            was_busy, shown, applied = controller.busy, table.events_played, controller.game.decisions
            c0 = time.thread_time()
            app.run(max_frames=1)
            cpu = (time.thread_time() - c0) * 1000
            if len(app.frame_times) > n:
                ms = app.frame_times[-1]
                all_ms.append(ms)
                all_cpu.append(cpu)
                if was_busy and controller.busy:
                    moved = table.events_played > shown or controller.game.decisions > applied
                    for part in ("while thinking", "  applying a move" if moved else "  during a search"):
                        busy[part][0].append(ms)
                        busy[part][1].append(cpu)
        loads.append(os.getloadavg()[0])
        decided = controller.game.decisions - decisions
        controller.close()
        app.pop()
        print(f"{name}: {decided} decisions, {len(all_ms)} frames drawn (wall-clock work time | the frame "
              f"thread's CPU time)")
        print(line("all frames", all_ms, all_cpu))
        for label, (ms_, cpu_) in busy.items():
            if ms_:
                print(line(label, ms_, cpu_))
        print(f"  load average {loads[-1]:.2f} on {os.cpu_count()} cores")
    thinking.ENABLED = True
    TableScene.redraw_regions = True
    thinkhost.reset_shared()
    app.close()
    return 0


def redraws_case(args: argparse.Namespace) -> int:
    """The table's region redraws against whole-table redraws, over the same frames."""
    import statistics

    from tortuga_desktop import thinking
    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.controller import GameController, demo_seats
    from tortuga_desktop.games.dice.table.scenes.table import TableScene
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.start import make_app

    thinking.ENABLED = False  # seats that answer at once, on a thread: the same frames every time
    app = make_app(build_parser().parse_args(["--size", args.size, "--mute", "--speed", args.speed]))
    app.fixed_dt = 1 / 60
    app.fps = 1000  # no waiting between frames
    import pygame

    seed = int(args.seed)

    def play(regions: bool) -> dict[str, list[float]]:
        TableScene.redraw_regions = regions
        seats = demo_seats(4, seed, ("random",))
        table = TableScene(GameController(Game.new(4, seed, names=[s.name for s in seats]), seats),
                           speed=args.speed)
        app.push(table)
        r = table.renderer
        assert r is not None
        logged: list[int] = []
        render = r._render_log

        def noted(*a: Any) -> Any:
            logged.append(app.frame)
            return render(*a)

        r._render_log = noted  # type: ignore[method-assign]
        out: dict[str, list[float]] = {"showing a move": [], "its log lines": [], "the rest": []}
        for _ in range(1500):
            fut = table.controller._future
            if fut is not None:
                fut.result(timeout=30)
            shown, frame, drawn = table.events_played, app.frame, app.frames_drawn
            c0 = time.thread_time()
            app.run(max_frames=1)
            cpu = (time.thread_time() - c0) * 1000
            if app.frames_drawn > drawn:
                kind = "showing a move" if table.events_played > shown else \
                    "its log lines" if frame in logged else "the rest"
                out[kind].append(cpu)
            if app.top is not table:
                break
        table.controller.close()
        app.pop()
        return out

    print(f"video driver: {pygame.display.get_driver()}, window {app.size}, seed {seed}; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    play(True)
    play(False)  # warm-up: text and picture caches
    totals: dict[bool, dict[str, list[float]]] = {True: {}, False: {}}
    for rep in range(4):
        for regions in (True, False) if rep % 2 else (False, True):
            for kind, cpu_ in play(regions).items():
                totals[regions].setdefault(kind, []).extend(cpu_)
    TableScene.redraw_regions = True
    thinking.ENABLED = True
    for regions, kinds in totals.items():
        print("region redraws" if regions else "whole redraws (before)")
        for kind, cpu_ in kinds.items():
            if cpu_:
                print(f"  {kind:<15} n={len(cpu_):5d}  CPU mean {statistics.mean(cpu_):5.2f} ms  median "
                      f"{statistics.median(cpu_):5.2f} ms  p90 {pct(cpu_, 90):5.2f} ms  max {max(cpu_):6.2f} ms")
    print(f"load average {os.getloadavg()[0]:.2f}")
    app.close()
    return 0


def replay_case(args: argparse.Namespace) -> int:
    """Frame times of the replay scene while scrubbing and while playing."""
    import random

    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.records import RecordKeeper
    from tortuga_desktop.games.dice.table.scenes.replay import ReplayScene
    from tortuga_desktop.shell.intents import Hover
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.start import make_app

    app = make_app(build_parser().parse_args(["--size", args.size, "--mute", "--speed", args.speed]))
    import pygame

    seed = int(args.seed)
    game = Game.new(4, seed)
    keeper = RecordKeeper("bench", game, ["human", "easy", "normal", "hard"])
    game.playout(random.Random(seed))
    rf = keeper.snapshot({})
    assert rf is not None
    scene = ReplayScene(rf, speed=args.speed)
    app.push(scene)
    ReplayScene._button_held = staticmethod(lambda: True)  # type: ignore[method-assign]  # the mouse is held down
    app.run(max_frames=5)
    print(f"video driver: {pygame.display.get_driver()}, window {app.size}; "
          f"{len(scene.timeline) - 1} decisions, {game.round} rounds; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores (wall-clock frame times include waiting for the CPU; CPU time does not)")
    bar = scene.bar()

    cpu: dict[int, list[float]] = {}

    def frames(seconds: float, each: object) -> list[float]:
        out: list[float] = []
        cpu[id(out)] = []
        end = time.perf_counter() + seconds
        i = 0
        while time.perf_counter() < end:
            each(i)  # type: ignore[operator]
            n = len(app.frame_times)
            c0 = time.process_time()
            app.run(max_frames=1)
            c1 = time.process_time()
            if len(app.frame_times) > n:
                out.append(app.frame_times[-1])
                cpu[id(out)].append((c1 - c0) * 1000)
            i += 1
        return out

    def still(_i: int) -> None:
        app.request_redraw()

    base = frames(min(5.0, args.seconds / 4), still)
    scene.handle(Hover(bar.center))
    scene.dragging = True
    positions: list[int] = []

    def sweep(i: int) -> None:
        x = bar.x + (i * 9) % (2 * bar.w)
        x = x if x <= bar.right else bar.right - (x - bar.right)
        app.post(Hover((x, bar.centery)))
        positions.append(scene.position)

    rng = random.Random(1)
    sweep_ms = frames(args.seconds / 2, sweep)
    jump_ms = frames(args.seconds / 2, lambda _i: app.post(Hover((rng.randrange(bar.x, bar.right), bar.centery))))
    scene.dragging = False
    scene.seek(0)
    scene.play_pause()
    play_ms = frames(args.seconds / 2, lambda _i: None)
    played = scene.position

    def line(name: str, ms: list[float], cpu_ms: list[float] | None = None) -> str:
        cpu_ms = cpu.get(id(ms), []) if cpu_ms is None else cpu_ms
        return (f"{name:<22} n={len(ms):5d}  p50 {pct(ms, 50):6.2f} ms  p99 {pct(ms, 99):6.2f} ms  "
                f"max {max(ms):6.2f} ms  | CPU time p50 {pct(cpu_ms, 50):5.2f} p99 {pct(cpu_ms, 99):5.2f} ms")

    print(line("baseline (redraw)", base))
    print(line("scrubbing (sweep)", sweep_ms) + f"  ({len(set(positions))} positions)")
    print(line("scrubbing (jumps)", jump_ms))
    print(line("scrubbing (all)", sweep_ms + jump_ms, cpu[id(sweep_ms)] + cpu[id(jump_ms)])
          + "  (goal p99 <= 16.7 ms)")
    print(line("playing", play_ms) + f"  ({played} decisions played)")
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
