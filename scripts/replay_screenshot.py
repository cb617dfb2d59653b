"""Save a screenshot of the replay scene (docs/replay.png): a 4-player game of computer players
at 1920x1080, everything revealed, mid-game, a step forward in motion and the tooltip of a
round tick of the scrubber.

    python -m scripts.replay_screenshot [PATH]      (default docs/replay.png)
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

#: the image formats pygame.image.save writes, by suffix
SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")


def parse_args(argv: list[str] | None = None) -> Path:
    """The output path from the command line (argparse: ``--help`` prints usage; a bad path is an error)."""
    ap = argparse.ArgumentParser(prog="python -m scripts.replay_screenshot", description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("path", nargs="?", type=Path,
                    default=Path(__file__).resolve().parent.parent / "docs" / "replay.png",
                    help="where to save the image (default docs/replay.png); its suffix gives the format: "
                         + ", ".join(SUFFIXES))
    out: Path = ap.parse_args(argv).path
    if out.suffix.lower() not in SUFFIXES:
        ap.error(f"{str(out)[:80]!r}: the image's name ends in one of {', '.join(SUFFIXES)}")
    if not out.parent.is_dir():
        ap.error(f"no folder {str(out.parent)[:80]!r} to save the image in")
    return out


def main(argv: list[str] | None = None) -> int:
    out = parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["TORTUGA_HOME"] = tempfile.mkdtemp(prefix="tortuga-shot-")
    import pygame

    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.controller import GameController, demo_seats
    from tortuga_desktop.games.dice.table.records import RecordKeeper
    from tortuga_desktop.games.dice.table.replay import ALL
    from tortuga_desktop.games.dice.table.scenes.replay import ReplayScene
    from tortuga_desktop.shell.intents import Hover
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.scenes import Scene

    seats = demo_seats(4, 7, ("easy", "normal", "easy", "normal"))
    controller = GameController(Game.new(4, 7, names=[s.name for s in seats]), seats)
    keeper = RecordKeeper("shot", controller.game, [s.kind for s in seats])
    while not controller.is_over:
        controller.poll(budget_s=0.05)
    controller.close()
    rf = keeper.snapshot(dict(controller._reasons))
    assert rf is not None
    app = App(None, size=(1920, 1080), fixed_dt=1 / 60)
    app.push(Scene())
    scene = ReplayScene(rf)
    app.push(scene)
    scene.set_perspective(ALL)
    tl = scene.timeline
    target = next(k for k in range(tl.round_starts()[3], len(tl)) if tl.stops[k].phase == "actions") + 2
    scene.seek(target - 1)
    app.step(1 / 60)
    app.post(Hover((scene.x_of(tl.round_starts()[3]), scene.bar().centery)))
    for _ in range(30):
        app.step(1 / 60)
    scene.seek(target, animate=True)
    for _ in range(25):
        app.step(1 / 60)
    pygame.image.save(app.window, str(out))
    print(f"saved {out} (decision {scene.position} of {len(tl) - 1})")
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
