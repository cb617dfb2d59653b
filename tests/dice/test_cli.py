"""The command line: --version, and the first-frame marker the start-up benchmark relies on."""

import os
import subprocess
import sys
from pathlib import Path

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
    """Issue 29: never a silent switch — the program says where its computer players think."""
    from tortuga_desktop import thinking

    res = _run("--version")
    assert res.returncode == 0
    assert "computer players think in worker processes" in res.stdout
    assert thinking.FROZEN is False


def test_the_one_file_executable_thinks_in_worker_processes_too() -> None:
    """The executable (sys.frozen) used to think on a thread; its games, hints and review now use
    worker processes as a source install does, and ``--version`` says so (CI checks the built one)."""
    code = ("import sys; sys.frozen = True\n"
            "from tortuga_desktop import thinking\n"
            "from tortuga_desktop.shell.table import default_think\n"
            "from tortuga_desktop.games.t1667.table.demo import think_mode\n"
            "print(thinking.FROZEN, thinking.ENABLED, default_think(), think_mode())\n"
            "print(thinking.thinking_mode())\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == ["True True process process", "computer players think in worker processes"]


def test_a_worker_started_as_the_program_runs_no_part_of_the_program() -> None:
    """PyInstaller's rule for the one-file executable: freeze_support() is the entry script's first
    act, before the program is imported, so that a worker process started as the executable goes
    straight to its task (and loads only what its task needs)."""
    import ast

    import tortuga_desktop.__main__ as entry

    body = ast.parse(Path(entry.__file__).read_text()).body
    calls = [i for i, node in enumerate(body) if isinstance(node, ast.If)
             and "freeze_support" in ast.unparse(node.body[0])]
    imports = [i for i, node in enumerate(body) if isinstance(node, ast.ImportFrom)
               and (node.module or "").startswith("tortuga_desktop")]
    assert calls and imports and calls[0] < min(imports)
