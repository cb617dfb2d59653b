"""A bots-only game on the table (the menu's *Watch a demo*, ``tortuga --demo``)."""

from __future__ import annotations

from typing import Any

from ...rules import Game
from ..controller import GameController, demo_seats
from .table import TableScene

__all__ = ["start_demo"]


def start_demo(app: Any, players: int, seed: int, level: str | tuple[str, ...] | None = None) -> None:
    """Push a table with a bots-only game (``level``: one for every seat, or seat by seat)."""
    seats = demo_seats(players, seed, ((level,) if isinstance(level, str) else level) or None)
    game = Game.new(players, seed, names=[s.name for s in seats])
    controller = GameController(game, seats)
    speed = app.table_speed() if hasattr(app, "table_speed") else (getattr(app.options, "speed", None) or "normal")
    app.push(TableScene(controller, speed=speed))
