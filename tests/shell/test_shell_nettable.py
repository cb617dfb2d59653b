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
        self.game = "sticks"
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


def test_the_table_reads_only_its_own_game_s_updates() -> None:
    """A session keeps a table of every game; the table of a game not played there reads nothing."""
    client = _Client()
    client.game = "tortuga"
    t = NetTable(client, SticksCodec())  # type: ignore[arg-type]
    t.handle(_update(7, 0, 0, []))
    assert not t.ready and t.notices == [] and t.decisions == -1
    client.game = "sticks"
    t.handle(_update(7, 0, 0, []))
    assert t.ready and t.prompt(0).legal


def test_what_the_seats_here_were_shown_and_did_is_kept_without_a_seat_keeper() -> None:
    """The host's own seats have no seat keeper: the table keeps their record (a game's replay of them)."""
    client = _Client()
    t = NetTable(client, SticksCodec())  # type: ignore[arg-type]
    t.handle(_update(7, 0, 0, [{"seat": 1, "n": 1}]))
    t.submit(0, "take 2")
    t.handle(_update(5, 1, 1, [{"seat": 0, "n": 2}], ack=1))
    kept = t.kept_record()
    assert [(f.seat, f.events) for f in kept.frames] == [(0, 1), (0, 2)]
    assert kept.events[0] == [{"seat": 1, "n": 1}, {"seat": 0, "n": 2}]
    assert [(a.seat, a.decisions, a.action) for a in kept.actions] == [(0, 0, "take 2")]
    kept.frames.clear()
    assert len(t.kept_record().frames) == 2  # a copy
