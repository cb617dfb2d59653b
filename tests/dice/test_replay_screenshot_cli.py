"""``python -m scripts.replay_screenshot``'s command line: ``--help`` prints its usage and saves nothing (it
once saved an image named ``--help``); an unknown option, a name that is no image format and a folder that
does not exist are clear errors (exit 2) that save nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TORTUGA_HOME": str(cwd / "home")}
    return subprocess.run([sys.executable, "-m", "scripts.replay_screenshot", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_help_prints_the_usage_and_saves_nothing(tmp_path: Path) -> None:
    done = run(["--help"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python -m scripts.replay_screenshot") and "docs/replay.png" in done.stdout
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("args", "words"), [(["--size", "3"], "unrecognized arguments: --size"),
                                             (["shot.txt"], "ends in one of .png"),
                                             (["no/such/folder/shot.png"], "no folder 'no/such/folder'"),
                                             (["a.png", "b.png"], "unrecognized arguments: b.png")])
def test_bad_arguments_are_a_clear_error_and_save_nothing(tmp_path: Path, args: list[str], words: str) -> None:
    done = run(args, tmp_path)
    assert done.returncode == 2 and words in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []
