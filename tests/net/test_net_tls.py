"""TLS for a public server (issue 26 item 3): ``tortuga-server --tls-cert F --tls-key F``
serves wss://; the client checks the certificate (the system's trusted ones plus a file the
player trusts explicitly) and plays; a client that does not trust it is told "certificate not
trusted" at once and never retries. All on 127.0.0.1, with a self-signed certificate made here
by the openssl command."""

from __future__ import annotations

import io
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.games.dice.rules import PlayerView
from tortuga_desktop.net.client import ConnState, NetClient, Status
from tortuga_desktop.net.headless import SeatBot, run_headless
from tortuga_desktop.net.protocol import Chat, Created, Error, SeatSpec, Update
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table, server_tls

HOST = "127.0.0.1"


def make_certificate(folder: Path, name: str = "tortuga-test") -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost, and its key (PEM files)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("the openssl command is needed to make a test certificate")
    cert, key = folder / f"{name}.crt", folder / f"{name}.key"
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", f"/CN={name}",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    return make_certificate(tmp_path)


@pytest.fixture
def tls_server(certificate: tuple[Path, Path]) -> Iterator[ServerThread]:
    st = ServerThread(ServerConfig(host=HOST, port=0, tls=server_tls(*certificate)))
    st.start()
    yield st
    st.stop()


def _pump(client: NetClient, items: list[Any], bot: SeatBot | None = None) -> None:
    for item in client.poll():
        items.append(item)
        if bot is not None:
            bot.handle(item)


def test_two_clients_that_trust_the_certificate_play_and_chat_over_wss(
        tls_server: ServerThread, certificate: tuple[Path, Path]) -> None:
    seats = [SeatSpec(kind="open"), SeatSpec(kind="open"), SeatSpec(kind="computer", level="random")]
    table: Table = tls_server.call(lambda s: s.create_table(seats, auto_start=True))
    url = f"wss://127.0.0.1:{tls_server.port}"
    clients = [NetClient(url, code=table.code, name=n, trust_file=certificate[0]) for n in ("Anne", "Bart")]
    bots = [SeatBot(c, "random", i) for i, c in enumerate(clients)]
    items: list[list[Any]] = [[], []]
    for c in clients:
        c.start()
    try:
        end = time.monotonic() + 60
        said = False
        while not (table.game is not None and table.game.is_over and all(b.over for b in bots)):
            assert time.monotonic() < end, "the game over wss:// did not end"
            for c, got, bot in zip(clients, items, bots, strict=True):
                _pump(c, got, bot)
            if not said and clients[0].seats and clients[1].seats:
                clients[0].say("over TLS")
                said = True
            time.sleep(0.002)
        assert all(not b.errors for b in bots)
        for c, got in zip(clients, items, strict=True):  # what each received over TLS is its seat's view
            for seat in c.seats:
                last = [i for i in got if isinstance(i, Update) and i.seat == seat][-1]
                assert PlayerView.from_json(last.view) == table.game.view(seat)
        assert any(isinstance(i, Update) for i in items[1])
        end = time.monotonic() + 5
        while not any(isinstance(i, Chat) and i.text == "over TLS" for i in items[1]):
            assert time.monotonic() < end
            _pump(clients[1], items[1])
            time.sleep(0.01)
    finally:
        for c in clients:
            c.close()


def test_a_client_that_does_not_trust_the_certificate_is_told_so_and_does_not_retry(
        tls_server: ServerThread, tmp_path: Path) -> None:
    table: Table = tls_server.call(lambda s: s.create_table([SeatSpec(kind="open"), SeatSpec(kind="computer")]))
    other, _key = make_certificate(tmp_path, "someone-else")  # trusting another certificate does not help
    for trust in (None, other):
        client = NetClient(f"wss://127.0.0.1:{tls_server.port}", code=table.code, trust_file=trust,
                           backoff_min=0.05)
        client.start()
        items: list[Any] = []
        try:
            end = time.monotonic() + 10
            while client.state != ConnState.FAILED:
                assert time.monotonic() < end, items
                _pump(client, items)
                time.sleep(0.01)
            _pump(client, items)
            errors = [i for i in items if isinstance(i, Error)]
            assert [e.code for e in errors] == ["tls"]
            assert errors[0].message.startswith("certificate not trusted")
            assert not any(isinstance(i, Status) and i.state == ConnState.RECONNECTING for i in items)
        finally:
            client.close()
    assert not any(s.taken for s in table.slots if s.kind == "open")


