"""Tortuga 1667 as the shell's second game module (:class:`~...shell.game.GameModule`).

The ways into the game: *New game* (its setup screen, :mod:`.setup`; the table starts from the setup
it hands back), *Continue* / *Load game* (its saves, :mod:`.saves`), the demo (``tortuga --demo --game
1667``, :mod:`.demo`) and its rules help (:mod:`.help`). The setup screen, the saves and the help are
written beside this module by other hands and reached by name when first used (:func:`_part`), so this
module and the table can be imported (and the demo played) on their own.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame

from ...app import palette
from ...app.render.table1667 import LOYALTY_STYLES, SEAT_STYLES, shape, ship_pic
from ...app.scenes import Scene
from ...levels import LEVELS_1667
from ...shell.game import DemoOptions, SavedGame, ShellApp
from ..rules.cards import Loyalty
from .demo import local_table, start_demo
from .engine import GAME_KEY
from .scene import Table1667Scene

__all__ = ["KEY", "T1667Game", "start_game"]

KEY = GAME_KEY


def _part(name: str) -> ModuleType:
    """A part of the 1667 application beside this module (``setup``, ``saves``, ``help``)."""
    return importlib.import_module(f"{__package__}.{name}")


def start_game(app: Any, setup: Any) -> Table1667Scene:
    """Start a new game from the setup screen's valid setup (its seats: names and kinds, the
    starred cards, the seed, whether computer players talk) and push its table."""
    players = len(setup.names)
    humans = tuple(setup.humans)
    bots = setup.bots  # seat -> level
    levels = tuple(bots[s] for s in sorted(bots)) or ("normal",)
    table = local_table(players, setup.game_seed(), names=setup.names, humans=humans, levels=levels,
                        starred=setup.starred)
    table.bot_chat = bool(getattr(setup, "bot_chat", True))
    speed = app.table_speed() if hasattr(app, "table_speed") else "normal"
    scene = Table1667Scene(table, speed=speed)
    app.push(scene)
    return scene


class T1667Game:
    """Tortuga 1667's :class:`~tortuga_desktop.shell.game.GameModule`."""

    key = KEY
    cli_names: tuple[str, ...] = ("1667",)
    title_key = "game.t1667.title"
    blurb_key = "game.t1667.blurb"
    min_players = 2
    max_players = 9
    #: its computer players' levels (``tortuga --demo --game 1667 --level``)
    levels = LEVELS_1667

    def draw_badge(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A ship under sail on a round night-sea badge, ringed by the three loyalty marks."""
        side = min(rect.w, rect.h)
        box = pygame.Rect(0, 0, side, side)
        box.center = rect.center
        clip = surface.get_clip()
        surface.set_clip(box.clip(clip) if clip else box)
        try:
            r = side // 2
            pygame.draw.circle(surface, palette.SEA_DEEP, box.center, r)
            pygame.draw.circle(surface, palette.BRASS, box.center, r, max(1, side // 24))
            hull = pygame.Rect(0, 0, side * 11 // 20, side * 9 // 20)
            hull.center = (box.centerx, box.centery - side // 14)
            ship_pic(surface, hull, SEAT_STYLES[8].rgb)
            for a, loyalty in zip((0.8 * math.pi, 0.5 * math.pi, 0.2 * math.pi),
                                  (Loyalty.BRITISH, Loyalty.DUTCH, Loyalty.FRENCH), strict=True):
                cx = box.centerx + math.cos(a) * r * 0.62
                cy = box.centery + math.sin(a) * r * 0.62
                st = LOYALTY_STYLES[loyalty]
                shape(surface, st.shape, (cx, cy), max(3, side // 11), st.rgb)
        finally:
            surface.set_clip(clip)

    def setup_scene(self, app: ShellApp) -> Scene:
        setup = _part("setup")
        scene: Scene = setup.Setup1667Scene(on_start=lambda chosen: start_game(app, chosen))
        return scene

    def read_saved(self, doc: Mapping[str, Any], path: Path | None) -> SavedGame:
        saved: SavedGame = _part("saves").read_saved(doc, path)
        return saved

    def open_saved(self, app: ShellApp, saved: SavedGame, *, on_disk: bool = False) -> None:
        table = _part("saves").table_of(saved)
        speed = app.table_speed() if hasattr(app, "table_speed") else "normal"
        app.push(Table1667Scene(table, speed=speed))

    def demo(self, app: ShellApp, options: DemoOptions) -> None:
        start_demo(app, options.players, options.seed, options.level)

    def help_scene(self, app: ShellApp) -> Scene:
        scene: Scene = _part("help").Help1667Scene()
        return scene
