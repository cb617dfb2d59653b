"""Computer opponents for Tortuga: random, Easy, Normal, Hard and Expert.

Bots decide only from a seat's player view (``game.view(seat)``), never from a Game:

>>> from tortuga_desktop.games.dice.rules import Game
>>> g = Game.new(players=2, seed=1)
>>> seat = g.to_move()[0]
>>> choice = make_bot("normal", seed=7).decide(g.view(seat))
>>> choice.action in g.legal_actions(seat)
True
"""

from __future__ import annotations

from typing import Any

from . import kernel_mode

# the compiled kernel or the pure-Python one (and why), chosen before any module imports it
kernel_mode.select()

from tortuga_desktop.shell.levels import ALL_LEVELS, LEVELS  # noqa: E402

from .bots import build_bot  # noqa: E402
from .choice import REASON_KEYS, Bot, BotChoice, Reason  # noqa: E402


def make_bot(level: str, seed: int, **options: Any) -> Bot:
    """A bot of ``level`` (one of ``ALL_LEVELS``) seeded with ``seed``.

    ``options`` tune the bot (Hard: ``budget_s``, ``iterations``; Expert: ``think`` = "fast",
    "normal" or "long", ``budget_s``, ``worlds``); unknown levels raise ValueError.
    """
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(ALL_LEVELS)}")
    return build_bot(level, seed, **options)


__all__ = ["ALL_LEVELS", "LEVELS", "REASON_KEYS", "Bot", "BotChoice", "Reason", "make_bot"]
