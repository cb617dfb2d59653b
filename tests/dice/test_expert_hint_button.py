"""The Hint button, the Hints setting and games with hints in the statistics (issue 12, item 4),
driven through the real table and settings scenes, headless."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pygame
import pytest
from test_expert_hints import _table, _until

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.hints import hint_busy, hint_marks, note_used, seats_hinted
from tortuga_desktop.games.dice.table.savefile import SaveData, read_save, record_finished
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell import stats
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Key, UIEvent
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SaveError, SeatConfig, write_save
from tortuga_desktop.shell.scenes.settings import SettingsScene
from tortuga_desktop.shell.scenes.stats import stats_rows
from tortuga_desktop.shell.settings import Settings


def _open_panel(app: App, table: TableScene) -> Any:
    _until(app, table, lambda: table.decision_ui is not None and table.decision_ui.rect.w > 0)
    app.step(1 / 60)
    return table.decision_ui


def _hint_button(ui: Any) -> Any:
    return next((b for b in ui.buttons if b.name == "hint"), None)


def _click_hint(app: App, ui: Any) -> None:
    b = _hint_button(ui)
    assert b is not None, [x.name for x in ui.buttons]
    app.post(Click(b.rect.center, 1))
    app.step(1 / 60)


def test_hint_button_thinks_cancels_and_shows_the_suggestion_on_the_table(tmp_path: Any) -> None:
    app, table = _table(3, game_id="g3")
    ui = _open_panel(app, table)
    b = _hint_button(ui)
    assert b is not None and b.label == tr("hint.button")
    _click_hint(app, ui)  # the button is the H key
    assert hint_busy(table) and ui.hint_label == tr("hint.button_thinking")
    app.step(1 / 60)
    assert _hint_button(ui).label == tr("hint.button_thinking")  # the thinking state, on the button
    before = ui.model.candidate()
    _click_hint(app, ui)  # pressed again while thinking: cancelled
    assert not hint_busy(table) and any("cancelled" in n.text for n in app.notices)
    job = table.hint.job
    if job is not None:
        job.done.wait(timeout=30)
    app.step(1 / 60)
    assert ui.model.candidate() == before and not hint_marks(table) and ui.hint_label == ""
    _click_hint(app, ui)
    _until(app, table, lambda: bool(hint_marks(table)))
    assert ui.hint_label == tr("hint.button_shown") and not ui.done
    cand = ui.model.candidate()
    assert cand is not None and cand in table.controller.game.legal_actions(ui.seat)
    assert hint_marks(table) == frozenset(ui.highlighted())  # the panel's pick is what the table rings
    app.step(1 / 60)
    out = os.environ.get("TORTUGA_SHOTS")
    pygame.image.save(app.window, os.path.join(out, "hint_button.png") if out else str(tmp_path / "h.png"))
    assert seats_hinted(table.controller.save_data) == frozenset({0})
    app.post(Key(pygame.K_RETURN, 0, "\r"))  # the decision closes: the hint goes with it
    for _ in range(3):
        app.step(1 / 60)
    assert ui.done and not hint_marks(table)


def test_hints_off_hides_the_button_and_ignores_h() -> None:
    app, table = _table(4, Settings(hints=False), game_id="g4")
    ui = _open_panel(app, table)
    assert _hint_button(ui) is None and ui.on_hint is None
    app.post(Key(pygame.K_h, 0, "h"))
    app.step(1 / 60)
    assert table.hint.job is None and not hint_busy(table)
    assert seats_hinted(table.controller.save_data) == frozenset()
    app.settings.hints = True  # turned on again: the button comes back on the open panel
    app.step(1 / 60)
    assert _hint_button(ui) is not None


def test_settings_screen_has_the_hints_row(app_home: Any) -> None:
    app = App(None, size=(1280, 800), fixed_dt=1 / 60, settings=Settings())
    scene = SettingsScene()
    app.push(scene)
    app.step(1 / 60)
    assert "hints" in scene._w and scene._w["hints"].is_checked
    assert any(key == "settings.hints" for key, _ in scene._labels)
    import pygame_gui

    box = scene._w["hints"]
    app.post(UIEvent(pygame.event.Event(pygame_gui.UI_CHECK_BOX_UNCHECKED, {"ui_element": box})))
    app.step(1 / 60)
    assert app.settings.hints is False
    assert Settings.from_dict(app.settings.to_dict())[0].hints is False
    assert Settings.from_dict({**Settings().to_dict(), "hints": "no"})[1] == ["hints"]


def test_statistics_count_games_played_with_hints(app_home: Any) -> None:
    seats = [SeatConfig("Anna", "human", 0), SeatConfig("Bart", "human", 1), SeatConfig("Cleo", "hard", 2)]
    stats.record_game(seats, [30, 20, 10], [0], game_id="a1", hinted={0})
    stats.record_game(seats, [10, 20, 30], [2], game_id="a2")
    stats.record_game(seats, [10, 20, 30], [2], game_id="a2", hinted={0})  # the same game again: ignored
    s = stats.load_stats()
    anna, bart = s.get("Anna"), s.get("Bart")
    assert anna is not None and bart is not None
    assert (anna.games, anna.hinted, bart.hinted) == (2, 1, 0)
    rows = stats_rows()
    col = rows[0].index(tr("stats.hinted"))
    assert {r[0]: r[col] for r in rows[1:]} == {"Anna": "1", "Bart": "0"}
    # older files without the count still load; an impossible count is refused
    d = anna.to_dict()
    del d["hinted"]
    assert stats.PlayerStats.from_dict(d).hinted == 0
    bad = {**anna.to_dict(), "hinted": 5}
    try:
        stats.PlayerStats.from_dict(bad)
    except ValueError:
        pass
    else:
        raise AssertionError("a hint count above the games was accepted")


def test_a_game_with_hints_counts_after_a_save_and_a_restart(app_home: Any, tmp_path: Any) -> None:
    """The seats that asked for hints go into the save: a game saved, loaded after a restart
    and finished there still counts as played with hints."""
    seats = [SeatConfig("Anna", "human", 0), SeatConfig("Bart", "human", 1)]
    game = Game.new(2, 9, names=[s.name for s in seats])
    data = SaveData(seats, game, game_id="h1")
    note_used(data, 1)
    path = write_save(tmp_path / "g.json", data)
    back = read_save(path)
    assert back.hinted == {1} and seats_hinted(back) == frozenset({1})
    rng = random.Random(3)
    while not back.game.is_over:
        seat = back.game.to_move()[0]
        back.game.apply(seat, back.game.random_action(seat, rng))
    s = record_finished(back)
    anna, bart = s.get("Anna"), s.get("Bart")
    assert anna is not None and bart is not None and (anna.hinted, bart.hinted) == (0, 1)
    # saves from before hints were kept load with none; a wrong list is a clear error
    raw = json.loads(path.read_text(encoding="utf-8"))
    del raw["hinted"]
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert read_save(path).hinted == set()
    for bad in ([2], [0, 0], "0", [True]):
        path.write_text(json.dumps({**raw, "hinted": bad}), encoding="utf-8")
        with pytest.raises(SaveError) as err:
            read_save(path)
        assert err.value.key == "error.save.invalid" and "save.hinted" in err.value.detail
