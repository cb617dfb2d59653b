"""Statistics, Load game, Replays and Continue read their files on worker threads, page long
lists and render each line once (issue 24, items 3, 7 and 10)."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_helpers import start_app

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table import records
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.records import RecordKeeper
from tortuga_desktop.games.dice.table.savefile import SaveData
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell import paths, saves
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.saves import games as save_games
from tortuga_desktop.shell.scenes import replays as replays_scene
from tortuga_desktop.shell.scenes.saveload import LoadScene
from tortuga_desktop.shell.scenes.stats import StatsScene


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("TORTUGA_HOME", str(home))
    return home


def _data(seed: int = 4, finished: bool = True) -> SaveData:
    setup = SetupConfig(seats=[saves.SeatConfig("Anna", "human", 0), saves.SeatConfig("Bart", "easy", 1)],
                              seed=seed)
    data = setup.create_game()
    rng = random.Random(seed)
    g = data.game
    while not g.is_over and (finished or g.decisions < 12):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    return data


class Spy:
    """Wraps a function and remembers on which threads it ran."""

    def __init__(self, fn: Any) -> None:
        self.fn = fn
        self.threads: list[threading.Thread] = []

    def __call__(self, *a: Any, **k: Any) -> Any:
        self.threads.append(threading.current_thread())
        return self.fn(*a, **k)

    @property
    def on_frame_loop(self) -> bool:
        return threading.main_thread() in self.threads


def _press(app: Any, key: int) -> None:
    app.post(Key(key))
    app.run(max_frames=1)


def test_load_game_lists_and_loads_off_the_frame_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24.3 / 24.10: Load game read (and replayed) every save on the frame loop."""
    data = _data(finished=False)
    for i in range(3):
        data.game_id = f"g{i}"
        saves.save_named(f"game {i}", data)
    read = Spy(saves.savefile.read_document)  # every saved file of any game is read through it
    for module in (saves.savefile, save_games):
        monkeypatch.setattr(module, "read_document", read)
    dice = games.module("tortuga")  # a save is checked (replayed) by its game's module
    load = Spy(dice.read_saved)
    monkeypatch.setattr(dice, "read_saved", load)
    app = start_app()
    try:
        app.top.load_game()
        app.run(max_frames=1)
        scene = app.top
        assert isinstance(scene, LoadScene)
        settle(app)
        assert len(scene.infos) == 3 and read.threads and not read.on_frame_loop
        _press(app, pygame.K_RETURN)
        settle(app)
        assert app.top.name == "table" and load.threads and not load.on_frame_loop
    finally:
        app.close()


def test_statistics_list_and_open_finished_games_off_the_frame_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24.3: every archived game was replayed on the frame loop when Statistics opened."""
    for seed in (4, 5):
        data = _data(seed)
        saves.archive_finished(data)
    from tortuga_desktop.shell import listing

    for p in paths.archive_dir().glob(".index.json"):
        p.unlink()  # no index: every file is read (off the frame loop)
    read = Spy(saves.savefile.read_document)  # every saved file of any game is read through it
    for module in (saves.savefile, save_games):
        monkeypatch.setattr(module, "read_document", read)
    app = start_app()
    try:
        app.top.statistics()
        app.run(max_frames=1)
        scene = app.top
        assert isinstance(scene, StatsScene)
        settle(app)
        assert len(scene.finished) == 2 and not read.on_frame_loop and len(read.threads) == 2
        assert (paths.archive_dir() / listing.INDEX_NAME).is_file()
        scene.tab = "finished"
        assert scene.open_finished(0)
        settle(app)
        assert app.top.name == "results" and not read.on_frame_loop
        app.pop()
        settle(app)  # back on Statistics: listed again from the index, nothing replayed
        assert app.top is scene and len(read.threads) == 3
    finally:
        app.close()


def test_continue_loads_the_autosave_off_the_frame_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24.10: Continue replayed the whole autosave on the frame loop."""
    data = _data(finished=False)
    saves.autosave(data)
    dice = games.module("tortuga")  # the autosave is checked (replayed) by its game's module
    load = Spy(dice.read_saved)
    monkeypatch.setattr(dice, "read_saved", load)
    app = start_app()
    try:
        app.top.continue_game()
        settle(app)
        assert app.top.name == "table" and load.threads and not load.on_frame_loop
        before = data.game.record().entries
        assert app.top.controller.game.record().entries[:len(before)] == before  # (the bot may have played on)
    finally:
        app.close()


def test_long_lists_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """Page Down/Up, Home and End move through a long list a page at a time."""
    data = _data(finished=False)
    for i in range(30):
        data.game_id = f"g{i}"
        saves.save_named(f"game {i:02d}", data)
    app = start_app()
    try:
        app.top.load_game()
        settle(app)
        scene = app.top
        assert len(scene.infos) == 30 and 1 < scene._visible < 30
        page = scene._visible
        _press(app, pygame.K_PAGEDOWN)
        assert scene.focus == page and scene.scroll <= page < scene.scroll + page
        _press(app, pygame.K_END)
        assert scene.focus == 29 and scene.scroll == 30 - page
        _press(app, pygame.K_PAGEUP)
        assert scene.focus == 29 - page
        _press(app, pygame.K_HOME)
        assert scene.focus == 0 and scene.scroll == 0
    finally:
        app.close()


def _record(game_id: str, seed: int) -> records.ReplayFile:
    g = Game.new(2, seed)
    keeper = RecordKeeper(game_id, g, ["human", "easy"], clock=lambda: 1000.0)
    g.playout(random.Random(seed))
    rf = keeper.snapshot({})
    assert rf is not None
    return rf


