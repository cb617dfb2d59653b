"""User settings: language, display, animation, sound, accessibility.

Stored as JSON in ``<config>/settings.json`` (see :mod:`.paths`; ``$TORTUGA_HOME/config``
when that variable is set)::

    s = load_settings()          # never raises; defaults on first start / bad file
    s.volume = 0.5
    save_settings(s)             # atomic; returns False if the disk refused (settings stay in memory)

``load_settings`` on first start (no file) picks the system language when it is one of
en, de, nl, es (:func:`system_language`), else English. A damaged file gives defaults for
whatever could not be read, and the file is renamed to ``settings.bad-<timestamp>.json``
so nothing is lost. Unknown keys are ignored (forward compatible).

Helpers for the app: ``s.animation_factor`` (duration multiplier: slow 1.6, normal 1,
fast 0.5, instant 0 — also 0 with ``reduced_motion``), ``s.effective_volume`` (0 when muted).
``ui_scale`` is the interface size in percent (80-150; applied through :mod:`.layout`).
"""

from __future__ import annotations

import locale
import logging
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from . import paths

__all__ = [
    "LANGUAGES",
    "ANIMATION_SPEEDS",
    "ANIMATION_FACTORS",
    "MIN_WINDOW",
    "UI_SCALES",
    "MAX_WINDOW",
    "Settings",
    "settings_path",
    "load_settings",
    "save_settings",
    "write_settings",
    "system_language",
]

#: Supported interface languages (codes used by :mod:`.i18n` and pygame_gui).
LANGUAGES: tuple[str, ...] = ("en", "de", "nl", "es")
ANIMATION_SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
ANIMATION_FACTORS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
MIN_WINDOW: tuple[int, int] = (800, 600)
#: the interface sizes (percent) the player may choose
UI_SCALE_MIN, UI_SCALE_MAX = 80, 150
UI_SCALES: tuple[int, ...] = (80, 90, 100, 110, 125, 150)
MAX_WINDOW: tuple[int, int] = (7680, 4320)
_FORMAT = "tortuga-settings"
_SCHEMA = 1
_FILE = "settings.json"

logger = logging.getLogger(__name__)


