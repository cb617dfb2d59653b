"""Issue 16, items 2-4 and 7-10: bad files, bad names and a failing disk never crash the game,
hang it or lose a game silently."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import errno
import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from app_helpers import start_app as _app

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.savefile import SaveData, load_autosave, read_save
from tortuga_desktop.shell import paths, saves
from tortuga_desktop.shell.saves import SaveError, SeatConfig

BAD_NAME = os.fsdecode(b"caf\xe9-\xff.json")  # not UTF-8: Python keeps the bytes as surrogates


pytestmark = pytest.mark.usefixtures("app_home")  # a private home, English, markers on (conftest)


def _data(seed: int = 3, kinds: tuple[str, ...] = ("human", "easy")) -> SaveData:
    names = ("Anna", "Bart", "Clara", "Dirk")
    return SetupConfig(seats=[SeatConfig(names[i], k, i) for i, k in enumerate(kinds)], seed=seed).create_game()


def _finish(data: SaveData) -> None:
    rng = random.Random(1)
    g = data.game
    while not g.is_over:
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))


def _message(app: Any) -> str:
    return str(getattr(app.top, "text", ""))


def _doc(data: SaveData) -> dict[str, Any]:
    doc = data.to_dict()
    doc["saved_at"] = "2026-01-01T00:00:00+00:00"
    return doc


def _write(path: Path, doc: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, ensure_ascii=True), encoding="utf-8")
    return path


# ------------------------------------------------------------------ item 2: names that are not UTF-8
def test_display_path_turns_undecodable_bytes_into_replacement_characters() -> None:
    shown = paths.display_name(Path("/tmp") / BAD_NAME)
    assert shown == "caf\ufffd-\ufffd.json"
    shown.encode("utf-8")
    assert paths.display_path("a\nb\ud800") == "a?b\ufffd"


@pytest.mark.parametrize("exists", [False, True])
def test_command_line_path_that_is_not_utf8_shows_a_message(tmp_path: Path, exists: bool) -> None:
    path = tmp_path / BAD_NAME
    if exists:
        path.write_bytes(b"not json")
    app = _app(str(path))
    try:
        assert app.top.name == "message"
        assert "caf\ufffd-\ufffd.json" in _message(app)
        app.run(max_frames=3)  # drawing the message must not raise
        assert app.exit_code is None
        if exists:
            assert path.read_bytes() == b"not json"
    finally:
        app.close()


def test_damaged_file_with_a_bad_name_in_the_saves_folder_is_listed_safely() -> None:
    folder = paths.saves_dir()
    (folder / BAD_NAME).write_bytes(b"\x00\xff damaged")
    _write(folder / "good.json", _doc(_data()))
    app = _app()
    try:
        app.top.load_game()
        settle(app)
        assert app.top.name == "load"
        names = sorted(i.name for i in app.top.infos)
        assert any("\ufffd" in n for n in names) and all("\udcff" not in n for n in names)
        assert app.exit_code is None
    finally:
        app.close()


# ------------------------------------------------------------------ item 3: FIFOs and other non-files
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_opening_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    result: list[Any] = []
    t = threading.Thread(target=lambda: result.append(_catch(lambda: read_save(fifo))), daemon=True)
    t.start()
    t.join(10)  # a guard against a hang, not a timing assertion
    assert not t.is_alive(), "reading a FIFO blocked"
    assert isinstance(result[0], SaveError) and result[0].key == "error.save.not_a_file"
    assert "pipe.json" in result[0].user_message()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_tortuga_fifo_shows_a_message(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    app = _app(str(fifo))
    try:
        assert app.top.name == "message" and "pipe.json" in _message(app)
    finally:
        app.close()


def _catch(fn: Any) -> Any:
    try:
        return fn()
    except Exception as exc:
        return exc


# ------------------------------------------------------------------ item 4: every field bounded
def _bad_docs() -> dict[str, Any]:
    base = _doc(_data())
    out: dict[str, Any] = {}

    def variant(name: str, fn: Any) -> None:
        d = json.loads(json.dumps(base))
        fn(d)
        out[name] = d

    variant("game_id NUL", lambda d: d.__setitem__("game_id", "ab\x00cd"))
    variant("game_id surrogate", lambda d: d.__setitem__("game_id", "ab\ud800"))
    variant("game_id zero width", lambda d: d.__setitem__("game_id", "\u200b"))
    variant("saved_at control", lambda d: d.__setitem__("saved_at", "2026\x1b[31m"))
    variant("meta name surrogate", lambda d: d["meta"].__setitem__("name", "x\udcff"))
    variant("meta name huge", lambda d: d["meta"].__setitem__("name", "x" * 5000))
    variant("meta inf", lambda d: d["meta"].__setitem__("x", 1e308 * 10))
    variant("meta huge int", lambda d: d["meta"].__setitem__("x", 10**100))
    variant("seat name NUL", lambda d: (d["seats"][0].__setitem__("name", "A\x00"),
                                        d["check"]["config"].__setitem__("names", ["A\x00", "Bart"])))
    variant("seat name zero width", lambda d: d["seats"][0].__setitem__("name", "\u200b\u200d"))
    variant("seat kind", lambda d: d["seats"][1].__setitem__("kind", "godlike"))
    variant("event text surrogate", lambda d: d["check"]["events"][0].__setitem__("type", "\ud800"))
    variant("event text NUL", lambda d: d["check"]["events"][0].__setitem__("type", "a\x00b"))
    return out


@pytest.mark.parametrize("case", sorted(_bad_docs()))
def test_bad_fields_are_refused_with_a_message_naming_the_file(tmp_path: Path, case: str) -> None:
    doc = _bad_docs()[case]
    text = json.dumps(doc, ensure_ascii=True, allow_nan=True).replace("Infinity", "1e999")
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert "bad.json" in info.value.user_message()
    assert path.read_text(encoding="utf-8") == text


def test_1e999_is_refused_instead_of_breaking_every_autosave(tmp_path: Path) -> None:
    doc = _doc(_data())
    text = json.dumps(doc).replace('"meta": {', '"meta": {"big": 1e999, ', 1)
    path = tmp_path / "inf.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert info.value.key == "error.save.not_json"


def test_the_writer_survives_any_exception() -> None:
    writer = saves.AutosaveWriter()
    boom = writer.run("boom", lambda: 1 / 0)
    writer.flush()
    assert boom.done and boom.error is not None
    data = _data()
    writer.submit(data)
    assert writer.flush()
    assert writer.last_error is None and saves.has_autosave()
    assert writer.close(1.0)


# ------------------------------------------------------------------ items 7, 8: a failing disk
def _enospc(*_a: Any, **_k: Any) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_full_disk_shows_a_warning_and_keeps_the_last_good_autosave(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app()
    try:
        data = _data(seed=5, kinds=("easy", "normal"))
        app.session.play(data)
        app.run(max_frames=2)
        assert app.session.writer().flush()
        good = saves.autosave_path().read_bytes()
        monkeypatch.setattr(paths, "atomic_write_text", _enospc)
        _finish(data)
        app.session.autosave(data)
        assert app.session.writer().flush()
        app.run(max_frames=2)
        texts = [n.text for n in app.notices]
        assert any("No space left on device" in t and "data" in t for t in texts), texts
        assert saves.autosave_path().read_bytes() == good
        # the game ends: the archive fails, so the autosave must not be deleted
        app.session.finish_game(data)
        assert app.session.writer().flush()
        app.run(max_frames=2)
        assert saves.autosave_path().read_bytes() == good
        assert saves.list_finished() == []
        assert any("finished game could not be stored" in n.text for n in app.notices)
    finally:
        app.close()


def test_finished_game_is_kept_when_the_archive_fails_and_archived_on_continue(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app()
    try:
        data = _data(seed=6, kinds=("easy", "normal"))
        _finish(data)
        real = saves.archive_finished
        monkeypatch.setattr(saves, "archive_finished", lambda d: _enospc())
        app.session.finish_game(data)
        assert app.session.writer().flush()
        kept = load_autosave()
        assert kept is not None and kept.game.is_over and kept.game_id == data.game_id
        monkeypatch.setattr(saves, "archive_finished", real)
        app.session._finished_ids.clear()
        app.clear_to(type(app.scenes[0])())
        app.run(max_frames=1)
        app.top.continue_game()
        settle(app)
        assert app.session.writer().flush()
        assert [i.game_id for i in saves.list_finished()] == [data.game_id]
        assert not saves.has_autosave()
    finally:
        app.close()


def test_a_data_folder_that_cannot_be_created_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    monkeypatch.setenv("TORTUGA_HOME", str(blocker))  # data would be file-not-folder/data
    app = _app()
    try:
        data = _data(seed=7, kinds=("easy", "normal"))
        app.session.play(data)
        app.run(max_frames=2)
        assert app.session.writer().flush(5)
        app.run(max_frames=2)
        assert any(n.level == "error" for n in app.notices)
        _finish(data)
        app.session.finish_game(data)
        assert app.session.writer().flush(5)
        app.run(max_frames=2)
    finally:
        app.close()
    assert app.unsaved  # quitting says what could not be written


def test_the_frame_loop_never_touches_the_disk_while_playing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Structural: every write during play (autosave, archive, statistics) runs on the writer's
    thread, never on the frame loop's."""
    main = threading.current_thread()
    calls: list[str] = []
    real = paths.atomic_write_text

    def spy(path: Path, text: str, **kw: Any) -> None:
        calls.append(threading.current_thread().name)
        assert threading.current_thread() is not main, f"{path} written on the frame loop"
        real(path, text, **kw)

    monkeypatch.setattr(paths, "atomic_write_text", spy)
    app = _app()
    try:
        data = _data(seed=8, kinds=("easy", "normal"))
        table = app.session.play(data)
        table.set_speed("instant")
        for _ in range(400):
            app.run(max_frames=5)
            if app.top.name == "results":
                break
        assert app.top.name == "results"
        assert app.session.writer().flush()
        assert calls and all(c == "tortuga-writer" for c in calls)
        assert len(saves.list_finished()) == 1
    finally:
        app.close()


