"""Worst frame while opening Statistics, Load game and the Replays tab with many archived games
(issue 24.3; goal: no frame over 33 ms).

    nice -n 10 .venv/bin/python -m scripts.archive_frames --games 10000
    xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python -m scripts.archive_frames   # a real X server

Makes a temporary TORTUGA_HOME with ``--games`` valid finished games in the archive, as many
named saves and as many kept replays (one real game each, written in the files' own formats
under different game ids, with the folder index the game writes with its archive), then runs
the real app's scene loop at 60 fps: an idle menu redrawn every frame (the baseline, measured
in the same run), then Statistics (its three tabs, paging through them), Load game (paging)
and the Replays tab, each until its lists are read and one more second. Every frame is
redrawn. It prints the worst and the 99th-percentile frame of each against the baseline.

``--cold-seconds S`` then deletes the indexes and measures S seconds of Statistics and Load
while the lists are rebuilt (every file read and replayed on the worker thread), to show the
frames stay short while that runs (it takes minutes for 10,000 games).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(p / 100 * len(v)))] if v else float("nan")


def make_files(games: int) -> None:
    """``games`` archived games, named saves and replays, plus the index the game keeps."""
    from tortuga_desktop.games.dice.table import gamesetup as dsetup
    from tortuga_desktop.games.dice.table import records
    from tortuga_desktop.games.dice.table import savefile as dsave
    from tortuga_desktop.games.dice.table.records import RecordKeeper
    from tortuga_desktop.shell import listing, paths, saves

    setup = dsetup.SetupConfig(seats=[saves.SeatConfig("Anna", "human", 0), saves.SeatConfig("Bart", "hard", 1),
                                     saves.SeatConfig("Clara", "easy", 2)], seed=11)
    data = setup.create_game()
    keeper = RecordKeeper("x", data.game, [s.kind for s in data.seats])
    rng = random.Random(11)
    g = data.game
    mid: Any = None
    while not g.is_over:
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
        if mid is None and g.round == 3:
            mid = dsave.SaveData(data.seats, g.clone(), {"name": "x"}, game_id="x", saved_at="2024-01-01T00:00:00")
    rf = keeper.snapshot({})
    assert rf is not None and mid is not None
    finished = dsave.SaveData(data.seats, g, {"finished_at": "2024-01-01T00:00:00"}, game_id="x",
                              saved_at="2024-01-01T00:00:00")

    def write_many(folder: Path, kind: str, doc: dict[str, Any], name_of: Any, summary: dict[str, Any]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        marker = '"game_id":"x"'
        assert text.count(marker) == 1
        noted = []
        for i in range(games):
            gid = f"g{i:06d}"
            day = f"2024-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:00:00+00:00"
            body = text.replace(marker, f'"game_id":"{gid}"')
            body = body.replace('"2024-01-01T00:00:00"', f'"{day}"')
            path = folder / name_of(i, gid)
            path.write_text(body + "\n", encoding="utf-8")
            if kind == "saves":
                named = summary["name"] if summary["name"] != "x" or folder.name != "finished" else gid
                noted.append((path, {**summary, "game_id": gid, "saved_at": day, "name": named}))
            else:
                noted.append((path, {**summary, "game_id": gid, "date": day}))
        listing.note_files(folder, kind, noted)  # what the game writes with each archived game

    def save_doc(sd: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        doc = sd.to_dict()
        info = dsave.info_of(Path("x.json"), sd)
        return doc, saves.save_summary(info)

    doc, summary = save_doc(finished)
    write_many(paths.archive_dir(), "saves", doc, lambda i, gid: f"{gid}.json", summary)
    doc, summary = save_doc(mid)
    write_many(paths.saves_dir(), "saves", doc, lambda i, gid: f"game {i:05d}.json",
               {**summary, "name": "x"})
    rf.started_at = rf.updated_at = "2024-01-01T00:00:00"
    rdoc = rf.to_dict()
    rdoc["game_id"] = "x"
    write_many(records.replays_dir(), "replays", rdoc, lambda i, gid: f"{gid}.json",
               {"game_id": "x", "date": "", "names": list(rf.record.names), "kinds": list(rf.kinds),
                "winners": list(rf.winners), "rounds": rf.rounds, "finished": rf.finished})
    # the files must really be valid: check a few the slow way
    for folder in (paths.archive_dir(), paths.saves_dir()):
        for p in sorted(folder.glob("[!.]*.json"))[:: max(1, games // 3)]:
            dsave.read_save(p)
    for p in sorted(records.replays_dir().glob("[!.]*.json"))[:: max(1, games // 3)]:
        records.read_replay(p).replay()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--baseline-seconds", type=float, default=4.0)
    ap.add_argument("--timeout", type=float, default=120.0, help="longest wait for one list (seconds)")
    ap.add_argument("--cold-seconds", type=float, default=0.0,
                    help="then measure this long while the lists are rebuilt without an index")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    ap.add_argument("--verbose", action="store_true", help="print every frame over 33 ms")
    ap.add_argument("--home", default=None, help="make the games in this folder and keep them (used again if it "
                                                  "exists; the cold case deletes its indexes)")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "DISPLAY" not in os.environ:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    reuse = args.home is not None and Path(args.home).is_dir()
    home = Path(args.home) if args.home else Path(tempfile.mkdtemp(prefix="tortuga-archive-frames-"))
    os.environ["TORTUGA_HOME"] = str(home)
    try:
        if reuse:
            print(f"using the games made before in {home}")
        else:
            t0 = time.perf_counter()
            make_files(args.games)
            print(f"made {args.games:,} archived games, {args.games:,} named saves and {args.games:,} replays "
                  f"in {time.perf_counter() - t0:.1f} s")
        return measure(args, home)
    finally:
        if args.keep or args.home:
            print(f"kept {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)


def measure(args: argparse.Namespace, home: Path) -> int:
    import pygame

    from tortuga_desktop.shell.intents import Key
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.scenes.menu import MenuScene
    from tortuga_desktop.shell.start import make_app

    app = make_app(build_parser().parse_args(["--size", args.size, "--mute"]))
    print(f"video driver: {pygame.display.get_driver()}, window {app.size}; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")

    def frames(seconds: float, each: Any = None, until: Any = None) -> list[float]:
        """Frame work times (ms) for ``seconds`` (or until ``until()`` and one more second),
        every frame redrawn; ``each(i)`` runs inside the frame's timing."""
        out: list[float] = []
        end = time.perf_counter() + seconds
        settle_at: float | None = None
        i = 0
        due = last_end = time.perf_counter()
        while time.perf_counter() < end:
            if until is not None and settle_at is None and i > 0 and until():  # (frame 0 opens the screen)
                settle_at = time.perf_counter() + 1.0
                end = min(end, settle_at)
            # The frame starts when the previous one was due to end (16.7 ms after it began):
            # time spent waiting beyond that (e.g. for another thread to hand back the
            # interpreter after the sleep) counts as part of the frame.
            app.clock.tick(60)
            now = time.perf_counter()
            t = min(now, max(due, last_end))
            c = time.thread_time()
            if each is not None:
                each(i)
            app.request_redraw()
            app.fixed_dt = 1 / 60
            n = len(app.frame_times)
            app.run(max_frames=1)
            last_end = time.perf_counter()
            due = now + 1 / 60
            if len(app.frame_times) > n:
                ms = (last_end - t) * 1000
                out.append(ms)
                if ms > 33 and args.verbose:
                    print(f"    slow frame {i}: {ms:.1f} ms, of which frame-thread CPU "
                          f"{(time.thread_time() - c) * 1000:.1f} ms; top {type(app.top).__name__} "
                          f"tab {getattr(app.top, 'tab', '-')}")
            i += 1
        if until is not None and not until():
            print(f"  (not finished after {seconds:.0f} s)")
        return out

    def line(name: str, ms: list[float], base: list[float]) -> str:
        worst = max(ms)
        return (f"{name:<34} frames {len(ms):5d}  p50 {pct(ms, 50):6.2f}  p99 {pct(ms, 99):6.2f}  worst {worst:7.2f} ms"
                f"  (baseline worst {max(base):.2f} ms)  {'OK' if worst <= 33 else 'OVER 33 ms'}")

    def busy() -> bool:
        return any(getattr(s, "busy", False) for s in app.scenes)

    def key(k: int) -> Any:
        return lambda _i: app.post(Key(k))

    def once(fn: Any) -> Any:
        done = [False]

        def run(i: int) -> None:
            if not done[0]:
                done[0] = True
                fn()
        return run

    app.clear_to(MenuScene())
    frames(1.0)
    base = frames(args.baseline_seconds)
    print(line("baseline: idle menu, redrawn", base, base))
    results: list[tuple[str, list[float]]] = []

    def scenario(name: str, open_: Any, pages: list[int]) -> None:
        app.clear_to(MenuScene())
        frames(0.5)
        ms = frames(args.timeout, once(open_), until=lambda: not busy())
        for k in pages:
            ms += frames(0.3, once(lambda k=k: app.post(Key(k))))
        results.append((name, ms))
        print(line(name, ms, base))

    stats_pages = [pygame.K_TAB, pygame.K_PAGEDOWN, pygame.K_PAGEDOWN, pygame.K_END, pygame.K_HOME,
                   pygame.K_TAB, pygame.K_PAGEDOWN, pygame.K_END, pygame.K_HOME]
    scenario("Statistics (3 tabs, paging)", lambda: app.top.statistics(), stats_pages)
    scenario("Load game (paging)", lambda: app.top.load_game(),
             [pygame.K_PAGEDOWN, pygame.K_PAGEDOWN, pygame.K_END, pygame.K_PAGEUP, pygame.K_HOME])

    def replays_tab() -> None:
        app.top.statistics()
        app.top.tab = "replays"

    scenario("Replays tab (paging)", replays_tab, [pygame.K_PAGEDOWN, pygame.K_END, pygame.K_HOME])
    worst = max(max(ms) for _, ms in results)
    print(f"worst frame over all: {worst:.2f} ms (goal <= 33 ms); baseline worst {max(base):.2f} ms, "
          f"p99 {pct(base, 99):.2f} ms")
    if args.cold_seconds > 0:
        from tortuga_desktop.games.dice.table import records
        from tortuga_desktop.shell import listing, paths

        for folder in (paths.archive_dir(), paths.saves_dir(), records.replays_dir()):
            (folder / listing.INDEX_NAME).unlink(missing_ok=True)
        for name, open_ in (("Statistics, no index (rebuilding)", lambda: app.top.statistics()),
                            ("Load game, no index (rebuilding)", lambda: app.top.load_game())):
            app.clear_to(MenuScene())
            frames(0.5)
            ms = frames(args.cold_seconds, once(open_))
            scene = app.top
            worker = getattr(scene, "_reader", None) or getattr(scene, "_lister", None)
            done, total = worker.progress if worker is not None else (0, 0)
            print(line(name, ms, base) + f"  ({done:,} of {total:,} files read in {args.cold_seconds:.0f} s)")
            app.clear_to(MenuScene())
    app.close()
    return 0 if worst <= 33 else 1


if __name__ == "__main__":
    sys.exit(main())
