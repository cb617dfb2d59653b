"""A player never loses their seat (issue 26, item 1), on 127.0.0.1 with real processes.

A headless client (``tortuga --join``, a process of its own) is killed mid-game; a new process
started with ``--resume`` finds the seat kept in the data folder and takes the same seat back,
while the server holds it and after a computer player took it over. No packet leaves 127.0.0.1.
"""

from __future__ import annotations

import io
import json
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.games.dice.rules import PlayerView
from tortuga_desktop.games.dice.rules.events import event_to_dict, visible
from tortuga_desktop.net import seatstore
from tortuga_desktop.net.headless import resume_headless
from tortuga_desktop.net.protocol import SeatSpec
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table

HOST = "127.0.0.1"


@pytest.fixture
def server() -> Iterator[ServerThread]:
    st = ServerThread(ServerConfig(host=HOST, port=0))
    st.start()
    yield st
    st.stop()


def make_table(st: ServerThread, **options: Any) -> Table:
    seats = [SeatSpec(kind="open"), SeatSpec(kind="computer", level="random")]
    table: Table = st.call(lambda s: s.create_table(seats, auto_start=True, takeover_level="random", **options))
    return table


def headless(home: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, TORTUGA_HOME=str(home))
    return subprocess.Popen([sys.executable, "-m", "tortuga_desktop.shell.main", *args, "--bot", "random"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(done: Callable[[], bool], timeout: float = 120.0) -> None:  # a loaded machine starts processes slowly
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if done():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def kept(home: Path) -> seatstore.NetSeat | None:
    files = list((home / "data" / "seats").glob("seat-*.json"))
    if not files:
        return None
    try:
        return seatstore.read_seat(files[0])
    except (seatstore.SeatFileError, OSError):
        return None  # read between the temporary file and the rename cannot happen; a missing file can


def stalled(st: ServerThread, table: Table, seat: int) -> PlayerView:
    """Wait until the game waits for ``seat`` alone and nothing moves; its view then."""
    def waits() -> bool:
        game = table.game
        return game is not None and [d.seat for d in game.pending()] == [seat]

    # A decision the killed process sent just before it died may still be on its way: the game has
    # stalled only once it waits for ``seat`` alone and nothing moved for a while.
    end = time.monotonic() + 30
    while True:
        wait_for(lambda: bool(st.call(lambda s: waits())))
        before = st.call(lambda s: table.game.decisions if table.game else -1)
        time.sleep(0.4)
        if st.call(lambda s, b=before: waits() and (table.game.decisions if table.game else -1) == b):
            break
        assert time.monotonic() < end, "the game never stalled on the seat"
    view: PlayerView = st.call(lambda s: table.game.view(seat) if table.game else None)
    return view


def kill_mid_game(st: ServerThread, table: Table, home: Path) -> tuple[seatstore.NetSeat, str]:
    first = headless(home, "--join", f"{HOST}:{st.port}", "--code", table.code, "--think", "0.05")
    try:
        wait_for(lambda: (k := kept(home)) is not None and len(k.record.actions) >= 4)
    finally:
        first.send_signal(signal.SIGKILL)  # no goodbye, no last write
        out, _ = first.communicate(timeout=10)
    before = kept(home)
    assert before is not None and before.state == "playing" and before.seats == [0]
    return before, out


def test_a_killed_client_process_takes_its_seat_back_while_it_is_held(server: ServerThread, tmp_path: Path) -> None:
    table = make_table(server, hold_seconds=120)
    before, out = kill_mid_game(server, table, tmp_path)
    assert before.token not in out and seatstore.masked(before.token) in out  # shown only in part
    path = next((tmp_path / "data" / "seats").glob("seat-*.json"))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # the token is a secret
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    truth = stalled(server, table, 0)  # the seat is held: the game waits for it
    slot = table.slots[0]
    assert slot.conn is None and slot.held_until is not None and slot.bot_level is None
    events_before = before.record.events[0]

    again = headless(tmp_path, "--resume", "--think", "0.05")
    out2, err2 = again.communicate(timeout=120)
    assert again.returncode == 0, (out2, err2)
    assert "back at table" in out2 and before.token not in out2 + err2
    after = kept(tmp_path)
    assert after is not None and after.state == "over" and after.token == before.token and after.seats == [0]
    # the same seat with its dice and tiles: the first view the new process was asked on is the held one
    prompt = next(p for p in after.record.prompts if p.view["decisions"] == truth.decisions)
    got = PlayerView.from_json(prompt.view)
    assert got == truth
    assert got.seats[0].tiles == truth.seats[0].tiles and got.seats[0].roll == truth.seats[0].roll
    # the record goes on: what the killed process saw, then the rest, as the server has it
    game = table.game
    assert game is not None and game.is_over
    assert after.record.events[0][:len(events_before)] == events_before
    logs = "".join(p.read_text(errors="replace") for p in (tmp_path / "logs").glob("*.log*"))
    assert (tmp_path / "logs" / "tortuga.log").exists() and before.token not in logs  # the token is never logged
    assert after.record.events[0] == [event_to_dict(e) for e in visible(game.events, 0)]
    assert PlayerView.from_json(after.record.latest[0]) == game.view(0)
    assert server.server.internal_errors == 0


def test_a_killed_client_process_takes_its_seat_back_from_the_computer(server: ServerThread, tmp_path: Path) -> None:
    table = make_table(server, hold_seconds=0.3)
    before, _ = kill_mid_game(server, table, tmp_path)
    wait_for(lambda: table.slots[0].bot_level is not None)  # the computer plays the seat now
    taken_at = server.call(lambda s: table.game.decisions if table.game else 0)
    again = headless(tmp_path, "--resume", "--think", "0.05")
    try:
        wait_for(lambda: table.slots[0].conn is not None or table.game is not None and table.game.is_over)
        if table.game is not None and not table.game.is_over:
            assert table.slots[0].bot_level is None  # the player has it back
        out, err = again.communicate(timeout=120)
    finally:
        if again.poll() is None:
            again.kill()
    assert again.returncode == 0, (out, err)
    assert "back at table" in out
    after = kept(tmp_path)
    game = table.game
    assert after is not None and game is not None and game.is_over and taken_at > 0
    assert after.record.events[0] == [event_to_dict(e) for e in visible(game.events, 0)]
    assert PlayerView.from_json(after.record.latest[0]) == game.view(0)


def test_resume_without_a_kept_seat_says_so(tmp_path: Path) -> None:
    out = io.StringIO()
    assert resume_headless("random", seat_dir=tmp_path, out=out) == 1
    assert "no seat to return to" in out.getvalue()


def test_a_damaged_seat_file_is_put_aside_with_a_reason(tmp_path: Path) -> None:
    (tmp_path / "seat-0123456789abcdef.json").write_text('{"version": 1, "server": 5}')
    good = seatstore.NetSeat(version=1, server="127.0.0.1:47600", table="t1", code="ABCDEFGHJ", seats=[1],
                             token="x" * 24, name="Ann", saved_at=time.time())
    seatstore.write_seat(tmp_path / "seat-ffffffffffffffff.json", good)
    seats, problems = seatstore.playing_seats(tmp_path)
    assert [s.token for s in seats] == [good.token]
    assert len(problems) == 1 and "server" in problems[0] and "Expected `str`" in problems[0]
    assert any(".bad-" in p.name for p in tmp_path.iterdir())
    for bad, reason in ((dict(code="0000"), "code"), (dict(seats=[5]), "seats"), (dict(token=""), "token"),
                        (dict(version=9), "version"), (dict(server="a b c"), "server")):
        data = json.loads(seatstore._encoder.encode(good)) | bad
        with pytest.raises(seatstore.SeatFileError, match=reason):
            seatstore.decode_seat(json.dumps(data).encode())


def test_the_headless_client_takes_a_seat_back_with_its_token(server: ServerThread, tmp_path: Path) -> None:
    from tortuga_desktop.net.client import NetClient
    from tortuga_desktop.net.headless import run_headless
    from tortuga_desktop.net.protocol import Joined

    table = make_table(server, hold_seconds=120)
    first = NetClient(f"{HOST}:{server.port}", code=table.code, name="Remo")
    first.start()
    try:
        wait_for(lambda: table.game is not None and bool(first.token))
        token = first.token
        assert token and any(isinstance(i, Joined) for i in first.poll())
    finally:
        first.close()  # the seat is held; without its token it is gone for good
    out = io.StringIO()
    assert run_headless(f"{HOST}:{server.port}", table.code, "random", token=token, seat_dir=tmp_path,
                        out=out, timeout=120) == 0
    text = out.getvalue()
    assert "back at table" in text and "game over" in text and token not in text
    (kept_seat,) = [s for _, s in seatstore.load_seats(tmp_path)[0]]
    assert kept_seat.token == token and kept_seat.state == "over" and kept_seat.seats == [0]


@pytest.mark.parametrize("args, word", [
    (["--token", "abc", "--bot", "easy"], "--token"),
    (["--resume"], "--resume needs --bot"),
    (["--resume", "--bot", "easy", "--code", "ABCDEFGHJ"], "no --code"),
    (["--join", "127.0.0.1", "--code", "ABCDEFGHJ", "--bot", "easy", "--token", "a\tb"], "not a reclaim token"),
    (["--join", "127.0.0.1", "--code", "ABCDEFGHJ", "--bot", "easy", "--think", "-1"], "--think"),
])
def test_headless_seat_options_are_checked(args: list[str], word: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tortuga_desktop.shell.main import parse_args

    with pytest.raises(SystemExit) as exit_:
        parse_args(args)
    assert exit_.value.code == 2 and word in capsys.readouterr().err
