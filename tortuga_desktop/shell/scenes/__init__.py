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
        def retranslate(self) -> None     # the language changed
        def invalidate(self) -> None      # the interface scale or the markers changed
        def set_speed(self, speed) -> None  # the animation speed changed

``Scene.app`` is the :class:`~..loop.App` (typed: imported for type checking only, so no import
edge). Its API used by scenes: ``app.push(scene)``, ``app.pop()``, ``app.replace(scene)``,
``app.size``, ``app.ui`` (pygame_gui.UIManager), ``app.settings``, ``app.sound``,
``app.request_redraw()``, ``app.quit(code=0)``, ``app.options`` (:class:`~..options.AppOptions`),
``app.notify(text, level="info"|"warning"|"error")`` (a message on top of every scene for a few
seconds; any thread), and ``app.session`` (:class:`~..session.Session`: the background writer, extended by a game's
lifecycle; ``app.session.writer().run(name, work)`` is file work on the background writer: a
scene never writes a file on the frame loop; poll the returned job's ``done``/``error``).
Before :meth:`Scene.enter` a scene has no app: :attr:`Scene.entered` says whether it has one.

Text fields: build them with :func:`.dialogs.text_entry` (a :class:`.dialogs.SafeTextEntryLine`),
never a bare ``UITextEntryLine`` — a test enforces it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import pygame
    from pygame_gui.core import UIElement

    from tortuga_desktop.shell.intents import Intent
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.saves.writer import NamedSavable


class Scene:
    """Base class with do-nothing defaults."""

    opaque: bool = True
    #: a game's rules help (F1 on top of it closes it rather than opening another)
    is_help: bool = False
    #: a short name for logs/tests
    name: str = "scene"
    #: where notices may begin (window pixels from the top) while this scene is on top: a screen
    #: with a title at the top sets it below the title, so that no notice covers it
    notice_top: int = 0

    def __init__(self) -> None:
        self._app: App | None = None

    @property
    def app(self) -> App:
        """The application holding this scene (its stack, window, notices, settings, the game
        session): set by :meth:`enter`. Before that it is an error to ask (see :attr:`entered`)."""
        if self._app is None:
            raise RuntimeError(f"the {self.name} scene has no app before it is entered")
        return self._app

    @app.setter
    def app(self, app: App | None) -> None:
        self._app = app

    @property
    def entered(self) -> bool:
        """Whether the scene has an :attr:`app` (it was entered, or given one)."""
        return self._app is not None

    def enter(self, app: App) -> None:
        self._app = app

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        if self.entered:
            self.app.request_redraw()

    def handle(self, intent: Intent) -> None:
        pass

    def update(self, dt: float) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw; may return the changed rects when only part of the screen changed."""
        return None

    def resize(self, size: tuple[int, int]) -> None:
        pass

    def retranslate(self) -> None:
        """The language changed: draw every text again in the new one."""

    def invalidate(self) -> None:
        """The interface scale or the colour-blind markers changed: drop what was drawn ahead."""

    def set_speed(self, speed: str) -> None:
        """The animation speed changed (``settings.ANIMATION_SPEEDS``)."""

    def help_scene(self) -> Scene | None:
        """The rules help of the game this scene belongs to (F1, the pause menu's *Rules*); None: the
        scene belongs to no game (the menus), and the help of a scene below it, or the first game's, opens."""
        return None

    def saved_game(self) -> NamedSavable | None:
        """The game in progress on this scene, to save under a name (Ctrl+S, the pause menu's *Save*);
        None: nothing to save here (a menu, a network game, a demo, a finished game)."""
        return None

    def takes_enter(self) -> bool:
        """True while Enter is this scene's own (a decision to confirm, a game to start): the network
        chat then leaves Enter to it."""
        return False


class WidgetScene(Scene):
    """A scene made of pygame_gui widgets (kept in ``self._els``).

    The widgets exist only while the scene is on top: built on entry, killed when another scene
    covers it or it leaves, and built again on resume, on a resize and on a language change.
    Subclasses implement ``_build`` and may extend ``_kill``.
    """

    def __init__(self) -> None:
        super().__init__()
        self._els: list[UIElement] = []

    def enter(self, app: App) -> None:
        super().enter(app)
        self._build()

    def exit(self) -> None:
        self._kill()

    def pause(self) -> None:
        self._kill()

    def resume(self) -> None:
        super().resume()
        self._build()

    def resize(self, size: tuple[int, int]) -> None:
        if self.entered and self.app.top is self:
            self._build()

    def retranslate(self) -> None:
        self.resize(self.app.size if self.entered else (0, 0))

    def _kill(self) -> None:
        for el in self._els:
            el.kill()  # type: ignore[no-untyped-call]  # untyped in pygame_gui
        self._els = []

    def _build(self) -> None:
        raise NotImplementedError


__all__ = ["Scene", "WidgetScene"]
