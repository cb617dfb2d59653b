"""Nothing a player made is lost, and what the game says about it is true (issues 23.4, 24.9)."""

from __future__ import annotations

import errno
import random
from pathlib import Path
from typing import Any

import pytest
from app_helpers import start_app as _app

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.dice.table.controller import finished_source
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.savefile import SaveData, load_autosave, load_save, read_save
from tortuga_desktop.shell import paths, saves
from tortuga_desktop.shell.saves import SeatConfig

pytestmark = pytest.mark.usefixtures("app_home")


def _data(seed: int = 3, kinds: tuple[str, ...] = ("easy", "normal")) -> SaveData:
    names = ("Anna", "Bart", "Clara", "Dirk")
    return SetupConfig(seats=[SeatConfig(names[i], k, i) for i, k in enumerate(kinds)], seed=seed).create_game()


def _steps(data: SaveData, n: int | None = None) -> None:
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
    from tortuga_desktop.games.dice.table.scenes.results import ResultsScene

    app = _app()
    try:
        data = _data(seed=5)
        app.session.play(data)
        _steps(data, 20)
        app.session.autosave(data)
        assert app.session.writer().flush()
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
        app.session.autosave(data)
        assert app.session.writer().flush()
        texts = _texts(app)
        assert any(f"up to decision {safe} of {safe + 5}" in t and "Ctrl+S" in t for t in texts), texts
        _steps(data)  # to the end; the disk stays full
        total = data.game.decisions
        app.session.finish_game(data)
        assert app.session.writer().flush()
        texts = _texts(app)
        assert not any("not lost" in t for t in texts), texts
        assert any("nor kept as the autosave" in t and f"up to decision {safe} of {total}" in t for t in texts), texts
        assert load_autosave().game.decisions == safe  # what the notice says is on disk
        # the way out the notice names: Ctrl+S on the results saves the whole game elsewhere
        app.replace(ResultsScene(finished_source(data.game, data.seats)))
        assert app.session.open_save_dialog()
        dialog = app.top
        assert dialog.save("whole game", str(elsewhere))
        assert app.session.writer().flush()
        app.run(max_frames=1)
        kept = read_save(elsewhere / "whole game.json")
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
        app.session.finish_game(data)
        assert app.session.writer().flush()
        texts = _texts(app)
        assert any("kept as the autosave" in t and f"all {data.game.decisions} decisions" in t for t in texts)
        kept = load_autosave()
        assert kept is not None and kept.game.decisions == data.game.decisions
    finally:
        app.close()


# ---------------------------------------------------------------- 23.4: saving under a name that exists
def _save_dialog(app: Any) -> Any:
    assert app.session.open_save_dialog()
    return app.top


def _finish_job(app: Any) -> None:
    assert app.session.writer().flush()
    app.run(max_frames=1)


def test_saving_over_an_existing_file_asks_first_and_1_slash_2_never_meets_1_underscore_2_silently() -> None:
    import pygame

    from tortuga_desktop.shell.intents import Key

    app = _app()
    try:
        data = _data(seed=11)
        app.session.play(data)
        app.run(max_frames=1)
        dialog = _save_dialog(app)
        assert dialog.save("1/2")
        _finish_job(app)
        path = paths.saves_dir() / "1_2.json"
        assert read_save(path).meta["name"] == "1/2"
        first = path.read_bytes()
        _steps(data, 3)
        dialog = _save_dialog(app)
        assert dialog.save("1_2")  # another name, the same file
        _finish_job(app)
        question = app.top
        assert question.name == "message" and "1/2" in question.text and "1_2.json" in question.text
        assert not any("failed" in t for t in _texts(app))  # a question, not a failure
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
        assert read_save(path).meta["name"] == "1_2"
        assert read_save(path).game.decisions == data.game.decisions
        assert app.top is not dialog
    finally:
        app.close()


def test_the_same_name_twice_asks_too() -> None:
    app = _app()
    try:
        data = _data(seed=12)
        app.session.play(data)
        app.run(max_frames=1)
        assert _save_dialog(app).save("Sunday")
        _finish_job(app)
        _steps(data, 2)
        assert _save_dialog(app).save("Sunday")
        _finish_job(app)
        assert app.top.name == "message" and "Sunday" in app.top.text
    finally:
        app.close()


# ---------------------------------------------------------------- 23.4: Load / New game over a game in progress
def _decide(table: Any, n: int) -> None:
    """``n`` decisions in the running game, each autosaved and recorded as the table does."""
    data = table.controller.save_data
    for _ in range(n):
        _steps(data, 1)
        table.controller.on_decision(None)


def _table_of(app: Any, data: Any) -> Any:
    return next((sc for sc in app.scenes if getattr(getattr(sc, "controller", None), "save_data", None) is data),
                None)


def _record_entries(game_id: str) -> int:
    from tortuga_desktop.games.dice.table import records

    return len(records.read_replay(records.replay_path(game_id)).record.entries)


def _press(app: Any, key: int) -> None:
    from tortuga_desktop.shell.intents import Key

    app.post(Key(key, 0, ""))
    app.run(max_frames=1)


