"""Tortuga 1667's rules as the shell's :class:`~tortuga_desktop.shell.engine.GameRules`: what every
game-neutral tool (the conformance tests, ``sim``, ``arena``) uses of this game. Pure Python: no pygame.

The engine is :class:`~.table.engine.T1667Engine` (a thin adapter over :class:`~.rules.Game`); its
computer players are :class:`~.ai.seat.SeatPlayer` (built only when asked for)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tortuga_desktop.games import own_tool
from tortuga_desktop.games.t1667.levels import LEVELS_1667

from .rules import Game, check_invariants
from .table.engine import GAME_KEY, T1667Engine, replay


class T1667Rules:
    """Tortuga 1667's rules for game-neutral tools."""

    key = GAME_KEY
    cli_names: tuple[str, ...] = ("1667",)
    min_players = 2
    max_players = 9
    #: (the same path as ``ai.seat.FACTORY``, without importing the computer players here)
    bot_factory = "tortuga_desktop.games.t1667.ai.seat:make_player"

    levels: tuple[str, ...] = LEVELS_1667

    def new_engine(self, players: int, seed: int) -> T1667Engine:
        return T1667Engine.new(players, seed)

    def replay(self, record: Mapping[str, Any]) -> T1667Engine:
        return replay(record)

    def check(self, engine: object) -> list[str]:
        return check_invariants(_game(engine))

    def redeal(self, engine: object, seat: int | None, seed: int) -> T1667Engine:
        """The same moment with everything ``seat`` (None: a watcher) may not know dealt again (T9)."""
        from tortuga_desktop.devtools.hidden1667 import resample_hidden

        return T1667Engine(resample_hidden(_game(engine), seat, random.Random(seed)))

    def tool(self, name: str) -> Callable[[Sequence[str] | None], int] | None:
        return own_tool(__package__, name)


def _game(engine: object) -> Game:
    if not isinstance(engine, T1667Engine):
        raise TypeError(f"not a Tortuga 1667 engine: {type(engine).__name__}")
    return engine._game


RULES = T1667Rules()

__all__ = ["RULES", "T1667Rules"]
