"""The dice game's keys, listed once (:data:`KEY_TABLE`): its F1 keyboard page is made from it, and a
test checks that docs/playing.md's keyboard table and the keys themselves agree with it."""

from __future__ import annotations

from dataclasses import dataclass

from tortuga_desktop.shell.i18n import tr

__all__ = ["KEY_TABLE", "KeyRow", "keys_help"]


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
