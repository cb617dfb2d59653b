"""What the setup screens of both games share: a form of toggles and buttons drawn by code
(:class:`Control`), the guarded text fields made when the form is built and dropped when the
screen is left, and the form's mouse and key handling (Enter starts, Escape goes back)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.intents import Click, Hover, Intent
from tortuga_desktop.shell.scenes import Scene

if TYPE_CHECKING:  # pragma: no cover
    from pygame_gui.core import UIElement

    from tortuga_desktop.shell.scenes.dialogs import SafeTextEntryLine

__all__ = ["Control", "FormScene", "button_face", "common_px", "fit"]


@dataclass
class Control:
    """One clickable thing of a form: a toggle, a button, or a game's own kind (a colour swatch, a
    seat's marker)."""

    name: str  # e.g. "count:3", "kind:1:hard", "colour:2", "starred:hidden", "back", "go"
    label: str
    rect: pygame.Rect
    on: bool = False
    style: str = "toggle"  # "toggle" | "button" | "primary" | a game's own ("swatch", "seat")
    #: a seat's colour drawn beside the label (the dice game's seat numbers)
    colour: int | None = None
    #: the seat a control stands for (1667's seat markers)
    seat: int | None = None


class FormScene(Scene):
    """A form screen. A subclass builds :attr:`controls` and its text fields in :meth:`_build`
    (kept in ``_els``, named in ``_names``, the seed field in ``_seed``), reads the fields back in
    :meth:`_read`, and answers :meth:`press`, :meth:`back` and :meth:`start`."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[Control] = []
        self._els: list[UIElement] = []
        self._names: list[SafeTextEntryLine] = []
        self._seed: SafeTextEntryLine | None = None
        self._hover: str | None = None

    # -- what a form gives --------------------------------------------------------------
    def _build(self) -> None:
        raise NotImplementedError

    def _read(self) -> None:
        raise NotImplementedError

    def press(self, name: str) -> None:
        """Do what the control ``name`` does (clicks, keys and tests): the buttons every setup has
        (``back``, ``host``, ``go``) here, the form's own controls in :meth:`press_own`."""
        if name == "back":
            self.back()
        elif name == "host":
            self.host()
        elif name == "go":
            self.start()
        else:
            self.press_own(name)

    def press_own(self, name: str) -> None:
        raise NotImplementedError

    def host(self) -> None:
        raise NotImplementedError

    def back(self) -> None:
        raise NotImplementedError

    def start(self) -> object:
        raise NotImplementedError

    # -- the scene's life -----------------------------------------------------------------
    def exit(self) -> None:
        self._kill()

    def pause(self) -> None:
        self._read()
        self._kill()

    def resume(self) -> None:
        self._build()
        super().resume()

    def resize(self, size: tuple[int, int]) -> None:
        self._read()
        self._build()

    def retranslate(self) -> None:
        if self._els:
            self._read()
            self._build()

    def _kill(self) -> None:
        for el in self._els:
            el.kill()  # type: ignore[no-untyped-call]  # untyped in pygame_gui
        self._els = []
        self._names = []
        self._seed = None

    def control(self, name: str) -> Control | None:
        return next((c for c in self.controls if c.name == name), None)

    # -- input ------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Click) and intent.button == 1:
            for c in self.controls:
                if c.rect.collidepoint(intent.pos):
                    self.press(c.name)
                    break
            self._redraw()
            return
        if isinstance(intent, Hover):
            hover = next((c.name for c in self.controls if c.rect.collidepoint(intent.pos)), None)
            if hover != self._hover:
                self._hover = hover
                self._redraw()
            return
        if getattr(intent, "event", None) is not None:
            self._redraw()  # a text field changed
            return
        key = getattr(intent, "key", None)
        if key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()

    def _redraw(self) -> None:
        if self.entered:
            self.app.request_redraw()


def button_face(surface: pygame.Surface, c: Control, s: float, rad: int, hover: bool) -> None:
    """The face of a toggle ("toggle": gold when on), a primary button or a plain one, with its shadow."""
    r = c.rect
    if c.style == "toggle":
        fill = palette.GOLD if c.on else (palette.GOLD_LIGHT if hover else palette.PARCHMENT)
        edge = palette.INK if c.on else palette.BRASS_DARK
    elif c.style == "primary":
        fill, edge = (palette.GOLD_LIGHT if hover else palette.GOLD), palette.INK
    else:
        fill, edge = (palette.GOLD_LIGHT if hover else palette.PARCHMENT), palette.BRASS_DARK
    pygame.draw.rect(surface, palette.darken(palette.PARCHMENT_DARK, 0.3), r.move(0, max(2, int(3 * s))),
                     border_radius=rad)
    pygame.draw.rect(surface, fill, r, border_radius=rad)
    pygame.draw.rect(surface, edge, r, max(2, int(3 * s)) if c.on else max(1, int(2 * s)), border_radius=rad)


def common_px(labels: list[str], px: int, width: int) -> int:
    """One size at which every label of a row fits ``width`` (bold)."""
    while px > 10 and any(art.font(px, True).size(t)[0] > width for t in labels):
        px -= 1
    return px


def fit(text: str, px: int, width: int, bold: bool, rgb: palette.RGB) -> pygame.Surface:
    """``text`` rendered at ``px`` or smaller, to fit ``width``."""
    while px > 10 and art.font(px, bold).size(text)[0] > width:
        px -= 1
    return art.font(px, bold).render(text, True, rgb)
