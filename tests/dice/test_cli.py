"""The command line: --version, and the first-frame marker the start-up benchmark relies on."""

import os
import subprocess
import sys

from tortuga_desktop import version


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "tortuga_desktop", *args], capture_output=True, text=True,
                          timeout=60, env=env, check=False)


def test_version_prints_the_package_version() -> None:
    res = _run("--version")
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[0] == f"tortuga {version()}"


def test_timing_reports_the_first_frame_and_can_exit_there() -> None:
    res = _run("--timing", "--exit-after-first-frame", "--mute")
    assert res.returncode == 0, res.stderr
    assert "timing: first frame shown" in res.stdout


def test_version_says_how_computer_players_think() -> None:
    """Issue 29: never a silent switch — the program says whether its computer players think in
    worker processes (a source install) or on a thread (the one-file executable, where they do
    not run in processes yet)."""
    from tortuga_desktop import thinking

    res = _run("--version")
    assert res.returncode == 0
    assert "computer players think in worker processes" in res.stdout
    assert thinking.FROZEN is False
