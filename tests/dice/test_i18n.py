"""Translations: complete in all four languages, same placeholders, glossary terms, pygame_gui Dutch."""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tortuga_desktop.games.dice.table import words
from tortuga_desktop.games.dice.table.scenes.help import help_sections
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.i18n import LANGUAGES, catalog, placeholders, tr, trn

_TRANSLATIONS = i18n.translations_dir()
_PYGAME_GUI_SPEC = importlib.util.find_spec("pygame_gui")
assert _PYGAME_GUI_SPEC is not None and _PYGAME_GUI_SPEC.origin is not None
_PYGAME_GUI_EN = Path(_PYGAME_GUI_SPEC.origin).parent / "data" / "translations" / "pygame-gui.en.json"


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _raw(code: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in i18n.catalog_files(code):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict), path
        clash = set(merged) & set(data)
        assert not clash, (path.name, sorted(clash)[:5])
        merged.update(data)
    return merged


def test_catalogue_parts_match_across_languages() -> None:
    parts = {code: [p.name.split(".", 2)[2] for p in i18n.catalog_files(code)] for code in LANGUAGES}
    assert all(names == parts["en"] for names in parts.values()), parts


def test_translation_files_are_named_by_area() -> None:
    """One file per language and area (shell/i18n.py TRANSLATION_AREAS), each holding only its area's keys:
    no file is named after the piece of work that added it, and every area has its file in every language."""
    for code in LANGUAGES:
        names = {path.name for path in _TRANSLATIONS.glob(f"tortuga.{code}*.json")}
        assert names == {f"tortuga.{code}.{area}.json" for area in i18n.TRANSLATION_AREAS}, (code, sorted(names))
        for path in i18n.catalog_files(code):
            area = path.name.split(".")[2]
            data = json.loads(path.read_text(encoding="utf-8"))
            strays = sorted(key for key in data if i18n.area_of(key) != area)
            assert not strays, (path.name, strays[:5])


def test_area_of_takes_the_longest_prefix() -> None:
    assert i18n.area_of("t1667.help.goal.title") == "t1667-help"
    assert i18n.area_of("t1667.end.title") == "t1667"
    assert i18n.area_of("net.chat.title") == "network"
    assert i18n.area_of("menu.new_game") == "shell"
    assert i18n.area_of("nosuchprefix.key") is None


def test_every_key_in_every_language() -> None:
    en = _raw("en")
    assert len(en) >= 250
    for code in LANGUAGES:
        data = _raw(code)
        assert set(data) == set(en), (code, sorted(set(en) ^ set(data))[:10])
        for key, text in data.items():
            assert isinstance(text, str) and text.strip(), (code, key)
            assert re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)+", key), key


def test_placeholders_match_across_languages() -> None:
    en = _raw("en")
    for code in LANGUAGES:
        data = _raw(code)
        for key, text in en.items():
            assert placeholders(data[key]) == placeholders(text), (code, key)
            assert "<malformed>" not in placeholders(data[key]), (code, key)


def test_non_english_texts_are_translated() -> None:
    en = _raw("en")
    for code in ("de", "nl", "es"):
        data = _raw(code)
        for key in en:
            if key.startswith("help.") and key.endswith(".body"):
                assert data[key] != en[key], (code, key)


def test_help_sections_complete() -> None:
    for code in LANGUAGES:
        i18n.set_language(code)
        sections = help_sections()
        assert len(sections) == len(words.HELP_SECTIONS)
        for (title, body), name in zip(sections, words.HELP_SECTIONS, strict=True):
            assert title != f"help.{name}.title" and body != f"help.{name}.body"
            assert len(body) > 60 or name == "long_game"


GLOSSARY = {  # RULES.md glossary
    "action.expand_fleet": ("Expand fleet", "Flotte ausbauen", "Schip verbeteren", "Ampliar flota"),
    "action.recruit_crew": ("Recruit crew", "Crew anheuern", "Bemanning inhuren", "Reclutar tripulación"),
    "action.treasure_hunt": ("Treasure hunt", "Schatzsuche", "Schat zoeken", "Buscar tesoro"),
    "action.board": ("Board", "Entern", "Enteren", "Abordaje"),
    "action.raid": ("Raid", "Überfallen", "Overvallen", "Incursión"),
    "term.treasure_chest": ("Treasure chest", "Schatztruhe", "Schatkist", "Cofre del tesoro"),
    "term.treasure_tile": ("Treasure tile", "Schatzplättchen", "Schatfiche", "Ficha de tesoro"),
    "term.bonus_tile": ("Bonus tile", "Vorteilsplättchen", "Voordeelfiche", "Ficha de bonificación"),
    "term.skull": ("Skull", "Totenkopf", "Doodshoofd", "Calavera"),
    "term.center_island": ("Center island", "Insel in der Mitte", "Eiland in het midden", "Isla central"),
    "term.bag": ("Bag", "Beutel", "Zak", "Bolsa"),
    "term.start_player": ("Start player", "Startspieler", "Startspeler", "Jugador inicial"),
    "term.position_1": ("1st position", "1. Platz", "1e plaats", "1a posición"),
    "term.position_2": ("2nd position", "2. Platz", "2e plaats", "2a posición"),
    "term.fleet_track": ("Fleet track", "Flottenleiste", "Schipspoor", "Registro de flota"),
    "term.crew_track": ("Crew track", "Crewleiste", "Bemanningsspoor", "Registro de tripulación"),
    "term.screen": ("Screen", "Sichtschirm", "Zichtscherm", "Pantalla"),
    "area.fleet": ("Fleet area", "Flottenbereich", "Schipvelden", "Flota"),
    "area.crew": ("Crew area", "Crewbereich", "Bemanningsvelden", "Tripulación"),
    "area.island": ("Island area", "Inselbereich", "Eilandveld", "Isla"),
}


