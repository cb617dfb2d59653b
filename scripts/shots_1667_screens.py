"""Screenshots of Tortuga 1667's setup, end and rules-help screens through the real App (issue 28).

    python -m scripts.shots_1667_screens [--out DIR] [--size 1280x720] [--lang en] [--players 9]

Run it under ``xvfb-run -a -s "-screen 0 1280x720x24"`` to draw in a real (virtual) X window; without a
display it falls back to SDL's dummy driver. The end screen is a seeded random game played to its end.
Prints the paths of the PNGs it wrote.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from pathlib import Path

if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("TORTUGA_HOME", tempfile.mkdtemp(prefix="tortuga-shots-"))

import pygame  # noqa: E402

from tortuga_desktop.games.t1667.rules import Game, play_random  # noqa: E402
from tortuga_desktop.games.t1667.table.end import End1667Scene  # noqa: E402
from tortuga_desktop.games.t1667.table.help import Help1667Scene  # noqa: E402
from tortuga_desktop.games.t1667.table.setup import Setup1667Scene  # noqa: E402
from tortuga_desktop.shell.i18n import set_language  # noqa: E402
from tortuga_desktop.shell.loop import App  # noqa: E402

NAMES = ("Anne", "Jack", "Mary", "Calico", "Edward", "Grace", "Henry", "Ching", "Bartholomew")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="shots")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--players", type=int, default=9)
    ap.add_argument("--seed", type=int, default=5)
    a = ap.parse_args()
    w, h = (int(x) for x in a.size.split("x"))
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(None, size=(w, h), fixed_dt=1 / 60)
    set_language(a.lang)  # after the App, which sets the language of its settings

    def shot(name: str) -> None:
        for _ in range(3):
            app.step(1 / 60)
        surface = pygame.display.get_surface()
        assert surface is not None
        path = out / f"1667-{name}-{a.lang}-{w}x{h}.png"
        pygame.image.save(surface, str(path))
        print(path)

    setup = Setup1667Scene(on_start=lambda s: None)
    app.push(setup)
    setup.press(f"count:{a.players}")
    setup.press("kind:2:hard")
    setup.press("starred:named")
    shot("setup")
    app.pop()
    g = Game.new(players=a.players, seed=a.seed, names=NAMES[: a.players])
    play_random(g, random.Random(a.seed))
    app.push(End1667Scene(g.view(0), on_replay=lambda: None))
    shot("end")
    helps = Help1667Scene()
    app.push(helps)
    shot("help")
    helps.scroll = helps._anchors[10]  # the card list
    app.request_redraw()
    shot("help-cards")
    app.close()


if __name__ == "__main__":
    main()
