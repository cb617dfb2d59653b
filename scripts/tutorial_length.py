"""How long the tutorial takes: reading time plus the table's own time, in each language.

    SDL_VIDEODRIVER=dummy .venv/bin/python -m scripts.tutorial_length [--wpm 150] [--move-s 12]

The tutorial is played headless at normal animation speed with a fixed 60 fps clock (moves made
as soon as they are asked for, Next pressed as soon as it is allowed): the simulated seconds that
pass are the table's time (animations, computer players). Reading time is the words of every
note shown divided by a reading speed; each move the player makes is given a fixed thinking time.
"""

from __future__ import annotations

import argparse
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TORTUGA_HOME", tempfile.mkdtemp(prefix="tortuga-length-"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--wpm", type=float, default=150.0, help="reading speed, words per minute")
    ap.add_argument("--move-s", type=float, default=12.0, help="seconds to make one move")
    args = ap.parse_args(argv)

    from tortuga_desktop.games.dice.table.scenes.tutorial import start_tutorial
    from tortuga_desktop.games.dice.table.tutorial import HUMAN, STEPS
    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.start import make_app

    app = make_app(build_parser().parse_args(["--mute", "--size", "1600x900", "--speed", "normal"]))
    app.fixed_dt = 1 / 60
    try:
        scene = start_tutorial(app)
        coach = scene.tutorial
        frames = 0
        moves = 0

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
                assert scene.decision_ui.model.confirm(), scene.decision_ui.model.reason()
                scene._check_confirmed()
                moves += 1
                assert coach.index != index, (step.key, coach.error, scene.decision_ui, coach.game.pending(), coach.game.seats[0].hand, coach.game.seats[0].roll)
            else:
                scene.next_step()
        table_s = frames / 60
    finally:
        app.close()
    print(f"steps: {len(STEPS)}, moves by the player: {moves}, table time at normal speed: {table_s:.0f} s")
    for code in i18n.LANGUAGES:
        words = sum(len(i18n.translate(code, f"tutorial.step.{s.key}").split()) for s in STEPS)
        total = words / args.wpm * 60 + moves * args.move_s + table_s
        print(f"{code}: {words} words, reading {words / args.wpm:.1f} min at {args.wpm:.0f} wpm; "
              f"estimated total {total / 60:.1f} min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
