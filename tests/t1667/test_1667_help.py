"""Tortuga 1667's rules help (F1) and first-game tips (issue 28), in four languages."""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import SimpleNamespace

import pygame
import pytest

from tortuga_desktop.games.dice.table.scenes.help import HelpScene
from tortuga_desktop.games.t1667.rules.cards import EVENT_CARDS, EventCard
from tortuga_desktop.games.t1667.rules.state import EndReason, Kind
from tortuga_desktop.games.t1667.table.help import (
    HELP_SECTIONS_1667,
    TIP_KEYS_1667,
    Help1667Scene,
    Tips1667,
    card_list,
    help_sections_1667,
    tip_for,
)
from tortuga_desktop.shell.i18n import LANGUAGES, catalog, set_language, translate, translations_dir
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App

pytestmark = pytest.mark.usefixtures("app_home")


@pytest.fixture
def app() -> Iterator[App]:
    a = App(None, size=(1280, 720), fixed_dt=1 / 60)
    yield a
    a.close()
    set_language("en")


def _keys() -> set[str]:
    keys = {f"t1667.help.{s}.{part}" for s in HELP_SECTIONS_1667 for part in ("title", "body")}
    keys |= {f"t1667.help.card.{c.value}" for c in EventCard} | set(TIP_KEYS_1667.values())
    keys |= {f"t1667.end.reason.{r.value.replace('-', '_')}" for r in EndReason}
    return keys


def test_every_key_exists_in_all_four_languages() -> None:
    english = set(json.loads((translations_dir() / "tortuga.en.t67help.json").read_text(encoding="utf-8")))
    assert _keys() <= english
    for code in LANGUAGES:
        own = catalog(code)
        for key in english:
            assert own.get(key, "").strip(), (code, key)  # no fallback to English
            if code != "en" and len(catalog("en")[key]) > 30 and key != "t1667.end.count":  # ship names only
                assert own[key] != catalog("en")[key], (code, key)  # translated, not copied


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_help_opens_scrolls_and_closes_in_each_language(app: App, lang: str) -> None:
    set_language(lang)
    scene = Help1667Scene()
    app.push(scene)
    app.step(1 / 60)
    assert app.top is scene and len(scene._anchors) == len(HELP_SECTIONS_1667)
    sections = help_sections_1667()
    text = " ".join(title + " " + body for _sec, title, body in sections)
    assert "t1667." not in text and "e1667." not in text
    for card in EventCard:  # the card list names every card in this language
        assert translate(lang, f"e1667.card.{card.value}") in text
    app.post(Click(scene._toc[-1].center, 1))  # jump to the last section
    app.step(1 / 60)
    assert scene.scroll > 0
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)
    assert app.top is not scene


def test_card_list_has_every_card_with_its_count() -> None:
    set_language("en")
    lines = card_list()
    assert len(lines) == len(EventCard)
    assert sum(int(line.split("(")[1].split("×")[0]) for line in lines) == sum(EVENT_CARDS.values()) == 24
    assert sum(", starred)" in line for line in lines) == 6
    assert any(line.startswith("• Pistol (3×): name another player") for line in lines)


def test_the_dice_game_help_still_opens(app: App) -> None:
    scene = HelpScene("dice")
    app.push(scene)
    app.step(1 / 60)
    assert scene.scroll > 0 and len(scene._toc) == len(scene.sections())


def test_a_tip_for_every_decision_kind_shown_once() -> None:
    assert {tip_for(k) for k in Kind} == set(TIP_KEYS_1667.values()) and tip_for("map-give") == "t1667.tip.map_give"
    with pytest.raises(ValueError):
        tip_for("nap")
    saved: list[int] = []
    settings = SimpleNamespace(tips=True, tips_seen=("select_dice",))
    tips = Tips1667(settings, save=lambda: saved.append(1))
    assert tips.show_for(Kind.VOTE) and tips.visible and "vote card" in tips.text()
    surf = pygame.Surface((400, 300))
    tips.draw(surf, pygame.Rect(10, 10, 300, 200))
    assert tips.rect.h > 0 and tips.click(tips.close_rect.center) and not tips.visible
    assert not tips.show_for(Kind.VOTE)  # seen: not again
    assert settings.tips_seen == ("select_dice", "1667.vote") and saved == [1]
    settings.tips = False
    assert not tips.show_for(Kind.TURN) and not tips.visible


def test_f1_opens_the_rules_of_the_game_on_screen(app: App) -> None:
    """F1 (and the pause menu's Rules) open the help of the game whose screen is showing."""
    from tortuga_desktop.games.t1667.table.setup import Setup1667Scene

    app.push(Setup1667Scene(on_start=lambda s: None))
    app.post(Key(pygame.K_F1, 0, ""))
    app.step(1 / 60)
    assert isinstance(app.top, Help1667Scene)
    app.post(Key(pygame.K_F1, 0, ""))  # F1 again closes it
    app.step(1 / 60)
    assert isinstance(app.top, Setup1667Scene)
    app.pop()
    app.post(Key(pygame.K_F1, 0, ""))
    app.step(1 / 60)
    assert type(app.top) is HelpScene  # elsewhere: the dice game's rules


def test_seen_1667_tips_do_not_switch_off_the_dice_games_tips() -> None:
    """The tips share the settings' list of shown tips; the dice game's tips stay on until its own were shown."""
    from tortuga_desktop.games.dice.table.tips import TIP_KEYS, TipOverlay, attach_tips

    settings = SimpleNamespace(tips=True, tips_seen=tuple(Tips1667.seen_name(k) for k in Kind))
    assert len(settings.tips_seen) >= len(TIP_KEYS)
    scene = SimpleNamespace(app=SimpleNamespace(settings=settings), controller=SimpleNamespace(human_seats=[0]),
                            overlays=[], entered=True)
    assert isinstance(attach_tips(scene), TipOverlay)
    settings.tips_seen = (*settings.tips_seen, *TIP_KEYS)
    assert attach_tips(SimpleNamespace(app=scene.app, controller=scene.controller, overlays=[], entered=True)) is None


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
@pytest.mark.parametrize("players", [4, 9])
def test_every_tip_is_shown_whole_in_the_box_the_table_gives_it(lang: str, players: int) -> None:
    """At 1280x720 the table gives the tip the top half of its log: every tip fits there whole (its
    type shrinks as far as 10 px); none is cut off in the middle of a sentence (issue 28)."""
    from tortuga_desktop.games.t1667.table.render import Table1667Renderer
    from tortuga_desktop.games.t1667.table.scene import PANEL_SHARE
    from tortuga_desktop.shell import art

    L = Table1667Renderer((1280, 720), players).layout
    side = pygame.Rect(L.side)
    top = side.y + round(side.h * PANEL_SHARE)
    log = pygame.Rect(side.x + L.px(8), top, side.w - L.px(16), side.bottom - top - L.px(8))
    place = pygame.Rect(log.x + 4, log.y + 4, log.w - 8, log.h // 2)  # as SeatAids.draw_tip gives it
    set_language(lang)
    try:
        art.TEXT_PROBE = {}
        for kind in Kind:
            tips = Tips1667(SimpleNamespace(tips=True, tips_seen=()))
            tips.show_for(kind)
            art.TEXT_PROBE.clear()
            tips.draw(pygame.Surface((1280, 720)), place)
            shown = [text for text, _surf, _px in art.TEXT_PROBE.values()]
            words = " ".join(shown[1:]).split()  # after the "Tip:" label
            assert words == tips.text().split(), (lang, kind, words[-3:])
    finally:
        art.TEXT_PROBE = None
        set_language("en")
