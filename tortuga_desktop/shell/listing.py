"""Folder listings that do not replay every file each time: a summary index per folder, and
reading folders on a worker thread.

Checking a save means replaying its whole record (about 40 ms a game), so listing thousands
of archived games by reading each file would freeze the window for minutes. Instead every
listed folder (named saves, the finished-game archive, the kept replays) has a summary index,
``<folder>/.index.json`` (a hidden file: no listing shows it), one JSON text per line::

    {"format": "tortuga-index", "version": 2, "kind": "saves"}
    [file name, size, mtime_ns, summary]
    ...

* A summary is what one line of a list shows (names, date, round, winners...) or, for a file
  that cannot be used, its error. It was made by reading and checking the whole file once.
* :func:`scan` lists a folder: a file whose size and modification time match its index entry
  uses the summary; any other file is read and checked again (a new, changed or replaced
  file), and files that are gone drop out. The index is rewritten when anything changed.
  Scanning is file work and may take long when the index is missing: run it with
  :func:`start_scan` (a worker thread that reports its progress), never on the frame loop.
* The index is validated when read: an entry of the wrong shape, a text the game could not
  draw or a count out of range is dropped (and its file read again); a damaged index is
  rebuilt. A summary is only ever used to *list*; opening a file always reads and checks it.
* :func:`note_file` adds one entry when the game writes a file it can describe (a finished
  game archived), so the next listing does not have to read it.
"""

from __future__ import annotations

import gc
import json
import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Generic, Literal, Protocol, TypedDict, TypeVar, cast, final, overload

from tortuga_desktop.games import DEFAULT_GAME
from tortuga_desktop.shell import paths
from tortuga_desktop.shell.visible import check_text, clean_text

#: what a piece of work returns
#: The most seats a summary may list (a bound on damaged files: the game's own reader checks its own limits).
MAX_SEATS = 16


T = TypeVar("T")

logger = logging.getLogger(__name__)

__all__ = ["INDEX_NAME", "KINDS", "ErrorSummary", "ReplaySummary", "SaveSummary", "Scan", "Summarise", "Summary",
           "check_summary", "error_summary", "note_file", "note_files", "read_index", "scan", "start_scan", "warm"]

INDEX_NAME = ".index.json"
INDEX_FORMAT = "tortuga-index"
INDEX_VERSION = 2
#: Listed folders: a kind names how a file is summarised and checked.
KINDS = ("saves", "replays")
#: An index larger than this is not read (it is rebuilt). 10,000 games take about 3 MB.
MAX_INDEX_BYTES = 64 * 1024 * 1024
#: Entries in one index at most (a folder with more files lists only the newest ones' reads).
MAX_ENTRIES = 200_000
#: While a long scan runs, the index is written every this many newly read files, so that a
#: scan that is interrupted (the game closed) does not start over next time.
_FLUSH_EVERY = 500

_TEXT = 200  # longest text in a summary (names are 40, dates about 25)

_lock = threading.RLock()  # one read-modify-write of an index file at a time (per process); re-entered by read_index


# ---------------------------------------------------------------- summaries
# What a summary holds, as :func:`check_summary` hands it out (and the index keeps it, as JSON). Final, so
# that ``"error" in summary`` tells a file that cannot be used from one that can.
@final
class ErrorParts(TypedDict):
    """Why a file cannot be used: its error's translation key, a technical detail, the message's parameters."""

    key: str
    detail: str
    params: dict[str, int | str]


@final
class ErrorSummary(TypedDict):
    """The summary of a file that cannot be used (of any kind)."""

    error: ErrorParts


@final
class SaveSummary(TypedDict):
    """A save's line in a list (``"saves"``)."""

    name: str
    saved_at: str
    game_id: str
    players: list[str]
    kinds: list[str]
    round: int
    phase: str
    finished: bool
    scores: list[int] | None
    winners: list[int] | None
    #: the game module's key
    game: str


@final
class ReplaySummary(TypedDict):
    """A kept record's line in a list (``"replays"``)."""

    game_id: str
    date: str
    names: list[str]
    kinds: list[str]
    winners: list[int]
    rounds: int
    finished: bool
    #: the game module's key
    game: str


#: a checked summary of either kind
Summary = SaveSummary | ReplaySummary | ErrorSummary


