"""Load test of the dedicated server: many tables of headless random-bot clients on 127.0.0.1.

    nice -n 10 .venv/bin/python -m scripts.net_bench --tables 100 [--think 0.0] [--games tortuga,t1667]

Starts one ``tortuga-server`` (``python -m tortuga_desktop.net.server --stats``) in its own
process on a free 127.0.0.1 port; a lobby client creates the tables, then four :class:`NetClient`
+ random :class:`SeatBot` per table join them, spread over ``--client-procs`` processes (one
event loop each; results come back as JSON). First a
baseline of ONE table alone, then all the tables at once. Prints, for each: games finished,
errors, actions, actions/s and the action round trip (send -> the server's acknowledging
update, as the client sees it) p50 / p99 / max, plus the server process's CPU time.

``--games A,B``: the tables' games in turn (``tortuga,t1667``: every other table a Tortuga 1667
table); the baseline is then one table of each game, one after the other, and the round trips are
given per game too. A 1667 table has four open seats (the clients) and ``--computers-1667``
computer players (Normal) that talk at the table (its ``talk`` option): the server runs them and
their talk beside the clients' games.

``--think S`` makes every bot wait a random 0-2S seconds (mean S) before each decision
(players do not act in step); with 0 the bots answer at once, every client always has an action
in flight, and the run measures the server under saturation (round trip = queue / throughput).
Errors: refused actions other than the harmless races (stale/turn), failed connections,
games not over by ``--timeout``, and tracebacks in the server's log.

``--abuse`` adds, alongside the honest tables (after ``--abuse-delay`` seconds, once they have
joined), one more process that keeps ``--silent`` websocket connections open that never say
Hello (opening a new one whenever the server closes one) and ``--guessers`` connections that
send join codes as fast as the server answers them; it reports how the server dealt with them,
and any code that hit a table counts as an error.

The server is the real ``tortuga-server``: it decodes and checks every incoming message. The
clients are made light (and say so in the output): they read a received view, with every
check, only when their bot acts on it (as the headless client does); ``--client-checks``
makes them read every view with their game's readers, as the app's table does. ``--python-gc`` runs the server with Python's own
garbage-collection schedule (``--full-gc-every 0``) instead of its ``GcPolicy``, for comparison.
``--accept-rate N`` sets the server's pace of new connections (``tortuga-server --accept-rate``; 0:
each accepted as it comes); the server's statistics line says how many it accepted at that pace.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tortuga_desktop.net import games
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.headless import SeatBot
from tortuga_desktop.net.protocol import Chat, Created, Error, SeatSpec, Update
from tortuga_desktop.net.server import GcPolicy

#: the repository's root: every process of the bench runs this checkout's code (started from here with
#: ``-m``), not whatever copy of the package the interpreter has installed
ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


async def create_tables(url: str, tables: int, games: list[str] | None = None,
                        computers_1667: int = 2) -> tuple[list[str], list[str]]:
    """Create ``tables`` tables through the lobby, of ``games`` in turn (four open seats each; a 1667
    table has ``computers_1667`` talking computer players besides); returns (join codes, errors)."""
    loop = asyncio.get_running_loop()
    created: asyncio.Queue[Created | Error] = asyncio.Queue()

    def lobby_msg(item: Any) -> None:
        if isinstance(item, (Created, Error)):
            created.put_nowait(item)

    lobby = NetClient(url, on_message=lobby_msg, loop=loop, reconnect=False)
    lobby.start()
    codes: list[str] = []
    errors: list[str] = []
    for n in range(tables):
        game = (games or ["tortuga"])[n % len(games or ["tortuga"])]
        if game == "tortuga":
            lobby.create_table([SeatSpec(kind="open")] * 4, auto_start=True, hold_seconds=600)
        else:
            lobby.create_table([SeatSpec(kind="open")] * 4 + [SeatSpec(kind="computer", level="normal")] * computers_1667,
                               auto_start=True, hold_seconds=600, game=game, options={"talk": True})
        got = await asyncio.wait_for(created.get(), 30)
        if isinstance(got, Error):
            errors.append(f"create: {got.message}")
            break
        codes.append(got.code)
    lobby.close()
    return codes, errors


async def play_tables(url: str, codes: list[str], think: float, timeout: float, seed: int,
                      checked: bool = False, client_gc: GcPolicy | None = None) -> dict[str, Any]:
    """Four random-bot clients per join code, all on this process's event loop, until every game ends."""
    loop = asyncio.get_running_loop()
    errors: list[str] = []
    bots: list[SeatBot] = []
    clients: list[NetClient] = []
    races = 0
    talk = 0

    def handler(holder: list[SeatBot]) -> Any:
        def on_message(item: Any) -> None:
            nonlocal races, talk
            if checked and isinstance(item, Update) and holder:  # every view read, as the app's table reads it
                games.adapter(holder[0].game).decode(item.view, item.events, item.seat, item.decisions, item.legal)
            if isinstance(item, Error) and item.code in ("stale", "turn"):
                races += 1
            elif isinstance(item, Chat) and item.kind == "bot":
                talk += 1
            elif isinstance(item, Update) and item.first > 0:
                # a computer player's line that its game keeps as a move (1667's Talked event); a whole
                # list sent again (first 0: a reconnect) is not counted twice
                talk += sum(1 for e in item.events if isinstance(e, dict) and e.get("kind") == "Talked")
            if holder:
                holder[0].handle(item)
            elif isinstance(item, Update):  # cannot happen: the bot exists before start()
                errors.append("update before the bot was ready")
        return on_message

    pace = random.Random(seed)

    def paced(delay: float, fn: Any, seat: int) -> None:
        """Players do not act in step: each waits a random 0-2x the mean thinking time."""
        loop.call_later(pace.uniform(0, 2 * delay), fn, seat)

    if client_gc is not None:
        client_gc.install()
    lags: list[float] = []

    async def watch_lag() -> None:  # how late this process's loop runs a 20 ms timer (as the server's --stats)
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.02)
            lags.append(time.perf_counter() - t - 0.02)

    lag_task = asyncio.ensure_future(watch_lag())
    start = time.perf_counter()
    cpu_start = time.process_time()
    for t, code in enumerate(codes):
        for i in range(4):
            holder: list[SeatBot] = []
            c = NetClient(url, code=code, name=f"Bot {i + 1}", on_message=handler(holder), loop=loop,
                          give_up_after=30)
            bot = SeatBot(c, "random", seed + 4 * t + i, think=think, call_later=paced)
            holder.append(bot)
            bots.append(bot)
            clients.append(c)
            c.start()
    end = start + timeout
    while time.perf_counter() < end and not all(b.over for b in bots):
        if any(b.failed for b in bots):
            break
        await asyncio.sleep(0.05)
    wall = time.perf_counter() - start
    client_cpu = time.process_time() - cpu_start
    lag_task.cancel()
    if client_gc is not None:
        client_gc.uninstall()
    for c in clients:
        c.close()
    await asyncio.sleep(0.2)
    trips = [x for b in bots for x in b.round_trips]
    # when each round trip ended, in seconds since these clients started (one list per process)
    trip_at = [t - start for b in bots for t in b.acked_at]
    errors += [f"{e.code}: {e.message}" for b in bots for e in b.errors]
    errors += [f"connection: {b.failed}" for b in bots if b.failed]
    unfinished = sum(1 for b in bots if not b.over) // 4
    if unfinished:
        errors.append(f"{unfinished} table(s) not over after {timeout:.0f} s")
    by_game: dict[str, list[float]] = {}
    for b in bots:
        by_game.setdefault(b.game, []).extend(b.round_trips)
    return {"tables": len(codes), "finished": sum(1 for b in bots if b.over) // 4, "errors": errors, "races": races,
            "actions": len(trips), "wall": wall, "trips": trips, "client_cpu": client_cpu, "by_game": by_game,
            "talk": talk // 4, "client_lag": lags, "trip_at": trip_at}


def play_in_processes(url: str, codes: list[str], procs: int, think: float, timeout: float,
                      seed: int, checked: bool = False, client_nice: int = 0,
                      client_python_gc: bool = False) -> dict[str, Any]:
    """Split the tables over ``procs`` client processes (this script with --worker; results as JSON)."""
    groups = [codes[i::procs] for i in range(procs) if codes[i::procs]]
    workers = [subprocess.Popen([sys.executable, "-m", "scripts.net_bench", "--worker", url, "--codes", ",".join(g), "--think", str(think),
                                 "--timeout", str(timeout), "--seed", str(seed + 100_000 * n)]
                                + (["--client-checks"] if checked else [])
                                + (["--client-python-gc"] if client_python_gc else []),
                                stdout=subprocess.PIPE, text=True, cwd=ROOT,
                                preexec_fn=(lambda: os.nice(client_nice)) if client_nice else None)
               for n, g in enumerate(groups)]
    parts: list[dict[str, Any]] = []
    for w in workers:
        out, _ = w.communicate()
        lines = [x for x in out.splitlines() if x.startswith("{")]
        parts.append(json.loads(lines[-1]) if lines else {"tables": 0, "finished": 0, "errors": ["worker failed"],
                                                          "races": 0, "actions": 0, "wall": 0.0, "trips": [],
                                                          "client_cpu": 0.0, "by_game": {}, "talk": 0,
                                                          "client_lag": [], "trip_at": []})
    by_game: dict[str, list[float]] = {}
    for p in parts:
        for g, xs in p["by_game"].items():
            by_game.setdefault(g, []).extend(xs)
    return {"tables": sum(p["tables"] for p in parts), "finished": sum(p["finished"] for p in parts),
            "errors": [e for p in parts for e in p["errors"]], "races": sum(p["races"] for p in parts),
            "actions": sum(p["actions"] for p in parts), "wall": max(p["wall"] for p in parts),
            "trips": [x for p in parts for x in p["trips"]], "client_cpu": sum(p["client_cpu"] for p in parts),
            "by_game": by_game, "talk": sum(p["talk"] for p in parts),
            "client_lag": [x for p in parts for x in p["client_lag"]],
            "trip_at": [x for p in parts for x in p["trip_at"]]}


async def abuse(url: str, silent: int, guessers: int, delay: float, seconds: float) -> dict[str, Any]:
    """Silent connections and code guessers against ``url`` for ``seconds`` (after ``delay``)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    from tortuga_desktop.net import protocol as P

    await asyncio.sleep(delay)
    end = time.monotonic() + seconds
    stats = {"silent_opened": 0, "silent_closed_by_server": 0, "silent_refused": 0, "guesses": 0, "wrong": 0,
             "told_to_wait": 0, "hits": 0, "guesser_disconnects": 0}
    rng = random.Random(7)

    async def one_silent() -> None:
        while time.monotonic() < end:
            try:
                async with connect(url, open_timeout=10, ping_interval=None, close_timeout=1, proxy=None) as ws:
                    stats["silent_opened"] += 1
                    try:
                        await asyncio.wait_for(ws.recv(), max(0.1, end - time.monotonic()))
                        await asyncio.wait_for(ws.wait_closed(), max(0.1, end - time.monotonic()))
                        stats["silent_closed_by_server"] += 1
                    except ConnectionClosed:
                        stats["silent_closed_by_server"] += 1
                    except TimeoutError:
                        return
            except (OSError, InvalidHandshake, TimeoutError):
                stats["silent_refused"] += 1
                await asyncio.sleep(0.5)

    async def one_guesser() -> None:
        while time.monotonic() < end:
            try:
                async with connect(url, open_timeout=10, close_timeout=1, proxy=None) as ws:
                    await ws.send(P.encode(P.Hello(version=P.PROTOCOL_VERSION)).decode())
                    await ws.recv()
                    while time.monotonic() < end:
                        code = "".join(rng.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LENGTH))
                        await ws.send(P.encode(P.Join(code=code)).decode())
                        stats["guesses"] += 1
                        reply = P.decode_server(await ws.recv())
                        if isinstance(reply, P.Joined):
                            stats["hits"] += 1
                        elif isinstance(reply, P.Error) and reply.code == "code":
                            stats["wrong"] += 1
                        elif isinstance(reply, P.Error) and reply.code == "rate":
                            stats["told_to_wait"] += 1
            except ConnectionClosed:
                stats["guesser_disconnects"] += 1
            except (OSError, InvalidHandshake, TimeoutError):
                await asyncio.sleep(0.5)

    async def tell() -> None:  # the main process stops this one when the games are over: say it as we go
        while time.monotonic() < end:
            print(json.dumps(stats), flush=True)
            await asyncio.sleep(1.0)

    await asyncio.gather(tell(), *[one_silent() for _ in range(silent)], *[one_guesser() for _ in range(guessers)])
    return stats


def report(label: str, r: dict[str, Any], cpu: float) -> None:
    t = [x * 1000 for x in r["trips"]]
    print(f"{label}: {r['finished']}/{r['tables']} games over, errors {len(r['errors'])}, "
          f"stale/turn races {r['races']}, actions {r['actions']} in {r['wall']:.1f} s "
          f"({r['actions'] / max(r['wall'], 1e-9):.0f}/s); CPU: server {cpu:.1f} s, clients {r['client_cpu']:.1f} s")
    print(f"{label}: action round trip p50 {pct(t, 50):.1f} ms, p99 {pct(t, 99):.1f} ms, max {max(t, default=0):.1f} ms")
    lag = [x * 1000 for x in r.get("client_lag", [])]
    if lag:
        print(f"{label}: the clients' event-loop lag (part of every round trip) p50 {pct(lag, 50):.1f} ms, "
              f"p99 {pct(lag, 99):.1f} ms, max {max(lag):.1f} ms")
    at = r.get("trip_at", [])
    if len(at) == len(t) and len(t) >= 1000:  # where in the run the slow ones came
        span = max(at)
        parts = []
        for k in range(6):
            lo, hi = span * k / 6, span * (k + 1) / 6
            xs = [x for x, a in zip(t, at, strict=True) if lo <= a < hi or (k == 5 and a == hi)]
            parts.append(f"{lo:.0f}-{hi:.0f} s: p99 {pct(xs, 99):.1f} ms ({len(xs)})")
        print(f"{label}: round trip p99 by sixth of the run: " + "; ".join(parts))
    by_game = r.get("by_game", {})
    if r.get("talk"):
        print(f"{label}: computer players' lines of table talk {r['talk']}")
    if len(by_game) > 1:
        for game, xs in sorted(by_game.items()):
            g = [x * 1000 for x in xs]
            print(f"{label}: {game}: {len(g)} actions, round trip p50 {pct(g, 50):.1f} ms, p99 {pct(g, 99):.1f} ms, "
                  f"max {max(g, default=0):.1f} ms")
    for e in r["errors"][:5]:
        print(f"  error: {e}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--think", type=float, default=0.0, help="mean seconds each bot waits before deciding")
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default="tortuga",
                    help="the tables' games in turn, by key (e.g. tortuga,t1667: every other table a 1667 table)")
    ap.add_argument("--computers-1667", type=int, default=2,
                    help="talking computer players (Normal) at each 1667 table besides its four clients (0-5)")
    ap.add_argument("--client-procs", type=int, default=4,
                    help="processes the clients are spread over (100 clients each at 100 tables)")
    ap.add_argument("--client-checks", action="store_true",
                    help="clients read and check every view they receive (as the app does), not only the "
                         "views their bot acts on")
    ap.add_argument("--python-gc", action="store_true",
                    help="the server keeps Python's own garbage-collection schedule (--full-gc-every 0)")
    ap.add_argument("--client-nice", type=int, default=0,
                    help="run the client processes this much nicer than the server (the load generator "
                         "then waits when it competes with the server for a core)")
    ap.add_argument("--client-python-gc", action="store_true",
                    help="the client processes keep Python's own garbage-collection schedule: a full "
                         "collection walks all the clients of a process and stalls each of them")
    ap.add_argument("--abuse", action="store_true",
                    help="alongside the tables: silent connections and code guessers (see --silent, --guessers)")
    ap.add_argument("--silent", type=int, default=500, help="connections that never say Hello (--abuse)")
    ap.add_argument("--guessers", type=int, default=50, help="connections that guess join codes (--abuse)")
    ap.add_argument("--abuse-delay", type=float, default=20.0,
                    help="seconds after the tables' clients start before the abuse begins (they join first)")
    ap.add_argument("--accept-rate", type=float, default=None, metavar="N",
                    help="the server's pace of new connections a second (tortuga-server --accept-rate; "
                         "default: the server's own)")
    ap.add_argument("--abuser", metavar="URL", help=argparse.SUPPRESS)
    ap.add_argument("--abuse-seconds", type=float, default=60.0, help=argparse.SUPPRESS)
    ap.add_argument("--worker", metavar="URL", help=argparse.SUPPRESS)
    ap.add_argument("--codes", default="", help=argparse.SUPPRESS)
    opts = ap.parse_args()
    games = [g.strip() for g in opts.games.split(",") if g.strip()]
    if not games or any(g not in ("tortuga", "t1667") for g in games):
        ap.error("--games: a comma-separated list of tortuga and t1667")
    if not 0 <= opts.computers_1667 <= 5:
        ap.error("--computers-1667 must be 0-5")
    if opts.abuser:
        print(json.dumps(asyncio.run(abuse(opts.abuser, opts.silent, opts.guessers, opts.abuse_delay,
                                           opts.abuse_seconds))))
        return 0
    if opts.worker:
        gc_policy = None if opts.client_python_gc else GcPolicy(GcPolicy.EVERY)
        result = asyncio.run(play_tables(opts.worker, opts.codes.split(","), opts.think, opts.timeout, opts.seed,
                                             opts.client_checks, gc_policy))
        print(json.dumps(result))
        return 0
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "tortuga_desktop.net.server", "--port", str(port), "--host", "127.0.0.1",
         "--max-tables", str(opts.tables + 10), "--rate", "50", "--stats",
         # the bench's clients all come from 127.0.0.1 and one lobby connection makes every table
         "--max-connections", "2000", "--max-per-ip", "2000", "--create-rate", "100000"]
        + (["--full-gc-every", "0"] if opts.python_gc else [])
        + (["--accept-rate", str(opts.accept_rate)] if opts.accept_rate is not None else []),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if "listening" not in line:
            print(f"server did not start: {line}{server.stderr.read() if server.stderr else ''}")
            return 1
        url = f"ws://127.0.0.1:{port}"
        print(f"server pid {server.pid} on {url}; bots think {opts.think} s; clients in {opts.client_procs} "
              f"process(es); nice {os.nice(0)}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        print(f"server garbage collection: {'Python default' if opts.python_gc else 'tuned (GcPolicy)'}; clients "
              f"read {'every view (checked)' if opts.client_checks else 'only the views they act on (checked)'}; "
              f"client processes' garbage collection: {'Python default' if opts.client_python_gc else 'tuned'}")
        bases = []
        for game in dict.fromkeys(games):  # one table of each game alone, one after the other
            cpu0 = cpu_seconds(server.pid)
            codes, errors = asyncio.run(create_tables(url, 1, [game], opts.computers_1667))
            base = asyncio.run(play_tables(url, codes, opts.think, opts.timeout, opts.seed, opts.client_checks))
            base["errors"] += errors
            cpu1 = cpu_seconds(server.pid)
            report(f"baseline, 1 table ({game})" if len(games) > 1 else "baseline, 1 table", base, cpu1 - cpu0)
            bases.append(base)
        codes, errors = asyncio.run(create_tables(url, opts.tables, games, opts.computers_1667))
        print(f"{opts.tables} tables start at {time.strftime('%H:%M:%S')}", flush=True)
        cpu1 = cpu_seconds(server.pid)
        abuser = None
        if opts.abuse:
            said_to = tempfile.TemporaryFile("w+")  # noqa: SIM115 (closed below)  a file: a full pipe would stop it
            abuser = subprocess.Popen([sys.executable, "-m", "scripts.net_bench", "--abuser", url, "--silent", str(opts.silent),
                                       "--guessers", str(opts.guessers), "--abuse-delay", str(opts.abuse_delay),
                                       "--abuse-seconds", str(max(10.0, opts.timeout - opts.abuse_delay))],
                                      stdout=said_to, text=True, cwd=ROOT)
        full = play_in_processes(url, codes, max(1, opts.client_procs), opts.think, opts.timeout, opts.seed + 1000,
                                 opts.client_checks, opts.client_nice, opts.client_python_gc)
        full["errors"] += errors
        cpu2 = cpu_seconds(server.pid)
        if abuser is not None:
            abuser.terminate()  # the honest games are over: stop the abuse (it has told its counts as it went)
            try:
                abuser.wait(timeout=10)
            except subprocess.TimeoutExpired:
                abuser.kill()
                abuser.wait()
            said_to.seek(0)
            out = said_to.read()
            said_to.close()
            said = [x for x in out.splitlines() if x.startswith("{")]
            got = json.loads(said[-1]) if said else {}
            print(f"abuse: {opts.silent} silent connections, {opts.guessers} guessers, from {opts.abuse_delay:.0f} s "
                  f"on: {', '.join(f'{k} {v}' for k, v in got.items()) or 'no report'}")
            if got.get("hits"):
                full["errors"].append(f"a guessed join code hit a table {got['hits']} time(s)")
        mix = f" ({', '.join(games)} in turn)" if len(games) > 1 else ""
        report(f"{opts.tables} tables{mix}" + (" under abuse" if abuser else ""), full, cpu2 - cpu1)
        print(f"load average at the end {os.getloadavg()[0]:.1f}")
    finally:
        server.terminate()
        try:
            _, err = server.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            _, err = server.communicate()
    for line in err.splitlines():
        if "stats:" in line:
            print(line.split("tortuga-server ", 1)[-1])
        elif "full garbage collection" in line:  # when the server's five-minutely collection paused it
            print(f"server log: {line}")
    tracebacks = err.count("Traceback")
    print(f"server log: {tracebacks} traceback(s), {err.count(' ERROR ')} error line(s)")
    failed = any(b["errors"] for b in bases) or full["errors"] or tracebacks
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
