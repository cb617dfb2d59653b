"""What the application says it is names both games: pyproject's description, ``tortuga --help`` and
the main menu's tagline in every language; the project states its licence and the fonts keep theirs."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tortuga_desktop import SUMMARY
from tortuga_desktop.shell.i18n import LANGUAGES, translate
from tortuga_desktop.shell.main import build_parser

ROOT = Path(__file__).resolve().parents[2]
#: a word for the dice game in each language, beside "1667" for the second game
DICE = {"en": "dice", "de": "Würfel", "nl": "dobbel", "es": "dados"}


def test_pyproject_and_help_name_both_games() -> None:
    description = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["description"]
    assert description == SUMMARY
    assert "Tortuga 1667" in SUMMARY and "dice" in SUMMARY
    assert SUMMARY in " ".join(build_parser().format_help().split())


def test_the_menu_tagline_names_both_games_in_every_language() -> None:
    for code in LANGUAGES:
        for key in ("menu.tagline", "app.subtitle"):
            text = translate(code, key)
            assert "1667" in text and "Tortuga" in text, (code, key, text)
        assert DICE[code] in translate(code, "menu.tagline"), code


def test_licence_statements() -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Proprietary" in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "license"]["text"]
    assert "All rights reserved" in licence and "assets/fonts/OFL.txt" in licence
    assert "SIL OPEN FONT LICENSE" in (ROOT / "assets" / "fonts" / "OFL.txt").read_text(encoding="utf-8").upper()
    assert "cp LICENSE" in (ROOT / "scripts" / "release.sh").read_text(encoding="utf-8")
