"""Screenshots of a hint and of a game review (issue 23, item 1), in English and German.

    python -m scripts.honest_shots [--out /tmp/shots] [--size 1280x720]

Runs the real app headless (SDL's dummy video driver): a table with one human against Normal
bots, the hint asked for at the human's first decision with a choice after round 2; then a
finished game's results screen and its review, and the replay its first moment opens. Saves
hint_<lang>.png, review_<lang>.png and replay_<lang>.png and prints the paths and the review's
time.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.controller import GameController, finished_source
from tortuga_desktop.games.dice.table.hints import shown_hint
from tortuga_desktop.games.dice.table.review import ReviewScene
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell.i18n import set_language
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.settings import Settings

NAMES = ["Anna", "Mary Read", "Blackbeard", "Anne Bonny"]


def hint_shot(size: tuple[int, int], path: Path, lang: str) -> None:
    seats = [SeatConfig(NAMES[0], "human", 0)] + [SeatConfig(NAMES[i], "normal", i, bot_seed=i) for i in (1, 2)]
    g = Game.new(3, 21, names=[s.name for s in seats])
    bots = [make_bot("normal", 5 + s) for s in range(3)]
    while g.round < 3 or g.pending()[0].seat != 0 or len(g.legal_actions(0)) < 3:
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    app = App(None, size=size, fixed_dt=1 / 60, settings=Settings(language=lang))
    controller = GameController(g, seats, bot_factory=lambda level, s: make_bot("normal", s))
    table = TableScene(controller, speed="instant")
    app.push(table)
    for _ in range(600):
        if table.decision_ui is not None and table.decision_ui.rect.w > 0:
            break
        app.step(1 / 60)
    app.post(Key(pygame.K_h, 0, "h"))
    for _ in range(600):
        job = table.hint.job
        if job is not None:
            job.done.wait(timeout=60)
        app.step(1 / 60)
        if shown_hint(table):
            break
    for _ in range(3):
        app.step(1 / 60)
    pygame.image.save(app.window, str(path))
    app.close()


def review_shot(size: tuple[int, int], path: Path, lang: str) -> float:
    g = Game.new(4, 8, names=NAMES)
    bots = [make_bot("easy", 1)] + [make_bot("normal", s) for s in (2, 3, 4)]
    while not g.is_over:
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    seats = [SeatConfig(NAMES[0], "human", 0)] + [SeatConfig(NAMES[i], "normal", i) for i in (1, 2, 3)]
    app = App(None, size=size, fixed_dt=1 / 60, settings=Settings(language=lang))
    results = ResultsScene(finished_source(g, seats), app=app)
    app.push(results)
    app.step(1 / 60)
    app.post(Click(results._buttons["review"].center, 1))
    app.step(1 / 60)
    scene = app.top
    assert isinstance(scene, ReviewScene)
    t0 = time.perf_counter()
    while not scene.done:
        app.step(1 / 60)
        time.sleep(0.02)
    took = time.perf_counter() - t0
    for _ in range(3):
        app.step(1 / 60)
    pygame.image.save(app.window, str(path))
    if scene.moment_rects:  # the first moment clicked: the replay at that decision, with the chart
        app.post(Click(scene.moment_rects[0][0].center, 1))
        for _ in range(30):
            app.step(1 / 60)
        pygame.image.save(app.window, str(path.with_name(path.name.replace("review", "replay"))))
    app.close()
    return took


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/shots")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--langs", default="en,de")
    a = ap.parse_args()
    w, h = (int(x) for x in a.size.split("x"))
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("TORTUGA_HOME", str(out / "home"))
    for lang in a.langs.split(","):
        set_language(lang)
        hint_shot((w, h), out / f"hint_{lang}.png", lang)
        took = review_shot((w, h), out / f"review_{lang}.png", lang)
        print(f"{lang}: {out / f'hint_{lang}.png'}  {out / f'review_{lang}.png'} (review {took:.1f} s wall)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
