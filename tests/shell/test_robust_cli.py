"""Issue 16, item 6: command-line arguments are checked before the game starts, and logging."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import logging
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.shell import logfile
from tortuga_desktop.shell import main as main_mod
from tortuga_desktop.shell.main import parse_args


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path / "home"))
    yield


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as info:
        parse_args(list(argv))
    assert info.value.code == 2
    return capsys.readouterr().err


def test_screenshot_needs_an_image_extension(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(capsys, "--demo", "--screenshot", str(tmp_path / "shot"))
    assert ".png" in err
    assert not (tmp_path / "shot").exists()


def test_screenshot_folder_must_be_writable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    err = _refused(capsys, "--demo", "--screenshot", str(blocker / "sub" / "shot.png"))
    assert "not a folder" in err
    err = _refused(capsys, "--demo", "--screenshot", str(tmp_path))
    assert "must end in" in err or "is a folder" in err
    err = _refused(capsys, "--demo", "--screenshot-every-phase", str(blocker))
    assert "not a folder" in err


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_read_only_screenshot_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        assert "not writable" in _refused(capsys, "--demo", "--screenshot", str(ro / "x.png"))
    finally:
        ro.chmod(0o700)


def test_good_screenshot_paths_pass(tmp_path: Path) -> None:
    opts = parse_args(["--demo", "--screenshot", str(tmp_path / "new" / "x.PNG")])
    assert opts.screenshot.endswith("x.PNG")
    assert not (tmp_path / "new").exists()  # checking created nothing


def test_demo_takes_no_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(capsys, "--demo", str(tmp_path / "game.json"))
    assert "--demo" in err


def test_a_screenshot_that_fails_at_the_end_is_an_exit_status_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import pygame

    def refuse(*_a: Any, **_k: Any) -> None:
        raise pygame.error("disk full")

    monkeypatch.setattr(pygame.image, "save", refuse)
    code = main_mod.main(["--demo", "--players", "2", "--seed", "5", "--speed", "instant", "--exit-after-game",
                          "--mute", "--size", "1280x720", "--screenshot", str(tmp_path / "end.png")])
    assert code == 1
    assert "disk full" in capsys.readouterr().err


def test_logging_goes_to_a_file_in_the_log_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logfile, "_log_handler", None)
    root = logging.getLogger("tortuga_desktop")
    before = list(root.handlers)
    try:
        path = logfile.setup_logging()
        assert path == tmp_path / "home" / "logs" / "tortuga.log"
        logging.getLogger("tortuga_desktop.shell.saves").warning("a test warning")
        for h in root.handlers:
            h.flush()
        assert "a test warning" in path.read_text(encoding="utf-8")
    finally:
        for h in root.handlers:
            if h not in before:
                root.removeHandler(h)
                h.close()
