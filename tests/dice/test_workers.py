"""The dice game's thinking in the shell's thinking host (tortuga_desktop/shell/thinkhost.py): answers,
immediate cancel, a killed worker replaced, a clean shutdown."""

from __future__ import annotations

import logging
import os
import signal
import time
from concurrent.futures import CancelledError

import pytest

from tortuga_desktop import thinking
from tortuga_desktop.games.dice.ai import make_bot, tasks
from tortuga_desktop.games.dice.rules import Game, PlayerView
from tortuga_desktop.shell import thinkhost
from tortuga_desktop.shell.thinkhost import MAX_DEATHS_IN_A_ROW, ThinkHost, WorkerCrashed, shared_host


def _view(seed: int = 3, players: int = 4) -> PlayerView:
    g = Game.new(players, seed, log=False)
    return g.view(g.pending()[0].seat)


def _long_evaluation(pool: ThinkHost, view: PlayerView) -> object:
    """A task that runs for seconds (many worlds, a long time cap)."""
    return tasks.submit_evaluation(pool, view, 1, max_worlds=100_000, time_cap_s=60.0)


def _wait_for(cond: object, timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():  # type: ignore[operator]
            return True
        time.sleep(0.02)
    return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is not thinking any more
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def test_a_decision_in_a_worker_is_the_bots_own() -> None:
    views = [_view(s) for s in (3, 4, 5)]
    with ThinkHost(1) as pool:
        for level in ("normal", "easy"):
            for v in views:
                got = tasks.submit_decision(pool, level, 17, v).result(timeout=60)
                assert got == make_bot(level, 17).decide(v)
        got = tasks.submit_decision(pool, "expert", 17, views[0], time.perf_counter() + 0.5).result(timeout=60)
        g = Game.new(4, 3, log=False)
        assert got.action in g.legal_actions(views[0].viewer)
        with pytest.raises(ValueError):  # a computer player decides from its own seat's view only
            tasks.submit_decision(pool, "normal", 1, Game.new(4, 3, log=False).view(None))


def test_cancel_stops_the_worker_at_once_and_a_new_one_answers() -> None:
    v = _view()
    with ThinkHost(1) as pool:
        fut = _long_evaluation(pool, v)
        assert _wait_for(lambda: pool.busy_pids())
        busy = pool.busy_pids()[0]
        t = time.monotonic()
        assert fut.cancel()  # type: ignore[attr-defined]
        assert _wait_for(lambda: not _alive(busy), 5.0)
        assert time.monotonic() - t < 2.0
        with pytest.raises(CancelledError):
            fut.result()  # type: ignore[attr-defined]
        assert busy not in pool.pids
        assert tasks.submit_decision(pool, "normal", 2, v).result(timeout=60) == make_bot("normal", 2).decide(v)


def test_a_killed_worker_is_logged_replaced_and_its_task_taken_over(caplog: pytest.LogCaptureFixture) -> None:
    v = _view()
    told: list[str] = []
    with ThinkHost(1, on_crash=told.append) as pool:
        fut = tasks.submit_evaluation(pool, v, 1, max_worlds=200, time_cap_s=60.0)
        assert _wait_for(lambda: pool.busy_pids())
        victim = pool.busy_pids()[0]
        with caplog.at_level(logging.ERROR, logger="tortuga_desktop.shell.thinkhost"):
            os.kill(victim, signal.SIGKILL)
            result = fut.result(timeout=120)
        assert result.worlds > 0 and result.candidates
        assert pool.crashes == 1 and told == [tasks.EVALUATE]
        assert victim not in pool.pids
        assert any("thinking process stopped" in r.getMessage() for r in caplog.records)
        assert tasks.submit_decision(pool, "normal", 2, v).result(timeout=60) == make_bot("normal", 2).decide(v)


def test_a_task_that_kills_its_worker_fails_and_the_pool_thinks_on_a_thread_after_repeats() -> None:
    assert MAX_DEATHS_IN_A_ROW == 3
    with ThinkHost(1) as pool:
        with pytest.raises(WorkerCrashed):  # its worker died, and the one that took the task over too
            pool.submit("think_fake:crash").result(timeout=60)
        assert pool.crashes == 2 and not pool.fallback
        with pytest.raises(RuntimeError, match="game's own process"):  # the third in a row: on the thread
            pool.submit("think_fake:crash").result(timeout=60)
        assert "keep stopping" in pool.fallback
        pids = pool.pids
        v = _view()  # the bot's own decision, on a thread of this process (no new worker is started)
        assert tasks.submit_decision(pool, "normal", 2, v).result(timeout=60) == make_bot("normal", 2).decide(v)
        assert pool.pids == pids and not any(_alive(p) for p in pids)


def test_shutdown_ends_the_workers_and_cancels_what_waits() -> None:
    v = _view()
    pool = ThinkHost(1)
    running = _long_evaluation(pool, v)
    waiting = tasks.submit_decision(pool, "normal", 2, v)
    assert _wait_for(lambda: pool.busy_pids())
    pids = pool.pids
    pool.shutdown(wait=True)
    assert waiting.cancelled()
    assert running.done() and not running.cancelled()  # type: ignore[attr-defined]
    assert _wait_for(lambda: not any(_alive(p) for p in pids), 5.0)
    with pytest.raises(RuntimeError):
        tasks.submit_decision(pool, "normal", 2, v)


def test_a_closing_pool_starts_no_worker_for_a_cancelled_task() -> None:
    """A game that ends cancels its bot's search; when the program then exits, the pool used to
    start a replacement process while closing, which the exit cut off before it had read its
    start-up data (a multiprocessing traceback, "EOFError: Ran out of input", after the game)."""
    v = _view()
    pool = ThinkHost(1)
    running = _long_evaluation(pool, v)
    assert _wait_for(lambda: pool.busy_pids())
    pids = pool.pids
    with pool._lock:  # the manager sees the cancel and the close together
        running.cancel()  # type: ignore[attr-defined]
        pool.shutdown(wait=False)
    pool._thread.join(timeout=30)
    assert not pool._thread.is_alive()
    assert pool.pids == pids  # no new process was started
    assert next(pool._names) == 2
    assert _wait_for(lambda: not any(_alive(p) for p in pids), 5.0)


def test_a_worker_that_dies_while_the_pool_closes_is_not_replaced() -> None:
    """Once shutdown has begun no worker is started, not even for one that dies then (Ctrl-C or
    multiprocessing's exit hook ends workers as the program exits). In the one-file executable a
    process started then runs from the unpacked folder the exiting program is about to delete: it
    failed, or multiprocessing's exit hook waited on it for ever."""
    pool = ThinkHost(1)
    assert tasks.submit_decision(pool, "normal", 2, _view()).result(timeout=60)  # the worker is up
    pids = pool.pids
    with pool._lock:  # the manager sees the death and the close together
        os.kill(pids[0], signal.SIGKILL)
        assert _wait_for(lambda: not _alive(pids[0]), 10.0)
        time.sleep(0.3)  # the manager has woken on the death and waits for the lock
        pool.shutdown(wait=False)
    pool._thread.join(timeout=30)
    assert not pool._thread.is_alive()
    assert pool.pids == pids  # no new process was started
    assert next(pool._names) == 2


def test_shutdown_returns_only_once_every_worker_has_ended(monkeypatch: pytest.MonkeyPatch) -> None:
    """The program's exit hook (shutdown) must not return while a worker still runs, even when the
    pool's own thread is late stopping them (a busy machine): the one-file executable deletes its
    unpacked folder as soon as the program's process has exited."""
    pool = ThinkHost(2)
    both = [tasks.submit_decision(pool, "normal", 2, _view()) for _ in range(2)]  # one worker each
    assert all(f.result(timeout=60) for f in both)
    pids = pool.pids
    assert len(pids) == 2
    stop = ThinkHost._stop_workers

    def late(self: ThinkHost) -> None:
        time.sleep(8.0)  # longer than shutdown waits for the thread
        stop(self)

    monkeypatch.setattr(ThinkHost, "_stop_workers", late)
    pool.shutdown(wait=True)
    assert not any(_alive(p) for p in pids)
    pool._thread.join(timeout=30)
    assert next(pool._names) == len(pids) + 1  # and none was started meanwhile


def test_ctrl_c_leaves_the_workers_to_the_pool() -> None:
    """Ctrl-C in a terminal reaches every process of the program. A worker used to die of it with
    a KeyboardInterrupt traceback (and the pool started another while the program exited); the
    window's process decides what Ctrl-C does, and the pool stops its workers."""
    v = _view()
    with ThinkHost(1) as pool:
        first = tasks.submit_decision(pool, "normal", 2, v).result(timeout=60)
        pids = pool.pids
        os.kill(pids[0], signal.SIGINT)
        time.sleep(0.5)
        assert _alive(pids[0])
        assert tasks.submit_decision(pool, "normal", 2, v).result(timeout=60) == first
        assert pool.pids == pids and pool.crashes == 0


@pytest.fixture
def in_processes(monkeypatch: pytest.MonkeyPatch) -> object:
    """The game's bots think in the program's thinking host (as in the program)."""
    monkeypatch.setattr(thinking, "ENABLED", True)
    thinkhost.reset_shared()  # a fresh one: other tests' tables think in the program's host too
    yield thinkhost
    thinkhost.reset_shared()


def _play(players: int, seed: int, levels: tuple[str, ...], limit: int = 4000) -> tuple[object, object]:
    from tortuga_desktop.games.dice.table.controller import GameController, demo_seats

    seats = demo_seats(players, seed, levels)
    c = GameController(Game.new(players, seed, names=[s.name for s in seats], log=False), seats, pacing=None)
    for _ in range(limit):
        if c.is_over:
            break
        c.poll(budget_s=0.5)
    c.close()
    return c.game.record(), c


def test_the_games_bots_think_in_a_worker_process_and_play_the_same_game(in_processes: object) -> None:
    record, c = _play(2, 5, ("normal", "easy"))
    assert c.game.is_over and not c.notices  # type: ignore[attr-defined]
    assert thinkhost._shared is not None and thinkhost._shared.pids
    thinking.ENABLED = False  # the same game on the thread, as before
    assert _play(2, 5, ("normal", "easy"))[0] == record


def test_a_worker_killed_while_a_bot_thinks_is_shown_and_the_game_goes_on(in_processes: object) -> None:
    from tortuga_desktop.games.dice.table.controller import GameController, demo_seats

    seats = demo_seats(2, 6, ("expert",))
    c = GameController(Game.new(2, 6, names=[s.name for s in seats], log=False), seats, pacing=None)
    c.poll()
    pool = shared_host()
    assert _wait_for(lambda: pool.busy_pids())
    os.kill(pool.busy_pids()[0], signal.SIGKILL)
    events: list[object] = []
    # asked again in a new worker, although the table holds the game (it is no new decision)
    assert _wait_for(lambda: bool(events.extend(c.poll(start_new=False)) or events), 60.0)
    assert ("table.notice.worker_restarted", {}) in c.notices
    assert pool.crashes == 1
    c.close()


def test_a_hint_is_computed_in_a_worker_and_cancelled_at_once(in_processes: object) -> None:
    from tortuga_desktop.games.dice.ai.evaluate import evaluate
    from tortuga_desktop.games.dice.table.controller import LocalTableSource
    from tortuga_desktop.games.dice.table.hints import HINT_CAP_S, hint_job
    from tortuga_desktop.shell.saves import SeatConfig

    g = Game.new(2, 8, log=False)
    seat = g.pending()[0].seat
    source = LocalTableSource(g, [SeatConfig("Anna", "human", 0), SeatConfig("Bart", "human", 1)], pacing=None)
    job = hint_job(source, seat)
    job.start()
    assert job.future is not None and job.done.wait(60)
    assert job.result is not None and not job.error
    here = evaluate(job.view, job.seed, seat=seat, time_cap_s=HINT_CAP_S)
    assert [(c.action, c.worlds) for c in job.result.candidates] == [(c.action, c.worlds) for c in here.candidates]

    slow = hint_job(source, seat)
    slow.future = tasks.submit_evaluation(shared_host(), slow.view, 1, max_worlds=100_000, time_cap_s=60.0)
    slow.future.add_done_callback(slow._arrived)
    pool = shared_host()
    assert _wait_for(lambda: pool.busy_pids())
    t = time.monotonic()
    slow.cancel()
    assert slow.done.wait(2.0) and time.monotonic() - t < 2.0 and slow.result is None


def test_the_review_runs_in_a_worker_with_its_progress(in_processes: object) -> None:
    from tortuga_desktop.games.dice.ai.review import review_game

    g = Game.new(2, 9, log=False)
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    for _ in range(30):  # the first rounds are enough to compare
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    record = g.record()
    seen: list[float] = []
    got = tasks.submit_review(shared_host(), record, [0], progress=seen.append, chart_worlds=4).result(timeout=300)
    here = review_game(record, [0], chart_worlds=4)
    assert got.chances == here.chances and got.moments == here.moments
    assert seen and seen == sorted(seen) and 0 < seen[-1] <= 1.0
