"""How long Tortuga 1667's tutorial takes: reading time plus the table's own time, in each language.

    SDL_VIDEODRIVER=dummy .venv/bin/python -m scripts.tutorial_length_1667 [--wpm 150] [--move-s 12]

The tutorial is played headless at normal animation speed with a fixed 60 fps clock (each move made as
soon as it is asked for, Next pressed as soon as it is allowed): the simulated seconds that pass are the
table's time (the computer pirates' pace, the votes turning up). Reading time is the words of every note
divided by a reading speed; each move the player makes is given a fixed thinking time. The same measure
as ``scripts.tutorial_length`` (the dice game's), printed beside it for the dice game's tutorial's words.
"""

from __future__ import annotations

import argparse
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TORTUGA_HOME", tempfile.mkdtemp(prefix="tortuga-length-"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="How long Tortuga 1667's Learn to play takes, per language.")
    ap.add_argument("--wpm", type=float, default=150.0, help="reading speed, words per minute")
    ap.add_argument("--move-s", type=float, default=12.0, help="seconds to make one move")
    args = ap.parse_args(argv)

    from tortuga_desktop.games.dice.table.tutorial import STEPS as DICE_STEPS
    from tortuga_desktop.games.t1667.table.tutorial import STEPS
    from tortuga_desktop.games.t1667.table.tutorial_scene import start_tutorial
    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.start import make_app

    app = make_app(build_parser().parse_args(["--mute", "--size", "1600x900", "--speed", "normal"]))
    app.fixed_dt = 1 / 60
    try:
        scene = start_tutorial(app)
        coach = scene.tutorial
        frames = moves = 0
        while not coach.finished:
            step = coach.step
            for _ in range(20000):
                if step.mode == "do" and scene.panel is not None and not scene.animating:
                    break
                if step.mode != "do" and scene.coach_panel.enabled("next"):
                    break
                app.run(max_frames=1)
                frames += 1
            if step.mode == "do":
                index = coach.index
                action = step.action()
                assert action is not None and scene.submit(action), (step.key, coach.error)
                moves += 1
                assert coach.index != index, step.key
            else:
                scene.press("next")
        table_s = frames / 60
    finally:
        app.close()
    print(f"steps: {len(STEPS)}, moves by the player: {moves}, table time at normal speed: {table_s:.0f} s")
    for code in i18n.LANGUAGES:
        words = sum(len(i18n.translate(code, f"tutorial.t1667.step.{s.key}").split()) for s in STEPS)
        dice = sum(len(i18n.translate(code, f"tutorial.step.{s.key}").split()) for s in DICE_STEPS)
        total = words / args.wpm * 60 + moves * args.move_s + table_s
        print(f"{code}: {words} words (the dice game's tutorial: {dice}), reading {words / args.wpm:.1f} min at "
              f"{args.wpm:.0f} wpm; estimated total {total / 60:.1f} min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