def _text(v: object, limit: int = _TEXT, *, empty: bool = True) -> str:
    """``v`` if it is a text the game can draw (:func:`.visible.check_text`), else ``ValueError``.

    Fast for what an index holds (10,000 entries are checked in well under a second): plain
    printable ASCII is visible as it is; any other text is checked character by character
    once and remembered."""
    if not isinstance(v, str) or len(v) > limit:
        raise ValueError("summary: expected a short text")
    if v.isascii() and v.isprintable() and (empty or v.strip()):
        return v
    if not _visible(v, empty):
        raise ValueError("summary: a text that cannot be drawn")
    return v


@lru_cache(maxsize=4096)
def _visible(v: str, empty: bool) -> bool:
    try:
        check_text(v, "summary", len(v), allow_empty=empty)
    except ValueError:
        return False
    return True


def _int(v: object, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError("summary: a count out of range")
    return v


def _ints(v: object, lo: int, hi: int, most: int) -> list[int]:
    if not isinstance(v, list) or len(v) > most:
        raise ValueError("summary: expected a short list of counts")
    return [_int(x, lo, hi) for x in v]


def _texts(v: object, most: int) -> list[str]:
    if not isinstance(v, list) or len(v) > most:
        raise ValueError("summary: expected a short list of texts")
    return [_text(x) for x in v]


def _error_parts(v: object) -> ErrorParts:
    if not isinstance(v, dict):
        raise ValueError("summary.error: expected an object")
    params = v.get("params", {})
    if not isinstance(params, dict) or len(params) > 8:
        raise ValueError("summary.error.params")
    clean: dict[str, int | str] = {}
    for k, p in params.items():
        _text(k, 40, empty=False)
        clean[k] = _int(p, -(10**9), 10**9) if isinstance(p, int) and not isinstance(p, bool) else _text(p)
    return ErrorParts(key=_text(v.get("key"), 80, empty=False), detail=_text(v.get("detail", ""), 500),
                      params=clean)


def check_summary(kind: str, data: object) -> Summary:
    """``data`` as a valid summary of ``kind`` (a new dict: a :class:`SaveSummary` for ``"saves"``, a
    :class:`ReplaySummary` for ``"replays"``, or either's :class:`ErrorSummary`); raises ``ValueError``."""
    if not isinstance(data, dict):
        raise ValueError("summary: expected an object")
    if "error" in data:
        return ErrorSummary(error=_error_parts(data["error"]))
    if kind == "saves":
        game = _text(data.get("game", DEFAULT_GAME), 40, empty=False)  # absent in indexes of one game
        most = MAX_SEATS
        names = _texts(data.get("players"), most)
        n = len(names)
        kinds = _texts(data.get("kinds"), most)
        if not 2 <= n <= most or len(kinds) != n:
            raise ValueError(f"summary: 2-{MAX_SEATS} players, one kind each")
        scores = data.get("scores")
        winners = data.get("winners")
        name, saved_at = _text(data.get("name"), 100), _text(data.get("saved_at"), 64)
        game_id = _text(data.get("game_id"), 64)
        round_, phase = _int(data.get("round"), 0, 10_000), _text(data.get("phase"), 20)
        score_list = None if scores is None else _ints(scores, -1000, 10_000, n)
        winner_list = None if winners is None else _ints(winners, 0, n - 1, n)
        if score_list is not None and len(score_list) != n:
            raise ValueError("summary: one score per player")
        if winner_list is not None and len(set(winner_list)) != len(winner_list):
            raise ValueError("summary: winners twice")
        return SaveSummary(name=name, saved_at=saved_at, game_id=game_id, players=names, kinds=kinds, round=round_,
                           phase=phase, finished=data.get("finished") is True, scores=score_list, winners=winner_list,
                           game=game)
    if kind == "replays":
        game = _text(data.get("game", DEFAULT_GAME), 40, empty=False)  # absent in indexes of one game
        most = MAX_SEATS
        names = _texts(data.get("names"), most)
        n = len(names)
        kinds = _texts(data.get("kinds"), most)
        if not 2 <= n <= most or len(kinds) != n:
            raise ValueError(f"summary: 2-{MAX_SEATS} players, one kind each")
        winners = _ints(data.get("winners"), 0, n - 1, n)
        if len(set(winners)) != len(winners):
            raise ValueError("summary: winners twice")
        return ReplaySummary(game_id=_text(data.get("game_id"), 64, empty=False), date=_text(data.get("date"), 40),
                             names=names, kinds=kinds, winners=winners, rounds=_int(data.get("rounds"), 0, 1000),
                             finished=data.get("finished") is True, game=game)
    raise ValueError(f"unknown listing kind {kind!r:.20}")


def _param(v: object) -> int | str:
    """An error's parameter as the index keeps it: a modest whole number, else short text."""
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 10**9:
        return v
    return clean_text(paths.display_path(str(v))[:_TEXT], _TEXT)


def error_summary(key: str, detail: str, params: Mapping[str, object]) -> dict[str, object]:
    """The summary of a file that cannot be used: its error's translation key, a technical
    detail and the message's parameters (cleaned and cut to what the index keeps)."""
    return {"error": {"key": key[:80], "detail": clean_text(paths.display_path(detail), 500),
                      "params": {k[:40]: _param(v) for k, v in list(params.items())[:8] if k != "file"}}}


#: How a folder's files are summarised: read and check one file (the slow part: a save is
#: replayed) and return what its line of a list shows, or :func:`error_summary` for a file that
#: cannot be used. Given by the module that owns the files (saves, records), so this index
#: knows no file format.
Summarise = Callable[[Path], Mapping[str, object]]


# ---------------------------------------------------------------- the index file
@dataclass(frozen=True)
class Entry:
    size: int
    mtime_ns: int
    summary: Summary


#: The last index read per folder, with the file's (size, mtime_ns): read again only when the
#: file changed (opening Statistics a second time does not parse 10,000 entries again).
_read_cache: dict[tuple[str, str], tuple[tuple[int, int], dict[str, Entry]]] = {}


def read_index(folder: Path, kind: str) -> dict[str, Entry]:
    """The valid entries of ``folder``'s index (empty when there is none or it is damaged)."""
    path = Path(folder) / INDEX_NAME
    try:
        st = os.stat(path)
    except OSError:
        st = None
    key = (str(path), kind)
    cached = _read_cache.get(key)
    if st is not None and cached is not None and cached[0] == (st.st_size, st.st_mtime_ns):
        return dict(cached[1])
    entries = _read_index_file(path, kind)
    if st is not None:
        with _lock:
            _read_cache[key] = ((st.st_size, st.st_mtime_ns), dict(entries))
    return entries


def _read_index_file(path: Path, kind: str) -> dict[str, Entry]:
    try:
        raw = paths.read_bytes_limited(path, MAX_INDEX_BYTES)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        logger.warning("the list index %s is unusable (%s): it is rebuilt", paths.display_path(path),
                       paths.display_path(str(exc)))
        return {}
    try:
        lines = raw.decode("utf-8").split("\n")
        head = json.loads(lines[0])
    except (UnicodeDecodeError, ValueError, RecursionError):
        logger.warning("the list index %s is damaged: it is rebuilt", paths.display_path(path))
        return {}
    if (not isinstance(head, dict) or head.get("format") != INDEX_FORMAT or head.get("version") != INDEX_VERSION
            or head.get("kind") != kind):
        logger.warning("the list index %s is not one this game wrote: it is rebuilt", paths.display_path(path))
        return {}
    out: dict[str, Entry] = {}
    dropped = 0
    # One small JSON text per line: parsing 10,000 entries as one text would hold the
    # interpreter for ~100 ms at a stretch and stall the frame loop; line by line it does not.
    for line in lines[1:MAX_ENTRIES + 1]:
        if not line.strip():
            continue
        try:
            e = json.loads(line)
            if not isinstance(e, list) or len(e) != 4:
                raise ValueError("entry: expected [name, size, mtime_ns, summary]")
            name = _text(e[0], 300, empty=False)
            if "/" in name or "\\" in name or name.startswith(".") or not name.endswith(".json"):
                raise ValueError("entry: not a file of this folder")
            out[name] = Entry(_int(e[1], 0, 2**62), _int(e[2], -(2**62), 2**62), check_summary(kind, e[3]))
        except (ValueError, RecursionError):
            dropped += 1
    if dropped:
        logger.warning("%d entries of the list index %s were unusable: their files are read again", dropped,
                       paths.display_path(path))
    return out


def _write_index(folder: Path, kind: str, entries: dict[str, Entry]) -> None:
    head = json.dumps({"format": INDEX_FORMAT, "version": INDEX_VERSION, "kind": kind})
    body = [json.dumps([n, e.size, e.mtime_ns, e.summary], ensure_ascii=False, allow_nan=False,
                       separators=(",", ":")) for n, e in entries.items() if _storable(n)]
    paths.atomic_write_text(Path(folder) / INDEX_NAME, "\n".join([head, *body]) + "\n")


def _storable(name: str) -> bool:
    """A file name the index can keep (one that is not valid UTF-8 is read every time)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _merge(folder: Path, kind: str, fresh: dict[str, Entry], present: set[str] | None) -> None:
    """Write ``fresh`` entries into the index (under the lock, re-reading it first so entries
    another thread wrote meanwhile are kept); ``present``: the files that exist (others drop)."""
    with _lock:
        entries = read_index(folder, kind)
        entries.update(fresh)
        if present is not None:
            entries = {n: e for n, e in entries.items() if n in present}
        try:
            _write_index(folder, kind, entries)
        except OSError as exc:  # a read-only folder still lists, only more slowly next time
            logger.warning("the list index of %s could not be written: %s", paths.display_path(folder),
                           paths.display_path(exc.strerror or str(exc)))


def note_file(path: Path, kind: str, summary: Mapping[str, object]) -> None:
    """Add ``path`` (just written by the game) to its folder's index with ``summary``
    (file work: call it on the writer). Never raises for a file problem: the next scan reads
    the file itself then."""
    note_files(path.parent, kind, [(path, summary)])


def note_files(folder: Path, kind: str, items: Sequence[tuple[Path, Mapping[str, object]]]) -> None:
    """:func:`note_file` for many files of ``folder`` at once (one index write)."""
    fresh: dict[str, Entry] = {}
    for path, summary in items:
        try:
            st = os.stat(path)
            fresh[path.name] = Entry(st.st_size, st.st_mtime_ns, check_summary(kind, summary))
        except (OSError, ValueError) as exc:
            logger.warning("could not index %s: %s", paths.display_name(path), exc)
    if fresh:
        _merge(Path(folder), kind, fresh, None)


# ---------------------------------------------------------------- scanning
Progress = Callable[[int, int], None]


def _files(folder: Path) -> list[tuple[str, int, int]]:
    """(name, size, mtime_ns) of the regular ``*.json`` files (no hidden or damaged copies);
    a folder that cannot be read raises ``OSError``; a missing one has none."""
    out: list[tuple[str, int, int]] = []
    try:
        it = os.scandir(folder)
    except FileNotFoundError:
        return out
    with it:
        for d in it:
            if d.name.startswith(".") or not d.name.endswith(".json") or ".bad-" in d.name:
                continue
            try:
                if not d.is_file(follow_symlinks=False):
                    continue
                st = d.stat(follow_symlinks=False)
            except OSError:
                continue
            out.append((d.name, st.st_size, st.st_mtime_ns))
    return out


@overload
def scan(folder: Path, kind: Literal["saves"], summarise: Summarise,
         progress: Progress | None = None) -> list[tuple[Path, SaveSummary | ErrorSummary, int]]: ...
@overload
def scan(folder: Path, kind: Literal["replays"], summarise: Summarise,
         progress: Progress | None = None) -> list[tuple[Path, ReplaySummary | ErrorSummary, int]]: ...
def scan(folder: Path, kind: Literal["saves", "replays"], summarise: Summarise,
         progress: Progress | None = None) -> (list[tuple[Path, SaveSummary | ErrorSummary, int]]
                                               | list[tuple[Path, ReplaySummary | ErrorSummary, int]]):
    """Every listable file of ``folder`` with its summary and modification time (ns), in no
    particular order. Files the index does not describe as they are now are read and checked
    with ``summarise`` (``progress(done, total)`` after each). Raises ``OSError`` when the
    folder cannot be read.

    A summary is the typed dict of its kind (:class:`SaveSummary`, :class:`ReplaySummary`) or an
    :class:`ErrorSummary`: every one was made by :func:`check_summary` for this ``kind``."""
    if kind not in KINDS:
        raise ValueError(f"unknown listing kind {kind!r:.20}")
    folder = Path(folder)
    files = _files(folder)
    index = read_index(folder, kind)
    todo = [f for f in files if (e := index.get(f[0])) is None or (e.size, e.mtime_ns) != (f[1], f[2])]
    fresh: dict[str, Entry] = {}
    last = time.monotonic()
    for done, (name, size, mtime) in enumerate(todo, 1):
        made = summarise(folder / name)
        try:
            summary = check_summary(kind, made)
        except ValueError as exc:  # a file that checks but cannot be described (a fault): listed as damaged
            logger.warning("cannot describe %s: %s", paths.display_name(folder / name), exc)
            summary = check_summary(kind, error_summary("error.save.invalid" if kind == "saves" else "error.replay.invalid",
                                                    str(exc), {"reason": str(exc)}))
        fresh[name] = Entry(size, mtime, summary)
        if progress is not None and (done == len(todo) or time.monotonic() - last > 0.1):
            last = time.monotonic()
            progress(done, len(todo))
        if done % _FLUSH_EVERY == 0:
            _merge(folder, kind, fresh, None)
    present = {f[0] for f in files}
    if fresh or set(index) - present:
        _merge(folder, kind, fresh, present)
    out = [(folder / name, (fresh.get(name) or index[name]).summary, mtime) for name, _size, mtime in files]
    # check_summary(kind, ...) made every summary (read_index checks with the same kind): of this kind or an error
    if kind == "saves":
        return cast(list[tuple[Path, SaveSummary | ErrorSummary, int]], out)
    return cast(list[tuple[Path, ReplaySummary | ErrorSummary, int]], out)


class Scan(Generic[T]):
    """One piece of folder work on a worker thread. Poll :attr:`done`; then :attr:`result`
    (what ``work`` returned) or :attr:`error` (the ``OSError`` that stopped it).
    :attr:`progress` is (files read, files to read) while it runs."""

    def __init__(self, name: str, work: Callable[[Progress], T]) -> None:
        self.name = name
        self.done = False
        #: None until done (and after an error): read it once done with :attr:`error` None
        self.result: T = cast(T, None)
        self.error: OSError | None = None
        self.progress: tuple[int, int] = (0, 0)
        self._work = work
        self._finished = threading.Event()

    def _report(self, done: int, total: int) -> None:
        self.progress = (done, total)

    def run(self) -> None:
        try:
            with _collector_paused():
                self.result = self._work(self._report)
        except OSError as exc:
            self.error = exc
        except Exception as exc:  # a fault: logged, shown by the caller as a folder it could not read
            logger.exception("%s failed", self.name)
            self.error = OSError(f"{type(exc).__name__}")
        finally:
            self.done = True
            self._finished.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the worker (tests and scripts only); True when it finished."""
        return self._finished.wait(timeout)


# The cyclic garbage collector, run from a worker that builds 10,000 list entries, walks
# every object of the program while holding the interpreter: 175-730 ms measured, during
# which the frame loop cannot draw. So it is paused while worker tasks run, and what they
# made is then frozen (gc.freeze: kept out of later full collections; objects are still
# freed as soon as nothing refers to them, only reference cycles made meanwhile stay).
_gc_lock = threading.Lock()
_gc_users = 0


@contextmanager
def _collector_paused() -> Iterator[None]:
    global _gc_users
    with _gc_lock:
        _gc_users += 1
        if _gc_users == 1:
            gc.disable()
    try:
        yield
    finally:
        with _gc_lock:
            _gc_users -= 1
            if _gc_users == 0:
                gc.freeze()
                gc.enable()


class _Runs(Protocol):
    """What a worker thread takes from the queue: a :class:`Scan` of any result type."""

    def run(self) -> None: ...


# Worker threads are started ahead (:func:`warm`) and kept: starting a thread makes the
# caller wait until it runs, which on a busy machine can take a frame's worth of time.
MAX_WORKERS = 4
_queue: queue.SimpleQueue[_Runs] = queue.SimpleQueue()
_pool_lock = threading.Lock()
_workers = 0
_idle = 0


#: how much lower than the frame thread the file workers run (added to the Linux thread nice value)
WORKER_NICENESS = 10


def _lower_priority() -> None:
    """Let the frame thread have the processor first when both want it (on a busy machine the
    frame otherwise waits behind a worker reading thousands of files; issue 24.3). Linux gives
    each thread its own nice value; elsewhere the threads keep the process's priority."""
    if not sys.platform.startswith("linux"):
        return
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + WORKER_NICENESS))
    except OSError as exc:  # e.g. a sandbox that forbids it: the lists are still read
        logger.warning("file worker keeps normal priority: %s", exc)


def _worker() -> None:
    global _idle
    _lower_priority()
    while True:
        task = _queue.get()
        with _pool_lock:
            _idle -= 1
        try:
            task.run()
        finally:
            with _pool_lock:
                _idle += 1


def _add_worker() -> None:
    global _workers, _idle
    _workers += 1
    _idle += 1
    threading.Thread(target=_worker, name=f"tortuga-files-{_workers}", daemon=True).start()


def warm(count: int = 2) -> None:
    """Start ``count`` worker threads now (at start-up), so later work never waits for one."""
    with _pool_lock:
        while _workers < min(count, MAX_WORKERS):
            _add_worker()


def start_scan(name: str, work: Callable[[Progress], T]) -> Scan[T]:
    """Run ``work(progress)`` on a worker thread (a new one only when none is free, at most
    :data:`MAX_WORKERS`; beyond that the work waits its turn)."""
    task = Scan(name, work)
    with _pool_lock:
        if _idle - _queue.qsize() <= 0 and _workers < MAX_WORKERS:
            _add_worker()
    _queue.put(task)
    return task
