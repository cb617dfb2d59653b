"""Screenshots of the dice game's decision panel: every decision kind, with a few inputs each.

    SDL_VIDEODRIVER=dummy python -m scripts.panel_shots OUT [--seed 0] [--games 60]

For every decision kind, up to three positions from seeded random games (players 3 and 4), drawn on
the table at 1280x720 in English and 1920x1080 in German: as opened, then after each of these
inputs in turn: hover the first option, click it, click the last one, Tab, Tab, Backspace, Enter.
PNGs are named ``<lang>_<width>_<kind>_<n>_<step>.png``; compare two folders of them (for instance
before and after a change) pixel by pixel. Set PYTHONHASHSEED the same for both runs: the table's
highlight rings are drawn in set order.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from scripts import harness  # noqa: E402
from tortuga_desktop.games.dice.rules import DecisionKind, Game  # noqa: E402
from tortuga_desktop.games.dice.rules.prompt import seat_prompt  # noqa: E402
from tortuga_desktop.games.dice.table.human import DecisionPanel  # noqa: E402
from tortuga_desktop.games.dice.table.render.table import AnimState, TableRenderer  # noqa: E402
from tortuga_desktop.shell import i18n  # noqa: E402
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key  # noqa: E402
from tortuga_desktop.shell.saves import SeatConfig  # noqa: E402

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]


def positions(seed: int, games: int) -> dict[DecisionKind, list[tuple[Game, int]]]:
    """Up to three positions (copies, with the deciding seat) for every decision kind."""
    found: dict[DecisionKind, list[tuple[Game, int]]] = {}
    for s in range(seed, seed + games):
        players = 4 if s % 2 else 3
        g = Game.new(players, s, names=NAMES[:players])
        rng = random.Random(s)
        while not g.is_over:
            d = g.pending()[0]
            have = found.setdefault(d.kind, [])
            if len(have) < 3 and (s % 5 == len(have) or not have):
                have.append((g.clone(), d.seat))
            g.apply(d.seat, g.random_action(d.seat, rng))
    return found


def steps(panel: DecisionPanel) -> Iterator[tuple[str, Intent | None]]:
    yield "0", None
    rects = panel.item_rects
    if rects:
        yield "hover", Hover(rects[0].center)
        yield "click", Click(rects[0].center, 1)
    if len(rects) > 1:
        yield "click2", Click(rects[-1].center, 1)
    yield "tab", Key(pygame.K_TAB)
    yield "tab2", Key(pygame.K_TAB)
    yield "bksp", Key(pygame.K_BACKSPACE)
    yield "enter", Key(pygame.K_RETURN)


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=0)
    ap.add_argument("out", type=Path, help="folder for the PNGs")
    ap.add_argument("--games", type=int, default=60, help="seeded games searched for positions (default 60)")
    args = ap.parse_args(argv)
    pygame.init()
    args.out.mkdir(parents=True, exist_ok=True)
    found = positions(args.seed, args.games)
    n = 0
    for size, lang in (((1280, 720), "en"), ((1920, 1080), "de")):
        i18n.set_language(lang)
        for kind in DecisionKind:
            for j, (g, seat) in enumerate(found.get(kind, [])):
                r = TableRenderer(size, g.players, human_panel=True)
                seats = [SeatConfig(nm, "human" if i == seat else "normal", i) for i, nm in enumerate(g.names)]
                r.seats = seats
                panel = DecisionPanel.of(seat_prompt(g, seat), seats=seats)
                panel.draw(pygame.Surface(size), r)  # laid out: the options have their places
                for name, intent in list(steps(panel)):
                    if intent is not None:
                        panel.handle(intent, None)
                    surf = pygame.Surface(size)
                    r.draw(surf, g.view(seat), AnimState(seats=seats, log=[], highlights=panel.highlighted()))
                    panel.draw(surf, r)
                    pygame.image.save(surf, str(args.out / f"{lang}_{size[0]}_{kind.value}_{j}_{name}.png"))
                    n += 1
    print(f"{n} screenshots in {args.out}; positions per kind: "
          + ", ".join(f"{k.value} {len(v)}" for k, v in found.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