def test_quitting_waits_at_most_the_quit_limit_for_a_stuck_writer() -> None:
    from tortuga_desktop.shell import loop

    app = _app()
    waits: list[float | None] = []

    class Stuck:
        last_error = None

        def close(self, timeout: float | None = None) -> bool:
            waits.append(timeout)
            return False

    app.session.autosaver = Stuck()
    app.close()
    assert waits == [loop.QUIT_WAIT_S] and loop.QUIT_WAIT_S <= 1.0
    assert app.unsaved


# ------------------------------------------------------------------ item 9: folders and settings
def test_an_unreadable_saves_folder_is_an_error_not_no_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = paths.saves_dir()
    _write(folder / "one.json", _doc(_data()))
    real = os.scandir

    def scandir(path: Any) -> Any:  # what chmod 000 does (root ignores permissions)
        if Path(path) == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(SaveError) as info:
        saves.list_saves()
    assert info.value.key == "error.save.folder_unreadable"
    app = _app()
    try:
        app.top.load_game()
        settle(app)
        assert app.top.name == "load" and "could not be read" in app.top.error
    finally:
        app.close()


def test_notify_is_drawn_on_top_of_any_scene_and_expires() -> None:
    app = _app()
    try:
        app.notify("Hello \u200b there\x00", "warning", seconds=0.05)
        app.run(max_frames=1)
        assert [n.text for n in app.notices] == ["Hello \u200b there\x00"]
        app.run(max_frames=10)
        assert app.notices == []
    finally:
        app.close()


