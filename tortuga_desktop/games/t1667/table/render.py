"""Draws the Tortuga 1667 table for one seat from that seat's view, and its decision panel.

:class:`Table1667Renderer` paints a :class:`~...t1667.rules.PlayerView` (never the game): the seat
strip, the mat (Galleon, *Flying Dutchman*, *Jolly Roger*, rowboats, Tortuga), the event row with
this seat's marks, the decks and the discard pile, this seat's loyalty and vote hand, and a
:class:`~..panel1667.Panel` in the side column. Where things go is :mod:`..layout1667`; the words
are the ``p1667.*`` translations. Colour is never the only cue: every seat has a shape as well as
a colour (:data:`SEAT_STYLES`), and each loyalty a badge shape (:data:`LOYALTY_STYLES`): British
a square with a cross, French a round badge with a ring, Dutch a triangle.

Art is drawn by code (ships, rowboats, cards, vote symbols) plus the project's SVGs (coins, pirate
pawns, skull); text uses the project's font (:func:`..art.font`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from tortuga_desktop.games.t1667.rules.cards import EventCard, Loyalty, Ship, Side, VoteCard, VoteKind
from tortuga_desktop.games.t1667.rules.state import Kind
from tortuga_desktop.games.t1667.rules.views import PlayerView, PublicView, TableView
from tortuga_desktop.games.t1667.table.layout import MIN_TEXT_PX, Rect, Table1667Layout, table_layout
from tortuga_desktop.games.t1667.table.panel import Panel, PanelState, say
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import get_language, tr
from tortuga_desktop.shell.layout import wrap_lines

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class SeatStyle:
    """A seat's colour and the shape drawn with it (colour-blind marker)."""

    rgb: RGB
    shape: str


#: Nine seat styles: distinct in hue and lightness, each with its own shape.
SEAT_STYLES: tuple[SeatStyle, ...] = tuple(SeatStyle(rgb, shape) for rgb, shape in palette.TABLE_SEATS)

#: Loyalty colours and badge shapes (the flags on vote cards, the holds and treasure areas use them too).
LOYALTY_STYLES: dict[Loyalty, SeatStyle] = {
    Loyalty.BRITISH: SeatStyle((0xB8, 0x2A, 0x2A), "british"),
    Loyalty.FRENCH: SeatStyle((0x26, 0x52, 0xA8), "french"),
    Loyalty.DUTCH: SeatStyle((0xE2, 0x7B, 0x12), "dutch"),
}
SIDE_LOYALTY = {Side.BRITISH: Loyalty.BRITISH, Side.FRENCH: Loyalty.FRENCH}

WOOD = (0x7A, 0x4A, 0x24)
WOOD_DARK = (0x4A, 0x2A, 0x12)
SAND = (0xE6, 0xCF, 0x94)
CARD_BACK = (0x6E, 0x1E, 0x22)
VOTE_BACK = (0x1F, 0x3B, 0x5C)
EXPLOSION = (0xF0, 0x7A, 0x10)
BRASS_TUBE = (0xB8, 0x8A, 0x3A)


# ------------------------------------------------------------------------------------- small helpers
@lru_cache(maxsize=2048)
def _text(s: str, px: int, rgb: RGB, bold: bool = False) -> pygame.Surface:
    return art.font(px, bold).render(s, True, rgb)


def fit(s: str, px: int, rgb: RGB, max_w: int, bold: bool = False, floor: int = MIN_TEXT_PX) -> pygame.Surface:
    """``s`` at ``px``, smaller (down to ``floor``) until it fits ``max_w``; cut with an ellipsis below that."""
    surf = _text(s, px, rgb, bold)
    while surf.get_width() > max_w and px > floor:
        px -= 1
        surf = _text(s, px, rgb, bold)
    if surf.get_width() > max_w and len(s) > 1:
        while len(s) > 1 and art.font(px, bold).size(s + "…")[0] > max_w:
            s = s[:-1]
        surf = _text(s.rstrip() + "…", px, rgb, bold)
    return surf


def R(r: Rect) -> pygame.Rect:
    return pygame.Rect(r)


def blit_center(surf: pygame.Surface, pic: pygame.Surface, center: tuple[int, int]) -> None:
    surf.blit(pic, pic.get_rect(center=center))


def rounded(surf: pygame.Surface, r: Rect | pygame.Rect, fill: RGB, border: RGB | None, radius: int,
            width: int = 2) -> None:
    pygame.draw.rect(surf, fill, r, border_radius=radius)
    if border is not None and width:
        pygame.draw.rect(surf, border, r, width, border_radius=radius)


