"""Loading and composing the game's art.

* :func:`load_svg` rasterises an SVG from ``assets/art`` at an exact pixel size (cached).
* :func:`tinted` multiplies a (white/grey) surface by a colour, keeping alpha.
* :func:`die_face` draws a rounded die in a player colour with an action icon and a label.

Nothing happens at import time: no ``pygame.init()``, no file access.  Only ``pygame.font``
is initialised, lazily, the first time text is needed.  Surfaces returned from cached
functions are shared: copy them before drawing on them.

Authoring note for ``assets/art``: SDL_image's nanosvg (pygame-ce 2.5) mis-reads unitless
objectBoundingBox gradient coordinates (``x2="1"`` renders the last stop everywhere); write
them as percentages (``x2="100%"``, ``r="70%"``) or use ``gradientUnits="userSpaceOnUse"``.
No ``<text>``, filters, ``<use>`` or external references.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.shell import palette
from tortuga_desktop.shell.palette import RGB

if TYPE_CHECKING:
    from pygame.typing import ColorLike
from tortuga_desktop.shell.resources import art_path, font_path

__all__ = [
    "round_badge",
    "ACTION_NAMES",
    "action_icon_name",
    "chest_icon_name",
    "load_svg",
    "icon",
    "tinted",
    "token",
    "font",
    "die_face",
    "clear_caches",
    "set_markers",
    "markers_on",
    "chest",
]

ACTION_NAMES: tuple[str, ...] = ("Expand fleet", "Recruit crew", "Treasure hunt", "Board", "Raid", "Skull")
SKULL = 5


def action_icon_name(action: int) -> str:
    """SVG base name for an action index (0..4) or 5 for the skull face."""
    return palette.ACTION_ICONS[action]


def chest_icon_name(colour: int) -> str:
    """SVG base name for a chest colour index (0 red, 1 blue, 2 yellow, 3 white, 4 purple)."""
    return palette.CHEST_COLOURS[colour].art


def _maybe_convert(surface: pygame.Surface) -> pygame.Surface:
    # convert_alpha() needs a display mode; skip it in headless use (tests, scripts).
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


@lru_cache(maxsize=512)
def load_svg(name: str, size: tuple[int, int]) -> pygame.Surface:
    """Rasterise ``assets/art/<name>.svg`` to exactly ``size`` pixels (cached, shared).

    The SVG keeps its aspect ratio inside ``size`` (``load_sized_svg`` fits the
    viewBox); transparent pixels fill any remainder so the result is exactly ``size``.
    """
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    path = str(art_path(name))
    if hasattr(pygame.image, "load_sized_svg"):
        raw = pygame.image.load_sized_svg(path, (w, h))
    else:  # pragma: no cover - pygame-ce < 2.4
        raw = pygame.transform.smoothscale(pygame.image.load(path).convert_alpha(), (w, h))
    if raw.get_size() != (w, h):
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        out.blit(raw, ((w - raw.get_width()) // 2, (h - raw.get_height()) // 2))
        raw = out
    return _maybe_convert(raw)


def icon(name: str, size: int) -> pygame.Surface:
    """Square SVG at ``size`` x ``size`` pixels (cached, shared)."""
    return load_svg(name, (size, size))


def tinted(surface: pygame.Surface, rgb: RGB) -> pygame.Surface:
    """Return a copy of ``surface`` with its colours multiplied by ``rgb`` (alpha kept).

    Works best on the white/grey art with dark outlines (``boat_token``, ``pirate_token``,
    ``chest``): white becomes ``rgb``, greys become shades of it, black stays black.
    """
    out = surface.copy()
    out.fill((*rgb, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


@lru_cache(maxsize=128)
def token(name: str, size: int, rgb: RGB) -> pygame.Surface:
    """A tinted square token (e.g. ``token("boat_token", 40, player.rgb)``), cached."""
    return tinted(icon(name, size), rgb)


_MARKERS = {"on": True}


def set_markers(on: bool) -> None:
    """Colour-blind markers (symbols on chests, shapes next to player colours) on or off."""
    _MARKERS["on"] = bool(on)


def markers_on() -> bool:
    return _MARKERS["on"]


@lru_cache(maxsize=64)
def _plain_chest(name: str, size: int) -> pygame.Surface:
    """A chest without its printed symbol (the symbol is the SVG's last ``<g>`` group)."""
    text = art_path(name).read_text(encoding="utf-8")
    text = re.sub(r"<g transform=[^>]*>.*?</g>", "", text, flags=re.S)
    try:
        raw = pygame.image.load_sized_svg(io.BytesIO(text.encode("utf-8")), (size, size))
    except Exception:
        return icon(name, size)
    if raw.get_size() != (size, size):
        out = pygame.Surface((size, size), pygame.SRCALPHA)
        out.blit(raw, ((size - raw.get_width()) // 2, (size - raw.get_height()) // 2))
        raw = out
    return _maybe_convert(raw)


def chest(colour: int, size: int) -> pygame.Surface:
    """A treasure chest of a colour, with its symbol unless markers are off (cached, shared)."""
    name = chest_icon_name(colour)
    return icon(name, size) if _MARKERS["on"] else _plain_chest(name, size)


#: When a dict (the layout tests), every text rendered by :func:`font`'s fonts is noted in it
#: (``id(surface) -> (text, surface, font px)``) so a test can tell text blits from pictures
#: and check text sizes.
TEXT_PROBE: dict[int, tuple[str, pygame.Surface, int]] | None = None


class ProbedFont(pygame.font.Font):
    """A font that notes what it renders while :data:`TEXT_PROBE` is on (tests only)."""

    def render(self, text: str | bytes | None, antialias: bool, color: ColorLike, bgcolor: ColorLike | None = None,
               wraplength: int = 0) -> pygame.Surface:
        surf = super().render(text, antialias, color, bgcolor, wraplength)
        if TEXT_PROBE is not None:
            TEXT_PROBE[id(surf)] = (str(text), surf, int(self.point_size))
        return surf


@lru_cache(maxsize=128)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """Bundled Noto Sans at ``px`` pixels (initialises ``pygame.font`` on first use)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return ProbedFont(str(font_path(bold)), max(6, int(px)))


def _rounded_mask(size: int, radius: int) -> pygame.Surface:
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def _vertical_gradient(size: int, top: RGB, bottom: RGB) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    for y in range(size):
        t = y / max(1, size - 1)
        pygame.draw.line(surf, (*palette.mix(top, bottom, t), 255), (0, y), (size - 1, y))
    return surf


def _outlined_text(text: str, px: int, fill: RGB, outline: RGB) -> pygame.Surface:
    f = font(px, bold=True)
    core = f.render(text, True, fill)
    edge = f.render(text, True, outline)
    o = max(1, px // 12)
    out = pygame.Surface((core.get_width() + 2 * o, core.get_height() + 2 * o), pygame.SRCALPHA)
    for dx in (-o, 0, o):
        for dy in (-o, 0, o):
            if dx or dy:
                out.blit(edge, (o + dx, o + dy))
    out.blit(core, (o, o))
    return out


@lru_cache(maxsize=256)
def die_face(action_or_skull: int, value_or_letter: str, size: int, player_rgb: RGB) -> pygame.Surface:
    """A die face: rounded body in ``player_rgb``, an ivory face with the action icon
    (0 fleet, 1 crew, 2 hunt, 3 board, 4 raid, 5 skull) and ``value_or_letter`` in a
    corner badge (pass ``""`` for none).  Cached and shared: copy before drawing on it.
    """
    size = max(12, int(size))
    radius = max(3, size // 6)
    light = palette.lighten(player_rgb, 0.30)
    dark = palette.darken(player_rgb, 0.35)

    face = pygame.Surface((size, size), pygame.SRCALPHA)
    # Body: vertical gradient clipped to a rounded square, dark rim.
    body = _vertical_gradient(size, light, dark)
    body.blit(_rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    face.blit(body, (0, 0))
    rim = max(1, size // 28)
    pygame.draw.rect(face, (*palette.INK, 255), face.get_rect(), width=rim, border_radius=radius)

    # Inner ivory face (bevel).
    inset = max(2, size // 10)
    inner = pygame.Rect(inset, inset, size - 2 * inset, size - 2 * inset)
    inner_r = max(2, radius - inset // 2)
    shade = inner.move(0, max(1, size // 48))
    pygame.draw.rect(face, (*palette.darken(player_rgb, 0.55), 200), shade, border_radius=inner_r)
    ivory = _vertical_gradient(inner.w, palette.PARCHMENT_LIGHT, palette.PARCHMENT)
    ivory.blit(_rounded_mask(inner.w, inner_r), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    face.blit(ivory, inner.topleft)
    pygame.draw.rect(face, (*palette.darken(player_rgb, 0.2), 255), inner, width=max(1, size // 40),
                     border_radius=inner_r)

    # Icon.
    has_label = bool(value_or_letter)
    icon_size = int(inner.w * (0.80 if has_label else 0.88))
    pic = icon(action_icon_name(action_or_skull), icon_size)
    cx = inner.centerx - (int(inner.w * 0.04) if has_label else 0)
    cy = inner.centery - (int(inner.h * 0.04) if has_label else 0)
    face.blit(pic, pic.get_rect(center=(cx, cy)))

    # Label badge in the bottom-right corner.
    if has_label:
        px = max(8, int(size * 0.26))
        text = _outlined_text(value_or_letter, px, (255, 255, 255), palette.INK)
        badge_r = max(text.get_width(), text.get_height()) // 2 + max(1, size // 40)
        bc = (size - inset - badge_r + max(1, size // 24), size - inset - badge_r + max(1, size // 24))
        pygame.draw.circle(face, (*palette.INK, 255), bc, badge_r + max(1, size // 40))
        pygame.draw.circle(face, (*player_rgb, 255), bc, badge_r)
        pygame.draw.circle(face, (*light, 255), (bc[0], bc[1] - max(1, badge_r // 5)),
                           max(1, badge_r - max(1, badge_r // 3)), width=max(1, size // 64))
        face.blit(text, text.get_rect(center=bc))

    # Glossy highlight on the upper rim.
    gloss = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(gloss, (255, 255, 255, 70), pygame.Rect(rim + 1, rim + 1, size - 2 * rim - 2, inset),
                     border_top_left_radius=radius, border_top_right_radius=radius)
    face.blit(gloss, (0, 0))
    return face


def clear_caches() -> None:
    """Drop cached surfaces and fonts (call after changing the display mode or pygame.quit())."""
    load_svg.cache_clear()
    _plain_chest.cache_clear()
    token.cache_clear()
    die_face.cache_clear()
    font.cache_clear()


@contextmanager
def round_badge(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[pygame.Rect]:
    """A game's round badge (the game chooser): a sea-blue disc with a brass ring, centred in ``rect``.
    Yields the disc's square; drawing inside the ``with`` is clipped to it."""
    side = min(rect.w, rect.h)
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip) if clip else box)
    try:
        pygame.draw.circle(surface, palette.SEA_DEEP, box.center, side // 2)
        pygame.draw.circle(surface, palette.BRASS, box.center, side // 2, max(1, side // 24))
        yield box
    finally:
        surface.set_clip(clip)