# ------------------------------------------------------------------ item 10: seats validated at the edge
def test_a_bad_bot_level_is_a_clear_error_when_a_game_is_played() -> None:
    app = _app()
    try:
        data = _data()
        data.seats[1] = SeatConfig("Bart", "godlike", 1)
        assert app.session.play(data) is None
        assert app.top.name == "message" and "godlike" in _message(app)
    finally:
        app.close()


def test_save_as_another_folder_and_an_unusable_folder(tmp_path: Path) -> None:
    app = _app()
    try:
        app.session.start_game(SetupConfig.default())
        app.run(max_frames=2)
        assert app.session.open_save_dialog()
        dialog = app.top
        assert not dialog.save("mine", folder="a" * 5000)  # found by scripts/fuzz_text.py
        assert dialog.error and dialog.message
        app.run(max_frames=1)
        assert dialog.save("mine", folder=str(tmp_path / "elsewhere"))
        assert app.session.writer().flush()
        app.run(max_frames=1)
        assert app.top is not dialog
        assert read_save(tmp_path / "elsewhere" / "mine.json").meta["name"] == "mine"
    finally:
        app.close()


def test_a_failing_named_save_keeps_the_dialog_open_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app()
    try:
        app.session.start_game(SetupConfig.default())
        app.run(max_frames=2)
        assert app.session.open_save_dialog()
        dialog = app.top
        monkeypatch.setattr(paths, "atomic_write_text", _enospc)
        assert dialog.save("mine")
        assert app.session.writer().flush()
        app.run(max_frames=1)
        assert app.top is dialog and dialog.error and "No space left" in dialog.message
    finally:
        app.close()


