"""The log file: only regular files, failures reported once (issue 24.4)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tortuga_desktop.shell import logfile, main, start

_START = """
import sys
from tortuga_desktop.shell import logfile, main, start
print("log:", logfile.setup_logging(), "problem:", logfile.log_problem(), flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_the_log_file_does_not_hang_start_up(tmp_path: Path) -> None:
    logs = tmp_path / "home" / "logs"
    logs.mkdir(parents=True)
    os.mkfifo(logs / "tortuga.log")
    env = dict(os.environ, TORTUGA_HOME=str(tmp_path / "home"))
    try:
        out = subprocess.run([sys.executable, "-c", _START], env=env, capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail("start-up hangs on a FIFO log file")
    assert out.returncode == 0, out.stderr
    assert "log: None" in out.stdout
    assert "FIFO" in out.stdout  # the reason the notice shows
    assert "no log file" in out.stderr


def test_the_log_handler_refuses_every_file_that_is_not_regular(tmp_path: Path) -> None:
    folder = tmp_path / "is-a-folder.log"
    folder.mkdir()
    with pytest.raises(OSError):
        logfile._make_log_handler(folder)
    if os.path.exists("/dev/null"):
        with pytest.raises(OSError, match="character device"):
            logfile._make_log_handler(Path("/dev/null"))
    handler = logfile._make_log_handler(tmp_path / "ok.log")  # a regular file is fine
    handler.close()


_FULL_DISK = """
import errno, logging
from tortuga_desktop.shell import logfile, main, start

class FullDisk:
    def write(self, _text):
        raise OSError(errno.ENOSPC, "No space left on device")
    def flush(self):
        raise OSError(errno.ENOSPC, "No space left on device")
    def seek(self, *_a):
        return 0
    def tell(self):
        return 0
    def close(self):
        pass

logfile.setup_logging()
handler = logfile._log_handler
handler.stream.close()
handler.stream = FullDisk()  # the disk is full from now on
reports = []
getattr(logfile, "watch_log_failures", lambda _f: False)(reports.append)
log = logging.getLogger("tortuga_desktop.test")
for i in range(5):
    log.warning("fault number %d", i)
    log.info("an info line %d", i)
print("reports:", reports, flush=True)
"""


def test_a_full_disk_is_reported_once_not_as_a_traceback_per_record(tmp_path: Path) -> None:
    env = dict(os.environ, TORTUGA_HOME=str(tmp_path / "home"))
    out = subprocess.run([sys.executable, "-c", _FULL_DISK], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "reports: ['No space left on device']" in out.stdout
    err = out.stderr
    assert "Traceback" not in err and "Logging error" not in err
    assert err.count("cannot be written") == 1
    assert err.count("fault number") == 5  # faults still go somewhere: stderr
    assert "an info line" not in err


@pytest.mark.usefixtures("app_home")
def test_the_window_shows_why_there_is_no_log_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logfile, "_log_problem", "/x/logs/tortuga.log is a FIFO, not a regular file")
    app = start.make_app(main.parse_args(["--mute"]))
    try:
        app.run(max_frames=2)
        texts = [n.text for n in app.notices]
        assert any("tortuga.log" in t and "FIFO" in t and "stderr" in t for t in texts), texts
    finally:
        app.close()
