"""``tortuga --demo --game 1667 --players N [--seed S] --speed instant --exit-after-game --screenshot PATH``:
a Tortuga 1667 game of computer players watched headless, to its end (T7.9), as the dice game's demo."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tortuga_desktop.games.t1667.table.scene import Table1667Scene
from tortuga_desktop.shell.main import parse_args
from tortuga_desktop.shell.start import make_app


@pytest.fixture(autouse=True)
def _home(app_home: None) -> Iterator[None]:
    """Every test here runs in a private home, in English (Tortuga 1667 is a built-in game)."""
    yield


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
    (["--demo", "--players", "9"], "played by 2-4 players"),
    (["--demo", "--game", "1667", "--level", "expert"], "t1667's computer players are random, easy, normal, hard"),
    (["--demo", "--game", "chess"], "unknown game"),
    (["--demo", "--game", "1667", "--players", "10"], "played by 2-9 players"),
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
    code = "from tortuga_desktop.shell.main import main; import sys; sys.exit(main(sys.argv[1:]))"
    res = subprocess.run([sys.executable, "-c", code, "--demo", "--game", "1667", "--players", "4",
                          "--seed", "2", "--speed", "instant", "--exit-after-game", "--screenshot", str(shot),
                          "--mute"], capture_output=True, text=True, timeout=120, env=env, check=False)
    assert res.returncode == 0, res.stderr[-2000:]
    assert shot.exists()


def test_1667_is_the_shells_second_game() -> None:
    """The shell offers Tortuga 1667 after the dice game (the default); ``--game 1667`` finds it."""
    from tortuga_desktop.shell import game as games

    assert games.names()[0] == "tortuga" and "t1667" in games.names()
    m = games.find("1667")
    assert m.key == "t1667" and (m.min_players, m.max_players) == (2, 9)
    assert isinstance(m, games.GameModule)


def test_the_1667_badge_draws_inside_its_rect() -> None:
    import pygame

    from tortuga_desktop.shell import game as games

    surf = pygame.Surface((200, 200))
    surf.fill((1, 2, 3))
    games.module("t1667").draw_badge(surf, pygame.Rect(50, 60, 64, 64))
    outside = [surf.get_at((x, y))[:3] for x in range(0, 200, 3) for y in range(0, 200, 3)
               if not pygame.Rect(50, 60, 64, 64).collidepoint(x, y)]
    assert set(outside) == {(1, 2, 3)}
    inside = {surf.get_at((x, y))[:3] for x in range(50, 114, 2) for y in range(60, 124, 2)}
    assert len(inside) > 5  # a picture, not a blank


def test_the_1667_demo_through_its_game_module() -> None:
    from tortuga_desktop.shell import game as games

    opts = parse_args(["--demo", "--game", "1667", "--players", "3", "--speed", "instant", "--mute",
                       "--size", "1280x720"])
    app = make_app(opts)
    try:
        assert isinstance(app.top, Table1667Scene)
        assert app.top.table.players == 3
        games.module("t1667").demo(app, games.DemoOptions(5, 2, ("easy",)))
        assert isinstance(app.top, Table1667Scene) and app.top.table.players == 5
        assert set(app.top.table.kinds) == {"easy"}
    finally:
        app.close()
