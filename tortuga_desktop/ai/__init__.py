"""Computer opponents for Tortuga: random, Easy, Normal and Hard.

Bots decide only from a seat's player view (``game.view(seat)``), never from a Game:

>>> from tortuga_desktop.rules import Game
>>> g = Game.new(players=2, seed=1)
>>> seat = g.to_move()[0]
>>> choice = make_bot("normal", seed=7).decide(g.view(seat))
>>> choice.action in g.legal_actions(seat)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..rules import PlayerAction, PlayerView

LEVELS = ("easy", "normal", "hard")
ALL_LEVELS = ("random", *LEVELS)


@dataclass(frozen=True)
class BotChoice:
    """A bot's decision and a short plain-English reason for the game log."""

    action: PlayerAction
    reason: str


class Bot(Protocol):
    """A computer player; ``decide`` is deterministic given the bot's seed and the view."""

    level: str

    def decide(self, view: PlayerView) -> BotChoice: ...


def make_bot(level: str, seed: int, **options: Any) -> Bot:
    """A bot of ``level`` ("random", "easy", "normal" or "hard") seeded with ``seed``.

    ``options`` tune the bot (Hard: ``budget_s``, ``iterations``); unknown levels raise ValueError.
    """
    from .bots import build_bot

    if level not in ALL_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(ALL_LEVELS)}")
    return build_bot(level, seed, **options)


__all__ = ["ALL_LEVELS", "LEVELS", "Bot", "BotChoice", "make_bot"]
