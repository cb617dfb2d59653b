"""Hostile clients on 127.0.0.1: fuzz, other seats, flooding, oversized frames, version mismatch.

Raw websocket connections (websockets' sync client) send what a real client never would; the
server must answer each with an error, change nothing and keep serving everybody else.
"""

from __future__ import annotations

import json
import random
import string
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table

HOST = "127.0.0.1"
#: raw connections are opened and closed by hand here (no ``with`` block)
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager:DeprecationWarning")


def start(**config: Any) -> ServerThread:
    st = ServerThread(ServerConfig(host=HOST, port=0, **config))
    st.start()
    return st


@pytest.fixture
def server() -> Iterator[ServerThread]:
    st = start(rate=1e6, burst=1e6)
    yield st
    st.stop()


def open_ws(port: int) -> ClientConnection:
    return connect(f"ws://{HOST}:{port}", max_size=None, max_queue=None, open_timeout=5, compression=None, proxy=None)


def send(ws: ClientConnection, msg: Any) -> Any:
    ws.send(P.encode(msg).decode() if isinstance(msg, P._Msg) else msg)
    return P.decode_server(ws.recv(timeout=5))


def seated(st: ServerThread, kinds: list[str], *, start_game: bool = True) -> tuple[Table, ClientConnection, int]:
    """A table; a raw connection holding seat 0 (open); the rest local seats nobody plays."""
    seats = [P.SeatSpec(kind=k) for k in kinds]  # type: ignore[arg-type]
    table: Table = st.call(lambda s: s.create_table(seats, seed=11))
    ws = open_ws(st.port)
    assert isinstance(send(ws, P.Hello(version=P.PROTOCOL_VERSION)), P.Welcome)
    joined = send(ws, P.Join(code=table.code))
    assert isinstance(joined, P.Joined)
    P.decode_server(ws.recv(timeout=5))  # the lobby
    if start_game:
        st.call(lambda s: s.start_game(table))
        first = P.decode_server(ws.recv(timeout=5))
        while not isinstance(first, P.Update):
            first = P.decode_server(ws.recv(timeout=5))
    return table, ws, joined.seats[0]


def snapshot(st: ServerThread, table: Table) -> Any:
    def snap(_: Any) -> Any:
        assert table.game is not None
        return json.dumps(table.game.to_dict(), sort_keys=True), [
            (s.token_hash, s.name, s.bot_level, s.pending_since) for s in table.slots]

    return st.call(snap)


