"""Colour palette shared by the table renderer, the UI theme and the SVG art.

Colours are plain ``(r, g, b)`` tuples so they can be handed straight to pygame.
The SVG files in ``assets/art`` use exactly these hex values.
"""

from __future__ import annotations

from typing import Final, NamedTuple

RGB = tuple[int, int, int]

__all__ = [
    "RGB",
    "PlayerColour",
    "TABLE_DARK",
    "TABLE",
    "TABLE_LIGHT",
    "FELT",
    "SEA_DEEP",
    "SEA",
    "SEA_LIGHT",
    "FOAM",
    "PARCHMENT",
    "PARCHMENT_DARK",
    "PARCHMENT_LIGHT",
    "INK",
    "INK_SOFT",
    "BRASS",
    "BRASS_DARK",
    "GOLD",
    "GOLD_LIGHT",
    "BONE",
    "HIGHLIGHT",
    "DANGER",
    "SUCCESS",
    "PLAYER_COLOURS",
    "TABLE_SEATS",
    "hex_to_rgb",
    "rgb_to_hex",
    "mix",
    "lighten",
    "darken",
]


class PlayerColour(NamedTuple):
    """A seat colour; ``marker`` is a shape name so colour is never the only cue."""

    name: str
    rgb: RGB
    light: RGB
    dark: RGB
    marker: str  # "circle" | "square" | "triangle" | "diamond"


# --- table & sea ---------------------------------------------------------
TABLE_DARK: Final[RGB] = (0x3B, 0x24, 0x14)
TABLE: Final[RGB] = (0x6B, 0x43, 0x23)
TABLE_LIGHT: Final[RGB] = (0x9A, 0x66, 0x38)
FELT: Final[RGB] = (0x1E, 0x4D, 0x45)

SEA_DEEP: Final[RGB] = (0x0B, 0x2F, 0x4E)
SEA: Final[RGB] = (0x1D, 0x5F, 0x8C)
SEA_LIGHT: Final[RGB] = (0x4F, 0xA3, 0xC7)
FOAM: Final[RGB] = (0xD8, 0xF0, 0xF4)

# --- paper, ink, metal ---------------------------------------------------
PARCHMENT: Final[RGB] = (0xF1, 0xE2, 0xC0)
PARCHMENT_LIGHT: Final[RGB] = (0xFA, 0xF1, 0xDC)
PARCHMENT_DARK: Final[RGB] = (0xD6, 0xBB, 0x88)
INK: Final[RGB] = (0x2B, 0x1D, 0x14)
INK_SOFT: Final[RGB] = (0x5A, 0x45, 0x33)
BRASS: Final[RGB] = (0xC8, 0x96, 0x3E)
BRASS_DARK: Final[RGB] = (0x8A, 0x62, 0x20)
GOLD: Final[RGB] = (0xF2, 0xC1, 0x4E)
GOLD_LIGHT: Final[RGB] = (0xFF, 0xE6, 0x9A)
BONE: Final[RGB] = (0xF4, 0xEE, 0xDF)

# --- UI signals ----------------------------------------------------------
HIGHLIGHT: Final[RGB] = (0xFF, 0xD8, 0x6B)
DANGER: Final[RGB] = (0xB3, 0x26, 0x1E)
SUCCESS: Final[RGB] = (0x3C, 0x8D, 0x4F)

# --- players (Okabe-Ito inspired: distinct in hue *and* lightness) -------
PLAYER_COLOURS: Final[tuple[PlayerColour, ...]] = (
    PlayerColour("Crimson", (0xC0, 0x2B, 0x2B), (0xE8, 0x6A, 0x5E), (0x7A, 0x14, 0x14), "circle"),
    PlayerColour("Royal blue", (0x2A, 0x5C, 0xC4), (0x6E, 0x9B, 0xEB), (0x15, 0x2F, 0x72), "square"),
    PlayerColour("Amber", (0xE8, 0xA3, 0x17), (0xFF, 0xD0, 0x66), (0x9A, 0x64, 0x06), "triangle"),
    PlayerColour("Teal", (0x12, 0x9C, 0x82), (0x5C, 0xD1, 0xB6), (0x0A, 0x5E, 0x4E), "diamond"),
)

#: Nine seats' colours and marker shapes for games with more seats than the dice game's four (its
#: four come first, so a seat looks the same in either game): Tortuga 1667's table, the lobby.
TABLE_SEATS: Final[tuple[tuple[RGB, str], ...]] = (
    *((c.rgb, c.marker) for c in PLAYER_COLOURS),
    ((0x7D, 0x3C, 0x98), "star"),
    ((0xD8, 0x6A, 0xA8), "hexagon"),
    ((0x5D, 0x6D, 0x7E), "cross"),
    ((0x8A, 0x9A, 0x2A), "pentagon"),
    ((0x9C, 0x5A, 0x2C), "down"),
)

def hex_to_rgb(value: str) -> RGB:
    """``"#c8963e"`` -> ``(200, 150, 62)``."""
    v = value.lstrip("#")
    if len(v) == 3:
        v = "".join(c * 2 for c in v)
    return (int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16))


def rgb_to_hex(rgb: RGB) -> str:
    """``(200, 150, 62)`` -> ``"#c8963e"``."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend: ``t=0`` gives ``a``, ``t=1`` gives ``b``."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def lighten(c: RGB, t: float) -> RGB:
    """Blend towards white by ``t`` (0..1)."""
    return mix(c, (255, 255, 255), t)


def darken(c: RGB, t: float) -> RGB:
    """Blend towards black by ``t`` (0..1)."""
    return mix(c, (0, 0, 0), t)