@dataclass
class Settings:
    """All user settings with their defaults."""

    language: str = "en"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1600, 900)  # the default window (issue 4)
    animation_speed: str = "normal"
    reduced_motion: bool = False
    volume: float = 0.8
    mute: bool = False
    colourblind_markers: bool = True
    #: interface size in percent (text, buttons, panels; see ``layout.UI_SCALE_RANGE``)
    ui_scale: int = 100
    #: "Learn to play" was offered once on first start (taken or declined: never again)
    tutorial_offered: bool = False
    #: the tutorial step to resume at (0: from the start)
    tutorial_step: int = 0
    #: first-game tips on, and the kinds of decision whose tip was shown (app/tips.py)
    tips: bool = True
    tips_seen: tuple[str, ...] = ()
    #: the Hint button and the H key in games (app/hints.py)
    hints: bool = True

    @property
    def animation_factor(self) -> float:
        """Multiply animation durations by this (0 = jump to the end state)."""
        if self.reduced_motion:
            return 0.0
        return ANIMATION_FACTORS.get(self.animation_speed, 1.0)

    @property
    def effective_volume(self) -> float:
        """The volume to play sounds at (0 when muted)."""
        return 0.0 if self.mute else max(0.0, min(1.0, self.volume))

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["window_size"] = list(self.window_size)
        d["tips_seen"] = list(self.tips_seen)
        return {"format": _FORMAT, "schema": _SCHEMA, **d}

    @classmethod
    def from_dict(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from parsed JSON plus a list of problems (fields that fell back to defaults)."""
        s = cls()
        problems: list[str] = []
        if not isinstance(data, dict):
            return s, ["not a JSON object"]
        if data.get("format") != _FORMAT:
            problems.append("format")
        for f in fields(cls):
            if f.name not in data:
                continue
            value = _parse_field(f.name, data[f.name])
            if value is None:
                problems.append(f.name)
            else:
                setattr(s, f.name, value)
        return s, problems


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _parse_field(name: str, v: Any) -> Any:
    """The validated value, or None if it is unusable."""
    if name == "language":
        return v if v in LANGUAGES else None
    if name == "animation_speed":
        return v if v in ANIMATION_SPEEDS else None
    if name in ("fullscreen", "reduced_motion", "mute", "colourblind_markers", "tutorial_offered", "tips",
                "hints"):
        return v if _is_bool(v) else None
    if name == "ui_scale":
        if isinstance(v, bool) or not isinstance(v, int) or not UI_SCALE_MIN <= v <= UI_SCALE_MAX:
            return None
        return v
    if name == "tutorial_step":
        return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1000 else None
    if name == "tips_seen":
        ok = isinstance(v, list) and len(v) <= 50 and all(isinstance(x, str) and len(x) <= 40 for x in v)
        return tuple(v) if ok else None
    if name == "volume":
        if isinstance(v, bool) or not isinstance(v, int | float) or not 0.0 <= v <= 1.0:
            return None
        return float(v)
    if name == "window_size":
        if not (isinstance(v, list) and len(v) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
            return None
        w, h = v
        if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
            return None
        return (w, h)
    return None


def _language_of(tag: str) -> str | None:
    """'de_DE.UTF-8' / 'nl-BE' / 'Spanish_Spain' -> a supported code or None."""
    tag = tag.strip().lower()
    if not tag or tag in ("c", "posix"):
        return None
    code = tag.replace("-", "_").split(".")[0].split("@")[0].split("_")[0]
    if code in LANGUAGES:
        return code
    windows_names = {"english": "en", "german": "de", "deutsch": "de", "dutch": "nl",
                     "nederlands": "nl", "spanish": "es", "español": "es", "espanol": "es"}
    return windows_names.get(code)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The user's language if supported (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then
    ``locale.getlocale()``), else ``"en"``."""
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    language = env.get("LANGUAGE", "")
    if language:
        candidates += language.split(":")
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            candidates.append(value)
            break  # POSIX: the first one set wins
    if environ is None:
        try:
            loc = locale.getlocale()[0]
        except (ValueError, TypeError):
            loc = None
        if loc:
            candidates.append(loc)
    for tag in candidates:
        code = _language_of(tag)
        if code is not None:
            return code
    return "en"


def settings_path(create: bool = True) -> Path:
    """``<config>/settings.json``."""
    return paths.config_dir(create) / _FILE


def load_settings(damaged: list[Path] | None = None) -> Settings:
    """The saved settings; never raises.

    No file: defaults with :func:`system_language`. A damaged file: everything that can be
    read is kept, the rest is default, and the file is renamed aside; where it went (or the
    file itself, if it could not be moved) is added to ``damaged`` so the app can say so.
    """
    from .saves import SaveError, parse_json

    path = settings_path(create=False)
    try:
        if not path.is_file():
            return Settings(language=system_language())
    except OSError:
        return Settings(language=system_language())
    try:
        data = parse_json(paths.read_bytes_limited(path, 64 * 1024), path)
    except (OSError, SaveError) as exc:
        logger.warning("the settings file %s is unusable: %s", paths.display_path(path), exc)
        kept = paths.keep_aside(path)
        if damaged is not None:
            damaged.append(kept or path)
        return Settings(language=system_language())
    settings, problems = Settings.from_dict(data)
    if problems:
        logger.warning("the settings file %s had bad fields: %s", paths.display_path(path), ", ".join(problems))
        kept = paths.keep_aside(path)
        if damaged is not None:
            damaged.append(kept or path)
    return settings


def write_settings(settings: Settings) -> None:
    """Write the settings atomically; raises ``OSError`` (the old file is then kept)."""
    paths.atomic_write_json(settings_path(), settings.to_dict())


def save_settings(settings: Settings) -> bool:
    """Write the settings atomically. Returns False (and keeps the old file) if that failed."""
    try:
        write_settings(settings)
    except (OSError, ValueError) as exc:
        logger.warning("the settings could not be saved: %s", exc)
        return False
    return True
