"""The dice game's side of the frame bench (``python -m scripts.frame_bench``, the catalogue's ``bench``):
what a frame of its table shows (the game's phase; ``dice``: dice flying, tumbling or screens shaking),
the parts ``--breakdown`` times, and three measurements of its own:

``--replay``: the replay scene instead of the demo: a 4-player game's record dragged along the scrubber (a
new position every frame, sweeping and then jumping at random), then played with its motions; baseline in
the same run: the same scene redrawn without moving (goal while scrubbing: p99 <= 16.7 ms).

``--redraws``: the same frames of a 4-player demo (seats that answer at once, on a thread, waited for before
each frame; fixed 60 fps steps, drawn as fast as they come) drawn with the table's region redraws and with
whole-table redraws, alternately, four times each after a warm-up; the frame thread's CPU time per frame,
for the frames that show a move, the frames that bring its log lines, and the rest.

``--expert``: 4-player demo tables one after the other in the same run, each for ``--seconds``: the
baseline with nobody thinking (every seat "random": its moves cost nothing), then Expert seats
(``--levels``, default expert,hard,expert,hard) thinking in a worker process (as the game does), then, with
``--whole-too``, the same seats with the table redrawn whole on every change, with ``--threads-too`` the
same seats thinking on a thread of the window's process. For each: frame p50/p99/max and frames over
``--budget`` ms, as wall-clock work time and as the frame thread's CPU time (``time.thread_time``: without
the time other processes held the cores), and the load average; for all frames and for the frames drawn
while a computer player was thinking (goal with Expert thinking: p99 <= 8 ms, none over 33 ms).

"While thinking" is a frame that began and ended with a computer player's decision outstanding. That set
also holds the frames that *apply* a decision: the answer arrived, the move is applied and its first
picture drawn, and the next seat is asked in the same frame. They are printed on a line of their own
("applying a move"); "during a search" is the rest: frames drawn while a worker searches and the table
waits or plays the previous move's motions (thinking must never touch the frame loop).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from typing import Any

from tortuga_desktop import thinking
from tortuga_desktop.shell import thinkhost
from tortuga_desktop.shell.bench import FrameNote, TutorialRun, pct
from tortuga_desktop.shell.intents import Hover
from tortuga_desktop.shell.levels import LEVELS
from tortuga_desktop.shell.main import build_parser

#: motions that are dice in flight
DICE_KINDS = frozenset({"die", "tumble", "screen_shake"})


class DiceBench:
    """The dice table's side of the frame bench."""

    players = 4
    level: str | None = None
    budget = 33.0

    def note(self, scene: Any) -> FrameNote:
        timeline = getattr(scene, "timeline", None)  # the results screen or a menu on top have none
        kinds = sorted({m.kind for m in timeline.visible()}) if timeline is not None else []
        view = getattr(scene, "view", None)
        return FrameNote(phase=str(getattr(view, "phase", "-")),
                         tags=("dice",) if DICE_KINDS.intersection(kinds) else (),
                         moving=",".join(kinds) or "-")

    def summary(self, scene: Any) -> str:
        view = getattr(scene, "view", None)
        return f"events played: {getattr(scene, 'events_played', '-')}, round {getattr(view, 'round', '-')}"

    def parts(self, app: Any, scene: Any) -> Sequence[tuple[object, str, str]]:
        out: list[tuple[object, str, str]] = [
            (app, "_intents", "input"), (scene, "update", "update"), (scene, "draw", "table draw")]
        renderer = scene.renderer
        if renderer is not None:
            out += [(renderer, "draw_base", "table draw: base"), (renderer, "_draw_log", "log"),
                    (renderer, "changed_regions", "regions")]
        return out

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--replay", action="store_true", help="measure the replay scene (scrubbing, playing) instead")
        parser.add_argument("--expert", action="store_true",
                            help="Expert seats thinking beside a baseline with nobody thinking")
        parser.add_argument("--levels", default="expert,hard,expert,hard", help="the seats' levels with --expert")
        parser.add_argument("--threads-too", action="store_true",
                            help="with --expert: also the seats thinking on a thread of the window's process")
        parser.add_argument("--redraws", action="store_true",
                            help="region redraws against whole-table redraws over the same frames (CPU time)")
        parser.add_argument("--whole-too", action="store_true",
                            help="with --expert: also the table redrawn whole on every change")

    def run_case(self, args: argparse.Namespace) -> int | None:
        if args.replay:
            return replay_case(args)
        if args.expert:
            return expert_case(args)
        if args.redraws:
            return redraws_case(args)
        return None

    def walk_tutorial(self, app: Any) -> TutorialRun | None:
        from tortuga_desktop.games.dice.table.scenes.tutorial import start_tutorial
        from tortuga_desktop.games.dice.table.tutorial import HUMAN, STEPS

        scene: Any = start_tutorial(app)
        coach = scene.tutorial
        frames = moves = 0

        def idle() -> bool:
            return not scene.queue and scene.timeline is None

        while not coach.finished:
            step = coach.step
            for _ in range(20000):
                if step.mode == "do":
                    ui = scene.decision_ui
                    if ui is not None and ui.kind == step.kind and ui.seat == HUMAN and idle():
                        break
                elif coach.ready() and idle():
                    break
                app.run(max_frames=1)
                frames += 1
            if step.mode == "do":
                index = coach.index
                scene.decision_ui.model.show(step.move(coach.game))  # the move the step asks for
                if not scene.decision_ui.model.confirm():
                    raise RuntimeError(f"tutorial step {step.key}: {scene.decision_ui.model.reason()}")
                scene._check_confirmed()
                moves += 1
                if coach.index == index:
                    raise RuntimeError(f"tutorial step {step.key}: the move did not take it on ({coach.error})")
            else:
                scene.next_step()
        return TutorialRun(len(STEPS), moves, frames / 60, tuple(f"tutorial.step.{s.key}" for s in STEPS))


BENCH = DiceBench()


def expert_case(args: argparse.Namespace) -> int:
    """Frame times with Expert seats thinking, beside a table where nobody thinks (same run)."""
    from tortuga_desktop.games.dice.table.scenes.demo import start_demo
    from tortuga_desktop.shell.start import make_app

    levels = tuple(build_parser().parse_args(["--level", args.levels]).level)
    app: Any = make_app(build_parser().parse_args(["--size", args.size, "--mute", "--speed", args.speed]))
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
        TableScene.redraw_regions = regions
        start_demo(app, 4, int(args.seed), seats, think=None if in_process else "thread")
        table: Any = app.top
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

    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.controller import GameController, demo_seats
    from tortuga_desktop.games.dice.table.scenes.table import TableScene
    from tortuga_desktop.shell.start import make_app

    thinking.ENABLED = False  # seats that answer inside the poll: the same frames every time
    app: Any = make_app(build_parser().parse_args(["--size", args.size, "--mute", "--speed", args.speed]))
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

        r._render_log = noted  # type: ignore[method-assign,assignment]
        out: dict[str, list[float]] = {"showing a move": [], "its log lines": [], "the rest": []}
        for _ in range(1500):
            controller: Any = table.controller
            controller.wait(30)  # the local source's decision outstanding
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
    from tortuga_desktop.shell.start import make_app

    app: Any = make_app(build_parser().parse_args(["--size", args.size, "--mute", "--speed", args.speed]))
    import pygame

    seed = int(args.seed)
    game = Game.new(4, seed)
    keeper = RecordKeeper("bench", game, ["human", *LEVELS[:3]])  # a human and the three lower levels
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


__all__ = ["BENCH", "DICE_KINDS", "DiceBench", "expert_case", "redraws_case", "replay_case"]
