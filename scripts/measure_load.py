"""Time loading saved games and records, and the frame loop while a big file loads.

    python -m scripts.measure_load [--seed 7] [--repeat 5]
    python -m scripts.measure_load --big [--repeat 3] [--baseline DIR] [--old-cap]

Without ``--big``: plays a 4-player dice game to its end with a fixed random policy, writes it as
the autosave, loads it ``--repeat`` times and prints the decisions replayed and the load times in ms.

``--big`` builds the largest files the game reads and times every way in, each in its own process
(``PYTHONPATH`` = the tree measured; a tree given with ``--baseline``, e.g. ``git archive 53602c1 |
tar -x -C DIR``, is measured in the same run on the same files, line by line beside this one):

* ``dice 5 MB`` / ``1667 5 MB``: a finished game's save (4 dice players, 9 at the 1667 table)
  padded in its ``meta`` with 1,000-character texts to just under the 5 MB limit;
* ``1667 longest``: the longest 1667 record the rules allow: 9 players to the action cap (1,000
  turn actions, each a vote when one can be called, else a look at two cards);
* ``1667 100k`` (``--old-cap``): 100,000 turn actions at the cap the rules allowed before (100,000);
  today's rules refuse its setup.

For each: ``load`` (read, check and replay: ``tortuga PATH``, Continue, Load game; median ms, the
game modules imported before), ``replay`` (what ``tortuga --replay`` and the Replays list build),
and in a headless app (SDL dummy driver, 60 fps clock) ``tortuga PATH`` / Continue / ``--replay``:
the time to the first frame (the previous code read the file before it), then while the file is
read the longest pass of the frame loop (the window does not answer that long), how many passes
took over 33 ms and the most work in a drawn frame; the pass that takes the result and builds the
game's screen (its table, end screen, replay screen or the message) apart; and when that is on screen.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: the files' limit (shell/saves/savefile.MAX_SAVE_BYTES); padded to this less a little
LIMIT = 5 * 1024 * 1024
HERE = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- the small measure (issue 16.5)
def small(seed: int, repeat: int) -> int:
    os.environ["TORTUGA_HOME"] = tempfile.mkdtemp(prefix="tortuga-load-")

    from tortuga_desktop.games.dice.table import savefile as dsave
    from tortuga_desktop.shell import saves

    data = _finished_dice_game(seed)
    g = data.game
    path = saves.write_save(saves.autosave_path(), data)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        loaded = dsave.load_save(path)
        times.append((time.perf_counter() - t0) * 1000)
        assert loaded.game.to_dict() == g.to_dict()
    size_kb = path.stat().st_size / 1024
    print(f"measure_load: 4 players, {g.decisions} decisions ({len(g.record().entries)} record entries), "
          f"{size_kb:.0f} KB; load_save ms: min {min(times):.1f}, median {sorted(times)[len(times) // 2]:.1f}, "
          f"max {max(times):.1f}")
    return 0


# ---------------------------------------------------------------- building the big files
def _pad(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with ``meta.pad``: 1,000-character texts up to just under :data:`LIMIT` bytes."""
    base = len(json.dumps(doc, separators=(",", ":")).encode())
    text = "".join(random.Random(5).choice("abcdefghij klmnopqrstuvwxyz") for _ in range(1000))
    count = (LIMIT - 4096 - base) // (len(text) + 3)
    doc.setdefault("meta", {})["pad"] = [text] * count
    return doc


def _finished_dice_game(seed: int) -> Any:
    """A 4-player dice game (a human and Easy, Normal, Hard seats) played to its end at random."""
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.shell.saves import SeatConfig

    seats = [SeatConfig(n, k, i) for i, (n, k) in enumerate(
        [("Anna", "human"), ("Bart", "easy"), ("Clara", "normal"), ("Dirk", "hard")])]
    data = SetupConfig(seats=seats, seed=seed).create_game()
    g = data.game
    rng = random.Random(seed)
    while not g.is_over:
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    return data


def _dice_save(seed: int) -> dict[str, Any]:
    data = _finished_dice_game(seed)
    data.saved_at = "2026-01-01T00:00:00+00:00"
    doc: dict[str, Any] = data.to_dict()
    return doc


