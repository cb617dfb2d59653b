"""The dice game at a network table: :class:`RemoteController`, its table at a network session.

In a network game the server owns the game; this computer gets, for each seat it plays, that
seat's :class:`~tortuga_desktop.games.dice.rules.PlayerView` and the events it may see (R9). The connection,
the lobby, the chat, reconnecting and closing are the shell's
(:class:`~tortuga_desktop.shell.netsession.NetSession`, which tells this controller every
message it reads); what is the dice game's stays here:

* what the table shows comes from :attr:`RemoteController.source`, a
  :class:`~.netsource.NetTableSource` (the :class:`~.source.TableSource` of a network game)
  built from those views and events alone: nothing is guessed or made up about what this
  computer was not sent;
* the seats as the table draws them (:class:`~tortuga_desktop.shell.saves.SeatConfig`: names as
  the game has them, computer players' levels);
* what the seats played here were shown and did (the seat kept on disk for a joiner, here for
  the host's own seats): the network game's replay is made from it.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from tortuga_desktop.games.dice.rules import Decision, PlayerAction
from tortuga_desktop.games.dice.rules.events import event_to_dict
from tortuga_desktop.games.dice.table.netsource import NetTableSource
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import GameUpdate, Incoming
from tortuga_desktop.net.protocol import SPECTATOR
from tortuga_desktop.net.seatstore import SeatRecord as KeptRecord
from tortuga_desktop.shell.levels import LEVELS
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.saves import SeatConfig

log = logging.getLogger(__name__)

__all__ = ["RemoteController"]


class RemoteController:
    """The dice game's table at the network ``session`` (see the module docstring); made by the
    dice game's module with the session (:meth:`~tortuga_desktop.games.dice.table.module.DiceGame.network_table`)."""

    def __init__(self, session: NetSession) -> None:
        self.session = session
        self.seats: list[SeatConfig] = []
        #: what the seats played here were shown, when no keeper keeps it (the host's own seats)
        self.kept = KeptRecord()
        #: what the table shows: built from what the server sent the seats played here only
        self.source = NetTableSource(self)
        session.listeners.append(self._on_message)

    # ------------------------------------------------------------ the session's, for the table
    @property
    def human_seats(self) -> list[int]:
        """The seats played at this computer."""
        return self.session.human_seats

    def pump(self) -> bool:
        """Read what arrived (never blocks; see :meth:`NetSession.pump`)."""
        return self.session.pump()

    def close(self) -> None:
        """Leave the table (see :meth:`NetSession.close`)."""
        self.session.close()

    def kept_record(self) -> KeptRecord:
        """A copy of what the seats played here were shown: every view with its event count,
        their events and the actions sent (the keeper's, on disk, for a joiner; else kept here).
        The network game's replay is made from it (:class:`~.seatreplay.SeatTimeline`)."""
        keeper = self.session.keeper
        kept = keeper.record() if keeper is not None else None
        return kept if kept is not None else self.kept.copy()

    # ------------------------------------------------------------ the table
    @property
    def ready(self) -> bool:
        """Every seat played here has been shown the game (the table can be shown)."""
        return self.source.ready

    @property
    def busy(self) -> bool:
        return self.source.busy

    @property
    def is_over(self) -> bool:
        return self.source.ready and self.source.is_over

    def thinking_seat(self) -> int | None:
        """A seat a computer player is deciding for (shown with the thinking dots)."""
        return self.source.thinking_seat()

    def pending_humans(self) -> list[Decision]:
        """Decisions waiting for a human at this computer (not those already sent)."""
        return self.source.waiting() if self.source.ready else []

    def waiting_for(self) -> list[int]:
        """Seats played elsewhere that the game waits for now."""
        return self.source.waiting_for()

    def sent(self, rid: int, seat: int, action: PlayerAction) -> None:
        """The table source sent ``seat``'s ``action`` as request ``rid``: kept on disk with the
        seat (or here for the host), and remembered until the server answers."""
        decisions = self.source.view(seat).decisions
        keeper = self.session.keeper
        if keeper is not None:
            keeper.acted(seat, decisions, action.text())
        else:
            self.kept.note_action(seat, decisions, action.text())
        self.session.request_sent(rid, seat)

    # ------------------------------------------------------------ incoming (after the session took it)
    def _on_message(self, msg: Incoming) -> None:
        keeper = self.session.keeper
        if isinstance(msg, GameUpdate):
            if self.session.watching and msg.seat == SPECTATOR:
                pass  # the public view: the source shows it, no seat keeps it
            elif msg.seat not in self.session.human_seats:
                log.warning("update for seat %d, which this computer does not play", msg.seat)
            elif keeper is not None and msg.raw is not None:
                keeper.update_raw(msg.raw, self.session.game, msg.decoded)
            else:
                self.kept.note_update(msg.seat, msg.view, msg.view.to_json(),
                                      [event_to_dict(e) for e in msg.events], msg.first)
        if isinstance(msg, P.Lobby):
            self._refresh_seats(msg.players)
        elif self.source.ready and self.seats and len(self.seats) == self.source.players:
            self._refresh_seats(self.source.players)  # the names as the game has them

    def _refresh_seats(self, players: int) -> None:
        seats = []
        for i in range(players):
            info = next((s for s in self.session.lobby if s.seat == i), None)
            name = info.name if info is not None else f"Player {i + 1}"
            kind = "human"
            if info is not None and info.kind == "computer" and info.level in LEVELS:
                kind = info.level
            seats.append(SeatConfig(name=name, kind=kind, colour=i))
        if self.source.ready and len(seats) == self.source.players:
            names = self.source.view(None).names
            seats = [replace(s, name=names[i]) for i, s in enumerate(seats)]
        if not self.seats or len(self.seats) != len(seats):
            self.seats = seats
        else:
            # The renderer holds this very list: change it in place.
            self.seats[:] = seats