def test_quitting_with_a_failed_autosave_asks_first(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from tortuga_desktop.shell.intents import Key, Quit

    app = _app()
    try:
        monkeypatch.setattr(paths, "atomic_write_text", _enospc)
        app.session.play(_data(seed=9, kinds=("easy", "normal")))
        app.run(max_frames=1)
        assert app.session.writer().flush()
        app.post(Quit())
        app.run(max_frames=1)
        assert app.exit_code is None and app.top.name == "message"
        assert "No space left on device" in _message(app)
        app.post(Key(pygame.K_ESCAPE, 0, ""))  # Back: the game goes on
        app.run(max_frames=1)
        assert app.exit_code is None and app.top.name != "message"
        app.post(Quit())
        app.run(max_frames=1)
        app.post(Key(pygame.K_RETURN, 0, "\r"))  # Quit anyway
        app.run(max_frames=1)
        assert app.exit_code == 0
    finally:
        app.close()


def test_an_unreadable_file_through_every_route(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What chmod 000 does to a save (root ignores permissions, so the refusal is injected)."""
    blob = json.dumps(_doc(_data())).encode()
    outside = tmp_path / "locked.json"
    outside.write_bytes(blob)
    auto = saves.autosave_path()
    auto.write_bytes(blob)
    listed = paths.saves_dir() / "locked.json"
    listed.write_bytes(blob)
    locked = {outside, auto, listed}
    real_open = os.open

    def deny(path: Any, flags: int, *a: Any, **k: Any) -> int:
        if Path(path) in locked:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *a, **k)

    monkeypatch.setattr(os, "open", deny)
    app = _app(str(outside))
    try:
        assert app.top.name == "message" and "locked.json" in _message(app)
        app.pop()
        app.top.continue_game()
        settle(app)
        assert app.top.name == "message" and "autosave.json" in _message(app)
        app.pop()
        app.top.load_game()
        settle(app)
        [info] = app.top.infos
        assert not info.ok and "locked.json" in info.error.user_message()
        assert all(p.read_bytes() == blob for p in locked)  # nothing moved or changed
    finally:
        app.close()


def test_statistics_that_cannot_be_written_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from tortuga_desktop.shell import stats

    app = _app()
    try:
        data = _data(seed=10, kinds=("human", "easy"))
        _finish(data)
        real = paths.atomic_write_json

        def refuse_stats(path: Path, doc: Any, **k: Any) -> None:
            if path.name == "stats.json":
                _enospc()
            real(path, doc, **k)

        monkeypatch.setattr(paths, "atomic_write_json", refuse_stats)
        app.session.finish_game(data)
        assert app.session.writer().flush()
        app.run(max_frames=1)
        assert len(saves.list_finished()) == 1  # the game itself is archived
        assert any("stats.json" in n.text or "No space" in n.text for n in app.notices)
        assert stats.load_stats().get("Anna") is None
    finally:
        app.close()


def test_save_as_a_relative_folder_is_refused_not_written_next_to_the_program(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = _app()
    try:
        app.session.start_game(SetupConfig.default())
        app.run(max_frames=2)
        assert app.session.open_save_dialog()
        dialog = app.top
        assert not dialog.save("mine", folder="junk/tmp")  # found by scripts/fuzz_text.py
        assert dialog.error and "full path" in dialog.message
        assert list(tmp_path.iterdir()) == [tmp_path / "home"]
    finally:
        app.close()