def _t1667_game(players: int, seed: int, cap: int, votes: bool) -> Any:
    """A 1667 game to its end: each turn a vote when one can be called (``votes``), else a look at two row
    cards when allowed, else any legal action; other decisions at random."""
    from tortuga_desktop.games.t1667.rules import actions as a
    from tortuga_desktop.games.t1667.rules.game import Game

    g = Game.new(players, seed, cap=cap)
    rng = random.Random(seed)
    wanted = ((a.Brawl, a.Mutiny, a.Attack) if votes else ()), (a.ViewTwo,)
    while not g.is_over:
        pending = g.pending()
        seat = pending[rng.randrange(len(pending))].seat
        legal = g.legal_actions(seat)
        choice = legal
        for kinds in wanted:
            preferred = [x for x in legal if kinds and isinstance(x, kinds)]
            if preferred:
                choice = preferred
                break
        g.apply(seat, choice[rng.randrange(len(choice))])
    return g


def _t1667_save(g: Any) -> dict[str, Any]:
    record = g.record().to_dict()
    names = record["setup"]["names"]
    return {"format": "tortuga-save", "schema": 1, "game": "t1667", "saved_at": "2026-01-01T00:00:00+00:00",
            "game_id": f"measure-{g.players}-{len(record['entries'])}",
            "seats": [{"name": n, "kind": "human" if i == 0 else "easy", "bot_seed": i} for i, n in enumerate(names)],
            "record": record, "bot_chat": False, "notes": {}, "meta": {}}


def build(folder: Path, seed: int, old_cap: bool) -> dict[str, Path]:
    files: dict[str, Path] = {}

    def write(name: str, doc: dict[str, Any]) -> None:
        path = folder / f"{name.replace(' ', '-')}.json"
        path.write_text(json.dumps(doc, separators=(",", ":")))
        files[name] = path

    write("dice 5 MB", _pad(_dice_save(seed)))
    write("1667 5 MB", _pad(_t1667_save(_t1667_game(9, seed, 1000, votes=True))))
    write("1667 longest", _t1667_save(_t1667_game(9, seed, 1000, votes=True)))
    if old_cap:
        write("1667 100k", _t1667_save(_t1667_game(4, seed, 100_000, votes=False)))
    return files


# ---------------------------------------------------------------- measuring one file in one tree
def _ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


def inner(mode: str, path: Path, repeat: int) -> dict[str, Any]:
    """One measurement in this process (``PYTHONPATH`` chooses the tree)."""
    os.environ["TORTUGA_HOME"] = tempfile.mkdtemp(prefix="tortuga-load-")
    from tortuga_desktop.shell import game

    game.modules()  # every game's module imported first: the imports are not the file's time
    if mode == "load":
        from tortuga_desktop.shell.saves import SaveError
        from tortuga_desktop.shell.saves.games import load_game

        times, outcome = [], ""
        for _ in range(repeat):
            t0 = time.perf_counter()
            try:
                _module, saved = load_game(path)
                outcome = "loaded"
            except SaveError as err:
                outcome = f"refused {err.key}"
            times.append(_ms(t0))
        return {"ms": statistics.median(times), "outcome": outcome}
    if mode == "replay":
        import pygame

        pygame.init()
        from tortuga_desktop.shell import replayfiles

        times, outcome = [], ""
        for _ in range(repeat):
            t0 = time.perf_counter()
            try:
                replayfiles.open_scene(replayfiles.read_kept(path), "normal")
                outcome = "opened"
            except replayfiles.RecordError as err:
                outcome = f"refused {err.key}"
            times.append(_ms(t0))
        return {"ms": statistics.median(times), "outcome": outcome}
    return _frames(mode, path)


