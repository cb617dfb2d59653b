"""Layout of Tortuga 1667's screens (issue 28): setup, end, help, the table with a decision of each kind open
(an action, a vote, an event's choice) and its note tags, the hot-seat hand-over and the replay — at 3 sizes in
4 languages, with 9 seats, no text leaves its box and nothing clickable overlaps (the checks of test_layout)."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest
from dice.test_layout import LANGUAGES, SIZES, _probe, check, draw_scene  # noqa: F401 - _probe: the text probe

from tortuga_desktop.games.t1667.ai.seat import FACTORY
from tortuga_desktop.games.t1667.rules import Game, Kind, play_random, random_action
from tortuga_desktop.games.t1667.table import render as render1667
from tortuga_desktop.games.t1667.table.end import End1667Scene
from tortuga_desktop.games.t1667.table.engine import T1667Engine
from tortuga_desktop.games.t1667.table.help import Help1667Scene
from tortuga_desktop.games.t1667.table.replay import ALL, Replay1667Scene
from tortuga_desktop.games.t1667.table.scene import Handover1667, Table1667Scene
from tortuga_desktop.games.t1667.table.setup import Seat1667, Setup1667, Setup1667Scene
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.layout import report_of
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.settings import Settings
from tortuga_desktop.shell.table import BotSpec, LocalTable

NAMES = ("Anne Bonny", "Bartholomew Roberts", "Calico Jack", "Mary Read", "Edward Teach", "Grace O'Malley",
         "Henry Morgan", "Ching Shih", "Stede Bonnet")


def _finished(players: int) -> Game:
    g = Game.new(players=players, seed=7, names=NAMES[:players])
    return play_random(g, random.Random(7))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_1667_screens_keep_their_texts_inside(size: tuple[int, int], lang: str) -> None:
    i18n.set_language(lang)
    app = App(None, size=size, fixed_dt=1 / 60, settings=Settings(language=lang))
    problems: list[str] = []
    try:
        i18n.set_language(lang)
        app.ui.set_locale(lang)
        nine = Setup1667(tuple(Seat1667(n, "normal") for n in NAMES))
        for name, scene in (("setup 9", Setup1667Scene(nine, on_start=lambda s: None)),
                            ("setup 2", Setup1667Scene(Setup1667(nine.seats[:2]), on_start=lambda s: None)),
                            ("end 9", End1667Scene(_finished(9).view(0), on_replay=lambda: None)),  # type: ignore[arg-type]
                            ("end 4", End1667Scene(_finished(4).view(1))),  # type: ignore[arg-type]
                            ("help", Help1667Scene())):
            app.push(scene)
            if isinstance(scene, Setup1667Scene):
                scene.press("starred:named")
                scene.press("kind:1:hard")
                scene._names[1].set_text(NAMES[0])
                assert scene.start() is None and scene.error  # the message line shows a (long) error
            rep, texts = draw_scene(app, scene)
            assert rep.interactive and len(texts) > 10, f"{name}: nothing to click or no text seen"
            problems += check(rep, texts, size, f"{lang} {size} {name}")
            app.pop()
    finally:
        app.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


# ---------------------------------------------------------------- the table, the hand-over and the replay
EVENT_KINDS = {Kind.MARQUE, Kind.PISTOL, Kind.MAP_GIVE, Kind.MAP_PLACE, Kind.POWDER, Kind.FACADE, Kind.FEVER,
               Kind.WINDS, Kind.REPRISAL}


def _position(players: int, want: set[Kind], seed: int = 1) -> tuple[Game, int]:
    """A game of ``players`` seats, played at random until some seat has a decision of a ``want`` kind."""
    for s in range(seed, seed + 200):
        g = Game.new(players=players, seed=s, names=NAMES[:players])
        rng = random.Random(s)
        while not g.is_over:
            hit = next((d for d in g.pending() if d.kind in want), None)
            if hit is not None:
                return g, hit.seat
            seat = g.pending()[0].seat
            g.apply(seat, random_action(g, seat, rng))
    raise AssertionError(f"no {want} decision found")


#: a human's decision at the 9-seat table: choose an action, a vote card, an event's choice
DECISIONS = {"turn": {Kind.TURN}, "vote": {Kind.VOTE}, "event": EVENT_KINDS}


def draw_table(app: App, scene: Any) -> tuple[Any, list[tuple[str, pygame.Rect]]]:
    """Draw a 1667 table scene wholly, noting the texts the renderer draws into its own frame as well as the
    ones the scene draws over it (the side column's log, the idle panel, the end box)."""
    from dice.test_layout import RecordingSurface

    for cached in (render1667._text, render1667._vote_face, render1667._back):
        cached.cache_clear()  # texts are made while the probe listens
    app.step(1 / 60)
    r = scene.renderer
    frame = RecordingSurface(app.size)
    r.draw(frame, scene.view, None, None, shared=True)  # the static layer built
    assert r._static is not None
    frame.blit(r._static, (0, 0))
    frame.texts.clear()
    r._frame, r._keys = frame, {}
    scene._drawn_key = None
    out = RecordingSurface(app.size)
    scene.draw(out)
    return report_of(scene), frame.texts + out.texts


def _table_scene(g: Game, humans: tuple[int, ...]) -> Table1667Scene:
    n = g.players
    kinds = ["human" if s in humans else "easy" for s in range(n)]
    bots = {s: BotSpec(FACTORY, "easy", s) for s in range(n) if s not in humans}
    table: LocalTable[Any, Any, Any] = LocalTable(T1667Engine(g), names=NAMES[:n], kinds=kinds, humans=humans,
                                                  bots=bots, think="inline")
    return Table1667Scene(table, speed="instant")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_1667_table_hand_over_and_replay_keep_their_texts_inside(size: tuple[int, int], lang: str) -> None:
    """9 seats: the table with a decision of each kind open (the panel's buttons, the note tags on the other
    plaques, the log), the hot-seat hand-over, and the replay from a seat and with everything revealed."""
    i18n.set_language(lang)
    app = App(None, size=size, fixed_dt=1 / 60, settings=Settings(language=lang))
    problems: list[str] = []
    try:
        i18n.set_language(lang)
        app.ui.set_locale(lang)
        for name, want in DECISIONS.items():
            g, seat = _position(9, want)
            scene = _table_scene(g, (seat,))
            app.push(scene)
            for _ in range(3):
                app.step(1 / 60)
            assert scene.panel is not None and scene.seat == seat, name
            rep, texts = draw_table(app, scene)
            assert rep.interactive and len(texts) > 40, f"{name}: nothing to click or no text seen"
            problems += check(rep, texts, size, f"{lang} {size} table {name}")
            app.pop()
        # hot-seat: the hand-over before a human's turn
        g, seat = _position(9, {Kind.TURN})
        scene = _table_scene(g, (seat, (seat + 1) % 9))
        app.push(scene)
        for _ in range(3):
            app.step(1 / 60)
        handover = app.top
        assert isinstance(handover, Handover1667)
        rep, texts = draw_scene(app, handover)
        problems += check(rep, texts, size, f"{lang} {size} hand-over")
        app.pop()
        app.pop()
        # the replay: a seat's view in the middle of a vote, and everything revealed
        done = _finished(9)
        replay = Replay1667Scene(done.record().to_dict())
        app.push(replay)
        replay.seek(replay.length // 2)
        for perspective in (4, ALL):
            replay.perspective = perspective
            for cached in (render1667._text, render1667._vote_face, render1667._back):
                cached.cache_clear()
            replay.renderer.set_size((1, 1))
            rep, texts = draw_scene(app, replay)
            assert rep.interactive and len(texts) > 20
            problems += check(rep, texts, size, f"{lang} {size} replay {perspective}")
        app.pop()
    finally:
        app.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
