"""The shell's network table (:class:`~tortuga_desktop.shell.nettable.NetTable`) fed by hand, with the fake
sticks game's codec: what the server sends opens and closes a seat's decision."""

from __future__ import annotations

from typing import Any

from fake_net import SticksCodec

from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import ConnState
from tortuga_desktop.shell.nettable import NetTable


class _Client:
    """What the table uses of a network client: its seats, its state and what it sends."""

    def __init__(self) -> None:
        self.seats = [0]
        self.state = ConnState.CONNECTED
        self.sent: list[tuple[int, str, int]] = []

    def send_action(self, seat: int, text: str, decisions: int) -> int:
        self.sent.append((seat, text, decisions))
        return len(self.sent)

    def poll(self) -> list[Any]:
        return []

    def close(self) -> None:
        pass


def _update(sticks: int, decisions: int, first: int, events: list[dict[str, int]], ack: int = -1) -> P.Update:
    return P.Update(table="t", seat=0, view={"sticks": sticks, "to_move": 0, "winner": None}, events=events,
                    first=first, decisions=decisions, legal=["take 1", "take 2"], ack=ack)


def test_a_seat_s_action_stays_in_flight_until_the_server_answers_it() -> None:
    client = _Client()
    t = NetTable(client, SticksCodec())  # type: ignore[arg-type]
    t.handle(_update(7, 0, 0, [{"seat": 1, "n": 1}]))
    assert t.prompt(0).legal
    t.submit(0, "take 1")
    assert client.sent == [(0, "take 1", 0)] and not t.prompt(0).legal
    t.handle(_update(7, 0, 1, []))  # e.g. another seat's line of talk: the game has not moved
    assert not t.prompt(0).legal and t.waiting_for() == ()
    t.handle(_update(7, 1, 1, []))  # another seat's move (a vote of several at once): not this action's answer
    assert not t.prompt(0).legal
    t.handle(_update(6, 2, 1, [{"seat": 0, "n": 1}], ack=1))  # the action was carried out
    assert t.prompt(0).legal and t.waiting_for() == (0,)
    t.submit(0, "take 2")
    t.handle(_update(6, 2, 0, [{"seat": 1, "n": 1}, {"seat": 0, "n": 1}]))  # everything again (a reconnect)
    assert t.prompt(0).legal  # the action may have been lost: the seat decides again
    t.submit(0, "take 2")
    t.handle(P.Error(code="stale", message="an older view", ref=3))  # refused: the seat decides again
    assert t.prompt(0).legal
