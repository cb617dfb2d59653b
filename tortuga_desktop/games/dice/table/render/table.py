"""TableRenderer: draws the whole game table from a player view.

``draw(surface, view, anim)`` paints a cached static layer (wood, sea, board frames,
labels) and then the state: tokens, dice, chests, tiles, counts, the log, the phase
indicator, and finally the motions of the current animation timeline.  Everything drawn
comes from the *view* (R9), so private things are absent, not merely hidden.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.games.dice.rules import DIE_LETTERS, DIE_VALUES, PlayerView, SeatView, capacity
from tortuga_desktop.games.dice.rules.scoring import score_seat
from tortuga_desktop.games.dice.table import pictures
from tortuga_desktop.games.dice.table.eventtext import line_rows
from tortuga_desktop.games.dice.table.layout import AREA_NAMES, TableLayout
from tortuga_desktop.games.dice.table.render.motion import (
    Banner,
    BonusTile,
    ChestFlight,
    DieFlight,
    DieTumble,
    Pulse,
    ScreenShake,
    TileFlight,
    TokenSlide,
)
from tortuga_desktop.games.dice.table.words import action_name, chest_name
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.anim import Key, Motion, Timeline, arc, lerp
from tortuga_desktop.shell.i18n import PLAYER_COLOUR_KEYS, kind_name, tr, trn
from tortuga_desktop.shell.layout import boosted_px, set_text_boost, text_boost, ui_scale, wrap_words

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.source import LogLine, SeatInfo

#: The log's smallest text on screen (px), at any window size and UI scale (issue 23).
LOG_MIN_PX = 12
#: After this much of a frame went into redrawing the table, further heavy layers wait a frame.
_FRAME_SHARE_S = 0.006

#: Translation keys (texts come from :mod:`..i18n`).
ACTION_SHORT = ("table.short.fleet", "table.short.crew", "table.short.hunt", "table.short.board", "table.short.raid")
AREA_TITLES = {"tortuga": "table.area.tortuga", "fleet": "table.area.fleet", "crew": "table.area.crew",
               "island": "table.area.island"}
AREA_POINTS = {"tortuga": 3, "fleet": 2, "crew": 1, "island": 0}
PHASE_TITLES = {"dice": "table.phase.dice", "actions": "phase.actions", "move": "table.phase.move",
                "over": "phase.over"}


def position_label(pos: int) -> str:
    """"1st" / "2nd" (``pos`` 0 or 1)."""
    return tr("table.pos1" if pos == 0 else "table.pos2")


def _n(v: object) -> int:
    """A number in a place key (:data:`~tortuga_desktop.shell.anim.Key`: the motions build them of texts and
    numbers)."""
    if isinstance(v, int | str):
        return int(v)
    raise TypeError(f"a place key holds {type(v).__name__}, not a number")


@dataclass(frozen=True)
class HitTarget:
    """What is under the mouse (see the app contract for the kinds)."""

    kind: str
    seat: int | None = None
    index: int | None = None
    area: str | None = None


@dataclass
class AnimState:
    """What the renderer needs from the scene besides the view."""

    timeline: Timeline | None = None
    highlights: set[HitTarget] = field(default_factory=set)
    hover: HitTarget | None = None
    thinking: int | None = None
    time: float = 0.0
    seats: Sequence[SeatInfo] | None = None  # names, kinds, colours
    log: list[LogLine] | None = None
    #: the first log row shown when the player scrolled back (None: follow the newest)
    log_top: int | None = None
    #: lines from this index on are new to the player (marked); None: no marks
    log_seen: int | None = None
    #: pixels at the foot of the log column kept for the side notes (the log gives way)
    log_reserve: int = 0


@dataclass
class LogWindow:
    """Which rows of the log the last frame showed (for scrolling and the "new" badge)."""

    #: every row of the log (wrapped), how many fit, and the first one shown
    rows: int
    fit: int
    top: int
    #: the screen rect of the rows shown, and one row's height
    rect: pygame.Rect
    row_h: int
    #: new lines (not seen yet) below the rows shown
    new_below: int = 0
    #: the player scrolled back (the log does not follow the newest line)
    scrolled: bool = False
    #: the "new lines below" badge (empty when not shown)
    badge: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


# --- small cached drawing helpers ----------------------------------------------------


@lru_cache(maxsize=2048)
def text(s: str, px: int, rgb: tuple[int, int, int], bold: bool = False, italic: bool = False) -> pygame.Surface:
    f = art.font(boosted_px(px), bold)
    f.italic = italic and not bold
    surf = f.render(s, True, rgb)
    f.italic = False
    return surf


def spaced_text(s: str, px: int, rgb: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """``s`` with every space at least 3 pixels and a third of the text's size wide: at the small sizes a
    pill shrinks to, the font's space is 2 pixels and "4 dobbelstenen" read as one word."""
    f = art.font(boosted_px(px), bold)
    space = f.size(" ")[0]
    gap = max(space, 3, boosted_px(px) // 3)
    words = s.split(" ")
    if len(words) == 1 or gap == space:
        return text(s, px, rgb, bold)
    pics = [f.render(word, True, rgb) for word in words]
    out = pygame.Surface((sum(p.get_width() for p in pics) + gap * (len(pics) - 1),
                          max(p.get_height() for p in pics)), pygame.SRCALPHA)
    x = 0
    for pic in pics:
        out.blit(pic, (x, 0))
        x += pic.get_width() + gap
    return out


@lru_cache(maxsize=4096)
def _wrap(s: str, px: int, width: int, bold: bool = False) -> tuple[str, ...]:
    return tuple(wrap_words(s, art.font(boosted_px(px), bold), width))


def readable_px(px: int, floor: int) -> int:
    """The smallest window-scaled size, at least ``px``, whose font (:func:`boosted_px`) is at
    least ``floor`` pixels."""
    while boosted_px(px) < floor:
        px += 1
    return px


def fit_text(s: str, px: int, rgb: tuple[int, int, int], max_w: int, bold: bool = False) -> pygame.Surface:
    surf = text(s, px, rgb, bold)
    while surf.get_width() > max_w and boosted_px(px) > 8 and px > 1:
        px -= 1
        surf = text(s, px, rgb, bold)
    return surf


def common_size(labels: list[str], px: int, max_w: int, bold: bool = False) -> int:
    """One text size (at most ``px``) at which every label of a set fits ``max_w``: a row of
    labels drawn at one size, not each shrunk on its own."""
    while px > 8 and any(art.font(boosted_px(px), bold).size(s)[0] > max_w for s in labels):
        px -= 1
    return px


def draw_marker(surf: pygame.Surface, shape: str, center: tuple[float, float], r: float, rgb: tuple[int, int, int]) -> None:
    """A player's shape marker (colour is never the only signal)."""
    cx, cy = center
    ink = palette.INK
    w = max(1, round(r / 5))
    if shape == "circle":
        pygame.draw.circle(surf, rgb, (cx, cy), r)
        pygame.draw.circle(surf, ink, (cx, cy), r, w)
        return
    if shape == "square":
        rect = pygame.Rect(0, 0, r * 1.7, r * 1.7)
        rect.center = (round(cx), round(cy))
        pygame.draw.rect(surf, rgb, rect, border_radius=max(1, round(r / 4)))
        pygame.draw.rect(surf, ink, rect, w, border_radius=max(1, round(r / 4)))
        return
    if shape == "triangle":
        pts = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    else:  # diamond
        pts = [(cx, cy - r * 1.05), (cx + r * 0.85, cy), (cx, cy + r * 1.05), (cx - r * 0.85, cy)]
    pygame.draw.polygon(surf, rgb, pts)
    pygame.draw.polygon(surf, ink, pts, w)


def shadowed(surf: pygame.Surface, pic: pygame.Surface, rect: pygame.Rect | tuple[int, int], alpha: int = 70) -> None:
    """Blit ``pic`` with a soft drop shadow (cached per picture size)."""
    pos = rect.topleft if isinstance(rect, pygame.Rect) else rect
    sh = _shadow_of(pic.get_width(), pic.get_height(), alpha)
    off = max(1, pic.get_width() // 14)
    surf.blit(sh, (pos[0] + off - 1, pos[1] + off))
    surf.blit(pic, pos)


@lru_cache(maxsize=256)
def _shadow_of(w: int, h: int, alpha: int) -> pygame.Surface:
    s = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    pygame.draw.ellipse(s, (0, 0, 0, alpha), pygame.Rect(1, h // 2, w, h // 2 + 1))
    return s


def panel(surf: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int], border: tuple[int, int, int],
          radius: int, width: int = 2, shadow: int = 0) -> None:
    if shadow:
        sh = pygame.Surface(rect.inflate(shadow * 2, shadow * 2).size, pygame.SRCALPHA)
        for i in range(shadow, 0, -1):
            a = int(60 * (1 - i / (shadow + 1)) ** 2)
            pygame.draw.rect(sh, (0, 0, 0, a), sh.get_rect().inflate(-i * 2 + shadow // 2, -i * 2 + shadow // 2)
                             .move(0, shadow // 3), border_radius=radius + i)
        surf.blit(sh, (rect.x - shadow, rect.y - shadow))
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surf, border, rect, width, border_radius=radius)


def _scaled(pic: pygame.Surface, size: int) -> pygame.Surface:
    """``pic`` smooth-scaled to ``size`` pixels wide (no SVG re-rasterising per frame)."""
    if pic.get_width() == size:
        return pic
    h = max(1, round(pic.get_height() * size / max(1, pic.get_width())))
    return pygame.transform.smoothscale(pic, (size, h))


def _sh(surf: pygame.Surface, pic: pygame.Surface, pos: tuple[int, int], alpha: int = 70) -> pygame.Rect:
    shadowed(surf, pic, pos, alpha)
    return pygame.Rect(pos[0] - 2, pos[1] - 2, pic.get_width() + pic.get_width() // 7 + 4, pic.get_height() + pic.get_height() // 7 + 4)


def chest_pic(colour: int, size: int) -> pygame.Surface:
    return pictures.chest(colour, size)


def public_score(seat: SeatView) -> tuple[int, bool]:
    """Score from public information (+ own tiles when the view holds them)."""
    tiles = seat.tiles
    s = score_seat(list(seat.tortuga), list(seat.fleet), list(seat.crew), seat.boat, seat.pirate, list(tiles or ()))
    return s.total, tiles is not None


# --- the renderer --------------------------------------------------------------------


class TableRenderer:
    """Draws the table; call :meth:`set_size` when the window changes."""

    def __init__(self, size: tuple[int, int], players: int, *, human_panel: bool = False) -> None:
        self.players = players
        self.human_panel = human_panel
        self.layout = TableLayout(size, players, human_panel)
        self._static: pygame.Surface | None = None
        self._log_cache: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._rows_cache: tuple[object, list[tuple[str, str, int, int]]] | None = None
        #: this frame showed the previous log (its new lines come next frame), and the frame before
        self._log_deferred = False
        self._log_deferred_before = False
        #: this frame drew a board or the middle afresh (not from its cached picture)
        self._drew_fresh = False
        #: each log line's wrapped rows, by (line, the round and phase before it, names, width, px)
        self._line_cache: dict[Hashable, tuple[list[tuple[str, str, int]], tuple[int, str]]] = {}
        self._board_cache: dict[int, tuple[object, pygame.Surface]] = {}
        self._middle_cache: tuple[object, pygame.Surface] | None = None
        self._frame_start = 0.0
        #: the last :meth:`draw_base` left something for the next frame (draw the base again)
        self.needs_redraw = False
        #: a busy frame may show the previous log for one more frame (the live table sets this;
        #: a screen that must show exactly the position drawn, like the replay, leaves it off)
        self.defer_log = False
        self.seats: Sequence[SeatInfo] | None = None
        #: the log rows the last frame showed (None before the first)
        self.log_window: LogWindow | None = None
        #: set before a :meth:`draw_base` call that draws another part of the frame drawn by the
        #: call before (a redraw clipped to several rects, see the table scene's draw): what that
        #: part drew counts for :attr:`defer_log` (the call clears it)
        self.same_frame = False
        #: the surface :meth:`draw_base` drew on last (a clipped redraw of it is only right while
        #: its cached pieces are the ones that surface shows: :meth:`changed_regions`)
        self.last_target: pygame.Surface | None = None

    # -- public -------------------------------------------------------------------------

    @property
    def prompt_rect(self) -> pygame.Rect:
        return self.layout.prompt_rect

    def warm(self, surface_size: tuple[int, int]) -> None:
        """Pre-render the static layer and every die face, so animations never stall."""
        if self._static is None or self._static.get_size() != surface_size:
            self._static = self._build_static(surface_size)
        b = self.layout.boards[0]
        small, big = b.action_dice[0][0].w, b.tray_slots[0].w
        for seat in range(self.players):
            rgb = self.colour_of(seat).rgb
            for a in range(5):
                for die in range(5):
                    pictures.die_face(a, str(DIE_VALUES[die][a]), small, rgb)
            for f in range(6):
                for letter in DIE_LETTERS:
                    pictures.die_face(f, letter, big, rgb)
        for c in range(5):
            chest_pic(c, self.layout.boards[0].area_slots["fleet"][0].w)
            for slot in self.layout.center_slots[:1]:
                chest_pic(c, slot.w)

    def set_size(self, size: tuple[int, int]) -> None:
        if size != self.layout.size or self.layout.ui != ui_scale():
            self.layout = TableLayout(size, self.players, self.human_panel)
            self._board_cache.clear()
            self._middle_cache = None
            self._static = None
            self._log_cache = None
            self._rows_cache = None
            self._line_cache.clear()
            text.cache_clear()

    def px(self, v: float) -> int:
        return self.layout.px(v)

    def use_text_scale(self) -> None:
        """Make the text helpers render at this layout's text scale (readable, UI scale)."""
        L = self.layout
        if set_text_boost(L.t / L.s):
            text.cache_clear()
            _wrap.cache_clear()
            self._static = None
            self._log_cache = None
            self._rows_cache = None
            self._line_cache.clear()
            self._board_cache.clear()
            self._middle_cache = None

    def colour_of(self, seat: int) -> palette.PlayerColour:
        idx = seat
        if self.seats is not None and seat < len(self.seats):
            idx = getattr(self.seats[seat], "colour", seat)
        return palette.PLAYER_COLOURS[idx % len(palette.PLAYER_COLOURS)]

    def draw(self, surface: pygame.Surface, view: PlayerView, anim: AnimState | None = None) -> None:
        """Draw everything: the state (minus what is in flight) and the motions on top."""
        anim = anim or AnimState()
        self.draw_base(surface, view, anim)
        if anim.timeline is not None:
            self.draw_motions(surface, view, anim.timeline)

    def draw_base(self, surface: pygame.Surface, view: PlayerView, anim: AnimState) -> None:
        """The table without moving things (cacheable while the hidden set stays the same)."""
        same_frame, self.same_frame = self.same_frame, False
        if not same_frame:
            self._frame_start = time.perf_counter()
            self._drew_fresh = False
            self._log_deferred_before, self._log_deferred = self._log_deferred, False
        self.needs_redraw = False
        self.last_target = surface
        if anim.seats is not None:
            self.seats = anim.seats
        self.use_text_scale()
        if self._static is None or self._static.get_size() != surface.get_size():
            self._static = self._build_static(surface.get_size())
        surface.blit(self._static, (0, 0))
        tl = anim.timeline
        hidden = tl.hidden() if tl is not None else set()
        for seat in range(view.players):
            self._cached_board(surface, view, seat, hidden, anim)
        self._cached_middle(surface, view, hidden, anim)
        self._draw_log(surface, anim, view.names)
        for h in anim.highlights:  # picked things: a bold gold ring edged in ink, plain to see
            r = self.highlight_rect(h, view)
            if r is not None:
                outer = r.inflate(self.px(10), self.px(10))
                pygame.draw.rect(surface, palette.INK, outer, max(2, self.px(5)), border_radius=self.px(8))
                pygame.draw.rect(surface, palette.GOLD, outer.inflate(-self.px(2), -self.px(2)), max(2, self.px(3)),
                                 border_radius=self.px(7))

    def highlight_rect(self, h: HitTarget, view: PlayerView) -> pygame.Rect | None:
        """Rect of a table thing the decision panel wants highlighted."""
        kind, seat, index = h.kind, h.seat, h.index
        L = self.layout
        try:
            if kind == "die" and seat is not None and index is not None:
                return L.boards[seat].tray_slots[index]
            if kind == "action_space" and seat is not None and index is not None:
                return L.boards[seat].actions[index]
            if kind == "bonus_space" and seat is not None and index is not None:
                return L.boards[seat].bonus[index]
            if kind == "player" and seat is not None:
                return L.boards[seat].rect
            if kind == "center_chest" and index is not None:
                return L.center_slots[index]
            if kind == "area" and seat is not None:
                return L.boards[seat].areas[str(getattr(h, "area", None) or "island")]
            if kind == "track" and seat is not None:
                return L.boards[seat].track_rows[str(getattr(h, "area", None) or "boat")]
            if kind == "tile" and seat is not None:
                return L.boards[seat].tiles
            if kind == "chest" and seat is not None and index is not None:
                area = getattr(h, "area", None) or "island"
                return L.chest_slot(seat, area, index, len(view.seats[seat].area(area)))
        except (IndexError, KeyError):
            return None
        return None

    # -- static layer -------------------------------------------------------------------

    def _build_static(self, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        return self.draw_static(surf)

    def draw_static(self, surf: pygame.Surface) -> pygame.Surface:
        """Paint the static layer (wood, sea, frames, labels) onto ``surf`` (the layout tests
        draw it onto a surface that notes every text)."""
        self.use_text_scale()
        self._board_cache.clear()
        self._middle_cache = None
        L = self.layout
        size = surf.get_size()
        # Wooden table: vertical gradient plus seeded grain.
        w, h = size
        for y in range(h):
            t = y / max(1, h - 1)
            c = palette.mix(palette.TABLE, palette.TABLE_DARK, 0.35 + 0.5 * abs(t - 0.45))
            pygame.draw.line(surf, c, (0, y), (w, y))
        rng = random.Random(11)
        plank = max(40, L.px(150))
        for x in range(0, w, plank):
            pygame.draw.line(surf, palette.darken(palette.TABLE_DARK, 0.2), (x, 0), (x, h), max(1, L.px(2)))
        for _i in range(int(w * h / 5000)):
            x = rng.randrange(w)
            y = rng.randrange(h)
            ln = rng.randrange(L.px(20), L.px(120) + 1)
            c = palette.mix(palette.TABLE, palette.TABLE_LIGHT if rng.random() < 0.5 else palette.TABLE_DARK, 0.35)
            pygame.draw.line(surf, c, (x, y), (x + ln, y + rng.choice((-1, 0, 1))), 1)
        # Vignette.
        vig = pygame.Surface(size, pygame.SRCALPHA)
        steps = 12
        for i in range(steps):
            a = int(70 * (1 - i / steps) ** 2)
            inset = int(i * min(w, h) / (steps * 5))
            pygame.draw.rect(vig, (0, 0, 0, a), pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset), L.px(12))
        surf.blit(vig, (0, 0))

        # Middle: the sea with the island.
        panel(surf, L.middle, palette.SEA_DEEP, palette.BRASS_DARK, L.px(18), L.px(3), shadow=L.px(8))
        sea = art.load_svg("island", (L.island.w, L.island.h))
        surf.blit(sea, L.island)
        # Centre-island slots: sandy disc with five rings (none with 2 players, R6.2).
        cen = L.center
        if L.has_center:
            disc = pygame.Surface(cen.size, pygame.SRCALPHA)
            pygame.draw.ellipse(disc, (*palette.PARCHMENT, 215), disc.get_rect())
            pygame.draw.ellipse(disc, (*palette.BRASS_DARK, 255), disc.get_rect(), L.px(2))
            surf.blit(disc, cen)
            lab = text(tr("term.center_island"), L.px(12), palette.INK, True)
            surf.blit(lab, lab.get_rect(midtop=(cen.centerx, cen.y + L.px(12))))
        for i, r in enumerate(L.center_slots):
            ch = pictures.CHEST_COLOURS[i]
            ring = pygame.Surface(r.inflate(L.px(4), L.px(4)).size, pygame.SRCALPHA)
            pygame.draw.rect(ring, (*ch.rgb, 90), ring.get_rect(), border_radius=L.px(6))
            pygame.draw.rect(ring, (*palette.INK_SOFT, 200), ring.get_rect(), L.px(1), border_radius=L.px(6))
            surf.blit(ring, r.inflate(L.px(4), L.px(4)))
        # Supply of bonus tiles.
        sup = L.supply
        pic = art.icon("bonus_tile_1", L.px(52))
        for k in range(3):
            surf.blit(pic, pic.get_rect(center=(sup.centerx - L.px(4) + k * L.px(4), sup.centery - L.px(8) - k * L.px(3))))
        # Bag.
        panel(surf, L.bag, palette.PARCHMENT_DARK, palette.BRASS_DARK, L.px(14), L.px(2))
        surf.blit(art.icon("bag", L.bag_icon.w), L.bag_icon)
        # Centred under the bag, clear of the panel's frame (issue 23: "Bolsa de cofres" ran into it).
        lab = fit_text(tr("table.chest_bag"), L.px(15), palette.INK, 2 * (L.bag_icon.centerx - L.bag.x - L.px(8)), True)
        surf.blit(lab, lab.get_rect(midtop=(L.bag_icon.centerx, L.bag_icon.bottom + L.px(4))))
        # Phase indicator frame.
        panel(surf, L.phase, palette.PARCHMENT, palette.BRASS_DARK, L.px(14), L.px(2))
        # Log frame.
        panel(surf, L.log, palette.PARCHMENT_LIGHT, palette.BRASS_DARK, L.px(14), L.px(3), shadow=L.px(8))
        title = text(tr("table.log_title"), L.px(20), palette.INK, True)
        surf.blit(title, (L.log.x + L.px(14), L.log.y + L.px(8)))
        pygame.draw.line(surf, palette.BRASS, (L.log.x + L.px(12), L.log.y + L.px(40)),
                         (L.log.right - L.px(12), L.log.y + L.px(40)), L.px(2))
        if self.human_panel:
            panel(surf, L.prompt_rect, palette.PARCHMENT, palette.BRASS_DARK, L.px(14), L.px(3), shadow=L.px(8))
        for seat in range(self.players):
            self._static_board(surf, seat)
        return surf

    def _static_board(self, surf: pygame.Surface, seat: int) -> None:
        L = self.layout
        b = L.boards[seat]
        pc = self.colour_of(seat)
        panel(surf, b.rect, palette.PARCHMENT, palette.BRASS_DARK, L.px(14), L.px(3), shadow=L.px(9))
        # Header band in the player's colour.
        hdr = b.header.copy()
        band = pygame.Surface(hdr.size, pygame.SRCALPHA)
        pygame.draw.rect(band, (*pc.rgb, 255), band.get_rect(), border_top_left_radius=L.px(14),
                         border_top_right_radius=L.px(14))
        pygame.draw.rect(band, (*pc.dark, 255), pygame.Rect(0, hdr.h - L.px(3), hdr.w, L.px(3)))
        surf.blit(band, hdr)
        pygame.draw.rect(surf, palette.BRASS_DARK, b.rect, L.px(3), border_radius=L.px(14))
        # Tracks.
        for kind in ("boat", "pirate"):
            row = b.track_rows[kind]
            lab = b.track_label[kind]
            icon = art.icon("action_fleet" if kind == "boat" else "action_crew", lab.w)
            surf.blit(icon, lab)
            for k, box in enumerate(b.track_boxes[kind]):
                fill = palette.PARCHMENT_LIGHT if k % 2 == 0 else palette.mix(palette.PARCHMENT_LIGHT, palette.PARCHMENT, 0.6)
                pygame.draw.rect(surf, fill, box, border_radius=L.px(5))
                pygame.draw.rect(surf, palette.PARCHMENT_DARK, box, L.px(1), border_radius=L.px(5))
                n = text(str(k + 1), L.px(11), palette.INK_SOFT)
                surf.blit(n, (box.x + L.px(3), box.y + L.px(1)))
                # Capacity steps marked under the boxes where capacity changes (1,2,4,6).
                if k + 1 in (2, 4, 6):
                    pygame.draw.line(surf, palette.BRASS_DARK, (box.x - L.px(2), box.y), (box.x - L.px(2), box.bottom), L.px(2))
            del row
            cap = b.capacity[kind]
            pygame.draw.rect(surf, palette.PARCHMENT_DARK, cap, border_radius=L.px(6))
        # Dice tray.
        pygame.draw.rect(surf, palette.mix(palette.FELT, palette.INK, 0.2), b.tray, border_radius=L.px(10))
        pygame.draw.rect(surf, palette.BRASS_DARK, b.tray, L.px(2), border_radius=L.px(10))
        # Action spaces (their labels all at one size).
        label_px = common_size([tr(k) for k in ACTION_SHORT], L.px(12), b.action_labels[0].w, True)
        for a in range(5):
            r = b.actions[a]
            pygame.draw.rect(surf, palette.PARCHMENT_LIGHT, r, border_radius=L.px(9))
            pygame.draw.rect(surf, palette.BRASS, r, L.px(2), border_radius=L.px(9))
            surf.blit(art.icon(pictures.ACTION_ICONS[a], b.action_icons[a].w), b.action_icons[a])
            t = fit_text(tr(ACTION_SHORT[a]), label_px, palette.INK_SOFT, b.action_labels[a].w, True)
            surf.blit(t, t.get_rect(center=b.action_labels[a].center))
            bo = b.bonus[a]
            pygame.draw.circle(surf, palette.PARCHMENT, bo.center, bo.w // 2)
            pygame.draw.circle(surf, palette.PARCHMENT_DARK, bo.center, bo.w // 2, L.px(2))
            for d in b.action_dice[a][:4]:  # a fifth die starts a second row when it comes
                pygame.draw.rect(surf, palette.mix(palette.PARCHMENT, palette.PARCHMENT_DARK, 0.35), d, border_radius=L.px(4))
        # Chest areas (titles at one size).
        title_px = min(common_size([tr(AREA_TITLES[n])], L.px(13), b.areas[n].w - L.px(16)
                                   - text(trn("table.pts_n", AREA_POINTS[n]), L.px(11), palette.INK_SOFT).get_width(),
                                   True) for n in AREA_NAMES)
        for name in AREA_NAMES:
            r = b.areas[name]
            fill = palette.mix(palette.PARCHMENT_DARK, palette.PARCHMENT, 0.55 if name != "tortuga" else 0.25)
            pygame.draw.rect(surf, fill, r, border_radius=L.px(9))
            pygame.draw.rect(surf, palette.BRASS, r, L.px(2), border_radius=L.px(9))
            t = text(tr(AREA_TITLES[name]), title_px, palette.INK, True)
            surf.blit(t, (r.x + L.px(6), r.y + L.px(3)))
            p = text(trn("table.pts_n", AREA_POINTS[name]), L.px(11), palette.INK_SOFT)
            surf.blit(p, (r.right - p.get_width() - L.px(6), r.y + L.px(4)))
        # Arrows between areas (chests travel leftwards).
        for left, right in (("tortuga", "fleet"), ("fleet", "crew"), ("crew", "island")):
            x = (b.areas[left].right + b.areas[right].x) // 2
            y = b.areas[left].centery
            s = L.px(5)
            pygame.draw.polygon(surf, palette.BRASS_DARK, [(x - s, y), (x + s // 2, y - s), (x + s // 2, y + s)])

    # -- boards -------------------------------------------------------------------------

    def _cached_middle(self, surf: pygame.Surface, view: PlayerView, hidden: set[Key], anim: AnimState) -> None:
        """The sea, bag and phase panel from a cached picture while none of it changed."""
        region = self.layout.middle.clip(surf.get_rect())
        key = self._middle_key(surf.get_size(), view, hidden)
        if self._middle_cache is not None and self._middle_cache[0] == key:
            surf.blit(self._middle_cache[1], region)
            return
        self._draw_middle(surf, view, hidden, anim)
        self._drew_fresh = True
        if surf.get_clip().contains(region):  # a clipped redraw (see draw_base) holds only a part of it
            self._middle_cache = (key, surf.subsurface(region).copy())

    @staticmethod
    def _middle_key(size: tuple[int, int], view: PlayerView, hidden: set[Key]) -> tuple[object, ...]:
        """Everything the middle's picture depends on (its cache key)."""
        seats = tuple((bool(s.hand), s.done, bool(s.selection)) for s in view.seats)
        totals = tuple(view.total(seat, view.act_action) for seat in view.act_order) \
            if view.phase == "actions" and 0 <= view.act_action < 5 else ()
        return (view.pool_size, view.supply, view.center, view.bag, view.round, view.long_game, view.phase,
                view.stage, view.act_action, view.act_order, view.act_pos, view.names, seats, totals,
                frozenset(h for h in hidden if isinstance(h, tuple) and h and h[0] in ("pool", "center")),
                size)

    def _cached_board(self, surf: pygame.Surface, view: PlayerView, seat: int, hidden: set[Key],
                      anim: AnimState) -> None:
        """Draw one board from a cache of its last picture while nothing on it changed: a
        full redraw (a new event, a log line) then costs a blit per board instead of hundreds
        of small draws (issue 18: no frame over 33 ms)."""
        region = self._board_region(seat, surf.get_rect())
        key = self._board_key(surf.get_size(), view, seat, hidden, anim)
        hit = self._board_cache.get(seat)
        if hit is not None and hit[0] == key:
            surf.blit(hit[1], region)
            return
        self._draw_board(surf, view, seat, hidden, anim, 0.0)
        self._drew_fresh = True
        if surf.get_clip().contains(region):  # a clipped redraw (see draw_base) holds only a part of it
            self._board_cache[seat] = (key, surf.subsurface(region).copy())

    def _board_region(self, seat: int, bounds: pygame.Rect) -> pygame.Rect:
        """Where ``seat``'s board (and its shadow) is drawn, within ``bounds``."""
        L = self.layout
        return L.boards[seat].rect.inflate(L.px(6), L.px(6)).clip(bounds)

    def _board_key(self, size: tuple[int, int], view: PlayerView, seat: int, hidden: set[Key],
                   anim: AnimState) -> tuple[object, ...]:
        """Everything ``seat``'s board picture depends on (its cache key)."""
        think = int(anim.time * 3) % 3 if anim.thinking == seat else -1
        phase = view.phase
        return (view.seats[seat], phase, view.act_action if phase == "actions" else -1,
                view.act_order if phase == "actions" else (), view.start == seat, view.grid, view.names[seat],
                frozenset(h for h in hidden if isinstance(h, tuple) and len(h) > 1 and h[1] == seat),
                think, self.colour_of(seat), self._kind_label(seat, view), size, art.markers_on())

    def _draw_board(self, surf: pygame.Surface, view: PlayerView, seat: int, hidden: set[Key],
                    anim: AnimState, shake: float = 0.0) -> None:
        L = self.layout
        b = L.boards[seat]
        s = view.seats[seat]
        pc = self.colour_of(seat)
        names = view.names
        # Header: marker, name, kind, tiles, start token, score.
        if art.markers_on():
            draw_marker(surf, pc.marker, (b.header.x + L.px(20), b.header.centery), L.px(10), palette.BONE)
            draw_marker(surf, pc.marker, (b.header.x + L.px(20), b.header.centery), L.px(7), pc.rgb)
        # The seat's place in the clockwise order (R1.1: turns, ties and the start player go
        # 1 → 2 → 3 → 1), then the name.
        badge = pygame.Rect(0, 0, L.px(20), L.px(20))
        badge.midleft = (b.name.x, b.header.centery)
        pygame.draw.circle(surf, palette.PARCHMENT_LIGHT, badge.center, badge.w // 2)
        pygame.draw.circle(surf, palette.INK, badge.center, badge.w // 2, max(1, L.px(1)))
        num = text(str(seat + 1), L.px(13), palette.INK, True)
        surf.blit(num, num.get_rect(center=badge.center))
        nm = fit_text(names[seat], L.px(19), palette.BONE, b.name.w - badge.w - L.px(6), True)
        surf.blit(nm, nm.get_rect(midleft=(badge.right + L.px(6), b.header.centery)))
        if anim.thinking == seat:  # "thinking..." takes the place of the kind while it lasts
            dots = "." * (1 + int(anim.time * 3) % 3)
            kt = fit_text(tr("table.thinking") + dots, L.px(13), palette.GOLD_LIGHT, b.kind.w, True)
        else:
            kt = fit_text(self._kind_label(seat, view), L.px(13), palette.lighten(pc.light, 0.5), b.kind.w)
        surf.blit(kt, kt.get_rect(midleft=(b.kind.x, b.header.centery)))
        tiles = s.tiles
        count = len(tiles) if tiles is not None else s.tile_count
        for i in range(count):
            if ("tile", seat, i) in hidden:
                continue
            r = L.tile_slot(seat, i, count)
            name = f"treasure_tile_{tiles[i]}" if tiles is not None else "treasure_tile_back"
            surf.blit(art.icon(name, r.w), r)
        if view.start == seat:
            surf.blit(art.icon("start_player", b.start_token.w), b.start_token)
        total, exact = public_score(s)
        sc = b.score
        pygame.draw.rect(surf, palette.PARCHMENT_LIGHT, sc, border_radius=L.px(8))
        pygame.draw.rect(surf, palette.INK, sc, L.px(2), border_radius=L.px(8))
        label = f"{total}" if exact or count == 0 else f"{total}+"
        st = fit_text(tr("table.score_pts", score=label), L.px(15), palette.INK, sc.w - L.px(6), True)
        surf.blit(st, st.get_rect(center=sc.center))
        # Tracks: tokens and capacity.
        for kind in ("boat", "pirate"):
            box = s.token(kind)
            if ("token", seat, kind) not in hidden:
                r = b.track_boxes[kind][box - 1]
                tok = art.token(f"{kind}_token", r.h + L.px(4), pc.rgb)
                shadowed(surf, tok, tok.get_rect(center=(r.centerx + L.px(4), r.centery - L.px(1))).topleft)
            cap = b.capacity[kind]
            ct = fit_text(tr("table.cap", n=capacity(box)), L.px(13), palette.INK, cap.w - L.px(2), True)
            surf.blit(ct, ct.get_rect(center=cap.center))
        # Action spaces: highlight during actions, placed dice, bonus tiles, totals.
        phase = view.phase
        cur = view.act_action if phase == "actions" else None
        order = view.act_order
        for a in range(5):
            r = b.actions[a]
            if cur == a:
                glow = L.px(3)
                pygame.draw.rect(surf, palette.HIGHLIGHT, r.inflate(glow * 2, glow * 2), glow, border_radius=L.px(11))
            dice = s.placed[a]
            for k, die in enumerate(dice):
                if ("die", seat, a, k) in hidden or k >= 5:
                    continue
                d = b.action_dice[a][k]
                face = pictures.die_face(a, str(view.grid[die][a]), d.w, pc.rgb)
                surf.blit(face, d)
            bonus = s.bonus[a]
            if bonus and ("bonus", seat, a) not in hidden:
                bo = b.bonus[a]
                surf.blit(art.icon(f"bonus_tile_{bonus}", bo.w), bo)
            if dice or bonus:
                tot = view.total(seat, a)
                if dice:
                    tot_r = b.totals[a]
                    col = palette.GOLD if cur == a else palette.PARCHMENT_DARK
                    pygame.draw.rect(surf, col, tot_r, border_radius=L.px(6))
                    tt = text(str(tot), L.px(14), palette.INK, True)
                    surf.blit(tt, tt.get_rect(center=tot_r.center))
            if cur == a and seat in order:
                pos = order.index(seat) + 1
                rib = pygame.Rect(0, 0, L.px(44), L.px(20))
                rib.center = b.action_labels[a].center  # over the name, not over the dice
                col = palette.GOLD if pos == 1 else palette.lighten(palette.INK_SOFT, 0.55)
                pygame.draw.rect(surf, col, rib, border_radius=L.px(6))
                pygame.draw.rect(surf, palette.INK, rib, L.px(1), border_radius=L.px(6))
                rt = fit_text(position_label(pos - 1), L.px(13), palette.INK, rib.w - L.px(2), True)
                surf.blit(rt, rt.get_rect(center=rib.center))
        # Chest areas.
        for name in AREA_NAMES:
            chests = s.area(name)
            n = len(chests)
            if name in ("fleet", "crew"):
                room = capacity(s.boat if name == "fleet" else s.pirate)
                for k, slot in enumerate(b.area_slots[name]):
                    if k >= room:
                        lock = slot.inflate(-L.px(8), -L.px(8))
                        pygame.draw.line(surf, palette.PARCHMENT_DARK, lock.topleft, lock.bottomright, L.px(2))
                        pygame.draw.line(surf, palette.PARCHMENT_DARK, lock.topright, lock.bottomleft, L.px(2))
                    else:
                        pygame.draw.rect(surf, palette.PARCHMENT_LIGHT, slot, L.px(1), border_radius=L.px(5))
            for k, c in enumerate(chests):
                if ("chest", seat, name, k) in hidden:
                    continue
                r = L.chest_slot(seat, name, k, n)
                shadowed(surf, chest_pic(c, r.w), r)
        # Dice tray: own roll visible, otherwise the screen.
        self._draw_tray(surf, view, seat, hidden)

    def _draw_screen(self, surf: pygame.Surface, view: PlayerView, seat: int, shake: float) -> pygame.Rect:
        """The dice screen (shaking while the dice behind it tumble); returns its rect."""
        L = self.layout
        b = L.boards[seat]
        s = view.seats[seat]
        hand = s.hand
        sw = b.tray.inflate(-L.px(8), -L.px(6))
        if shake:
            pygame.draw.rect(surf, palette.mix(palette.FELT, palette.INK, 0.2), b.tray.inflate(-L.px(4), -L.px(4)),
                             border_radius=L.px(10))
        dx = round(math.sin(shake * 40) * L.px(4) * (1 - shake)) if shake else 0
        dy = -round(abs(math.sin(shake * 25)) * L.px(2) * (1 - shake)) if shake else 0
        pic = art.load_svg("screen", (sw.w, sw.h))
        surf.blit(pic, sw.move(dx, dy))
        # The dice behind the screen and (once the player confirmed) the "choice made" badge: one
        # row of pills, never on top of each other. The badge names the player's choice, not the
        # dice: how many were chosen is secret until the reveal (R9.1).
        pills = [(trn("table.dice_n", len(hand)), palette.BONE, palette.INK)]
        if s.done or s.selection:
            pills.append((tr("table.choice_made"), palette.GOLD_LIGHT, palette.SUCCESS))
        room = sw.w - L.px(8) - (len(pills) - 1) * L.px(6)
        px = common_size([p[0] for p in pills], L.px(12), room // len(pills) - L.px(10), True)
        pics = [(spaced_text(t_, px, fg, True), bg) for t_, fg, bg in pills]
        widths = [p.get_width() + L.px(10) for p, _bg in pics]
        x = sw.centerx - (sum(widths) + (len(pics) - 1) * L.px(6)) // 2
        for (pic_, bg), w_ in zip(pics, widths, strict=True):
            pill = pygame.Rect(x, 0, w_, pic_.get_height() + L.px(2))
            pill.bottom = sw.bottom - L.px(2)
            pygame.draw.rect(surf, bg, pill, border_radius=L.px(6))
            surf.blit(pic_, pic_.get_rect(center=pill.center))
            x += w_ + L.px(6)
        return b.tray.copy()

    def _kind_label(self, seat: int, view: PlayerView) -> str:
        if self.seats is not None and seat < len(self.seats):
            k = getattr(self.seats[seat], "kind", "normal")
            return tr("setup.human") if k == "human" else tr("table.computer_kind", kind=kind_name(k))
        return tr("setup.computer")

    def _draw_tray(self, surf: pygame.Surface, view: PlayerView, seat: int, hidden: set[Key]) -> None:
        L = self.layout
        b = L.boards[seat]
        s = view.seats[seat]
        pc = self.colour_of(seat)
        hand = s.hand
        roll = s.roll
        visible = roll is not None and any(f is not None for f in roll)
        if view.phase == "dice" and hand and not visible:
            if ("screen", seat) not in hidden:
                self._draw_screen(surf, view, seat, 0.0)
            return
        if roll is not None:
            for k, die in enumerate(hand):
                f = roll[k] if k < len(roll) else None
                if f is None or ("tray", seat, k) in hidden:
                    continue
                r = b.tray_slots[k]
                face = pictures.die_face(f, DIE_LETTERS[die], r.w, pc.rgb)
                surf.blit(face, r)
            return
        if not hand:
            t = fit_text(tr("table.all_placed"), L.px(12), palette.PARCHMENT_DARK, b.tray.w - L.px(8))
            surf.blit(t, t.get_rect(center=b.tray.center))

    # -- middle -------------------------------------------------------------------------

    def _draw_middle(self, surf: pygame.Surface, view: PlayerView, hidden: set[Key], anim: AnimState) -> None:
        L = self.layout
        # Pool of face-down treasure tiles.
        pool = view.pool_size
        back = art.icon("treasure_tile_back", L.pool_tiles[0].w)
        for i in range(min(pool, len(L.pool_tiles))):
            if ("pool", i) in hidden:
                continue
            surf.blit(back, L.pool_tiles[i])
        # Supply count.
        sup = L.supply
        t = text(f"×{view.supply}", L.px(16), palette.BONE, True)
        pill = t.get_rect(midbottom=(sup.centerx, sup.bottom - L.px(3))).inflate(L.px(12), L.px(2))
        pygame.draw.rect(surf, palette.INK, pill, border_radius=L.px(8))
        surf.blit(t, t.get_rect(center=pill.center))
        # Centre island chests.
        for c, r in enumerate(L.center_slots):
            if view.center[c] and ("center", c) not in hidden:
                shadowed(surf, chest_pic(c, r.w), r)
        # Bag counts.
        for c, r in enumerate(L.bag_counts):
            pic = chest_pic(c, r.h)
            surf.blit(pic, r.topleft)
            name = chest_name(c)
            t = text(f"{view.bag[c]}", L.px(18), palette.INK, True)
            surf.blit(t, (r.x + r.h + L.px(8), r.centery - t.get_height() // 2))
            n = text(name, L.px(11), palette.INK_SOFT)
            surf.blit(n, (r.x + r.h + L.px(36), r.centery - n.get_height() // 2))
        self._draw_phase(surf, view, anim)

    def _draw_phase(self, surf: pygame.Surface, view: PlayerView, anim: AnimState) -> None:
        L = self.layout
        r = L.phase
        x = r.x + L.px(14)
        y = r.y + L.px(8)
        rnd = fit_text(tr("phase.round", n=view.round), L.px(24), palette.INK, r.w - L.px(28), True)
        surf.blit(rnd, (x, y))
        goal = 8 if view.long_game else 6
        g = fit_text(tr("table.goal", n=goal), L.px(11), palette.INK_SOFT, r.w - L.px(28))
        surf.blit(g, (x, y + rnd.get_height()))
        y += rnd.get_height() + g.get_height() + L.px(6)
        # The three phases: one text size for all, each step as wide as its name needs.
        phases = ("dice", "actions", "move")
        labels = [tr("table.phase_step", n=i + 1, phase=tr(PHASE_TITLES[ph])) for i, ph in enumerate(phases)]
        room = r.w - L.px(28) - 2 * L.px(4)
        pad = L.px(10)

        def fitting(labels_: list[str]) -> int:
            px_ = L.px(13)
            while px_ > 1 and boosted_px(px_) > 8 and \
                    sum(text(lb, px_, palette.INK, True).get_width() + pad for lb in labels_) > room:
                px_ -= 1
            return px_

        spx = fitting(labels)
        if spx < L.px(11):  # too small with the step numbers: the names alone, bigger
            labels = [tr(PHASE_TITLES[ph]) for ph in phases]
            spx = fitting(labels)
        widths = [text(lb, spx, palette.INK, True).get_width() + pad for lb in labels]
        extra = max(0, room - sum(widths)) // 3
        px_ = x
        for i, ph in enumerate(phases):
            pr = pygame.Rect(px_, y, widths[i] + extra, L.px(28))
            px_ = pr.right + L.px(4)
            on = view.phase == ph
            pygame.draw.rect(surf, palette.GOLD if on else palette.PARCHMENT_DARK, pr, border_radius=L.px(8))
            if on:
                pygame.draw.rect(surf, palette.INK, pr, L.px(2), border_radius=L.px(8))
            t = fit_text(labels[i], spx, palette.INK, pr.w - L.px(4), on)
            surf.blit(t, t.get_rect(center=pr.center))
        y += L.px(36)
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        names = view.names
        if view.phase == "dice":
            waiting = [names[i] for i, s in enumerate(view.seats) if s.hand and not (s.done or s.selection)]
            stage = view.stage
            if stage == "bonus":
                lines.append((tr("table.stage.bonus"), palette.INK, True))
            elif stage == "skulls":
                lines.append((tr("table.stage.skulls"), palette.INK, True))
            else:
                lines.append((tr("table.stage.select"), palette.INK, True))
                if waiting:
                    for part in _wrap(tr("table.waiting", names=", ".join(waiting)), L.px(13), r.w - L.px(28)):
                        lines.append((part, palette.INK_SOFT, False))
        elif view.phase == "actions":
            a = view.act_action
            if 0 <= a < 5:
                lines.append((action_name(a), palette.INK, True))
                for p, seat in enumerate(view.act_order[:2]):
                    tot = view.total(seat, a)
                    lines.append((tr("table.pos_line", pos=position_label(p), name=names[seat], total=tot), palette.INK,
                                  p == view.act_pos))
                if not view.act_order:
                    lines.append((tr("table.nobody"), palette.INK_SOFT, False))
        elif view.phase == "move":
            lines.append((tr("table.stage.move"), palette.INK, True))
        elif view.phase == "over":
            lines.append((tr("table.stage.over"), palette.INK, True))
        # Long lines wrap (a shrunk line would be unreadable); what does not fit ends in "…".
        rows: list[tuple[str, int, tuple[int, int, int], bool]] = []
        for s_, col, bold in lines:
            lpx = L.px(14 if bold or col == palette.INK else 13)
            rows += [(part, lpx, col, bold) for part in _wrap(s_, lpx, r.w - L.px(28), bold)]
        bottom = r.bottom - L.px(6)
        for k, (part, lpx, col, bold) in enumerate(rows):
            t = fit_text(part, lpx, col, r.w - L.px(28), bold)
            last = k == len(rows) - 1
            if not last and y + t.get_height() + L.px(2) + text(rows[k + 1][0], rows[k + 1][1], col).get_height() > bottom:
                t = fit_text(part + " …", lpx, col, r.w - L.px(28), bold)
                last = True
            if y + t.get_height() > bottom:
                break
            surf.blit(t, (x, y))
            y += t.get_height() + L.px(2)
            if last:
                break
        if view.phase == "actions":
            a = view.act_action
            if 0 <= a < 5:
                ic = art.icon(pictures.ACTION_ICONS[a], L.px(44))
                surf.blit(ic, ic.get_rect(bottomright=(r.right - L.px(10), r.bottom - L.px(8))))

    # -- log ------------------------------------------------------------------------------

    def log_foot(self) -> int:
        """The height of the key hint at the foot of the log column (two lines of its text)."""
        L = self.layout
        return max(L.px(40), 2 * art.font(boosted_px(L.px(12))).get_linesize() + L.px(10))

    def log_text_rect(self, reserve: int = 0) -> pygame.Rect:
        """Where the log's rows go: under its title, above the side notes (``reserve`` pixels)
        and the two-line key hint at its foot."""
        L = self.layout
        top = L.log.y + L.px(46)
        bottom = L.log.bottom - self.log_foot() - reserve
        return pygame.Rect(L.log.x + L.px(4), top, L.log.w - L.px(10), max(0, bottom - top))

    def log_row_height(self) -> int:
        """The height of one row of the log on screen."""
        return int(art.font(boosted_px(self.log_px())).get_linesize())

    def log_px(self) -> int:
        """The log's text size (window-scaled px): its design size, never under :data:`LOG_MIN_PX`
        on screen (issue 23: at 80 % in a small window it was 9 px)."""
        return readable_px(self.layout.px(13), LOG_MIN_PX)

    def _log_rows(self, lines: list[LogLine], names: tuple[str, ...], width: int) -> list[tuple[str, str, int, int]]:
        """Every row of the log wrapped to ``width``: (style, text, indent, line index)."""
        L = self.layout
        px = self.log_px()
        styles = {"round": 0, "phase": L.px(8), "event": 0, "reason": L.px(14)}
        hang = L.px(10)  # wrapped lines hang under their first line
        rows: list[tuple[str, str, int, int]] = []
        last: tuple[int, str] | None = None
        cache = self._line_cache
        if len(cache) > 20000:
            cache.clear()
        for i, ln in enumerate(lines):
            key = (ln, last, names, width, px)  # a line's rows: kept while the log grows
            hit = cache.get(key)
            if hit is None:
                mine, after = line_rows(ln, names, last)
                wrapped = [(style, part, styles[style] + (hang if k else 0))
                           for style, body in mine
                           for k, part in enumerate(_wrap(body, px, width - styles[style] - hang - L.px(4)))]
                hit = cache[key] = (wrapped, after)
            rows += [(style, part, indent, i) for style, part, indent in hit[0]]
            last = hit[1]
        return rows

    def _draw_log(self, surf: pygame.Surface, anim: AnimState, names: tuple[str, ...]) -> None:
        lines = anim.log or []
        area = self.log_text_rect(anim.log_reserve)
        key = self._log_key(anim, area)
        if self._log_cache is None or self._log_cache[0] != key:
            # A frame that already redrew a board or the middle (a move shown) or took long shows
            # the previous log once more and asks for the next frame to bring it up to date: the
            # new lines come one frame (1/60 s) after the move's first picture, and the two frames
            # share the work (issue 18: no frame over 33 ms; issue 29: frames while a computer
            # player thinks — a move shown is most of their cost). Never twice in a row: a table
            # busy every frame (instant speed) still updates its log.
            busy = self.defer_log and (self._drew_fresh
                                       or time.perf_counter() - self._frame_start > _FRAME_SHARE_S)
            if (busy and not self._log_deferred_before and self._log_cache is not None
                    and self._log_cache[0][1] == self.layout.size):
                self.needs_redraw = True
                self._log_deferred = True
            else:
                self._log_cache = (key, self._render_log(lines, names, area, anim))
        surf.blit(self._log_cache[1], area.topleft)
        w = self.log_window
        if w is not None and w.scrolled:
            self._draw_log_badge(surf, w)

    def _log_key(self, anim: AnimState, area: pygame.Rect) -> tuple[object, ...]:
        """Everything the log's picture depends on (its cache key). Keyed by the lines themselves
        (as shown to this viewer), not by how many there are: two viewers' logs can have the same
        length and last line but differ before it."""
        return (tuple(anim.log or []), self.layout.size, area.size, anim.log_top, anim.log_seen, self.log_px())

    def changed_regions(self, size: tuple[int, int], view: PlayerView, anim: AnimState) -> list[pygame.Rect] | None:
        """The parts of the picture :meth:`draw_base` would draw differently now than the last
        time (boards, the middle, the log whose cached pictures no longer fit), or None when it
        must be drawn whole (first picture, a new size or text scale). Everything else
        :meth:`draw_base` draws depends only on the size, so a redraw clipped to these rects
        gives the same picture as a whole one."""
        L = self.layout
        if (self._static is None or self._static.get_size() != size or L.size != size
                or round(L.t / L.s, 4) != text_boost() or anim.highlights
                or (self.log_window is not None and self.log_window.scrolled)):
            return None  # (a scrolled log's badge may sit anywhere under it: drawn whole)
        bounds = pygame.Rect((0, 0), size)
        hidden = anim.timeline.hidden() if anim.timeline is not None else set()
        out: list[pygame.Rect] = []
        for seat in range(view.players):
            hit = self._board_cache.get(seat)
            if hit is None or hit[0] != self._board_key(size, view, seat, hidden, anim):
                out.append(self._board_region(seat, bounds))
        if self._middle_cache is None or self._middle_cache[0] != self._middle_key(size, view, hidden):
            out.append(L.middle.clip(bounds))
        area = self.log_text_rect(anim.log_reserve)
        if self._log_cache is None or self._log_cache[0] != self._log_key(anim, area):
            out.append(area.clip(bounds))
        return [r for r in out if r.w > 0 and r.h > 0]

    def _render_log(self, lines: list[LogLine], names: tuple[str, ...], area: pygame.Rect,
                    anim: AnimState) -> pygame.Surface:
        """The rows of the log that fit ``area``: the newest ones, or from ``anim.log_top`` on
        when the player scrolled back; rows of lines from ``anim.log_seen`` on are marked new."""
        L = self.layout
        gutter = L.px(8)  # the new-line marks sit in it; the text starts where it always did
        bar_w = max(3, L.px(5))  # the scroll bar at the right
        w = area.w - gutter - bar_w - L.px(2)
        out = pygame.Surface(area.size, pygame.SRCALPHA)
        px = self.log_px()
        row_h = art.font(boosted_px(px)).get_linesize()
        colours = {"round": (palette.BRASS_DARK, True, False), "phase": (palette.BRASS_DARK, True, False),
                   "event": (palette.INK, False, False), "reason": (palette.INK_SOFT, False, True)}
        rkey = (tuple(lines), names, w, px)
        if self._rows_cache is None or self._rows_cache[0] != rkey:
            self._rows_cache = (rkey, self._log_rows(lines, names, w))
        rows = self._rows_cache[1]
        fit = max(1, area.h // max(1, row_h))
        if anim.log_top is not None and fit > 2:
            fit -= 1  # the last row holds the "back to the newest" badge
        last_top = max(0, len(rows) - fit)
        top = last_top if anim.log_top is None else max(0, min(last_top, anim.log_top))
        shown = rows[top:top + fit]
        seen = anim.log_seen
        for k, (style, part, indent, i) in enumerate(shown):
            col, bold, italic = colours[style]
            y = k * row_h
            if seen is not None and i >= seen:  # a line the player has not seen yet
                pygame.draw.rect(out, palette.GOLD, (0, y + 1, max(2, L.px(4)), row_h - 2),
                                 border_radius=max(1, L.px(2)))
            out.blit(text(part, px, col, bold, italic), (gutter + indent, y))
        if len(rows) > fit:  # where the window is in the whole log
            track = pygame.Rect(area.w - bar_w, 0, bar_w, fit * row_h)
            pygame.draw.rect(out, (*palette.BRASS, 90), track, border_radius=bar_w // 2)
            th = max(L.px(16), round(track.h * fit / len(rows)))
            ty = round((track.h - th) * top / max(1, last_top))
            pygame.draw.rect(out, palette.BRASS_DARK, (track.x, ty, bar_w, th), border_radius=bar_w // 2)
        below = {i for _s, _p, _d, i in rows[top + fit:]}
        new_below = len([i for i in below if seen is not None and i >= seen]) if anim.log_top is not None else 0
        self.log_window = LogWindow(len(rows), fit, top, pygame.Rect(area.topleft, (area.w, fit * row_h)),
                                    row_h, new_below, anim.log_top is not None)
        return out

    def _draw_log_badge(self, surf: pygame.Surface, w: LogWindow) -> None:
        """Under a scrolled log: "3 new lines below" (or "back to the newest line"), with an arrow;
        a click there goes back to the newest line."""
        L = self.layout
        label = trn("follow.new_lines", w.new_below) if w.new_below else tr("follow.back_to_newest")
        px = self.log_px()
        arrow = max(4, art.font(boosted_px(px)).get_linesize() // 3)
        t = fit_text(label, px, palette.INK, w.rect.w - L.px(28) - 2 * arrow, bool(w.new_below))
        box = t.get_rect().inflate(L.px(16) + 2 * arrow, 2)
        box.h = min(box.h, w.row_h)
        box.midtop = (w.rect.centerx, w.rect.bottom)
        pygame.draw.rect(surf, palette.GOLD_LIGHT, box, border_radius=box.h // 2)
        pygame.draw.rect(surf, palette.BRASS_DARK, box, max(1, L.px(2)), border_radius=box.h // 2)
        tr_ = t.get_rect(midleft=(box.x + L.px(8), box.centery))
        surf.blit(t, tr_)
        ax, ay = tr_.right + L.px(4) + arrow, box.centery
        pygame.draw.polygon(surf, palette.INK, [(ax - arrow, ay - arrow // 2), (ax + arrow, ay - arrow // 2),
                                                (ax, ay + arrow)])
        w.badge = box

    # -- motions ---------------------------------------------------------------------------

    def rect_of(self, key: Key) -> pygame.Rect:
        """Screen rect of a location key used by the animation timeline."""
        L = self.layout
        k = str(key[0])
        if k == "chest":
            _k, seat, area, idx, count = key
            return L.chest_slot(_n(seat), str(area), _n(idx), max(_n(count), _n(idx) + 1))
        if k == "center":  # (never with 2 players: their chests go to the bag, R6.2)
            return L.center_slots[_n(key[1])] if L.has_center else L.bag_icon
        if k == "bag":
            r = L.bag_counts[_n(key[1])] if len(key) > 1 else L.bag_icon
            return pygame.Rect(r.x, r.y, r.h, r.h) if len(key) > 1 else r
        if k == "tray":
            return L.boards[_n(key[1])].tray_slots[min(4, _n(key[2]))]
        if k == "screen":
            tray = L.boards[_n(key[1])].tray
            r = L.boards[_n(key[1])].tray_slots[0].copy()
            r.center = tray.center
            return r
        if k == "die":
            return L.boards[_n(key[1])].action_dice[_n(key[2])][min(4, _n(key[3]))]
        if k == "box":
            return L.boards[_n(key[1])].track_boxes[str(key[2])][_n(key[3]) - 1]
        if k == "pool":
            return L.pool_tiles[min(len(L.pool_tiles) - 1, _n(key[1]))]
        if k == "tile":
            return L.tile_slot(_n(key[1]), _n(key[2]), max(_n(key[3]), _n(key[2]) + 1))
        if k == "supply":
            return L.supply
        if k == "bonus":
            return L.boards[_n(key[1])].bonus[_n(key[2])]
        if k == "action":
            return L.boards[_n(key[1])].actions[_n(key[2])]
        if k == "board":
            return L.boards[_n(key[1])].rect
        return L.canvas

    def draw_motions(self, surf: pygame.Surface, view: PlayerView, tl: Timeline) -> list[pygame.Rect]:
        """Draw the moving things; returns the screen rects they cover (for partial updates)."""
        L = self.layout
        now = tl.now
        touched: list[pygame.Rect] = []
        banners: list[tuple[Motion, Banner]] = []
        for m in sorted(tl.visible(), key=lambda m: m.kind != "pulse"):
            d = m.data
            if isinstance(d, Banner):
                banners.append((m, d))
                continue
            if isinstance(d, ScreenShake):
                touched.append(self._draw_screen(surf, view, d.seat, m.progress(now)))
                continue
            t = m.eased(now)
            if isinstance(d, Pulse):
                r = self.rect_of(m.src or ("board", 0))
                p = m.progress(now)
                a = int(255 * math.sin(math.pi * p))
                g = pygame.Surface(r.inflate(L.px(16), L.px(16)).size, pygame.SRCALPHA)
                col = d.rgb or palette.HIGHLIGHT
                pygame.draw.rect(g, (*col, a), g.get_rect(), L.px(5), border_radius=L.px(12))
                touched.append(surf.blit(g, r.inflate(L.px(16), L.px(16))))
                continue
            a_r = self.rect_of(m.src) if m.src else None
            b_r = self.rect_of(m.dst) if m.dst else a_r
            if a_r is None or b_r is None:
                continue
            if m.ghost and now < m.start:
                t = 0.0
            size = round(lerp(a_r.w, b_r.w, t))
            lift = d.arc if isinstance(d, ChestFlight | TokenSlide | DieFlight | TileFlight) else L.px(60)
            cx, cy = arc(a_r.center, b_r.center, t, lift if m.active(now) else 0)
            if isinstance(d, ChestFlight):
                scale = 1 + 0.25 * math.sin(math.pi * t)
                pic = _scaled(chest_pic(d.colour, b_r.w), max(4, round(size * scale)))
                touched.append(_sh(surf, pic, pic.get_rect(center=(cx, cy)).topleft, 90))
            elif isinstance(d, TokenSlide):
                pc = self.colour_of(d.seat)
                tok = art.token(f"{d.token}_token", b_r.h + L.px(4), pc.rgb)
                hop = abs(math.sin(math.pi * t * max(1, d.steps))) * L.px(10)
                touched.append(_sh(surf, tok, tok.get_rect(center=(cx + L.px(4), cy - hop)).topleft))
            elif isinstance(d, DieTumble):
                pc = self.colour_of(d.seat)
                p = m.progress(now)
                rng = random.Random(int(now * 14) * 31 + d.k)
                face = d.face if p > 0.72 else rng.randrange(6)
                ang = (1 - m.eased(now)) * 360 * (1.5 + d.k * 0.2)
                bounce = abs(math.sin(p * math.pi * 3)) * (1 - p) * L.px(26)
                pic = pictures.die_face(face, d.label, b_r.w, pc.rgb)
                if ang % 360:
                    pic = pygame.transform.rotozoom(pic, ang, 1.0)
                touched.append(_sh(surf, pic, pic.get_rect(center=(b_r.centerx, b_r.centery - bounce)).topleft))
            elif isinstance(d, DieFlight):
                pc = self.colour_of(d.seat)
                base = max(8, round(size * (1 + 0.35 * math.sin(math.pi * t))))
                pic = pictures.die_face(d.face, d.label, b_r.w, pc.rgb)
                spin = d.spin * (1 - t)
                pic = pygame.transform.rotozoom(pic, spin, base / max(1, b_r.w))
                touched.append(_sh(surf, pic, pic.get_rect(center=(cx, cy)).topleft, 90))
            elif isinstance(d, TileFlight):
                pic = _scaled(art.icon(d.art, b_r.w), max(4, size))
                touched.append(_sh(surf, pic, pic.get_rect(center=(cx, cy)).topleft))
            elif isinstance(d, BonusTile):
                val = d.value
                if d.flip:
                    p = m.progress(now)
                    showing = val - 1 if p < 0.5 else val
                    wscale = abs(math.cos(math.pi * p))
                    pic = art.icon(f"bonus_tile_{max(1, showing)}", b_r.w)
                    sq = pygame.transform.smoothscale(pic, (max(1, round(b_r.w * wscale)), b_r.h))
                    touched.append(surf.blit(sq, sq.get_rect(center=b_r.center)))
                else:
                    pic = _scaled(art.icon(f"bonus_tile_{val}", b_r.w), max(4, size))
                    touched.append(_sh(surf, pic, pic.get_rect(center=(cx, cy)).topleft))
        for m, banner in banners:
            shown = self._draw_banner(surf, m, banner, now)
            if shown is not None:
                touched.append(shown)
        return touched

    def _draw_banner(self, surf: pygame.Surface, m: Motion, banner: Banner, now: float) -> pygame.Rect | None:
        L = self.layout
        p = m.progress(now)
        alpha = min(1.0, p / 0.15, (1 - p) / 0.2) if p < 1 else 0.0
        if alpha <= 0:
            return None
        title = text(banner.title, L.px(30), palette.INK, True)
        sub = text(banner.sub, L.px(16), palette.INK_SOFT) if banner.sub else None
        w = max(title.get_width(), sub.get_width() if sub else 0) + L.px(60)
        h = title.get_height() + (sub.get_height() if sub else 0) + L.px(20)
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, (*palette.PARCHMENT_LIGHT, 245), box.get_rect(), border_radius=L.px(14))
        pygame.draw.rect(box, (*palette.BRASS_DARK, 255), box.get_rect(), L.px(3), border_radius=L.px(14))
        box.blit(title, title.get_rect(midtop=(w // 2, L.px(8))))
        if sub:
            box.blit(sub, sub.get_rect(midtop=(w // 2, L.px(8) + title.get_height())))
        box.set_alpha(round(255 * alpha))
        c = L.middle.center
        dy = round((1 - min(1.0, p / 0.15)) * L.px(20))
        r = box.get_rect(center=(c[0], c[1]))
        surf.blit(box, r.move(0, dy))
        return r.inflate(0, L.px(44))

    # -- hit testing & tooltips ------------------------------------------------------------

    def hit_test(self, pos: tuple[int, int], view: PlayerView | None = None) -> HitTarget | None:
        L = self.layout
        for seat, b in enumerate(L.boards):
            if not b.rect.collidepoint(pos):
                continue
            for k, r in enumerate(b.tray_slots):
                if r.collidepoint(pos):
                    return HitTarget("die", seat, k)
            if b.tray.collidepoint(pos):
                return HitTarget("screen", seat)
            for a in range(5):
                if b.bonus[a].collidepoint(pos):
                    return HitTarget("bonus_space", seat, a)
                if b.actions[a].collidepoint(pos):
                    return HitTarget("action_space", seat, a)
            for name in AREA_NAMES:
                if b.areas[name].collidepoint(pos):
                    if view is not None:
                        chests = view.seats[seat].area(name)
                        for k in range(len(chests)):
                            if L.chest_slot(seat, name, k, len(chests)).collidepoint(pos):
                                return HitTarget("chest", seat, k, name)
                    return HitTarget("area", seat, None, name)
            for kind in ("boat", "pirate"):
                if b.track_rows[kind].collidepoint(pos) or b.capacity[kind].collidepoint(pos):
                    return HitTarget("track", seat, None, kind)
            if b.tiles.collidepoint(pos):
                return HitTarget("tile", seat, None)
            if b.start_token.collidepoint(pos):
                return HitTarget("start_token", seat)
            if b.score.collidepoint(pos):
                return HitTarget("score", seat)
            return HitTarget("player", seat)
        for c, r in enumerate(L.center_slots):
            if r.collidepoint(pos):
                return HitTarget("center_chest", None, c)
        if L.has_center and L.center.collidepoint(pos):
            return HitTarget("center", None)
        if L.supply.collidepoint(pos):
            return HitTarget("supply", None)
        if L.bag.collidepoint(pos):
            return HitTarget("bag", None)
        if L.island.collidepoint(pos):
            return HitTarget("pool", None)
        if L.phase.collidepoint(pos):
            return HitTarget("phase", None)
        if L.log.collidepoint(pos):
            return HitTarget("log", None)
        return None

    def tooltip(self, hit: HitTarget, view: PlayerView) -> list[str]:
        """Lines of help text for what is under the mouse (empty: nothing to explain)."""
        names = view.names
        seat = hit.seat if hit.seat is not None else -1
        s = view.seats[seat] if 0 <= seat < len(view.seats) else None
        k = hit.kind
        if k == "chest" and s is not None and hit.area is not None:
            row = s.area(hit.area)
            if hit.index is None or not 0 <= hit.index < len(row):
                return []  # not a chest of this view
            c = row[hit.index]
            return [tr("tip.chest", colour=chest_name(c)),
                    tr("tip.chest_where", name=names[seat], area=tr(AREA_TITLES[hit.area]))]
        if k == "area" and hit.area:
            return [tr(f"tip.area.{hit.area}.1"), tr(f"tip.area.{hit.area}.2")]
        if k == "track" and s is not None:
            kind = hit.area or "boat"
            box = s.token(kind)
            return [tr(f"tip.track.{kind}", box=box, cap=capacity(box)), tr(f"tip.track.{kind}.limits"),
                    tr("tip.track.steps"), tr("tip.track.score")]
        if k == "action_space" and s is not None and hit.index is not None:
            a = hit.index
            dice = s.placed[a]
            vals = " + ".join(f"{DIE_LETTERS[d]}={view.grid[d][a]}" for d in dice) or tr("tip.no_dice")
            line = f"{action_name(a)}: {vals}"
            if s.bonus[a] and dice:
                line += " " + tr("tip.plus_bonus", n=s.bonus[a])
            # With two players only 1st acts, with its own effects (R6.1).
            effect = f"tip.effect.{a}" if view.players > 2 else f"tip.effect2p.{a}"
            return [line, tr(effect), tr("tip.click_positions")]
        if k == "bonus_space" and s is not None and hit.index is not None:
            v = s.bonus[hit.index]
            return [tr("tip.bonus_space", action=action_name(hit.index), value=f"+{v}" if v else tr("tip.empty")),
                    tr("tip.bonus_space.2"), tr("tip.bonus_space.3")]
        if k in ("screen", "die") and s is not None:
            return [tr("tip.screen", name=names[seat]), tr("tip.screen.2")]
        if k == "tile" and s is not None:
            n = len(s.tiles) if s.tiles is not None else s.tile_count
            line = trn("tip.tiles", n)
            if s.tiles is not None:
                line += " " + trn("tip.tiles_own", sum(s.tiles))
            return [line, tr("tip.tiles.2")]
        if k == "start_token":
            return [tr("tip.start"), tr("tip.start.2")]
        if k == "score" and s is not None:
            sc = score_seat(list(s.tortuga), list(s.fleet), list(s.crew), s.boat, s.pirate, list(s.tiles or ()))
            lines = [tr("tip.score", total=sc.total),
                     tr("tip.score.parts", chests=sc.chests, sets=sc.set_points, tracks=sc.tracks)]
            lines.append(tr("tip.score.coins", coins=sc.coins) if s.tiles is not None else tr("tip.score.hidden"))
            return lines
        if k == "player" and s is not None:
            idx = getattr(self.seats[seat], "colour", seat) if self.seats is not None and seat < len(self.seats) else seat
            # "›", not "→": the bundled Noto Sans has no arrows (they drew as empty boxes)
            order = " › ".join(str(i + 1) for i in (*range(view.players), 0))
            return [f"{names[seat]} — {self._kind_label(seat, view)}",
                    tr("tip.colour", colour=tr(PLAYER_COLOUR_KEYS[idx % len(PLAYER_COLOUR_KEYS)])),
                    tr("tip.seat_order", n=seat + 1, order=order)]
        if k in ("center", "center_chest"):
            return [tr("tip.center"), tr("tip.center.2")]
        if k == "supply":
            return [tr("tip.supply", n=view.supply), tr("tip.supply.2")]
        if k == "bag":
            counts = ", ".join(f"{view.bag[c]} {chest_name(c)}" for c in range(5))
            return [tr("tip.bag", counts=counts), tr("tip.bag.2")]
        if k == "pool":
            return [tr("tip.pool", n=view.pool_size), tr("tip.pool.2")]
        if k == "phase":
            return [tr("tip.phase")]
        return []

    def forget_viewer_caches(self) -> None:
        """Forget every layer derived from one viewer's view (the viewer changed)."""
        self._log_cache = None
        self._rows_cache = None
        self._line_cache.clear()
        self._board_cache.clear()
        self._middle_cache = None

    def invalidate(self) -> None:
        """Forget cached layers (after a language or marker change)."""
        self._board_cache.clear()
        self._middle_cache = None
        self._static = None
        self._log_cache = None
        self._rows_cache = None
        self._line_cache.clear()
        text.cache_clear()
        _wrap.cache_clear()


__all__ = ["LOG_MIN_PX", "AnimState", "HitTarget", "LogWindow", "TableRenderer", "readable_px", "draw_marker", "public_score", "text"]
