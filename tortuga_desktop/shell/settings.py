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
from dataclasses import asdict, dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Annotated, Any, get_type_hints

from msgspec import Meta

from tortuga_desktop.shell import paths
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.text import convert, one_of, parse_json

__all__ = [
    "HostMemory",
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

# What a settings file may hold, field by field (checked by msgspec; a field outside these
# limits falls back to its default, the others are kept).
Language = Annotated[str, one_of(LANGUAGES)]
AnimationSpeed = Annotated[str, one_of(ANIMATION_SPEEDS)]
Width = Annotated[int, Meta(ge=MIN_WINDOW[0], le=MAX_WINDOW[0])]
Height = Annotated[int, Meta(ge=MIN_WINDOW[1], le=MAX_WINDOW[1])]
Volume = Annotated[float, Meta(ge=0.0, le=1.0)]
UiScale = Annotated[int, Meta(ge=UI_SCALE_MIN, le=UI_SCALE_MAX)]
TutorialStep = Annotated[int, Meta(ge=0, lt=1000)]
#: a game's key -> the step its tutorial resumes at (a game whose tutorial is not under way is not named)
TutorialSteps = Annotated[dict[Annotated[str, Meta(max_length=40)], TutorialStep], Meta(max_length=16)]
TipsSeen = Annotated[tuple[Annotated[str, Meta(max_length=40)], ...], Meta(max_length=50)]
HostSeatKind = Annotated[str, Meta(max_length=16)]
HostSeatName = Annotated[str, Meta(max_length=40)]


@dataclass(frozen=True)
class HostMemory:
    """The host screen's last hosted table, so that the screen opens with it again: the game,
    how many seats, each seat's kind on that screen ("open", "here" or a computer level) and
    name, where the server listened ("local"/"all"), its port and the takeover level. The host
    screen checks the kinds and levels against what it offers."""

    game: Annotated[str, Meta(max_length=40)] = ""
    players: Annotated[int, Meta(ge=1, le=16)] = 2
    kinds: Annotated[tuple[HostSeatKind, ...], Meta(max_length=16)] = ()
    names: Annotated[tuple[HostSeatName, ...], Meta(max_length=16)] = ()
    listen: Annotated[str, one_of(("local", "all"))] = "local"
    port: Annotated[int, Meta(ge=1024, le=65535)] = 47600
    takeover: Annotated[str, Meta(max_length=16)] = "normal"

logger = logging.getLogger(__name__)


@dataclass
class Settings:
    """All user settings with their defaults (the annotations are also the file's limits)."""

    language: Language = "en"
    fullscreen: bool = False
    window_size: tuple[Width, Height] = (1600, 900)  # the default window (issue 4)
    animation_speed: AnimationSpeed = "normal"
    reduced_motion: bool = False
    volume: Volume = 0.8
    mute: bool = False
    colourblind_markers: bool = True
    #: interface size in percent (text, buttons, panels; see ``layout.UI_SCALE_RANGE``)
    ui_scale: UiScale = 100
    #: "Learn to play" was offered once on first start (taken or declined: never again)
    tutorial_offered: bool = False
    #: the tutorial step to resume at (0: from the start)
    tutorial_step: TutorialStep = 0
    #: the other games' tutorials: the step each resumes at, by game key (see ``TutorialSteps``)
    tutorial_steps: TutorialSteps = field(default_factory=dict)
    #: first-game tips on, and the kinds of decision whose tip was shown (dice/table/tips.py)
    tips: bool = True
    tips_seen: TipsSeen = ()
    #: the Hint button and the H key in games (dice/table/hints.py)
    hints: bool = True
    #: the host screen's last hosted table (None: never hosted)
    last_host: HostMemory | None = None

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

    def to_dict(self) -> dict[str, object]:
        d = asdict(self)
        d["window_size"] = list(self.window_size)
        d["tips_seen"] = list(self.tips_seen)
        return {"format": _FORMAT, "schema": _SCHEMA, **d}

    @classmethod
    def from_dict(cls, data: object) -> tuple[Settings, list[str]]:
        """Settings from parsed JSON plus a list of problems (fields that fell back to defaults)."""
        s = cls()
        if not isinstance(data, dict):
            return s, ["not a JSON object"]
        problems = [] if data.get("format") == _FORMAT else ["format"]
        for name, kind in _field_types().items():
            if name not in data:
                continue
            try:
                setattr(s, name, convert(data[name], kind))
            except ValueError:
                problems.append(name)
        return s, problems


@cache
def _field_types() -> dict[str, Any]:  # typing.get_type_hints types its hints Any
    """Each setting's type with its limits, in the order of the fields."""
    hints = get_type_hints(Settings, include_extras=True)
    return {f.name: hints[f.name] for f in fields(Settings)}


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