def random_json(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if depth > 4 or r < 0.3:
        return rng.choice([None, True, False, rng.randint(-2**70, 2**70), rng.random() * 1e308, "",
                           "".join(rng.choice(string.printable) for _ in range(rng.randrange(30))),
                           "\u0000\u202e\ufeff", "A" * rng.randrange(2000)])
    if r < 0.6:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {rng.choice(["type", "version", "seat", "id", "action", "code", "token", "decisions", "x"]):
            random_json(rng, depth + 1) for _ in range(rng.randrange(6))}


TYPES = ["Hello", "ListTables", "CreateTable", "Join", "Start", "Act", "Update", "Welcome", "Bogus", ""]


def hostile_messages(rng: random.Random, game: Game, seat: int, n: int) -> list[str | bytes]:
    """``n`` messages a well-behaved client never sends (none of them is a legal action)."""
    legal = {a.text() for a in game.legal_actions(seat)}
    others = [s for s in range(game.players) if s != seat]
    candidates = ["target 1", "keep 3", "arrange RB", "chest R", "act", "forfeit", "skulls fleet",
                  "bonus new crew", "select ABCDE", "select AA", "select", "select ABCDEFG", "drop table", "x" * 40]
    illegal = [c for c in candidates if c not in legal]
    out: list[str | bytes] = []
    for i in range(n):
        kind = i % 12
        if kind == 0:
            out.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))))
        elif kind == 1:
            out.append("".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 200))))
        elif kind == 2:
            out.append(json.dumps(random_json(rng)))
        elif kind == 3:
            body = random_json(rng)
            body = body if isinstance(body, dict) else {"x": body}
            body["type"] = rng.choice(TYPES)
            out.append(json.dumps(body))
        elif kind == 4:  # someone else's seat, with that seat's own legal move
            other = rng.choice(others)
            acts = [a.text() for a in game.legal_actions(other)] or ["act"]
            out.append(P.encode(P.Act(id=i, seat=other, decisions=game.decisions, action=rng.choice(acts))).decode())
        elif kind == 5:  # own seat, a view from the future
            acts = sorted(legal) or ["act"]
            out.append(P.encode(P.Act(id=i, seat=seat, decisions=game.decisions + rng.randint(1, 10**6),
                                      action=rng.choice(acts))).decode())
        elif kind == 6:  # own seat, now, but illegal or malformed
            out.append(P.encode(P.Act(id=i, seat=seat, decisions=game.decisions, action=rng.choice(illegal))).decode())
        elif kind == 7:  # wrong types in a known message
            out.append(json.dumps({"type": "Act", "id": "1", "seat": seat, "decisions": 0, "action": 5}))
        elif kind == 8:  # out of range and unknown fields
            out.append(json.dumps({"type": "Act", "id": -1, "seat": rng.choice([-1, 4, 99, 2**40]), "decisions": -5,
                                   "action": "act", "extra": rng.random()}))
        elif kind == 9:  # steps not allowed now
            out.append(rng.choice([P.encode(P.Hello(version=P.PROTOCOL_VERSION)).decode(),
                                   P.encode(P.Join(code="AAAAAA")).decode(),
                                   P.encode(P.Start(table="x", token="guess")).decode(),
                                   P.encode(P.ListTables()).decode()]))
        elif kind == 10:  # over the size limit (but under the hard limit)
            out.append(json.dumps({"type": "Act", "id": 1, "seat": seat, "decisions": 0,
                                   "action": "a" * (P.MAX_MESSAGE + rng.randrange(100, 50_000))}))
        else:  # deep nesting, odd unicode, numbers msgspec must refuse
            out.append(rng.choice(["[" * 5000 + "]" * 5000, '{"type": "Act", "action": "\\ud800"}',
                                   '{"type": "Hello", "version": 1e400}', "null", "[]", '"Hello"',
                                   '{"type": "Join", "code": "' + "\u200b" * 10 + '"}']))
    return out


def test_a_thousand_hostile_messages_change_nothing(server: ServerThread) -> None:
    table, ws, seat = seated(server, ["open", "local", "local", "local"])
    assert table.game is not None
    before = snapshot(server, table)
    messages = hostile_messages(random.Random(2024), table.game.clone(), seat, 1000)
    codes: dict[str, int] = {}
    for raw in messages:
        reply = send(ws, raw)
        assert isinstance(reply, P.Error), (raw[:80], reply)
        codes[reply.code] = codes.get(reply.code, 0) + 1
    assert snapshot(server, table) == before
    assert server.server.internal_errors == 0
    assert set(codes) <= set(P.ERROR_CODES)
    assert {"malformed", "seat", "stale", "illegal", "size", "order"} <= set(codes)
    # still serving: a legal action goes through
    legal = server.call(lambda s: table.game.legal_actions(seat)[0].text())  # type: ignore[union-attr]
    reply = send(ws, P.Act(id=5000, seat=seat, decisions=before[1][seat][3], action=legal))
    assert isinstance(reply, P.Update) and reply.ack == 5000 and reply.seat == seat
    ws.close()


def test_no_action_for_another_seat_and_no_other_seat_s_view(server: ServerThread) -> None:
    table, ws, seat = seated(server, ["open", "open", "local"], start_game=False)
    other = open_ws(server.port)
    send(other, P.Hello(version=P.PROTOCOL_VERSION))
    joined = send(other, P.Join(code=table.code, name="Bea"))
    assert isinstance(joined, P.Joined) and joined.seats == [1]
    server.call(lambda s: s.start_game(table))
    assert table.game is not None
    # ws (seat 0) tries to act for seat 1 with seat 1's legal move
    move = server.call(lambda s: table.game.legal_actions(1)[0].text())  # type: ignore[union-attr]
    seen: list[Any] = []
    reply = send(ws, P.Act(id=1, seat=1, decisions=0, action=move))
    while isinstance(reply, (P.Update, P.Lobby, P.Chat)):
        seen.append(reply)
        reply = P.decode_server(ws.recv(timeout=5))
    assert isinstance(reply, P.Error) and reply.code == "seat"
    # nor can it take seat 1 over: another Join on this connection, a guessed token, a new connection
    assert send(ws, P.Join(code=table.code, seat=1)).code == "order"
    third = open_ws(server.port)
    send(third, P.Hello(version=P.PROTOCOL_VERSION))
    assert send(third, P.Join(code=table.code, seat=1)).code == "full"
    assert send(third, P.Join(code=table.code, token="A" * 24)).code == "token"
    assert send(third, P.Join(code="WRONG1", table=table.id, token=joined.token)).code == "code"
    # nothing ws received was about seat 1's secrets
    for msg in seen:
        if isinstance(msg, P.Update):
            assert msg.seat == seat and msg.view["viewer"] == seat
            assert msg.view["seats"][1]["roll"] is None
    assert server.call(lambda s: table.game.decisions) == 0  # type: ignore[union-attr]
    for c in (ws, other, third):
        c.close()