def test_the_replays_list_renders_each_line_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24.7: the Replays tab rendered every line's text again on every frame."""
    for i in range(3):
        records.write_replay(_record(f"r{i}", i + 1))
    made: list[str] = []
    real_tr = replays_scene.tr
    monkeypatch.setattr(replays_scene, "tr", lambda key, **p: made.append(key) or real_tr(key, **p))
    app = start_app()
    try:
        app.top.statistics()
        settle(app)
        scene = app.top
        scene.tab = "replays"
        app.request_redraw()
        app.run(max_frames=1)
        settle(app)  # the Replays tab reads its list when it is first shown, on a worker
        app.request_redraw()
        app.run(max_frames=1)
        lines = made.count("replay.list.line")
        assert lines == 3
        for _ in range(5):
            app.request_redraw()
            app.run(max_frames=1)
        assert made.count("replay.list.line") == lines  # drawn again, not rendered again
    finally:
        app.close()


def test_replays_open_off_the_frame_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24.10: building a replay (the whole game played again) stalled the frame loop."""
    records.write_replay(_record("r0", 3))
    from tortuga_desktop.games.dice.table.scenes import replay as replay_mod

    built = Spy(replay_mod.ReplayTimeline)
    monkeypatch.setattr(replay_mod, "ReplayTimeline", built)
    app = start_app()
    try:
        app.top.statistics()
        settle(app)
        scene = app.top
        scene.tab = "replays"
        app.run(max_frames=1)
        settle(app)  # the Replays tab reads its list when it is first shown, on a worker
        _press(app, pygame.K_RETURN)
        settle(app)
        assert app.top.name == "replay" and built.threads and not built.on_frame_loop
    finally:
        app.close()


def test_a_damaged_index_never_stops_the_list(tmp_path: Path) -> None:
    data = _data(finished=False)
    path = saves.save_named("one", data)
    (path.parent / ".index.json").write_text(json.dumps({"format": "tortuga-index", "version": 2, "kind": "saves"})
                                             + '\n[1, 2, 3, 4]\n"x"\n{not json\n')
    app = start_app()
    try:
        app.top.load_game()
        settle(app)
        assert [i.ok for i in app.top.infos] == [True]
    finally:
        app.close()


def test_list_screens_cost_their_first_frame_nothing_before_they_open() -> None:
    """Issue 24.3: the first frame of Statistics spent ~10 ms of its own CPU importing its modules.
    The title screen imports the list screens; and the app keeps letting a waiting thread take the
    interpreter lock after 1 ms, so the frame thread never waits long for the worker reading the
    lists (both checked as facts, not timed)."""
    import subprocess
    import sys

    code = ("import os, sys; os.environ['SDL_VIDEODRIVER'] = 'dummy'; os.environ['SDL_AUDIODRIVER'] = 'dummy';"
            "from app_helpers import start_app; app = start_app(); app.run(max_frames=1);"
            "mods = [m for m in ('stats', 'saveload', 'replays') "
            "if 'tortuga_desktop.shell.scenes.' + m not in sys.modules];"
            "print(sys.getswitchinterval(), mods)")
    here = str(Path(__file__).resolve().parents[1])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=here,
                         env={**__import__("os").environ, "PYTHONPATH": here})
    assert out.returncode == 0, out.stderr[-2000:]
    interval, missing = out.stdout.strip().splitlines()[-1].split(" ", 1)
    assert float(interval) <= 0.001
    assert missing == "[]"


def test_a_list_screen_draws_its_first_frame_before_reading() -> None:
    """Issue 24.3: Statistics and Load game start reading their lists only after their first frame
    is drawn, so that frame never shares the interpreter with the worker reading the files."""
    from tortuga_desktop.shell.scenes.listview import Worker

    started: list[str] = []
    w = Worker()
    w.start("reading", lambda _p: started.append("x"), after_frame=True)
    assert w.busy and w.task is None
    assert w.poll() is None and w.task is None  # the opening frame's update: nothing runs yet
    w.poll()  # the next frame's update starts it
    assert w.task is not None
    task = w.task
    deadline = time.monotonic() + 120
    while not task.done and time.monotonic() < deadline:  # a loaded machine may take its time
        threading.Event().wait(0.01)
    assert w.poll() is task and started == ["x"] and not w.busy


def test_opening_statistics_starts_no_worker_in_its_first_frame() -> None:
    app = start_app()
    from tortuga_desktop.shell.scenes.menu import MenuScene

    app.clear_to(MenuScene())
    app.run(max_frames=2)
    scene = StatsScene()
    app.push(scene)
    assert scene._reader.task is None
    app.run(max_frames=1)
    assert scene._reader.task is None  # drawn without reading
    settle(app)
    assert not scene.loading
    load = LoadScene()
    app.push(load)
    app.run(max_frames=1)
    assert load._lister.task is None
    settle(app)
    assert not load.loading


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="per-thread nice values are Linux's")
def test_file_workers_yield_the_processor_to_the_frame_thread() -> None:
    """Issue 24.3: on a busy machine the frame waited behind the worker reading the lists; the
    workers run at a lower priority than the frame thread."""
    import os

    from tortuga_desktop.shell import listing

    own = os.getpriority(os.PRIO_PROCESS, 0)
    task = listing.start_scan("nice", lambda _p: os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
    deadline = time.monotonic() + 120
    while not task.done and time.monotonic() < deadline:  # a loaded machine may take its time
        threading.Event().wait(0.01)
    assert task.error is None and task.result >= min(19, own + listing.WORKER_NICENESS)
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == own  # the frame thread is untouched
