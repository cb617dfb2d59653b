"""Small shared pieces for the overlay screens: a dimmed backdrop, a parchment panel, wrapped
text, a message dialog (:class:`MessageScene`, OK closes it) and the one text field every
screen uses (:func:`text_entry`, a guarded ``UITextEntryLine``)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IUIManagerInterface
from pygame_gui.core.utility import clipboard_paste
from pygame_gui.elements import UITextEntryLine

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent, Key, UIEvent
from tortuga_desktop.shell.layout import screen_scale
from tortuga_desktop.shell.resources import asset_path
from tortuga_desktop.shell.saves import is_visible_char
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chrome import ButtonList, MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

__all__ = ["MessageScene", "ok_cancel", "SafeTextEntryLine", "dim", "draw_panel", "overlay_box", "scale_of", "scale_theme", "text_entry", "wrap",
           "text_lines"]

logger = logging.getLogger(__name__)


class SafeTextEntryLine(UITextEntryLine):
    """A ``UITextEntryLine`` that only ever holds text pygame can draw.

    pygame_gui inserts every typed character into its text layout, which renders it with
    ``pygame.font.Font.render``; a text made only of zero-width characters (U+200B, U+200D,
    U+202E, U+FE0F...) makes that raise ``pygame.error: Text has zero width`` inside the
    event handler, and NUL raises ``ValueError``. This field refuses such characters where
    they come in — each typed character (:meth:`_process_entered_character`), a paste
    (:meth:`_do_paste`: cleaned and cut to the length limit instead of refused) and
    :meth:`set_text` — so the layout never sees them.
    """

    def _char_ok(self, ch: str) -> bool:
        if not is_visible_char(ch):
            return False
        if self.font is None:
            return True
        try:  # the font in use may still draw nothing for it
            return self.font.size(ch)[0] > 0
        except (pygame.error, ValueError, UnicodeError):
            return False

    def _clean(self, text: str) -> str:
        return "".join(c for c in text if self._char_ok(c))

    def _process_entered_character(self, character: str) -> bool:
        if not self._char_ok(character):
            return False
        return bool(super()._process_entered_character(character))

    def validate_text_string(self, text_to_validate: str) -> bool:
        if text_to_validate is None:
            return False
        return all(self._char_ok(c) for c in text_to_validate) and bool(
            super().validate_text_string(text_to_validate))

    def set_text(self, text: str | None) -> None:
        if text is not None:
            text = self._clean(text)
            if self.length_limit is not None:
                text = text[: self.length_limit]
        super().set_text(text)

    def _do_paste(self) -> None:
        if not self.ui_manager.paste_text_enabled or not self.paste_text_enabled:
            return
        try:
            pasted = clipboard_paste()  # type: ignore[no-untyped-call]
        except (pygame.error, UnicodeError) as exc:  # an empty or unreadable clipboard
            logger.info("paste ignored: %s", exc)
            return
        self._insert_clean(pasted if isinstance(pasted, str) else "")

    def paste_text(self, text: str) -> None:
        """Insert ``text`` at the cursor as a paste would (also used by tests)."""
        before = self.text
        self._insert_clean(text)
        if self.text != before:
            self._post_text_event(pygame_gui.UI_TEXT_ENTRY_CHANGED)  # type: ignore[no-untyped-call]

    def _insert_clean(self, text: str) -> None:
        new_text = "".join(c for c in self._clean(text.replace("\n", " ").replace("\t", " "))
                           if self.allowed_characters is None or c in self.allowed_characters)
        if self.forbidden_characters is not None:
            new_text = "".join(c for c in new_text if c not in self.forbidden_characters)
        lo, hi = sorted(self.select_range)
        if hi == lo:
            lo = hi = self.edit_position
        if self.length_limit is not None:
            new_text = new_text[: max(0, self.length_limit - (len(self.text) - (hi - lo)))]
        if not new_text:
            return
        self.set_text(self.text[:lo] + new_text + self.text[hi:])
        self.edit_position = lo + len(new_text)
        self.select_range = [0, 0]
        if self.drawable_shape is not None and self.drawable_shape.text_box_layout is not None:
            layout: Any = self.drawable_shape.text_box_layout  # pygame_gui leaves these untyped
            layout.set_cursor_position(self.edit_position)
            shape: Any = self.drawable_shape
            shape.apply_active_text_changes()


def text_entry(rect: pygame.Rect, manager: IUIManagerInterface, *, initial_text: str | None = None,
               placeholder_text: str | None = None, length_limit: int | None = None) -> SafeTextEntryLine:
    """The text field for every screen (a :class:`SafeTextEntryLine`)."""
    entry = SafeTextEntryLine(rect, manager, placeholder_text=placeholder_text)
    if length_limit is not None:
        entry.set_text_length_limit(length_limit)
    if initial_text:
        entry.set_text(initial_text)
    return entry


def scale_of(size: tuple[int, int]) -> float:
    """The scale of an overlay screen: the window's, times the player's UI scale, kept
    within what fits (:func:`..layout.screen_scale`)."""
    return screen_scale(size)


def scale_theme(ui: pygame_gui.UIManager, size: tuple[int, int]) -> bool:
    """Load the project's pygame_gui theme with its fonts at the scale of the screens
    (:func:`scale_of`: window and UI scale), so widgets grow with the window like the rest.
    Returns True when the theme was (re)loaded; widgets built afterwards use it."""

    s = round(scale_of(size), 2)
    if getattr(ui, "_tortuga_theme_scale", None) == s:
        return False
    data = json.loads(asset_path("theme", "ui_theme.json").read_text(encoding="utf-8"))
    base_font = data.get("defaults", {}).get("font")
    for kind in ("text_entry_line", "horizontal_slider", "selection_list", "text_box"):
        block = data.setdefault(kind, {})  # widgets without their own font get a scaled copy
        if isinstance(base_font, dict) and "font" not in block:
            block["font"] = dict(base_font)
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(max(11, round(int(font["size"]) * s)))
    ui.get_theme().load_theme(data)
    setattr(ui, "_tortuga_theme_scale", s)  # noqa: B010 - our own mark on pygame_gui's manager (not its attribute)
    return True


def dim(surface: pygame.Surface, alpha: int = 160) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((10, 20, 30, alpha))
    surface.blit(veil, (0, 0))


def overlay_box(surface: pygame.Surface) -> tuple[pygame.Rect, float]:
    """A large panel over a scene: the scene dimmed, and the panel's box (centred, up to 1300 px at
    the window's scale, the window's height less a margin) with the scale."""
    w, h = surface.get_size()
    s = scale_of((w, h))
    dim(surface, 120)
    box = pygame.Rect(0, 0, min(w - 40, int(1300 * s)), h - max(40, int(80 * s)))
    box.center = (w // 2, h // 2)
    return box, s


def draw_panel(surface: pygame.Surface, box: pygame.Rect, s: float, title: str | None = None) -> int:
    """A parchment panel with an optional title; returns the y below the title."""
    r = max(6, int(18 * s))
    pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, box, border_radius=r)
    pygame.draw.rect(surface, palette.BRASS_DARK, box, max(2, int(4 * s)), border_radius=r)
    y = box.y + int(14 * s)
    if title:
        f = art.font(max(14, int(34 * s)), True)
        t = f.render(title, True, palette.INK)
        if t.get_width() > box.w - int(30 * s):
            f = art.font(max(12, int(26 * s)), True)
            t = f.render(title, True, palette.INK)
        surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
        y += t.get_height() + int(8 * s)
    return y


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Word-wrap ``text`` (keeps explicit line breaks)."""
    out: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split(" "):
            cand = word if not cur else cur + " " + word
            if font.size(cand)[0] > width and cur:
                out.append(cur)
                cur = word
            else:
                cur = cand
        out.append(cur)
    return out