def _frames(mode: str, path: Path) -> dict[str, Any]:
    """``tortuga PATH`` / Continue / ``tortuga --replay`` in a headless app at a 60 fps clock."""
    import shutil

    from tortuga_desktop.shell import saves
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.start import make_app

    args = ["--mute", "--size", "1280x720"]
    if mode == "frames-path":
        args.append(str(path))
    elif mode == "frames-replay":
        args += ["--replay", str(path)]
    else:
        shutil.copyfile(path, saves.autosave_path())
    from tortuga_desktop.shell import game

    game.modules()  # imported first: both trees then start alike
    t0 = time.perf_counter()
    app = make_app(build_parser().parse_args(args))  # the previous code read PATH / --replay in here
    made = time.perf_counter()
    passes: list[float] = []
    frames_before = 0

    def busy() -> bool:
        return any(getattr(s, "busy", False) for s in app.scenes)

    def step() -> None:
        dt = min(0.1, app.clock.tick(60) / 1000.0)
        app.step(dt)
        passes.append(time.perf_counter())

    step()  # the first frame
    first = _ms(t0)
    if mode == "frames-continue":
        for _ in range(3):
            step()
        app.top.continue_game()
    start = len(passes) - 1  # from here on the file is being read
    frames_before = len(app.frame_times)
    deadline = time.perf_counter() + 120
    opened_in = False
    while busy() and time.perf_counter() < deadline:
        step()
        opened_in = True
    # the loop's last pass took the result and built the game's screen (its table, its end screen, the
    # replay screen or the message): counted apart from the passes while the file was read
    loading = passes[start:-1] if opened_in else []
    work = list(app.frame_times)[frames_before:]
    open_ms = (passes[-1] - passes[-2]) * 1000 if opened_in else 0.0
    if opened_in and work:
        work = work[:-1]
    step()
    done = _ms(t0)
    top = getattr(app.top, "name", type(app.top).__name__)
    gaps = [(b - a) * 1000 for a, b in zip(loading, loading[1:], strict=False)] or [0.0]
    app.close()
    return {"make_app_ms": (made - t0) * 1000, "first_ms": first, "max_gap_ms": max(gaps),
            "max_work_ms": max(work) if work else 0.0, "passes": len(loading[1:]),
            "over_33": sum(1 for g in gaps if g > 33.0), "open_ms": open_ms, "done_ms": done, "top": top}


def run_inner(tree: Path, mode: str, path: Path, repeat: int) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--inner", mode, str(path),
                          "--repeat", str(repeat)], cwd=tree, env=env, capture_output=True, text=True, timeout=900)
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    if out.returncode != 0 or not lines:
        return {"error": (out.stderr.strip().splitlines() or ["?"])[-1][:120]}
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def _fmt(mode: str, r: dict[str, Any]) -> str:
    if "error" in r:
        return f"failed: {r['error']}"
    if mode in ("load", "replay"):
        return f"{r['ms']:8.0f} ms  {r['outcome']}"
    return (f"first frame {r['first_ms']:6.0f} ms; while reading: longest pass {r['max_gap_ms']:5.0f} ms, "
            f"{r['over_33']:3d} of {r['passes']:4d} passes > 33 ms, most work/frame {r['max_work_ms']:5.1f} ms; "
            f"opening pass {r['open_ms']:4.0f} ms; {r['top']} after {r['done_ms']:6.0f} ms")


def big(args: Any) -> int:
    only = set(args.only.split(",")) if args.only else None
    chosen = set(args.files.split(",")) if args.files else None
    folder = Path(tempfile.mkdtemp(prefix="tortuga-bigfiles-"))
    sys.path.insert(0, str(HERE))
    files = build(folder, args.seed, args.old_cap)
    trees = [("this tree", HERE)] + ([("baseline", Path(args.baseline).resolve())] if args.baseline else [])
    print(f"measure_load --big: files in {folder} (seed {args.seed}, median of {args.repeat} for load/replay)")
    for name, path in files.items():
        if chosen is not None and path.stem not in chosen:
            continue
        doc = json.loads(path.read_text())
        entries = len(doc["record"]["entries"]) if isinstance(doc.get("record"), dict) else 0
        print(f"\n{name}: {path.stat().st_size:,} bytes, {entries:,} record entries")
        modes = ["load", "frames-path", "frames-continue"]
        if name.startswith("1667"):
            modes += ["replay", "frames-replay"]
        for mode in modes:
            if only is not None and mode not in only:
                continue
            for label, tree in trees:
                result = run_inner(tree, mode, path, args.repeat if mode in ("load", "replay") else 1)
                print(f"  {mode:16s} {label:9s} {_fmt(mode, result)}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=(__doc__ or "").strip().split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--big", action="store_true", help="the 5 MB saves and the longest records, every way in")
    ap.add_argument("--baseline", help="another tree (e.g. an archive of the previous commit) measured beside")
    ap.add_argument("--old-cap", action="store_true", help="also a 100,000-action 1667 record (the old cap)")
    ap.add_argument("--only", help="these measures only, e.g. load,replay,frames-path")
    ap.add_argument("--files", help="these files only, e.g. dice-5-MB,1667-5-MB,1667-longest,1667-100k")
    ap.add_argument("--inner", nargs=2, metavar=("MODE", "FILE"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.inner:
        print(json.dumps(inner(args.inner[0], Path(args.inner[1]), args.repeat)))
        return 0
    if args.big:
        return big(args)
    return small(args.seed, args.repeat)


if __name__ == "__main__":
    sys.exit(main())
