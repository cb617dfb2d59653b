"""Table layout: where everything goes, for any window size.

Everything is designed on a 1600 x 900 canvas and scaled uniformly by
``s = min(W / 1600, H / 900)``; the canvas is centred in the window and the margins show
the wooden table.  Fonts are rendered at the scaled size, so text stays crisp at 4K.

Seats sit clockwise around the table: seat 0 bottom-left, 1 top-left, 2 top-right,
3 bottom-right (2 players: bottom-left and top-left; 3 players: bottom-left, top-left,
top-right).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

DESIGN_W, DESIGN_H = 1600, 900
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
        self.ox = (w - DESIGN_W * self.s) / 2
        self.oy = (h - DESIGN_H * self.s) / 2
        self.canvas = self.r(0, 0, DESIGN_W, DESIGN_H)
        self.log = self.r(1250, 8, 342, 592 if self.human_panel else 884)
        #: free area for the human decision panel (engineer H's DecisionUI)
        self.prompt_rect = self.r(1250, 608, 342, 284) if self.human_panel else self.r(1250, 892, 342, 0)
        self.middle = self.r(8, 334, 1234, 232)
        self.phase = self.r(16, 342, 250, 216)
        self.island = self.r(318, 338, 614, 224)
        self.supply = self.r(430, 410, 92, 86)
        self.center = self.r(545, 406, 184, 92)
        self.center_slots = [self.r(556 + i * 34, 448, 30, 30) for i in range(5)]
        self.bag = self.r(948, 342, 286, 216)
        self.bag_icon = self.r(958, 372, 120, 120)
        self.bag_counts = [self.r(1092, 356 + i * 39, 134, 34) for i in range(5)]
        self.pool = self.r(318, 338, 614, 224)
        self.pool_tiles = self._pool_positions()
        self.boards = [self._board(i) for i in range(self.players)]

    # -- helpers -------------------------------------------------------------------------

    def px(self, v: float) -> int:
        """A design length in screen pixels (at least 1)."""
        return max(1, round(v * self.s))

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x0 = round(self.ox + x * self.s)
        y0 = round(self.oy + y * self.s)
        x1 = round(self.ox + (x + w) * self.s)
        y1 = round(self.oy + (y + h) * self.s)
        return pygame.Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))

    def seat_origin(self, seat: int) -> tuple[int, int]:
        spots = {2: [(8, 574), (8, 8)], 3: [(8, 574), (8, 8), (627, 8)], 4: [(8, 574), (8, 8), (627, 8), (627, 574)]}
        return spots.get(self.players, spots[4])[seat]

    def _pool_positions(self) -> list[pygame.Rect]:
        # 30 face-down tiles on a ring around the island, biggest gaps last.
        import math

        out = []
        cx, cy, rx, ry = 625, 450, 262, 92
        for i in range(30):
            a = math.pi * (0.62 + 1.76 * i / 29)
            x = cx + rx * math.cos(a) - 12
            y = cy + ry * math.sin(a) * (1 if i % 2 else 0.86) - 12
            out.append(self.r(x, y, 24, 24))
        return out

    def _board(self, seat: int) -> BoardLayout:
        bx, by = self.seat_origin(seat)

        def R(x: float, y: float, w: float, h: float) -> pygame.Rect:
            return self.r(bx + x, by + y, w, h)

        track_rows, track_label, track_boxes, capacity = {}, {}, {}, {}
        for j, name in enumerate(("boat", "pirate")):
            y = 42 + j * 32
            track_rows[name] = R(8, y, 392, 28)
            track_label[name] = R(10, y, 28, 28)
            track_boxes[name] = [R(42 + k * 37, y + 1, 34, 26) for k in range(8)]
            capacity[name] = R(342, y, 56, 28)
        tray = R(408, 40, 195, 62)
        tray_slots = [R(413 + k * 37, 52, 34, 34) for k in range(5)]
        actions, icons, dice, bonus, totals = [], [], [], [], []
        for a in range(5):
            x = 8 + a * 120
            actions.append(R(x, 108, 115, 98))
            icons.append(R(x + 6, 113, 34, 34))
            bonus.append(R(x + 80, 114, 28, 28))
            totals.append(R(x + 44, 116, 32, 22))
            dice.append([R(x + 4 + k * 22, 160 + (0 if k < 5 else 0), 21, 21) for k in range(5)])
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


__all__ = ["AREA_NAMES", "BoardLayout", "DESIGN_H", "DESIGN_W", "TableLayout"]
