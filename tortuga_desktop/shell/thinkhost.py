"""Thinking off the process that draws the window, for every game: :class:`ThinkHost` runs
functions named by an import path ("package.module:function") in worker processes.

A search in pure Python on a thread of the window's process holds the interpreter lock for most
of its time, and the frame loop waits for it. The host runs the same work in separate processes:

- a task names its function by path (the worker imports it) and carries only data: what the
  game gives it, which is only what the seat may know (a seat's view, a level and a seed, a
  finished game's record); nothing else of the program crosses over. The host knows no game;
- ``stop_at`` (a ``time.perf_counter`` moment of the submitting process) reaches the function
  as ``deadline=``, a moment on the worker's own clock; ``progress`` (a callback, called on the
  host's thread) reaches it as ``progress=``, a function it calls with the fraction done;
- a :class:`Home` keeps state between tasks (a table's computer players, which observe the
  game's events): its tasks run one after the other, in order, on one worker, and the function
  gets the home's state (a dict, kept in that worker) as its first argument. When that worker
  ends, the state is gone: every task of the home fails with :class:`WorkerCrashed` from then
  on (:attr:`Home.broken` says why), and the owner opens a new home and builds its state again;
- :meth:`ThinkHost.submit` returns a :class:`concurrent.futures.Future`; ``future.cancel()``
  works while the task runs: the worker doing it is stopped at once and a fresh one takes its
  place (its answer never arrives; the homes it held are broken);
- a worker that dies (killed, out of memory, a crash in a library) is logged and a new one is
  started; a task without a home is taken over by the new worker, and one whose second worker
  dies too fails with :class:`WorkerCrashed`;
- when workers cannot start or keep dying (:data:`MAX_DEATHS_IN_A_ROW` in a row without an
  answer, e.g. a worker that cannot import the program: exit code 1 or 255 at start), the host
  stops starting processes and thinks on one thread of this process instead
  (:attr:`ThinkHost.fallback` says why; the owner tells the player once, through
  :attr:`ThinkHost.fallback_told`): slower, and the window's frames share the interpreter with
  the search, but the games go on with their computer players' own decisions, never random ones.
  Homes whose worker never started move to that thread with their tasks, in order;
- :meth:`ThinkHost.shutdown` asks the workers to stop, waits a moment and ends the ones that do
  not; it returns only once every worker process has ended, and from the moment it is called no
  worker is started any more (not even for one that dies meanwhile). The program's host
  (:func:`shared_host`) is shut down by an exit hook that runs before multiprocessing's own.

Why the last point matters most in the one-file executable (PyInstaller): there a worker is the
executable started again (``tortuga_desktop/__main__.py`` calls ``freeze_support`` first); it runs
from the folder the running game was unpacked into, which the executable's outer process deletes
as soon as the game's process has exited. A worker still alive, or started, while the program
exits is cut off from its own files (it fails, or, as it tried to start after multiprocessing's
exit hook had begun joining the workers, the program waited on it for ever). Workers ignore
Ctrl-C (the terminal sends it to all of the program's processes): the host stops them, and an
interrupted worker would only print a traceback.

Workers are started with "spawn" (a fresh interpreter: a copy of the window's process made by
"fork" would hold its display, sound and threads). A host of N workers starts none when it is made:
a task starts one when it finds every worker running or holding work (a home's first task starts
one for itself while every worker keeps a home), up to N; once started, a worker is kept (a new
one takes a moment to import what its tasks need). A program that never thinks starts no process,
and one game's table with computer players keeps one worker busy and starts a second only for
work beside it (a hint asked while a computer player thinks).

Pure Python: no pygame and no game's code.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import itertools
import logging
import multiprocessing as mp
import os
import queue
import signal
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection, wait
from typing import Any

from tortuga_desktop import thinking

log = logging.getLogger(__name__)

#: seconds a worker gets to stop by itself at shutdown before it is ended
STOP_GRACE_S = 1.0
#: workers that die one after the other without answering anything: the host gives up on
#: processes (a worker that cannot even start would otherwise be restarted for ever)
MAX_DEATHS_IN_A_ROW = 3
#: how much lower than the game's window a worker's scheduling priority is (Unix ``nice``): on a
#: busy machine the frames come first and thinking takes longer
WORKER_NICE = 10
#: True in a worker process of a :class:`ThinkHost` (a function may check where it runs)
IN_WORKER = False


class WorkerCrashed(RuntimeError):
    """The worker process running a task stopped before it answered (or, for a :class:`Home`'s
    task, the worker that kept the home's state has ended)."""


@dataclass(frozen=True)
class Task:
    """One piece of thinking: ``func`` ("package.module:function") called with ``args`` and
    ``kwargs``; ``stop_at``: a ``time.perf_counter`` moment of the submitting process, turned into
    seconds left (``stop_in``) when the task is handed to a worker, and into ``deadline=`` there;
    ``home``: the :class:`Home` whose state the function gets first (0: none); ``progress``: the
    function gets ``progress=``."""

    func: str
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()
    stop_at: float | None = None
    stop_in: float | None = None
    home: int = 0
    progress: bool = False


_funcs: dict[str, Callable[..., Any]] = {}


def resolve(path: str) -> Callable[..., Any]:
    """The function named by ``path`` ("package.module:function"), imported on first use."""
    fn = _funcs.get(path)
    if fn is None:
        module, sep, name = path.partition(":")
        if not sep or not module or not name:
            raise ValueError(f"a thinking task names its function 'package.module:function', not {path!r}")
        fn = _funcs[path] = getattr(importlib.import_module(module), name)
    return fn


def _run(task: Task, homes: dict[int, dict[str, Any]], report: Callable[[float], None]) -> Any:
    """Carry out ``task`` (``homes``: the homes' states where it runs; ``report``: sends the task's
    progress, 0-1, to the host)."""
    fn = resolve(task.func)
    kwargs = dict(task.kwargs)
    if task.stop_in is not None:
        kwargs["deadline"] = time.perf_counter() + task.stop_in
    if task.progress:
        kwargs["progress"] = report
    if task.home:
        return fn(homes.setdefault(task.home, {}), *task.args, **kwargs)
    return fn(*task.args, **kwargs)


def worker_pid() -> int:
    """The process a task runs in (:func:`probe`, tests)."""
    return os.getpid()


#: what a worker sends once it runs (it imported the program): task id 0 is never a task's
_READY = (0, None, 0.0)

#: a job: (task id, future, task, tries so far)
_Job = tuple[int, Future[Any], Task, int]


def _worker(conn: Connection) -> None:  # pragma: no cover - runs in the worker process
    """A worker's loop: (id, task) in, (id, ok, result or error text) out; ("forget", home) drops
    a home's state; None stops it."""
    global IN_WORKER
    IN_WORKER = True
    # Ctrl-C in a terminal reaches every process of the program: the window's process decides
    # what happens, and the host stops this one
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(WORKER_NICE)
    homes: dict[int, dict[str, Any]] = {}
    try:
        conn.send(_READY)  # it could import the program: a death from now on is not a failed start
    except (OSError, ValueError):
        return
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        if msg[0] == "forget":
            homes.pop(msg[1], None)
            continue
        tid, task = msg

        def report(fraction: float, tid: int = tid) -> None:
            conn.send((tid, None, fraction))

        try:
            out = (tid, True, _run(task, homes, report))
        except Exception as exc:  # the caller gets the fault; the worker goes on
            out = (tid, False, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(out)
        except (OSError, ValueError):
            return


def _succeed(fut: Future[Any], result: Any) -> None:
    """Give ``fut`` its result, unless its owner cancelled it meanwhile: an owner cancels from its own
    thread at any moment (a table that closes), and a cancelled future refuses a result with
    InvalidStateError, which would stop the thread answering every task."""
    with contextlib.suppress(InvalidStateError):
        fut.set_result(result)


def _fail(fut: Future[Any], exc: BaseException) -> None:
    """Fail ``fut`` with ``exc``, unless its owner cancelled it meanwhile (see :func:`_succeed`)."""
    with contextlib.suppress(InvalidStateError):
        fut.set_exception(exc)


class _Worker:
    def __init__(self, ctx: Any, name: str) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child,), name=name, daemon=True)
        self.proc.start()
        child.close()
        #: the task it runs
        self.job: _Job | None = None
        #: it said it runs (a worker that dies before that failed to start: its task is not to blame)
        self.ready = False
        #: the homes whose state it keeps, and their tasks waiting, in order
        self.homes: set[int] = set()
        self.pinned: deque[_Job] = deque()

    def end(self) -> None:
        """Stop the process now (a cancelled or stuck task)."""
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(timeout=STOP_GRACE_S)
        self.conn.close()


