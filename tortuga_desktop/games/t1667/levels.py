"""Tortuga 1667's computer players' levels, from the program's words for strengths
(:mod:`tortuga_desktop.shell.levels`): "random" to Hard; it has no Expert."""

from __future__ import annotations

from tortuga_desktop.shell.levels import ALL_LEVELS

#: Tortuga 1667's computer players (tortuga_desktop.games.t1667.ai), weakest first.
LEVELS_1667: tuple[str, ...] = ALL_LEVELS[: ALL_LEVELS.index("hard") + 1]

__all__ = ["LEVELS_1667"]