def test_a_version_mismatch_is_told_plainly() -> None:
    st = start()
    try:
        ws = open_ws(st.port)
        ws.send(json.dumps({"type": "Hello", "version": 99, "client": "future", "feature": [1, 2]}))
        reply = P.decode_server(ws.recv(timeout=5))
        assert isinstance(reply, P.Error) and reply.code == "version"
        assert "version 1" in reply.message and "version 99" in reply.message
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
    finally:
        st.stop()


def test_a_flooding_client_is_slowed_then_disconnected() -> None:
    st = start(rate=20.0, burst=40.0, strikes=40)
    try:
        table: Table = st.call(lambda s: s.create_table([P.SeatSpec(kind="open"), P.SeatSpec(kind="local")]))
        ws = open_ws(st.port)
        for _ in range(300):
            try:
                ws.send(P.encode(P.ListTables()).decode())
            except ConnectionClosed:
                break
        got: list[Any] = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                got.append(P.decode_server(ws.recv(timeout=5)))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert any(isinstance(m, P.Error) and m.code == "rate" for m in got)
        assert isinstance(got[-1], P.Bye)
        # everybody else is still served
        ok = open_ws(st.port)
        assert isinstance(send(ok, P.Hello(version=P.PROTOCOL_VERSION)), P.Welcome)
        assert isinstance(send(ok, P.Join(code=table.code)), P.Joined)
        ok.close()
    finally:
        st.stop()


def test_a_huge_frame_closes_only_that_connection(server: ServerThread) -> None:
    table, ws, seat = seated(server, ["open", "local"])
    before = snapshot(server, table)
    with pytest.raises(ConnectionClosed):
        ws.send("x" * (1 << 20))
        ws.recv(timeout=5)
    assert snapshot(server, table)[0] == before[0]
    ok = open_ws(server.port)
    assert isinstance(send(ok, P.Hello(version=P.PROTOCOL_VERSION)), P.Welcome)
    ok.close()


def test_the_protocol_refuses_what_it_does_not_know() -> None:
    with pytest.raises(P.ProtocolError, match="missing required field"):
        P.decode_client(b'{"type": "Join"}')
    with pytest.raises(P.ProtocolError):
        P.decode_client(b'{"type": "Act", "id": 1, "seat": 0, "decisions": 0, "action": "act", "more": 1}')
    with pytest.raises(P.ProtocolError, match="limit"):
        P.decode_client(b" " * (P.MAX_MESSAGE + 1))
    with pytest.raises(P.ProtocolError, match="printable"):
        P.decode_client(P.encode(P.Join(code="A\nB")))
    assert P.probe_version(b'{"type": "Hello", "version": 7, "new": true}') == ("Hello", 7)
    assert P.probe_version(b"garbage") == ("", None)
    msg = P.Act(id=1, seat=2, decisions=3, action="target 1")
    assert P.decode_client(P.encode(msg)) == msg


def recv_update(ws: ClientConnection, want: Any) -> P.Update:
    """The next Update for which ``want(update)`` holds (others skipped)."""
    while True:
        msg = P.decode_server(ws.recv(timeout=5))
        if isinstance(msg, P.Update) and want(msg):
            return msg


