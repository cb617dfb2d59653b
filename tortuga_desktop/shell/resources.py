"""Locate the game's bundled assets (art, fonts, sounds).

Assets are resolved the same way from a source checkout, an installed package and a
PyInstaller build:

1. frozen (PyInstaller): ``Path(sys._MEIPASS) / "assets"``;
2. checkout / editable install: ``<repo>/assets`` next to the ``tortuga_desktop`` package;
3. installed wheel: the ``tortuga_desktop.assets`` package (``assets/`` is mapped onto it).

Nothing is computed at import time; the result is cached on first use.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path

__all__ = ["assets_dir", "asset_path", "art_path", "font_path"]

_FONT_REGULAR = "NotoSans-Regular.ttf"
_FONT_BOLD = "NotoSans-Bold.ttf"


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    """Return the directory that holds ``art/``, ``fonts/`` and friends."""
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        return Path(meipass) / "assets"
    checkout = Path(__file__).resolve().parents[2] / "assets"
    if checkout.is_dir():
        return checkout
    # Installed package: tortuga_desktop.assets is an ordinary directory on disk.
    return Path(str(resources.files("tortuga_desktop.assets")))


def asset_path(*parts: str) -> Path:
    """Path of an asset inside the assets directory, e.g. ``asset_path("art", "coin.svg")``."""
    return assets_dir().joinpath(*parts)


def art_path(name: str) -> Path:
    """Path of an SVG in ``assets/art``; ``name`` may be given with or without ``.svg``."""
    if not name.endswith(".svg"):
        name += ".svg"
    return asset_path("art", name)


def font_path(bold: bool = False) -> Path:
    """Path of the bundled Noto Sans font (regular or bold)."""
    return asset_path("fonts", _FONT_BOLD if bold else _FONT_REGULAR)
