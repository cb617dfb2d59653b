"""A game of Tortuga 1667 as the server runs it at a table: the rules behind the game-neutral
:class:`~tortuga_desktop.games.t1667.table.engine.T1667Engine`, each seat's data for the wire
(:mod:`.codec`) and the table's computer players, behind the network layer's
:class:`~tortuga_desktop.net.games.GameRun`.

Everything a seat is sent comes from ``engine.view(seat)``, ``engine.events_for(seat)`` and
``engine.legal_actions(seat)`` (the rules' allow-lists, T9); a watcher gets ``view(None)`` and
``events_for(None)``. A computer player is given exactly what a remote player at its seat would be:
its seat's view, events and legal actions.

Table talk is a move of the game (T9.7, :mod:`~tortuga_desktop.games.t1667.rules.talk`): a seat's
line in its text form (``"say accuse 2 french"``) is carried out by :meth:`Run1667.say_text` as a
public ``Talked`` event in every seat's and watcher's updates and in the game's record.

With ``talk`` (the table's option), each computer player also speaks at the table as at a local
table (:meth:`Run1667.bot_talk`): its :class:`~tortuga_desktop.games.t1667.ai.seat.SeatPlayer` hears
its seat's events and speaks of them, from its own view and belief only. A line that is the game's
talk (a :class:`~tortuga_desktop.games.t1667.rules.talk.Say`) goes to the server as a
:class:`~tortuga_desktop.net.games.TalkMove`, which carries it out as any seat's talk; a line of the
older kinds (:class:`~tortuga_desktop.games.t1667.ai.talk.Claim`, ``Reaction``) goes to the table's
chat as data (:func:`.codec.talk_to_text`). A player made when the game has already begun (a resumed
table) hears what came before without speaking of it: the moment for those lines has passed.

>>> run = Run1667.new(players=3, seed=4, names=["A", "B", "C"])
>>> seat = run.engine.deciders()[0]
>>> run.decision_key(seat) is not None, run.decision_key((seat + 1) % 3)
(True, None)
>>> run.apply_text(seat, "fly away")
Traceback (most recent call last):
...
tortuga_desktop.net.games.ActionMalformed: not an action of Tortuga 1667: 'fly away'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from tortuga_desktop.games.t1667.ai.seat import SeatPlayer, make_player
from tortuga_desktop.games.t1667.ai.talk import Claim, Reaction
from tortuga_desktop.games.t1667.rules import (
    Action,
    EventCard,
    MalformedActionError,
    RecordError,
    RulesError,
    SetupError,
    parse_action,
)
from tortuga_desktop.games.t1667.rules.talk import Say
from tortuga_desktop.games.t1667.table.engine import T1667Engine, replay
from tortuga_desktop.net.games import ActionIllegal, ActionMalformed, Cursor, SeatData, TalkMove
from tortuga_desktop.shell.engine import ActionRefused

from . import codec as C

GAME = "t1667"


class Run1667:
    """One game of Tortuga 1667 at a network table."""

    key = GAME

    def __init__(self, engine: T1667Engine, *, talk: bool = False) -> None:
        self.engine = engine
        #: the computer players talk at the table (the table's option)
        self.talk = talk
        #: per seat: its player has heard events since it last spoke
        self._heard: dict[int, bool] = {}
        #: per seat: its computer player (rebuilt when the level changes) and the events it has observed
        self._bots: dict[int, tuple[str, SeatPlayer]] = {}
        self._bot_read: dict[int, int] = {}
        self._seed_base = 0

    @classmethod
    def new(cls, players: int, seed: int, *, names: Sequence[str], starred: Sequence[str] | None = None,
            talk: bool = False) -> Run1667:
        """A new game; ValueError (with the rules' reason) for a bad setup."""
        try:
            cards = None if starred is None else [EventCard(c) for c in starred]
            run = cls(T1667Engine.new(players, seed, starred=cards, names=list(names)), talk=talk)
        except (SetupError, ValueError) as exc:
            raise ValueError(f"Tortuga 1667 setup: {exc}") from None
        run._seed_base = seed
        return run

    @classmethod
    def from_record(cls, data: Any, seed: int | None, *, talk: bool = False) -> Run1667:
        """The game a saved record describes, replayed; ValueError for one that is not or does not replay."""
        try:
            run = cls(replay(data), talk=talk)
        except (RecordError, RulesError, TypeError, ValueError) as exc:
            raise ValueError(f"Tortuga 1667 record: {exc}") from None
        run._seed_base = seed or 0
        return run

    # ------------------------------------------------------------------ the game
    @property
    def players(self) -> int:
        return self.engine.players

    @property
    def decisions(self) -> int:
        return self.engine.decisions

    @property
    def is_over(self) -> bool:
        return self.engine.is_over

    def record_dict(self) -> dict[str, Any]:
        return dict(self.engine.record())

    def decision_key(self, seat: int) -> Hashable | None:
        """``seat``'s open decision (None: it has none): equal while it stays the same decision."""
        d = None if self.engine.is_over else self.engine.decision(seat)
        return None if d is None else ("t1667", d)

    def apply_text(self, seat: int, text: str) -> None:
        """Carry out ``seat``'s action given as text: :class:`ActionMalformed` when it is no action of
        this game, :class:`ActionIllegal` when the rules refuse it (nothing changes either way)."""
        try:
            action = parse_action(text)
        except (MalformedActionError, RulesError, ValueError):
            raise ActionMalformed(f"not an action of Tortuga 1667: {text[:40]!r}") from None
        if action not in self.engine.legal_actions(seat):
            raise ActionIllegal(f"{text[:40]!r} is not one of this seat's legal actions now")
        try:
            self.engine.apply(seat, action)
        except ValueError as exc:  # ActionRefused: nothing changed
            raise ActionIllegal(str(exc)) from None

    def say_text(self, seat: int, text: str) -> None:
        """``seat`` says the line of table talk whose text form is ``text`` (T9.7): a public ``Talked``
        event, kept in the record; :class:`ActionMalformed` when ``text`` is no line of talk,
        :class:`ActionIllegal` with the rules' reason when they refuse it (nothing changes either way)."""
        try:
            line = parse_action(text)
        except (MalformedActionError, RulesError, ValueError) as exc:
            raise ActionMalformed(f"not a line of Tortuga 1667's table talk: {exc}") from None
        if not isinstance(line, Say):
            raise ActionMalformed(f"not a line of Tortuga 1667's table talk: {text[:40]!r}")
        try:
            self.engine.say(seat, line)
        except (ActionRefused, ValueError) as exc:
            raise ActionIllegal(str(exc)) from None

    # ------------------------------------------------------------------ what a seat is sent
    def seat_data(self, seat: int | None, start: int) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
        """``seat``'s (None: the public's) view, its events from index ``start`` and its legal actions,
        as data."""
        view = C.view_to_json(self.engine.view(seat))
        events = C.events_to_json(self.engine.events_for(seat, start))
        legal = [] if seat is None else [str(a) for a in self.engine.legal_actions(seat)]
        return view, events, legal

    def event_count(self, seat: int | None) -> int:
        return len(self.engine.events_for(seat))

    def updates(self, viewers: Sequence[int | None], cursors: Sequence[Cursor]) -> list[SeatData]:
        """Each viewer's view, its events from where it stands and its legal actions (a watcher: none)."""
        out = []
        views = self.engine.views(viewers)
        for viewer, (raw, sent), seen in zip(viewers, cursors, views, strict=True):
            first = sent if raw else 0
            view = C.view_to_json(seen)
            dicts = C.events_to_json(self.engine.events_for(viewer, first))
            legal = None if viewer is None else [str(a) for a in self.engine.legal_actions(viewer)]
            out.append(SeatData(view, dicts, first, (1, first + len(dicts)), self.engine.decisions, legal))
        return out

    # ------------------------------------------------------------------ computer players
    def make_bot(self, seat: int, level: str, *, budget_s: float) -> SeatPlayer:
        """A computer player of ``level`` at ``seat`` (it observes the seat's events from the first)."""
        bot_seed = random.Random(f"net-bot-1667:{self._seed_base}:{seat}:{level}").randrange(2**31)
        player = make_player(level, bot_seed)
        self._bots[seat] = (level, player)
        self._bot_read[seat] = 0
        self._heard[seat] = False
        if self.talk:  # it hears what came before, and says nothing of it now
            before = tuple(self.engine.events_for(seat))
            if before:
                player.observe(before)
                player.talk(self.engine.view(seat))
            self._bot_read[seat] = len(before)
        return player

    def bot_talk(self, bot: Any, seat: int) -> Sequence[str | TalkMove]:
        """What computer player ``bot`` at ``seat`` says now (with the table's talk on): it hears its
        seat's events since it last heard them and, when it has heard something since it last spoke,
        speaks of it from its seat's view and its own belief
        (:meth:`~tortuga_desktop.games.t1667.ai.seat.SeatPlayer.talk`). A line of the game's talk
        (:class:`~tortuga_desktop.games.t1667.rules.talk.Say`) is a :class:`TalkMove` (none once the
        game is over); an older kind of line is the chat's text (:func:`.codec.talk_to_text`)."""
        held = self._bots.get(seat)
        if not self.talk or held is None or held[1] is not bot:
            return []
        player: SeatPlayer = bot
        read = self._bot_read.get(seat, 0)
        events = tuple(self.engine.events_for(seat, read))
        if events:
            player.observe(events)
            self._bot_read[seat] = read + len(events)
            self._heard[seat] = True
        if not self._heard.get(seat):
            return []  # nothing new to speak of
        self._heard[seat] = False
        out: list[str | TalkMove] = []
        for line in player.talk(self.engine.view(seat)):
            if self.engine.is_talk(line):
                if not self.engine.is_over:
                    out.append(TalkMove(str(line)))
            elif isinstance(line, (Claim, Reaction)):
                out.append(C.talk_to_text(line))
            else:
                raise TypeError(f"a computer player said a line of no known kind: {type(line).__name__}")
        return out

    def bot_job(self, bot: Any, seat: int, *, budget_s: float = 0.0,
                release_in: float | None = None) -> Callable[[], Action]:
        """What computer player ``bot`` at ``seat`` decides, as a call to run off the event loop.
        Its view, new events and legal actions are taken now (on the loop); the call only thinks."""
        held = self._bots.get(seat)
        if held is None or held[1] is not bot:  # a player made elsewhere: it has seen nothing yet
            self._bots[seat] = (str(getattr(bot, "level", "")), bot)
            self._bot_read[seat] = 0
        player: SeatPlayer = bot
        read = self._bot_read.get(seat, 0)
        events = tuple(self.engine.events_for(seat, read))
        view = self.engine.view(seat)
        legal = tuple(self.engine.legal_actions(seat))

        if events:
            self._heard[seat] = True  # it speaks of them after its decision (bot_talk)

        def decide() -> Action:
            if events:
                player.observe(events)
            self._bot_read[seat] = read + len(events)  # (one decision per table runs at a time)
            return player.decide(view, legal).action

        return decide

    def apply_bot(self, seat: int, result: Any) -> None:
        try:
            self.apply_text(seat, str(result))
        except ActionMalformed as exc:
            raise ActionIllegal(str(exc)) from None

    def release_hold(self, seat: int, level: str, pacing: Any = None) -> float | None:
        """Not held: Tortuga 1667's decisions that have one option are carried out by the rules."""
        return None


__all__ = ["GAME", "ActionIllegal", "ActionMalformed", "Run1667"]
