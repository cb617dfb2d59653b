"""The dice game's pictures, drawn by code from the project's art: die faces in a player's colour and
the treasure chests (with their colour-blind symbol or without). Cached and shared: copy a surface
before drawing on it; :func:`tortuga_desktop.shell.art.clear_caches` drops these caches too."""

from __future__ import annotations

import io
import re
from functools import lru_cache
from typing import Final, NamedTuple

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.palette import RGB
from tortuga_desktop.shell.resources import art_path

__all__ = ["ACTION_ICONS", "ACTION_NAMES", "CHEST_COLOURS", "ChestColour", "SKULL", "action_icon_name", "chest",
           "chest_icon_name", "die_face", "plain_chest"]


class ChestColour(NamedTuple):
    """A treasure-chest colour with the symbol printed on the chest (colour-blind aid)."""

    name: str
    rgb: RGB
    symbol: str  # "diamond" | "wave" | "star" | "moon" | "crown"
    art: str  # SVG base name in assets/art


# --- treasure chests (index = chest colour index used by the rules) ------
CHEST_COLOURS: Final[tuple[ChestColour, ...]] = (
    ChestColour("red", (0xC0, 0x39, 0x2B), "diamond", "chest_red"),
    ChestColour("blue", (0x2E, 0x6D, 0xB4), "wave", "chest_blue"),
    ChestColour("yellow", (0xE9, 0xB9, 0x2F), "star", "chest_yellow"),
    ChestColour("white", (0xEC, 0xE8, 0xDE), "moon", "chest_white"),
    ChestColour("purple", (0x7D, 0x3C, 0x98), "crown", "chest_purple"),
)

# --- action index -> SVG base name (5 = skull face) ----------------------
ACTION_ICONS: Final[tuple[str, ...]] = (
    "action_fleet",
    "action_crew",
    "action_hunt",
    "action_board",
    "action_raid",
    "skull",
)

ACTION_NAMES: tuple[str, ...] = ("Expand fleet", "Recruit crew", "Treasure hunt", "Board", "Raid", "Skull")
SKULL = 5


def action_icon_name(action: int) -> str:
    """SVG base name for an action index (0..4) or 5 for the skull face."""
    return ACTION_ICONS[action]


def chest_icon_name(colour: int) -> str:
    """SVG base name for a chest colour index (0 red, 1 blue, 2 yellow, 3 white, 4 purple)."""
    return CHEST_COLOURS[colour].art


@lru_cache(maxsize=64)
def plain_chest(name: str, size: int) -> pygame.Surface:
    """A chest without its printed symbol (the symbol is the SVG's last ``<g>`` group)."""
    text = art_path(name).read_text(encoding="utf-8")
    text = re.sub(r"<g transform=[^>]*>.*?</g>", "", text, flags=re.S)
    try:
        raw = pygame.image.load_sized_svg(io.BytesIO(text.encode("utf-8")), (size, size))
    except Exception:
        return art.icon(name, size)
    if raw.get_size() != (size, size):
        out = pygame.Surface((size, size), pygame.SRCALPHA)
        out.blit(raw, ((size - raw.get_width()) // 2, (size - raw.get_height()) // 2))
        raw = out
    return art.maybe_convert(raw)


def chest(colour: int, size: int) -> pygame.Surface:
    """A treasure chest of a colour, with its symbol unless markers are off (cached, shared)."""
    name = chest_icon_name(colour)
    return art.icon(name, size) if art.markers_on() else plain_chest(name, size)


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
    body = art.vertical_gradient(size, light, dark)
    body.blit(art.rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    face.blit(body, (0, 0))
    rim = max(1, size // 28)
    pygame.draw.rect(face, (*palette.INK, 255), face.get_rect(), width=rim, border_radius=radius)

    # Inner ivory face (bevel).
    inset = max(2, size // 10)
    inner = pygame.Rect(inset, inset, size - 2 * inset, size - 2 * inset)
    inner_r = max(2, radius - inset // 2)
    shade = inner.move(0, max(1, size // 48))
    pygame.draw.rect(face, (*palette.darken(player_rgb, 0.55), 200), shade, border_radius=inner_r)
    ivory = art.vertical_gradient(inner.w, palette.PARCHMENT_LIGHT, palette.PARCHMENT)
    ivory.blit(art.rounded_mask(inner.w, inner_r), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    face.blit(ivory, inner.topleft)
    pygame.draw.rect(face, (*palette.darken(player_rgb, 0.2), 255), inner, width=max(1, size // 40),
                     border_radius=inner_r)

    # Icon.
    has_label = bool(value_or_letter)
    icon_size = int(inner.w * (0.80 if has_label else 0.88))
    pic = art.icon(action_icon_name(action_or_skull), icon_size)
    cx = inner.centerx - (int(inner.w * 0.04) if has_label else 0)
    cy = inner.centery - (int(inner.h * 0.04) if has_label else 0)
    face.blit(pic, pic.get_rect(center=(cx, cy)))

    # Label badge in the bottom-right corner.
    if has_label:
        px = max(8, int(size * 0.26))
        text = art.outlined_text(value_or_letter, px, (255, 255, 255), palette.INK)
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




def _clear() -> None:
    plain_chest.cache_clear()
    die_face.cache_clear()


art.on_clear_caches(_clear)
