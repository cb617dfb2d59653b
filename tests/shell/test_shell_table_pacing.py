"""The local table's game-neutral services that the dice game's table uses (tortuga_desktop/shell/table.py),
on the fake game "Pebbles" (tests/table_fake.py): paced answers held until their release time with the
player told its deadline, holding the game (``start_new=False``), the after-move hook, a fault inside the
engine that stops the game, and players made in this process (``BotSpec.make``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from table_fake import FACTORY, Ev, FakeBot, Pebbles, View

from tortuga_desktop.shell.engine import ActionRefused, Choice
from tortuga_desktop.shell.table import BotSpec, LocalTable, Move


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class TimedBot(FakeBot):
    """A fake-game player that can be told when to be done by, and remembers what it was told."""

    deadlines: list[float] = []

    def decide_by(self, view: View, legal: Sequence[str], deadline: float) -> Choice[str]:
        TimedBot.deadlines.append(deadline)
        return self.decide(view, legal)


def _table(players: int, humans: tuple[int, ...], *, pace: Any = None, clock: Any = None, on_move: Any = None,
           engine: Pebbles | None = None, make: Any = None) -> LocalTable[object, str, Ev]:
    bots = {s: BotSpec(FACTORY, "easy", 100 + s, make=make) for s in range(players) if s not in humans}
    kinds = ["human" if s in humans else "easy" for s in range(players)]
    extra: dict[str, Any] = {"clock": clock} if clock is not None else {}
    return LocalTable(engine or Pebbles(players, 1), names=[f"P{s}" for s in range(players)], kinds=kinds,
                      humans=humans, bots=bots, think="inline", pace=pace, on_move=on_move, **extra)


def test_paced_answers_wait_for_their_release_and_the_player_is_told_its_deadline() -> None:
    TimedBot.deadlines = []
    clock = Clock()
    holds = {1: 0.5, 2: 0.3}
    t = _table(3, (0,), clock=clock, make=lambda level, seed: TimedBot(level, seed),
               pace=lambda seat, level: (holds[seat], 100.0 + seat))
    t.submit(0, "take 1")
    assert t.poll() == []  # seat 1 answered at once (inline), but its answer waits for its time
    assert t.asked() == {1: 0.5} and t.thinking() == (1,) and t.think_started == 0.0
    assert TimedBot.deadlines == [101.0]
    clock.now = 0.49
    assert t.poll() == [] and t.asked() == {1: 0.5}
    clock.now = 0.5
    moves = t.poll()
    assert [m.seat for m in moves] == [1]
    assert t.poll() == [] and t.asked() == {2: 0.8}  # seat 2 is asked at 0.5, held 0.3
    assert TimedBot.deadlines == [101.0, 102.0] and t.late == 0


def test_held_game_asks_nobody_until_start_new() -> None:
    t = _table(2, ())
    assert t.poll(start_new=False) == [] and t.asked() == {} and t.engine.decisions == 0
    assert [m.seat for m in t.poll()] == [0]
    assert t.engine.decisions == 1


def test_every_move_reaches_the_after_move_hook_as_it_is_returned() -> None:
    seen: list[Move[str]] = []
    t = _table(3, (0,), on_move=seen.append)
    moves = [t.submit(0, "take 1")]
    while 0 not in t.waiting_for() and not t.is_over:
        moves += t.poll()
    assert seen == moves and len(moves) >= 3


def test_a_failing_after_move_hook_is_told_once_and_the_game_goes_on() -> None:
    def broken(_move: Move[str]) -> None:
        raise OSError("disk full")

    t = _table(2, (), on_move=broken)
    for _ in range(200):
        if t.is_over:
            break
        t.poll()
    assert t.is_over and [k for k, _ in t.notices] == ["notice.after_move_failed"]


class Breaks(Pebbles):
    """Pebbles whose rules fail (not a refusal: a fault) at the 4th move; the state is left as it was."""

    def apply(self, seat: int, action: str) -> None:
        if self.decisions == 3:
            raise ZeroDivisionError("a fault inside the rules")
        super().apply(seat, action)


def test_a_fault_inside_the_engine_stops_the_game_with_one_notice() -> None:
    engine = Breaks(2, 1)
    t = _table(2, (), engine=engine)
    for _ in range(10):
        t.poll()
    assert t.halted and engine.decisions == 3 and t.asked() == {}
    assert [k for k, _ in t.notices] == ["notice.game_halted"]
    t2 = _table(2, (0,), engine=Breaks(2, 1))
    while t2.engine.decisions < 3:
        if 0 in t2.waiting_for():
            t2.submit(0, t2.prompt(0).legal[0])
        t2.poll()
    with pytest.raises(ActionRefused):
        if 0 in t2.waiting_for():
            t2.submit(0, t2.prompt(0).legal[0])
        else:
            t2.poll()
            raise ActionRefused("the computer seat's move stopped the game")
    assert t2.halted
    with pytest.raises(ActionRefused):
        t2.submit(0, "take 1")


def test_a_player_made_in_this_process_cannot_go_to_a_worker_process() -> None:
    with pytest.raises(ValueError, match="thread or inline"):
        LocalTable(Pebbles(2, 1), names=["a", "b"], kinds=["human", "easy"], humans=(0,),
                   bots={1: BotSpec(FACTORY, "easy", 1, make=lambda level, seed: FakeBot(level, seed))},
                   think="process")


def test_a_held_table_asks_nobody_and_keeps_an_answer_until_let_go() -> None:
    holding = [False]
    t = _table(3, (0,))
    t.hold = lambda: holding[0]
    t.submit(0, "take 1")
    holding[0] = True
    assert t.poll() == [] and t.asked() == {}
    holding[0] = False
    moves = t.poll()
    assert [m.seat for m in moves] == [1]
    holding[0] = True
    before = t.engine.decisions
    assert t.poll() == [] and t.engine.decisions == before
