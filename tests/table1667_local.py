"""The 1667 game at a :class:`~tortuga_desktop.shell.table.LocalTable` for the table scene's tests:
the rules' Game (kept, so a test can check what was applied), its Engine adapter, computer players
built from their BotSpec and thinking inline."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tortuga_desktop.games.t1667.ai.seat import FACTORY
from tortuga_desktop.games.t1667.rules import Game
from tortuga_desktop.games.t1667.table.engine import T1667Engine
from tortuga_desktop.shell.table import BotSpec, LocalTable

NAMES = ("Anne", "Jack", "Mary", "Calico", "Edward", "Grace", "Henry", "Ching", "Bartholomew")


def local_table(players: int, seed: int, humans: Sequence[int], level: str = "easy",
                think: str = "inline") -> tuple[Game, LocalTable[Any, Any, Any]]:
    """A new ``players``-seat game with humans at ``humans`` and ``level`` computer players elsewhere."""
    game = Game.new(players, seed, names=NAMES[:players])
    kinds = ["human" if s in humans else level for s in range(players)]
    bots = {s: BotSpec(FACTORY, level, seed * 31 + s) for s in range(players) if s not in humans}
    table: LocalTable[Any, Any, Any] = LocalTable(T1667Engine(game), names=NAMES[:players], kinds=kinds,
                                                  humans=humans, bots=bots, think=think)
    return game, table
