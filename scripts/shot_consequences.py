"""Screenshot of a decision panel with consequences (docs/consequences.png).

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python -m scripts.shot_consequences [OUT.png] [WxH] [KIND] [LANG]

KIND: "board" (1st position on Board: the targets, the default), "skulls" (the action for skulls),
"dice" (a dice pick), "bonus" (a bonus tile), "arrange" (move-phase chests), "grid" (the dice pick with the dice faces shown, G). A fixed position (rules/scenario.position) with
one human (seat 0) and three computer players; the first option is hovered.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    import pygame

    from tortuga_desktop.games.dice.rules import SelectDice
    from tortuga_desktop.games.dice.rules.scenario import position
    from tortuga_desktop.games.dice.table.controller import GameController
    from tortuga_desktop.games.dice.table.scenes.table import TableScene
    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.intents import Hover
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.saves import SeatConfig

    out = sys.argv[1] if len(sys.argv) > 1 else "docs/consequences.png"
    w, h = (int(x) for x in (sys.argv[2] if len(sys.argv) > 2 else "1920x1080").split("x"))
    kind = sys.argv[3] if len(sys.argv) > 3 else "board"
    names = ["Anna", "Ben", "Cleo", "Dirk"]
    if kind == "board":
        g = position(players=4, start=1, phase="actions", action="board", round=3, seats=[
            {"placed": {"board": "AB", "fleet": "CDE"}, "fleet": "RBW", "crew": "Y", "boat": 4, "tortuga": "RY"},
            {"placed": {"board": "C", "raid": "AB", "hunt": "DE"}, "fleet": "YP", "boat": 2, "tortuga": "B"},
            {"placed": {"hunt": "ABCDE"}, "fleet": "R", "boat": 5, "bonus": "..1.."},
            {"placed": {"board": "D", "fleet": "ABCE"}, "fleet": "", "boat": 3, "crew": "BB"},
        ])
    elif kind == "arrange":
        g = position(players=4, start=0, round=4, phase="move", center="R", seats=[
            {"crew": "RBYP", "island": "W", "boat": 3, "pirate": 2, "tortuga": "YYB"},
            {"crew": "R"}, {"island": "B"}, {}])
    elif kind == "bonus":
        g = position(players=4, start=0, round=2, seats=[
            {"placed": {"board": "AB", "fleet": "CDE"}, "bonus": "1...."},
            {"roll": "bbbbb"}, {"roll": "rrrrr"}, {"roll": "hhhhh"}])
    else:
        g = position(players=4, start=0, round=2, seats=[
            {"roll": "sshfr", "bonus": "1...."}, {"roll": "bbbbb"}, {"roll": "rrrrr"}, {"roll": "hhhhh"}])
    if kind in ("skulls", "bonus"):
        if kind == "skulls":
            g.apply(0, SelectDice((0, 1)))
        g.apply(1, SelectDice((0, 1)))
        g.apply(2, SelectDice((0,)))
        g.apply(3, SelectDice((2, 3)))
    g.names = list(names)
    seats = [SeatConfig(name=n, kind="human" if i == 0 else "normal", colour=i, bot_seed=i) for i, n in enumerate(names)]
    app = App(None, size=(w, h), fixed_dt=1 / 60)
    if len(sys.argv) > 4:
        i18n.set_language(sys.argv[4])
    scene = TableScene(GameController(g, seats), speed="instant")
    app.push(scene)
    app.run(max_frames=3)
    ui = scene.decision_ui
    if ui is None:
        print("no decision panel open", file=sys.stderr)
        return 1
    if kind == "grid":
        from tortuga_desktop.shell.intents import Key

        app.post(Key(pygame.K_g, 0, "g"))
    elif kind == "dice":  # E shows Raid, A is a skull: both to Raid
        from tortuga_desktop.shell.intents import Key

        app.post(Key(pygame.K_e, 0, "e"))
        app.post(Key(pygame.K_a, 0, "a"))
    elif ui.shown:
        app.post(Hover(ui.shown[0].rect.center))
    app.run(max_frames=3)
    app.force_full = True
    app.step(1 / 60)
    pygame.image.save(app.window, out)
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
