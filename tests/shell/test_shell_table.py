"""The generic local table (tortuga_desktop/shell/table.py) on a tiny fake game (tests/table_fake.py):
humans through prompt/submit, computer players through poll (inline, thread and worker process),
simultaneous secret decisions, faults of computer players, and what each seat is handed."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from table_fake import FACTORY, Ev, Pebbles

from tortuga_desktop.shell import thinkhost
from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.table import BotSpec, LocalTable, Move, ViewerError


def table(players: int, humans: tuple[int, ...], *, seed: int = 1, think: str = "inline",
          levels: dict[int, str] | None = None, stuck_s: float = 120.0) -> LocalTable[object, str, Ev]:
    levels = levels or {}
    bots = {s: BotSpec(FACTORY, levels.get(s, "easy"), 100 + s) for s in range(players) if s not in humans}
    kinds = ["human" if s in humans else "easy" for s in range(players)]
    return LocalTable(Pebbles(players, seed), names=[f"P{s}" for s in range(players)], kinds=kinds,
                      humans=humans, bots=bots, think=think, stuck_s=stuck_s)


def play_out(t: LocalTable[object, str, Ev], limit_s: float = 20.0) -> list[Move[str]]:
    """Poll (and let humans take the first legal action) until the game ends."""
    moves: list[Move[str]] = []
    end = time.monotonic() + limit_s
    while not t.is_over:
        assert time.monotonic() < end, f"stuck: waiting for {t.waiting_for()}, notices {t.notices}"
        moves += t.poll(0.05)
        for seat in t.waiting_for():
            if seat in t.human_seats:
                p = t.prompt(seat)
                moves.append(t.submit(seat, p.legal[0]))
    return moves


def test_solo_inline_game_to_the_end_and_what_the_human_is_handed() -> None:
    t = table(3, (0,))
    first = t.prompt(0)
    assert first.open and first.legal == ("take 1", "take 2", "take 3")
    # only seat 0's own secret among its events
    assert [e for e in first.events if e.kind == "dealt"] == [Ev("dealt", 0, t.engine.view(0).my_secret)]  # type: ignore[attr-defined]
    moves = play_out(t)
    assert t.is_over and not t.thinking() and not t.waiting_for()
    assert moves[-1].is_over and moves[-1].decisions == t.engine.decisions
    # another seat's secret guess is unknown to this screen; the human's own is known; takes are public
    others_guesses = [m for m in moves if m.seat != 0 and m.action is None]
    assert others_guesses and all(m.reason is not None for m in others_guesses)
    assert any(m.seat == 0 and m.action is not None and m.action.startswith("guess") for m in moves)
    assert all(m.action is not None for m in moves if m.seat != 0 and m.reason and m.reason[0] == "take")  # type: ignore[index]
    assert t.notices == []
    assert t.record() == t.engine.record()


def test_the_next_prompt_has_only_new_events() -> None:
    t = table(2, (0,))
    a = t.prompt(0)
    again = t.prompt(0)
    assert a.events and again.events == ()
    t.submit(0, "take 1")
    t.poll()
    b = t.prompt(0)
    assert [e.kind for e in b.events] == ["took", "took"]


def test_seats_not_at_this_screen_and_refused_actions() -> None:
    t = table(3, (0,))
    assert t.viewers == frozenset({0, None})
    with pytest.raises(ViewerError):
        t.view(1)
    with pytest.raises(ViewerError):
        t.events_for(2)
    with pytest.raises(ViewerError):
        t.prompt(1)
    with pytest.raises(ViewerError):
        t.submit(1, "take 1")
    assert t.view(None).my_secret is None  # type: ignore[attr-defined]
    before = t.engine.decisions
    for bad in ("take 9", "jump 1", "guess 1"):
        with pytest.raises(ActionRefused):
            t.submit(0, bad)
    assert t.engine.decisions == before
    assert t.poll() == []  # seat 0 (a human) decides: no computer seat thinks
    assert t.thinking() == () and t.waiting_for() == (0,)


def test_hot_seat_moves_are_as_the_public_may_know_them() -> None:
    t = table(3, (0, 1))
    assert t.screen_viewer is None
    moves = play_out(t)
    bot_guesses = [m for m in moves if m.seat == 2 and m.reason and m.reason[0] == "guess"]  # type: ignore[index]
    assert bot_guesses and all(m.action is None for m in bot_guesses)


def test_bot_chat_can_be_turned_off_and_talk_never_changes_the_game() -> None:
    on = table(3, (0,))
    play_out(on)
    cheers = [s for s in on.said if s.line[0] == "cheer"]  # type: ignore[index]
    rounds = sum(1 for e in on.engine.events_for(None) if e.kind == "revealed")  # type: ignore[attr-defined]
    assert rounds and {s.seat for s in cheers} == {1, 2} and len(cheers) == 2 * rounds  # each heard every reveal
    off = table(3, (0,))
    off.bot_chat = False
    play_out(off)
    off.ask(1, 0)
    off.poll()
    assert off.said == [] and off.record() == on.record()


def test_a_computer_seat_answers_when_asked() -> None:
    t = table(3, (0,))
    secret = t.engine.secrets[1]  # type: ignore[attr-defined]
    t.ask(1, 0)
    t.ask(1, None)
    t.poll()
    odd = secret % 2 == 1
    assert [s.line for s in t.said if s.line[0] == "claim"] == [("claim", not odd, 0), ("claim", odd, None)]  # type: ignore[index]
    with pytest.raises(ViewerError):
        t.ask(0, None)  # a human seat
    with pytest.raises(ViewerError):
        t.ask(1, 7)


def test_a_bot_that_fails_is_rebuilt_and_asked_again_never_replaced_by_a_random_move() -> None:
    reference = table(3, (), levels={})
    play_out(reference)
    t = table(3, (), levels={1: "flaky"})
    play_out(t)
    assert ("table.notice.bot_restarted", {"name": "P1", "seat": 1}) in t.notices
    # the rebuilt bot was fed its seat's events again and decided as before: the same game
    assert t.record() == reference.record()


def test_a_bot_that_keeps_answering_illegal_actions_is_given_up_and_can_be_taken_over() -> None:
    t = table(3, (0,), levels={1: "illegal"})
    t.submit(0, "take 1")
    for _ in range(5):
        t.poll()
    # reported once when it first fails, once when it is given up (not once per failed decision)
    assert [k for k, _ in t.notices] == ["table.notice.bot_restarted", "notice.bot_stopped"]
    assert t.waiting_for() == (1,) and t.thinking() == () and t.engine.decisions == 1
    t.take_over(1)
    assert t.human_seats == (0, 1) and t.kinds[1] == "human"
    t.submit(1, "take 2")
    assert t.engine.decisions == 2


def test_bad_setups_are_refused() -> None:
    with pytest.raises(ValueError):
        LocalTable(Pebbles(2, 1), names=["a", "b"], kinds=["human", "easy"], humans=[0], bots={})
    with pytest.raises(ValueError):
        LocalTable(Pebbles(2, 1), names=["a"], kinds=["human", "easy"], humans=[0],
                   bots={1: BotSpec(FACTORY, "easy", 1)})
    with pytest.raises(ValueError):
        LocalTable(Pebbles(2, 1), names=["a", "b"], kinds=["human", "easy"], humans=[0],
                   bots={1: BotSpec(FACTORY, "easy", 1)}, think="telepathy")


def test_thread_and_process_play_the_same_game_as_inline() -> None:
    ref = table(4, (0,), seed=3)
    play_out(ref)
    for think in ("thread", "process"):
        with table(4, (0,), seed=3, think=think) as t:
            t0 = time.perf_counter()
            t.poll()  # never blocks, even while the worker starts
            assert time.perf_counter() - t0 < 0.5
            play_out(t)
            assert same_game(t, ref) and t.notices == []


def same_game(a: LocalTable[object, str, Ev], b: LocalTable[object, str, Ev]) -> bool:
    """The same decisions and the same end; within a round of secret guesses (simultaneous) the order in which
    seats chose may differ with timing (a human here may answer before or after a worker's bots)."""
    ra, rb = a.record()["entries"], b.record()["entries"]  # type: ignore[index]
    takes = [[e for e in r if e[1].startswith("take")] for r in (ra, rb)]
    return takes[0] == takes[1] and sorted(ra) == sorted(rb) and a.view(None) == b.view(None)


def test_a_worker_process_that_dies_is_replaced_and_its_bots_fed_again(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    ref = table(3, (), seed=2)
    play_out(ref)
    monkeypatch.setenv("TABLE_FAKE_DIE", str(tmp_path / "died"))
    thinkhost.reset_shared()  # the program's workers are kept: new ones see the variable
    with table(3, (), seed=2, think="process", levels={2: "die"}) as t:
        play_out(t, limit_s=60)
        assert (tmp_path / "died").exists()
        assert ("table.notice.worker_restarted", {}) in t.notices
        assert t.record() == ref.record()


def test_ctrl_c_leaves_the_worker_process_to_the_table() -> None:
    """Ctrl-C in a terminal reaches every process of the program: the worker process used to die of
    it (a KeyboardInterrupt traceback, and a new worker); the table ends its worker itself."""
    ref = table(3, (), seed=2)
    play_out(ref)
    with table(3, (), seed=2, think="process") as t:
        t.poll(0.05)
        end = time.monotonic() + 60
        while not t.record()["entries"]:  # type: ignore[index]
            assert time.monotonic() < end  # the worker is up and answering
            t.poll(0.05)
        pid = t.worker_pid
        assert pid is not None
        os.kill(pid, signal.SIGINT)
        time.sleep(0.5)
        os.kill(pid, 0)  # still there
        play_out(t, limit_s=60)
        assert t.worker_pid == pid
        assert not t.notices and t.record() == ref.record()


def test_a_computer_player_that_never_answers_is_ended_and_at_last_given_up() -> None:
    t = table(3, (0,), think="process", levels={1: "hang"}, stuck_s=0.3)
    with t:
        t.submit(0, "take 1")
        end = time.monotonic() + 30
        while not any(k == "notice.bot_stopped" for k, _ in t.notices):
            assert time.monotonic() < end, t.notices
            t0 = time.perf_counter()
            t.poll()
            assert time.perf_counter() - t0 < 0.5  # the frame loop is never held up
            time.sleep(0.02)
        # one restart notice per seat and game, then the one that it gave up
        assert [k for k, _ in t.notices] == ["table.notice.bot_restarted", "notice.bot_stopped"]
        assert t.waiting_for() == (1,) and t.thinking() == ()
