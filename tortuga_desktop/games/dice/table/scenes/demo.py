"""A bots-only game on the table (the menu's *Watch a demo*, ``tortuga --demo``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.controller import GameController, demo_seats
from tortuga_desktop.games.dice.table.scenes.table import TableScene

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

__all__ = ["start_demo"]


def start_demo(app: App, players: int, seed: int, level: str | tuple[str, ...] | None = None, *,
               think: str | None = None) -> None:
    """Push a table with a bots-only game (``level``: one for every seat, or seat by seat; ``think``: where
    the computer players think, see :class:`~..controller.LocalTableSource`)."""
    seats = demo_seats(players, seed, ((level,) if isinstance(level, str) else level) or None)
    game = Game.new(players, seed, names=[s.name for s in seats])
    controller = GameController(game, seats, think=think)
    app.push(TableScene(controller, speed=app.table_speed()))
