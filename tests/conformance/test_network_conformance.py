"""Every game plays a whole game through the server with two headless clients, on 127.0.0.1: the
built-in games through their catalogue adapters, and the fake sticks game of the tests through the
adapter in ``fake_net.py`` (registered here; no line of ``net/`` or ``shell/`` names it). The server's
record of each finished game replays, through the game's own rules interface, to a finished game."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_game import SticksRules
from fake_net import ADAPTER as STICKS

from tortuga_desktop import games
from tortuga_desktop.net import games as net_games
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net import seatstore
from tortuga_desktop.net.headless import run_headless
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table
from tortuga_desktop.shell.engine import GameRules

HOST = "127.0.0.1"
KEYS = [b.key for b in games.BUILT_IN if b.network] + [STICKS.key]


@pytest.fixture(autouse=True)
def _sticks_registered() -> Iterator[None]:
    net_games.register(STICKS)
    try:
        yield
    finally:
        net_games.unregister(STICKS.key)


def _rules(key: str) -> GameRules:
    return SticksRules() if key == STICKS.key else games.rules(key)


@pytest.mark.parametrize("key", KEYS)
def test_two_headless_clients_play_a_whole_game_through_the_server(key: str, tmp_path: Path) -> None:
    adapter = net_games.adapter(key)
    level = adapter.levels[0]
    st = ServerThread(ServerConfig(host=HOST, port=0, pace_bots=False))
    st.start()
    try:
        specs = [P.SeatSpec(kind="open", level=level, name=f"P{i}") for i in range(2)]  # type: ignore[arg-type]
        table: Table = st.call(lambda s: s.create_table(specs, game=key, seed=7, auto_start=True,
                                                         takeover_level=level))
        outs = [io.StringIO(), io.StringIO()]
        status: list[list[int]] = [[], []]
        threads = []
        for i in range(2):
            def play(i: int = i) -> None:
                status[i].append(run_headless(f"{HOST}:{st.port}", table.code, level, seat_dir=tmp_path / f"s{i}",
                                              out=outs[i], timeout=240, seed=i + 1))
            t = threading.Thread(target=play, daemon=True)
            t.start()
            threads.append(t)
        for t in threads:
            t.join(260)
        assert status == [[0], [0]], [o.getvalue()[-600:] for o in outs]
        assert all("game over" in o.getvalue() for o in outs)
        record = st.call(lambda s: table.game.record_dict() if table.game is not None and table.game.is_over else None)
        assert record is not None, "the server's game did not end"
        replayed = _rules(key).replay(record)
        assert replayed.is_over and replayed.decisions > 0
        for i in range(2):  # each client kept its seat, finished, as a seat of this game
            kept, problems = seatstore.load_seats(tmp_path / f"s{i}")
            assert not problems and len(kept) == 1
            assert kept[0][1].game == key and kept[0][1].state == "over"
    finally:
        st.stop()


@pytest.mark.parametrize("key", KEYS)
def test_a_table_saved_mid_game_resumes_on_another_server_as_it_was(key: str) -> None:
    """The host's save of a table (through JSON) brings the same game back on a new server: the same
    decision counter and the same update for every seat and for a watcher."""
    import json
    import random

    adapter = net_games.adapter(key)
    level = adapter.levels[0]
    first = ServerThread(ServerConfig(host=HOST, port=0, pace_bots=False))
    second = ServerThread(ServerConfig(host=HOST, port=0, pace_bots=False))
    first.start()
    second.start()
    try:
        # seats played at the host's computer: taken from the start, no client needed
        specs = [P.SeatSpec(kind="local", level=level, name=f"P{i}") for i in range(2)]  # type: ignore[arg-type]
        table: Table = first.call(lambda s: s.create_table(specs, game=key, seed=7, auto_start=True,
                                                           takeover_level=level))

        def deal(_s: object) -> None:  # as start_game deals it, without a connected player to wait for
            table.game = adapter.new_run(2, 7, names=["P0", "P1"], options=table.options)

        first.call(deal)
        rng = random.Random(5)

        def some_moves(_s: object) -> None:
            game = table.game
            assert game is not None
            for _ in range(3):
                if game.is_over:
                    return
                seat = next(i for i in range(game.players) if game.decision_key(i) is not None)
                data = game.updates([seat], [(0, 0)])[0]  # as the seat's client would be sent it
                update = adapter.decode(data.view, data.events, seat, data.decisions, data.legal)
                player = adapter.seat_player(level, rng.randrange(1000))
                if player.observes:
                    player.observe(seat, update, data.first)
                game.apply_text(seat, player.decide(seat, update))

        first.call(some_moves)
        saved = json.loads(json.dumps(first.call(lambda s: table.to_save())))
        viewers: list[int | None] = [0, 1, None]
        cursors = [(0, 0)] * 3
        before = first.call(lambda s: (table.game.decisions, table.game.updates(viewers, cursors)))  # type: ignore[union-attr]
        again: Table = second.call(lambda s: s.resume_table(saved))
        after = second.call(lambda s: (again.game.decisions, again.game.updates(viewers, cursors)))  # type: ignore[union-attr]
        assert before[0] > 0 and after == before
    finally:
        first.stop()
        second.stop()


def _codec(key: str) -> object:
    """The codec the game's network table reads with (the shell's :class:`NetTable` takes it)."""
    from fake_net import SticksCodec

    from tortuga_desktop.games.dice.table.netsource import DiceCodec
    from tortuga_desktop.games.t1667.table.nettable import Codec1667

    return {"tortuga": DiceCodec, "t1667": Codec1667, STICKS.key: SticksCodec}[key]()


@pytest.mark.parametrize("key", KEYS)
def test_the_shells_network_table_plays_every_game_through_the_server(key: str) -> None:
    """The table every game's screen plays at over the network is the shell's :class:`NetTable` with the game's
    codec (the fake game's too: no line of ``shell/`` or ``net/`` names it): two of them play a whole game through the server with random legal choices from their prompts;
    each ends with its seat's view of the server's finished game, and both show the same public view."""
    import random

    from tortuga_desktop.net.client import NetClient
    from tortuga_desktop.shell.engine import ActionRefused
    from tortuga_desktop.shell.nettable import NetTable

    assert set(KEYS) == {"tortuga", "t1667", STICKS.key}  # a new game gets its codec above
    st = ServerThread(ServerConfig(host=HOST, port=0, pace_bots=False))
    st.start()
    tables: list[NetTable] = []
    rng = random.Random(5)
    try:
        level = net_games.adapter(key).levels[0]
        specs = [P.SeatSpec(kind="open", level=level, name=f"P{i}") for i in range(2)]  # type: ignore[arg-type]
        table: Table = st.call(lambda s: s.create_table(specs, game=key, seed=7, auto_start=True,
                                                         takeover_level=level))
        for _ in range(2):
            c = NetClient(f"{HOST}:{st.port}", code=table.code, backoff_min=0.05, backoff_max=0.2)
            tables.append(NetTable(c, _codec(key)))  # type: ignore[arg-type]
            c.start()
        moves = 0
        end = time.monotonic() + 120
        while not all(t.ready and t.is_over for t in tables):
            assert time.monotonic() < end, [(t.human_seats, t.decisions) for t in tables]
            for t in tables:
                moves += len(t.poll())
                for seat in t.human_seats:
                    legal = t.prompt(seat).legal if t.ready else ()
                    if legal:
                        t.submit(seat, rng.choice(legal))
            time.sleep(0.002)
        a, b = tables
        assert sorted([*a.human_seats, *b.human_seats]) == [0, 1] and moves >= a.decisions > 2
        assert a.view(None) == b.view(None)
        for t in tables:  # the server's finished game as that seat is sent it, read by the same codec
            (seat,) = t.human_seats
            data = st.call(lambda s, seat=seat: table.game.updates([seat], [(0, 0)])[0])  # type: ignore[union-attr]
            assert t.view(seat) == t.codec.read(data.view, data.events, seat)[0]
        with pytest.raises(ActionRefused, match="over"):
            a.say(a.human_seats[0], "hello")
    finally:
        for t in tables:
            t.close()
        st.stop()
