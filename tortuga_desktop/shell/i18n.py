"""Translations of the game's texts: English, Deutsch, Nederlands, Español.

Catalogues are flat JSON objects ``key -> text`` in ``assets/translations/tortuga.<code>.json``
plus optional feature parts ``tortuga.<code>.<part>.json`` (e.g. ``tortuga.nl.tutorial.json``)
(loaded lazily on first use, never at import time). Texts use ``{name}``-style
placeholders, filled from keyword arguments::

    set_language(settings.language)          # "en" | "de" | "nl" | "es"; anything else -> "en"
    tr("menu.new_game")                      # "Neues Spiel"
    tr("hotseat.pass_to", name="Anna")       # "Gib an Anna weiter — Leertaste, wenn bereit"
    trn("term.chests_n", 3)                  # count-dependent: key ".one" if count == 1 else ".other"
    decimal(41.0)                            # "41,0" (the language's decimal mark)
    action_name(3)                           # "Entern"   (Action index 0-4)
    chest_name(4)                            # "lila"     (Chest index 0-4)

Lookup falls back to English, then to the key itself; a missing placeholder value is left
as ``{name}`` rather than raising. Game terms follow the glossary in RULES.md.

Key naming scheme (dotted, lower case):
``app.*`` title; ``lang.*`` language names; ``action.*`` the five actions; ``chest.*`` chest
colours; ``colour.*`` player colours; ``area.*`` Tortuga/fleet/crew/island areas;
``term.*`` other game terms; ``phase.*`` phases and round; ``menu.*`` menus and buttons;
``setup.*`` new-game screen; ``settings.*`` settings screen; ``prompt.*`` decision prompts;
``status.*`` status lines; ``hotseat.*`` hand-over screen; ``results.*`` results screen;
``saves.*`` load/save screens; ``stats.*`` statistics screen; ``error.*`` error messages
(``error.save.*`` are :class:`saves.SaveError` keys); ``help.<section>.title`` /
``help.<section>.body`` the rules help (sections in :data:`HELP_SECTIONS`, paragraphs
separated by blank lines, lines starting with "• " are bullet points).
Keys ending in ``.one`` / ``.other`` are plural forms for :func:`trn`.

pygame_gui's own strings (its dialogs' OK/Cancel, file dialog…) come from pygame_gui's
translation files; it ships en/de/es but not nl, so ``assets/translations/pygame-gui.nl.json``
adds Dutch. The app wires it in like this::

    manager = pygame_gui.UIManager(size, theme_path,
                                   starting_language=get_language(),
                                   translation_directory_paths=[str(translations_dir())])
    ...
    set_language(code); manager.set_locale(code)   # when the language setting changes

(pygame_gui reads files named ``pygame-gui.<code>.json`` from those directories; the
``tortuga.*.json`` files next to them are only read by this module.)
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from pathlib import Path

from tortuga_desktop.levels import LEVELS, level_key
from tortuga_desktop.shell.resources import asset_path

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "ACTION_KEYS",
    "CHEST_KEYS",
    "PLAYER_COLOUR_KEYS",
    "AREA_KEYS",
    "KIND_KEYS",
    "HELP_SECTIONS",
    "translations_dir",
    "catalog_files",
    "available_languages",
    "set_language",
    "get_language",
    "tr",
    "trn",
    "decimal",
    "translate",
    "has_key",
    "catalog",
    "placeholders",
    "action_name",
    "chest_name",
    "player_colour_name",
    "kind_name",
]

#: Language code -> the language's own name.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "es": "Español"}
DEFAULT_LANGUAGE = "en"
#: Translation keys by rules index (Action 0-4, Chest 0-4, palette.PLAYER_COLOURS 0-3).
ACTION_KEYS: tuple[str, ...] = ("action.expand_fleet", "action.recruit_crew", "action.treasure_hunt",
                                "action.board", "action.raid")
CHEST_KEYS: tuple[str, ...] = ("chest.red", "chest.blue", "chest.yellow", "chest.white", "chest.purple")
PLAYER_COLOUR_KEYS: tuple[str, ...] = ("colour.crimson", "colour.royal_blue", "colour.amber", "colour.teal")
AREA_KEYS: dict[str, str] = {"tortuga": "area.tortuga", "fleet": "area.fleet", "crew": "area.crew",
                             "island": "area.island"}
#: SeatConfig.kind -> key
KIND_KEYS: dict[str, str] = {"human": "setup.human", **{lv: level_key(lv) for lv in LEVELS}}
#: Sections of the rules help, in reading order: keys help.<section>.title / .body.
HELP_SECTIONS: tuple[str, ...] = (
    "overview", "components", "setup", "round", "dice", "skulls", "bonus", "actions", "expand_fleet",
    "recruit_crew", "treasure_hunt", "board", "raid", "surplus", "move", "end", "scoring",
    "two_players", "long_game", "hidden", "keys",
)

_state: dict[str, str] = {"language": DEFAULT_LANGUAGE}
_catalogs: dict[str, dict[str, str]] = {}
_formatter = string.Formatter()


def translations_dir() -> Path:
    """``assets/translations`` (also the directory to give pygame_gui)."""
    return asset_path("translations")


def catalog(code: str) -> dict[str, str]:
    """The flat key -> text catalogue of a language (cached; empty if missing or damaged)."""
    cached = _catalogs.get(code)
    if cached is not None:
        return cached
    data: dict[str, str] = {}
    if code in LANGUAGES:
        for path in catalog_files(code):
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                raw = {}
            if isinstance(raw, dict):
                data.update({k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, str)})
    _catalogs[code] = data
    return data


def catalog_files(code: str) -> list[Path]:
    """The files of a language's catalogue: ``tortuga.<code>.json`` first, then its parts
    ``tortuga.<code>.<part>.json`` (one per feature, e.g. ``tortuga.de.tutorial.json``) by name.
    A key belongs to exactly one file (a test checks it)."""
    folder = translations_dir()
    parts = sorted(folder.glob(f"tortuga.{code}.*.json"))
    return [folder / f"tortuga.{code}.json", *parts]


def reload() -> None:
    """Forget cached catalogues (after editing the files)."""
    _catalogs.clear()


def available_languages() -> list[tuple[str, str]]:
    """``[(code, own name), ...]`` for the language chooser."""
    return list(LANGUAGES.items())


def set_language(code: str) -> str:
    """Switch the language; an unsupported code selects English. Returns the code in use."""
    code = code if code in LANGUAGES else DEFAULT_LANGUAGE
    _state["language"] = code
    return code


def get_language() -> str:
    return str(_state["language"])


class _Keep(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(text: str, params: Mapping[str, object]) -> str:
    if not params and "{" not in text:
        return text
    try:
        return text.format_map(_Keep(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        return text


def translate(code: str, key: str, **params: object) -> str:
    """Like :func:`tr` but in a given language."""
    text = catalog(code).get(key)
    if text is None and code != DEFAULT_LANGUAGE:
        text = catalog(DEFAULT_LANGUAGE).get(key)
    if text is None:
        return key
    return _fill(text, params)


def tr(key: str, **params: object) -> str:
    """The text of ``key`` in the current language, placeholders filled from ``params``.

    Falls back to English, then to the key itself. Never raises.
    """
    return translate(get_language(), key, **params)


def trn(key: str, count: int, **params: object) -> str:
    """Count-dependent text: ``key + ".one"`` when ``count == 1`` else ``key + ".other"``;
    ``{n}`` is the count."""
    return tr(f"{key}.{'one' if count == 1 else 'other'}", n=count, **params)


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals as the current language writes it: "41.5" in English,
    "41,5" in German, Dutch and Spanish (``format.decimal_mark``). Every number with decimals
    that reaches the screen goes through here."""
    text = f"{value:.{digits}f}"
    mark = tr("format.decimal_mark")
    return text.replace(".", mark) if mark != "." else text


def has_key(key: str, code: str | None = None) -> bool:
    return key in catalog(code or get_language())


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders used in a text."""
    try:
        return {name for _, name, _, _ in _formatter.parse(text) if name}
    except ValueError:
        return {"<malformed>"}


def action_name(action: int) -> str:
    """Name of an action (``rules.Action`` or 0-4)."""
    return tr(ACTION_KEYS[int(action)])


def chest_name(colour: int) -> str:
    """Name of a chest colour (``rules.Chest`` or 0-4), e.g. for "a {colour} chest"."""
    return tr(CHEST_KEYS[int(colour)])


def player_colour_name(index: int) -> str:
    """Name of a seat colour (index into ``palette.PLAYER_COLOURS``)."""
    return tr(PLAYER_COLOUR_KEYS[index])


def kind_name(kind: str) -> str:
    """"Human" / "Easy" / "Normal" / "Hard" / "Expert" for a SeatConfig.kind."""
    return tr(KIND_KEYS.get(kind, "setup.human"))