def text_lines(surface: pygame.Surface, lines: list[str], font: pygame.font.Font, pos: tuple[int, int],
               colour: tuple[int, int, int] = palette.INK, gap: int = 2) -> int:
    x, y = pos
    for ln in lines:
        if ln:
            surface.blit(font.render(ln, True, colour), (x, y))
        y += font.get_linesize() + gap
    return y


class MessageScene(Scene):
    """A message with an OK button over whatever is below (Enter, Space, Esc or a click close it)."""

    opaque = False
    name = "message"

    def __init__(self, title: str, text: str, on_close: Callable[[], None] | None = None, *,
                 ok_label: str | None = None, cancel_label: str | None = None,
                 on_cancel: Callable[[], None] | None = None) -> None:
        """``on_close`` runs after OK; with ``cancel_label`` a second button (and Esc) closes
        the dialog and runs ``on_cancel`` instead."""
        super().__init__()
        self.title = title
        self.text = text
        self.on_close = on_close
        self.on_cancel = on_cancel
        self.ok_label = ok_label
        self.cancel_label = cancel_label
        items = [MenuItem(ok_label or tr("menu.ok"), self.close)]
        if cancel_label is not None:
            items.append(MenuItem(cancel_label, self.cancel))
        self.buttons = ButtonList(items)
        self._box = pygame.Rect(0, 0, 0, 0)

    def enter(self, app: App) -> None:
        super().enter(app)
        self.resize(app.size)

    def retranslate(self) -> None:
        if self.ok_label is None:
            self.buttons.items[0].label = tr("menu.ok")

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = scale_of(size)
        self._box = pygame.Rect(0, 0, min(w - 40, int(820 * s)), int(360 * s))
        self._box.center = (w // 2, h // 2)
        self._layout_buttons(s)

    def _layout_buttons(self, s: float) -> None:
        n = len(self.buttons.items)
        top = self._box.bottom - int(80 * s) - (n - 1) * int(66 * s)
        self.buttons.layout(self._box.centerx, top, int(300 * s), int(56 * s), int(10 * s))

    def cancel(self) -> None:
        if self.entered and self.app.top is self:
            self.app.pop()
        if self.on_cancel is not None:
            self.on_cancel()

    def close(self) -> None:
        if self.entered and self.app.top is self:
            self.app.pop()
        if self.on_close is not None:
            self.on_close()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key) and intent.key == pygame.K_ESCAPE and self.cancel_label is not None:
            self.cancel()
            return
        if isinstance(intent, Key) and intent.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                      pygame.K_SPACE) and self.cancel_label is None:
            self.close()
            return
        if isinstance(intent, Click) and intent.button == 1 and not self._box.collidepoint(intent.pos):
            return
        if self.buttons.handle(intent):
            self.app.request_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        s = scale_of(surface.get_size())
        dim(surface)
        f = art.font(max(12, int(22 * s)))
        lines = wrap(self.text, f, self._box.w - int(60 * s))
        extra = (len(self.buttons.items) - 1) * int(66 * s)
        need = int(14 * s) + int(60 * s) + len(lines) * (f.get_linesize() + 2) + int(120 * s) + extra
        if need > self._box.h:
            c = self._box.center
            self._box.h = min(surface.get_height() - 20, need)
            self._box.center = c
            self._layout_buttons(s)
        y = draw_panel(surface, self._box, s, self.title)
        text_lines(surface, lines, f, (self._box.x + int(30 * s), y + int(6 * s)))
        self.buttons.draw(surface, int(26 * s))


def ask_close_table(on_close: Callable[[], None], on_keep: Callable[[], None] | None = None) -> MessageScene:
    """The host's question before its table closes (leaving the lobby, or the table mid-game):
    "Close the table for everyone?" — *Close the table* runs ``on_close``, *Keep playing* (or
    Esc) ``on_keep``."""
    return MessageScene(tr("net.close.title"), tr("net.close.ask"), on_close, ok_label=tr("net.close.yes"),
                        cancel_label=tr("net.close.no"), on_cancel=on_keep)


def ok_cancel(app: App, intent: Intent, ok: object, cancel: object, on_ok: Callable[[], object]) -> None:
    """The keys and buttons of a small OK/Cancel dialog: Esc or the ``cancel`` button closes it
    (pops the top scene), Enter or the ``ok`` button calls ``on_ok``."""
    if isinstance(intent, Key):
        if intent.key == pygame.K_ESCAPE:
            app.pop()
        elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            on_ok()
        return
    if isinstance(intent, UIEvent) and intent.event.type == pygame_gui.UI_BUTTON_PRESSED:
        el = getattr(intent.event, "ui_element", None)
        if el is ok:
            on_ok()
        elif el is cancel:
            app.pop()