def test_glossary_terms() -> None:
    for key, names in GLOSSARY.items():
        for code, name in zip(LANGUAGES, names, strict=True):
            assert _raw(code)[key] == name, (code, key)
    for code, names in zip(LANGUAGES, zip(*GLOSSARY.values(), strict=True), strict=True):
        body = _raw(code)["help.actions.body"]
        for action in names[:5]:
            assert action in body, (code, action)


def test_lookup_and_fallbacks(monkeypatch: pytest.MonkeyPatch) -> None:
    assert tr("menu.new_game") == "New game"
    assert i18n.set_language("de") == "de" and i18n.get_language() == "de"
    assert tr("menu.new_game") == "Neues Spiel"
    assert tr("hotseat.pass_to", name="Anna").startswith("Gib an Anna weiter")
    assert tr("phase.round", n=3) == "Runde 3"
    assert tr("phase.round") == "Runde {n}"  # a missing value never raises
    assert tr("no.such.key") == "no.such.key"
    assert trn("term.chests_n", 1) == "1 Truhe" and trn("term.chests_n", 4) == "4 Truhen"
    assert words.action_name(3) == "Entern" and words.chest_name(4) == "Lila"
    assert i18n.kind_name("hard") == "Schwer" and i18n.player_colour_name(1) == "Königsblau"
    assert i18n.translate("es", "action.raid") == "Incursión"
    monkeypatch.setitem(i18n._catalogs, "de", {})  # a key missing in German falls back to English
    assert tr("menu.new_game") == "New game"
    assert i18n.set_language("fr") == "en"
    assert [c for c, _ in i18n.available_languages()] == ["en", "de", "nl", "es"]


def test_keys_used_by_code_exist() -> None:
    root = Path(i18n.__file__).parent
    used: set[str] = set()
    for module in [*sorted((root / "saves").glob("*.py")), root / "i18n.py"]:
        used |= set(re.findall(r'"((?:error|setup|action|chest|colour|area)\.[a-z_.]+)"', module.read_text()))
    used |= {f"settings.speed.{s}" for s in ("slow", "normal", "fast", "instant")}
    used |= {f"lang.{c}" for c in LANGUAGES}
    en = _raw("en")
    assert used and not (used - set(en)), sorted(used - set(en))


def test_pygame_gui_dutch_covers_english() -> None:
    en = json.loads(_PYGAME_GUI_EN.read_text(encoding="utf-8"))["en"]
    nl_doc = json.loads((_TRANSLATIONS / "pygame-gui.nl.json").read_text(encoding="utf-8"))
    assert list(nl_doc) == ["nl"]
    nl = nl_doc["nl"]
    assert set(nl) == set(en)
    for key, text in en.items():
        assert nl[key].strip()
        assert re.findall(r"%\{\w+\}", nl[key]) == re.findall(r"%\{\w+\}", text), key
    assert nl["Cancel"] == "Annuleren"


def test_pygame_gui_loads_the_dutch_file() -> None:
    """The directory handed to UIManager(translation_directory_paths=...) is read by python-i18n."""
    py_i18n = pytest.importorskip("i18n")
    old_path = list(py_i18n.load_path)
    old_locale = py_i18n.get("locale")
    old_format = py_i18n.get("file_format")
    try:
        py_i18n.set("file_format", "json")
        py_i18n.load_path.append(str(_TRANSLATIONS))
        py_i18n.set("locale", "nl")
        assert py_i18n.t("pygame-gui.Cancel") == "Annuleren"
        assert py_i18n.t("pygame-gui.Delete_filename", file_name="a.json") == "a.json verwijderen?"
    finally:
        py_i18n.load_path[:] = old_path
        py_i18n.set("locale", old_locale)
        py_i18n.set("file_format", old_format)


def test_catalog_is_cached_and_tolerates_missing_language() -> None:
    assert catalog("en") is catalog("en")
    assert catalog("xx") == {}
