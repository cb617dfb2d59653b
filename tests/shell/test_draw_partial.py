"""The frame loop shows only the changed part of the window when the one scene drawn says what
changed and no pygame_gui element is on screen; with a widget on screen it shows the whole window
(issue 25: the root container's elements are found through pygame_gui's typed interface)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pygame_gui
import pytest

from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.scenes import Scene


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path / "home"))


class _Partial(Scene):
    opaque = True
    name = "partial"

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        surface.fill((10, 20, 30), pygame.Rect(5, 5, 40, 30))
        return [pygame.Rect(5, 5, 40, 30)]


def test_partial_redraw_only_without_widgets() -> None:
    app = App(size=(320, 200), fixed_dt=1 / 60)
    try:
        app.push(_Partial())
        assert app._draw() == [pygame.Rect(5, 5, 40, 30)]
        button = pygame_gui.elements.UIButton(pygame.Rect(100, 100, 80, 30), "x", app.ui)
        assert app._draw() is None  # a widget is drawn by pygame_gui: the whole window is shown
        button.kill()
        assert app._draw() == [pygame.Rect(5, 5, 40, 30)]
    finally:
        app.close()