def test_a_plain_client_gets_no_game_from_a_tls_server(tls_server: ServerThread) -> None:
    table: Table = tls_server.call(lambda s: s.create_table([SeatSpec(kind="open"), SeatSpec(kind="computer")]))
    out = io.StringIO()
    status = run_headless(f"127.0.0.1:{tls_server.port}", table.code, "random", connect_timeout=2.0, out=out)
    assert status == 1 and "connection failed" in out.getvalue()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


#: ``tortuga-server`` (its ``main``) without the R9.1 release times of its computer players' answers
#: (tests/conftest.py turns them off in the tests' own process): the game played over wss below
#: would otherwise spend most of its 20 s waiting for them; their pacing is tested in test_net_pacing
UNPACED_SERVER = ("import sys\n"
                  "from tortuga_desktop.games.dice.table import pacing\n"
                  "from tortuga_desktop.net.server import main\n"
                  "pacing.ENABLED = False\n"
                  "sys.exit(main(sys.argv[1:]))\n")


def test_the_real_server_and_headless_client_over_wss(certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-c", UNPACED_SERVER, "--port", str(port),
                               "--tls-cert", str(cert), "--tls-key", str(key)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    creator: NetClient | None = None
    try:
        assert server.stdout is not None
        assert server.stdout.readline().strip() == f"tortuga-server listening on wss://127.0.0.1:{port}"
        url = f"wss://127.0.0.1:{port}"
        creator = NetClient(url, trust_file=cert)
        creator.start()
        creator.create_table([SeatSpec(kind="open"), SeatSpec(kind="computer", level="random")], auto_start=True)
        end = time.monotonic() + 20
        created = None
        while created is None:
            assert time.monotonic() < end
            item = creator.get(timeout=0.5)
            created = item if isinstance(item, Created) else None
        cli = [sys.executable, "-m", "tortuga_desktop.shell.main", "--join", url, "--code", created.code,
               "--bot", "random"]
        refused = subprocess.run(cli, capture_output=True, text=True, timeout=60)
        assert refused.returncode == 1 and "certificate not trusted" in refused.stdout
        played = subprocess.run([*cli, "--trust-cert", str(cert)], capture_output=True, text=True, timeout=120)
        assert played.returncode == 0, played.stdout + played.stderr
        assert "joined table" in played.stdout and "game over" in played.stdout
        bad = subprocess.run([*cli, "--trust-cert", str(cert.with_suffix(".missing"))], capture_output=True,
                             text=True, timeout=60)
        assert bad.returncode == 2 and "--trust-cert" in bad.stderr
    finally:
        if creator is not None:
            creator.close()
        server.terminate()
        server.wait(10)


def test_the_server_refuses_a_certificate_without_its_key(certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    for args in (["--tls-cert", str(cert)], ["--tls-cert", str(key), "--tls-key", str(cert)]):
        run = subprocess.run([sys.executable, "-m", "tortuga_desktop.net.server", "--port", str(_free_port()),
                              *args], capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and "--tls" in run.stderr, run.stderr


def test_the_join_screen_takes_a_wss_address_and_says_when_the_certificate_is_not_trusted(
        tls_server: ServerThread, certificate: tuple[Path, Path], app_home: None) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from app_helpers import start_app
    from test_netui_join import fill, open_join, wait

    from tortuga_desktop.net import client as client_module
    from tortuga_desktop.shell.scenes.join import check_join_input
    from tortuga_desktop.shell.scenes.lobby import LobbyScene

    table: Table = tls_server.call(lambda s: s.create_table([SeatSpec(kind="open"), SeatSpec(kind="computer")]))
    address = f"wss://127.0.0.1:{tls_server.port}"
    assert check_join_input(address, table.code) == (address, table.code)  # refused as a bad address before
    app = start_app()
    try:
        join = open_join(app)
        fill(app, join, address, table.code)
        assert join.join()
        wait(app, lambda: join._pending is None)
        assert app.top is join and "certificate is not trusted" in join.message and "--trust-cert" in join.message
        client_module.set_trusted_certificate(certificate[0])  # tortuga --trust-cert FILE
        fill(app, join, address, table.code)
        assert join.join()
        wait(app, lambda: isinstance(app.top, LobbyScene))
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        wait(app, lambda: lobby.session.human_seats == [0])
        lobby.leave()
        app.run(max_frames=2)
    finally:
        client_module.set_trusted_certificate(None)
        app.close()
