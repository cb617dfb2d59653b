"""F11: full screen and back restores the window's size and place (issue 18, item 10).

Headless (SDL's dummy driver) the window has a position and a size we can read and set, so
the test plays the part of a system without a window manager: while full screen the window
is moved to the screen's corner, and the way back must put it where it was.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pygame
import pytest
from app_helpers import start_app

from tortuga_desktop.shell.intents import Key

pytestmark = pytest.mark.usefixtures("app_home")


def _without_window_manager(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make leaving full screen behave as seen under X without a window manager: the window
    stays at the screen's corner with the full screen's size."""
    set_mode = app._set_mode

    def leave_badly(size: tuple[int, int], *, fullscreen: bool) -> pygame.Surface:
        was_full = app.window.get_size() == tuple(pygame.display.get_desktop_sizes()[0])
        surf = set_mode(size, fullscreen=fullscreen)
        if not fullscreen and was_full:
            win = pygame.Window.from_display_module()
            win.position = (0, 0)
            win.size = pygame.display.get_desktop_sizes()[0]
            surf = pygame.display.get_surface()
        return surf

    monkeypatch.setattr(app, "_set_mode", leave_badly)


def test_f11_and_back_restores_the_window_size_and_position(monkeypatch: pytest.MonkeyPatch) -> None:
    app = start_app()
    try:
        _without_window_manager(app, monkeypatch)
        win = pygame.Window.from_display_module()
        win.position = (123, 77)
        assert app.size == (1280, 720)
        app.post(Key(pygame.K_F11))
        app.run(max_frames=2)
        assert app.fullscreen
        app.post(Key(pygame.K_F11))
        app.run(max_frames=2)
        assert not app.fullscreen
        win = pygame.Window.from_display_module()
        assert app.size == (1280, 720) and tuple(win.size) == (1280, 720)
        assert tuple(win.position) == (123, 77)
        assert app.top.buttons.rects and all(r.right <= 1280 and r.bottom <= 720 for r in app.top.buttons.rects)
    finally:
        app.close()


def test_a_resized_window_is_what_comes_back() -> None:
    app = start_app()
    try:
        app.resize((1400, 800))
        app.toggle_fullscreen()
        app.toggle_fullscreen()
        assert app.size == (1400, 800)
    finally:
        app.close()
