"""What a newcomer saw on the screen (issue: the tutor speaks with one voice, item 8).

- "→" (and "↑", "↓") drew as empty boxes: the bundled Noto Sans has no arrows. Every character of
  every text the program translates, and the seat tooltip's order, must have a glyph there.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.render.table import HitTarget, TableRenderer
from tortuga_desktop.shell import art
from tortuga_desktop.shell.i18n import set_language

TRANSLATIONS = Path(__file__).resolve().parents[2] / "assets" / "translations"


def _missing(font: pygame.font.Font, ch: str) -> bool:
    """Does ``font`` draw ``ch`` as its missing-glyph box?"""
    a = font.render(ch, False, (255, 255, 255))
    b = font.render("\uffff", False, (255, 255, 255))
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def _no_glyph(text: str) -> set[str]:
    fonts = (art.font(20), art.font(20, True))
    return {ch for ch in set(text) if ord(ch) > 127 and any(_missing(f, ch) for f in fonts)}


def test_every_translated_character_has_a_glyph() -> None:
    bad: dict[str, list[str]] = {}
    for path in sorted(TRANSLATIONS.glob("tortuga.*.json")):
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            for ch in _no_glyph(str(text)):
                bad.setdefault(ch, []).append(f"{path.name}:{key}")
    assert not bad, {ch: where[:3] for ch, where in bad.items()}


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_the_seat_tooltip_draws_every_character(lang: str) -> None:
    set_language(lang)
    try:
        g = Game.new(3, 1, names=["Ann", "Bo", "Cy"])
        r = TableRenderer((1280, 800), 3)
        lines = r.tooltip(HitTarget("player", 1), g.view(0))
        assert any("1" in line and "2" in line and "3" in line for line in lines), lines
        assert not _no_glyph(" ".join(lines)), lines
    finally:
        set_language("en")


def _widest_blank_run(surf: pygame.Surface) -> int:
    """The widest run of empty pixel columns between the first and the last ink."""
    w, h = surf.get_size()
    ink = [any(surf.get_at((x, y)).a > 40 for y in range(h)) for x in range(w)]
    first, last = ink.index(True), w - 1 - ink[::-1].index(True)
    best = run = 0
    for x in range(first, last + 1):
        run = 0 if ink[x] else run + 1
        best = max(best, run)
    return best


def test_the_dice_pill_keeps_its_space_when_it_shrinks() -> None:
    """"4dobbelstenen": the pill behind the screen shrinks its text to fit the tray, and at those
    sizes the font's space is 2 pixels wide."""
    from tortuga_desktop.games.dice.table.render.table import boosted_px, common_size, spaced_text

    set_language("nl")
    try:
        from tortuga_desktop.shell.i18n import trn

        label = trn("table.dice_n", 4)
        assert label == "4 dobbelstenen"
        for px in range(6, 16):
            size = common_size([label], px, 10_000, True)
            gap = _widest_blank_run(spaced_text(label, size, (0, 0, 0), True))
            assert gap >= max(3, boosted_px(size) // 3), (px, gap)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_the_tutorial_closes_with_the_hint_the_review_and_the_log(lang: str) -> None:
    """The tutorial never mentioned the Hint, the review or the log: a closing step shows the
    log and names the three by their labels on the screen."""
    from tortuga_desktop.games.dice.table.tutorial import STEPS
    from tortuga_desktop.shell.i18n import tr

    set_language(lang)
    try:
        i = next(k for k, s in enumerate(STEPS) if s.key == "helpers")
        assert STEPS[i].spot.kind == "log" and i >= len(STEPS) - 3  # after the scoring, near the end
        text = tr("tutorial.step.helpers")
        assert tr("hint.button") in text and tr("review.button") in text and tr("table.log_title") in text
    finally:
        set_language("en")
