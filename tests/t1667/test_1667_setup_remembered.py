"""The 1667 setup remembers the last game started from it (seats, levels, starred cards, talk; not the seed),
and a damaged file is a logged fault that changes nothing (the defaults show)."""

from __future__ import annotations

from typing import Any

import pytest
from app_helpers import start_app

from tortuga_desktop.games.t1667.table.module import T1667Game
from tortuga_desktop.games.t1667.table.setup import Seat1667, Setup1667, Setup1667Scene
from tortuga_desktop.shell import paths

pytestmark = pytest.mark.usefixtures("app_home")


def _setup_scene(app: Any) -> Setup1667Scene:
    scene = T1667Game().setup_scene(app)
    assert isinstance(scene, Setup1667Scene)
    app.push(scene)
    app.run(max_frames=1)
    return scene


def test_a_new_game_starts_from_the_last_setup() -> None:
    app = start_app()
    try:
        first = _setup_scene(app)
        assert first.config().seats == Setup1667.default().seats
        first.count = 5
        first.form.kinds[1] = "hard"
        first.bot_chat = False
        first.seed_text = "77"
        started = first.start()
        assert started is not None
        app.session.writer().flush()
        again = _setup_scene(app)
        got = again.config()
        assert len(got.seats) == 5 and got.seats == started.seats and got.bot_chat is False
        assert got.seats[1] == Seat1667(started.seats[1].name, "hard")
        assert got.seed is None  # a remembered seed would deal the same game again
    finally:
        app.close()


def test_a_damaged_remembered_setup_shows_the_defaults() -> None:
    from tortuga_desktop.games.t1667.table.setup import LAST_SETUP_NAME

    (paths.config_dir() / LAST_SETUP_NAME).write_text('{"format": "tortuga-1667-setup", "schema": 1, "setup": 3}')
    app = start_app()
    try:
        assert _setup_scene(app).config().seats == Setup1667.default().seats
        assert not (paths.config_dir() / LAST_SETUP_NAME).exists()  # kept aside, not read again
    finally:
        app.close()
