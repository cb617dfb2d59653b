"""The printed screen at the table: the grid of each die's faces (RULES.md R0.8), on demand.

A small button by the player's dice (the tray of the human at the screen) and the G key show
a panel over the middle of the table with the five dice of the game's grid (its rules version:
a save keeps its grid), drawn like the rules help (:func:`.scenes.help.draw_dice_grid`). G, a
click or Escape (which also opens the pause menu) hide it again. The grid is public knowledge
(every player has the same set), so it may be shown to anyone at any time.

The table scene calls :func:`handle` first with every intent, :func:`draw_button` onto its
cached layer and :func:`draw` over everything; the state lives on the scene
(``scene.dice_grid_shown``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.games.dice.table.scenes.help import draw_dice_grid
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.keys import DICE_GRID_KEY, DICE_GRID_KEY_NAME

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.scenes.table import TableScene

__all__ = ["button_rect", "button_seat", "draw", "draw_button", "handle", "is_shown", "toggle"]


def is_shown(scene: TableScene) -> bool:
    return scene.dice_grid_shown


def toggle(scene: TableScene, shown: bool | None = None) -> None:
    scene.dice_grid_shown = (not is_shown(scene)) if shown is None else shown
    scene._dirty = True
    scene._base = None  # the button's look changes


def button_seat(scene: TableScene) -> int | None:
    """Whose dice the button stands by: the human at the screen (None in a demo)."""
    if scene.viewer is not None:
        return scene.viewer
    if scene.decision_seat is not None:
        return scene.decision_seat
    humans = scene.controller.human_seats
    return humans[0] if humans else None


def button_rect(scene: TableScene) -> pygame.Rect | None:
    """The button at the bottom right of the player's dice tray."""
    renderer = scene.renderer
    seat = button_seat(scene)
    if renderer is None or seat is None:
        return None
    L = renderer.layout
    tray = L.boards[seat].tray
    below = max(s.bottom for s in L.boards[seat].tray_slots) + 1  # under the dice, never over one
    h = max(8, tray.bottom - below - max(2, L.px(2)))
    w = max(h * 2, L.px(40))
    return pygame.Rect(tray.right - w - L.px(4), below, w, h)


def handle(scene: TableScene, intent: Intent) -> bool:
    """The G key and clicks on the button or the shown panel; True when used up."""
    if isinstance(intent, Key):
        if intent.key == DICE_GRID_KEY and not intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            toggle(scene)
            return True
        if intent.key == pygame.K_ESCAPE and is_shown(scene):
            toggle(scene, False)  # and the pause menu opens as always
        return False
    if isinstance(intent, Click) and intent.button == 1:
        if is_shown(scene):
            toggle(scene, False)
            return True
        r = button_rect(scene)
        if r is not None and r.collidepoint(intent.pos):
            toggle(scene, True)
            return True
    return False


def draw_button(scene: TableScene, surface: pygame.Surface) -> None:
    """The small "faces" button by the player's dice: a tiny grid and the key letter."""
    r = button_rect(scene)
    if r is None:
        return
    on = is_shown(scene)
    pygame.draw.rect(surface, palette.GOLD if on else palette.PARCHMENT_LIGHT, r, border_radius=max(3, r.h // 4))
    pygame.draw.rect(surface, palette.INK, r, 1, border_radius=max(3, r.h // 4))
    cell = max(2, (r.h - 6) // 3)
    gx, gy = r.x + 4, r.centery - (3 * cell) // 2
    for row in range(3):
        for col in range(3):
            pygame.draw.rect(surface, palette.BRASS_DARK, (gx + col * cell, gy + row * cell, cell - 1, cell - 1))
    f = art.font(max(9, r.h - 4), True)
    t = f.render(DICE_GRID_KEY_NAME, True, palette.INK)
    surface.blit(t, t.get_rect(midright=(r.right - 5, r.centery)))


def draw(scene: TableScene, surface: pygame.Surface) -> pygame.Rect | None:
    """The panel with the dice grid over the middle of the table, when shown."""
    renderer = scene.renderer
    if not is_shown(scene) or renderer is None:
        return None
    L = renderer.layout
    view = scene.view
    seat = button_seat(scene)
    rgb = renderer.colour_of(seat if seat is not None else 0).rgb
    area = L.middle
    sw, sh = surface.get_size()
    size = max(16, min(72, int(sh * 0.6) // 7, (area.w - L.px(60)) // 8))
    title = art.font(max(14, L.px(22)), True).render(tr("glance.grid.title"), True, palette.INK)
    small = art.font(max(11, L.px(13)))
    notes = [tr("glance.grid.how"), tr("glance.grid.note"), tr("glance.grid.close", letter=DICE_GRID_KEY_NAME)]
    lines = [small.render(n, True, palette.INK_SOFT) for n in notes]
    gap = max(3, size // 8)
    grid_w = size // 2 + gap + 6 * (size + gap)
    w = max(grid_w, title.get_width(), *(ln.get_width() for ln in lines)) + L.px(40)
    h = title.get_height() + 6 * (size + gap) + sum(ln.get_height() for ln in lines) + L.px(36)
    box = pygame.Rect(0, 0, w, h)
    box.center = area.center
    box.clamp_ip(pygame.Rect(0, 0, sw, sh))
    pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, box, border_radius=L.px(14))
    pygame.draw.rect(surface, palette.BRASS_DARK, box, max(2, L.px(3)), border_radius=L.px(14))
    y = box.y + L.px(12)
    surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
    y += title.get_height() + L.px(6)
    draw_dice_grid(surface, box.centerx - grid_w // 2, y, size, view.grid, rgb)
    y += 6 * (size + gap) + L.px(4)
    for ln in lines:
        surface.blit(ln, ln.get_rect(midtop=(box.centerx, y)))
        y += ln.get_height()
    return box
