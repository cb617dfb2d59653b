"""The Settings screen's widgets change what they say (a drop-down choice, the volume slider, a
check box), and an event of a widget that is not the screen's changes nothing (issue 25: the
widget an event names is narrowed to its kind, no longer read untyped)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pygame_gui
import pytest
from app_helpers import start_app

from tortuga_desktop.shell.intents import UIEvent
from tortuga_desktop.shell.scenes.settings import SettingsScene
from tortuga_desktop.shell.settings import load_settings

pytestmark = pytest.mark.usefixtures("app_home")


def _event(kind: int, element: object, **extra: object) -> UIEvent:
    return UIEvent(pygame.event.Event(kind, {"ui_element": element, **extra}))


def test_drop_down_slider_and_check_box_change_their_settings() -> None:
    app = start_app()
    try:
        app.push(SettingsScene())
        scene = app.top
        app.run(max_frames=1)
        speed = scene._w["animation_speed"]
        choice = next(o for o in speed.options_list if o[1] != app.settings.animation_speed)
        speed.selected_option = choice  # what pygame_gui does before it posts the event
        scene.handle(_event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, speed, text=choice[0]))
        assert app.settings.animation_speed == choice[1]

        volume = scene._w["volume"]
        volume.set_current_value(35)
        scene.handle(_event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, volume, value=35))
        assert app.settings.volume == 0.35

        was = app.settings.reduced_motion
        box = scene._w["reduced_motion"]
        scene.handle(_event(pygame_gui.UI_CHECK_BOX_UNCHECKED if was else pygame_gui.UI_CHECK_BOX_CHECKED, box))
        assert app.settings.reduced_motion is not was

        assert app.session.writer().flush()
        saved = load_settings()
        assert (saved.animation_speed, saved.volume, saved.reduced_motion) == (choice[1], 0.35, not was)
    finally:
        app.close()


def test_an_event_of_another_widget_changes_nothing() -> None:
    app = start_app()
    try:
        app.push(SettingsScene())
        scene = app.top
        app.run(max_frames=1)
        before = app.settings.to_dict()
        stranger = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(0, 0, 100, 20), 80, (0, 100), app.ui)
        scene.handle(_event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, stranger, value=80))
        scene.handle(_event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, None, text="x"))
        scene.handle(_event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, "not a widget", text="x"))
        assert app.settings.to_dict() == before
    finally:
        app.close()