@dataclass(eq=False)
class Home:
    """State kept between tasks in one worker (see the module docstring). Made by
    :meth:`ThinkHost.home`; :meth:`close` lets the state go."""

    host: ThinkHost
    id: int
    #: why its state is gone ("" while it is kept): its tasks fail with :class:`WorkerCrashed`
    broken: str = ""
    closed: bool = False
    _worker: _Worker | None = field(default=None, repr=False)
    #: a task of it was handed to its worker (so its state there is the worker's)
    _ran: bool = field(default=False, repr=False)

    def submit(self, func: str, *args: Any, stop_at: float | None = None, **kwargs: Any) -> Future[Any]:
        """:meth:`ThinkHost.submit` of a task that gets this home's state first."""
        return self.host.submit(func, *args, stop_at=stop_at, home=self, **kwargs)

    def close(self) -> None:
        """Its waiting tasks are cancelled and its state is let go (a running task finishes)."""
        self.host._close_home(self)


class ThinkHost:
    """Worker processes that think for the games (see the module docstring). ``processes=False``:
    the same on one thread of this process from the start (no fallback: it was asked for)."""

    def __init__(self, workers: int = 1, *, processes: bool = True, start_method: str = "spawn",
                 on_crash: Callable[[str], None] | None = None) -> None:
        if workers < 1:
            raise ValueError("a thinking host needs at least one worker")
        self._ctx = mp.get_context(start_method)
        # re-entrant: a future's callbacks run on the manager thread and may submit again
        self._lock = threading.RLock()
        #: called (on the manager thread) with the task's function when a worker dies under a task
        #: without a home, so the owner can tell the player (the task is taken over by a new worker)
        self.on_crash = on_crash
        self._queue: deque[_Job] = deque()
        self._ids = itertools.count(1)
        self._names = itertools.count(1)
        self._home_ids = itertools.count(1)
        self._homes: dict[int, Home] = {}
        self._closed = False
        #: workers that died unasked (tests and the log read it)
        self.crashes = 0
        self._deaths_in_a_row = 0
        self._progress: dict[int, Callable[[float], None]] = {}
        #: why the host thinks on a thread of this process ("" while its workers do the thinking,
        #: or when a thread was asked for): set once workers keep stopping; from then on no
        #: process is started
        self.fallback = ""
        #: set by the owner once it has told the player about :attr:`fallback` (told once per program)
        self.fallback_told = False
        self.processes = processes
        self._local: _LocalThinker | None = None if processes else _LocalThinker(self._progress)
        #: the worker processes, started as tasks need them (:meth:`_grow`), at most :attr:`size`
        self._workers: list[_Worker] = []
        #: how many workers the host may run
        self.size = workers
        #: the manager thread and its wake-up pipe (none on a thread from the start: nothing to manage)
        self._thread = threading.Thread(target=self._manage, name="tortuga-think-host", daemon=True)
        if processes:
            self._wake_r, self._wake_w = self._ctx.Pipe(duplex=False)
            self._thread.start()

    # -- submitting ------------------------------------------------------------------------

    def home(self) -> Home:
        """A new :class:`Home` (its worker is chosen at its first task)."""
        with self._lock:
            h = Home(self, next(self._home_ids))
            self._homes[h.id] = h
            return h

    def submit(self, func: str, *args: Any, stop_at: float | None = None,
               progress: Callable[[float], None] | None = None, home: Home | None = None,
               **kwargs: Any) -> Future[Any]:
        """Run ``func(*args, **kwargs)`` (``func``: "package.module:function") in a worker; see the
        module docstring for ``stop_at``, ``progress`` and ``home``."""
        task = Task(func, tuple(args), tuple(sorted(kwargs.items())), stop_at=stop_at,
                    home=home.id if home is not None else 0, progress=progress is not None)
        fut: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the thinking host is shut down")
            if home is not None:
                if home.closed or home.host is not self:
                    raise RuntimeError("that home is closed")
                if home.broken:
                    fut.set_exception(WorkerCrashed(home.broken))
                    return fut
            if progress is not None:
                self._progress[id(fut)] = progress
                fut.add_done_callback(lambda f: self._progress.pop(id(f), None))
            job: _Job = (next(self._ids), fut, task, 0)
            if self._local is not None:  # workers cannot run (or a thread was asked for)
                self._local.put(job)
                return fut
            if home is not None:
                w = home._worker
                if w is None:
                    w = home._worker = self._worker_for_home()
                    w.homes.add(home.id)
                w.pinned.append(job)
            else:
                self._queue.append(job)
            self._grow()
        fut.add_done_callback(self._on_done)
        self._wake()
        return fut

    def _close_home(self, home: Home) -> None:
        with self._lock:
            if home.closed:
                return
            home.closed = True
            self._homes.pop(home.id, None)
            w, home._worker = home._worker, None
            if w is not None:
                w.homes.discard(home.id)
                for job in [j for j in w.pinned if j[2].home == home.id]:
                    w.pinned.remove(job)
                    job[1].cancel()
                with contextlib.suppress(OSError, ValueError):
                    w.conn.send(("forget", home.id))
            elif self._local is not None:
                self._local.forget(home.id)

    # -- stopping --------------------------------------------------------------------------

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = True) -> None:
        """Stop the workers; unfinished tasks are cancelled (``cancel_futures``, the default)
        or failed. ``wait`` waits for the processes to be gone."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            queued = list(self._queue)
            self._queue.clear()
            for w in self._workers:
                queued += w.pinned
                w.pinned.clear()
        for _tid, fut, _task, _tries in queued:
            if not (cancel_futures and fut.cancel()) and not fut.done():
                _fail(fut, RuntimeError("the thinking host was shut down"))
        if self._local is not None:
            self._local.stop()
        self._wake()
        if wait and self.processes:
            self._thread.join(timeout=STOP_GRACE_S + 2.0)
            # whatever the manager thread is still doing, no worker outlives the host (no new one
            # can be started now: see _new_worker); a worker left running at the program's exit
            # would lose the one-file executable's unpacked folder under it
            for w in list(self._workers):
                if w.proc.is_alive():
                    w.proc.kill()
                w.proc.join(timeout=STOP_GRACE_S)

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> ThinkHost:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.shutdown()

    @property
    def pids(self) -> list[int]:
        """The worker processes' ids (tests)."""
        with self._lock:
            return [w.proc.pid or 0 for w in self._workers]

    def busy_pids(self) -> list[int]:
        """The ids of the workers running a task now (tests)."""
        with self._lock:
            return [w.proc.pid or 0 for w in self._workers if w.job is not None]

    def home_pid(self, home: Home) -> int | None:
        """The id of the worker keeping ``home``'s state (None: none yet, or a thread; tests)."""
        with self._lock:
            return home._worker.proc.pid if home._worker is not None else None

    # -- the manager thread ----------------------------------------------------------------

    def _new_worker(self) -> _Worker:
        """A new worker process (with the lock held). Never once the host is closing: a process
        started then could outlive the program (see the module docstring)."""
        if self._closed:
            raise RuntimeError("the thinking host is shut down: no new worker")
        return _Worker(self._ctx, f"tortuga-think-{next(self._names)}")

    def _worker_for_home(self) -> _Worker:
        """The worker for a home's first task (with the lock held): a new one while every worker keeps a
        home and there is room, else the one keeping the fewest homes."""
        if len(self._workers) < self.size and all(w.homes for w in self._workers):
            self._workers.append(self._new_worker())
            return self._workers[-1]
        return min(self._workers, key=lambda x: len(x.homes))

    def _grow(self) -> None:
        """Start workers (with the lock held) while the waiting tasks without a home outnumber the workers
        that run nothing and hold no home's task, up to :attr:`size`."""
        occupied = sum(1 for w in self._workers if w.job is not None or w.pinned)
        while len(self._workers) < self.size and occupied + len(self._queue) > len(self._workers):
            self._workers.append(self._new_worker())

    def _wake(self) -> None:
        if not self.processes:
            return
        with contextlib.suppress(OSError, ValueError):  # the host is being torn down
            self._wake_w.send_bytes(b"!")

    def _on_done(self, fut: Future[Any]) -> None:
        if fut.cancelled():
            self._wake()  # the manager stops the worker running it

    def _manage(self) -> None:
        try:
            self._loop()
        except Exception:  # pragma: no cover - a fault here would leave callers waiting forever
            log.exception("the thinking host stopped")
            self._fail_all("the thinking host stopped")
        finally:
            self._stop_workers()

    def _next_job(self, w: _Worker) -> _Job | None:
        """The next task for ``w``: its homes' first, in order, then any other."""
        while w.pinned:
            job = w.pinned.popleft()
            if not job[1].cancelled():
                return job
        while self._queue:
            job = self._queue.popleft()
            if not job[1].cancelled():
                return job
        return None

    def _loop(self) -> None:
        while True:
            with self._lock:
                closed = self._closed
                # cancelled tasks: their worker is ended and replaced at once (not once the host is
                # closing: a process started then may be cut off before it has read what to run,
                # and prints a traceback from multiprocessing's start-up as the program exits)
                for i, w in enumerate(self._workers):
                    if w.job is not None and w.job[1].cancelled():
                        w.job = None
                        w.end()
                        if not closed:
                            self._workers[i] = self._hand_over(w, self._new_worker(), "a task was cancelled")
                if closed:
                    for w in self._workers:
                        if w.job is not None and not w.job[1].done():
                            _fail(w.job[1], RuntimeError("the thinking host was shut down"))
                            w.job = None
                    return
                for w in self._workers:
                    while w.job is None:
                        job = self._next_job(w)
                        if job is None:
                            break
                        task = job[2]
                        if task.stop_at is not None:  # seconds left now, on the worker's clock
                            task = replace(task, stop_in=max(0.0, task.stop_at - time.perf_counter()),
                                           stop_at=None)
                        try:
                            w.conn.send((job[0], task))
                        except (OSError, ValueError):  # a dead worker: found below
                            (w.pinned if task.home else self._queue).appendleft(job)
                            break
                        w.job = job
                        home = self._homes.get(task.home) if task.home else None
                        if home is not None:
                            home._ran = True
                waits: list[Any] = [self._wake_r]
                if not self.fallback:
                    for w in self._workers:
                        waits.extend((w.conn, w.proc.sentinel))
            ready = wait(waits, timeout=1.0)
            if self._wake_r in ready:
                while self._wake_r.poll():
                    self._wake_r.recv_bytes()
            with self._lock:
                for i, w in enumerate(self._workers):
                    if w.conn in ready or not w.proc.is_alive():
                        self._receive(w)
                    # a worker that died once the host is closing is not replaced (the loop's next
                    # turn fails its task and stops the rest)
                    if not w.proc.is_alive() and not self.fallback and not self._closed:
                        self._workers[i] = self._replace_dead(w)

    def _receive(self, w: _Worker) -> None:
        """Everything ``w`` has sent (all of it before its death is looked at)."""
        with contextlib.suppress(OSError, ValueError):
            while w.conn.poll():
                try:
                    tid, ok, result = w.conn.recv()
                except (EOFError, OSError):
                    return  # the process died: the caller sees it through its sentinel
                self._answer(w, tid, ok, result)

    def _answer(self, w: _Worker, tid: int, ok: bool | None, result: Any) -> None:
        if tid == 0:
            w.ready = True
            return
        job = w.job
        if job is None or job[0] != tid:
            return
        if ok is None:  # progress of a task still running
            report = self._progress.get(id(job[1]))
            if report is not None and not job[1].done():
                try:
                    report(float(result))
                except Exception:
                    log.exception("a thinking task's progress hook failed")
            return
        w.job = None
        self._deaths_in_a_row = 0
        fut = job[1]
        if fut.done():  # cancelled meanwhile
            return
        if ok:
            _succeed(fut, result)
        else:
            _fail(fut, RuntimeError(f"thinking failed in the worker: {result}"))

    def _hand_over(self, old: _Worker, new: _Worker | None, why: str) -> _Worker:
        """``old`` has ended: the homes it kept go to ``new`` (None: the thread of this process) when
        it never ran anything, else their state is gone and they are broken. Returns ``old`` when
        ``new`` is None."""
        homes = [self._homes[h] for h in sorted(old.homes) if h in self._homes]
        lost = {h.id for h in homes if old.ready and h._ran}
        jobs = list(old.pinned)
        old.homes, old.pinned = set(), deque()
        for h in homes:
            h._ran = False
            if h.id in lost:
                h.broken, h._worker = f"the thinking process keeping its state ended ({why})", None
            elif new is not None:
                h._worker = new
                new.homes.add(h.id)
            else:
                h._worker = None
        for job in jobs:
            if job[2].home in lost or job[2].home not in self._homes:
                if not job[1].done():
                    _fail(job[1], WorkerCrashed(f"the thinking process keeping its state ended ({why})"))
            elif new is not None:
                new.pinned.append(job)
            else:
                assert self._local is not None
                self._local.put(job)
        return new if new is not None else old

    def _replace_dead(self, w: _Worker) -> _Worker:
        code = w.proc.exitcode
        w.end()
        job, w.job = w.job, None
        why = f"exit code {code}"
        self._deaths_in_a_row += 1
        if job is not None and job[1].done():
            job = None
        if self._deaths_in_a_row >= MAX_DEATHS_IN_A_ROW and not self.fallback:
            self.fallback = f"thinking processes keep stopping ({why})"
            log.error("%s; computer players think on a thread of the game's process from now on", self.fallback)
            self.crashes += 1
            self._local = _LocalThinker(self._progress)
            if job is not None and job[2].home and w.ready:
                _fail(job[1], WorkerCrashed(f"the thinking process keeping its state ended ({why})"))
            elif job is not None:
                (w.pinned if job[2].home else self._queue).appendleft(job)
            jobs = list(self._queue)
            self._queue.clear()
            for other in self._workers:  # no process thinks any more
                if other.job is not None:
                    (other.pinned if other.job[2].home else self._queue).appendleft(other.job)
                    other.job = None
                if other is not w:
                    other.end()
                self._hand_over(other, None, why)
            for item in jobs + list(self._queue):
                self._local.put(item)
            self._queue.clear()
            return w
        if job is not None and not w.ready and code is not None and code > 0:
            # it could not start (it exited by itself before it ran: e.g. it cannot import the program):
            # the task is not to blame and waits for the next worker
            self.crashes += 1
            log.error("a thinking process stopped (%s) before it could run; a new one is started", why)
            (w.pinned if job[2].home else self._queue).appendleft(job)
        elif job is not None and job[2].home:
            self.crashes += 1
            log.error("a thinking process stopped (%s) during a task with state; its owner builds it again", why)
            _fail(job[1], WorkerCrashed(f"the thinking process keeping its state ended ({why})"))
        elif job is not None:
            self.crashes += 1
            tid, fut, task, tries = job
            if tries == 0:
                log.error("a thinking process stopped (%s) during a task; a new one takes the task over", why)
                self._queue.appendleft((tid, fut, task, 1))
                if self.on_crash is not None:
                    try:
                        self.on_crash(task.func)
                    except Exception:
                        log.exception("the thinking host's crash hook failed")
            else:
                log.error("a thinking process stopped (%s) during a task; the task fails", why)
                _fail(fut, WorkerCrashed(f"the thinking process stopped ({why})"))
        elif not self._closed:
            self.crashes += 1
            log.error("an idle thinking process stopped (%s); a new one is started", why)
        return self._hand_over(w, self._new_worker(), why)

    def _fail_all(self, why: str) -> None:  # pragma: no cover - see _manage
        with self._lock:
            jobs = list(self._queue) + [w.job for w in self._workers if w.job is not None]
            for w in self._workers:
                jobs += w.pinned
                w.pinned.clear()
            self._queue.clear()
        for _tid, fut, _task, _tries in jobs:
            if not fut.done():
                _fail(fut, RuntimeError(why))

    def _stop_workers(self) -> None:
        with self._lock:
            workers = list(self._workers)
        for w in workers:
            with contextlib.suppress(OSError, ValueError):
                w.conn.send(None)
        deadline = time.monotonic() + STOP_GRACE_S
        for w in workers:
            w.proc.join(timeout=max(0.0, deadline - time.monotonic()))
            w.end()
        self._wake_r.close()
        self._wake_w.close()


