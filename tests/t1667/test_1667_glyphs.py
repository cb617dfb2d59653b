"""Every Tortuga 1667 text (event words, panel, table, its game module) in every language is drawn
with letters the game's font has: no empty boxes where a character is missing (the German and
Spanish event lines used an arrow the font does not have)."""

from __future__ import annotations

import json

import pygame
import pytest

from tortuga_desktop.shell import art, i18n

PREFIXES = ("e1667.", "p1667.", "t1667.", "game.t1667.")


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_every_1667_text_has_its_glyphs(lang: str) -> None:
    pygame.font.init()
    font = art.font(14)
    tofu = pygame.image.tobytes(font.render("\ue000", True, (0, 0, 0)), "RGBA")  # a letter no font has

    def missing(ch: str) -> bool:
        return not ch.isspace() and pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA") == tofu

    texts: dict[str, str] = {}
    for path in i18n.catalog_files(lang):
        texts.update({k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if k.startswith(PREFIXES)})
    assert len(texts) > 200
    bad = sorted({(k, ch) for k, v in texts.items() for ch in set(v) if missing(ch)})
    assert not bad, bad[:10]
