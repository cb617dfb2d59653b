"""The headless client gives up with a clear message when nobody answers at the address."""

from __future__ import annotations

import io
import socket

from tortuga_desktop.net.headless import run_headless


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_no_server_at_the_address_is_a_clear_failure() -> None:
    out = io.StringIO()
    status = run_headless(f"127.0.0.1:{_closed_port()}", "ABCDEF", "easy", connect_timeout=1.0, out=out)
    assert status == 1
    assert "connection failed: no game answered at 127.0.0.1:" in out.getvalue()


def test_a_version_refusal_ends_the_headless_client_without_an_asyncio_warning() -> None:
    """Issue 26: after "refused: ... protocol version" Python printed "Task was destroyed but it
    is pending!" (the client's loop was closed with websockets' keepalive task still pending)."""
    import subprocess
    import sys

    port = _closed_port()
    server = subprocess.Popen([sys.executable, "-m", "tortuga_desktop.net.server", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    code = ("import sys\nfrom tortuga_desktop.net import protocol as P\nP.PROTOCOL_VERSION = 7\n"
            "from tortuga_desktop.shell.main import main\n"
            f"sys.exit(main(['--join', '127.0.0.1:{port}', '--code', 'K7PQ2MXRA', '--bot', 'easy']))\n")
    try:
        assert server.stdout is not None and "listening" in server.stdout.readline()
        for _ in range(4):  # the warning came in most runs, not all
            run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
            assert run.returncode == 1 and "protocol version" in run.stdout
            assert run.stderr == ""
    finally:
        server.terminate()
        server.wait(10)
