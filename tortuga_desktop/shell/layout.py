"""Layout for any window size: the design canvas, the player's UI scale, text wrapping, and the layout reports.

Everything is designed on a 1600 x 900 canvas and scaled uniformly by
``s = min(W / 1600, H / 900)``; the canvas is centred in the window and the margins show
the wooden table.  Fonts are rendered at the scaled size, so text stays crisp at 4K.

Two factors on top of ``s`` (issue 18):

* the player's **UI scale** (Settings → "Interface size", 80-150 %, :func:`set_ui_scale`)
  multiplies text and the pieces in panels (dice and chips of the decision panel, overlay
  screens via :func:`screen_scale`);
* text never shrinks below :data:`READABLE_S` of its design size, so at 1280 x 720 (s = 0.8)
  it stays readable (:func:`text_factor`).

A game's own table geometry is the game's (the dice game's: :mod:`tortuga_desktop.games.dice.table.layout`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

DESIGN_W, DESIGN_H = 1600, 900
#: text is never drawn smaller than this fraction of its design size
READABLE_S = 0.92
#: the UI scale the player may choose (percent)
UI_SCALE_RANGE = (80, 150)
#: the player's UI scale as a factor (1.0 = 100 %); see :func:`set_ui_scale`
_UI_SCALE = [1.0]
#: how far text may grow beyond the window's own scale (so it still fits its boxes)
_TEXT_GROWTH = 1.25


def set_ui_scale(percent: float) -> float:
    """Set the UI scale (percent, clamped to :data:`UI_SCALE_RANGE`); returns the factor."""
    lo, hi = UI_SCALE_RANGE
    _UI_SCALE[0] = max(lo, min(hi, float(percent))) / 100.0
    return _UI_SCALE[0]


def ui_scale() -> float:
    """The UI scale as a factor (0.8 .. 1.5)."""
    return _UI_SCALE[0]


#: screen font px / window-scaled px of the table renderer's text (``t / s`` of its layout)
_TEXT_BOOST = [1.0]


def set_text_boost(boost: float) -> bool:
    """Set the table text boost (``TableLayout.t / TableLayout.s``); True when it changed
    (cached text must then be rendered again)."""
    b = round(boost, 4)
    if b == _TEXT_BOOST[0]:
        return False
    _TEXT_BOOST[0] = b
    return True


def text_boost() -> float:
    """The table text boost set last (:func:`set_text_boost`)."""
    return _TEXT_BOOST[0]


def boosted_px(px: int) -> int:
    """A window-scaled text size (``L.px(v)``) as the font size to render: readable and
    times the UI scale (:func:`text_factor`)."""
    return max(8, round(px * _TEXT_BOOST[0]))


def window_scale(size: tuple[int, int]) -> float:
    """How much the 1600 x 900 design is scaled to fit a window of ``size``."""
    return min(size[0] / DESIGN_W, size[1] / DESIGN_H)


def text_factor(s: float) -> float:
    """Design text px -> screen px for a window scale ``s``: readable at small windows,
    times the UI scale, and never so big that it leaves its (``s``-scaled) box."""
    return min(max(s, READABLE_S) * ui_scale(), max(s * _TEXT_GROWTH, READABLE_S))


#: design width of the decision panel (the table's prompt rect)
PROMPT_W = 342


def _units(text: str) -> list[str]:
    """The words of ``text`` (any whitespace separates them), a percent sign kept with its
    number ("32 %" never breaks across two lines, issue 23) and an arrow with both its ends
    ("2 -> 1")."""
    out: list[str] = []
    glue = False  # the previous word was an arrow: this one joins it
    for word in text.split():
        if out and (glue or word[:1] == "%" or word == "->"):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
        glue = word == "->"
    return out


def wrap_words(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap of ``text`` (any whitespace separates words) to ``width`` pixels of
    ``font``; a word wider than ``width`` gets a line of its own; a "%" stays with its number.
    No words: no lines."""
    units = _units(text)
    whole = " ".join(units)
    if units and font.size(whole)[0] <= width:  # it fits: one measurement, not one per word
        return [whole]
    lines: list[str] = []
    cur = ""
    for word in units:
        trial = f"{cur} {word}" if cur else word
        if cur and font.size(trial)[0] > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def wrap_lines(text: str, font: pygame.font.Font, width: int, max_lines: int) -> list[str]:
    """:func:`wrap_words` kept to ``max_lines`` lines; when text is left out, the last line ends
    in an ellipsis (words dropped until it fits) so a cut sentence does not look complete."""
    lines = wrap_words(text, font, width)
    if len(lines) <= max_lines:
        return lines
    lines = lines[:max_lines]
    words = lines[-1].split()
    while len(words) > 1 and font.size(" ".join(words) + " …")[0] > width:
        words.pop()
    lines[-1] = " ".join(words) + " …"
    return lines


