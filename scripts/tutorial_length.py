"""How long a game's tutorial takes: reading time plus the table's own time, in each language.

    SDL_VIDEODRIVER=dummy .venv/bin/python -m scripts.tutorial_length [--game 1667] [--wpm 150] [--move-s 12]

The tutorial of the game ``--game`` names (the dice game without it) is played headless at normal animation
speed with a fixed 60 fps clock (each move made as soon as it is asked for, Next pressed as soon as it is
allowed): the simulated seconds that pass are the table's time (animations, computer players). Reading time
is the words of every note shown divided by a reading speed; each move the player makes is given a fixed
thinking time. How a game's tutorial is played is the game's side of the bench, which the catalogue of
games names (:mod:`tortuga_desktop.shell.bench`).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TORTUGA_HOME", tempfile.mkdtemp(prefix="tortuga-length-"))

from tortuga_desktop import games  # noqa: E402
from tortuga_desktop.shell.bench import PLAIN  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m scripts.tutorial_length",
                                 description="How long a game's Learn to play takes, per language.")
    ap.add_argument("--game", default=games.DEFAULT_GAME, help="the game, by its key or another name")
    ap.add_argument("--wpm", type=float, default=150.0, help="reading speed, words per minute")
    ap.add_argument("--move-s", type=float, default=12.0, help="seconds to make one move")
    args = ap.parse_args(argv)
    try:
        key = games.rules(args.game).key
    except LookupError as exc:
        ap.error(f"--game: {exc}")
    bench = games.bench(key) or PLAIN

    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.start import make_app

    app = make_app(build_parser().parse_args(["--mute", "--size", "1600x900", "--speed", "normal"]))
    app.fixed_dt = 1 / 60
    try:
        run = bench.walk_tutorial(app)
    finally:
        app.close()
    if run is None:
        print(f"{key} has no tutorial to measure", file=sys.stderr)
        return 1
    print(f"{key}: steps: {run.steps}, moves by the player: {run.moves}, table time at normal speed: "
          f"{run.table_seconds:.0f} s")
    for code in i18n.LANGUAGES:
        words = sum(len(i18n.translate(code, k).split()) for k in run.note_keys)
        total = words / args.wpm * 60 + run.moves * args.move_s + run.table_seconds
        print(f"{code}: {words} words, reading {words / args.wpm:.1f} min at {args.wpm:.0f} wpm; "
              f"estimated total {total / 60:.1f} min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
