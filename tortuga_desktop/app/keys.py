"""Small helpers for the table's keys: the speed word the table shows, the printed-screen key.

The table's speed follows the Settings screen's word: with reduced motion on, nothing
animates, and the table says the chosen speed and that motion is reduced (not "Instant",
which Settings never shows then).
"""

from __future__ import annotations

from typing import Any

import pygame

from .i18n import tr

__all__ = ["DICE_GRID_KEY", "DICE_GRID_KEY_NAME", "hud_speed"]

#: Shows / hides the grid of each die's faces (the printed screen, R0.8).
DICE_GRID_KEY = pygame.K_g
DICE_GRID_KEY_NAME = "G"


def hud_speed(speed: str, settings: Any = None) -> str:
    """The speed word for the table's key line: the Settings screen's word."""
    if settings is not None and getattr(settings, "reduced_motion", False):
        chosen = str(getattr(settings, "animation_speed", "normal"))
        return tr("glance.hud.reduced", speed=tr(f"settings.speed.{chosen}"))
    return tr(f"settings.speed.{speed}")
