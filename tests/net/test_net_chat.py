"""Chat at a network table (issue 26 item 4), on 127.0.0.1 with real sockets: two clients talk,
the server stamps the seat and name, cleans and caps the text, limits the rate per connection,
adds its own notes (joined, dropped, returned, left, taken over) to the same stream, keeps the
chat in the table's save, and survives a hostile client's junk chat frames."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.protocol import Chat, Error, Joined, SeatSpec
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table

HOST = "127.0.0.1"


@pytest.fixture
def server() -> Iterator[ServerThread]:
    st = ServerThread(ServerConfig(host=HOST, port=0))
    st.start()
    yield st
    st.stop()


def make_table(st: ServerThread, kinds: str = "ooc", **options: Any) -> Table:
    names = {"o": "open", "c": "computer", "l": "local"}
    seats = [SeatSpec(kind=names[k], level="random") for k in kinds]  # type: ignore[arg-type]
    table: Table = st.call(lambda s: s.create_table(seats, **options))
    return table


class Talker:
    def __init__(self, port: int, code: str, name: str, **options: Any) -> None:
        self.client = NetClient(f"{HOST}:{port}", code=code, name=name, backoff_min=0.05, backoff_max=0.2,
                                **options)
        self.items: list[Any] = []
        self.client.start()

    def pump(self) -> None:
        self.items += self.client.poll()

    def chats(self, kind: str | None = None) -> list[Chat]:
        return [i for i in self.items if isinstance(i, Chat) and (kind is None or i.kind == kind)]

    def errors(self, code: str) -> list[Error]:
        return [i for i in self.items if isinstance(i, Error) and i.code == code]


def until(talkers: list[Talker], done: Callable[[], bool], timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for t in talkers:
            t.pump()
        if done():
            return
        time.sleep(0.005)
    raise AssertionError("timed out")


def seated(*talkers: Talker) -> Callable[[], bool]:
    return lambda: all(any(isinstance(i, Joined) for i in t.items) for t in talkers)


def test_two_clients_chat_and_the_server_stamps_seat_and_name(server: ServerThread) -> None:
    table = make_table(server, "ooc")
    a, b = Talker(server.port, table.code, "Anne"), Talker(server.port, table.code, "Bart")
    try:
        until([a, b], seated(a, b))
        a.client.say("Ahoy, Bart!")
        until([a, b], lambda: bool(b.chats("say")) and bool(a.chats("say")))
        got = b.chats("say")[0]
        assert (got.seat, got.name, got.text) == (a.client.seats[0], "Anne", "Ahoy, Bart!")
        assert a.chats("say")[0] == got  # the sender sees its own message as everyone does
        # a seat this connection does not hold: refused, nothing said
        a.client.say("I am Bart", seat=b.client.seats[0])
        until([a], lambda: bool(a.errors("seat")))
        b.client.say("Hello Anne")
        until([a, b], lambda: len(a.chats("say")) == 2)
        assert [c.name for c in a.chats("say")] == ["Anne", "Bart"]
        assert [c.n for c in a.chats()] == sorted({c.n for c in a.chats()})
        assert [c.text for c in table.chat if c.kind == "say"] == ["Ahoy, Bart!", "Hello Anne"]
    finally:
        a.client.close()
        b.client.close()


def test_system_notes_joined_dropped_returned_left_and_taken_over(server: ServerThread) -> None:
    table = make_table(server, "oo", hold_seconds=0.4)
    a, b = Talker(server.port, table.code, "Anne"), Talker(server.port, table.code, "Bart")
    try:
        until([a, b], seated(a, b))
        until([a], lambda: len(a.chats("joined")) == 2)
        assert {c.name for c in a.chats("joined")} == {"Anne", "Bart"}
        server.call(lambda s: s.start_game(table))
        a.client.drop_connection()  # a network fault: the seat is held, then reclaimed
        until([a, b], lambda: bool(b.chats("dropped")) and bool(b.chats("returned")))
        assert b.chats("dropped")[0].name == "Anne" and b.chats("returned")[0].name == "Anne"
        # after the reconnect Anne gets the table's chat again: the same entries, numbered as before
        until([a], lambda: bool(a.chats("returned")))
        assert {c.n for c in a.chats()} == {c.n for c in table.chat}
        b.client.close()  # gone for good: held 0.4 s, then a computer player takes the seat
        until([a], lambda: bool(a.chats("taken_over")))
        assert a.chats("taken_over")[0].name == "Bart" and a.chats("dropped")[-1].name == "Bart"
        a.client.leave()
        until([a], lambda: bool(a.chats("left")))
    finally:
        a.client.close()
        b.client.close()


def test_chat_is_rate_limited_per_connection_with_a_clear_refusal(server: ServerThread) -> None:
    table = make_table(server, "ooc")
    a, b = Talker(server.port, table.code, "Anne"), Talker(server.port, table.code, "Bart")
    try:
        until([a, b], seated(a, b))
        for i in range(9):
            a.client.say(f"spam {i}")
        until([a, b], lambda: len(a.errors("chat_rate")) == 4 and len(b.chats("say")) == 5)
        assert "wait" in a.errors("chat_rate")[0].message
        # the limit is Anne's connection's, not the table's: Bart still talks
        b.client.say("my turn")
        until([a], lambda: any(c.text == "my turn" for c in a.chats("say")))
        time.sleep(2.2)  # one message every 2 s on average
        a.client.say("later")
        until([b], lambda: any(c.text == "later" for c in b.chats("say")))
    finally:
        a.client.close()
        b.client.close()


def test_chat_text_is_cleaned_and_capped(server: ServerThread) -> None:
    table = make_table(server, "ooc")
    a, b = Talker(server.port, table.code, "Anne"), Talker(server.port, table.code, "Bart")
    try:
        until([a, b], seated(a, b))
        a.client.say("\u202e\u200bHi\x07 \u200dthere\n\tall\ufe0f  ")
        a.client.say("x" * 300)  # the client cuts to the cap
        a.client.say("\u200b\u200c\u2060\x00")  # nothing left to show
        until([b, a], lambda: len(b.chats("say")) == 2 and bool(a.errors("chat")))
        assert [c.text for c in b.chats("say")] == ["Hi there all", "x" * P.MAX_CHAT]
    finally:
        a.client.close()
        b.client.close()


def _raw(ws: Any, msg: dict[str, Any] | str) -> dict[str, Any]:
    ws.send(msg if isinstance(msg, str) else json.dumps(msg))
    return dict(json.loads(ws.recv(timeout=5)))


def test_a_hostile_client_sending_junk_chat_frames_changes_nothing(server: ServerThread) -> None:
    table = make_table(server, "ooc")
    b = Talker(server.port, table.code, "Bart")
    try:
        until([b], seated(b))
        with connect(f"ws://{HOST}:{server.port}", proxy=None) as ws:
            assert _raw(ws, {"type": "Say", "text": "before hello"})["code"] == "order"
            assert _raw(ws, {"type": "Hello", "version": P.PROTOCOL_VERSION})["type"] == "Welcome"
            assert _raw(ws, {"type": "Say", "text": "not seated"})["code"] == "chat"
            assert _raw(ws, {"type": "Join", "code": table.code, "name": "Mallory"})["type"] == "Joined"
            while json.loads(ws.recv(timeout=5))["type"] != "Lobby":  # the chat so far, this seat's note
                pass
            junk: list[dict[str, Any] | str] = [
                {"type": "Say"},
                {"type": "Say", "text": 5},
                {"type": "Say", "text": ["a"]},
                {"type": "Say", "text": "hi", "name": "Bart"},  # names and colours are the server's
                {"type": "Say", "text": "hi", "colour": "red"},
                {"type": "Say", "text": "hi", "seat": 9},
                {"type": "Say", "text": "hi", "seat": "0"},
                {"type": "Say", "text": "y" * (2 * P.MAX_CHAT + 1)},
                {"type": "Chat", "table": table.id, "n": 99, "seat": 0, "name": "Bart", "kind": "say", "text": "x"},
                '{"type": "Say", "text": "' + "[" * 5000 + '"}',
                "[" * 30000,
            ]
            for frame in junk:
                reply = _raw(ws, frame)
                assert reply["type"] == "Error" and reply["code"] == "malformed", (frame if isinstance(frame, dict)
                                                                                   else frame[:40], reply)
            assert _raw(ws, {"type": "Say", "text": "z" * (P.MAX_CHAT + 1)})["code"] == "chat"
            assert _raw(ws, {"type": "Say", "text": "\u200b" * 50})["code"] == "chat"
            ws.send(b'{"type": "Say", "text": "binary"}')
            assert json.loads(ws.recv(timeout=5))["code"] == "malformed"
            reply = _raw(ws, {"type": "Say", "text": "I am Mallory"})
            mallory = next(s.index for s in table.slots if s.name == "Mallory")
            assert (reply["type"], reply["name"], reply["seat"]) == ("Chat", "Mallory", mallory)
        until([b], lambda: any(c.text == "I am Mallory" for c in b.chats("say")))
        assert [c.text for c in b.chats("say")] == ["I am Mallory"]
        assert server.server.internal_errors == 0
    finally:
        b.client.close()


def test_the_chat_is_kept_in_the_table_save_and_comes_back(server: ServerThread) -> None:
    table = make_table(server, "ooc")
    a, b = Talker(server.port, table.code, "Anne"), Talker(server.port, table.code, "Bart")
    try:
        until([a, b], seated(a, b))
        a.client.say("remember me")
        until([b], lambda: bool(b.chats("say")))
        data = server.call(lambda s: table.to_save())
    finally:
        a.client.close()
        b.client.close()
    assert [c["text"] for c in data["chat"] if c["kind"] == "say"] == ["remember me"]
    again = Table.from_save(json.loads(json.dumps(data)))
    assert [(c.n, c.name, c.kind, c.text) for c in again.chat] == [(c["n"], c["name"], c["kind"], c["text"])
                                                                   for c in data["chat"]]
    assert again.chat_count == data["chat"][-1]["n"] == 3  # two joined, one message
    for bad in ([{"n": 1}], [{"n": 1, "seat": 9, "name": "A", "kind": "say", "text": "", "at": 0}],
                [{"n": 1, "seat": 0, "name": "A", "kind": "shout", "text": "", "at": 0}], "chat",
                [{"n": 2, "seat": 0, "name": "A", "kind": "say", "text": "", "at": 0},
                 {"n": 1, "seat": 0, "name": "A", "kind": "say", "text": "", "at": 0}]):
        with pytest.raises(ValueError):
            Table.from_save({**data, "chat": bad})
    assert Table.from_save({**data, "chat": [{"n": 1, "seat": 0, "name": "A", "kind": "say",
                                              "text": "a\u200bb", "at": 1.5}]}).chat[0].text == "ab"
