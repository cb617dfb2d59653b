"""Art assets: every SVG rasterises, resources resolve, dice faces render."""

from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tortuga_desktop.games.dice.table import pictures
from tortuga_desktop.shell import art, palette, resources  # noqa: E402

ART_DIR = resources.assets_dir() / "art"
SVGS = sorted(p.stem for p in ART_DIR.glob("*.svg"))

REQUIRED = {
    "action_fleet", "action_crew", "action_hunt", "action_board", "action_raid", "skull",
    "chest", "chest_red", "chest_blue", "chest_yellow", "chest_white", "chest_purple",
    "boat_token", "pirate_token", "treasure_tile_back", "treasure_tile_1", "treasure_tile_2",
    "treasure_tile_3", "bonus_tile_1", "bonus_tile_2", "bag", "start_player", "island",
    "screen", "app_icon", "coin",
}


def _opaque_pixels(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    step = max(1, min(w, h) // 32)
    return sum(1 for x in range(0, w, step) for y in range(0, h, step) if surface.get_at((x, y)).a > 0)


def test_resources_resolve() -> None:
    assert resources.assets_dir().is_dir()
    assert resources.asset_path("art").is_dir()
    assert resources.font_path().is_file()
    assert resources.font_path(bold=True).is_file()
    assert resources.font_path(bold=True) != resources.font_path()
    assert resources.art_path("coin") == resources.art_path("coin.svg")
    assert (resources.assets_dir() / "fonts" / "OFL.txt").is_file()


def test_all_required_art_present() -> None:
    missing = REQUIRED - set(SVGS)
    assert not missing, f"missing SVGs: {sorted(missing)}"


@pytest.mark.parametrize("name", SVGS)
def test_svg_is_clean(name: str) -> None:
    text = (ART_DIR / f"{name}.svg").read_text(encoding="utf-8")
    assert "viewBox" in text
    for banned in ("<text", "<filter", "<image", "xlink:href", "<use"):
        assert banned not in text, f"{name}.svg uses {banned} (unsupported by nanosvg)"
    # nanosvg mis-reads unitless bounding-box gradient coordinates: require percentages.
    for tag in re.findall(r"<(?:linear|radial)Gradient\b[^>]*>", text):
        if "userSpaceOnUse" not in tag:
            bad = re.findall(r'\b(?:x1|y1|x2|y2|cx|cy|r|fx|fy)="-?[0-9.]+"', tag)
            assert not bad, f"{name}.svg: gradient coordinates must be percentages: {bad}"


@pytest.mark.parametrize("name", SVGS)
@pytest.mark.parametrize("size", [32, 128])
def test_svg_loads(name: str, size: int) -> None:
    surf = art.load_svg(name, (size, size))
    assert surf.get_size() == (size, size)
    assert _opaque_pixels(surf) > 0


def test_load_svg_is_cached() -> None:
    assert art.load_svg("coin", (40, 40)) is art.load_svg("coin", (40, 40))


def test_tinted_keeps_alpha_and_colours() -> None:
    base = art.icon("boat_token", 64)
    red = art.tinted(base, (200, 0, 0))
    assert red.get_size() == base.get_size()
    for x in range(0, 64, 4):
        for y in range(0, 64, 4):
            c = red.get_at((x, y))
            assert c.a == base.get_at((x, y)).a
            assert c.g == 0 and c.b == 0


@pytest.mark.parametrize("action", range(6))
def test_die_face_renders(action: int) -> None:
    for pc in palette.PLAYER_COLOURS:
        face = pictures.die_face(action, "2" if action < 5 else "", 48, pc.rgb)
        assert face.get_size() == (48, 48)
        assert face.get_at((24, 24)).a == 255
        assert face.get_at((0, 0)).a < 255  # rounded corner


def test_palette_tables() -> None:
    assert len(palette.PLAYER_COLOURS) == 4
    assert len({p.marker for p in palette.PLAYER_COLOURS}) == 4
    assert [c.name for c in pictures.CHEST_COLOURS] == ["red", "blue", "yellow", "white", "purple"]
    assert len({c.symbol for c in pictures.CHEST_COLOURS}) == 5
    for c in pictures.CHEST_COLOURS:
        assert (ART_DIR / f"{c.art}.svg").is_file()
    for name in pictures.ACTION_ICONS:
        assert (ART_DIR / f"{name}.svg").is_file()
    assert palette.hex_to_rgb(palette.rgb_to_hex(palette.BRASS)) == palette.BRASS


def test_import_does_no_work() -> None:
    import importlib

    mod = importlib.reload(resources)
    assert mod.assets_dir.cache_info().currsize == 0


def test_fonts_exist() -> None:
    assert Path(resources.font_path()).stat().st_size > 10_000


def test_a_cached_font_does_not_outlive_pygame() -> None:
    """A Font made before ``pygame.quit()`` is invalid after it ("font module quit since font created"): the
    font cache is dropped at the quit (with the cached pictures), and when the font module alone was quit."""
    pygame.init()
    try:
        before = art.font(17, bold=True)
        assert art.font(17, bold=True) is before
        width = before.size("Tortuga")[0]
        icon = art.load_svg("skull", (24, 24))
        pygame.quit()
        pygame.init()
        after = art.font(17, bold=True)
        assert after is not before and after.size("Tortuga")[0] == width
        assert art.load_svg("skull", (24, 24)) is not icon  # the pictures went with the fonts, as clear_caches drops them
        pygame.font.quit()  # the font module alone
        again = art.font(17, bold=True)
        assert again is not after and again.render("Tortuga", True, (0, 0, 0)).get_width() > 0
        pygame.quit()  # the hook is set again for each life of pygame
        pygame.init()
        assert art.font(17, bold=True).size("Tortuga")[0] == width
    finally:
        pygame.init()
