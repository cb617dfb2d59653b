"""Table layout: where everything goes, for any window size.

Everything is designed on a 1600 x 900 canvas and scaled uniformly by
``s = min(W / 1600, H / 900)``; the canvas is centred in the window and the margins show
the wooden table.  Fonts are rendered at the scaled size, so text stays crisp at 4K.

Two factors on top of ``s`` (issue 18):

* the player's **UI scale** (Settings → "Interface size", 80-150 %, :func:`set_ui_scale`)
  multiplies text and the pieces in panels (dice and chips of the decision panel, overlay
  screens via :func:`screen_scale`);
* text never shrinks below :data:`READABLE_S` of its design size, so at 1280 x 720 (s = 0.8)
  it stays readable (:meth:`TableLayout.fpx`, :func:`text_factor`).

Seats sit clockwise around the table: seat 0 bottom-left, 1 top-left, 2 top-right,
3 bottom-right (2 players: bottom-left and top-left; 3 players: bottom-left, top-left,
top-right).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

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

BOARD_W, BOARD_H = 611, 318
AREA_NAMES = ("tortuga", "fleet", "crew", "island")
#: chest slots drawn per area row x rows (design)
AREA_GRID = {"tortuga": (6, 2), "fleet": (4, 1), "crew": (4, 1), "island": (3, 2)}
CHEST = 29
CHEST_STEP = 31


@dataclass
class BoardLayout:
    """Screen rects of one player board."""

    rect: pygame.Rect
    header: pygame.Rect
    name: pygame.Rect
    kind: pygame.Rect
    tiles: pygame.Rect
    start_token: pygame.Rect
    score: pygame.Rect
    track_rows: dict[str, pygame.Rect]
    track_label: dict[str, pygame.Rect]
    track_boxes: dict[str, list[pygame.Rect]]
    capacity: dict[str, pygame.Rect]
    tray: pygame.Rect
    tray_slots: list[pygame.Rect]
    actions: list[pygame.Rect]
    action_icons: list[pygame.Rect]
    action_dice: list[list[pygame.Rect]]
    bonus: list[pygame.Rect]
    totals: list[pygame.Rect]
    areas: dict[str, pygame.Rect]
    area_slots: dict[str, list[pygame.Rect]]
    #: the action names under the icons (one row across each action space)
    action_labels: list[pygame.Rect] = field(default_factory=list)


@dataclass
class TableLayout:
    size: tuple[int, int]
    players: int
    human_panel: bool = False
    s: float = field(init=False)
    ox: float = field(init=False)
    oy: float = field(init=False)

    def __post_init__(self) -> None:
        w, h = self.size
        self.s = min(w / DESIGN_W, h / DESIGN_H)
        #: design text px -> screen px (see :func:`text_factor`)
        self.t = text_factor(self.s)
        #: the UI scale this layout was made with
        self.ui = ui_scale()
        self.ox = (w - DESIGN_W * self.s) / 2
        self.oy = (h - DESIGN_H * self.s) / 2
        self.canvas = self.r(0, 0, DESIGN_W, DESIGN_H)
        # The decision panel grows with its text (readable minimum, UI scale); the log gives way.
        grow = max(1.0, self.t / self.s, READABLE_S / self.s)  # text floors count too (small windows)
        ph = min(450, round(284 * grow ** 2))
        self.log = self.r(1250, 8, 342, 884 - ph - 8 if self.human_panel else 884)
        #: free area for the human decision panel (human.DecisionPanel)
        self.prompt_rect = self.r(1250, 892 - ph, 342, ph) if self.human_panel else self.r(1250, 892, 342, 0)
        #: the center island (R0.4); a 2-player game has none (R6.2: its chests go to the bag)
        self.has_center = self.players > 2
        #: how much bigger than the design a board is drawn: 1, or with two players (two boards
        #: on the left, the middle as a column on the right) as tall as the table allows
        self.board_k = 1.0
        if self.players == 2:
            self._two_player_middle()
        else:
            self.middle = self.r(8, 334, 1234, 232)
            self.phase = self.r(16, 342, 250, 216)
            self.island = self.r(318, 338, 614, 224)
            self.supply = self.r(430, 410, 92, 86)
            self.center = self.r(522, 398, 226, 104)
            self.center_slots = [self.r(534 + i * 41, 446, 37, 37) for i in range(5)]
            self.bag = self.r(948, 342, 286, 216)
            self.bag_icon = self.r(958, 372, 120, 120)
            self.bag_counts = [self.r(1092, 356 + i * 39, 134, 34) for i in range(5)]
            self.pool = self.r(318, 338, 614, 224)
            self.pool_tiles = self._pool_positions(625, 450, 268, 90)
        self.boards = [self._board(i) for i in range(self.players)]

    def _two_player_middle(self) -> None:
        """Two players (issue 23: ~40 % of the window was empty wood): both boards on the left,
        scaled up to the table's height, and the phase, the tile pool and the bag in a column
        between them and the log."""
        self.board_k = (884 - 8) / (2 * BOARD_H)
        left = 8 + BOARD_W * self.board_k + 8
        mw = 1242 - left
        self.middle = self.r(left, 8, mw, 884)
        self.phase = self.r(left + 8, 16, mw - 16, 216)
        iw = mw - 16
        ih = iw * 224 / 614
        cx, cy = left + mw / 2, 8 + 884 / 2 - 8
        self.island = self.r(cx - iw / 2, cy - ih / 2, iw, ih)
        self.supply = self.r(cx - 46, cy + ih / 2 + 2, 92, 86)  # under the island, inside the ring
        self.center = self.r(cx, cy, 0, 0)  # no center island with two players (R6.2)
        self.center_slots = []
        bx = cx - 286 / 2
        by = 892 - 8 - 216
        self.bag = self.r(bx, by, 286, 216)
        self.bag_icon = self.r(bx + 10, by + 30, 120, 120)
        self.bag_counts = [self.r(bx + 144, by + 14 + i * 39, 134, 34) for i in range(5)]
        self.pool = self.r(left + 8, 240, iw, by - 248)
        radius = min(iw / 2 - 16, (by - 240) / 2 - 22)
        self.pool_tiles = self._pool_positions(cx, cy, radius, radius, zigzag=False)

    # -- helpers -------------------------------------------------------------------------

    def px(self, v: float) -> int:
        """A design length in screen pixels (at least 1)."""
        return max(1, round(v * self.s))

    def fpx(self, v: float) -> int:
        """A design font size in screen pixels (readable, times the UI scale)."""
        return max(8, round(v * self.t))

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x0 = round(self.ox + x * self.s)
        y0 = round(self.oy + y * self.s)
        x1 = round(self.ox + (x + w) * self.s)
        y1 = round(self.oy + (y + h) * self.s)
        return pygame.Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))

    def seat_origin(self, seat: int) -> tuple[float, float]:
        if self.players == 2:
            return [(8.0, 8 + BOARD_H * self.board_k + 8), (8.0, 8.0)][seat]
        spots = {3: [(8, 574), (8, 8), (627, 8)], 4: [(8, 574), (8, 8), (627, 8), (627, 574)]}
        x, y = spots.get(self.players, spots[4])[seat]
        return float(x), float(y)

    def _pool_positions(self, cx: float, cy: float, rx: float, ry: float, *, zigzag: bool = True) -> list[pygame.Rect]:
        # 30 face-down tiles on a ring around the island, biggest gaps last (a flat ring zigzags).

        out = []
        t = 29
        for i in range(30):
            a = math.pi * (0.62 + 1.76 * i / 29)
            x = cx + rx * math.cos(a) - t / 2
            y = cy + ry * math.sin(a) * (1 if i % 2 or not zigzag else 0.84) - t / 2
            out.append(self.r(x, y, t, t))
        return out

    def _board(self, seat: int) -> BoardLayout:
        bx, by = self.seat_origin(seat)
        k = self.board_k

        def R(x: float, y: float, w: float, h: float) -> pygame.Rect:
            return self.r(bx + x * k, by + y * k, w * k, h * k)

        track_rows, track_label, track_boxes, capacity = {}, {}, {}, {}
        for j, name in enumerate(("boat", "pirate")):
            y = 42 + j * 32
            track_rows[name] = R(8, y, 392, 28)
            track_label[name] = R(10, y, 28, 28)
            track_boxes[name] = [R(42 + k * 37, y + 1, 34, 26) for k in range(8)]
            capacity[name] = R(342, y, 56, 28)
        tray = R(408, 40, 195, 62)
        tray_slots = [R(413 + k * 37, 52, 34, 34) for k in range(5)]
        actions, icons, dice, bonus, totals, labels = [], [], [], [], [], []
        for a in range(5):
            x = 8 + a * 120
            actions.append(R(x, 108, 115, 98))
            icons.append(R(x + 5, 111, 31, 31))
            bonus.append(R(x + 83, 112, 28, 28))
            totals.append(R(x + 41, 115, 36, 24))
            labels.append(R(x + 3, 140, 109, 18))  # tall enough for accents (issue 23)
            # Big dice: four in a row under the name, a fifth starts a second row.
            dice.append([R(x + 4 + (k % 4) * 27, 157 + (k // 4) * 24, 25, 25) for k in range(5)])
        areas, slots = {}, {}
        x = 8
        widths = {"tortuga": 194, "fleet": 132, "crew": 132, "island": 101}
        for name in AREA_NAMES:
            w = widths[name]
            areas[name] = R(x, 212, w, 98)
            cols, rows = AREA_GRID[name]
            slots[name] = [R(x + 5 + c * CHEST_STEP, 234 + rr * 36, CHEST, CHEST) for rr in range(rows) for c in range(cols)]
            x += w + 6
        return BoardLayout(
            rect=R(0, 0, BOARD_W, BOARD_H),
            header=R(0, 0, BOARD_W, 36),
            name=R(40, 4, 230, 28),
            kind=R(272, 6, 120, 24),
            tiles=R(396, 5, 104, 26),
            start_token=R(502, 4, 28, 28),
            score=R(536, 5, 68, 26),
            track_rows=track_rows,
            track_label=track_label,
            track_boxes=track_boxes,
            capacity=capacity,
            tray=tray,
            tray_slots=tray_slots,
            actions=actions,
            action_icons=icons,
            action_dice=dice,
            bonus=bonus,
            totals=totals,
            areas=areas,
            area_slots=slots,
            action_labels=labels,
        )

    def chest_slot(self, seat: int, area: str, index: int, count: int) -> pygame.Rect:
        """Where chest ``index`` of ``count`` sits in an area (compresses when over-full)."""
        b = self.boards[seat]
        slots = b.area_slots[area]
        if count <= len(slots):
            return slots[index]
        cols, rows = AREA_GRID[area]
        per_row = -(-count // rows)
        row, col = divmod(index, per_row)
        area_rect = b.areas[area]
        inner_w = area_rect.w - self.px(10) - slots[0].w
        step = inner_w / max(1, per_row - 1)
        first = slots[row * cols] if row * cols < len(slots) else slots[0]
        return pygame.Rect(round(area_rect.x + self.px(5) + col * step), first.y, first.w, first.h)

    def tile_slot(self, seat: int, index: int, count: int) -> pygame.Rect:
        b = self.boards[seat].tiles
        size = b.h - self.px(4)
        step = min(size + self.px(2), (b.w - size) / max(1, count - 1)) if count > 1 else 0
        return pygame.Rect(round(b.x + index * step), b.y + self.px(2), size, size)


__all__ = ["AREA_NAMES", "BoardLayout", "DESIGN_H", "DESIGN_W", "READABLE_S", "TableLayout", "UI_SCALE_RANGE", "boosted_px", "panel_px", "wrap_lines", "wrap_words",
           "set_text_boost", "text_boost",
           "screen_scale", "set_ui_scale", "text_factor", "ui_scale", "window_scale"]


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


class _Named(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def rect(self) -> pygame.Rect: ...


class PanelPlaces(Protocol):
    """Where a decision panel put its parts (``human.DecisionPanel`` is one)."""

    @property
    def rect(self) -> pygame.Rect: ...

    @property
    def item_rects(self) -> Sequence[pygame.Rect]: ...

    @property
    def buttons(self) -> Sequence[_Named]: ...


def table_report(L: TableLayout, decision: PanelPlaces | None = None, view: object = None) -> LayoutReport:
    """The table's report: every layout rect is a box; the hit targets that are not parts of
    another target are interactive (a bonus space belongs to its action space, a capacity
    label to its track); the decision panel's options and buttons too."""
    rep = LayoutReport()
    for i, b in enumerate(L.boards):
        for r in (b.rect, b.header, b.name, b.kind, *b.totals, *b.bonus, *b.action_labels,
                  *b.capacity.values(), *b.track_label.values(), *b.action_icons):
            rep.add("", r, click=False)
        for kind, boxes in b.track_boxes.items():
            for r in boxes:
                rep.add("", r, click=False)
            rep.add(f"track {i} {kind}", b.track_rows[kind])
        for a, dice in enumerate(b.action_dice):
            for r in dice:
                rep.add("", r, click=False)
            rep.add(f"action {i} {a}", b.actions[a])
        for name, r in b.areas.items():
            rep.add(f"area {i} {name}", r)
            for slot in b.area_slots[name]:
                rep.add("", slot, click=False)
        seat = getattr(view, "seats", None)
        roll = getattr(seat[i], "roll", None) if seat is not None else None
        if roll is not None and any(f is not None for f in roll):  # dice in the tray
            for k, r in enumerate(b.tray_slots):
                rep.add(f"die {i} {k}", r)
        else:  # the screen (or an empty tray)
            rep.add(f"screen {i}", b.tray)
        rep.add(f"tiles {i}", b.tiles)
        rep.add(f"start {i}", b.start_token)
        rep.add(f"score {i}", b.score)
    for r in (L.canvas, L.middle, L.phase, L.island, L.bag_icon, *L.bag_counts, L.log, L.prompt_rect):
        rep.add("", r, click=False)
    rep.add("supply", L.supply)
    if L.has_center:
        rep.add("center", L.center, click=False)
    for k, r in enumerate(L.center_slots):
        rep.add(f"center {k}", r)
    rep.add("bag", L.bag, click=False)
    if decision is not None:
        rep.add("", decision.rect, click=False)
        for k, r in enumerate(decision.item_rects):
            rep.add(f"option {k}", r)
        for b_ in decision.buttons:
            rep.add(f"button {b_.name}", b_.rect)
    return rep


__all__ += ["table_report"]
