"""Screenshots of the tutorial for docs/ (docs/tutorial-1.png ... -3.png), headless.

    SDL_VIDEODRIVER=dummy .venv/bin/python -m scripts.tutorial_shots [--lang en] [--out docs]

Each picture resumes the tutorial at a step (the same path as "resume where you left"),
lets the table settle and saves the window:
1. choosing dice behind the screen (die A already picked);
2. a wrong move on Board (boarding Jack) refused with the coach's explanation;
3. the scoring at the end of the game.
"""

from __future__ import annotations

import argparse
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TORTUGA_HOME", tempfile.mkdtemp(prefix="tortuga-shots-"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", default="en")
    ap.add_argument("--out", default="docs")
    ap.add_argument("--size", default="1600x900")
    args = ap.parse_args(argv)

    import pygame

    from tortuga_desktop.games.dice.rules import Target
    from tortuga_desktop.games.dice.table.scenes.tutorial import start_tutorial
    from tortuga_desktop.games.dice.table.tutorial import STEPS
    from tortuga_desktop.shell.intents import Key
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.start import make_app

    def step_index(key: str) -> int:
        return next(i for i, s in enumerate(STEPS) if s.key == key)

    def shot(key: str, path: str, act: object = None) -> None:
        app = make_app(build_parser().parse_args(["--mute", "--size", args.size, "--speed", "fast"]))
        app.fixed_dt = 1 / 60
        try:
            app.settings.language = args.lang
            app.apply_settings({"language"})
            app.settings.tutorial_step = step_index(key)
            scene = start_tutorial(app)
            for _ in range(600):  # let the bots and animations settle
                app.run(max_frames=1)
                if scene.decision_ui is not None and not scene.queue and scene.timeline is None:
                    break
                if scene.tutorial.step.mode == "say" and not scene.queue and scene.timeline is None:
                    break
            if callable(act):
                act(app, scene)
            app.run(max_frames=30)
            pygame.image.save(app.window, path)
            print("saved", path)
        finally:
            app.close()

    def pick_a(app: object, scene: object) -> None:
        app.post(Key(pygame.K_a, 0, "a"))  # type: ignore[attr-defined]

    def board_jack(app: object, scene: object) -> None:
        ui = scene.decision_ui  # type: ignore[attr-defined]
        ui.model.show(Target(2))
        ui.model.confirm()
        scene._check_confirmed()  # type: ignore[attr-defined]

    os.makedirs(args.out, exist_ok=True)
    shot("same_action", os.path.join(args.out, "tutorial-1.png"), pick_a)
    shot("board", os.path.join(args.out, "tutorial-2.png"), board_jack)
    shot("score_sets", os.path.join(args.out, "tutorial-3.png"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
