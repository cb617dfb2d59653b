"""Layout of Tortuga 1667's setup, end and help screens (issue 28): at 3 sizes in 4 languages, with 9 seats,
no text leaves its box and nothing clickable overlaps (the checks of test_layout)."""

from __future__ import annotations

import random

import pytest
from dice.test_layout import LANGUAGES, SIZES, _probe, check, draw_scene  # noqa: F401 - _probe: the text probe

from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.settings import Settings
from tortuga_desktop.t1667.rules import Game, play_random
from tortuga_desktop.t1667.table.end import End1667Scene
from tortuga_desktop.t1667.table.help import Help1667Scene
from tortuga_desktop.t1667.table.setup import Seat1667, Setup1667, Setup1667Scene

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
