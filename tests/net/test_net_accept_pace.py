"""New connections are accepted at a pace (``ServerConfig.accept_rate``), all on 127.0.0.1.

A burst of connections waits in the kernel's queue and is taken a few at a time, so a table being
played keeps getting its updates between their handshakes. Measured in order, not in time: the
server, the honest player and the burst share one event loop here, so how many of the burst's
connections the server took while one of the player's actions went there and back is a count of
loop turns' work, whatever the machine's load. (How fast, in milliseconds: ``scripts/net_bench.py
--abuse``, see docs/server.md.)
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.server import GameServer, ServerConfig, Table, build_parser

HOST = "127.0.0.1"
BURST = 300


def _upgrade_request(port: int, n: int) -> bytes:
    return (f"GET / HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZ{n % 10}==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()


async def _recv(ws: ClientConnection) -> Any:
    return P.decode_server(await ws.recv())


async def _play_one(ws: ClientConnection, pending: dict[int, P.Update], act_id: int) -> bool:
    """Send one legal action of a seat that has a decision and wait for its answer (an update
    acknowledging it, or an error naming it). False: the game is over."""
    while not pending:
        msg = await _recv(ws)
        if isinstance(msg, P.Update) and msg.legal:
            pending[msg.seat] = msg
        elif isinstance(msg, P.Update) and msg.view.get("outcome") is not None:
            return False
    seat, upd = next(iter(pending.items()))
    del pending[seat]
    assert upd.legal is not None
    await ws.send(P.encode(P.Act(id=act_id, seat=seat, decisions=upd.decisions, action=upd.legal[0])).decode())
    while True:
        msg = await _recv(ws)
        if isinstance(msg, P.Update):
            if msg.legal:
                pending[msg.seat] = msg
            else:
                pending.pop(msg.seat, None)
            if msg.ack == act_id:
                return True
        elif isinstance(msg, P.Error) and msg.ref == act_id:
            return True


async def _burst_against_a_table(accept_rate: float) -> tuple[list[int], int, int]:
    """A 1667 table of three local seats played by one honest connection; then ``BURST``
    connections from one address at once. Returns, for each of the player's actions while the
    burst was being taken, how many of its connections the server took during that round trip;
    the round trips played; and how many of the burst's connections got their handshake."""
    server = GameServer(ServerConfig(host=HOST, port=0, lobby=True, max_connections=1000, max_per_ip=1000,
                                     hello_timeout=60.0, rate=1e6, burst=1e6, accept_rate=accept_rate, backlog=512))
    port = await server.start()
    loop = asyncio.get_running_loop()
    burst: list[socket.socket] = []
    try:
        table: Table = server.create_table([P.SeatSpec(kind="local", name=f"Mate {i}") for i in range(3)],
                                           game="t1667", seed=11)
        async with connect(f"ws://{HOST}:{port}", proxy=None, compression=None, max_size=None) as ws:
            await ws.send(P.encode(P.Hello(version=P.PROTOCOL_VERSION, client=P.CLIENT)).decode())
            assert isinstance(await _recv(ws), P.Welcome)
            await ws.send(P.encode(P.Join(code=table.code, table=table.id, token=table.host_token)).decode())
            while not isinstance(await _recv(ws), P.Joined):
                pass
            await ws.send(P.encode(P.Start(table=table.id, token=table.host_token)).decode())
            pending: dict[int, P.Update] = {}
            act = 0
            for _ in range(5):  # the game is under way before the burst
                act += 1
                assert await _play_one(ws, pending, act)
            before = server.connections
            for n in range(BURST):  # the kernel completes these connections; the server has not seen them
                s = socket.create_connection((HOST, port), timeout=5)
                s.sendall(_upgrade_request(port, n))
                s.setblocking(False)
                burst.append(s)
            taken: list[int] = []
            while server.connections - before < BURST:
                seen = server.connections
                act += 1
                if not await _play_one(ws, pending, act):
                    break
                taken.append(server.connections - seen)
            played = len(taken)
            for _ in range(2000):  # the rest of the burst, with no more play
                if server.connections - before >= BURST:
                    break
                await asyncio.sleep(0.005)
        answered = 0
        for s in burst:
            reply = await asyncio.wait_for(loop.sock_recv(s, 4096), 5.0)
            answered += reply.startswith(b"HTTP/1.1 101")
        return taken, played, answered
    finally:
        for s in burst:
            s.close()
        await server.stop()


def test_a_burst_of_connections_waits_its_turn_while_a_table_plays_on() -> None:
    taken, played, answered = asyncio.run(_burst_against_a_table(accept_rate=200.0))
    assert answered == BURST  # none refused or dropped for the pace
    # the table played on while the burst was taken: many round trips, each beside a few handshakes
    # (at most a hundredth of a second's worth per readiness of the listening socket). The event
    # loop's own accept takes them all within the first round trip or two (100+ each).
    assert played >= 10, taken
    assert max(taken) <= BURST // 5, taken


def test_the_dedicated_server_paces_new_connections_by_default() -> None:
    opts = build_parser().parse_args(["--port", "47600"])
    assert opts.accept_rate > 0
    assert ServerConfig().accept_rate == 0  # the in-game host (a handful of players) accepts as they come
