"""The background writer's jobs of any result type (issue 25: queued behind one typed interface): a
job's result is kept, a failed job's error is kept, counted and reported before the job is done, and
the writer goes on."""

from __future__ import annotations

import errno
import threading
from pathlib import Path

from tortuga_desktop.shell.saves import AutosaveWriter, SaveError


def test_results_and_failures_of_jobs(tmp_path: Path) -> None:
    gate = threading.Event()
    jobs = []
    seen: list[tuple[str, bool]] = []

    def full_disk() -> None:
        gate.wait(5)
        raise OSError(errno.ENOSPC, "No space left on device")

    def reported(error: SaveError) -> None:
        seen.append((error.key, jobs[0].done))

    writer = AutosaveWriter(tmp_path / "autosave.json", on_error=reported)
    try:
        jobs.append(writer.run("a full disk", full_disk, tmp_path / "x.json"))
        number = writer.run("a number", lambda: 7)
        text = writer.run("a text", lambda: "seven")
        gate.set()
        assert writer.flush()
        failed = jobs[0]
        assert failed.done and failed.error is not None and failed.result is None
        assert seen == [(failed.error.key, False)]  # reported while not yet done
        assert writer.failures == [failed.error]
        assert (number.done, number.result, number.error) == (True, 7, None)
        assert (text.done, text.result, text.error) == (True, "seven", None)
    finally:
        assert writer.close(1.0)
