"""The event discard pile, browsed (issue 28): a click on the pile at the 1667 table (or D) opens every
card left there, newest first, with its count and what it does; it fits every window size in every
language; any key closes it."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import start_app
from dice.test_layout import LANGUAGES, SIZES, _probe, check, draw_scene  # noqa: F401 - _probe: the text probe

from tortuga_desktop.games.t1667.rules import EventCard
from tortuga_desktop.games.t1667.table.discard import DiscardScene, discard_rows
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.scenes.menu import MenuScene
from tortuga_desktop.shell.settings import Settings

pytestmark = pytest.mark.usefixtures("app_home")  # a private home (conftest)

#: a long pile: every kind of event card, some twice
PILE = [*EventCard, EventCard.PISTOL, EventCard.MAP, EventCard.SPOT]


def test_the_rows_are_each_card_once_newest_first_with_its_count() -> None:
    assert discard_rows([]) == []
    rows = discard_rows(PILE)
    assert [c for c, _n in rows][:3] == [EventCard.SPOT, EventCard.MAP, EventCard.PISTOL]
    assert dict(rows)[EventCard.PISTOL] == 2 and sum(n for _c, n in rows) == len(PILE)
    assert len(rows) == len(set(PILE))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_of_a_long_pile_is_shown_inside_its_box(size: tuple[int, int], lang: str) -> None:
    i18n.set_language(lang)
    app = App(None, size=size, fixed_dt=1 / 60, settings=Settings(language=lang))
    try:
        app.ui.set_locale(lang)
        app.push(MenuScene())
        scene = DiscardScene(PILE)
        app.push(scene)
        rep, texts = draw_scene(app, scene)
        problems = check(rep, texts, size, f"{lang} {size} discard")
        assert not problems, "\n".join(problems[:20])
        shown = " ".join(t for t, _r in texts)
        for card, n in discard_rows(PILE):
            assert i18n.tr(f"e1667.card.{card.value}") in shown, (lang, card)
            assert (f"×{n}" in shown) == (n > 1) or n == 1
        assert len(scene.layout_report().boxes) == 1 + len(set(PILE))  # every card has its cell
    finally:
        app.close()
        i18n.set_language("en")


def test_a_click_on_the_pile_or_d_opens_it_and_any_key_closes_it() -> None:
    from tortuga_desktop.games.t1667.table.module import start_game
    from tortuga_desktop.games.t1667.table.setup import Seat1667, Setup1667

    app = start_app()
    try:
        start_game(app, Setup1667((Seat1667("Anne", "human"), Seat1667("Bart", "human"), Seat1667("Cid", "human")),
                                  seed=3))
        app.run(max_frames=2)
        app.top.confirm()  # the hand-over: Anne is at the screen
        app.run(max_frames=2)
        table = app.top
        assert table.name == "table1667" and table.renderer is not None
        app.post(Click(pygame.Rect(table.renderer.layout.discard).center, 1))
        app.run(max_frames=1)
        assert isinstance(app.top, DiscardScene) and app.top.rows == discard_rows(table.view.discard)
        app.post(Key(pygame.K_SPACE))
        app.run(max_frames=1)
        assert app.top is table
        app.post(Key(pygame.K_d))
        app.run(max_frames=1)
        assert isinstance(app.top, DiscardScene)
        app.post(Click((5, 5), 1))
        app.run(max_frames=1)
        assert app.top is table
    finally:
        app.close()
