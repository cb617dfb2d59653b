"""Network play on 127.0.0.1 with real sockets: full games, reconnects, takeover, lobby, saves.

Every server here listens on 127.0.0.1 with a free port; no packet leaves this computer.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.devtools.netplay import Player, pump_until
from tortuga_desktop.games.dice.rules import PlayerView
from tortuga_desktop.games.dice.rules.events import event_to_dict, visible
from tortuga_desktop.net.client import ConnState, NetClient, Status, server_url
from tortuga_desktop.net.headless import SeatBot
from tortuga_desktop.net.protocol import Created, Error, Joined, Lobby, SeatSpec, Tables, Update, Welcome
from tortuga_desktop.net.server import GameServer, ServerConfig, ServerThread, Table, load_table_save

HOST = "127.0.0.1"


def start_server(**config: Any) -> ServerThread:
    st = ServerThread(ServerConfig(host=HOST, port=0, **config))
    st.start()
    return st


@pytest.fixture
def server() -> Iterator[ServerThread]:
    st = start_server()
    yield st
    st.stop()


def make_table(st: ServerThread, kinds: str, **options: Any) -> Table:
    """kinds: one letter per seat: o open, c computer (random), l local."""
    names = {"o": "open", "c": "computer", "l": "local"}
    seats = [SeatSpec(kind=names[k], level="random") for k in kinds]  # type: ignore[arg-type]
    table: Table = st.call(lambda s: s.create_table(seats, **options))
    return table


def check_final(table: Table, players: list[Player]) -> None:
    game = table.game
    assert game is not None and game.is_over
    for p in players:
        for seat in p.client.seats:
            assert p.last[seat] == game.view(seat)
            assert p.events[seat] == [event_to_dict(e) for e in visible(game.events, seat)]


def test_four_clients_play_a_full_game(server: ServerThread) -> None:
    table = make_table(server, "oooo", auto_start=True)
    players = [Player(server.port, table.code, seed=i, name=f"Crew {i}") for i in range(4)]
    try:
        pump_until(players, lambda: table.game is not None and table.game.is_over)
        pump_until(players, lambda: all(p.over for p in players))
        check_final(table, players)
        assert sorted(s for p in players for s in p.client.seats) == [0, 1, 2, 3]
        assert sorted(s.name for s in table.slots) == [f"Crew {i}" for i in range(4)]
        assert server.server.internal_errors == 0
        assert all(not p.bot.errors for p in players)
        assert all(p.bot.round_trips for p in players)
    finally:
        for p in players:
            p.client.close()


def test_a_killed_client_comes_back_with_its_token(server: ServerThread) -> None:
    table = make_table(server, "ooc", auto_start=True, hold_seconds=30)
    a, b = Player(server.port, table.code, 1), Player(server.port, table.code, 2)
    try:
        pump_until([a, b], lambda: table.game is not None and table.game.decisions >= 10)
        seat, token = a.client.seats[0], a.client.token
        a.client.close()  # the process is gone: no goodbye
        pump_until([b], lambda: table.slots[seat].conn is None)
        assert table.slots[seat].held_until is not None and table.slots[seat].bot_level is None
        # the game goes on until the held seat must decide, then waits for it: nobody plays it
        def due(s: GameServer) -> bool:
            return table.game is not None and table.game.decision_for(seat) is not None

        pump_until([b], lambda: bool(server.call(due)))
        time.sleep(0.3)
        b.pump()
        assert server.call(due) and table.slots[seat].bot_level is None
        again = Player(server.port, table.code, 3, token=token)
        pump_until([again, b], lambda: again.client.seats == (seat,))
        pump_until([again, b], lambda: table.game is not None and table.game.is_over)
        pump_until([again, b], lambda: again.over and b.over)
        check_final(table, [again, b])  # the reclaimed seat got its whole log again
        assert table.slots[seat].bot_level is None
    finally:
        for p in (a, b):
            p.client.close()


def test_a_dropped_connection_reconnects_by_itself(server: ServerThread) -> None:
    table = make_table(server, "oc", auto_start=True, hold_seconds=30)
    a = Player(server.port, table.code, 1)
    try:
        pump_until([a], lambda: table.game is not None and table.game.decisions >= 6)
        a.client.drop_connection()
        pump_until([a], lambda: any(s.state == ConnState.RECONNECTING for s in a.of(Status)))
        pump_until([a], lambda: table.game is not None and table.game.is_over and a.over)
        assert len(a.of(Joined)) == 2 and a.of(Joined)[0].token == a.of(Joined)[1].token
        check_final(table, [a])
    finally:
        a.client.close()


def test_a_computer_takes_over_after_the_hold_time(server: ServerThread) -> None:
    table = make_table(server, "ooo", auto_start=True, hold_seconds=0.2, takeover_level="random")
    players = [Player(server.port, table.code, i) for i in range(3)]
    try:
        pump_until(players, lambda: table.game is not None and table.game.decisions >= 5)
        gone = players.pop()
        seat = gone.client.seats[0]
        gone.client.close()
        pump_until(players, lambda: table.game is not None and table.game.is_over)
        assert table.slots[seat].bot_level == "random"
        pump_until(players, lambda: any(i.started and i.seats[seat].bot and not i.seats[seat].connected
                                        for i in players[0].of(Lobby)))
    finally:
        for p in players:
            p.client.close()


def test_a_local_seat_is_played_through_the_host_token(server: ServerThread) -> None:
    table = make_table(server, "lloc")
    host = Player(server.port, table.code, 5, token=table.host_token)
    guest = Player(server.port, table.code, 6)
    try:
        pump_until([host, guest], lambda: host.client.seats == (0, 1) and guest.client.seats == (2,))
        host.client.start_game()
        pump_until([host, guest], lambda: table.game is not None and table.game.is_over, timeout=30)
        pump_until([host, guest], lambda: host.over and guest.over)
        check_final(table, [host, guest])
    finally:
        for p in (host, guest):
            p.client.close()


def test_start_needs_the_host_token_and_every_open_seat(server: ServerThread) -> None:
    table = make_table(server, "ooc")
    a = Player(server.port, table.code, 1)
    try:
        pump_until([a], lambda: bool(a.client.seats))
        a.client.start_game()  # its reclaim token is not the host token
        pump_until([a], lambda: any(e.code == "token" for e in a.of(Error)))
        a.client.start_game(table.host_token)  # one open seat is still free
        pump_until([a], lambda: any(e.code == "order" for e in a.of(Error)))
        assert table.game is None
    finally:
        a.client.close()


def test_the_dedicated_server_lobby_creates_lists_and_joins() -> None:
    st = start_server(lobby=True)
    c = NetClient(f"{HOST}:{st.port}")
    c.start()
    items: list[Any] = []

    def wait(kind: type) -> Any:
        end = time.monotonic() + 10
        while time.monotonic() < end:
            item = c.get(timeout=0.1)
            if item is not None:
                items.append(item)
                if isinstance(item, kind):
                    return item
        raise AssertionError(f"no {kind.__name__}")

    try:
        wait(Welcome)
        c.create_table([SeatSpec(kind="open"), SeatSpec(kind="computer", level="random")], name="Harbour")
        created = wait(Created)
        c.list_tables()
        tables = wait(Tables)
        assert [(t.table, t.name, t.open_seats, t.started) for t in tables.tables] == [(created.table, "Harbour", 1,
                                                                                         False)]
        c.join(created.code, table=created.table, name="Anne")
        joined = wait(Joined)
        assert joined.seats == [0]
        c.start_game(created.host_token)
        update = PlayerView.from_json(wait(Update).view)
        assert update.viewer == 0 and update.names[0] == "Anne"
    finally:
        c.close()
        st.stop()


def test_the_in_game_host_has_no_lobby(server: ServerThread) -> None:
    c = NetClient(f"{HOST}:{server.port}")
    c.start()
    try:
        assert isinstance(c.get(timeout=5), Status)
        assert isinstance(c.get(timeout=5), Welcome)
        c.list_tables()
        c.create_table([SeatSpec(kind="open"), SeatSpec(kind="open")])
        errors = [c.get(timeout=5), c.get(timeout=5)]
        assert [getattr(e, "code", None) for e in errors] == ["denied", "denied"]
        assert not server.server.tables
    finally:
        c.close()


def test_autosave_and_resume_keep_the_game_and_the_seats(tmp_path: Path) -> None:
    st = start_server(save_dir=tmp_path)
    table = make_table(st, "oc", auto_start=True, hold_seconds=30)
    a = Player(st.port, table.code, 1)
    try:
        pump_until([a], lambda: table.game is not None and table.game.decisions >= 8)
        token, seat = a.client.token, a.client.seats[0]
        a.client.close()
    finally:
        st.stop()  # writes the final save
    assert table.game is not None
    state = table.game.to_dict()
    data = load_table_save(tmp_path / f"net-{table.id}.json")
    assert token not in str(data)  # only its hash is kept
    st2 = start_server(save_dir=tmp_path)
    try:
        # compared on the server's loop, before its computer player can move on
        resumed, again_state = st2.call(lambda s: (t := s.resume_table(data), t.game and t.game.to_dict()))
        assert again_state == state
        assert resumed.code == table.code
        again = Player(st2.port, table.code, 2, token=token)
        pump_until([again], lambda: again.client.seats == (seat,))
        pump_until([again], lambda: resumed.game is not None and resumed.game.is_over and again.over)
        check_final(resumed, [again])
    finally:
        st2.stop()


def test_a_bad_save_is_refused_with_a_message() -> None:
    server = GameServer(ServerConfig())
    for bad, words in [({}, "not a saved network table"),
                       ({"format": "tortuga-net-table", "version": 9}, "version 9"),
                       ({"format": "tortuga-net-table", "version": 1}, "missing or bad field")]:
        with pytest.raises(ValueError, match=words):
            server.resume_table(bad)
    assert not server.tables


def test_server_url_accepts_the_usual_forms() -> None:
    assert server_url("10.0.0.2:1234") == "ws://10.0.0.2:1234"
    assert server_url("example.org") == "ws://example.org:47600"
    assert server_url("::1") == "ws://[::1]:47600"
    for bad in ("", "host:99999", "host:x"):
        with pytest.raises(ValueError):
            server_url(bad)


def test_the_headless_client_plays_a_seat_to_the_end(server: ServerThread, app_home: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from tortuga_desktop.shell.main import main

    table = make_table(server, "oc", auto_start=True)
    assert main(["--join", f"{HOST}:{server.port}", "--code", table.code.lower(), "--bot", "random"]) == 0
    assert table.game is not None and table.game.is_over
    assert "game over" in capsys.readouterr().out


def test_the_headless_client_says_a_wrong_code_plainly(server: ServerThread, app_home: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from tortuga_desktop.shell.main import main

    make_table(server, "oc")
    assert main(["--join", f"{HOST}:{server.port}", "--code", "NOPE99", "--bot", "easy"]) == 1
    assert "no table with this join code" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--join", "h:1"], ["--join", "h:1", "--code", "X"], ["--code", "X"],
                                  ["--bot", "easy"], ["--join", "h:1", "--code", "X", "--bot", "genius"]])
def test_headless_options_are_checked(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from tortuga_desktop.shell.main import parse_args

    with pytest.raises(SystemExit) as exc:
        parse_args(argv)
    assert exc.value.code == 2
    assert "--" in capsys.readouterr().err


def test_tortuga_server_checks_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    from tortuga_desktop.net.server import main

    for argv in ([], ["--port", "0"], ["--port", "70000"], ["--port", "5000", "--rate", "0"],
                 ["--port", "5000", "--full-gc-every", "0.5"], ["--port", "5000", "--hello-timeout", "0.5"],
                 ["--port", "5000", "--hello-timeout", "601"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
    assert "--port" in capsys.readouterr().err


def test_tortuga_server_runs_as_its_own_program(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys

    with socket.socket() as s:
        s.bind((HOST, 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "tortuga_desktop.net.server", "--port", str(port),
                             "--save-dir", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert f"listening on ws://127.0.0.1:{port}" in proc.stdout.readline()
        c = NetClient(f"{HOST}:{port}", reconnect=False)
        c.start()
        c.create_table([SeatSpec(kind="open"), SeatSpec(kind="computer", level="random")], name="Dock")
        c.list_tables()
        got: list[Any] = []
        end = time.monotonic() + 10
        while not any(isinstance(i, Tables) for i in got) and time.monotonic() < end:
            item = c.get(timeout=0.1)
            if item is not None:
                got.append(item)
        tables = [i for i in got if isinstance(i, Tables)][0].tables
        assert [t.name for t in tables] == ["Dock"]
        c.close()
    finally:
        proc.terminate()  # SIGTERM: a clean stop (autosaves written), exit status 0
        assert proc.wait(10) == 0


def test_a_port_in_use_is_a_clear_error(server: ServerThread) -> None:
    second = ServerThread(ServerConfig(host=HOST, port=server.port))
    with pytest.raises(OSError, match=f"cannot listen on 127.0.0.1:{server.port}"):
        second.start()


def test_the_in_game_host_helpers_start_and_resume(tmp_path: Path) -> None:
    from tortuga_desktop.net.server import start_host

    save = tmp_path / "hosted.json"
    hosted = start_host([SeatSpec(kind="local", name="Me"), SeatSpec(kind="open")], port=0, save_path=save,
                        hold_seconds=30)
    st, table = hosted.server, hosted.table
    try:
        me = Player(st.port, table.code, 1, token=table.host_token)
        guest = Player(st.port, table.code, 2, name="Guest")
        pump_until([me, guest], lambda: me.client.seats == (0,) and guest.client.seats == (1,))
        me.client.start_game()
        pump_until([me, guest], lambda: table.game is not None and table.game.decisions >= 6)
        me.client.close()
        guest.client.close()
    finally:
        st.stop()
    assert table.game is not None
    back = start_host(resume=save, port=0)
    st2, again = back.server, back.table
    me2 = Player(st2.port, table.code, 3, token=table.host_token)
    try:
        entries = table.game.record().entries  # the guest's seat is held: play waits right there
        assert again.game is not None and again.game.record().entries[:len(entries)] == entries
        assert [s.name for s in again.slots] == ["Me", "Guest"]
        pump_until([me2], lambda: me2.client.seats == (0,) and bool(me2.last))
    finally:
        me2.client.close()
        st2.stop()
    with pytest.raises(ValueError, match="cannot read"):
        start_host(resume=tmp_path / "missing.json", port=0)


def test_a_resumed_table_is_back_before_the_port_takes_a_connection(tmp_path: Path) -> None:
    """A player's client reconnects as soon as the host's port answers; the table must be
    there by then, or the client is told "no table with this join code" and gives up."""
    import socket

    from tortuga_desktop.net.server import load_table_save, start_host

    save = tmp_path / "hosted.json"
    hosted = start_host([SeatSpec(kind="local", name="Me"), SeatSpec(kind="computer")], port=0, save_path=save)
    st, table = hosted.server, hosted.table
    port = st.port
    try:
        me = Player(port, table.code, 1, token=table.host_token)
        pump_until([me], lambda: me.client.seats == (0,))
        me.client.start_game()
        pump_until([me], lambda: table.game is not None and save.exists())
        me.client.close()
    finally:
        st.stop()
    seen: list[tuple[bool, bool]] = []

    def prepare(s: GameServer) -> Table:
        t = s.resume_table(load_table_save(save), save)
        with socket.socket() as probe:  # nothing may answer yet
            probe.settimeout(1)
            seen.append((probe.connect_ex((HOST, port)) != 0, t.id in s.tables))
        return t

    st2 = ServerThread(ServerConfig(host=HOST, port=port))
    st2.start(prepare=prepare)
    try:
        assert seen == [(True, True)]
        assert st2.prepared.code == table.code
        me2 = Player(port, table.code, 2, token=table.host_token)
        pump_until([me2], lambda: me2.client.seats == (0,))
        me2.client.close()
    finally:
        st2.stop()
    third = start_host(resume=save, port=0)  # the helper goes the same way
    st3, again = third.server, third.table
    try:
        assert again.id in st3.call(lambda s: set(s.tables))
    finally:
        st3.stop()
    with pytest.raises(ValueError, match="already open"):
        st4 = ServerThread(ServerConfig(host=HOST, port=0))

        def twice(s: GameServer) -> None:
            s.resume_table(load_table_save(save), save)
            s.resume_table(load_table_save(save), save)

        st4.start(prepare=twice)


def test_the_network_code_and_the_headless_client_load_no_pygame() -> None:
    import subprocess
    import sys

    code = ("import sys\n"
            "import tortuga_desktop.net.server, tortuga_desktop.net.client, tortuga_desktop.net.headless\n"
            "import tortuga_desktop.net.discovery\n"
            "from tortuga_desktop.shell.main import parse_args\n"
            "parse_args(['--join', '127.0.0.1:1', '--code', 'X', '--bot', 'easy'])\n"
            "import tortuga_desktop.games.dice.ai.bots\n"
            "print(sorted(m for m in sys.modules if m.startswith('pygame')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_bad_table_setup_is_refused_in_process() -> None:
    server = GameServer(ServerConfig())
    for seats, words in [([SeatSpec(kind="open")], "2-4 seats"),
                         ([SeatSpec(kind="open", name="a\nb"), SeatSpec(kind="open")], "printable"),
                         ([SeatSpec(kind="open"), SeatSpec(kind="robot")], "unknown kind"),  # type: ignore[arg-type]
                         ([SeatSpec(kind="open"), SeatSpec(kind="computer", level="genius")],  # type: ignore[arg-type]
                          "unknown kind")]:
        with pytest.raises(ValueError, match=words):
            server.create_table(seats)
    assert not server.tables


def test_headless_bots_play_a_full_game(server: ServerThread) -> None:
    """The headless client's (and the benchmark's) bots: updates are read only when the bot acts on them."""
    table = make_table(server, "oooo", auto_start=True)
    clients = [NetClient(f"{HOST}:{server.port}", code=table.code) for _ in range(4)]
    bots = [SeatBot(c, "random", i) for i, c in enumerate(clients)]
    for c in clients:
        c.start()
    try:
        end = time.monotonic() + 20
        while not all(b.over for b in bots) and time.monotonic() < end:
            for c, b in zip(clients, bots, strict=True):
                for item in c.poll():
                    b.handle(item)
            time.sleep(0.002)
        game = table.game
        assert game is not None and game.is_over and all(b.over for b in bots)
        for c, b in zip(clients, bots, strict=True):
            assert not b.errors and b.round_trips
            (seat,) = c.seats
            assert b.latest[seat] == game.view(seat)  # the game-over view, read with every check
        assert server.server.internal_errors == 0
    finally:
        for c in clients:
            c.close()


class _Sender:
    def __init__(self) -> None:
        self.sent: list[tuple[int, Any, int | None]] = []

    def send_action(self, seat: int, action: Any, decisions: int | None = None) -> int:
        self.sent.append((seat, action, decisions))
        return len(self.sent)


def test_a_raw_update_bot_checks_every_view_it_acts_on() -> None:
    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.net.protocol import Update

    game = Game.new(4, seed=5)
    seat = game.view(None).waiting()[0]
    good = game.view(seat).to_json()
    sender = _Sender()
    bot = SeatBot(sender, "random", 1)  # type: ignore[arg-type]
    # not this seat's decision: the view is not even read (so its nonsense goes unnoticed, harmlessly)
    bot.handle(Update(table="t", seat=seat, view={"pending": [], "round": "x"}, events=[], first=0))
    assert not sender.sent and not bot.errors
    # this seat decides, but the view is bad: refused, nothing sent
    bad = dict(good, round=-3)
    bot.handle(Update(table="t", seat=seat, view=bad, events=[], first=0))
    assert not sender.sent and [e.code for e in bot.errors] == ["malformed"]
    # a view of another seat is refused too
    other = (seat + 1) % 4
    bot.handle(Update(table="t", seat=seat, view=game.view(other).to_json(), events=[], first=0))
    assert not sender.sent and len(bot.errors) == 2
    # a good view: the bot acts on it
    bot.handle(Update(table="t", seat=seat, view=good, events=[], first=0))
    assert len(sender.sent) == 1 and sender.sent[0][0] == seat
    assert bot.latest[seat] == game.view(seat)


def test_the_servers_gc_policy_collects_between_messages_and_restores() -> None:
    import asyncio
    import gc

    from tortuga_desktop.net.server import GcPolicy

    before = gc.get_threshold()

    async def run() -> GcPolicy:
        policy = GcPolicy(0.05)
        policy.install()
        try:
            assert gc.get_threshold()[2] == 10**9  # no full collection on Python's schedule
            await asyncio.sleep(0.2)
        finally:
            policy.uninstall()
        return policy

    try:
        policy = asyncio.run(run())
    finally:
        gc.unfreeze()
    assert len(policy.pauses) >= 2  # the controlled full collections ran, as their own loop callbacks
    assert gc.get_threshold() == before


def test_a_headless_bot_pauses_once_per_decision_not_once_per_update() -> None:
    """With a thinking time, a bot arms one timer when a decision reaches it; updates that only
    show others' moves arm none (before, every update armed one, so bots answered far sooner
    than their thinking time and the load test ran about six times its stated pace)."""
    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.net.protocol import Update

    armed: list[int] = []
    bot = SeatBot(None, "random", 1, think=0.5, call_later=lambda _d, _fn, seat: armed.append(seat))  # type: ignore[arg-type]
    g = Game.new(2, 5)
    rng = random.Random(5)
    while g.pending()[0].kind.value != "position":  # play on to a decision of one seat only
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    decider = g.pending()[0].seat
    watcher = 1 - decider
    for seat in (watcher, watcher, decider):
        bot.handle(Update(table="t", seat=seat, view=g.view(seat).to_json(), events=[], first=0))
    assert armed == [decider]
