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
