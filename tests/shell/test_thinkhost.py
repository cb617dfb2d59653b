"""The shell's thinking host (tortuga_desktop/shell/thinkhost.py) with tasks of no game (tests/think_fake.py):
functions named by path, deadlines and progress, homes that keep state in one worker, what a killed or
cancelled worker does to them, a host that thinks on a thread, and a shutdown that leaves no process."""

from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import CancelledError

import pytest

from tortuga_desktop.shell import thinkhost
from tortuga_desktop.shell.thinkhost import ThinkHost, WorkerCrashed, resolve


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def _wait_for(cond: object, timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():  # type: ignore[operator]
            return True
        time.sleep(0.02)
    return False


def test_a_task_names_its_function_and_gets_a_deadline_and_progress() -> None:
    with pytest.raises(ValueError):
        resolve("think_fake.nap")  # not "module:function"
    seen: list[float] = []
    with ThinkHost(1) as host:
        pid, deadline = host.submit("think_fake:nap", 5.0, stop_at=time.perf_counter() + 0.3,
                                    progress=seen.append).result(timeout=60)
        assert pid in host.pids and pid != os.getpid()
        assert deadline is not None and seen and set(seen) == {0.5}
        with pytest.raises(RuntimeError, match="ZeroDivisionError"):  # a fault in the task: the caller gets it
            host.submit("operator:truediv", 1, 0).result(timeout=60)
        assert host.submit("operator:add", 1, 2).result(timeout=60) == 3  # and the worker goes on
        assert host.crashes == 0


def test_a_home_keeps_its_state_in_one_worker_in_order_until_closed() -> None:
    with ThinkHost(2) as host:
        a, b = host.home(), host.home()
        got_a = [a.submit("think_fake:count") for _ in range(5)]
        got_b = [b.submit("think_fake:count") for _ in range(2)]
        ra = [f.result(timeout=60) for f in got_a]
        rb = [f.result(timeout=60) for f in got_b]
        assert [n for n, _ in ra] == [1, 2, 3, 4, 5] and [n for n, _ in rb] == [1, 2]
        assert len({p for _, p in ra}) == 1 and {p for _, p in ra} != {p for _, p in rb}  # spread over the workers
        a.close()
        with pytest.raises(RuntimeError):
            a.submit("think_fake:count")
        again = host.home()
        assert again.submit("think_fake:count").result(timeout=60)[0] == 1


def test_workers_start_when_a_task_needs_one_and_no_more_than_the_host_may_run() -> None:
    """A host starts no process when it is made, nor for a home until its first task; a table's home keeps one
    worker; a task beside that worker's work (a hint while a computer player thinks) starts the second; the
    program's host starts none before a task (a session whose games never think starts no process)."""
    with ThinkHost(2) as host:
        home = host.home()
        time.sleep(0.2)
        assert host.pids == []
        n, first = home.submit("think_fake:count").result(timeout=60)
        assert n == 1 and host.pids == [first]
        assert home.submit("think_fake:count").result(timeout=60) == (2, first)  # the home's worker, kept
        assert host.submit("operator:add", 1, 2).result(timeout=60) == 3 and host.pids == [first]  # it was free
        thinking = home.submit("think_fake:home_nap", 60.0)
        assert _wait_for(lambda: host.busy_pids() == [first])
        beside, _ = host.submit("think_fake:nap", 0.0).result(timeout=60)
        assert beside != first and host.pids == [first, beside]
        more = [host.submit("think_fake:nap", 0.5) for _ in range(3)]
        assert [f.result(timeout=60)[0] for f in more] == [beside] * 3 and host.pids == [first, beside]  # two at most
        assert thinking.cancel()
    thinkhost.reset_shared()
    try:
        shared = thinkhost.shared_host()
        shared.home()
        assert shared.pids == [] and shared.size == 2
    finally:
        thinkhost.reset_shared()


def test_a_killed_worker_breaks_the_homes_it_kept_and_a_new_home_starts_afresh() -> None:
    with ThinkHost(1) as host:
        home = host.home()
        n, pid = home.submit("think_fake:count").result(timeout=60)
        assert n == 1 and host.home_pid(home) == pid
        os.kill(pid, signal.SIGKILL)
        assert _wait_for(lambda: home.broken, 20.0)
        with pytest.raises(WorkerCrashed):  # its state is gone: the owner builds it again
            home.submit("think_fake:count").result(timeout=60)
        n2, pid2 = host.home().submit("think_fake:count").result(timeout=60)
        assert n2 == 1 and pid2 != pid and host.crashes == 1


def test_cancel_ends_the_worker_running_a_homes_task_and_a_new_one_answers() -> None:
    with ThinkHost(1) as host:
        home = host.home()
        assert home.submit("think_fake:count").result(timeout=60)[0] == 1
        long = home.submit("think_fake:home_nap", 60.0)
        assert _wait_for(lambda: host.busy_pids())
        busy = host.busy_pids()[0]
        t = time.monotonic()
        assert long.cancel()
        assert _wait_for(lambda: not _alive(busy), 5.0) and time.monotonic() - t < 2.0
        with pytest.raises(CancelledError):
            long.result()
        assert _wait_for(lambda: home.broken, 20.0) and busy not in host.pids
        assert host.home().submit("think_fake:count").result(timeout=60)[0] == 1
        assert host.crashes == 0  # a cancel is not a crash


def test_a_host_asked_to_think_on_a_thread_starts_no_process() -> None:
    host = ThinkHost(1, processes=False)
    try:
        home = host.home()
        assert [home.submit("think_fake:count").result(timeout=60) for _ in range(2)] == [(1, os.getpid()),
                                                                                          (2, os.getpid())]
        assert host.pids == [] and host.fallback == ""
        with pytest.raises(RuntimeError, match="game's own process"):  # a crash task cannot end this process
            host.submit("think_fake:crash").result(timeout=60)
    finally:
        host.shutdown()


def test_shutdown_leaves_no_process_and_fails_what_waits() -> None:
    host = ThinkHost(2)
    home = host.home()
    assert home.submit("think_fake:count").result(timeout=60)
    waiting = [home.submit("think_fake:home_nap", 60.0), home.submit("think_fake:count")]
    running = host.submit("think_fake:nap", 60.0)  # the home's worker is busy: a second one starts for it
    assert _wait_for(lambda: len(host.busy_pids()) == 2)
    pids = host.pids
    host.shutdown(wait=True)
    assert not any(_alive(p) for p in pids)
    assert running.done() and all(f.done() for f in waiting)
    with pytest.raises(RuntimeError):
        host.submit("think_fake:count")


def test_a_task_cancelled_while_its_answer_arrives_leaves_the_host_answering(monkeypatch: pytest.MonkeyPatch) -> None:
    """An owner cancels a task from its own thread at any moment (a table that closes). When the cancel falls
    between the host's check that the task is still open and its setting the answer, the answer is dropped:
    the host's thread used to stop on the cancelled future's InvalidStateError and answer nothing more."""
    from concurrent.futures import Future

    racy: list[Future[object]] = []
    made: list[Future[object]] = []

    class RacyFuture(Future[object]):
        def __init__(self) -> None:
            super().__init__()
            if not made:  # the first task's
                made.append(self)
                racy.append(self)

        def done(self) -> bool:
            was = super().done()
            if not was and self in racy and threading.current_thread().name == "tortuga-think-host":
                racy.remove(self)
                self.cancel()  # the owner, just after the host looked
            return was

    monkeypatch.setattr(thinkhost, "Future", RacyFuture)
    with ThinkHost(1) as host:
        first = host.submit("operator:add", 1, 2)
        assert _wait_for(lambda: first.cancelled(), 30.0) and not racy
        assert host.submit("operator:add", 2, 3).result(timeout=20) == 5
        assert host.home().submit("think_fake:count").result(timeout=20)[0] == 1
