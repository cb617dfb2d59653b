"""What a server sends a dice seat, made from a rules game (for tests that feed a client's queue)."""

from __future__ import annotations

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.rules.events import event_to_dict
from tortuga_desktop.net.protocol import Update


def dice_update(g: Game, seat: int, first: int = 0, ack: int = -1, table: str = "t") -> Update:
    """Seat ``seat``'s update now: its view and its events from index ``first`` (as JSON data, as on the wire)."""
    return Update(table=table, seat=seat, view=g.view(seat).to_json(),
                  events=[event_to_dict(e) for e in g.events_for(seat)[first:]], first=first, ack=ack)
