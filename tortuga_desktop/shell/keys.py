"""The game's keys, listed once (:data:`KEY_TABLE`: the F1 keyboard page is made from it and a
test checks that the README's keyboard table and the keys themselves agree with it), and small
helpers for the table's keys: the speed word the table shows.

The table's speed follows the Settings screen's word: with reduced motion on, nothing
animates, and the table says the chosen speed and that motion is reduced (not "Instant",
which Settings never shows then).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tortuga_desktop.shell.i18n import tr

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.settings import Settings

__all__ = ["KEY_TABLE", "KeyRow", "hud_speed", "keys_help"]


@dataclass(frozen=True)
class KeyRow:
    """One line of the keyboard page: ``keys.<id>.keys`` names the keys (in the player's
    language: "Space", "Leertaste"...), ``keys.<id>.what`` says what they do."""

    id: str

    @property
    def keys(self) -> str:
        return tr(f"keys.{self.id}.keys")

    @property
    def what(self) -> str:
        return tr(f"keys.{self.id}.what")


#: Every key the game answers to, in the order the keyboard page lists them.
KEY_TABLE: tuple[KeyRow, ...] = tuple(KeyRow(i) for i in (
    "f1", "f11", "esc", "space", "speed", "save", "dice", "options", "act", "chests", "focus", "pick",
    "grid", "enter", "clear", "suggest", "hint", "replay", "review", "chat", "log",
))


def keys_help() -> str:
    """The F1 keyboard page: one bullet per :data:`KEY_TABLE` row, in the current language."""
    return "\n".join(f"• {row.keys}: {row.what}" for row in KEY_TABLE)


def hud_speed(speed: str, settings: Settings | None = None) -> str:
    """The speed word for the table's key line: the Settings screen's word."""
    if settings is not None and getattr(settings, "reduced_motion", False):
        chosen = str(getattr(settings, "animation_speed", "normal"))
        return tr("glance.hud.reduced", speed=tr(f"settings.speed.{chosen}"))
    return tr(f"settings.speed.{speed}")
