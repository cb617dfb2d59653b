"""Screenshots of following the game (issue 23): the "since your last decision" summary and the
scrolled ship's log, at a human decision in a real game against three computer players.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python -m scripts.shot_follow OUTDIR [WxH] [LANG] [SEED]

Plays seat 0 (human) with random legal choices through the table, at instant speed, until a
decision opens in round 3 or later with a "since your last decision" summary that names a
loss and more (else the first such one from round 6 on); writes OUTDIR/follow-summary-LANG.png, then scrolls
the log back 12 rows and writes OUTDIR/follow-log-LANG.png.
"""

from __future__ import annotations

import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    import pygame

    from scripts import harness
    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.controller import GameController
    from tortuga_desktop.games.dice.table.scenes.table import TableScene
    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.saves import SeatConfig

    ap = harness.parser(__doc__)
    ap.add_argument("out", nargs="?", default=".", help="folder for the screenshots (default .)")
    ap.add_argument("size", nargs="?", default="1280x720", help="window size WxH (default 1280x720)")
    ap.add_argument("lang", nargs="?", default="en", choices=["en", "de", "nl", "es"])
    ap.add_argument("seed", nargs="?", type=int, default=5)
    args = ap.parse_args()
    try:
        w, h = (int(x) for x in args.size.split("x"))
    except ValueError:
        ap.error(f"size must look like 1280x720, not {args.size!r}")
    out, lang, seed = args.out, args.lang, args.seed
    names = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read"]
    seats = [SeatConfig(name=n, kind="human" if i == 0 else "normal", colour=i, bot_seed=i)
             for i, n in enumerate(names)]
    app = App(None, size=(w, h), fixed_dt=1 / 60)
    i18n.set_language(lang)
    app.ui.set_locale(lang)
    scene = TableScene(GameController(Game.new(4, seed, names=names), seats), speed="instant")
    app.push(scene)
    rng = random.Random(seed)
    for _ in range(20000):
        app.run(max_frames=1)
        if scene.view.is_over:
            print("the game ended before a fitting decision", file=sys.stderr)
            return 1
        ui = scene.decision_ui
        if ui is None:
            continue
        items = scene.summary[1] if scene.summary is not None else []
        if scene.view.round >= 3 and (any(x.takes for x in items) or scene.view.round >= 6) and len(items) > 2:
            break
        action = rng.choice(scene.controller.prompt(0).legal)
        ui.confirmed_action = lambda action=action: action  # as if the player had picked it
        scene._check_confirmed()
    else:
        print("no fitting decision came up in 20,000 frames", file=sys.stderr)
        return 1
    os.makedirs(out, exist_ok=True)
    app.force_full = True
    app.run(max_frames=3)
    p1 = os.path.join(out, f"follow-summary-{lang}.png")
    pygame.image.save(app.window, p1)
    scene.scroll_log(-12)
    app.run(max_frames=3)
    p2 = os.path.join(out, f"follow-log-{lang}.png")
    pygame.image.save(app.window, p2)
    print(p1)
    print(p2)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
