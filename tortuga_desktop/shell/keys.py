"""Small helpers for the tables' keys: the speed word a table shows (the dice game's keyboard page
is :data:`tortuga_desktop.games.dice.table.keys.KEY_TABLE`).

The table's speed follows the Settings screen's word: with reduced motion on, nothing
animates, and the table says the chosen speed and that motion is reduced (not "Instant",
which Settings never shows then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tortuga_desktop.shell.i18n import tr

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.settings import Settings

__all__ = ["hud_speed"]


def hud_speed(speed: str, settings: Settings | None = None) -> str:
    """The speed word for the table's key line: the Settings screen's word."""
    if settings is not None and getattr(settings, "reduced_motion", False):
        chosen = str(getattr(settings, "animation_speed", "normal"))
        return tr("glance.hud.reduced", speed=tr(f"settings.speed.{chosen}"))
    return tr(f"settings.speed.{speed}")
