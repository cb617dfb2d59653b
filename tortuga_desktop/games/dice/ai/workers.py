"""Thinking in worker processes: a computer player's decision, a hint's evaluation, off the
process that draws the window.

A search in pure Python on a thread of the window's process holds the interpreter lock for
most of its time, and the frame loop waits for it (issue 29: frames over 33 ms while Expert
thinks). :class:`ThinkPool` runs the same work in separate processes instead:

- a task carries only what the seat may know: the seat's :class:`~tortuga_desktop.games.dice.rules.PlayerView`
  (or the public view, for a hint at a shared screen), the bot's level and seed, and a time to
  stop by; the worker builds the bot from the level and seed (bots keep no state between
  decisions that changes what they decide), so nothing hidden crosses over;
- :meth:`ThinkPool.submit_decision` and :meth:`ThinkPool.submit_evaluation` return a
  :class:`concurrent.futures.Future`; ``future.cancel()`` works while the task runs: the worker
  doing it is stopped at once and a fresh one takes its place (its answer never arrives);
- a worker that dies (killed, out of memory, a crash in a library) is logged, its task fails
  with :class:`WorkerCrashed` for the caller to show and fall back from, and a new worker is
  started for the next task;
- :meth:`ThinkPool.shutdown` asks the workers to stop, waits a moment and ends the ones that
  do not; it returns only once every worker process has ended, and from the moment it is called
  no worker is started any more (not even for one that dies meanwhile). The program's pool
  (:func:`shared_pool`) is shut down by an exit hook that runs before multiprocessing's own.

Why the last point matters most in the one-file executable (PyInstaller): there a worker is the
executable started again; it runs from the folder the running game was unpacked into, which the
executable's outer process deletes as soon as the game's process has exited. A worker still
alive, or started, while the program exits is cut off from its own files (it fails, or, as it
tried to start after multiprocessing's exit hook had begun joining the workers, the program
waited on it for ever). Workers ignore Ctrl-C (the terminal sends it to all of the program's
processes): the pool stops them, and an interrupted worker would only print a traceback.

Workers are started with "spawn" (a fresh interpreter: a copy of the window's process made by
"fork" would hold its display, sound and threads). A new worker takes a moment to import the
rules and bots, so the pool starts its workers when it is made and keeps them for the game.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import logging
import multiprocessing as mp
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from typing import Any

from ..rules import PlayerView

log = logging.getLogger(__name__)

#: seconds a worker gets to stop by itself at shutdown before it is ended
STOP_GRACE_S = 1.0
#: workers that die one after the other without answering anything: the pool gives up (a
#: worker that cannot even start would otherwise be restarted for ever)
MAX_DEATHS_IN_A_ROW = 3


class WorkerCrashed(RuntimeError):
    """The worker process running a task stopped before it answered."""


@dataclass(frozen=True)
class Task:
    """One piece of thinking. ``op`` "decide": ``make_bot(level, seed).decide_by(view, stop)``
    (``stop_in``: seconds from when the worker starts it, or None); "evaluate":
    ``evaluate(view, seed, **options)``; "review": ``review_game(record, **options)`` of a
    finished game (its record, ``record``), reporting its progress; "crash" (tests): the
    worker process dies.

    ``stop_at`` is a ``time.perf_counter`` moment of the submitting process; it is turned into
    seconds left (``stop_in``) when the task is handed to a worker."""

    op: str
    view: PlayerView | None
    level: str = ""
    seed: int = 0
    stop_in: float | None = None
    options: tuple[tuple[str, Any], ...] = ()
    stop_at: float | None = None
    record: Any = None


def _run(task: Task, bots: dict[tuple[str, int], Any], report: Callable[[float], None]) -> Any:
    """Carry out ``task`` in the worker (``bots``: the worker's bots by level and seed;
    ``report``: sends the task's progress, 0-1, to the pool)."""
    if task.op == "decide":
        from . import make_bot

        assert task.view is not None
        bot = bots.get((task.level, task.seed))
        if bot is None:
            bot = bots[(task.level, task.seed)] = make_bot(task.level, task.seed)
        decide_by = getattr(bot, "decide_by", None)
        if task.stop_in is not None and callable(decide_by):
            return decide_by(task.view, time.perf_counter() + task.stop_in)
        return bot.decide(task.view)
    if task.op == "evaluate":
        from .evaluate import evaluate

        assert task.view is not None
        return evaluate(task.view, task.seed, **dict(task.options))
    if task.op == "review":
        from .review import review_game

        if task.record is None:
            raise ValueError("a review needs the game's record")
        return review_game(task.record, progress=report, **dict(task.options))
    if task.op == "crash":
        os._exit(3)
    raise ValueError(f"unknown thinking task {task.op!r}")


#: how much lower than the game's window a worker's scheduling priority is (Unix ``nice``):
#: on a busy machine the frames come first and thinking takes longer (bots count their own CPU
#: time, so they decide the same, unless an R9.1 pacing deadline cuts a held search short)
WORKER_NICE = 10


def _worker(conn: Connection) -> None:  # pragma: no cover - runs in the worker process
    """A worker's loop: (id, task) in, (id, ok, result or error text) out; None stops it."""
    # Ctrl-C in a terminal reaches every process of the program: the window's process decides
    # what happens, and the pool stops this one
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(WORKER_NICE)
    bots: dict[tuple[str, int], Any] = {}
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        tid, task = msg

        def report(fraction: float, tid: int = tid) -> None:
            conn.send((tid, None, fraction))

        try:
            out = (tid, True, _run(task, bots, report))
        except Exception as exc:  # the caller gets the fault; the worker goes on
            out = (tid, False, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(out)
        except (OSError, ValueError):
            return


class _Worker:
    def __init__(self, ctx: Any, name: str) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child,), name=name, daemon=True)
        self.proc.start()
        child.close()
        #: the task it runs: (task id, future, task, tries so far)
        self.job: tuple[int, Future[Any], Task, int] | None = None

    def end(self) -> None:
        """Stop the process now (a cancelled or stuck task)."""
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(timeout=STOP_GRACE_S)
        self.conn.close()