def test_loading_an_earlier_save_over_the_game_asks_and_keeps_the_longer_record() -> None:
    """Saved at decision 27, played on to 54, then Load that save: before, the game's record
    and the autosave went back to 27 entries (the loaded game kept the same game id and its
    record overwrote the longer one), and nothing asked."""
    import pygame

    from tortuga_desktop.shell.scenes.saveload import LoadScene

    app = _app()
    try:
        data = _data(seed=21, kinds=("human", "human"))
        table = app.session.play(data)
        _decide(table, 27)
        saves.save_named("halfway", data)
        _decide(table, 27)
        assert app.session.writer().flush()
        game_id = data.game_id
        assert _record_entries(game_id) == 54
        load = LoadScene()
        app.push(load)
        settle(app, frames=1)  # the list is read on a worker thread
        assert [i.name for i in load.infos] == ["halfway"]
        assert load.open(0)
        settle(app, frames=1)  # and the save loaded there
        question = app.top
        assert question.name == "message" and "in progress" in question.text and "Replays" in question.text
        _press(app, pygame.K_ESCAPE)  # keep the game in progress
        assert app.top is load and app.session.current is data
        settle(app, frames=1)
        assert load.open(0)
        settle(app, frames=1)
        _press(app, pygame.K_RETURN)  # load it
        loaded = app.session.current
        loaded_table = _table_of(app, loaded)
        assert loaded is not data and loaded.game.decisions == 27
        _decide(loaded_table, 1)
        assert app.session.writer().flush()
        assert _record_entries(game_id) == 54  # the abandoned game's replay is whole
        assert loaded.game_id != game_id and loaded.meta["branched_from"] == game_id
        assert _record_entries(loaded.game_id) == 28
        kept = load_autosave()
        assert kept is not None and kept.game_id == loaded.game_id and kept.game.decisions == 28
    finally:
        app.close()


def test_loading_a_save_of_a_game_never_played_further_keeps_its_id() -> None:
    from tortuga_desktop.shell.scenes.saveload import LoadScene

    app = _app()
    try:
        data = _data(seed=22, kinds=("human", "human"))
        table = app.session.play(data)
        _decide(table, 5)
        saves.save_named("same", data)
        assert app.session.writer().flush()
        app.session.current = None  # a new session: nothing in memory
        app.clear_to(type(app.scenes[0])())
        load = LoadScene()
        app.push(load)
        settle(app, frames=1)
        load.open(0)
        settle(app, frames=1)
        if app.top.name == "message":  # the autosave is a game in progress: say yes
            _press(app, __import__("pygame").K_RETURN)
        assert app.session.current.game_id == data.game_id and _table_of(app, app.session.current) is not None
    finally:
        app.close()


def test_new_game_over_a_game_in_progress_asks_first() -> None:
    import pygame

    app = _app()
    try:
        data = _data(seed=23, kinds=("human", "human"))
        table = app.session.play(data)
        _decide(table, 4)
        assert app.session.writer().flush()
        before = saves.autosave_path().read_bytes()
        app.clear_to(type(app.scenes[0])())  # Main menu: the game waits under Continue
        setup = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)])
        app.session.start_game(setup)
        app.run(max_frames=1)
        assert app.top.name == "message" and "Replays" in app.top.text
        _press(app, pygame.K_ESCAPE)
        assert app.top.name == "menu" and app.session.current is data
        assert app.session.writer().flush() and saves.autosave_path().read_bytes() == before
        app.session.start_game(setup)
        app.run(max_frames=1)
        _press(app, pygame.K_RETURN)
        assert app.session.current is not data and _table_of(app, app.session.current) is not None
        assert app.session.writer().flush()
        assert _record_entries(data.game_id) == 4  # the left game's replay stays
    finally:
        app.close()


def test_new_game_after_a_finished_one_does_not_ask() -> None:
    app = _app()
    try:
        data = _data(seed=24, kinds=("human", "human"))
        app.session.play(data)
        _steps(data)
        app.session.finish_game(data)
        assert app.session.writer().flush()
        app.session.start_game(SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)]))
        app.run(max_frames=1)
        assert app.session.current is not data and _table_of(app, app.session.current) is not None
        assert not any(sc.name == "message" for sc in app.scenes)
    finally:
        app.close()


def test_playing_an_earlier_save_never_shrinks_the_kept_record() -> None:
    """The cause of 54 -> 27 on its own (no question involved): a loaded save kept its game
    id, so its record overwrote the record of the same game that went further."""
    app = _app()
    try:
        data = _data(seed=25, kinds=("human", "human"))
        table = app.session.play(data)
        _decide(table, 10)
        path = saves.save_named("early", data)
        _decide(table, 10)
        assert app.session.writer().flush() and _record_entries(data.game_id) == 20
        app.session.current = None  # as after a restart: only the files know the game
        loaded = load_save(path)
        _decide(app.session.play(loaded), 1)
        assert app.session.writer().flush()
        assert _record_entries(data.game_id) == 20
        assert loaded.game_id != data.game_id and _record_entries(loaded.game_id) == 11
    finally:
        app.close()


def test_deleting_a_save_asks_first() -> None:
    import pygame

    from tortuga_desktop.shell.intents import Key
    from tortuga_desktop.shell.scenes.saveload import LoadScene

    app = _app()
    try:
        path = saves.save_named("keep me", _data(seed=31))
        load = LoadScene()
        app.push(load)
        settle(app, frames=1)
        _press(app, pygame.K_DELETE)
        assert app.top.name == "message" and "keep me" in app.top.text and path.exists()
        _press(app, pygame.K_ESCAPE)
        assert app.top is load and path.exists()
        app.post(Key(pygame.K_DELETE, 0, ""))
        app.run(max_frames=1)
        _press(app, pygame.K_RETURN)
        settle(app, frames=1)
        assert app.top is load and not path.exists() and load.infos == []
    finally:
        app.close()
