"""Scenes: the App keeps a stack of them; the top one gets input, opaque ones hide those below.

Scene API (the seam both app engineers build on)::

    class Scene:
        opaque: bool = True
        def enter(self, app) -> None      # pushed (or replaced into place)
        def exit(self) -> None            # popped / replaced
        def pause(self) -> None           # another scene was pushed on top
        def resume(self) -> None          # the scene on top was popped
        def handle(self, intent) -> None  # input, already converted to intents
        def update(self, dt) -> bool      # advance; True when the scene needs a redraw
        def draw(self, surface) -> None
        def resize(self, size) -> None

``App`` API used by scenes: ``app.push(scene)``, ``app.pop()``, ``app.replace(scene)``,
``app.size``, ``app.ui`` (pygame_gui.UIManager), ``app.settings``, ``app.sound``,
``app.request_redraw()``, ``app.quit(code=0)``, ``app.options``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from ..intents import Intent


class Scene:
    """Base class with do-nothing defaults."""

    opaque: bool = True
    #: a short name for logs/tests
    name: str = "scene"

    def __init__(self) -> None:
        self.app: Any = None

    def enter(self, app: Any) -> None:
        self.app = app

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        if self.app is not None:
            self.app.request_redraw()

    def handle(self, intent: Intent) -> None:
        pass

    def update(self, dt: float) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        pass


__all__ = ["Scene"]
