"""The 1667 table's log words each event once (issue 28: frames): a new event must not word and wrap
the whole log again (a long game's log holds hundreds of events, and re-wrapping them all took
milliseconds of a frame). The rows are the same as a log worded from scratch, and are worded again
when what they depend on changes (the window's size, the language, the viewer)."""

from __future__ import annotations

from typing import Any

import pytest
from table1667_local import local_table

from tortuga_desktop.games.t1667.table import scene as scene_mod
from tortuga_desktop.games.t1667.table.scene import Table1667Scene
from tortuga_desktop.shell.i18n import set_language
from tortuga_desktop.shell.loop import App


@pytest.fixture(autouse=True)
def _home(app_home: None) -> None:
    """Every test here runs in a private home, in English."""


def _fresh(scene: Table1667Scene) -> list[str]:
    """The log rows worded from scratch."""
    scene._wrapped_key = None
    scene._log_rows_key = None
    return list(scene.log_rows())


def _game(size: tuple[int, int] = (1280, 720)) -> tuple[App, Table1667Scene]:
    _g, table = local_table(5, 31, ())
    app = App(None, size=size, fixed_dt=1 / 60)
    scene = Table1667Scene(table, speed="instant")
    app.push(scene)
    return app, scene


def test_a_new_event_words_only_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = _game()
    try:
        while len(scene.log_events) < 60:
            app.step(1 / 60)
        rows = list(scene.log_rows())
        assert rows == _fresh(scene)
        worded: list[Any] = []
        real = scene_mod.event_text

        def counting(e: Any, *a: Any, **k: Any) -> str | None:
            worded.append(e)
            return real(e, *a, **k)

        monkeypatch.setattr(scene_mod, "event_text", counting)
        # at normal speed the next move comes with its beat: one step never runs through to the game's
        # end (which shows the public table again and words its whole log anew)
        scene.set_speed("normal")
        shown = scene.log_shown
        while scene.log_shown == shown:
            app.step(1 / 60)
        scene.log_rows()
        # only the new events were worded (re-wording the log would word all log_shown of them; how
        # many arrive in one frame depends on how fast the computer players answered)
        assert not scene.finished
        assert 0 < len(worded) == scene.log_shown - shown < shown
        assert scene.log_rows() == _fresh(scene)
    finally:
        app.close()


def test_the_rows_follow_the_size_and_the_language() -> None:
    app, scene = _game()
    try:
        while len(scene.log_events) < 40:
            app.step(1 / 60)
        english = list(scene.log_rows())
        app.resize((1920, 1080))
        app.step(1 / 60)
        assert scene.log_rows() == _fresh(scene)
        wide = list(scene.log_rows())
        set_language("de")
        scene.retranslate()
        german = list(scene.log_rows())
        assert german == _fresh(scene) and german != wide and english != wide
    finally:
        set_language("en")
        app.close()