class _LocalThinker:
    """The host's thinking on one daemon thread of this process (workers cannot run, or a thread
    was asked for). Tasks run one at a time in order; a cancelled task that has not started is
    skipped (one that runs cannot be stopped: its answer is dropped)."""

    def __init__(self, progress: dict[int, Callable[[float], None]]) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._progress = progress
        self._homes: dict[int, dict[str, Any]] = {}
        self._stopped = False
        self._thread = threading.Thread(target=self._serve, name="tortuga-think-local", daemon=True)
        self._thread.start()

    def put(self, job: _Job) -> None:
        if self._stopped:
            if not job[1].done():
                _fail(job[1], RuntimeError("the thinking host was shut down"))
            return
        self._jobs.put(job)

    def forget(self, home: int) -> None:
        self._homes.pop(home, None)

    def stop(self) -> None:
        """Fail or cancel what waits; the task running ends by its own deadline (never joined: it
        holds no process, and a daemon thread does not keep the program from exiting)."""
        self._stopped = True
        self._jobs.put(None)

    def _serve(self) -> None:
        thinking.share_the_interpreter()  # the window's frames come first
        while True:
            job = self._jobs.get()
            if job is None or self._stopped:
                self._drain()
                return
            _tid, fut, task, _tries = job
            if not fut.set_running_or_notify_cancel():
                continue
            if task.stop_at is not None:
                task = replace(task, stop_in=max(0.0, task.stop_at - time.perf_counter()), stop_at=None)

            def report(fraction: float, fut: Future[Any] = fut) -> None:
                hook = self._progress.get(id(fut))
                if hook is not None:
                    hook(fraction)

            try:
                result = _run(task, self._homes, report)
            except Exception as exc:
                log.exception("thinking failed on the game's own thread")
                _fail(fut, RuntimeError(f"thinking failed: {type(exc).__name__}: {exc}"))
            else:
                _succeed(fut, result)

    def _drain(self) -> None:
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                return
            if job is not None and not job[1].done() and not job[1].cancel():
                _fail(job[1], RuntimeError("the thinking host was shut down"))


