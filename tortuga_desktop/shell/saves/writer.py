"""The one background writer (:class:`AutosaveWriter`): autosaves and every other file the game
writes during play, off the frame loop."""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar, cast

from tortuga_desktop.shell import paths
from tortuga_desktop.shell.saves.autosave import autosave_path, keep_foreign_autosave
from tortuga_desktop.shell.saves.errors import SaveError, write_error
from tortuga_desktop.shell.saves.savefile import now_iso

#: what a piece of work returns
T = TypeVar("T")

__all__ = ["Autosavable", "AutosaveWriter", "Job", "NamedSavable"]

logger = logging.getLogger(__name__)


class Autosavable(Protocol):
    """A game as saved, of any game: the dice game's ``SaveData`` and other games' saves. ``saved_at`` is stamped
    when it is queued; ``decisions`` tells the writer how far the game had got."""

    saved_at: str

    @property
    def game_id(self) -> str: ...

    @property
    def decisions(self) -> int: ...

    def to_dict(self) -> Mapping[str, object]:
        """The save as its file's JSON object (what the game's module reads back)."""
        ...


class NamedSavable(Autosavable, Protocol):
    """A game as saved that can be saved under a name: its ``meta`` holds the name."""

    meta: dict[str, object]


class Job(Generic[T]):
    """A piece of file work queued on the :class:`AutosaveWriter`; poll :attr:`done`."""

    def __init__(self, name: str, work: Callable[[], T], path: Path | None = None) -> None:
        self.name = name
        self.work = work
        self.path = path
        self.done = False
        #: None until done (and after an error): read it once done with :attr:`error` None
        self.result: T = cast(T, None)
        self.error: SaveError | None = None

    def _run(self, failed: Callable[[SaveError], None]) -> None:
        """Do the work (on the writer's thread); a failure is kept in :attr:`error` and handed to
        ``failed`` before the job is :attr:`done`."""
        try:
            self.result = self.work()
        except Exception as exc:
            self.error = write_error(exc, self.path)
            logger.warning("%s failed: %s", self.name, self.error.log_text,
                           exc_info=not isinstance(exc, OSError | SaveError))
            failed(self.error)
        finally:
            self.done = True


class _Queued(Protocol):
    """A queued :class:`Job` as the writer's thread runs it, whatever its result type."""

    def _run(self, failed: Callable[[SaveError], None]) -> None: ...


@dataclass(frozen=True)
class _Snapshot:
    """An autosave waiting to be written: its text and which game, after how many decisions."""

    text: str
    game_id: str
    decisions: int