def shape(surf: pygame.Surface, kind: str, center: tuple[float, float], r: float, rgb: RGB,
          ink: RGB = palette.INK) -> None:
    """A marker shape of radius ``r`` (seat shapes and loyalty badges), filled and outlined."""
    cx, cy = center
    lw = max(1, round(r / 6))
    pts: list[tuple[float, float]]
    if kind in ("circle", "french"):
        pygame.draw.circle(surf, rgb, (cx, cy), r)
        pygame.draw.circle(surf, ink, (cx, cy), r, lw)
        if kind == "french":
            pygame.draw.circle(surf, palette.BONE, (cx, cy), r * 0.55, max(1, round(r / 5)))
            pygame.draw.circle(surf, palette.BONE, (cx, cy), max(1, r * 0.18))
        return
    if kind in ("square", "british"):
        rect = pygame.Rect(0, 0, round(r * 1.75), round(r * 1.75))
        rect.center = (round(cx), round(cy))
        pygame.draw.rect(surf, rgb, rect, border_radius=max(1, round(r / 5)))
        if kind == "british":
            t = max(2, round(r / 3.2))
            pygame.draw.rect(surf, palette.BONE, (rect.x, rect.centery - t // 2, rect.w, t))
            pygame.draw.rect(surf, palette.BONE, (rect.centerx - t // 2, rect.y, t, rect.h))
        pygame.draw.rect(surf, ink, rect, lw, border_radius=max(1, round(r / 5)))
        return
    if kind in ("triangle", "dutch"):
        pts = [(cx, cy - r * 1.05), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
    elif kind == "down":
        pts = [(cx, cy + r * 1.05), (cx + r, cy - r * 0.8), (cx - r, cy - r * 0.8)]
    elif kind == "diamond":
        pts = [(cx, cy - r * 1.1), (cx + r * 0.85, cy), (cx, cy + r * 1.1), (cx - r * 0.85, cy)]
    elif kind == "star":
        pts = [(cx + (r * 1.1 if k % 2 == 0 else r * 0.5) * math.sin(k * math.pi / 5),
                cy - (r * 1.1 if k % 2 == 0 else r * 0.5) * math.cos(k * math.pi / 5)) for k in range(10)]
    elif kind == "hexagon":
        pts = [(cx + r * math.cos(k * math.pi / 3), cy + r * math.sin(k * math.pi / 3)) for k in range(6)]
    elif kind == "pentagon":
        pts = [(cx + r * math.sin(k * 2 * math.pi / 5), cy - r * math.cos(k * 2 * math.pi / 5)) for k in range(5)]
    else:  # cross
        a, b = r, r * 0.38
        pts = [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
               (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
               (cx - a, cy - b), (cx - b, cy - b)]
    pygame.draw.polygon(surf, rgb, pts)
    if kind == "dutch":
        pygame.draw.line(surf, palette.BONE, (cx - r * 0.45, cy + r * 0.25), (cx + r * 0.45, cy + r * 0.25),
                         max(1, round(r / 4)))
    pygame.draw.polygon(surf, ink, pts, lw)


def coin(size: int) -> pygame.Surface:
    return art.icon("coin", max(8, size))


# vote-card symbols, drawn by code ------------------------------------------------------------
def symbol(surf: pygame.Surface, sym: str, center: tuple[int, int], r: int) -> None:
    """A vote-card symbol: C cannon, T torch, W water, B/F flag (BB/FF two flags), S skull, H helm."""
    cx, cy = center
    ink = palette.INK
    lw = max(1, r // 6)
    if sym == "C":
        barrel = [(cx - r * 0.9, cy - r * 0.1), (cx + r * 0.8, cy - r * 0.55), (cx + r * 0.95, cy - r * 0.05),
                  (cx - r * 0.7, cy + r * 0.35)]
        pygame.draw.polygon(surf, (0x3A, 0x3A, 0x40), barrel)
        pygame.draw.polygon(surf, ink, barrel, lw)
        pygame.draw.circle(surf, WOOD, (cx - r * 0.2, cy + r * 0.45), r * 0.45)
        pygame.draw.circle(surf, ink, (cx - r * 0.2, cy + r * 0.45), r * 0.45, lw)
        pygame.draw.circle(surf, ink, (cx + r * 0.9, cy - r * 0.3), max(1, r * 0.16))
    elif sym == "T":
        pygame.draw.line(surf, WOOD_DARK, (cx - r * 0.25, cy + r), (cx + r * 0.1, cy - r * 0.1), max(2, r // 3))
        flame = [(cx + r * 0.15, cy - r * 1.0), (cx + r * 0.6, cy - r * 0.25), (cx + r * 0.25, cy + r * 0.05),
                 (cx - r * 0.3, cy - r * 0.1), (cx - r * 0.2, cy - r * 0.5)]
        pygame.draw.polygon(surf, (0xF2, 0x8C, 0x1E), flame)
        pygame.draw.polygon(surf, (0xFF, 0xD8, 0x4A), [(cx + r * 0.12, cy - r * 0.6), (cx + r * 0.35, cy - r * 0.2),
                                                       (cx - r * 0.05, cy - r * 0.15)])
        pygame.draw.polygon(surf, ink, flame, lw)
    elif sym == "W":
        drop = [(cx, cy - r), (cx + r * 0.62, cy + r * 0.1), (cx, cy + r * 0.85), (cx - r * 0.62, cy + r * 0.1)]
        pygame.draw.polygon(surf, (0x3C, 0x9A, 0xD8), drop)
        pygame.draw.circle(surf, (0x3C, 0x9A, 0xD8), (cx, cy + r * 0.25), r * 0.6)
        pygame.draw.circle(surf, ink, (cx, cy + r * 0.25), r * 0.6, lw, draw_top_left=False, draw_top_right=False,
                           draw_bottom_left=True, draw_bottom_right=True)
        pygame.draw.lines(surf, ink, False, [(cx - r * 0.6, cy + r * 0.2), (cx, cy - r), (cx + r * 0.6, cy + r * 0.2)], lw)
    elif sym in ("B", "F", "BB", "FF"):
        style = LOYALTY_STYLES[Loyalty.BRITISH if sym[0] == "B" else Loyalty.FRENCH]
        if len(sym) == 2:
            shape(surf, style.shape, (cx - r * 0.5, cy), r * 0.55, style.rgb)
            shape(surf, style.shape, (cx + r * 0.5, cy), r * 0.55, style.rgb)
        else:
            shape(surf, style.shape, (cx, cy), r * 0.75, style.rgb)
    elif sym == "S":
        pic = art.icon("skull", max(8, round(r * 2)))
        blit_center(surf, pic, (cx, cy))
    else:  # H: the ship's wheel
        rim = (0x8A, 0x5A, 0x2A)
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(surf, rim, (cx, cy), (cx + r * math.cos(a), cy + r * math.sin(a)), max(2, r // 5))
        pygame.draw.circle(surf, rim, (cx, cy), r * 0.7, max(2, r // 4))
        pygame.draw.circle(surf, ink, (cx, cy), r * 0.7, lw)
        pygame.draw.circle(surf, palette.BRASS, (cx, cy), max(2, r * 0.22))


def vote_card(surf: pygame.Surface, r: pygame.Rect, card: VoteCard, highlight: VoteKind | None = None) -> None:
    """A vote card face: three sections (attack, brawl, mutiny) stacked; ``highlight`` marks the one a vote reads."""
    surf.blit(_vote_face(r.size, card, highlight), r.topleft)


@lru_cache(maxsize=256)
def _vote_face(size: tuple[int, int], card: VoteCard, highlight: VoteKind | None) -> pygame.Surface:
    out = pygame.Surface(size, pygame.SRCALPHA)
    _draw_vote_card(out, pygame.Rect((0, 0), size), card, highlight)
    return out


def _draw_vote_card(surf: pygame.Surface, r: pygame.Rect, card: VoteCard, highlight: VoteKind | None) -> None:
    rad = max(3, r.w // 9)
    rounded(surf, r, palette.PARCHMENT_LIGHT, palette.INK, rad, max(1, r.w // 30))
    sec_h = r.h / 3
    flag = card.flag * (2 if card.double else 1)
    for i, (sym, kind) in enumerate(((card.top, VoteKind.ATTACK), (flag, VoteKind.BRAWL), (card.bottom, VoteKind.MUTINY))):
        sec = pygame.Rect(r.x + 3, round(r.y + i * sec_h + 2), r.w - 6, round(sec_h - 4))
        if highlight is kind:
            pygame.draw.rect(surf, palette.GOLD_LIGHT, sec, border_radius=rad)
        if i:
            pygame.draw.line(surf, palette.PARCHMENT_DARK, (r.x + 4, sec.y - 2), (r.right - 5, sec.y - 2), 1)
        symbol(surf, sym, sec.center, max(4, min(sec.w, sec.h) // 2 - 3))


def card_back(surf: pygame.Surface, r: pygame.Rect, fill: RGB, emblem: str) -> None:
    """A face-down card: a dark frame with a compass rose (event) or a flag pair (vote)."""
    surf.blit(_back(r.size, fill, emblem), r.topleft)


@lru_cache(maxsize=32)
def _back(size: tuple[int, int], fill: RGB, emblem: str) -> pygame.Surface:
    out = pygame.Surface(size, pygame.SRCALPHA)
    _draw_back(out, pygame.Rect((0, 0), size), fill, emblem)
    return out


def _draw_back(surf: pygame.Surface, r: pygame.Rect, fill: RGB, emblem: str) -> None:
    rad = max(3, r.w // 9)
    rounded(surf, r, fill, palette.INK, rad, max(1, r.w // 30))
    inner = r.inflate(-max(4, r.w // 8), -max(4, r.w // 8))
    pygame.draw.rect(surf, palette.BRASS, inner, max(1, r.w // 40), border_radius=max(2, rad - 2))
    c = inner.center
    k = min(inner.w, inner.h) // 3
    if emblem == "event":
        for a in range(4):
            ang = a * math.pi / 2
            tip = (c[0] + k * math.cos(ang), c[1] + k * math.sin(ang))
            left = (c[0] + k * 0.25 * math.cos(ang + math.pi / 2), c[1] + k * 0.25 * math.sin(ang + math.pi / 2))
            right = (c[0] + k * 0.25 * math.cos(ang - math.pi / 2), c[1] + k * 0.25 * math.sin(ang - math.pi / 2))
            pygame.draw.polygon(surf, palette.GOLD if a % 2 == 0 else palette.BRASS, [tip, left, c, right])
        pygame.draw.circle(surf, palette.BRASS_DARK, c, max(2, k // 4))
    else:
        shape(surf, "british", (c[0] - k * 0.45, c[1]), k * 0.42, LOYALTY_STYLES[Loyalty.BRITISH].rgb)
        shape(surf, "french", (c[0] + k * 0.45, c[1]), k * 0.42, LOYALTY_STYLES[Loyalty.FRENCH].rgb)


#: a small picture for each event card (its kind at a glance)
def event_glyph(surf: pygame.Surface, card: EventCard, center: tuple[int, int], r: int) -> None:
    cx, cy = center
    ink = palette.INK
    lw = max(1, r // 7)
    if card is EventCard.ALBATROSS:
        pygame.draw.lines(surf, ink, False, [(cx - r, cy - r * 0.1), (cx - r * 0.4, cy - r * 0.45), (cx, cy),
                                             (cx + r * 0.4, cy - r * 0.45), (cx + r, cy - r * 0.1)], max(2, r // 4))
    elif card is EventCard.MAP:
        pygame.draw.rect(surf, SAND, (cx - r, cy - r * 0.7, r * 2, r * 1.4), border_radius=max(1, r // 5))
        pygame.draw.rect(surf, ink, (cx - r, cy - r * 0.7, r * 2, r * 1.4), lw, border_radius=max(1, r // 5))
        d = r * 0.35
        pygame.draw.line(surf, palette.DANGER, (cx + r * 0.2 - d, cy - d), (cx + r * 0.2 + d, cy + d), max(2, r // 4))
        pygame.draw.line(surf, palette.DANGER, (cx + r * 0.2 - d, cy + d), (cx + r * 0.2 + d, cy - d), max(2, r // 4))
    elif card is EventCard.MARQUE:
        pygame.draw.rect(surf, palette.PARCHMENT_LIGHT, (cx - r * 0.8, cy - r, r * 1.6, r * 2), border_radius=2)
        pygame.draw.rect(surf, ink, (cx - r * 0.8, cy - r, r * 1.6, r * 2), lw, border_radius=2)
        for k in range(3):
            y = cy - r * 0.6 + k * r * 0.35
            pygame.draw.line(surf, palette.INK_SOFT, (cx - r * 0.5, y), (cx + r * 0.5, y), 1)
        pygame.draw.circle(surf, palette.DANGER, (cx + r * 0.3, cy + r * 0.55), r * 0.3)
    elif card is EventCard.PISTOL:
        pygame.draw.polygon(surf, (0x44, 0x44, 0x4A), [(cx - r, cy - r * 0.35), (cx + r * 0.8, cy - r * 0.35),
                                                      (cx + r * 0.8, cy), (cx - r * 0.1, cy)])
        pygame.draw.polygon(surf, WOOD, [(cx - r * 0.1, cy), (cx + r * 0.35, cy), (cx + r * 0.1, cy + r),
                                         (cx - r * 0.45, cy + r)])
        pygame.draw.polygon(surf, ink, [(cx - r, cy - r * 0.35), (cx + r * 0.8, cy - r * 0.35), (cx + r * 0.8, cy),
                                        (cx + r * 0.35, cy), (cx + r * 0.1, cy + r), (cx - r * 0.45, cy + r),
                                        (cx - r * 0.1, cy), (cx - r, cy)], lw)
    elif card is EventCard.SPOT:
        pygame.draw.circle(surf, palette.PARCHMENT_LIGHT, (cx, cy), r)
        pygame.draw.circle(surf, ink, (cx, cy), r, lw)
        pygame.draw.circle(surf, (0x15, 0x10, 0x0C), (cx, cy), r * 0.55)
    elif card is EventCard.POWDER:
        explosion(surf, (cx, cy), r)
    elif card is EventCard.ARMADA:
        for k in (-1, 0, 1):
            ship_pic(surf, pygame.Rect(cx + k * r * 0.55 - r * 0.5, cy - r * 0.5 + abs(k) * r * 0.3, r, r),
                     (0x9A, 0x2A, 0x20))
    elif card is EventCard.NEST:  # a spyglass
        pygame.draw.line(surf, BRASS_TUBE, (cx - r, cy + r * 0.6), (cx + r * 0.7, cy - r * 0.5), max(3, r // 2))
        pygame.draw.line(surf, ink, (cx - r, cy + r * 0.6), (cx + r * 0.7, cy - r * 0.5), 1)
        pygame.draw.circle(surf, palette.SEA_LIGHT, (cx + r * 0.75, cy - r * 0.55), max(2, r * 0.3))
        pygame.draw.circle(surf, ink, (cx + r * 0.75, cy - r * 0.55), max(2, r * 0.3), 1)
    elif card is EventCard.FACADE:  # a mask
        mask = pygame.Rect(0, 0, r * 2, r * 1.2)
        mask.center = (cx, cy)
        pygame.draw.ellipse(surf, palette.BONE, mask)
        pygame.draw.ellipse(surf, ink, mask, lw)
        for dx in (-0.45, 0.45):
            pygame.draw.ellipse(surf, ink, (cx + r * dx - r * 0.28, cy - r * 0.22, r * 0.56, r * 0.36))
    elif card is EventCard.FEVER:  # a line turned around: two opposite arrows
        for dy, sign in ((-0.35, 1), (0.35, -1)):
            y = cy + r * dy
            pygame.draw.line(surf, ink, (cx - r * 0.8, y), (cx + r * 0.8, y), max(2, r // 5))
            tip = cx + sign * r
            pygame.draw.polygon(surf, ink, [(tip, y), (tip - sign * r * 0.4, y - r * 0.28), (tip - sign * r * 0.4, y + r * 0.28)])
    elif card is EventCard.WINDS:  # gusts
        for k, dy in enumerate((-0.5, 0.0, 0.5)):
            box = (cx - r + k * r * 0.2, cy + r * dy - r * 0.3, r * 1.6, r * 0.6)
            pygame.draw.arc(surf, palette.SEA, box, 0, math.pi, max(2, r // 5))
    elif card is EventCard.RUM:  # a bottle
        pygame.draw.rect(surf, (0x6B, 0x3A, 0x1A), (cx - r * 0.45, cy - r * 0.2, r * 0.9, r * 1.2), border_radius=max(1, r // 4))
        pygame.draw.rect(surf, (0x6B, 0x3A, 0x1A), (cx - r * 0.15, cy - r, r * 0.3, r * 0.85))
        pygame.draw.rect(surf, ink, (cx - r * 0.45, cy - r * 0.2, r * 0.9, r * 1.2), lw, border_radius=max(1, r // 4))
        pygame.draw.rect(surf, palette.BONE, (cx - r * 0.35, cy + r * 0.15, r * 0.7, r * 0.4))
    elif card is EventCard.SCURVY:  # a vote card struck out
        pygame.draw.rect(surf, VOTE_BACK, (cx - r * 0.55, cy - r * 0.8, r * 1.1, r * 1.6), border_radius=max(1, r // 5))
        pygame.draw.line(surf, palette.DANGER, (cx - r * 0.8, cy + r * 0.8), (cx + r * 0.8, cy - r * 0.8), max(2, r // 3))
    else:  # REPRISAL: a treasure going back (a coin and an arrow)
        blit_center(surf, coin(max(8, round(r * 1.3))), (round(cx - r * 0.3), round(cy + r * 0.2)))
        pygame.draw.line(surf, palette.DANGER, (cx + r * 0.5, cy + r * 0.6), (cx + r * 0.5, cy - r * 0.5), max(2, r // 4))
        pygame.draw.polygon(surf, palette.DANGER, [(cx + r * 0.5, cy - r), (cx + r * 0.15, cy - r * 0.45),
                                                   (cx + r * 0.85, cy - r * 0.45)])
    if card.starred:
        shape(surf, "star", (cx + r * 0.95, cy - r * 0.95), max(3, r * 0.35), palette.GOLD)


def explosion(surf: pygame.Surface, center: tuple[int, int], r: int) -> None:
    cx, cy = center
    pts = [(cx + (r if k % 2 == 0 else r * 0.5) * math.cos(k * math.pi / 8),
            cy + (r if k % 2 == 0 else r * 0.5) * math.sin(k * math.pi / 8)) for k in range(16)]
    pygame.draw.polygon(surf, EXPLOSION, pts)
    pygame.draw.polygon(surf, palette.INK, pts, max(1, r // 8))
    pygame.draw.circle(surf, palette.GOLD_LIGHT, (cx, cy), max(2, r * 0.35))


def ship_pic(surf: pygame.Surface, r: pygame.Rect, hull: RGB) -> None:
    """A small sailing ship (the Galleon's picture, the Armada card)."""
    h = r.h
    base = [(r.x, r.y + h * 0.62), (r.right, r.y + h * 0.62), (r.right - r.w * 0.15, r.bottom),
            (r.x + r.w * 0.15, r.bottom)]
    pygame.draw.polygon(surf, hull, base)
    pygame.draw.polygon(surf, palette.INK, base, max(1, h // 16))
    mx = r.centerx
    pygame.draw.line(surf, palette.INK, (mx, r.y), (mx, r.y + h * 0.62), max(1, h // 16))
    pygame.draw.polygon(surf, palette.BONE, [(mx + 1, r.y + h * 0.08), (mx + r.w * 0.35, r.y + h * 0.5),
                                             (mx + 1, r.y + h * 0.5)])
    pygame.draw.polygon(surf, palette.BONE, [(mx - 1, r.y + h * 0.12), (mx - r.w * 0.3, r.y + h * 0.5),
                                             (mx - 1, r.y + h * 0.5)])


# ------------------------------------------------------------------------------------- the renderer
class Table1667Renderer:
    """Draws a seat's view of a 1667 table; :meth:`set_size` when the window changes."""

    def __init__(self, size: tuple[int, int], players: int) -> None:
        self.layout: Table1667Layout = table_layout(size, players)
        self._static: pygame.Surface | None = None
        #: the last frame drawn and what it was drawn from (views and panels are frozen values)
        self._frame: pygame.Surface | None = None
        #: per section of the frame, what it was last drawn from
        self._keys: dict[str, object] = {}
        #: per seat, what its plaque in the strip was last drawn from (see :meth:`_seat_key`)
        self._seat_keys: dict[int, object] = {}
        self._pawns: dict[object, pygame.Surface] = {}
        #: the seat drawn as "you" (None on a shared screen)
        self._me: int | None = None
        #: a finished game's replay with everything revealed (see :meth:`draw`)
        self._revealed = False
        #: the share of the side column's height the decision panel takes (the table scene puts
        #: its log below it)
        self.panel_share = 1.0
        #: the panel's buttons as last drawn: (rect, "group" or "option", index), for clicks
        self.panel_hits: list[tuple[pygame.Rect, str, int]] = []

    def set_size(self, size: tuple[int, int]) -> None:
        if size != self.layout.size:
            self.layout = table_layout(size, self.layout.players)
            self._static = None
            self._frame = None
            self._pawns.clear()

    # -- public -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: TableView, panel: Panel | None = None,
             state: PanelState | None = None, *, shared: bool = False, revealed: bool = False) -> None:
        """Draw ``view`` (one seat's :class:`PlayerView`, T9) and the decision ``panel`` onto ``surface``.

        ``shared``: the screen several players look at (hot-seat between turns): only what is public is
        drawn (no loyalty before the end, no vote hand, no viewed card, no card chosen in a vote, no
        panel, nobody is "you"), so any seat's view gives the same picture.

        ``revealed``: a finished game's replay with everything revealed (its view holds every loyalty and row
        card): those are drawn although nobody is "you".

        Raises TypeError for anything but a view: the renderer is handed what a seat may see, never a game."""
        if not isinstance(view, TableView):
            raise TypeError(f"the 1667 table draws a seat's PlayerView or the PublicView, not {type(view).__name__}")
        if view.players != self.layout.players:
            raise ValueError(f"a {view.players}-seat view on a {self.layout.players}-seat table")
        if surface.get_size() != self.layout.size:
            self.set_size(surface.get_size())
        if isinstance(view, PublicView):
            shared = True  # the public view is nobody's: only a shared screen can show it
        self._me = view.seat if isinstance(view, PlayerView) and not shared else None
        self._revealed = revealed
        if shared:
            panel, state = None, None
        if self._static is None or self._frame is None:
            self._static = self._build_static(surface.get_size())
            self._frame = self._static.copy()
            self._keys = {}
            self._seat_keys = {}
        frame = self._frame
        L_seats = self.layout.seats
        for name, region, key in self._sections(view, panel, state):
            if self._keys.get(name) == key:
                continue  # this part of the table shows the same as last frame
            if name == "strip":  # seat by seat: a move changes one or two plaques, not nine
                drawn = self._keys.get(name) is not None
                for seat in range(view.players):
                    seat_key = self._seat_key(view, seat)
                    if drawn and self._seat_keys.get(seat) == seat_key:
                        continue
                    plaque = R(L_seats[seat].rect).clip(region)
                    frame.set_clip(plaque)
                    frame.blit(self._static, plaque, plaque)
                    self._seat(frame, view, seat)
                    self._seat_keys[seat] = seat_key
                frame.set_clip(None)
                self._keys[name] = key
                continue
            frame.set_clip(region)
            frame.blit(self._static, region, region)
            if name == "mat":
                self._last_vote(frame, view)
                self._galleon(frame, view)
                self._status(frame, view)
                for ship in (Ship.FD, Ship.JR):
                    self._ship(frame, view, ship)
                self._rowboats(frame, view)
                self._tortuga(frame, view)
            elif name == "band":
                self._mine(frame, view)
                self._row(frame, view)
                self._decks(frame, view)
            else:
                self._panel(frame, view, panel, state)
            frame.set_clip(None)
            self._keys[name] = key
        surface.blit(frame, (0, 0))

    def _seat_key(self, view: TableView, seat: int) -> object:
        """What :meth:`_seat` draws ``seat``'s plaque from (with the strip's common fields, compared as a whole)."""
        vote = view.vote
        voting = None if vote is None or seat not in vote.participants else seat in vote.chosen
        outcome = view.outcome
        return (get_language(), art.markers_on(), self._me == seat, self._me is None, view.names[seat],
                view.loyalties[seat], outcome is None and seat == view.active, outcome is None,
                outcome is not None and seat in outcome.winners, view.hand_sizes[seat], view.front[seat], voting)

    def restore(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Put back ``rect`` of the last frame drawn (the table without what a scene drew over it)."""
        if self._frame is not None:
            surface.blit(self._frame, rect, rect)

    def _sections(self, view: TableView, panel: Panel | None,
                  state: PanelState | None) -> list[tuple[str, pygame.Rect, object]]:
        """The four parts of the frame, each with the view fields it shows (redrawn only when they change)."""
        L = self.layout
        w, h = L.size
        top, bottom = L.mat[1], L.mat[1] + L.mat[3]
        side_x = L.side[0]
        common = (get_language(), art.markers_on(), self._me, self._revealed, view.names)
        return [
            ("strip", pygame.Rect(0, 0, side_x, top),
             (common, view.loyalties, view.hand_sizes, view.front, view.active, view.vote, view.outcome)),
            ("mat", R(L.mat),
             (common, view.fd, view.jr, view.tortuga_line, view.rowboats, view.destroyed, view.galleon, view.holds,
              view.tortuga, view.last_vote, view.vote, view.active, view.actions_left, view.resolving,
              view.final_row, view.sudden_death, view.outcome, view.loyalty_mix)),
            ("band", pygame.Rect(0, bottom, side_x, h - bottom),
             (common, getattr(view, "loyalty", None), getattr(view, "hand", ()), view.vote, view.row, view.pending, view.deck_size,
              view.vote_deck_size, view.discard, view.armada_at_bottom)),
            ("side", pygame.Rect(side_x, 0, w - side_x, h), (common, panel, state)),
        ]

    # -- static layer --------------------------------------------------------------------
    def _build_static(self, size: tuple[int, int]) -> pygame.Surface:
        L = self.layout
        surf = pygame.Surface(size)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert()
        w, h = size
        for y in range(h):
            t = y / max(1, h - 1)
            pygame.draw.line(surf, palette.mix(palette.TABLE, palette.TABLE_DARK, 0.3 + 0.5 * abs(t - 0.45)), (0, y), (w, y))
        rng = random.Random(1667)
        for _ in range(w * h // 6000):
            x, y = rng.randrange(w), rng.randrange(h)
            c = palette.mix(palette.TABLE, palette.TABLE_LIGHT if rng.random() < 0.5 else palette.TABLE_DARK, 0.35)
            pygame.draw.line(surf, c, (x, y), (x + rng.randrange(L.px(20), L.px(100) + 1), y), 1)
        # the sea
        mat = R(L.mat)
        rounded(surf, mat, palette.SEA, palette.BRASS_DARK, L.px(14), L.px(3))
        for _ in range(int(mat.w * mat.h / 2500)):
            x = rng.randrange(mat.x + L.px(10), mat.right - L.px(20))
            y = rng.randrange(mat.y + L.px(10), mat.bottom - L.px(10))
            pygame.draw.arc(surf, palette.SEA_LIGHT, (x, y, L.px(16), L.px(8)), 0.2, math.pi - 0.2, max(1, L.px(1)))
        # the band and the side
        band = R(L.band).inflate(L.px(8), L.px(8))
        rounded(surf, band, palette.mix(palette.FELT, palette.INK, 0.25), palette.BRASS_DARK, L.px(12), L.px(2))
        rounded(surf, R(L.side), palette.PARCHMENT, palette.BRASS_DARK, L.px(12), L.px(3))
        # ships: hulls and their pawn places
        for ship, sb in L.ships:
            self._hull(surf, ship, R(sb.rect))
            for pr in sb.places:
                deck = pygame.Surface(R(pr).size, pygame.SRCALPHA)
                pygame.draw.rect(deck, (*palette.PARCHMENT_DARK, 70), deck.get_rect(), border_radius=L.px(6))
                surf.blit(deck, R(pr))
            name = fit(tr(f"p1667.loc.{ship.value}.name"), L.px_title, palette.BONE, sb.title[2], True)
            blit_center(surf, name, R(sb.title).center)
        # Tortuga: the island
        tb = R(L.tortuga.rect)
        pygame.draw.ellipse(surf, palette.SEA_LIGHT, tb.inflate(L.px(10), L.px(6)))
        pygame.draw.ellipse(surf, SAND, tb)
        pygame.draw.ellipse(surf, palette.BRASS_DARK, tb, max(1, L.px(2)))
        green = R(L.tortuga.places[0]).union(R(L.tortuga.places[-1])).inflate(L.px(8), L.px(8))
        pygame.draw.rect(surf, (0x8F, 0xA8, 0x5A), green, border_radius=L.px(16))
        for pr in L.tortuga.places:
            deck = pygame.Surface(R(pr).size, pygame.SRCALPHA)
            pygame.draw.rect(deck, (*SAND, 150), deck.get_rect(), border_radius=L.px(6))
            surf.blit(deck, R(pr))
        title = fit(tr("p1667.loc.tortuga.name"), L.px_title, palette.INK, L.tortuga.title[2], True)
        blit_center(surf, title, R(L.tortuga.title).center)
        # labels over the band
        for k, lab in enumerate(L.row_labels):
            blit_center(surf, _text(str(k + 1), L.px_small, palette.BONE, True), R(lab).center)
        return surf

    def _hull(self, surf: pygame.Surface, ship: Ship, r: pygame.Rect) -> None:
        L = self.layout
        bow_right = ship is Ship.FD
        top, bottom = r.y + L.px(30), r.bottom - L.px(4)
        inset = L.px(26)
        if bow_right:
            pts = [(r.x, top), (r.right - inset, top), (r.right, top + (bottom - top) * 0.35), (r.right - inset, bottom),
                   (r.x + L.px(10), bottom)]
        else:
            pts = [(r.right, top), (r.x + inset, top), (r.x, top + (bottom - top) * 0.35), (r.x + inset, bottom),
                   (r.right - L.px(10), bottom)]
        pygame.draw.polygon(surf, WOOD, pts)
        for k in range(1, 6):
            y = top + (bottom - top) * k / 6
            pygame.draw.line(surf, WOOD_DARK, (r.x + L.px(12), y), (r.right - L.px(12), y), max(1, L.px(1)))
        pygame.draw.polygon(surf, palette.INK, pts, max(2, L.px(3)))
        # a row of gun ports along the side
        port_y = top + (bottom - top) * 0.55
        for k in range(6):
            x = r.x + L.px(30) + k * (r.w - L.px(70)) // 5
            port = pygame.Rect(0, 0, L.px(18), L.px(14))
            port.center = (x, round(port_y))
            pygame.draw.rect(surf, WOOD_DARK, port, border_radius=L.px(2))
            pygame.draw.rect(surf, palette.BRASS_DARK, port, max(1, L.px(1)), border_radius=L.px(2))
            pygame.draw.circle(surf, palette.INK, port.center, L.px(4))
        pygame.draw.rect(surf, WOOD_DARK, (r.x + L.px(6), r.y, r.w - L.px(12), L.px(26)), border_radius=L.px(6))

    # -- seats -----------------------------------------------------------------------------
    def _seat(self, surf: pygame.Surface, view: TableView, seat: int) -> None:
        L = self.layout
        b = L.seats[seat]
        style = SEAT_STYLES[seat]
        active = view.outcome is None and seat == view.active
        border = palette.GOLD if active else palette.BRASS_DARK
        rounded(surf, R(b.rect), palette.PARCHMENT_LIGHT if seat == self._me else palette.PARCHMENT, border,
                L.px(8), L.px(4) if active else L.px(2))
        pygame.draw.rect(surf, style.rgb, (b.rect[0] + L.px(3), b.rect[1] + b.rect[3] - L.px(6), b.rect[2] - L.px(6),
                                           L.px(3)))
        m = R(b.marker)
        shape(surf, style.shape, m.center, m.w * 0.42, style.rgb)
        name = view.names[seat]
        if seat == self._me:  # "(you)" when it fits whole; the lighter plaque says it anyway
            marked = f"{name} {tr('p1667.t.you_mark')}"
            if art.font(L.px_body, True).size(marked)[0] <= b.name[2]:
                name = marked
        surf.blit(fit(name, L.px_body, palette.INK, b.name[2], True), (b.name[0], b.name[1]))
        # loyalty as this seat knows it
        known = (view.loyalties[seat] if self._me is not None or view.outcome is not None or self._revealed
                 else None)
        lr = R(b.loyalty)
        if known is not None:
            st = LOYALTY_STYLES[known]
            rad = lr.h * 0.36
            shape(surf, st.shape, (lr.x + rad + 1, lr.centery), rad, st.rgb)
            word = fit(tr(f"p1667.loyalty.{known.value}"), L.px_small, st.rgb, lr.w - round(rad * 2) - 4, True)
            surf.blit(word, (lr.x + round(rad * 2) + 4, lr.centery - word.get_height() // 2))
        else:  # a grey badge with a question mark, and the word where it fits
            rad = lr.h * 0.36
            pygame.draw.circle(surf, palette.PARCHMENT_DARK, (lr.x + rad + 1, lr.centery), rad)
            pygame.draw.circle(surf, palette.INK_SOFT, (lr.x + rad + 1, lr.centery), rad, 1)
            blit_center(surf, _text("?", L.px_small, palette.INK, True), (round(lr.x + rad + 1), lr.centery))
            q = _text(tr("p1667.t.loyalty_unknown"), L.px_small, palette.INK_SOFT)
            if q.get_width() <= lr.w - round(rad * 2) - 4:
                surf.blit(q, (lr.x + round(rad * 2) + 4, lr.centery - q.get_height() // 2))
        # hand size
        hr = R(b.hand)
        cw, ch = max(6, hr.h * 5 // 8), hr.h - L.px(4)
        for k in range(2):
            pygame.draw.rect(surf, VOTE_BACK, (hr.x + k * L.px(3), hr.y + L.px(2) + k * L.px(1), cw, ch), border_radius=2)
            pygame.draw.rect(surf, palette.INK, (hr.x + k * L.px(3), hr.y + L.px(2) + k * L.px(1), cw, ch), 1, border_radius=2)
        n = _text(str(view.hand_sizes[seat]), L.px_small, palette.INK, True)
        surf.blit(n, (hr.x + cw + L.px(5), hr.centery - n.get_height() // 2))
        # cards kept in front
        kr = R(b.kept)
        x = kr.x
        for card in (EventCard.ALBATROSS, EventCard.MAP, EventCard.MARQUE):
            count = view.front[seat].count(card)
            if not count:
                continue
            chip = pygame.Rect(x, kr.y + 1, kr.h - 2, kr.h - 2)
            if chip.right > kr.right:
                break
            rounded(surf, chip, palette.BONE, palette.INK, L.px(3), 1)
            event_glyph(surf, card, chip.center, chip.w // 2 - L.px(3))
            x = chip.right + L.px(1)
            if count > 1:
                t = _text(f"×{count}", L.px_small, palette.INK, True)
                surf.blit(t, (x, chip.centery - t.get_height() // 2))
                x += t.get_width() + L.px(2)
            x += L.px(2)
        # turn and vote marks
        sr = R(b.status)
        vote = view.vote
        if vote is not None and seat in vote.participants:
            done = seat in vote.chosen
            pygame.draw.circle(surf, palette.SUCCESS if done else palette.GOLD_LIGHT, sr.center, sr.h * 0.5)
            pygame.draw.circle(surf, palette.INK, sr.center, sr.h * 0.5, max(1, L.px(2)))
            blit_center(surf, _text("✓" if done else "…", L.px_small, palette.BONE if done else palette.INK, True), sr.center)
        elif active:
            c = sr.center
            d = sr.h * 0.38
            tri = [(c[0] - d, c[1] - d), (c[0] + d, c[1]), (c[0] - d, c[1] + d)]
            pygame.draw.polygon(surf, palette.GOLD, tri)
            pygame.draw.polygon(surf, palette.INK, tri, 1)
        if view.outcome is not None and seat in view.outcome.winners:
            shape(surf, "star", sr.center, sr.h * 0.42, palette.GOLD)

    # -- mat: top row ------------------------------------------------------------------------
    def _last_vote(self, surf: pygame.Surface, view: TableView) -> None:
        L = self.layout
        r = R(L.last_vote)
        rounded(surf, r, palette.PARCHMENT, palette.BRASS_DARK, L.px(8), L.px(2))
        pad = L.px(6)
        if view.vote is not None:
            v = view.vote
            called = tr(f"p1667.t.vote_open.{v.kind.value}", caller=self._who(view, v.caller))
            chosen = tr("p1667.t.vote_chosen", n=len(v.chosen), of=len(v.participants))
            surf.blit(fit(called, L.px_body, palette.INK, r.w - 2 * pad, True), (r.x + pad, r.y + pad))
            surf.blit(fit(chosen, L.px_small, palette.INK_SOFT, r.w - 2 * pad), (r.x + pad, r.y + pad + L.px(20)))
            if v.my_card is not None and self._me is not None:
                mine = tr("p1667.t.vote_mine")
                t = fit(mine, L.px_small, palette.INK_SOFT, r.w // 2)
                surf.blit(t, (r.x + pad, r.bottom - pad - t.get_height()))
                spot = pygame.Rect(r.x + pad + t.get_width() + L.px(6), r.y + L.px(40), L.px(24), r.h - L.px(44))
                vote_card(surf, spot, v.my_card, v.kind)
            return
        lv = view.last_vote
        if lv is None:
            t = fit(tr("p1667.t.no_vote_yet"), L.px_small, palette.INK_SOFT, r.w - 2 * pad)
            blit_center(surf, t, r.center)
            return
        if lv.kind is VoteKind.BRAWL:  # T4.8: the flags decide where Tortuga's treasure goes
            brit = sum(c.flags for c in lv.cards if c.flag == "B")
            fren = sum(c.flags for c in lv.cards if c.flag == "F")
            outcome = "british" if brit > fren else "french" if fren > brit else "even"
        else:
            outcome = "yes" if lv.success else "no"
        result = tr(f"p1667.t.result.{lv.kind.value}.{outcome}")
        head = fit(tr(f"p1667.t.last_vote.{lv.kind.value}", result=result), L.px_body, palette.INK, r.w - 2 * pad, True)
        surf.blit(head, (r.x + pad, r.y + pad))
        # each turned-up card as the one section this vote read (T4.1), in canonical order (TR25)
        top = r.y + pad + head.get_height() + L.px(3)
        ch = r.bottom - pad - top
        step = min(ch + L.px(3), (r.w - 2 * pad - ch) // max(1, len(lv.cards) - 1)) if len(lv.cards) > 1 else ch
        for k, card in enumerate(lv.cards):
            tile = pygame.Rect(r.x + pad + k * step, top, ch, ch)
            rounded(surf, tile, palette.PARCHMENT_LIGHT, palette.INK, L.px(5), max(1, L.px(1)))
            sym = card.top if lv.kind is VoteKind.ATTACK else card.bottom if lv.kind is VoteKind.MUTINY \
                else card.flag * card.flags
            symbol(surf, sym, tile.center, ch // 2 - L.px(5))

    def _galleon(self, surf: pygame.Surface, view: TableView) -> None:
        L = self.layout
        r = R(L.galleon)
        rounded(surf, r, palette.SEA_DEEP, palette.BRASS_DARK, L.px(10), L.px(2))
        pic = pygame.Rect(r.x + L.px(6), r.y + L.px(6), r.h - L.px(12), r.h - L.px(12))
        ship_pic(surf, pic, (0x9A, 0x2A, 0x20))
        x0 = pic.right + L.px(8)
        title = fit(tr("p1667.t.galleon"), L.px_body, palette.GOLD_LIGHT, r.right - x0 - L.px(6), True)
        surf.blit(title, (x0, r.y + L.px(6)))
        self._coins(surf, pygame.Rect(x0, r.y + L.px(30), r.right - x0 - L.px(6), r.bottom - r.y - L.px(36)),
                    view.galleon, palette.BONE)

    def _coins(self, surf: pygame.Surface, r: pygame.Rect, n: int, rgb: RGB) -> None:
        """``n`` treasure tokens in ``r`` (overlapping when many), then the number."""
        L = self.layout
        size = min(r.h, L.px(28))
        num = _text(f"{n}", L.px_title, rgb, True)
        room = r.w - num.get_width() - L.px(6)
        if n == 0:
            t = fit(tr("p1667.t.empty"), L.px_small, rgb, r.w)
            surf.blit(t, (r.x, r.centery - t.get_height() // 2))
            return
        step = min(size + L.px(2), max(L.px(4), (room - size) // max(1, n - 1)))
        pic = coin(size)
        for k in range(n):
            surf.blit(pic, (r.x + k * step, r.centery - size // 2))
        surf.blit(num, (r.x + (n - 1) * step + size + L.px(4), r.centery - num.get_height() // 2))

    def _status(self, surf: pygame.Surface, view: TableView) -> None:
        L = self.layout
        r = R(L.status)
        rounded(surf, r, palette.PARCHMENT, palette.BRASS_DARK, L.px(8), L.px(2))
        pad = L.px(6)
        lines: list[tuple[str, bool]] = []
        o = view.outcome
        if o is not None:
            lines.append((tr(f"p1667.t.over.{o.reason.value.replace('-', '_')}"), True))
            if o.winners:
                names = tr("p1667.sep").join(view.names[s] for s in o.winners)
                lines.append((tr("p1667.t.winners", names=names), True))
            lines.append((tr("p1667.t.totals", british=o.british, french=o.french), False))
        else:
            who = self._who(view, view.active)
            lines.append((tr("p1667.t.turn_of", who=who) if view.actions_left <= 1 or view.players != 2
                          else tr("p1667.t.turn_of_two", who=who, n=view.actions_left), True))
            if view.resolving is not None:
                card, by = view.resolving
                lines.append((tr("p1667.t.resolving", card=tr(f"p1667.card.{card.value}"), who=self._who(view, by)), False))
            tot = view.totals()
            lines.append((tr("p1667.t.totals", british=tot[Side.BRITISH], french=tot[Side.FRENCH]), False))
            if view.sudden_death:
                lines.append((tr("p1667.t.sudden_death"), True))
            elif view.final_row:
                lines.append((tr("p1667.t.final_row"), False))
            mix = dict(view.loyalty_mix)
            key = "p1667.t.mix" if mix.get(Loyalty.DUTCH, 0) else "p1667.t.mix_even"
            lines.append((tr(key, british=mix.get(Loyalty.BRITISH, 0), french=mix.get(Loyalty.FRENCH, 0),
                             dutch=mix.get(Loyalty.DUTCH, 0)), False))
        y = r.y + pad
        for text, bold in lines[:4]:
            t = fit(text, L.px_body if bold else L.px_small, palette.INK if bold else palette.INK_SOFT, r.w - 2 * pad, bold)
            surf.blit(t, (r.x + pad, y))
            y += t.get_height() + L.px(2)

    def _who(self, view: TableView, seat: int) -> str:
        return tr("p1667.you") if seat == self._me else view.names[seat]

    # -- pawns, ships, rowboats, Tortuga -----------------------------------------------------------
    def _pawn(self, surf: pygame.Surface, view: TableView, seat: int, place: pygame.Rect, roles: Sequence[str],
              name_rgb: RGB = palette.BONE, tag_rows: int = 0) -> None:
        """A pawn in ``place``: its role tags, the pirate in the seat's colour and shape, the name.
        ``tag_rows`` role tags' room is kept above every pawn of a line, so the pawns stand level."""
        L = self.layout
        key = (seat, tuple(roles), place.size, name_rgb, seat == self._me, view.names[seat], tag_rows,
               get_language())
        pic = self._pawns.get(key)
        if pic is None:
            pic = self._pawn_pic(seat, place.size, tuple(roles), name_rgb, seat == self._me, view.names[seat],
                                 tag_rows)
            self._pawns[key] = pic
        surf.blit(pic, (place.x - L.px(4), place.y))

    def _pawn_pic(self, seat: int, size: tuple[int, int], roles: tuple[str, ...], name_rgb: RGB, me: bool,
                  name_text: str, tag_rows: int) -> pygame.Surface:
        L = self.layout
        out = pygame.Surface((size[0] + L.px(8), size[1]), pygame.SRCALPHA)
        place = pygame.Rect(L.px(4), 0, size[0], size[1])
        style = SEAT_STYLES[seat]
        tags = []
        for role in roles:
            t = _text(tr(f"p1667.role.{role}"), L.px_small, palette.GOLD_LIGHT, True)
            if t.get_width() > place.w + L.px(4):
                t = fit(tr(f"p1667.role.{role}.short"), L.px_small, palette.GOLD_LIGHT, place.w + L.px(4), True)
            tags.append(t)
        tag_h = art.font(L.px_small, True).get_linesize() + L.px(1)
        y = place.y + L.px(2) + max(tag_rows, len(tags)) * tag_h  # the pawn's top
        ty = y - len(tags) * tag_h
        for t in tags:  # role tags right above the pawn, one line each
            bg = t.get_rect(midtop=(place.centerx, ty)).inflate(L.px(4), 0)
            pygame.draw.rect(out, palette.INK, bg, border_radius=L.px(4))
            out.blit(t, t.get_rect(midtop=(place.centerx, ty)))
            ty += tag_h
        name = fit(name_text, L.px_small, name_rgb, place.w + L.px(4), me)
        side = max(L.px(20), min(place.w - L.px(4), place.bottom - name.get_height() - y - L.px(2)))
        token = art.token("pirate_token", side, style.rgb)
        pr = token.get_rect(midtop=(place.centerx, y))
        out.blit(token, pr)
        shape(out, style.shape, (pr.right - side * 0.2, pr.bottom - side * 0.28), max(4, side * 0.17), style.rgb)
        if me:
            pygame.draw.circle(out, palette.GOLD, (pr.centerx, pr.centery), side * 0.55, max(2, L.px(2)))
        out.blit(name, name.get_rect(midtop=(place.centerx, pr.bottom)))
        return out

    def _ship(self, surf: pygame.Surface, view: TableView, ship: Ship) -> None:
        L = self.layout
        sb = L.ship(ship)
        line = view.fd if ship is Ship.FD else view.jr
        for k, pr in enumerate(sb.places):
            place = R(pr)
            if k >= len(line):
                n = _text(str(k + 1), L.px_small, palette.PARCHMENT_DARK, True)
                blit_center(surf, n, place.center)
                continue
            seat = line[k]
            roles = []
            if k == 0:
                roles.append("captain")
            if k == 1:
                roles.append("mate")
            if k == len(line) - 1:
                roles.append("boy")
            self._pawn(surf, view, seat, place, roles, tag_rows=2)
        for side, hr in sb.holds:
            self._treasure_box(surf, R(hr), side, view.hold(ship, side), tr(f"p1667.t.hold.{side.value}"))

    def _treasure_box(self, surf: pygame.Surface, r: pygame.Rect, side: Side, n: int, label: str) -> None:
        L = self.layout
        st = LOYALTY_STYLES[SIDE_LOYALTY[side]]
        rounded(surf, r, palette.mix(st.rgb, palette.PARCHMENT, 0.72), st.rgb, L.px(8), L.px(3))
        rad = L.px(8)
        shape(surf, st.shape, (r.x + L.px(6) + rad, r.y + L.px(5) + rad), rad, st.rgb)
        t = fit(label, L.px_small, palette.INK, r.w - 2 * rad - L.px(16), True)
        surf.blit(t, (r.x + 2 * rad + L.px(12), r.y + L.px(5) + rad - t.get_height() // 2))
        self._coins(surf, pygame.Rect(r.x + L.px(8), r.y + 2 * rad + L.px(10), r.w - L.px(16),
                                      r.bottom - r.y - 2 * rad - L.px(14)), n, palette.INK)

    def _rowboats(self, surf: pygame.Surface, view: TableView) -> None:
        L = self.layout
        for rb, rect in L.rowboats:
            r = R(rect)
            hull = [(r.x, r.bottom - r.h * 0.35), (r.right, r.bottom - r.h * 0.35), (r.right - r.w * 0.18, r.bottom),
                    (r.x + r.w * 0.18, r.bottom)]
            pygame.draw.polygon(surf, WOOD, hull)
            pygame.draw.polygon(surf, palette.INK, hull, max(1, L.px(2)))
            who = dict(view.rowboats)[rb]
            if who is not None:
                self._pawn(surf, view, who, pygame.Rect(r.x, r.y, r.w, round(r.h * 0.82)), ())
            if view.destroyed is rb:
                explosion(surf, (r.centerx, r.bottom - round(r.h * 0.2)), L.px(16))
                pygame.draw.line(surf, palette.DANGER, r.topleft, r.bottomright, max(2, L.px(3)))
                pygame.draw.line(surf, palette.DANGER, r.topright, r.bottomleft, max(2, L.px(3)))
            lab = fit(tr("p1667.t.rowboat"), L.px_small, palette.BONE, r.w + L.px(8), True)
            surf.blit(lab, lab.get_rect(midbottom=(r.centerx, r.y - L.px(2))))

    def _tortuga(self, surf: pygame.Surface, view: TableView) -> None:
        L = self.layout
        for k, pr in enumerate(L.tortuga.places):
            place = R(pr)
            if k < len(view.tortuga_line):
                self._pawn(surf, view, view.tortuga_line[k], place, ("governor",) if k == 0 else (), palette.INK,
                           tag_rows=1)
            else:
                blit_center(surf, _text(str(k + 1), L.px_small, palette.mix(SAND, palette.INK, 0.4), True), place.center)
        tort = dict(view.tortuga)
        for side, ar in L.tortuga.areas:
            self._treasure_box(surf, R(ar), side, tort[side], tr(f"p1667.t.area.{side.value}"))

    # -- my corner, the row, the decks -----------------------------------------------------------
    def _mine(self, surf: pygame.Surface, view: TableView) -> None:
        L = self.layout
        if self._me is None:  # a shared screen: this corner's cards stay private
            corner = R(L.loyalty).union(R(L.hand))
            pygame.draw.rect(surf, palette.BRASS_DARK, corner, max(1, L.px(1)), border_radius=L.px(8))
            words = tr("t1667.replay.corner_revealed" if self._revealed else "p1667.t.shared_corner")
            lines = wrap_lines(words, art.font(L.px_body, True), corner.w - L.px(24), 3)
            y = corner.centery - len(lines) * art.font(L.px_body, True).get_linesize() // 2
            for line in lines:
                t = _text(line, L.px_body, palette.PARCHMENT_DARK, True)
                surf.blit(t, t.get_rect(midtop=(corner.centerx, y)))
                y += t.get_height()
            return
        assert isinstance(view, PlayerView)  # a seat's own corner is drawn only from its own view
        mine = fit(tr("p1667.t.yours"), L.px_small, palette.BONE, L.loyalty[2] + L.hand[2], True)
        surf.blit(mine, (L.loyalty[0], L.row_labels[0][1]))
        r = R(L.loyalty)
        st = LOYALTY_STYLES[view.loyalty]
        rounded(surf, r, palette.mix(st.rgb, palette.PARCHMENT_LIGHT, 0.35), palette.INK, L.px(8), L.px(2))
        pygame.draw.rect(surf, st.rgb, r.inflate(-L.px(8), -L.px(8)), max(2, L.px(3)), border_radius=L.px(6))
        shape(surf, st.shape, (r.centerx, r.y + r.h * 0.34), r.w * 0.24, st.rgb)
        word = fit(tr(f"p1667.loyalty.{view.loyalty.value}"), L.px_body, palette.INK, r.w - L.px(12), True)
        sub = fit(tr("p1667.t.your_loyalty"), L.px_small, palette.INK_SOFT, r.w - L.px(12))
        y = r.bottom - L.px(8) - sub.get_height() - word.get_height()
        surf.blit(word, word.get_rect(midtop=(r.centerx, y)))
        surf.blit(sub, sub.get_rect(midtop=(r.centerx, y + word.get_height())))
        reading = view.vote.kind if view.vote is not None else None
        cards = L.hand_cards(len(view.hand))
        for card, cr in zip(view.hand, cards, strict=False):
            vote_card(surf, R(cr), card, reading)
        if not view.hand:
            t = fit(tr("p1667.t.no_vote_cards"), L.px_small, palette.BONE, L.hand[2])
            blit_center(surf, t, R(L.hand).center)

    def _row(self, surf: pygame.Surface, view: TableView) -> None:
        L = self.layout
        for sv, rect in zip(view.row, L.row, strict=True):
            r = R(rect)
            if not sv.face_down:
                pygame.draw.rect(surf, palette.mix(palette.FELT, palette.INK, 0.45), r, border_radius=L.px(8))
                pygame.draw.rect(surf, palette.BRASS_DARK, r, max(1, L.px(1)), border_radius=L.px(8))
                t = fit(tr("p1667.t.slot_empty"), L.px_small, palette.PARCHMENT_DARK, r.w - L.px(6))
                blit_center(surf, t, r.center)
                continue
            card_back(surf, r, CARD_BACK, "event")
            # the two slots of a forced choice are public (T3.5): marked for everyone
            picked = any(d.kind is Kind.PICK and sv.slot in d.slots for d in view.pending)
            if picked:
                pygame.draw.rect(surf, palette.GOLD, r.inflate(L.px(6), L.px(6)), max(2, L.px(3)), border_radius=L.px(10))
            if sv.card is not None and (self._me is not None or self._revealed):  # seen (or revealed): the card
                band = pygame.Rect(r.x + L.px(3), r.bottom - L.px(64), r.w - L.px(6), L.px(61))
                rounded(surf, band, palette.PARCHMENT_LIGHT, palette.GOLD, L.px(5), max(1, L.px(2)))
                if self._me is not None:  # this seat's own knowledge: the eye (a replay's revealed card has none)
                    self._eye(surf, (band.x + L.px(11), band.y + L.px(10)), L.px(8))
                event_glyph(surf, sv.card, (band.right - L.px(14), band.y + L.px(12)), L.px(9))
                words = wrap_lines(tr(f"p1667.card.{sv.card.value}"), art.font(L.px_small), band.w - L.px(4), 2)
                y = band.y + L.px(24)
                for line in words:
                    t = fit(line, L.px_small, palette.INK, band.w - L.px(4))
                    blit_center(surf, t, (band.centerx, y + t.get_height() // 2))
                    y += t.get_height() - L.px(1)
            # who has looked at this slot (public, T9.5): their seat shapes along the top
            kx = r.x + L.px(8)
            for s in sv.knowers:
                if kx > r.right - L.px(8):
                    break
                shape(surf, SEAT_STYLES[s].shape, (kx, r.y + L.px(11)), L.px(6), SEAT_STYLES[s].rgb)
                kx += L.px(14)

    def _eye(self, surf: pygame.Surface, c: tuple[int, int], r: int) -> None:
        pygame.draw.ellipse(surf, palette.BONE, (c[0] - r, c[1] - r * 0.6, 2 * r, 1.2 * r))
        pygame.draw.ellipse(surf, palette.INK, (c[0] - r, c[1] - r * 0.6, 2 * r, 1.2 * r), max(1, r // 4))
        pygame.draw.circle(surf, palette.INK, c, max(2, r * 0.4))

    def _decks(self, surf: pygame.Surface, view: TableView) -> None:
        L = self.layout
        for rect, n, fill, emblem, key in ((L.event_deck, view.deck_size, CARD_BACK, "event", "p1667.t.event_deck"),
                                           (L.vote_deck, view.vote_deck_size, VOTE_BACK, "vote", "p1667.t.vote_deck")):
            r = R(rect)
            if n:
                for k in range(min(3, n) - 1, 0, -1):
                    pygame.draw.rect(surf, palette.INK, r.move(L.px(2) * k, -L.px(2) * k), border_radius=L.px(7))
                card_back(surf, r, fill, emblem)
            else:
                pygame.draw.rect(surf, palette.BRASS_DARK, r, max(1, L.px(1)), border_radius=L.px(8))
            self._badge(surf, r, str(n))
            lab = fit(tr(key), L.px_small, palette.BONE, r.w + L.px(4), True)
            surf.blit(lab, lab.get_rect(midbottom=(r.centerx, r.y - L.px(2))))
            if emblem == "event" and view.armada_at_bottom and n:
                a = pygame.Rect(r.x + L.px(4), r.bottom - L.px(24), r.w - L.px(8), L.px(20))
                rounded(surf, a, palette.PARCHMENT_LIGHT, palette.DANGER, L.px(4), 1)
                t = fit(tr("p1667.t.armada_under"), L.px_small, palette.DANGER, a.w - L.px(4), True)
                blit_center(surf, t, a.center)
        r = R(L.discard)
        lab = fit(tr("p1667.t.discard"), L.px_small, palette.BONE, r.w + L.px(4), True)
        surf.blit(lab, lab.get_rect(midbottom=(r.centerx, r.y - L.px(2))))
        if not view.discard:
            pygame.draw.rect(surf, palette.BRASS_DARK, r, max(1, L.px(1)), border_radius=L.px(8))
            self._badge(surf, r, "0")
            return
        top = view.discard[-1]
        rounded(surf, r, palette.PARCHMENT_LIGHT, palette.INK, L.px(8), max(1, L.px(1)))
        event_glyph(surf, top, (r.centerx, round(r.y + r.h * 0.35)), min(r.w, r.h) // 4)
        words = wrap_lines(tr(f"p1667.card.{top.value}"), art.font(L.px_small), r.w - L.px(2), 2)
        y = round(r.y + r.h * 0.6)
        for line in words:
            t = fit(line, L.px_small, palette.INK, r.w - L.px(2))
            blit_center(surf, t, (r.centerx, y + t.get_height() // 2))
            y += t.get_height()
        self._badge(surf, r, str(len(view.discard)))

    def _badge(self, surf: pygame.Surface, r: pygame.Rect, text: str) -> None:
        L = self.layout
        t = _text(text, L.px_body, palette.INK, True)
        rad = max(t.get_width(), t.get_height()) // 2 + L.px(3)
        # in the card's top-right corner, wholly on the card (its count never hangs over a neighbour)
        c = (r.right - rad - max(1, L.px(1)), r.y + rad + max(1, L.px(1)))
        pygame.draw.circle(surf, palette.GOLD_LIGHT, c, rad)
        pygame.draw.circle(surf, palette.INK, c, rad, max(1, L.px(2)))
        blit_center(surf, t, c)

    # -- the decision panel -------------------------------------------------------------------
    def _panel(self, surf: pygame.Surface, view: TableView, panel: Panel | None, state: PanelState | None) -> None:
        L = self.layout
        side = R(L.panel)
        side.h = round(side.h * self.panel_share)
        r = side.inflate(-L.px(16), -L.px(16))
        self.panel_hits = []
        if panel is None:
            return
        y = r.y
        for line in wrap_lines(say(panel.title), art.font(L.px_title, True), r.w, 3):
            t = _text(line, L.px_title, palette.INK, True)
            surf.blit(t, (r.x, y))
            y += t.get_height()
        y += L.px(6)
        pygame.draw.line(surf, palette.BRASS, (r.x, y), (r.right, y), max(1, L.px(2)))
        y += L.px(8)
        open_group = state.group if state is not None and state.panel == panel else None
        if open_group is None and len(panel.groups) == 1:  # one kind of answer: its choices at once
            open_group = 0
        if open_group is not None:
            grp = panel.groups[open_group]
            y = self._button(surf, r, y, say(grp.label), [say(c) for c in grp.consequence], True)
            for k, opt in enumerate(grp.options):
                if y > r.bottom - L.px(30):
                    break
                label = say(opt.label)
                top = y
                y = self._button(surf, r, y, f"{k + 1}  {label}" if k < 9 else label,
                                 [say(c) for c in opt.consequence], False)
                self.panel_hits.append((pygame.Rect(r.x, top, r.w, y - top - L.px(5)), "option", k))
            return
        for k, grp in enumerate(panel.groups):
            if y > r.bottom - L.px(30):
                break
            label = say(grp.label)
            lines = [say(c) for c in grp.consequence]
            if len(grp.options) > 1:
                label = tr("p1667.t.choices", label=label, n=len(grp.options))
            elif grp.options[0].label != grp.label:  # one choice: say which, and what it does
                label = tr("p1667.t.group_one", label=label, option=say(grp.options[0].label))
                lines = [say(c) for c in grp.options[0].consequence] + lines
            top = y
            y = self._button(surf, r, y, f"{k + 1}  {label}" if k < 9 else label, lines, False)
            self.panel_hits.append((pygame.Rect(r.x, top, r.w, y - top - L.px(5)), "group", k))

    def _button(self, surf: pygame.Surface, r: pygame.Rect, y: int, label: str, lines: list[str], open_: bool) -> int:
        L = self.layout
        pad = L.px(6)
        f_small = art.font(L.px_small)
        body: list[str] = []
        for line in lines:
            body += wrap_lines(line, f_small, r.w - 2 * pad, 3)
        head = fit(label, L.px_body, palette.INK, r.w - 2 * pad, True)
        h = pad + head.get_height() + sum(f_small.get_linesize() for _ in body) + pad
        box = pygame.Rect(r.x, y, r.w, min(h, r.bottom - y))
        rounded(surf, box, palette.GOLD_LIGHT if open_ else palette.PARCHMENT_LIGHT, palette.BRASS_DARK, L.px(6), L.px(2))
        surf.blit(head, (box.x + pad, box.y + pad))
        ty = box.y + pad + head.get_height()
        for line in body:
            if ty + f_small.get_linesize() > box.bottom:
                break
            surf.blit(_text(line, L.px_small, palette.INK_SOFT), (box.x + pad, ty))
            ty += f_small.get_linesize()
        return box.bottom + L.px(5)
