"""A Tortuga 1667 game at a network table, seen from this screen: :class:`NetTable1667` is the shell's
:class:`~tortuga_desktop.shell.nettable.NetTable` (a :class:`~tortuga_desktop.shell.table.GameTable`)
with Tortuga 1667's :class:`Codec1667`, so the 1667 table scene plays over the network as it plays at one
computer.

The server holds the game. This table holds only what the server sent the seats played here: each
seat's view, its events and its legal actions (checked by :mod:`~tortuga_desktop.games.t1667.net.codec` on
receipt); the public view and events (viewer None) are made from a seat's own data
(:func:`~tortuga_desktop.games.t1667.net.codec.public_of`). Nothing else is known here, so nothing else can
be shown: another seat's vote card is never in what arrives.

An action goes to the server as its text (checked first against the seat's legal actions, so a
refusal is immediate and changes nothing); until the server answers, the seat has nothing open here.
The connection, its state and the table's chat are read in :meth:`NetTable1667.poll` (never blocks).

Table talk is a move of the game (T9.7): a seat's line (:meth:`NetTable1667.say`) goes to the server
as a :class:`~tortuga_desktop.net.protocol.Talk` and comes back, to every seat and watcher, as a
``Talked`` event in the updates (the ship's log words it); an update that brings talk and no decision
is a :class:`~tortuga_desktop.shell.table.Move` without an action, so the screen shows it at once.
Computer players' talk comes the same way. Only an older kind of computer player's line arrives in
the chat (kind ``bot``, stamped with its seat): it is read back
(:func:`~tortuga_desktop.games.t1667.net.codec.talk_from_text`) and handed to the table scene as
:attr:`said`; each line comes one way or the other, never both.

Pure Python: no pygame (a test drives it headless).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tortuga_desktop.games.t1667.net import codec as C
from tortuga_desktop.games.t1667.net.run import GAME
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.shell.nettable import NetTable, ViewFacts

from ..rules import PlayerView, PublicView, parse_action
from ..rules.errors import RulesError
from ..rules.events import Talked
from ..rules.talk import Say

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.netsession import NetSession

__all__ = ["Codec1667", "NetTable1667"]


class Codec1667:
    """Tortuga 1667's side of a network table at a client (:class:`~tortuga_desktop.shell.nettable.NetTableCodec`)."""

    key = GAME

    def read(self, view: Any, events: Any, seat: int | None) -> tuple[PlayerView | PublicView, list[Any]]:
        return C.view_from_json(view, seat), list(C.events_from_json(events, seat))

    def parse_action(self, text: str) -> Any:
        try:
            return parse_action(text)
        except RulesError as exc:
            raise ValueError(str(exc)) from None

    def legal(self, view: Any, seat: int, sent: Sequence[str] | None) -> tuple[Any, ...]:
        """From the update (a 1667 view does not list them)."""
        return tuple(self.parse_action(t) for t in sent or ())

    def facts(self, view: Any) -> ViewFacts:
        assert isinstance(view, (PlayerView, PublicView))
        return ViewFacts(view.players, tuple(view.names), tuple(sorted({d.seat for d in view.pending})),
                         view.active, view.outcome is not None)

    def public(self, view: Any) -> PublicView:
        assert isinstance(view, PlayerView)
        return C.public_of(view)

    def public_events(self, events: Sequence[Any]) -> list[Any]:
        return C.public_events(events)

    def talk_text(self, line: object, players: int) -> str:
        if isinstance(line, str):
            line = self.parse_action(line)
        if not isinstance(line, Say):
            raise ValueError("not a line of Tortuga 1667's table talk")
        if line.about is not None and line.about >= players:
            raise ValueError(f"no seat {line.about} at this {players}-player table")
        return str(line)

    def talk_seat(self, event: Any) -> int | None:
        return event.seat if isinstance(event, Talked) else None

    def bot_line(self, text: str, seat: int, players: int) -> object:
        return C.talk_from_text(text, seat, players)


class NetTable1667(NetTable):
    """A 1667 game played over the network: ``client`` is a :class:`~tortuga_desktop.net.client.NetClient`
    that has joined (or is joining) a Tortuga 1667 table."""

    def __init__(self, client: NetClient, *, controller: NetSession | None = None) -> None:
        super().__init__(client, Codec1667(), controller=controller)
