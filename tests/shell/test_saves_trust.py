"""Nothing a player made is lost: the autosave's temporary has one owner (issue 24.11)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.savefile import SaveData, load_autosave
from tortuga_desktop.shell import paths, saves
from tortuga_desktop.shell.saves import SeatConfig


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("TORTUGA_HOME", str(home))
    return home


def _game(seed: int = 5) -> SaveData:
    seats = [SeatConfig(f"P{i}", "normal", i) for i in range(3)]
    return SetupConfig(seats=seats, seed=seed).create_game()


def _step(data: SaveData) -> None:
    import random

    g = data.game
    d = g.pending()[0]
    g.apply(d.seat, g.random_action(d.seat, random.Random(g.decisions)))


# ---------------------------------------------------------------- 24.11: Continue vs the writer
def test_continue_never_removes_the_temporary_the_writer_is_writing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two threads: the background writer writes 200 autosaves; while each one sits in its
    temporary file (between write and rename), the main thread presses Continue
    (``load_autosave``). Before the fix Continue deleted ``.autosave.json.*.tmp`` and every
    one of these autosaves was lost (``os.replace`` found no file)."""
    data = _game()
    in_temp = threading.Event()
    go_on = threading.Event()
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        real_fsync(fd)
        if threading.current_thread().name == "tortuga-writer" and not go_on.is_set():
            in_temp.set()
            go_on.wait(5)

    monkeypatch.setattr(paths.os, "fsync", fsync)
    writer = saves.AutosaveWriter()
    lost = 0
    written = 0
    for _ in range(200):
        if data.game.is_over:
            break
        _step(data)
        in_temp.clear()
        go_on.clear()
        writer.submit(data)
        assert in_temp.wait(5), "the writer never reached its temporary file"
        assert list(paths.data_dir().glob(".autosave.json.*.tmp"))
        load_autosave()  # Continue, while the temporary is being written
        go_on.set()
        assert writer.flush(5)
        written += 1
        if writer.last_error is not None:
            lost += 1
            writer.last_error = None
    go_on.set()
    assert writer.close(5)
    assert written >= 100
    assert lost == 0, f"{lost} of {written} autosaves lost"
    loaded = load_autosave()
    assert loaded is not None and loaded.game.decisions == data.game.decisions


def test_orphan_temporaries_of_dead_processes_are_swept_by_the_writer_only() -> None:
    folder = paths.data_dir()
    target = folder / "autosave.json"
    mine = folder / f".autosave.json.{os.getpid()}.abc.tmp"
    mine.write_text("being written")
    # a process id that is not running: the highest pid + 1 is never in use
    dead_pid = int(Path("/proc/sys/kernel/pid_max").read_text()) if Path("/proc/sys/kernel/pid_max").exists() else 4194304
    dead = folder / f".autosave.json.{dead_pid}.xyz.tmp"
    dead.write_text("killed mid-write")
    live = folder / f".autosave.json.{os.getppid()}.def.tmp"  # our parent runs
    live.write_text("another game writing")
    other = folder / f".settings.json.{dead_pid}.q.tmp"
    other.write_text("another file")
    assert load_autosave() is None
    assert mine.exists() and dead.exists() and live.exists()  # Continue removes nothing
    removed = paths.remove_orphan_temps(target)
    assert removed == [dead]
    assert mine.exists() and live.exists() and other.exists()


# ---------------------------------------------------------------- 23.4: export proposes documents
def test_export_proposes_documents_or_downloads_never_the_home_root(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from tortuga_desktop.shell.scenes.replays import default_export_path

    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    for var in ("XDG_DOCUMENTS_DIR", "XDG_DOWNLOAD_DIR"):
        monkeypatch.delenv(var, raising=False)
    assert default_export_path("abc").parent != home  # neither folder exists yet
    (home / "Downloads").mkdir()
    assert default_export_path("abc") == home / "Downloads" / "tortuga-replay-abc.json"
    (home / "Documents").mkdir()
    assert default_export_path("abc") == home / "Documents" / "tortuga-replay-abc.json"
