"""The dice game's table layout: where its boards, tracks, chests, dice and panels go, for any window size.

Designed on the shell's 1600 x 900 canvas and scaled uniformly by ``s = min(W / 1600, H / 900)`` (the
canvas centred in the window; the margins show the wooden table), with the shell's UI scale and text
floor on top (:mod:`tortuga_desktop.shell.layout`). Seats sit clockwise around the table: seat 0
bottom-left, 1 top-left, 2 top-right, 3 bottom-right (2 players: bottom-left and top-left; 3 players:
bottom-left, top-left, top-right). :func:`table_report` is what the layout tests check of it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from tortuga_desktop.shell.layout import DESIGN_H, DESIGN_W, READABLE_S, LayoutReport, text_factor, ui_scale

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




__all__ = ["AREA_GRID", "AREA_NAMES", "BOARD_H", "BOARD_W", "CHEST", "CHEST_STEP", "BoardLayout", "PanelPlaces", "TableLayout",
           "table_report"]
