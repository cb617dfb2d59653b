"""Input intents: the App turns pygame events into these at the edge.

Scenes never read ``pygame.event`` directly; they receive one of the dataclasses below in
``Scene.handle(intent)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import pygame


@dataclass(frozen=True)
class Click:
    """A mouse button pressed at ``pos`` (1 left, 2 middle, 3 right, 4/5 wheel)."""

    pos: tuple[int, int]
    button: int


@dataclass(frozen=True)
class Hover:
    """The mouse moved to ``pos`` (``held``: with the left button down, a drag)."""

    pos: tuple[int, int]
    held: bool = False


@dataclass(frozen=True)
class Key:
    """A key pressed (``key`` is a pygame key constant)."""

    key: int
    mod: int = 0
    unicode: str = ""


@dataclass(frozen=True)
class Resize:
    """The window now has ``size`` pixels."""

    size: tuple[int, int]


@dataclass(frozen=True)
class UIEvent:
    """A pygame_gui event (button pressed, text entered, ...)."""

    event: pygame.event.Event


@dataclass(frozen=True)
class Quit:
    """The user closed the window."""


Intent = Click | Hover | Key | Resize | UIEvent | Quit

__all__ = ["Click", "Hover", "Intent", "Key", "Quit", "Resize", "UIEvent"]