def panel_px(rect: pygame.Rect, v: float) -> int:
    """A design size inside the decision panel ``rect`` in screen pixels: the panel's own
    scale (its width against the design), readable and times the UI scale, and never more
    than a tenth of the panel's height for text-sized things."""
    k = rect.w / PROMPT_W
    return max(10, min(round(v * text_factor(k)), max(10, rect.h // 10) if v < 30 else rect.h))


def screen_scale(size: tuple[int, int]) -> float:
    """The scale of the overlay screens (menus, dialogs, settings...) for a window: the
    window's scale times the UI scale, at least 0.6, and capped so a screen designed for
    the 1600 x 900 canvas still fits (at most the scale of a 1400 x 800 design)."""
    base = max(0.6, window_scale(size)) * ui_scale()
    return max(0.5, min(base, size[0] / 1400, size[1] / 800))

__all__ = ["DESIGN_H", "DESIGN_W", "READABLE_S", "UI_SCALE_RANGE", "boosted_px", "panel_px", "wrap_lines", "wrap_words",
           "set_text_boost", "text_boost", "screen_scale", "set_ui_scale", "text_factor", "ui_scale", "window_scale"]


# -- layout reports (what the layout tests check) -------------------------------------------


@dataclass
class LayoutReport:
    """Where a screen puts things, for the layout tests (issue 18): text must stay inside
    the smallest box around it and no two interactive things may overlap."""

    #: rects text is drawn in: panels, buttons, fields, labels (the screen is implied)
    boxes: list[pygame.Rect] = field(default_factory=list)
    #: what can be clicked, by name (pairwise disjoint)
    interactive: list[tuple[str, pygame.Rect]] = field(default_factory=list)

    def add(self, name: str, rect: pygame.Rect, *, click: bool = True) -> None:
        """A box, and (``click``) an interactive thing."""
        r = pygame.Rect(rect)
        if r.w <= 0 or r.h <= 0:
            return
        self.boxes.append(r)
        if click:
            self.interactive.append((name, r))


#: attributes screens commonly keep their clickable rects in (for screens without a report)
_CLICK_ATTRS = ("_button", "_back", "_close", "_cancel_rect", "_ok_rect")
_CLICK_LISTS = ("_items", "_toc")
_CLICK_DICTS = ("_buttons", "_tabs")
_BOX_ATTRS = ("_box", "_panel", "_view")


def report_of(scene: object, ui: object = None) -> LayoutReport:
    """The layout report of ``scene``: its own ``layout_report()`` when it has one, else what
    its usual rect attributes and button lists say; plus the pygame_gui widgets of ``ui``."""
    own = getattr(scene, "layout_report", None)
    rep = own() if callable(own) else LayoutReport()
    if not callable(own):
        for name in _BOX_ATTRS:
            r = getattr(scene, name, None)
            if isinstance(r, pygame.Rect) and r.w > 0:
                rep.boxes.append(r)
        for name in _CLICK_ATTRS:
            r = getattr(scene, name, None)
            if isinstance(r, pygame.Rect):
                rep.add(name, r)
        for name in _CLICK_LISTS:
            rs = getattr(scene, name, None)
            if isinstance(rs, list):
                for i, r in enumerate(rs):
                    if isinstance(r, pygame.Rect):
                        rep.add(f"{name}[{i}]", r)
        for name in _CLICK_DICTS:
            d = getattr(scene, name, None)
            if isinstance(d, dict):
                for k, r in d.items():
                    if isinstance(r, pygame.Rect):
                        rep.add(f"{name}[{k}]", r)
        buttons = getattr(scene, "buttons", None)
        for i, r in enumerate(getattr(buttons, "rects", []) or []):
            rep.add(f"button[{i}]", r)
    if ui is not None:
        root = ui.get_root_container()  # type: ignore[attr-defined]
        for el in list(getattr(root, "elements", [])):
            if getattr(el, "visible", True) and type(el).__name__ != "UIContainer":
                rep.add(type(el).__name__, el.rect)
    return rep


__all__ += ["LayoutReport", "report_of"]