def test_stale_and_out_of_turn_actions_are_refused(server: ServerThread) -> None:
    table, ws, seat = seated(server, ["open", "local"])
    assert table.game is not None
    legal = server.call(lambda s: table.game.legal_actions(seat)[0].text())  # type: ignore[union-attr]
    reply = send(ws, P.Act(id=1, seat=seat, decisions=0, action=legal))
    assert isinstance(reply, P.Update) and reply.ack == 1
    # seat 1 (nobody plays it) has not chosen yet: seat 0 waits, whatever it sends is out of turn
    before = snapshot(server, table)
    if server.call(lambda s: table.game.decision_for(seat)) is None:  # type: ignore[union-attr]
        refused = send(ws, P.Act(id=2, seat=seat, decisions=reply.view["decisions"], action=legal))
        assert isinstance(refused, P.Error) and refused.code == "turn" and refused.ref == 2
    # now play seat 1 on the server until seat 0 must decide again, then answer an old view
    def play_other(s: Any) -> int:
        g = table.game
        assert g is not None
        while g.decision_for(seat) is None and not g.is_over:
            g.apply(1, g.legal_actions(1)[0])
            s.runner.after_action(table, 1, None, -1)
        return g.decisions

    now = server.call(play_other)
    fresh = recv_update(ws, lambda u: u.view["decisions"] == now)
    assert seat in [p[0] for p in fresh.view["pending"]]
    before = snapshot(server, table)
    move = server.call(lambda s: table.game.legal_actions(seat)[0].text())  # type: ignore[union-attr]
    stale = send(ws, P.Act(id=3, seat=seat, decisions=0, action=move))
    assert isinstance(stale, P.Error) and stale.code == "stale" and stale.ref == 3
    assert snapshot(server, table) == before
    ok = send(ws, P.Act(id=4, seat=seat, decisions=now, action=move))
    assert isinstance(ok, P.Update) and ok.ack == 4
    ws.close()


def test_the_network_docstring_examples_hold() -> None:
    import doctest

    from tortuga_desktop.net import client, lobby, protocol, server

    for module in (protocol, client, server, lobby):
        assert doctest.testmod(module).failed == 0


def test_the_client_and_the_game_s_table_survive_a_hostile_server() -> None:
    """Whatever a server sends, NetClient reports it and keeps going (its thread never dies); an update
    whose view or events its game cannot read is refused by the game's table (the shell's NetTable with
    the dice game's codec), with a notice, and changes nothing there."""
    import threading

    from websockets.sync.server import ServerConnection, serve

    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.netsource import DiceCodec
    from tortuga_desktop.net.client import ConnState, NetClient
    from tortuga_desktop.shell.nettable import NetTable
    from tortuga_desktop.shell.table import ViewerError

    view = Game.new(2, 3).view(0).to_json()
    bad_view = dict(view, players=7)
    frames = [b"\x00\xff", "not json", "[]", json.dumps({"type": "Nope"}),
              P.encode(P.Welcome(version=P.PROTOCOL_VERSION, server="odd", lobby=False)).decode(),
              P.encode(P.Joined(table="t", seats=[0], token="x")).decode(),
              json.dumps({"type": "Update", "table": "t", "seat": 0, "view": bad_view, "events": [], "first": 0}),
              json.dumps({"type": "Update", "table": "t", "seat": 1, "view": view, "events": [], "first": 0}),
              json.dumps({"type": "Update", "table": "t", "seat": 0, "view": view, "events": [{"type": "Boom"}],
                          "first": 0}),
              P.encode(P.Update(table="t", seat=0, view=view, events=[], first=0)).decode()]

    def handler(ws: ServerConnection) -> None:
        ws.recv(timeout=5)
        for f in frames:
            ws.send(f)
        ws.recv(timeout=10)

    with serve(handler, HOST, 0) as srv:
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        port = srv.socket.getsockname()[1]
        c = NetClient(f"{HOST}:{port}", reconnect=False)
        c.start()
        got: list[Any] = []
        try:
            end = time.monotonic() + 10
            while sum(isinstance(i, P.Update) for i in got) < 4 and time.monotonic() < end:
                item = c.get(timeout=0.1)
                if item is not None:
                    got.append(item)
            assert sum(1 for i in got if isinstance(i, P.Error) and i.code == "malformed") == 4
            assert c.state == ConnState.CONNECTED
            assert c.seats == (0,)
            table = NetTable(c, DiceCodec())
            updates = [i for i in got if isinstance(i, P.Update)]
            for item in updates[:3]:
                table.handle(item)
                with pytest.raises(ViewerError):
                    table.view(0)  # nothing of a refused update is shown
            assert table.notices == [("net.error.malformed", {})] * 3
            table.handle(updates[3])
            assert table.view(0) == Game.new(2, 3).view(0) and len(table.notices) == 3
        finally:
            c.close()
            srv.shutdown()
