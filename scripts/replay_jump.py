"""Print how long a replay takes to jump to any position of 4-player games.

    python -m scripts.replay_jump [games]          (default 5)

For each game: the time to build the timeline once, then for every position in random order
the time of ``ReplayTimeline.game_at`` + the everything-revealed view + the log at that point
(the replay's model), and of the whole jump in the replay scene (``ReplayScene.seek`` and
drawing the frame at 1920x1080, headless). Baseline in the same run: replaying the record
from the start to the position (no snapshots). Prints median, p99 and max (target: a jump
<= 100 ms).
"""

from __future__ import annotations

import os
import random
import statistics
import time


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(p / 100 * len(v)))]


def main(argv: list[str] | None = None) -> int:
    from scripts import harness

    ap = harness.parser(__doc__)
    ap.add_argument("games", nargs="?", type=int, default=5, help="4-player games to jump around in (default 5)")
    games = ap.parse_args(argv).games
    if games < 1:
        ap.error("games must be at least 1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import tempfile

    os.environ.setdefault("TORTUGA_HOME", tempfile.mkdtemp(prefix="tortuga-jump-"))

    from tortuga_desktop.games.dice.rules import GameRecord, replay
    from tortuga_desktop.games.dice.rules.record import RECORD_FORMAT
    from tortuga_desktop.games.dice.table.records import RecordKeeper
    from tortuga_desktop.games.dice.table.replay import ALL, ReplayTimeline
    from tortuga_desktop.games.dice.table.scenes.replay import ReplayScene
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.scenes import Scene

    app = App(None, size=(1920, 1080), fixed_dt=1 / 60)
    app.push(Scene())
    model: list[float] = []
    scene_ms: list[float] = []
    base: list[float] = []
    from tortuga_desktop.games.dice.rules import Game

    for seed in range(games):
        g = Game.new(4, seed=seed, long_game=seed % 2 == 1)
        keeper = RecordKeeper(f"j{seed}", g, ["human", "easy", "normal", "hard"])
        g.playout(random.Random(seed))
        rf = keeper.snapshot({})
        assert rf is not None
        rec = rf.record
        t0 = time.perf_counter()
        tl = ReplayTimeline(rec)
        build = time.perf_counter() - t0
        order = list(range(len(tl)))
        random.Random(seed).shuffle(order)
        times = []
        for k in order:
            t = time.perf_counter()
            tl.view(tl.game_at(k), ALL)
            tl.log_at(k, ALL, rf.reasons)
            times.append((time.perf_counter() - t) * 1000)
        for k in order[:60]:  # the baseline is slow: a sample of the positions
            t = time.perf_counter()
            replay(GameRecord(RECORD_FORMAT, rec.rules_version, rec.seed, rec.players, rec.names, rec.start_player,
                              rec.long_game, rec.entries[:tl.stops[k].entries]))
            base.append((time.perf_counter() - t) * 1000)
        scene = ReplayScene(rf)
        app.push(scene)
        scene.set_perspective(ALL)
        app.step(1 / 60)
        jumps = []
        for k in order:
            t = time.perf_counter()
            scene.seek(k)
            app.step(1 / 60)
            jumps.append((time.perf_counter() - t) * 1000)
        app.pop()
        model += times
        scene_ms += jumps
        print(f"seed {seed}: {len(tl) - 1} decisions, {g.round} rounds, build {build * 1000:.1f} ms; "
              f"jump median {statistics.median(times):.2f} ms, max {max(times):.2f} ms; "
              f"in the scene with the frame drawn: median {statistics.median(jumps):.2f} ms, max {max(jumps):.2f} ms")
    print(f"over {games} games, {len(model)} jumps (target <= 100 ms):")
    for name, ms in (("jump (game, view, log)", model), ("jump + frame drawn", scene_ms),
                     ("baseline: replay from start", base)):
        print(f"  {name:<28} median {statistics.median(ms):7.2f} ms  p99 {pct(ms, 99):7.2f} ms  "
              f"max {max(ms):7.2f} ms")
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
