"""The UI scale setting (issue 18, item 4): 80-150 %, on the Settings screen, saved, applied at
once to the overlay screens, the pygame_gui widgets, the table's text and the decision panel."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from app_helpers import start_app

from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.shell import layout
from tortuga_desktop.shell.settings import Settings, load_settings

pytestmark = pytest.mark.usefixtures("app_home")


def test_the_setting_is_validated() -> None:
    ok, problems = Settings.from_dict({"format": "tortuga-settings", "ui_scale": 125})
    assert ok.ui_scale == 125 and not problems
    for bad in (79, 151, True, "100", 1.25):
        s, problems = Settings.from_dict({"format": "tortuga-settings", "ui_scale": bad})
        assert s.ui_scale == 100 and problems == ["ui_scale"]


def test_text_grows_with_the_scale_but_stays_in_its_boxes() -> None:
    try:
        for pct in (80, 100, 150):
            layout.set_ui_scale(pct)
            small = layout.TableLayout((1280, 720), 4, True)
            big = layout.TableLayout((2560, 1440), 4, True)
            assert small.fpx(13) >= round(13 * layout.READABLE_S) - 1 or pct < 100  # readable at 1280x720
            assert big.fpx(13) > small.fpx(13)
            assert big.t <= big.s * 1.25 + 1e-9 and small.t <= max(small.s * 1.25, layout.READABLE_S) + 1e-9
        layout.set_ui_scale(100)
        at_100 = layout.TableLayout((2560, 1440), 4, True).fpx(13)
        layout.set_ui_scale(150)
        assert layout.TableLayout((2560, 1440), 4, True).fpx(13) > at_100
        assert layout.set_ui_scale(500) == 1.5 and layout.set_ui_scale(10) == 0.8  # clamped
    finally:
        layout.set_ui_scale(100)


def test_settings_screen_applies_the_scale_at_once_and_saves_it() -> None:
    app = start_app()
    try:
        app.session.play(SetupConfig.default().create_game())
        table = app.top
        app.run(max_frames=2)
        prompt_before = table.renderer.prompt_rect.h
        text_before = table.renderer.layout.t
        from tortuga_desktop.shell.scenes.settings import SettingsScene

        app.push(SettingsScene())
        scene = app.top
        app.run(max_frames=1)
        dd = scene._w["ui_scale"]
        assert [o[1] for o in dd.options_list] == ["80", "90", "100", "110", "125", "150"]
        box_before = scene._box.h
        scene.set("ui_scale", 150)
        assert layout.ui_scale() == 1.5
        assert scene._box.h > box_before  # the screen itself grew (within the window)
        assert scene._box.bottom <= app.size[1]
        app.pop()
        app.run(max_frames=2)
        assert table.renderer.layout.t > text_before
        assert table.renderer.prompt_rect.h >= prompt_before
        assert app.session.writer().flush()
        assert load_settings().ui_scale == 150
    finally:
        app.close()
        layout.set_ui_scale(100)
