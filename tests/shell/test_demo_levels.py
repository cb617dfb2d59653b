"""The demo seats Expert and mixed levels (issue 29): ``tortuga --demo --level expert`` and
``--level hard,expert``."""

from __future__ import annotations

import time

import pytest
from app_helpers import start_app

from tortuga_desktop.shell.main import build_parser


def test_level_takes_one_level_or_one_per_seat() -> None:
    p = build_parser()
    assert p.parse_args(["--level", "expert"]).level == ("expert",)
    assert p.parse_args(["--level", "hard,Expert"]).level == ("hard", "expert")
    assert p.parse_args([]).level is None


@pytest.mark.parametrize("bad", ["master", "hard,,expert", "hard,master", ""])
def test_an_unknown_level_is_a_clear_error(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--level", bad])
    assert "expected one of random, easy, normal, hard, expert" in capsys.readouterr().err


@pytest.mark.usefixtures("app_home")
@pytest.mark.parametrize(("arg", "kinds"), [("expert", ["expert"] * 4),
                                            ("hard,expert", ["hard", "expert", "hard", "expert"])])
def test_the_demo_seats_expert(arg: str, kinds: list[str]) -> None:
    app = start_app("--demo", "--players", "4", "--seed", "2", "--speed", "fast", "--level", arg)
    controller = app.top.controller
    assert [s.kind for s in controller.seats] == kinds
    end = time.monotonic() + 60
    while controller.game.decisions < 2 and time.monotonic() < end:  # Expert's first decisions arrive
        app.step(1 / 60)
        time.sleep(0.005)
    assert controller.game.decisions >= 2 and not controller.notices
    controller.close()
