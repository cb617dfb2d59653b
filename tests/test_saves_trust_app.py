"""Nothing a player made is lost, and what the game says about it is true (issues 23.4, 24.9)."""

from __future__ import annotations

import errno
import random
from pathlib import Path
from typing import Any

import pytest
from app_helpers import start_app as _app

from tortuga_desktop.app import paths, saves
from tortuga_desktop.app.saves import SeatConfig, SetupConfig

pytestmark = pytest.mark.usefixtures("app_home")


def _data(seed: int = 3, kinds: tuple[str, ...] = ("easy", "normal")) -> saves.SaveData:
    names = ("Anna", "Bart", "Clara", "Dirk")
    return SetupConfig(seats=[SeatConfig(names[i], k, i) for i, k in enumerate(kinds)], seed=seed).create_game()


def _steps(data: saves.SaveData, n: int | None = None) -> None:
    rng = random.Random(data.game.decisions)
    g = data.game
    done = 0
    while not g.is_over and (n is None or done < n):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
        done += 1


def _texts(app: Any) -> list[str]:
    app.run(max_frames=1)
    return [n.text for n in app.notices]


# ---------------------------------------------------------------- 24.9: a full disk
def test_a_full_disk_says_which_decision_is_safe_and_how_to_save_elsewhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tortuga_desktop.app.scenes.results import ResultsScene

    app = _app()
    try:
        data = _data(seed=5)
        app.play(data)
        _steps(data, 20)
        app.autosave(data)
        assert app.writer().flush()
        safe = data.game.decisions
        elsewhere = tmp_path / "usb-stick"
        real = paths.atomic_write_text

        def full_disk(path: Path, text: str, **kw: Any) -> None:
            if elsewhere in Path(path).parents:
                real(path, text, **kw)
                return
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(paths, "atomic_write_text", full_disk)
        _steps(data, 5)
        app.autosave(data)
        assert app.writer().flush()
        texts = _texts(app)
        assert any(f"up to decision {safe} of {safe + 5}" in t and "Ctrl+S" in t for t in texts), texts
        _steps(data)  # to the end; the disk stays full
        total = data.game.decisions
        app.finish_game(data)
        assert app.writer().flush()
        texts = _texts(app)
        assert not any("not lost" in t for t in texts), texts
        assert any("nor kept as the autosave" in t and f"up to decision {safe} of {total}" in t for t in texts), texts
        assert saves.load_autosave().game.decisions == safe  # what the notice says is on disk
        # the way out the notice names: Ctrl+S on the results saves the whole game elsewhere
        app.replace(ResultsScene(data.game, data.seats))
        assert app.open_save_dialog()
        dialog = app.top
        assert dialog.save("whole game", str(elsewhere))
        assert app.writer().flush()
        app.run(max_frames=1)
        kept = saves.read_save(elsewhere / "whole game.json")
        assert kept.game.is_over and kept.game.decisions == total
    finally:
        app.close()


def test_when_the_archive_fails_but_the_autosave_works_the_notice_says_continue(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app()
    try:
        data = _data(seed=6)
        _steps(data)
        monkeypatch.setattr(saves, "archive_finished",
                            lambda _d: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left on device")))
        app.finish_game(data)
        assert app.writer().flush()
        texts = _texts(app)
        assert any("kept as the autosave" in t and f"all {data.game.decisions} decisions" in t for t in texts)
        kept = saves.load_autosave()
        assert kept is not None and kept.game.decisions == data.game.decisions
    finally:
        app.close()


# ---------------------------------------------------------------- 23.4: saving under a name that exists
def _save_dialog(app: Any) -> Any:
    assert app.open_save_dialog()
    return app.top


def _finish_job(app: Any) -> None:
    assert app.writer().flush()
    app.run(max_frames=1)


def test_saving_over_an_existing_file_asks_first_and_1_slash_2_never_meets_1_underscore_2_silently() -> None:
    import pygame

    from tortuga_desktop.app.intents import Key

    app = _app()
    try:
        data = _data(seed=11)
        app.play(data)
        app.run(max_frames=1)
        dialog = _save_dialog(app)
        assert dialog.save("1/2")
        _finish_job(app)
        path = paths.saves_dir() / "1_2.json"
        assert saves.read_save(path).meta["name"] == "1/2"
        first = path.read_bytes()
        _steps(data, 3)
        dialog = _save_dialog(app)
        assert dialog.save("1_2")  # another name, the same file
        _finish_job(app)
        question = app.top
        assert question.name == "message" and "1/2" in question.text and "1_2.json" in question.text
        assert path.read_bytes() == first  # nothing replaced while asking
        app.post(Key(pygame.K_ESCAPE, 0, ""))  # keep it (keyboard)
        app.run(max_frames=1)
        assert app.top is dialog and dialog.error and path.read_bytes() == first
        assert dialog.save("1_2")
        _finish_job(app)
        assert app.top.name == "message"
        app.post(Key(pygame.K_RETURN, 0, ""))  # Replace (keyboard: the first button has the focus)
        app.run(max_frames=1)
        _finish_job(app)
        assert saves.read_save(path).meta["name"] == "1_2"
        assert saves.read_save(path).game.decisions == data.game.decisions
        assert app.top is not dialog
    finally:
        app.close()


def test_the_same_name_twice_asks_too() -> None:
    app = _app()
    try:
        data = _data(seed=12)
        app.play(data)
        app.run(max_frames=1)
        assert _save_dialog(app).save("Sunday")
        _finish_job(app)
        _steps(data, 2)
        assert _save_dialog(app).save("Sunday")
        _finish_job(app)
        assert app.top.name == "message" and "Sunday" in app.top.text
    finally:
        app.close()
