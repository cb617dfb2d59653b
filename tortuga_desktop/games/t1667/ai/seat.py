"""Tortuga 1667 computer players as the shell's :class:`~tortuga_desktop.shell.engine.ComputerPlayer`:
built in any process from a :class:`~tortuga_desktop.shell.table.BotSpec` (``FACTORY``), fed only
their seat's events, asked on their seat's view and legal actions; they answer a typed reason.

They speak at the table too (the shell's ``Talker``), in the game's own talk moves
(:class:`~tortuga_desktop.games.t1667.rules.talk.Say`): answers to the seats that ask them, claims,
accusations, vouches, reports of the row slots they saw and reactions to the votes turned up, by
:class:`~.talk.TableTalk`'s strategy for their level (true or false), from their own seat's view and
belief only. What the others say is evidence in a Normal or Hard player's belief (:mod:`.belief`).
"""

from __future__ import annotations

from collections.abc import Sequence

from tortuga_desktop.shell.engine import Choice

from ..rules import Action, Event, PlayerView
from ..rules.talk import Say
from .belief import Belief
from .bots import LEVELS, Bot, NormalBot, make_bot
from .talk import TableTalk

#: the import path a BotSpec names to build a 1667 computer player (``make_player(level, seed)``)
FACTORY = "tortuga_desktop.games.t1667.ai.seat:make_player"


class SeatPlayer:
    """One 1667 bot (:func:`~.bots.make_bot`) at one seat, with its table talk."""

    def __init__(self, level: str, seed: int, *, truthful: bool = False) -> None:
        self.level = level
        self.seed = seed
        #: its talk never lies (:attr:`~.talk.TableTalk.truthful`; the arena's ``hard-truthful``)
        self.truthful = truthful
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
            self._talk = TableTalk(view.seat, self.seed, self.level, truthful=self.truthful)
        return self._talk

    def _belief(self, view: PlayerView) -> Belief | None:
        """What it believes of the loyalties now, with all it heard read (Easy and Random keep no belief)."""
        if not isinstance(self.bot, NormalBot):
            return None
        self.bot.flush(view)
        return self.bot.belief

    def talk(self, view: PlayerView) -> list[Say]:
        """What it says, having heard the events since it last spoke: answers to the seats that asked it,
        a reaction to a vote turned up, and on its own turn perhaps a line unasked."""
        heard, self._heard = self._heard, []
        return self._talker(view).hear(view, self._belief(view), heard)

    def answer(self, view: PlayerView, asker: int | None) -> list[Say]:
        """Its claim of its loyalty, asked by ``asker`` (None: the table)."""
        return [self._talker(view).answer(view, self._belief(view), asker)]


def make_player(level: str, seed: int, *, truthful: bool = False) -> SeatPlayer:
    """A 1667 computer player of ``level`` (one of :data:`~.bots.LEVELS`), seeded; ``truthful``: its talk never
    lies (a variant for measuring what lying is worth, not a level a player can choose)."""
    return SeatPlayer(level, seed, truthful=truthful)


__all__ = ["FACTORY", "LEVELS", "SeatPlayer", "make_player"]
