"""Screenshots of the Tortuga 1667 table scene in the running game: a seeded game with one human
(seat 0, answering at random) or hot-seat, through the real App, saved at chosen moments.

    python -m scripts.shots_1667_table [--out DIR] [--size 1280x720] [--lang en] [--seed S]

Writes, for 4 and 9 seats: the table with seat 0's decision panel open, a vote turning up, an event
card turning up, and (hot-seat) the hand-over screen; then a 5-seat game played to its end screen and
its replay halfway with everything revealed;
prints each path. Runs headless unless a display is set (under Xvfb, with SDL_VIDEODRIVER=x11, it
draws as the game does).
"""

from __future__ import annotations

import argparse
import os
import random
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--out", type=Path, default=Path("/tmp/shots1667table"))
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        ap.error(f"--size: WxH, not {args.size!r}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from tortuga_desktop.games.t1667.table.beats import CardBeat, VoteBeat
    from tortuga_desktop.games.t1667.table.demo import DEMO_NAMES, local_table
    from tortuga_desktop.games.t1667.table.scene import Handover1667, Table1667Scene
    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.loop import App

    args.out.mkdir(parents=True, exist_ok=True)
    for players, humans in ((4, (0,)), (9, (0,)), (5, (0, 2))):
        app = App(None, size=(w, h), fixed_dt=1 / 60)
        i18n.set_language(args.lang)
        table = local_table(players, args.seed, names=DEMO_NAMES[:players], humans=humans,
                            levels=("normal", "easy"), think="inline")
        scene = Table1667Scene(table, speed="normal")
        app.push(scene)
        rng = random.Random(args.seed)
        want = {"panel", "vote", "card"} if len(humans) == 1 else {"handover"}
        tag = f"{players}p{'-hotseat' if len(humans) > 1 else ''}"
        try:
            for frame in range(30000):
                app.step(1 / 60)
                shot = None
                if isinstance(scene.beat, VoteBeat) and scene.beat.t > scene.beat.length - 1.0 and "vote" in want:
                    shot = "vote"
                elif isinstance(scene.beat, CardBeat) and scene.beat.t > 1.2 and "card" in want:
                    shot = "card"
                elif (scene.panel is not None and "panel" in want and frame > 1500
                      and len(scene.panel.groups) >= 3):
                    shot = "panel"
                elif isinstance(app.top, Handover1667) and "handover" in want and frame > 600:
                    shot = "handover"
                if shot is not None:
                    want.discard(shot)
                    path = args.out / f"t1667-{tag}-{shot}-{w}x{h}-{args.lang}.png"
                    pygame.image.save(app.window, str(path))
                    print(path)
                if not want or scene.finished:
                    break
                if isinstance(app.top, Handover1667):
                    app.top.confirm()
                elif scene.panel is not None and scene.beat is None and rng.random() < 0.05:
                    choices = scene._choices()
                    scene.activate(*choices[rng.randrange(len(choices))])
        finally:
            app.close()
        if want:
            print(f"{tag}: no moment for {', '.join(sorted(want))} came up")
    # the end screen: a 5-seat game with one human, played to its end at instant speed
    from tortuga_desktop.games.t1667.table.end import End1667Scene
    from tortuga_desktop.games.t1667.table.replay import ALL, Replay1667Scene

    app = App(None, size=(w, h), fixed_dt=1 / 60)
    i18n.set_language(args.lang)
    table = local_table(5, args.seed, names=DEMO_NAMES[:5], humans=(0,), levels=("normal", "easy"), think="inline")
    scene = Table1667Scene(table, speed="instant")
    app.push(scene)
    rng = random.Random(args.seed)
    try:
        for _frame in range(60000):
            app.step(1 / 60)
            if scene.finished:
                scene.open_end_screen()
                for _ in range(30):
                    app.step(1 / 60)
                if isinstance(app.top, End1667Scene):
                    path = args.out / f"t1667-5p-end-{w}x{h}-{args.lang}.png"
                    pygame.image.save(app.window, str(path))
                    print(path)
                    app.top.choose("replay")  # Watch replay: halfway, with everything revealed
                    replay = app.top
                    if isinstance(replay, Replay1667Scene):
                        replay.seek(replay.length // 2)
                        replay.perspective = ALL
                        for _ in range(5):
                            app.step(1 / 60)
                        path = args.out / f"t1667-5p-replay-{w}x{h}-{args.lang}.png"
                        pygame.image.save(app.window, str(path))
                        print(path)
                break
            if scene.panel is not None:
                choices = scene._choices()
                scene.activate(*choices[rng.randrange(len(choices))])
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
