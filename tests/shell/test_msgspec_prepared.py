"""msgspec builds what it knows of a type the first time it converts to it, partly in Python; several
threads doing that at once for the same types crashed the process with a segmentation fault (msgspec
0.22: two headless 1667 clients in one test process; reproduced below in 5 of 40 runs before the fix).
``shell.saves.text.prepared`` builds it once per type, under a lock, and every conversion of data read
from a file or the network goes through it."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import threading
from pathlib import Path

import msgspec
import pytest

from tortuga_desktop.shell.saves import text

ROOT = Path(__file__).resolve().parents[2]

RACE = """
import json, sys, threading
sys.setswitchinterval(1e-6)  # a thread switch between almost any two bytecodes: the race's window wide open
from tortuga_desktop.games.t1667.net import codec as C
views, events = json.loads(sys.stdin.read())
bar = threading.Barrier(4)
def go(k):
    bar.wait()
    C.view_from_json(views[k], k)
    C.events_from_json(events[k], k)
ts = [threading.Thread(target=go, args=(k,)) for k in range(4)]
[t.start() for t in ts]; [t.join() for t in ts]
"""


def test_a_type_is_prepared_once_under_a_lock_and_then_converts_anywhere() -> None:
    @dataclasses.dataclass(frozen=True)
    class Fresh:
        a: int
        b: tuple[str, ...] = ()

    built: list[str] = []
    real = msgspec.json.Decoder

    def decoder(kind: object) -> object:
        built.append(threading.current_thread().name)
        return real(kind)

    threads = []
    mp = pytest.MonkeyPatch()
    mp.setattr(msgspec.json, "Decoder", decoder)
    try:
        threads = [threading.Thread(target=text.prepared, args=(Fresh,)) for _ in range(4)]
        [t.start() for t in threads]
        [t.join() for t in threads]
    finally:
        mp.undo()
    assert len(built) == 1
    assert text.convert({"a": 1, "b": ["x"]}, Fresh) == Fresh(1, ("x",))


@pytest.mark.slow
def test_four_threads_reading_1667_views_at_once_never_crash() -> None:
    import json

    from tortuga_desktop.games.t1667.net import codec as C
    from tortuga_desktop.games.t1667.table.engine import T1667Engine

    e = T1667Engine.new(players=5, seed=5)
    data = json.dumps([[C.view_to_json(e.view(s)) for s in range(5)], [C.events_to_json(e.events_for(s)) for s in range(5)]])
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    crashed = 0
    for _ in range(40):
        r = subprocess.run([sys.executable, "-c", RACE], input=data, capture_output=True, text=True, timeout=60, env=env)
        crashed += r.returncode != 0
    assert crashed == 0, f"{crashed} of 40 runs crashed"
