"""Translations of the game's texts: English, Deutsch, Nederlands, Español.

Catalogues are flat JSON objects ``key -> text``, one file per language and area:
``assets/translations/tortuga.<code>.<area>.json`` (e.g. ``tortuga.nl.tutorial.json``), the areas
named in :data:`TRANSLATION_AREAS` by the key prefixes they hold (loaded lazily on first use, never
at import time). Texts use ``{name}``-style
placeholders, filled from keyword arguments::

    set_language(settings.language)          # "en" | "de" | "nl" | "es"; anything else -> "en"
    tr("menu.new_game")                      # "Neues Spiel"
    tr("hotseat.pass_to", name="Anna")       # "Gib an Anna weiter — Leertaste, wenn bereit"
    trn("term.chests_n", 3)                  # count-dependent: key ".one" if count == 1 else ".other"
    decimal(41.0)                            # "41,0" (the language's decimal mark)

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
``help.<section>.body`` the dice game's rules help (its sections in
:data:`tortuga_desktop.games.dice.table.words.HELP_SECTIONS`, paragraphs
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

from tortuga_desktop.shell.levels import LEVELS, level_key
from tortuga_desktop.shell.resources import asset_path

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "PLAYER_COLOUR_KEYS",
    "KIND_KEYS",
    "TRANSLATION_AREAS",
    "translations_dir",
    "catalog_files",
    "area_of",
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
    "player_colour_name",
    "kind_name",
]

#: Language code -> the language's own name.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "es": "Español"}
DEFAULT_LANGUAGE = "en"
#: Translation keys of the seat colours by index (palette.PLAYER_COLOURS 0-3).
PLAYER_COLOUR_KEYS: tuple[str, ...] = ("colour.crimson", "colour.royal_blue", "colour.amber", "colour.teal")
#: SeatConfig.kind -> key
KIND_KEYS: dict[str, str] = {"human": "setup.human", **{lv: level_key(lv) for lv in LEVELS}}

#: The translation files' areas: ``tortuga.<code>.<area>.json`` holds the keys whose first dotted
#: segment (or first two, for ``t1667.help``) is one of the area's prefixes. A key's area is
#: :func:`area_of`; a test checks every file is named after an area here and holds only its keys.
TRANSLATION_AREAS: dict[str, tuple[str, ...]] = {
    # the application around the games: menus, files, settings, statistics, replays, the setup form
    "shell": ("app", "lang", "format", "menu", "chooser", "game", "pause", "quit", "leave", "list", "notice",
              "error", "saves", "settings", "setup", "stats", "replay", "hotseat", "keys"),
    # the dice game (Tortuga): its terms, table, decision panel, log, hints, review, reasons
    "dice": ("action", "chest", "colour", "area", "term", "phase", "prompt", "status", "table", "motion",
             "context", "human", "log", "reason", "hint", "review", "move", "glance", "follow", "tip",
             "results"),
    # the dice game's rules help (F1)
    "dice-help": ("help",),
    # Learn to play and the first-game tips
    "tutorial": ("tutorial", "tips"),
    # network play: host, join, lobby, tables, chat, seats
    "network": ("net", "net67"),
    # Tortuga 1667: its table, panel, setup, end and replay
    "t1667": ("t1667", "p1667"),
    # Tortuga 1667's rules help (F1)
    "t1667-help": ("t1667.help",),
    # Tortuga 1667's events, table talk and computer players' reasons in words
    "t1667-words": ("e1667", "r1667"),
}
_AREA_BY_PREFIX: dict[str, str] = {prefix: area for area, prefixes in TRANSLATION_AREAS.items()
                                   for prefix in prefixes}

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
    """The files of a language's catalogue, by name: ``tortuga.<code>.<area>.json`` (one per area of
    :data:`TRANSLATION_AREAS`), and any other part ``tortuga.<code>.<part>.json`` lying there.
    A key belongs to exactly one file (a test checks it, and that each file is an area's)."""
    return sorted(translations_dir().glob(f"tortuga.{code}.*.json"))


def area_of(key: str) -> str | None:
    """The area (:data:`TRANSLATION_AREAS`) whose file holds ``key``, by its longest known prefix;
    None for a key no area claims."""
    parts = key.split(".")
    for n in range(len(parts) - 1, 0, -1):
        area = _AREA_BY_PREFIX.get(".".join(parts[:n]))
        if area is not None:
            return area
    return None


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


def player_colour_name(index: int) -> str:
    """Name of a seat colour (index into ``palette.PLAYER_COLOURS``)."""
    return tr(PLAYER_COLOUR_KEYS[index])


def kind_name(kind: str) -> str:
    """"Human" / "Easy" / "Normal" / "Hard" / "Expert" for a SeatConfig.kind."""
    return tr(KIND_KEYS.get(kind, "setup.human"))
