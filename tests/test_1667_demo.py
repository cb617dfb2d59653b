"""``tortuga --demo --game 1667 --players N [--seed S] --speed instant --exit-after-game --screenshot PATH``:
a Tortuga 1667 game of computer players watched headless, to its end (T7.9), as the dice game's demo."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tortuga_desktop.app.main import make_app, parse_args
from tortuga_desktop.t1667.table.scene import Table1667Scene


@pytest.fixture(autouse=True)
def _home(app_home: None) -> None:
    """Every test here runs in a private home, in English."""


@pytest.mark.parametrize("players", [2, 9])
def test_the_demo_plays_a_1667_game_to_its_end_and_quits(players: int, tmp_path: Path) -> None:
    shot = tmp_path / "end.png"
    opts = parse_args(["--demo", "--game", "1667", "--players", str(players), "--seed", "5", "--speed", "instant",
                       "--exit-after-game", "--screenshot", str(shot), "--mute", "--size", "1280x720"])
    app = make_app(opts)
    try:
        scene = app.top
        assert isinstance(scene, Table1667Scene)
        assert scene.table.players == players and not scene.table.human_seats
        code = app.run(max_frames=20000)
        assert code == 0 and app.exit_code == 0
        assert scene.finished and scene.table.is_over
    finally:
        app.close()
    assert shot.stat().st_size > 10_000


@pytest.mark.parametrize(("args", "says"), [
    (["--demo", "--players", "9"], "seats 2-4"),
    (["--game", "1667"], "goes with --demo"),
    (["--demo", "--game", "1667", "--level", "expert"], "computer players are"),
    (["--demo", "--game", "chess"], "unknown game"),
    (["--demo", "--game", "1667", "--players", "10"], "invalid choice"),
])
def test_bad_demo_options_are_refused_with_a_message(args: list[str], says: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        parse_args(args)
    assert exc.value.code == 2
    assert says in capsys.readouterr().err


def test_the_command_line_runs_a_1667_demo_with_worker_processes(tmp_path: Path) -> None:
    """The real program (computer players in a worker process) runs a 4-seat demo to its end and exits 0."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TORTUGA_HOME=str(tmp_path))
    shot = tmp_path / "demo.png"
    res = subprocess.run([sys.executable, "-m", "tortuga_desktop", "--demo", "--game", "1667", "--players", "4",
                          "--seed", "2", "--speed", "instant", "--exit-after-game", "--screenshot", str(shot),
                          "--mute"], capture_output=True, text=True, timeout=120, env=env, check=False)
    assert res.returncode == 0, res.stderr[-2000:]
    assert shot.exists()