def probe(timeout: float = 20.0) -> str:
    """Start one worker process and have it answer: "" when it does, else why not (``tortuga
    --version`` says where computer players think on this machine)."""
    host = ThinkHost(1)
    try:
        fut = host.submit(f"{__name__}:worker_pid")
        try:
            fut.result(timeout=timeout)
        except Exception as exc:
            return host.fallback or f"no answer from a thinking process ({type(exc).__name__})"
        return host.fallback
    finally:
        host.shutdown()


_shared: ThinkHost | None = None
_shared_lock = threading.Lock()


def shared_host() -> ThinkHost:
    """The program's host for every game's thinking (up to two workers: a hint asked while a computer
    player thinks need not wait for it; each started by the first task that needs it and kept: a new
    process takes a moment to start). A host that was shut down is replaced; one that thinks on a
    thread (:attr:`ThinkHost.fallback`) is kept: its workers could not run."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared.closed:
            _shared = ThinkHost(2)
            atexit.register(_shared.shutdown)  # before multiprocessing's own exit hook kills the workers
        return _shared


def reset_shared() -> None:
    """Shut the program's host down and forget it (tests; the next :func:`shared_host` starts a new one)."""
    global _shared
    with _shared_lock:
        host, _shared = _shared, None
    if host is not None:
        host.shutdown()


__all__ = ["IN_WORKER", "MAX_DEATHS_IN_A_ROW", "STOP_GRACE_S", "WORKER_NICE", "Home", "Task", "ThinkHost",
           "WorkerCrashed", "probe", "reset_shared", "resolve", "shared_host", "worker_pid"]
