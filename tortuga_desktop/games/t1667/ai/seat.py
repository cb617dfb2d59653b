"""Tortuga 1667 computer players as the shell's :class:`~tortuga_desktop.shell.engine.ComputerPlayer`:
built in any process from a :class:`~tortuga_desktop.shell.table.BotSpec` (``FACTORY``), fed only
their seat's events, asked on their seat's view and legal actions; they answer a typed reason.

They speak at the table too (the shell's ``Talker``): reactions to the votes turned up and a claim
of their loyalty when asked, by :class:`~.talk.TableTalk`'s strategy (true or false), from their own
seat's view and belief only. Talk never changes what they decide.
"""

from __future__ import annotations

from collections.abc import Sequence

from tortuga_desktop.shell.engine import Choice

from ..rules import Action, Event, PlayerView
from .belief import Belief
from .bots import LEVELS, Bot, NormalBot, make_bot
from .talk import TableTalk, TalkMessage

#: the import path a BotSpec names to build a 1667 computer player (``make_player(level, seed)``)
FACTORY = "tortuga_desktop.games.t1667.ai.seat:make_player"


class SeatPlayer:
    """One 1667 bot (:func:`~.bots.make_bot`) at one seat, with its table talk."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.seed = seed
        self.bot: Bot = make_bot(level, seed)
        self._talk: TableTalk | None = None
        #: events seen since it last spoke
        self._heard: list[Event] = []

    def observe(self, events: Sequence[Event]) -> None:
        self.bot.observe(events)
        self._heard += events

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice[Action]:
        c = self.bot.decide(view, legal)
        return Choice(c.action, c.reason)

    def _talker(self, view: PlayerView) -> TableTalk:
        if self._talk is None:
            self._talk = TableTalk(view.seat, self.seed)
        return self._talk

    def _belief(self) -> Belief | None:
        """What it believes of the loyalties as of its last decision (Easy and Random keep no belief)."""
        return self.bot.belief if isinstance(self.bot, NormalBot) else None

    def talk(self, view: PlayerView) -> list[TalkMessage]:
        """Its reactions to the votes turned up since it last spoke."""
        heard, self._heard = self._heard, []
        return list(self._talker(view).react(view, self._belief(), heard))

    def answer(self, view: PlayerView, asker: int | None) -> list[TalkMessage]:
        """Its claim of its loyalty, asked by ``asker`` (None: the table)."""
        return [self._talker(view).answer(view, self._belief(), asker)]


def make_player(level: str, seed: int) -> SeatPlayer:
    """A 1667 computer player of ``level`` (one of :data:`~.bots.LEVELS`), seeded."""
    return SeatPlayer(level, seed)


__all__ = ["FACTORY", "LEVELS", "SeatPlayer", "make_player"]
