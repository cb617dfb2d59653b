"""Render every SVG in assets/art (plus dice faces and tinted tokens) onto a contact sheet.

Usage:  SDL_VIDEODRIVER=dummy python -m scripts.art_sheet out.png [--sizes 128,64,32]
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import pygame

from tortuga_desktop.games.dice.table import pictures
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.resources import assets_dir

WIDE = {"island": 2.0, "screen": 1.5}
TINTABLE = ("boat_token", "pirate_token", "chest")


def _label(sheet: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
    sheet.blit(art.font(12).render(text, True, palette.INK), pos)


def render_sheet(out: Path, sizes: list[int]) -> None:
    pygame.init()
    names = sorted(p.stem for p in (assets_dir() / "art").glob("*.svg"))
    big = max(sizes)
    on_wood = [s for s in (64, 32) if s <= big]
    wide = max(WIDE.values())
    left_w = int(sum(s * wide for s in sizes) + 12 * len(sizes))
    wood_w = int(sum(s * wide for s in on_wood) + 12 * len(on_wood) + 8)
    cell_w = left_w + wood_w + 16
    cols = 3
    row_h = big + 34
    rows = (len(names) + cols - 1) // cols
    dice_h = 4 * (72 + 10) + 40
    tint_h = 4 * (72 + 10) + 40
    width = max(cols * cell_w + 20, 1200)
    height = rows * row_h + dice_h + tint_h + 60
    sheet = pygame.Surface((width, height))
    sheet.fill(palette.PARCHMENT)

    for i, name in enumerate(names):
        x0 = 10 + (i % cols) * cell_w
        y0 = 10 + (i // cols) * row_h
        _label(sheet, name, (x0 + 4, y0 + 2))
        ratio = WIDE.get(name, 1.0)
        x = x0 + 4
        for s in sizes:
            surf = art.load_svg(name, (int(s * ratio), s))
            sheet.blit(surf, (x, y0 + 20 + (big - s)))
            x += surf.get_width() + 12
        # the same art on the dark table wood, to check contrast
        wx = x0 + left_w + 4
        pygame.draw.rect(sheet, palette.TABLE, (wx, y0 + 16, wood_w, big + 10), border_radius=6)
        x = wx + 6
        for s in on_wood:
            surf = art.load_svg(name, (int(s * ratio), s))
            sheet.blit(surf, (x, y0 + 20 + (big - s)))
            x += surf.get_width() + 12

    # dice faces, one row per player colour
    y = 10 + rows * row_h + 10
    _label(sheet, "dice faces (64 px with labels, 40 and 28 px)", (14, y))
    y += 20
    labels = ["1", "2", "A", "3", "B", ""]
    for pc in palette.PLAYER_COLOURS:
        x = 14
        for a in range(6):
            f = pictures.die_face(a, labels[a], 64, pc.rgb)
            sheet.blit(f, (x, y))
            x += 70
        x += 10
        for a in range(6):
            f = pictures.die_face(a, "", 40, pc.rgb)
            sheet.blit(f, (x, y + 12))
            x += 44
        x += 10
        for a in range(6):
            f = pictures.die_face(a, str(a + 1), 28, pc.rgb)
            sheet.blit(f, (x, y + 24))
            x += 31
        y += 82

    # tinted tokens on table wood
    y += 10
    pygame.draw.rect(sheet, palette.TABLE, (10, y, width - 20, tint_h - 20))
    _label(sheet, "tinted tokens (64 / 32 px)", (14, y + 2))
    y += 20
    for pc in palette.PLAYER_COLOURS:
        x = 14
        for name in TINTABLE:
            sheet.blit(art.token(name, 64, pc.rgb), (x, y))
            sheet.blit(art.token(name, 32, pc.rgb), (x + 68, y + 32))
            x += 110
        for ci in range(len(pictures.CHEST_COLOURS)):
            sheet.blit(art.icon(pictures.chest_icon_name(ci), 64), (x, y))
            sheet.blit(art.icon(pictures.chest_icon_name(ci), 24), (x + 66, y + 40))
            x += 96
        y += 82

    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    print(f"wrote {out} ({width}x{height}, {len(names)} svgs)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", type=Path, help="PNG file to write")
    parser.add_argument("--sizes", default="128,64,32", help="comma-separated icon sizes")
    args = parser.parse_args(argv)
    sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()}, reverse=True)
    render_sheet(args.out, sizes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
