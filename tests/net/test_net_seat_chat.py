"""The table's chat is kept in the seat's record (issue 26): bounded, checked when read, and a
seat taken back shows its table talk again, once — on 127.0.0.1."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import msgspec
import pytest

from tortuga_desktop.net import protocol as P
from tortuga_desktop.net import seatstore
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table
from tortuga_desktop.shell.netsession import NetSession

HOST = "127.0.0.1"


def until(c: NetSession, cond: Any, seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end
        c.pump()
        time.sleep(0.01)


def says(c: NetSession) -> list[str]:
    return [line.text for line in c.chat_lines() if line.kind == "say"]


def test_a_seat_taken_back_sees_its_table_talk_again(tmp_path: Path) -> None:
    st = ServerThread(ServerConfig(host=HOST, port=0))
    st.start()
    try:
        table: Table = st.call(lambda s: s.create_table([P.SeatSpec(kind="open"), P.SeatSpec(kind="computer",
                                                                                              level="random")],
                                                        name="Reef", auto_start=True, hold_seconds=600))
        url = f"{HOST}:{st.port}"
        keeper = seatstore.SeatKeeper(tmp_path, url, table.code, "Anne")
        client = NetClient(url, code=table.code, name="Anne")
        client.start()
        first = NetSession(client, keeper=keeper)
        until(first, lambda: first.joined)
        assert first.say("fair winds\u200b to all")
        until(first, lambda: says(first) == ["fair winds to all"])
        keeper.flush()
        client.close()
        keeper.close()
        ((_, kept),) = seatstore.load_seats(tmp_path)[0]
        assert [(c.kind, c.name, c.text) for c in kept.record.chat] == [("joined", "Anne", ""),
                                                                       ("say", "Anne", "fair winds to all")]
        # the game is gone and started again: before the server answers, the record has the talk
        back = NetClient(url, code=kept.code, table=kept.table, token=kept.token, name="Anne")
        again = NetSession(back, keeper=seatstore.SeatKeeper.returning(tmp_path, kept))
        assert says(again) == ["fair winds to all"] and again.chat_received == 0
        back.start()
        until(again, lambda: again.joined and any(c.kind == "returned" for c in again.chat_lines()))
        assert says(again) == ["fair winds to all"]  # the server's copy is not shown twice
        back.close()
        again.keeper.close()
    finally:
        st.stop()


def entry(n: int, text: str = "hi") -> P.Chat:
    return P.Chat(table="t", n=n, seat=n % 2, name=f"P{n % 2}", kind="say", text=text, at=1000.0 + n)


def test_the_kept_chat_is_bounded_and_skips_what_it_has(tmp_path: Path) -> None:
    keeper = seatstore.SeatKeeper(tmp_path, "127.0.0.1:47600", "K7PQ2MXRA")
    keeper.joined("t1", [0], "tok" * 8)
    for n in range(1, P.CHAT_KEEP + 51):
        keeper.chat(entry(n))
    for n in range(1, 60):  # the history again after a reconnect
        keeper.chat(entry(n))
    keeper.close()
    ((_, seat),) = seatstore.load_seats(tmp_path)[0]
    assert [c.n for c in seat.record.chat] == list(range(51, P.CHAT_KEEP + 51))


def seat_bytes(chat: list[dict[str, Any]] | None) -> bytes:
    record: dict[str, Any] = {} if chat is None else {"chat": chat}
    return msgspec.json.encode({"version": seatstore.FORMAT_VERSION, "server": "127.0.0.1:47600", "table": "t1",
                                "code": "K7PQ2MXRA", "seats": [0], "token": "x" * 24, "record": record})


def test_a_kept_chat_is_checked_when_read() -> None:
    ok = {"n": 1, "seat": 0, "name": "Anne", "kind": "say", "text": "hello", "at": 1.0}
    assert seatstore.decode_seat(seat_bytes(None)).record.chat == []  # a file from before keeps working
    assert seatstore.decode_seat(seat_bytes([ok])).record.chat[0].text == "hello"
    bad = [[{**ok, "text": "a\u202eb"}], [{**ok, "kind": "shout"}], [ok, ok], [{**ok, "seat": 7}],
           [{**ok, "name": ""}], [{**ok, "text": "x" * (P.MAX_CHAT + 1)}],
           [{**ok, "n": i + 1} for i in range(P.CHAT_KEEP + 1)]]
    for chat in bad:
        with pytest.raises(seatstore.SeatFileError):
            seatstore.decode_seat(seat_bytes(chat))
