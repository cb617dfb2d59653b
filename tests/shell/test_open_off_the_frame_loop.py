"""``tortuga PATH`` and ``tortuga --replay FILE`` read, check and replay their file on a worker thread
under a notice: the window keeps drawing frames while a long file is read (the frame times themselves
are measured by ``scripts/measure_load.py``)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from app_helpers import start_app

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.shell import replayfiles, start
from tortuga_desktop.shell.saves import SeatConfig, write_save
from tortuga_desktop.shell.saves import games as save_games
from tortuga_desktop.shell.scenes import replays
from tortuga_desktop.shell.scenes.opening import OpeningScene


class Held:
    """Wraps a reading function: it waits (on whatever thread runs it) until :meth:`release`, and says
    whether it ran on the main thread."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.gate = threading.Event()
        self.threads: list[bool] = []

    def __call__(self, *args: Any) -> Any:
        self.threads.append(threading.current_thread() is threading.main_thread())
        assert self.gate.wait(10), "never released"
        return self.real(*args)

    def release(self) -> None:
        self.gate.set()


def _frames_while_held(app: Any, held: Held) -> int:
    """Frames drawn while the file is still being read."""
    before = app.frames_drawn
    for _ in range(40):
        app.request_redraw()
        app.run(max_frames=1)
    assert held.threads == [False], "the file was read on the frame loop"
    assert isinstance(app.top, OpeningScene) and app.top.busy
    drawn = app.frames_drawn - before
    held.release()
    settle(app)
    return drawn


def test_tortuga_path_reads_on_a_worker_while_the_window_draws(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)], seed=3).create_game()
    path = write_save(tmp_path / "game.json", data)
    held = Held(save_games.load_game)
    monkeypatch.setattr(start, "load_game", held)
    app = start_app()
    try:
        start.open_save(app, path)
        assert _frames_while_held(app, held) >= 40
        assert app.top.name == "table"
    finally:
        held.release()
        app.close()


def test_tortuga_replay_reads_on_a_worker_while_the_window_draws(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.records import ReplayFile

    g = Game.new(2, seed=4)
    import random

    rng = random.Random(4)
    while not g.is_over:
        seat = g.to_move()[0]
        g.apply(seat, g.random_action(seat, rng))
    path = tmp_path / "record.json"
    record = g.record()
    path.write_text(json.dumps(ReplayFile("cli", record, ("human", "easy"), [None] * len(record.entries)).to_dict()))
    held = Held(replayfiles.read_kept)
    monkeypatch.setattr(replays.replayfiles, "read_kept", held)
    app = start_app()
    try:
        replays.open_replay_file(app, path)
        assert _frames_while_held(app, held) >= 40
        assert app.top.name == "replay"
    finally:
        held.release()
        app.close()


def test_a_refused_file_still_says_why_after_the_worker(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    app = start_app(str(path))
    try:
        assert app.top.name == "message" and "broken.json" in app.top.text
        assert path.read_text() == "{not json"
    finally:
        app.close()
