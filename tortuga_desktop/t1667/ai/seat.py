"""Tortuga 1667 computer players as the shell's :class:`~tortuga_desktop.shell.engine.ComputerPlayer`:
built in any process from a :class:`~tortuga_desktop.shell.table.BotSpec` (``FACTORY``), fed only
their seat's events, asked on their seat's view and legal actions; they answer a typed reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...shell.engine import Choice
from ..rules import Action, Event, PlayerView
from .bots import LEVELS, Bot, make_bot

#: the import path a BotSpec names to build a 1667 computer player (``make_player(level, seed)``)
FACTORY = "tortuga_desktop.t1667.ai.seat:make_player"


class SeatPlayer:
    """One 1667 bot (:func:`~.bots.make_bot`) at one seat."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.bot: Bot = make_bot(level, seed)

    def observe(self, events: Sequence[Event]) -> None:
        self.bot.observe(events)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice[Action]:
        c = self.bot.decide(view, legal)
        return Choice(c.action, c.reason)


def make_player(level: str, seed: int) -> SeatPlayer:
    """A 1667 computer player of ``level`` (one of :data:`~.bots.LEVELS`), seeded."""
    return SeatPlayer(level, seed)


__all__ = ["FACTORY", "LEVELS", "SeatPlayer", "make_player"]
