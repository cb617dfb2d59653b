"""The game's log file: faults only (warnings and errors, never play), in a rotating file in
the user's log folder (:func:`setup_logging`, called once by :func:`.main.main`); a log that
cannot be used or a write that fails is reported once, never as a traceback per record."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import stat
import sys
import threading
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path

from tortuga_desktop.shell import paths

__all__ = ["LOG_FILE", "LogFileHandler", "log_problem", "setup_logging", "watch_log_failures"]

LOG_FILE = "tortuga.log"
_log_handler: logging.Handler | None = None
#: why the log file could not be used at start-up (shown as a notice once the window is up)
_log_problem: str | None = None
_LOG_FORMAT = "%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"


class LogFileHandler:
    """What the log-file handler adds to logging's: ``on_failure(reason)`` is called once,
    when a write first fails."""

    on_failure: Callable[[str], None] | None = None


def _open_regular_for_append(path: Path) -> io.TextIOWrapper:
    """``path`` opened for appending (UTF-8 text), only when it is a regular file (created if
    missing). A FIFO, device, socket or folder is refused with ``paths.NotRegularFileError``
    and never blocks: the open is non-blocking and checked again with ``fstat``."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        pass
    else:
        if not stat.S_ISREG(st.st_mode):
            raise paths.NotRegularFileError(path, paths._kind_of(st.st_mode))
    flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_BINARY", 0))
    fd = os.open(path, flags, 0o644)  # a FIFO without a reader: ENXIO at once, never a wait
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise paths.NotRegularFileError(path, paths._kind_of(st.st_mode))
        return os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace")
    except BaseException:
        os.close(fd)
        raise


def _make_log_handler(path: Path) -> logging.Handler:
    class SafeLogHandler(RotatingFileHandler, LogFileHandler):
        """A rotating log that opens only regular files and reports a failing write once
        (``on_failure(reason)``, e.g. a notice) instead of a traceback per record; after a
        failure, warnings and errors go to stderr as plain lines."""

        def __init__(self, filename: Path) -> None:
            self.failed = False
            self.on_failure: Callable[[str], None] | None = None
            self._fallback = logging.StreamHandler(sys.stderr)
            self._fallback.setLevel(logging.WARNING)
            self._fallback.handleError = lambda record: None  # type: ignore[method-assign]
            super().__init__(filename, maxBytes=1_000_000, backupCount=3, encoding="utf-8",
                             errors="backslashreplace")

        def _open(self) -> io.TextIOWrapper:
            return _open_regular_for_append(Path(self.baseFilename))

        def setFormatter(self, fmt: logging.Formatter | None) -> None:  # noqa: N802 (logging's name)
            super().setFormatter(fmt)
            self._fallback.setFormatter(fmt)

        def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
            exc = sys.exc_info()[1]
            first = not self.failed
            self.failed = True
            if first:
                reason = (exc.strerror if isinstance(exc, OSError) and exc.strerror
                          else str(exc) or type(exc).__name__)

                reason = paths.display_path(reason)[:200]
                print(f"tortuga: the log file cannot be written ({reason}); faults go to stderr",
                      file=sys.stderr)
                callback = self.on_failure
                if callback is not None:
                    with contextlib.suppress(Exception):  # a notice that cannot be shown must not break logging
                        callback(reason)
            if record.levelno >= logging.WARNING:
                self._fallback.handle(record)

    return SafeLogHandler(path)


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log faults (warnings and errors, never play) to ``<log dir>/tortuga.log`` (rotating:
    3 files of 1 MB) and log uncaught exceptions, also those of threads. Returns the log file, or None when it cannot be used
    (a folder that cannot be made, or a log path that is not a regular file: a FIFO, a
    device...): then warnings go to stderr and :func:`log_problem` says why (the app shows
    it as a notice). A write that fails later (a full disk) is reported once
    (:func:`watch_log_failures`), never as a traceback per record. Call once, from :func:`main`."""
    global _log_handler, _log_problem
    root = logging.getLogger("tortuga_desktop")
    root.setLevel(level)
    if _log_handler is not None:
        return None
    handler: logging.Handler
    path: Path | None
    try:
        path = paths.log_dir() / LOG_FILE
        handler = _make_log_handler(path)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        _log_problem = paths.display_path(reason)[:200]
        path = None
        handler = logging.StreamHandler(sys.stderr)
        handler.setLevel(logging.WARNING)
        print(f"tortuga: no log file ({paths.display_path(str(exc))})", file=sys.stderr)
    handler.setFormatter(logging.Formatter(_LOG_FORMAT))
    # Faults only (issue 23.5): what happens in play - seeds, dice, tiles, hints, join codes,
    # tokens - is never a warning, so no line about play reaches the file, whichever part of
    # the program (or a server hosted in this process) writes it.
    handler.setLevel(logging.WARNING)
    _log_handler = handler
    root.addHandler(handler)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        root.error("uncaught exception in thread %s", args.thread.name if args.thread is not None else "?",
                   exc_info=args.exc_value)

    threading.excepthook = thread_hook
    return path


def log_problem() -> str | None:
    """Why the log file is not in use (None when it is, or logging was not set up)."""
    return _log_problem


def watch_log_failures(notify: Callable[[str], None], handler: logging.Handler | None = None) -> bool:
    """Call ``notify(reason)`` once when writing the log file first fails (a full disk);
    False when there is no log file to watch."""
    handler = handler if handler is not None else _log_handler
    if not isinstance(handler, LogFileHandler):
        return False
    handler.on_failure = notify
    return True
