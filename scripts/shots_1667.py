"""Screenshots of the Tortuga 1667 table: a seeded game played by the computer players to a mid-game
position, drawn from one seat's view with its decision panel, for 4 and 9 seats.

    python -m scripts.shots_1667 [--out DIR] [--seed S] [--size 1280x720] [--lang en]

Prints the paths of the PNGs it wrote. Runs headless (SDL's dummy video driver).
"""

from __future__ import annotations

import argparse
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tortuga_desktop.games.t1667.ai.bots import make_bot  # noqa: E402
from tortuga_desktop.games.t1667.rules import Game, Kind, Loc, PlayerView  # noqa: E402
from tortuga_desktop.games.t1667.table.panel import PanelState, panel_for  # noqa: E402
from tortuga_desktop.games.t1667.table.render import Table1667Renderer  # noqa: E402
from tortuga_desktop.shell import i18n  # noqa: E402

NAMES = ("Anne", "Jack", "Mary", "Calico", "Edward", "Grace", "Henry", "Ching", "Bartholomew")


def mid_game(players: int, seed: int, *, decisions: int, seat: int = 0,
             want: Kind = Kind.TURN) -> tuple[PlayerView, list[object]]:
    """Play a seeded game with Easy/Normal bots for at least ``decisions`` decisions, then on until
    ``seat`` has a ``want`` decision; returns its view and legal actions."""
    g = Game.new(players, seed, names=NAMES[:players])
    bots = [make_bot("normal" if s % 2 else "easy", seed * 31 + s) for s in range(players)]
    rng = random.Random(seed)
    seen = [0] * players
    steps = 0
    while not g.is_over:
        pend = g.pending()
        if steps >= decisions and any(d.seat == seat and d.kind is want for d in pend) \
                and (want is not Kind.TURN or (len(g.lines[Loc.FD]) + len(g.lines[Loc.JR]) >= players // 2)):
            break  # a position a player would recognise: half the pawns aboard the ships
        s = pend[rng.randrange(len(pend))].seat
        events = g.events_for(s, seen[s])
        seen[s] = len(g.log)
        bots[s].observe(events)
        choice = bots[s].decide(g.view(s), g.legal_actions(s))
        g.apply(s, choice.action)
        steps += 1
    return g.view(seat), list(g.legal_actions(seat))


def shoot(players: int, seed: int, size: tuple[int, int], out: Path, *, decisions: int, want: Kind,
          tag: str, open_group: str | None = None, shared: bool = False) -> Path:
    view, legal = mid_game(players, seed, decisions=decisions, want=want)
    screen = pygame.Surface(size)
    r = Table1667Renderer(size, players)
    panel = panel_for(view, legal)  # type: ignore[arg-type]
    state = None
    if open_group is not None:
        idx = next((k for k, g in enumerate(panel.groups) if g.kind == open_group), None)
        if idx is not None:
            state = PanelState(panel, idx)
    r.draw(screen, view, panel, state, shared=shared)
    path = out / f"table1667-{players}p-{tag}-{size[0]}x{size[1]}-{i18n.get_language()}.png"
    pygame.image.save(screen, str(path))
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp/shots1667"))
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--lang", default="en")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    i18n.set_language(args.lang)
    pygame.display.init()
    pygame.font.init()
    paths = [
        shoot(4, args.seed, (w, h), args.out, decisions=40, want=Kind.TURN, tag="turn"),
        shoot(9, args.seed, (w, h), args.out, decisions=70, want=Kind.TURN, tag="turn"),
        shoot(9, args.seed + 1, (w, h), args.out, decisions=60, want=Kind.TURN, tag="force", open_group="force"),
        shoot(5, args.seed, (w, h), args.out, decisions=30, want=Kind.VOTE, tag="vote"),
        shoot(5, args.seed + 2, (w, h), args.out, decisions=40, want=Kind.TURN, tag="shared", shared=True),
    ]
    for p in paths:
        print(p)


if __name__ == "__main__":
    main()
