"""Worker processes that cannot start: thinking moves to a thread of the game's process, said once;
computer players never play at random; the program still ends normally.

The way it happened: run as another user, every worker exited at start (it could not read the
program), the pool gave up and the dice game went on with random moves, one traceback per move; once
the program did not end. Here every spawned process gets a ``sys.path`` without the program (only the
interpreter's own library), so it dies while unpickling its target, before it runs anything.
"""

from __future__ import annotations

import multiprocessing.spawn as mp_spawn
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_fake import FACTORY, Ev, Pebbles

from tortuga_desktop import thinking
from tortuga_desktop.games.dice.ai import make_bot, tasks
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.shell import thinkhost
from tortuga_desktop.shell.table import BotSpec, LocalTable
from tortuga_desktop.shell.thinkhost import ThinkHost

ROOT = Path(__file__).resolve().parents[2]

#: prepended to a child program: every process it spawns cannot import the program
BREAK_SPAWN = textwrap.dedent("""
    import multiprocessing.spawn as _spawn, sys as _sys
    _orig, _orig_line = _spawn.get_preparation_data, _spawn.get_command_line
    def _no_program(name):
        data = _orig(name)
        data["sys_path"] = [p for p in _sys.path if p.startswith(_sys.base_prefix)]
        data.pop("init_main_from_path", None)
        data.pop("init_main_from_name", None)
        return data
    def _no_site(**kwds):
        line = _orig_line(**kwds)
        return [line[0], "-S", *line[1:]]
    _spawn.get_preparation_data = _no_program
    _spawn.get_command_line = _no_site
""")


@pytest.fixture
def no_program_in_workers(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Spawned processes of this test cannot import the program (they die at start, exit code 1): their
    ``sys.path`` is the interpreter's own library, and without ``site`` no installed copy is found."""
    orig, orig_line = mp_spawn.get_preparation_data, mp_spawn.get_command_line

    def no_program(name: str) -> dict[str, Any]:
        data = orig(name)
        data["sys_path"] = [p for p in sys.path if p.startswith(sys.base_prefix)]
        data.pop("init_main_from_path", None)
        data.pop("init_main_from_name", None)
        return data

    def no_site(**kwds: Any) -> list[str]:
        line = orig_line(**kwds)
        return [line[0], "-S", *line[1:]]

    monkeypatch.setattr(mp_spawn, "get_preparation_data", no_program)
    monkeypatch.setattr(mp_spawn, "get_command_line", no_site)
    monkeypatch.setattr(thinking, "ENABLED", True)
    thinkhost.reset_shared()  # the program's workers are kept: this test's cannot start
    yield
    thinkhost.reset_shared()


def _view(seed: int) -> Any:
    g = Game.new(4, seed, log=False)
    return g.view(g.pending()[0].seat)


def test_a_pool_whose_workers_cannot_start_thinks_on_a_thread(no_program_in_workers: None) -> None:
    views = [_view(s) for s in (3, 4)]
    with ThinkHost(1) as pool:
        for v in views:  # the bot's own decision, never a random one
            assert tasks.submit_decision(pool, "normal", 17, v).result(timeout=60) == make_bot("normal", 17).decide(v)
        assert "exit code" in pool.fallback
        t0 = time.monotonic()
        got = tasks.submit_decision(pool, "expert", 5, views[0], time.perf_counter() + 0.3).result(timeout=60)
        assert got.action in Game.new(4, 3, log=False).legal_actions(views[0].viewer)
        assert time.monotonic() - t0 < 10


def _play_dice(players: int, seed: int, levels: tuple[str, ...]) -> Any:
    from tortuga_desktop.games.dice.table.controller import GameController, demo_seats

    seats = demo_seats(players, seed, levels)
    c = GameController(Game.new(players, seed, names=[s.name for s in seats], log=False), seats, pacing=None)
    end = time.monotonic() + 240
    while not c.is_over and not c.halted:
        assert time.monotonic() < end, c.notices
        c.poll(budget_s=0.5)
    c.close()
    return c


def test_the_dice_game_plays_its_bots_own_moves_when_workers_cannot_start(no_program_in_workers: None,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The same game as with bots on a thread (so no move was random), and one notice that says why."""
    c = _play_dice(2, 5, ("normal", "easy"))
    assert c.game.is_over and not c.halted
    keys = [k for k, _ in c.notices]
    assert keys.count("notice.thinking_on_thread") == 1 and "notice.bot_failed" not in keys
    monkeypatch.setattr(thinking, "ENABLED", False)
    assert _play_dice(2, 5, ("normal", "easy")).game.record() == c.game.record()


def test_a_1667_table_thinks_on_a_thread_when_its_worker_cannot_start(no_program_in_workers: None) -> None:
    def table(think: str) -> LocalTable[object, str, Ev]:
        bots = {s: BotSpec(FACTORY, "easy", 100 + s) for s in range(3)}
        return LocalTable(Pebbles(3, 2), names=["a", "b", "c"], kinds=["easy"] * 3, humans=(), bots=bots,
                          think=think)

    ref = table("inline")
    while not ref.is_over:
        ref.poll()
    with table("process") as t:
        end = time.monotonic() + 120
        while not t.is_over:
            assert time.monotonic() < end, t.notices
            t.poll(0.05)
        # one notice that says where they think now (a worker that never started was not restarted)
        assert [k for k, _ in t.notices] == ["notice.thinking_on_thread"], t.notices
        assert t.think_fallback and t.record() == ref.record()


def test_the_thread_fallback_is_told_once_for_the_program_whichever_game_meets_it(no_program_in_workers: None) -> None:
    """Both games think in the program's one thinking host: the dice game tells the player that its
    computer players think on a thread; a 1667 table played afterwards knows why, and does not tell again."""
    c = _play_dice(2, 5, ("normal", "easy"))
    assert [k for k, _ in c.notices].count("notice.thinking_on_thread") == 1
    bots = {s: BotSpec(FACTORY, "easy", 100 + s) for s in range(3)}
    with LocalTable(Pebbles(3, 2), names=["a", "b", "c"], kinds=["easy"] * 3, humans=(), bots=bots,
                    think="process") as t:
        end = time.monotonic() + 120
        while not t.is_over:
            assert time.monotonic() < end, t.notices
            t.poll(0.05)
        assert t.notices == [] and "exit code" in t.think_fallback


def _run_program(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    code = BREAK_SPAWN + textwrap.dedent(f"""
        if __name__ == "__main__":
            from tortuga_desktop.shell.main import main
            raise SystemExit(main({list(args)!r}))
    """)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TORTUGA_HOME=str(home),
               PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=240, env=env,
                          cwd=ROOT, check=False)


def test_the_program_ends_normally_and_says_where_bots_think_when_workers_cannot_start(tmp_path: Path) -> None:
    res = _run_program("--demo", "--players", "2", "--level", "easy,normal", "--speed", "instant",
                       "--exit-after-game", "--mute", "--seed", "3", home=tmp_path)
    assert res.returncode == 0, res.stderr[-2000:]
    log = (tmp_path / "logs" / "tortuga.log").read_text()
    assert "random" not in log and "think on a thread of the game's process" in log
    assert log.count("Traceback") <= 3  # the workers' own start-up failures at most, never one per move
    res = _run_program("--version", home=tmp_path)
    assert res.returncode == 0 and "computer players think on a thread of the game's process" in res.stdout
