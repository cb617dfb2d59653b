"""Tortuga 1667 at network tables: its :class:`~tortuga_desktop.net.games.NetworkAdapter`.

The server runs a :class:`~.run.Run1667`; a seat is sent its view, its events and its legal actions
(the view does not say them) in the forms of :mod:`.codec`, which also reads them back field by
field. Options (:class:`T1667Options`): ``starred``, the three starred cards named openly (None:
three drawn at random and hidden); ``talk``, the computer players talk at the table as at a local one
(:meth:`~.run.Run1667.bot_talk`: their lines of the game's talk are moves of the game, older kinds of
line go to the table's chat; a table made by a client from before the option has them quiet). A
person's talk is a move too, whatever the option (:meth:`~.run.Run1667.say_text`). The computer players are the game's own
(:func:`~tortuga_desktop.games.t1667.ai.seat.make_player`); no decision is paced (a decision with one
option is carried out by the rules, so no answer's timing tells anything).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from tortuga_desktop.games.t1667.ai.seat import make_player
from tortuga_desktop.games.t1667.levels import LEVELS_1667
from tortuga_desktop.games.t1667.rules import (
    Event,
    MalformedActionError,
    PlayerView,
    RulesError,
    parse_action,
)
from tortuga_desktop.net.games import Decoded, SetupMalformed

from . import codec as C
from .run import GAME, Run1667

__all__ = ["ADAPTER", "T1667Adapter", "T1667Options"]


class T1667Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """A Tortuga 1667 table's options."""

    #: the three starred cards named openly (None: drawn at random and hidden)
    starred: list[str] | None = None
    #: the computer players talk at the table (as moves of the game, as at a local table)
    talk: bool = False


class _SeatBot:
    """The headless client's computer player: a 1667 bot that observes every event its seat is
    sent (once: a reconnect sends the list again from the start) and decides on its view and its
    legal actions."""

    observes = True

    def __init__(self, level: str, seed: int) -> None:
        self.player = make_player(level, seed)
        self.read: dict[int, int] = {}

    def observe(self, seat: int, update: Decoded, first: int) -> None:
        read = self.read.get(seat, 0)
        new: list[Event] = list(update.events[max(0, read - first):]) if first <= read else []
        if new:
            self.player.observe(new)
        self.read[seat] = max(read, first + len(update.events))

    def decide(self, seat: int, update: Decoded) -> str:
        legal = [parse_action(t) for t in update.legal]
        view = update.view
        assert isinstance(view, PlayerView)
        return str(self.player.decide(view, legal).action)


class T1667Adapter:
    """Tortuga 1667's network adapter."""

    key = GAME
    min_players = 2
    max_players = 9
    levels: tuple[str, ...] = LEVELS_1667
    #: its updates may carry table talk as events (``Talked``): a client from before them would refuse them
    needs: tuple[str, ...] = ("talk",)

    def check_options(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        try:
            opts = msgspec.convert(dict(raw), T1667Options)
        except msgspec.ValidationError as exc:
            raise SetupMalformed(f"options of a Tortuga 1667 table: {exc}") from None
        # the setup is checked now, not when the game starts
        Run1667.new(players, 0, names=[f"Player {i + 1}" for i in range(players)], starred=opts.starred)
        out: dict[str, Any] = msgspec.to_builtins(opts)
        return out

    def new_run(self, players: int, seed: int, *, names: Sequence[str], options: Mapping[str, Any]) -> Run1667:
        return Run1667.new(players, seed, names=names, starred=options.get("starred"), talk=options.get("talk") is True)

    def run_from_record(self, record: Any, seed: int | None, options: Mapping[str, Any]) -> Run1667:
        return Run1667.from_record(record, seed, talk=options.get("talk") is True)

    def decode(self, view: Any, events: Any, seat: int | None, decisions: int,
               legal: Sequence[str] | None) -> Decoded:
        v = C.view_from_json(view, seat)
        evs = tuple(C.events_from_json(events, seat))
        return Decoded(v, evs, decisions, bool(legal), v.outcome is not None, tuple(legal or ()))

    def glance(self, view: Mapping[str, Any], legal: Sequence[str] | None, seat: int) -> tuple[bool, bool]:
        return legal is None or bool(legal), view.get("outcome") is not None

    def check_seat_data(self, view: Any | None, events: Sequence[Any], seat: int) -> None:
        if view is not None:
            C.view_from_json(view, seat)
        C.events_from_json(list(events), seat)

    def check_action_text(self, text: str) -> None:
        try:
            parse_action(text)
        except (MalformedActionError, RulesError, ValueError):
            raise ValueError("not an action") from None

    def seat_player(self, level: str, seed: int, **options: Any) -> _SeatBot:
        if level not in self.levels:
            raise ValueError(f"the computer levels of Tortuga 1667: {', '.join(self.levels)}")
        return _SeatBot(level, seed)


ADAPTER = T1667Adapter()
