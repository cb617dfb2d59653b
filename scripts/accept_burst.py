"""How long a burst of new connections stalls the server's event loop, with and without the accept pace.

    nice -n 10 .venv/bin/python -m scripts.accept_burst [--connections 300] [--rate 200] [--rounds 3]
        [--tls-cert FILE --tls-key FILE]

Each round starts a lobby server (:class:`~tortuga_desktop.net.server.GameServer`, every per-address
cap lifted: the burst comes from 127.0.0.1) twice, once accepting each connection as it comes
(``accept_rate`` 0) and once at ``--rate`` a second, and each time another process opens
``--connections`` websocket connections at once that never say Hello (the server closes them after
its Hello time, 3 s here). Meanwhile a 5 ms timer on the server's loop measures how late it runs: a
message from a table being played waits as long. Prints, per round and pace, that lag's p50, p99 and
max, how many timer ticks came over 20 ms late, how long the server took until it had closed every
connection of the burst and the CPU time its loop spent per connection (the whole life of a silent
one: handshake, its limits, its Hello timer, the goodbye and the close); then the same over all
rounds. ``--tls-cert``/``--tls-key``: the server serves wss:// with them (the burst trusts the
certificate), so the TLS handshake is counted too. Only 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

from tortuga_desktop.net.server import ACCEPT_RATE, GameServer, ServerConfig, server_tls

HELLO_TIME = 3.0
TICK = 0.005


async def _silent(url: str, n: int, trust: str) -> None:
    import ssl

    from websockets.asyncio.client import connect

    ctx = ssl.create_default_context(cafile=trust) if trust else None

    async def one() -> None:
        async with connect(url, open_timeout=60, ping_interval=None, proxy=None, compression=None, ssl=ctx) as ws:
            try:
                await asyncio.wait_for(ws.recv(), 60)  # the server's Bye, then its close
                await asyncio.wait_for(ws.wait_closed(), 10)
            except Exception:  # noqa: BLE001  closed: what is measured is the server's side
                pass

    await asyncio.gather(*[one() for _ in range(n)], return_exceptions=True)


async def _round(n: int, rate: float, cert: Path | None, key: Path | None) -> dict[str, Any]:
    tls = server_tls(cert, key) if cert is not None and key is not None else None
    server = GameServer(ServerConfig(host="127.0.0.1", port=0, lobby=True, max_connections=n + 100,
                                     max_per_ip=n + 100, hello_timeout=HELLO_TIME, accept_rate=rate,
                                     backlog=max(128, n + 100), tls=tls))
    port = await server.start()
    lags: list[float] = []
    done = False

    async def watch() -> None:
        while not done:
            t = time.perf_counter()
            await asyncio.sleep(TICK)
            lags.append(time.perf_counter() - t - TICK)

    watcher = asyncio.ensure_future(watch())
    t0, cpu0 = time.monotonic(), time.thread_time()
    scheme = "wss" if tls is not None else "ws"
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "scripts.accept_burst", "--client",
                                                f"{scheme}://127.0.0.1:{port}", "--connections", str(n),
                                                "--trust", str(cert or ""))
    await proc.wait()
    wall, cpu = time.monotonic() - t0, time.thread_time() - cpu0
    done = True
    await watcher
    closed = server.hello_timeouts
    await server.stop()
    return {"lags": lags, "wall": wall, "closed": closed, "cpu": cpu}


def _pct(xs: list[float], p: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(p / 100 * len(ys)))] * 1000 if ys else 0.0


def _line(label: str, lags: list[float], wall: float, closed: int, n: int, cpu: float) -> str:
    return (f"{label}: loop lag p50 {_pct(lags, 50):.1f} ms, p99 {_pct(lags, 99):.1f} ms, max "
            f"{max(lags, default=0) * 1000:.1f} ms, ticks over 20 ms late {sum(1 for x in lags if x > 0.02)} "
            f"of {len(lags)}; burst closed by the server {closed}/{n} in {wall:.1f} s; the loop's CPU per "
            f"connection {cpu / n * 1000:.2f} ms")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--connections", type=int, default=300, help="connections in the burst (default 300)")
    ap.add_argument("--rate", type=float, default=ACCEPT_RATE,
                    help=f"the paced server's new connections a second (default {ACCEPT_RATE:.0f})")
    ap.add_argument("--rounds", type=int, default=3, help="rounds, each with both paces (default 3)")
    ap.add_argument("--tls-cert", type=Path, default=None, metavar="FILE",
                    help="serve wss:// with this certificate (PEM; the burst trusts it); needs --tls-key")
    ap.add_argument("--tls-key", type=Path, default=None, metavar="FILE", help="the certificate's private key (PEM)")
    ap.add_argument("--client", metavar="URL", help=argparse.SUPPRESS)
    ap.add_argument("--trust", default="", help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if not 1 <= opts.connections <= 5000 or opts.rate <= 0 or not 1 <= opts.rounds <= 20:
        ap.error("--connections 1-5000, --rate above 0, --rounds 1-20")
    if (opts.tls_cert is None) != (opts.tls_key is None):
        ap.error("--tls-cert and --tls-key go together")
    if opts.client:
        asyncio.run(_silent(opts.client, opts.connections, opts.trust))
        return 0
    import os

    print(f"{opts.connections} connections at once{' over TLS' if opts.tls_cert else ''}, {opts.rounds} round(s); load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    total: dict[float, list[float]] = {0.0: [], opts.rate: []}
    for k in range(opts.rounds):
        for rate in (0.0, opts.rate):
            r = asyncio.run(_round(opts.connections, rate, opts.tls_cert, opts.tls_key))
            total[rate] += r["lags"]
            label = f"round {k + 1}, " + ("each accepted as it comes" if rate == 0 else f"paced at {rate:.0f}/s")
            print(_line(label, r["lags"], r["wall"], r["closed"], opts.connections, r["cpu"]), flush=True)
    for rate, lags in total.items():
        label = "all rounds, " + ("each accepted as it comes" if rate == 0 else f"paced at {rate:.0f}/s")
        print(f"{label}: loop lag p99 {_pct(lags, 99):.1f} ms, max {max(lags, default=0) * 1000:.1f} ms, "
              f"ticks over 20 ms late {sum(1 for x in lags if x > 0.02)} of {len(lags)}")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
