"""The settings screen (pygame_gui): language, fullscreen, window size, interface size (UI
scale, 80-150 %), animation speed, reduced motion, volume, mute, colour-blind markers, first-game tips, hints.

Every change applies at once (:meth:`App.apply_settings`) and is saved to the user's config
directory (:func:`settings.save_settings`).  Esc or "Back" closes the screen.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import LANGUAGES, tr
from tortuga_desktop.shell.intents import Intent, Key, UIEvent
from tortuga_desktop.shell.scenes import WidgetScene
from tortuga_desktop.shell.scenes.chrome import backdrop
from tortuga_desktop.shell.scenes.dialogs import draw_panel, scale_of
from tortuga_desktop.shell.settings import UI_SCALES, Settings

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

logger = logging.getLogger(__name__)

__all__ = ["SettingsScene", "WINDOW_SIZES"]

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
SPEEDS = ("slow", "normal", "fast", "instant")


def _size_label(size: tuple[int, int]) -> str:
    return f"{size[0]} × {size[1]}"


#: a widget of the screen (kept in ``_w`` by name)
_El = TypeVar("_El", bound=UIElement)


class SettingsScene(WidgetScene):
    """Settings with pygame_gui controls."""

    opaque = True
    name = "settings"

    def __init__(self) -> None:
        super().__init__()
        self._w: dict[str, UIElement] = {}
        self._labels: list[tuple[str, pygame.Rect]] = []
        self._box = pygame.Rect(0, 0, 0, 0)
        self.status = ""

    # -- lifecycle ----------------------------------------------------------------------

    def enter(self, app: App) -> None:
        if app.settings is None:
            app.settings = Settings()
        super().enter(app)

    @property
    def settings(self) -> Settings:
        """The App's settings (an App started without any gets the defaults on entry)."""
        st = self.app.settings
        if st is None:
            st = self.app.settings = Settings()
        return st

    def _kill(self) -> None:
        super()._kill()
        self._w = {}

    # -- controls -----------------------------------------------------------------------

    def _build(self) -> None:
        self._kill()
        app = self.app
        st = self.settings
        ui = app.ui
        w, h = app.size
        s = scale_of((w, h))
        bw = min(w - 40, int(900 * s))
        row = max(30, int(46 * s))
        gap = max(6, int(12 * s))
        rows = 12
        top = int(100 * s)
        bh = top + int(10 * s) + rows * (row + gap) + row
        if bh > h - 20:  # a big interface size in a small window: rows give way, never the window
            k = (h - 20) / bh
            row, gap, top = max(24, int(row * k)), max(4, int(gap * k)), int(top * k)
            bh = top + int(10 * s * k) + rows * (row + gap) + row
        self._box = pygame.Rect((w - bw) // 2, max(10, (h - bh) // 2), bw, bh)
        lx = self._box.x + int(40 * s)
        lw = int(bw * 0.42)
        cx = lx + lw
        cw = self._box.right - int(40 * s) - cx
        y = self._box.y + top
        cb = max(20, int(28 * s))  # check boxes grow with the screen too
        self._labels = []

        def add(el: _El) -> _El:
            self._els.append(el)
            return el

        def label(key: str) -> None:
            self._labels.append((key, pygame.Rect(lx, y, lw, row)))

        label("settings.language")
        langs: list[str | tuple[str, str]] = [(name, code) for code, name in LANGUAGES.items()]
        cur = next(x for x in langs if x[1] == st.language) if st.language in LANGUAGES else langs[0]
        self._w["language"] = add(UIDropDownMenu(langs, cur, pygame.Rect(cx, y, cw, row), ui))
        y += row + gap
        label("settings.fullscreen")
        self._w["fullscreen"] = add(UICheckBox(pygame.Rect(cx, y + (row - cb) // 2, cb, cb), "", ui,
                                               initial_state=bool(app.fullscreen)))
        y += row + gap
        label("settings.window_size")
        sizes: list[str | tuple[str, str]] = [(_size_label(sz), f"{sz[0]}x{sz[1]}") for sz in WINDOW_SIZES]
        cur_size = (st.window_size[0], st.window_size[1])
        if cur_size not in WINDOW_SIZES:
            sizes.append((_size_label(cur_size), f"{cur_size[0]}x{cur_size[1]}"))
        cur_opt = next(x for x in sizes if x[1] == f"{cur_size[0]}x{cur_size[1]}")
        self._w["window_size"] = add(UIDropDownMenu(sizes, cur_opt, pygame.Rect(cx, y, cw, row), ui))
        y += row + gap
        label("settings.ui_scale")
        scales: list[str | tuple[str, str]] = [(f"{p} %", str(p)) for p in UI_SCALES]
        cur_scale = next((x for x in scales if x[1] == str(st.ui_scale)), scales[UI_SCALES.index(100)])
        self._w["ui_scale"] = add(UIDropDownMenu(scales, cur_scale, pygame.Rect(cx, y, cw, row), ui))
        y += row + gap
        label("settings.animation_speed")
        speeds: list[str | tuple[str, str]] = [(tr(f"settings.speed.{sp}"), sp) for sp in SPEEDS]
        cur_sp = next((x for x in speeds if x[1] == st.animation_speed), speeds[1])
        self._w["animation_speed"] = add(UIDropDownMenu(speeds, cur_sp, pygame.Rect(cx, y, cw, row), ui))
        y += row + gap
        label("settings.reduced_motion")
        self._w["reduced_motion"] = add(UICheckBox(pygame.Rect(cx, y + (row - cb) // 2, cb, cb), "", ui,
                                                   initial_state=bool(st.reduced_motion)))
        y += row + gap
        label("settings.volume")
        self._w["volume"] = add(UIHorizontalSlider(pygame.Rect(cx, y, cw, row), int(round(st.volume * 100)),
                                                   (0, 100), ui, click_increment=5))
        y += row + gap
        label("settings.mute")
        self._w["mute"] = add(UICheckBox(pygame.Rect(cx, y + (row - cb) // 2, cb, cb), "", ui,
                                         initial_state=bool(st.mute)))
        y += row + gap
        label("settings.colourblind_markers")
        self._w["colourblind_markers"] = add(UICheckBox(pygame.Rect(cx, y + (row - cb) // 2, cb, cb), "", ui,
                                                        initial_state=bool(st.colourblind_markers)))
        y += row + gap
        label("tutorial.settings.tips")  # first-game tips (dice/table/tips.py)
        self._w["tips"] = add(UICheckBox(pygame.Rect(cx, y + (row - cb) // 2, cb, cb), "", ui,
                                         initial_state=bool(st.tips)))
        y += row + gap
        label("settings.hints")  # the Hint button and H in games (dice/table/hints.py)
        self._w["hints"] = add(UICheckBox(pygame.Rect(cx, y + (row - cb) // 2, cb, cb), "", ui,
                                          initial_state=bool(st.hints)))
        y += row + gap * 3
        self._w["back"] = add(UIButton(pygame.Rect(self._box.centerx - int(150 * s), y, int(300 * s), row),
                                       tr("settings.back"), ui))
        app.request_redraw()

    def set(self, name: str, value: object) -> None:
        """Change one setting, apply it now and save (also used by tests)."""
        st = self.settings
        if getattr(st, name) == value:
            return
        setattr(st, name, value)
        self.app.apply_settings({name})
        ok = self.app.save_settings()
        self.status = "" if ok else tr("settings.save_failed")
        if name in ("language", "window_size", "fullscreen", "ui_scale"):
            self._build()
        self.app.request_redraw()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key) and intent.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if not isinstance(intent, UIEvent):
            return
        ev = intent.event
        el: object = getattr(ev, "ui_element", None)  # the widget (narrowed below to the kind each event has)
        names = {id(v): k for k, v in self._w.items()}
        name = names.get(id(el))
        if name is None:
            return
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and name == "back":
            self.app.pop()
        elif ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and isinstance(el, UIDropDownMenu):
            value = el.selected_option[1] if isinstance(el.selected_option, tuple) else ev.text
            if name == "language":
                self.set("language", value)
            elif name == "window_size":
                ww, hh = (int(v) for v in str(value).split("x"))
                self.set("window_size", (ww, hh))
            elif name == "animation_speed":
                self.set("animation_speed", value)
            elif name == "ui_scale":
                self.set("ui_scale", int(value))
        elif ev.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = ev.type == pygame_gui.UI_CHECK_BOX_CHECKED
            self.set(name, on)
        elif ev.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and name == "volume" and isinstance(el, UIHorizontalSlider):
            self.set("volume", round(float(el.get_current_value()) / 100.0, 2))
            if self.app.sound is not None:
                try:
                    self.app.sound.play("click")
                except Exception:
                    logger.exception("the click sound failed")

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        s = scale_of(size)
        surface.blit(backdrop(size, "none"), (0, 0))
        draw_panel(surface, self._box, s, tr("settings.title"))
        f = art.font(max(12, int(22 * s)), True)
        for key, r in self._labels:
            text = tr(key)
            t = f.render(text, True, palette.INK)
            if t.get_width() > r.w - 8:
                t = art.font(max(10, int(17 * s)), True).render(text, True, palette.INK)
            surface.blit(t, t.get_rect(midleft=(r.x, r.centery)))
            if key == "settings.volume" and self.entered and self.app.settings is not None:
                v = art.font(max(10, int(17 * s))).render(f"{round(self.app.settings.volume * 100)} %", True,
                                                          palette.INK_SOFT)
                surface.blit(v, v.get_rect(midright=(r.right - 10, r.centery)))
        if self.status:
            t = art.font(max(10, int(16 * s))).render(self.status, True, palette.DANGER)
            surface.blit(t, t.get_rect(midbottom=(self._box.centerx, self._box.bottom - 6)))
