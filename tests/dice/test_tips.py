"""First-game tips: one tip per kind of decision, the first time it comes up (issue 14)."""

from __future__ import annotations

from typing import Any

import pytest
from app_helpers import start_app

from tortuga_desktop.games.dice.rules import DecisionKind
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.tips import TIP_KEYS, TipOverlay, tip_kind
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.intents import Click
from tortuga_desktop.shell.saves import SeatConfig

pytestmark = pytest.mark.usefixtures("app_home")


def _game(app: Any) -> Any:
    setup = SetupConfig(seats=[SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1, 1),
                               SeatConfig("Cy", "easy", 2, 2)], seed=3)
    table = app.session.play(setup.create_game())
    for _ in range(300):
        app.run(max_frames=1)
        if table.decision_ui is not None:
            break
    return table


def _tips(table: Any) -> TipOverlay | None:
    return next((o for o in table.overlays if isinstance(o, TipOverlay)), None)


def test_tip_shows_once_beside_the_decision_and_is_remembered() -> None:
    app = start_app("--speed", "instant")
    try:
        table = _game(app)
        assert table.decision_ui is not None and table.decision_ui.kind == DecisionKind.SELECT_DICE
        tips = _tips(table)
        assert tips is not None and tips.current == "select_dice"
        assert "select_dice" in app.settings.tips_seen
        app.run(max_frames=1)
        assert tips.text() == i18n.tr("tips.select_dice")
        window = app.window.get_rect()
        assert tips.rect.h > 0 and window.contains(tips.rect)
        assert tips.rect.bottom <= table.renderer.prompt_rect.top  # beside (above) the panel, not over it
        app.post(Click(tips.close_rect.center, 1))  # dismissed
        app.run(max_frames=1)
        assert tips.current is None and table.decision_ui is not None and table.decision_ui.model.dice == []
        table.controller.close()
        app.pop()
        table = _game(app)  # the next game: this tip is not shown again
        tips = _tips(table)
        assert tips is not None and tips.current is None
    finally:
        app.close()


def test_no_tips_when_turned_off_in_the_settings() -> None:
    app = start_app("--speed", "instant")
    try:
        app.settings.tips = False
        table = _game(app)
        assert table.decision_ui is not None and _tips(table) is None
        assert app.settings.tips_seen == ()
    finally:
        app.close()


def test_settings_screen_has_the_tips_toggle() -> None:
    from tortuga_desktop.shell.scenes.settings import SettingsScene

    app = start_app()
    try:
        scene = SettingsScene()
        app.push(scene)
        assert "tips" in scene._w and any(key == "tutorial.settings.tips" for key, _r in scene._labels)
        scene.set("tips", False)
        assert app.settings.tips is False
    finally:
        app.close()


def test_every_kind_of_decision_has_a_tip_in_every_language() -> None:
    from tortuga_desktop.games.dice.rules import Act, Target

    names = {tip_kind(k, [Act()]) for k in DecisionKind} | {tip_kind(DecisionKind.POSITION, [Target(1)])}
    assert names == set(TIP_KEYS)
    for code in i18n.LANGUAGES:
        for key in TIP_KEYS.values():
            assert not i18n.translate(code, key).startswith("tips."), (code, key)


def test_settings_keep_tips_and_tutorial_progress() -> None:
    from tortuga_desktop.shell.settings import Settings

    s = Settings(tutorial_offered=True, tutorial_step=7, tips=False, tips_seen=("keep_tile",))
    back, problems = Settings.from_dict(s.to_dict())
    assert not problems and back == s
    bad, problems = Settings.from_dict({**s.to_dict(), "tutorial_step": -3, "tips_seen": [1]})
    assert set(problems) == {"tutorial_step", "tips_seen"} and bad.tutorial_step == 0 and bad.tips_seen == ()