class AutosaveWriter:
    """The one background writer: every file the game writes during play goes through it, so
    the frame loop never waits for the disk (an ``fsync`` is often 10-20 ms; a full or broken
    disk can take seconds).

    * ``submit(data)`` queues an autosave: the caller only serialises (a consistent
      snapshot, taken on the calling thread); the worker writes the newest snapshot
      atomically and skips snapshots that were superseded before it got to them.
    * ``run(name, work)`` queues any other file work (archive a finished game, record the
      statistics, a named save) and returns a :class:`Job` to poll.
    * ``clear_later()`` queues deleting the autosave; ``clear()`` does that and waits.
    * Work runs in submission order. The worker survives every exception: it is logged,
      kept in :attr:`last_error` (autosaves) or ``job.error``, and reported to ``on_error``
      (called on the worker thread: it must only queue the message, e.g. ``App.notify``);
      ``on_recover`` is called when an autosave succeeds again after a failure.
    * ``close(timeout)`` writes what is pending (waiting at most ``timeout`` seconds) and
      stops the worker; it returns False if something was not written.

    The trade-off: a kill within those few milliseconds loses the last decision instead of none.
    """

    def __init__(self, path: Path | None = None, *, on_error: Callable[[SaveError], None] | None = None,
                 on_recover: Callable[[], None] | None = None) -> None:
        self._path = path
        self._cond = threading.Condition()
        self._queue: list[_Snapshot | _Queued] = []  # an autosave, or a Job
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self._swept: set[Path] = set()
        self.last_error: SaveError | None = None
        #: what the autosave file holds as far as this writer knows: (game id, decisions), or
        #: None (none written, or deleted)
        self.on_disk: tuple[str, int] | None = None
        #: the newest autosave that could not be written: (game id, decisions)
        self.unwritten: tuple[str, int] | None = None
        #: every failure so far (autosaves and jobs), newest last
        self.failures: list[SaveError] = []
        self.on_error = on_error
        self.on_recover = on_recover

    @property
    def path(self) -> Path:
        return self._path if self._path is not None else autosave_path(create=False)

    def submit(self, data: Autosavable) -> None:
        """Queue ``data`` for writing (replacing any snapshot not yet written).

        Raises :class:`SaveError` if ``data`` cannot be written at all (e.g. a text that is
        not valid Unicode), ``RuntimeError`` after :meth:`close`."""
        data.saved_at = now_iso()
        try:
            text = json.dumps(data.to_dict(), ensure_ascii=False, allow_nan=False) + "\n"
            text.encode("utf-8")
        except (TypeError, ValueError, RecursionError) as exc:  # UnicodeEncodeError is a ValueError
            raise write_error(exc, self.path) from None
        with self._cond:
            if self._closed:
                raise RuntimeError("the autosave writer is closed")
            snapshot = _Snapshot(text, data.game_id, data.decisions)
            if self._queue and isinstance(self._queue[-1], _Snapshot):
                self._queue[-1] = snapshot
            else:
                self._queue.append(snapshot)
            self._start()

    def run(self, name: str, work: Callable[[], T], path: Path | None = None) -> Job[T]:
        """Queue ``work()`` (file work) after everything queued before; returns its Job."""
        job = Job(name, work, path)
        with self._cond:
            if self._closed:
                raise RuntimeError("the autosave writer is closed")
            self._queue.append(job)
            self._start()
        return job

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="tortuga-writer", daemon=True)
            self._thread.start()
        self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if not self._queue:
                    return
                item = self._queue.pop(0)
                self._busy = True
            try:
                if isinstance(item, _Snapshot):
                    self._do_autosave(item)
                else:
                    item._run(self._job_failed)
            except BaseException:  # never let the worker die: log and go on
                logger.exception("the background writer failed")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def safe_decisions(self, game_id: str) -> int | None:
        """How many decisions of game ``game_id`` the autosave on disk holds (None: it holds
        no autosave of that game, as far as this writer knows)."""
        on_disk = self.on_disk
        return on_disk[1] if on_disk is not None and on_disk[0] == game_id else None

    def _do_autosave(self, snapshot: _Snapshot) -> None:
        text = snapshot.text
        path: Path = self._path if self._path is not None else autosave_path(create=False)
        try:
            if self._path is None:
                paths.data_dir()  # create the folder (raises OSError if it cannot be created)
            if path not in self._swept:  # temporaries of processes killed mid-write
                self._swept.add(path)
                paths.remove_orphan_temps(path)
                if self.on_disk is None:  # an autosave this writer did not write: never replace another game's
                    keep_foreign_autosave(path)
            paths.atomic_write_text(path, text)
        except Exception as exc:
            error = write_error(exc, path)
            logger.warning("autosave failed: %s", error.log_text)
            first = self.last_error is None
            self.unwritten = (snapshot.game_id, snapshot.decisions)
            self.last_error = error
            self.failures = [*self.failures[-49:], error]
            if first:
                self._report(error)
            return
        self.on_disk = (snapshot.game_id, snapshot.decisions)
        self.unwritten = None
        if self.last_error is not None:
            self.last_error = None
            logger.info("autosave works again")
            if self.on_recover is not None:
                try:
                    self.on_recover()
                except Exception:
                    logger.exception("on_recover failed")

    def _job_failed(self, error: SaveError) -> None:
        self.failures = [*self.failures[-49:], error]
        self._report(error)

    def _report(self, error: SaveError) -> None:
        if self.on_error is not None:
            try:
                self.on_error(error)
            except Exception:
                logger.exception("on_error failed")

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing being written."""
        with self._cond:
            return not self._queue and not self._busy

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until everything submitted is on disk (or failed); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and not self._busy, timeout)

    def clear_later(self) -> Job[None]:
        """Queue deleting the autosave (after everything queued before); snapshots still
        waiting are dropped."""
        with self._cond:
            self._queue = [item for item in self._queue if not isinstance(item, _Snapshot)]

        def delete() -> None:
            if self.on_disk is None:  # not one this writer wrote: another game's is kept, not deleted
                keep_foreign_autosave(self.path)
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            self.on_disk = None

        return self.run("deleting the autosave", delete, self.path)

    def clear(self, timeout: float | None = 10.0) -> None:
        """Drop anything pending and delete the autosave; waits up to ``timeout`` seconds."""
        self.clear_later()
        self.flush(timeout)

    def close(self, timeout: float | None = 10.0) -> bool:
        """Write what is pending (waiting up to ``timeout`` s) and stop the worker.

        Returns False if something queued was not written in time."""
        done = self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None and done:
            self._thread.join(timeout)
        return done
