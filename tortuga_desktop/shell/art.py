"""Loading and composing the game's art.

* :func:`load_svg` rasterises an SVG from ``assets/art`` at an exact pixel size (cached).
* :func:`tinted` multiplies a (white/grey) surface by a colour, keeping alpha.
* :func:`clear_caches` drops every cached picture, a game's too (:func:`on_clear_caches`).

The dice game's own pictures (die faces, chests) are drawn in its package
(:mod:`tortuga_desktop.games.dice.table.pictures`) from these.

Nothing happens at import time: no ``pygame.init()``, no file access.  Only ``pygame.font``
is initialised, lazily, the first time text is needed.  Surfaces returned from cached
functions are shared: copy them before drawing on them.

Authoring note for ``assets/art``: SDL_image's nanosvg (pygame-ce 2.5) mis-reads unitless
objectBoundingBox gradient coordinates (``x2="1"`` renders the last stop everywhere); write
them as percentages (``x2="100%"``, ``r="70%"``) or use ``gradientUnits="userSpaceOnUse"``.
No ``<text>``, filters, ``<use>`` or external references.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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
    "load_svg",
    "icon",
    "tinted",
    "token",
    "font",
    "clear_caches",
    "on_clear_caches",
    "outlined_text",
    "rounded_mask",
    "vertical_gradient",
    "maybe_convert",
    "set_markers",
    "markers_on",
]

def maybe_convert(surface: pygame.Surface) -> pygame.Surface:
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
    return maybe_convert(raw)


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
def _load_font(px: int, bold: bool) -> pygame.font.Font:
    return ProbedFont(str(font_path(bold)), px)


class _Fonts:
    """:func:`font`: the bundled font by size, cached for one life of ``pygame.font``. A Font outlives the
    font module that made it only as an invalid object ("font module quit since font created"), so the
    cache goes when the module quits: at ``pygame.quit()`` (a quit hook, which drops every cached picture
    as :func:`clear_caches` does) and when the font module is found quit on its own."""

    def __init__(self) -> None:
        self._hooked = False

    def __call__(self, px: int, bold: bool = False) -> pygame.font.Font:
        """Bundled Noto Sans at ``px`` pixels (initialises ``pygame.font`` on first use)."""
        if not pygame.font.get_init():
            _load_font.cache_clear()  # made by a font module that has quit since
            pygame.font.init()
        if not self._hooked:
            pygame.register_quit(self._on_quit)  # pygame calls it at its next quit, then forgets it
            self._hooked = True
        return _load_font(max(6, int(px)), bool(bold))

    def cache_clear(self) -> None:
        """Drop the cached fonts."""
        _load_font.cache_clear()

    def _on_quit(self) -> None:
        self._hooked = False
        clear_caches()


#: the bundled font at a size in pixels (``font(px, bold=False)``), cached while pygame runs
font = _Fonts()


def rounded_mask(size: int, radius: int) -> pygame.Surface:
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def vertical_gradient(size: int, top: RGB, bottom: RGB) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    for y in range(size):
        t = y / max(1, size - 1)
        pygame.draw.line(surf, (*palette.mix(top, bottom, t), 255), (0, y), (size - 1, y))
    return surf


def outlined_text(text: str, px: int, fill: RGB, outline: RGB) -> pygame.Surface:
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


#: what a game's own cached pictures need dropped with the shell's (:func:`on_clear_caches`)
_CLEARERS: list[Callable[[], None]] = []


def on_clear_caches(clear: Callable[[], None]) -> None:
    """Have :func:`clear_caches` call ``clear`` too (a game's cached pictures)."""
    if clear not in _CLEARERS:
        _CLEARERS.append(clear)


def clear_caches() -> None:
    """Drop cached surfaces and fonts (call after changing the display mode or pygame.quit())."""
    load_svg.cache_clear()
    token.cache_clear()
    font.cache_clear()
    for clear in _CLEARERS:
        clear()


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
