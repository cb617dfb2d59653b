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

#: each test's own data folder: an autosave another test left in a shared one would make opening a
#: file ask first ("leave the game in progress?") and the table would not be on top
pytestmark = pytest.mark.usefixtures("app_home")


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


@pytest.mark.parametrize("game", ["tortuga", "t1667"])
def test_the_tables_screens_are_imported_on_the_reading_worker(game: str, tmp_path: Path) -> None:
    """Opening a saved game imports nothing on the frame loop: ``load_game`` (always called on a worker)
    has the game's module import its table, results and replay screens (``prepare_open``); a first
    import of the dice table's screens took a tenth of a second in the frame that opened it."""
    import subprocess
    import sys

    if game == "tortuga":
        data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)],
                           seed=3).create_game()
        path = write_save(tmp_path / "game.json", data)
        screens = ["tortuga_desktop.games.dice.table.scenes.table", "tortuga_desktop.games.dice.table.scenes.results",
                   "tortuga_desktop.games.dice.table.scenes.replay"]
    else:
        from tortuga_desktop.games.t1667.rules import Game as Game1667
        from tortuga_desktop.games.t1667.table.saves import Save1667, Seat1667
        from tortuga_desktop.games.t1667.table.saves import write_save as write_1667

        names = ("Anne", "Bram", "Cato", "Dirk")
        g = Game1667.new(4, 5, names=names)
        seats = tuple(Seat1667(n, "human" if i == 0 else "easy", i) for i, n in enumerate(names))
        path = write_1667(tmp_path / "game1667.json", Save1667(seats=seats, record=g.record().to_dict(), game_id="prep"))
        screens = ["tortuga_desktop.games.t1667.table.scene", "tortuga_desktop.games.t1667.table.end",
                   "tortuga_desktop.games.t1667.table.replay"]
    probe = ("import sys\n"
             "from tortuga_desktop.shell.saves.games import load_game\n"
             f"before = [m for m in {screens!r} if m in sys.modules]\n"
             f"load_game({str(path)!r})\n"
             f"after = [m for m in {screens!r} if m in sys.modules]\n"
             "print(before, after)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "TORTUGA_HOME": str(tmp_path / "home")})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == f"[] {screens!r}"


def test_continue_reads_after_the_frame_with_its_notice(tmp_path: Path) -> None:
    """Continue starts reading only once the frame saying "Opening…" is drawn (the reading's first,
    longest stretch then falls in the frame's idle time, not in its drawing)."""
    from tortuga_desktop.shell import saves

    data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)], seed=3).create_game()
    write_save(saves.autosave_path(), data)
    app = start_app()
    try:
        menu = app.top
        read: list[int] = []
        real = save_games.load_game

        def spy(path: Any) -> Any:
            read.append(app.frames_drawn)
            return real(path)

        import tortuga_desktop.shell.scenes.menu as menu_mod

        menu_mod.load_game = spy  # type: ignore[attr-defined]
        try:
            drawn = app.frames_drawn
            menu.continue_game()
            assert menu.busy
            import time

            time.sleep(0.3)  # a reader started now would have begun by then
            assert not read, "the autosave was read before a frame with the notice was drawn"
            settle(app)
        finally:
            menu_mod.load_game = real  # type: ignore[attr-defined]
        assert read and read[0] > drawn, "the autosave was read before a frame with the notice was drawn"
        assert app.top.name == "table"
    finally:
        app.close()


def test_a_finished_autosave_is_copied_for_the_archive_on_the_writer(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Storing a finished game replays its copy on the background writer, not on the frame loop
    (a 5 MB game's copy took 113 ms there)."""
    import random

    from tortuga_desktop.games.dice.table import savefile
    from tortuga_desktop.games.dice.table.life import dice_session

    data = SetupConfig(seats=[SeatConfig("Anna", "easy", 0), SeatConfig("Bart", "easy", 1)], seed=3).create_game()
    rng = random.Random(3)
    g = data.game
    while not g.is_over:
        seat = g.to_move()[0]
        g.apply(seat, g.random_action(seat, rng))
    threads: list[bool] = []
    real = savefile.SaveData.from_dict.__func__  # type: ignore[attr-defined]

    def spy(cls: Any, doc: Any, *args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread() is threading.main_thread())
        return real(cls, doc, *args, **kwargs)

    app = start_app()
    try:
        monkeypatch.setattr(savefile.SaveData, "from_dict", classmethod(spy))
        job = dice_session(app).finish_game(data)
        assert job is not None
        app.session.writer().flush(10)
        assert threads == [False]
    finally:
        app.close()


def test_atomic_write_json_writes_what_json_dumps_gives_piece_by_piece(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same text as ``json.dumps``, never made by the one-call C encoder (it holds the interpreter
    for a whole document: a writer thread making a 5 MB save stalled the frame loop 35-50 ms)."""
    import json.encoder

    from tortuga_desktop.shell import paths

    expected: dict[int | None, str] = {}

    doc = {"ä": ["x" * 3000, 1, 2.5, None, True, {"k": "ü\u2028"}], "n": list(range(50))}
    for indent in (None, 1):
        expected[indent] = json.dumps(doc, ensure_ascii=False, indent=indent) + "\n"

    def one_call(*args: Any) -> Any:
        raise AssertionError("the whole document encoded in one call")

    monkeypatch.setattr(json.encoder, "c_make_encoder", one_call)
    for indent in (None, 1):
        paths.atomic_write_json(tmp_path / "a.json", doc, indent=indent)
        assert (tmp_path / "a.json").read_text("utf-8") == expected[indent]
    with pytest.raises(ValueError):
        paths.atomic_write_json(tmp_path / "b.json", {"x": float("nan")})
    assert not (tmp_path / "b.json").exists()
