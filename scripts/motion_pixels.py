"""The dice table's motions drawn headless, as one hash of their pixels: the before/after check of a
change to how motions are scripted or drawn that must not change what a player sees (the shots of
:mod:`scripts.screen_shots` show screens at rest, never a motion in flight).

    python -m scripts.motion_pixels

Seeded games of random legal decisions (two and four players); after each decision the timeline
from the view before to the view after is drawn at six moments from its start to its end. Prints
the frames drawn, the kinds of motion seen and the hash; two runs of the same code print the same.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import argparse
import hashlib
import random

#: (players, seed) of the games drawn
GAMES = ((2, 3), (4, 9))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").strip().split("\n\n")[0])
    ap.add_argument("--size", default="1280x720", help="table size WxH (default 1280x720)")
    ap.add_argument("--decisions", type=int, default=400, help="decisions per game at most (default 400)")
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))

    import pygame

    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.render.motion import build_timeline
    from tortuga_desktop.games.dice.table.render.table import AnimState, TableRenderer

    pygame.init()
    pygame.display.set_mode((w, h))
    digest = hashlib.sha256()
    frames = 0
    kinds: set[str] = set()
    for players, seed in GAMES:
        game = Game.new(players, seed)
        rng = random.Random(seed)
        renderer = TableRenderer((w, h), players)
        surface = pygame.Surface((w, h))
        for _ in range(args.decisions):
            if game.is_over:
                break
            seat = game.to_move()[0]
            old = game.view(0)
            game.apply(seat, game.random_action(seat, rng))
            new = game.view(0)
            timeline = build_timeline(old, new, actor=seat)
            kinds.update(m.kind for m in timeline.motions)
            for step in range(6):
                timeline.now = timeline.length * step / 5
                renderer.draw(surface, new, AnimState(timeline=timeline, time=timeline.now))
                digest.update(pygame.image.tobytes(surface, "RGB"))
                frames += 1
    print(f"frames {frames}")
    print(f"kinds  {' '.join(sorted(kinds))}")
    print(f"hash   {digest.hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
