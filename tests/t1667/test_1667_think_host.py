"""Tortuga 1667's computer players on the shell's thinking host (tortuga_desktop/shell/thinkhost.py): a Hard
seat whose worker process is killed while it thinks is built again from its seat's events in a new worker, and
the game goes on with Hard's own decisions (the same game as with the seat inline)."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tortuga_desktop.games.t1667.ai.seat import FACTORY
from tortuga_desktop.games.t1667.table.engine import T1667Engine
from tortuga_desktop.shell import thinkhost
from tortuga_desktop.shell.table import BotSpec, LocalTable

LEVELS = ("hard", "easy")
#: decisions compared (the Hard seat makes about half of them)
UPTO = 24


@pytest.fixture
def fresh_host() -> Iterator[None]:
    thinkhost.reset_shared()
    yield
    thinkhost.reset_shared()


def _table(think: str) -> LocalTable[Any, Any, Any]:
    engine = T1667Engine.new(2, seed=4)
    bots = {s: BotSpec(FACTORY, LEVELS[s], 40 + s) for s in range(2)}
    t: LocalTable[Any, Any, Any] = LocalTable(engine, names=engine.names, kinds=list(LEVELS), humans=(), bots=bots,
                                              think=think)
    t.bot_chat = False  # talk is outside the rules; when a rebuilt seat speaks again is not compared here
    return t


def _entries(t: LocalTable[Any, Any, Any]) -> list[Any]:
    rec = t.record()
    assert rec is not None
    return list(rec["entries"])[:UPTO]


def test_a_hard_seat_whose_worker_is_killed_goes_on_with_its_own_decisions(fresh_host: None) -> None:
    ref = _table("inline")
    while ref.engine.decisions < UPTO and not ref.is_over:
        ref.poll()
    with _table("process") as t:
        end = time.monotonic() + 240
        host = t._players.host
        assert host is not None and host.processes
        # wait until the Hard seat (0) thinks in its worker, a few decisions into the game
        while not (t.engine.decisions >= 4 and 0 in t.thinking() and t.worker_pid in host.busy_pids()):
            assert time.monotonic() < end and t.engine.decisions < UPTO, t.notices
            t.poll(0.02)
        victim = t.worker_pid
        assert victim is not None
        os.kill(victim, signal.SIGKILL)
        killed_at = t.engine.decisions
        while t.engine.decisions < UPTO and not t.is_over:
            assert time.monotonic() < end, t.notices
            t.poll(0.05)
        assert ("table.notice.worker_restarted", {}) in t.notices
        assert not any(k == "notice.bot_stopped" for k, _ in t.notices)
        assert t.worker_pid != victim and host.crashes == 1
        hard_after = [e for e in _entries(t)[killed_at:] if e[0] == 0]
        assert hard_after  # Hard decided again after its worker was killed ...
        assert _entries(t) == _entries(ref)  # ... as it decides inline: its own decisions, never random ones