class ThinkPool:
    """Worker processes that think for the game (see the module docstring)."""

    def __init__(self, workers: int = 1, *, start_method: str = "spawn",
                 on_crash: Callable[[str], None] | None = None) -> None:
        if workers < 1:
            raise ValueError("a thinking pool needs at least one worker")
        self._ctx = mp.get_context(start_method)
        self._size = workers
        # re-entrant: a future's callbacks run on the manager thread and may submit again
        self._lock = threading.RLock()
        #: called (on the manager thread) with the task's kind when a worker dies under a task,
        #: so the owner can tell the player (the task itself is taken over by a new worker)
        self.on_crash = on_crash
        self._queue: deque[tuple[int, Future[Any], Task, int]] = deque()
        self._ids = itertools.count(1)
        self._names = itertools.count(1)
        self._closed = False
        #: workers that died unasked (tests and the log read it)
        self.crashes = 0
        self._deaths_in_a_row = 0
        self._progress: dict[int, Callable[[float], None]] = {}
        #: why the pool gave up ("" while it works): submitting then raises at once
        self.broken = ""
        self._wake_r, self._wake_w = self._ctx.Pipe(duplex=False)
        self._workers = [self._new_worker() for _ in range(workers)]
        self._thread = threading.Thread(target=self._manage, name="tortuga-think-pool", daemon=True)
        self._thread.start()

    # -- submitting ------------------------------------------------------------------------

    def submit_decision(self, level: str, seed: int, view: PlayerView, stop_at: float | None = None) -> Future[Any]:
        """A computer player's decision (a :class:`~tortuga_desktop.games.dice.ai.BotChoice`): the bot of
        ``level`` and ``seed`` deciding from ``view``; ``stop_at`` (a ``time.perf_counter``
        moment of this process) is when its search must be done by."""
        if not isinstance(view.viewer, int):
            raise ValueError("a computer player decides from its own seat's view")
        return self._submit(Task("decide", view, level, seed, stop_at=stop_at))

    def submit_evaluation(self, view: PlayerView, seed: int, **options: Any) -> Future[Any]:
        """A hint's or the review's evaluation (:func:`~tortuga_desktop.games.dice.ai.evaluate.evaluate`)."""
        return self._submit(Task("evaluate", view, seed=seed, options=tuple(sorted(options.items()))))

    def submit_review(self, record: Any, humans: list[int], *, progress: Callable[[float], None] | None = None,
                      **options: Any) -> Future[Any]:
        """The game review (:func:`~tortuga_desktop.games.dice.ai.review.review_game`) of a finished game's
        record for the seats in ``humans``; ``progress`` is called (on the pool's thread) with
        the fraction done as the worker reports it."""
        opts = tuple(sorted({**options, "humans": list(humans)}.items()))
        fut = self._submit(Task("review", None, options=opts, record=record))
        if progress is not None:
            with self._lock:
                self._progress[id(fut)] = progress
            fut.add_done_callback(lambda f: self._progress.pop(id(f), None))
        return fut

    def _submit(self, task: Task) -> Future[Any]:
        fut: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the thinking pool is shut down")
            if self.broken:  # the caller learns it from the future, as from any failed task
                fut.set_exception(WorkerCrashed(self.broken))
                return fut
            self._queue.append((next(self._ids), fut, task, 0))
        fut.add_done_callback(self._on_done)
        self._wake()
        return fut

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
        for _tid, fut, _task, _tries in queued:
            if not (cancel_futures and fut.cancel()) and not fut.done():
                fut.set_exception(RuntimeError("the thinking pool was shut down"))
        self._wake()
        if wait:
            self._thread.join(timeout=STOP_GRACE_S + 2.0)
            # whatever the manager thread is still doing, no worker outlives the pool (no new one
            # can be started now: see _new_worker); a worker left running at the program's exit
            # would lose the one-file executable's unpacked folder under it
            for w in list(self._workers):
                if w.proc.is_alive():
                    w.proc.kill()
                w.proc.join(timeout=STOP_GRACE_S)

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> ThinkPool:
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

    # -- the manager thread ----------------------------------------------------------------

    def _new_worker(self) -> _Worker:
        """A new worker process (with the lock held). Never once the pool is closing: a process
        started then could outlive the program (see the module docstring)."""
        if self._closed:
            raise RuntimeError("the thinking pool is shut down: no new worker")
        return _Worker(self._ctx, f"tortuga-think-{next(self._names)}")

    def _wake(self) -> None:
        with contextlib.suppress(OSError, ValueError):  # the pool is being torn down
            self._wake_w.send_bytes(b"!")

    def _on_done(self, fut: Future[Any]) -> None:
        if fut.cancelled():
            self._wake()  # the manager stops the worker running it

    def _manage(self) -> None:
        try:
            self._loop()
        except Exception:  # pragma: no cover - a fault here would leave callers waiting forever
            log.exception("the thinking pool stopped")
            self._fail_all("the thinking pool stopped")
        finally:
            self._stop_workers()

    def _loop(self) -> None:
        while True:
            with self._lock:
                closed = self._closed
                # cancelled tasks: their worker is ended and replaced at once (not once the pool is
                # closing: a process started then may be cut off before it has read what to run,
                # and prints a traceback from multiprocessing's start-up as the program exits)
                for i, w in enumerate(self._workers):
                    if w.job is not None and w.job[1].cancelled():
                        w.end()
                        if not closed:
                            self._workers[i] = self._new_worker()
                if closed:
                    for w in self._workers:
                        if w.job is not None and not w.job[1].done():
                            w.job[1].set_exception(RuntimeError("the thinking pool was shut down"))
                            w.job = None
                    return
                for w in self._workers:
                    while w.job is None and self._queue:
                        job = self._queue.popleft()
                        if job[1].cancelled():
                            continue
                        task = job[2]
                        if task.stop_at is not None:  # seconds left now, on the worker's clock
                            task = replace(task, stop_in=max(0.0, task.stop_at - time.perf_counter()),
                                           stop_at=None)
                        try:
                            w.conn.send((job[0], task))
                        except (OSError, ValueError):
                            self._queue.appendleft(job)  # a dead worker: found below
                            break
                        w.job = job
                waits: list[Any] = [self._wake_r]
                if not self.broken:
                    for w in self._workers:
                        waits.extend((w.conn, w.proc.sentinel))
            ready = wait(waits, timeout=1.0)
            if self._wake_r in ready:
                while self._wake_r.poll():
                    self._wake_r.recv_bytes()
            with self._lock:
                for i, w in enumerate(self._workers):
                    if w.conn in ready:
                        self._receive(w)
                    # a worker that died once the pool is closing is not replaced (the loop's next
                    # turn fails its task and stops the rest)
                    if not w.proc.is_alive() and not self.broken and not self._closed:
                        self._workers[i] = self._replace_dead(w)

    def _receive(self, w: _Worker) -> None:
        try:
            tid, ok, result = w.conn.recv()
        except (EOFError, OSError):
            return  # the process died: the caller sees it through its sentinel
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
            fut.set_result(result)
        else:
            fut.set_exception(RuntimeError(f"thinking failed in the worker: {result}"))

    def _replace_dead(self, w: _Worker) -> _Worker:
        code = w.proc.exitcode
        w.end()
        job = w.job
        self._deaths_in_a_row += 1
        if self._deaths_in_a_row >= MAX_DEATHS_IN_A_ROW and not self.broken:
            self.broken = f"thinking processes keep stopping (exit code {code})"
            log.error("%s; the pool gives up", self.broken)
            jobs = list(self._queue) + ([job] if job is not None else [])
            self._queue.clear()
            for _tid, fut, _task, _tries in jobs:
                if not fut.done():
                    fut.set_exception(WorkerCrashed(self.broken))
            self.crashes += 1
            w.job = None
            return w
        if job is not None and not job[1].done():
            self.crashes += 1
            tid, fut, task, tries = job
            if tries == 0 and task.op != "crash":
                log.error("a thinking process stopped (exit code %s) during a %s task; a new one "
                          "takes the task over", code, task.op)
                self._queue.appendleft((tid, fut, task, 1))
                if self.on_crash is not None:
                    try:
                        self.on_crash(task.op)
                    except Exception:
                        log.exception("the thinking pool's crash hook failed")
            else:
                log.error("a thinking process stopped (exit code %s) during a %s task; the task fails",
                          code, task.op)
                fut.set_exception(WorkerCrashed(f"the thinking process stopped (exit code {code})"))
        elif not self._closed:
            self.crashes += 1
            log.error("an idle thinking process stopped (exit code %s); a new one is started", code)
        return self._new_worker()

    def _fail_all(self, why: str) -> None:  # pragma: no cover - see _manage
        with self._lock:
            jobs = list(self._queue) + [w.job for w in self._workers if w.job is not None]
            self._queue.clear()
        for _tid, fut, _task, _tries in jobs:
            if not fut.done():
                fut.set_exception(RuntimeError(why))

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


_shared: ThinkPool | None = None
_shared_lock = threading.Lock()


def shared_pool() -> ThinkPool:
    """The program's pool for its games and hints (two workers: a hint asked while a computer
    player thinks need not wait for it; started on first use and kept: a new process takes a
    moment to start). A pool that was shut down is replaced; one that gave up
    (:attr:`ThinkPool.broken`) is kept, so its tasks fail at once with the reason."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared.closed:
            _shared = ThinkPool(2)
            atexit.register(_shared.shutdown)  # before multiprocessing's own exit hook kills the workers
        return _shared


__all__ = ["MAX_DEATHS_IN_A_ROW", "STOP_GRACE_S", "WORKER_NICE", "Task", "ThinkPool", "WorkerCrashed", "shared_pool"]
