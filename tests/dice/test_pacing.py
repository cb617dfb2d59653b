"""R9.1 (issue 24.5): a computer player's forced and chosen decisions cannot be told apart by
the time they take or by the "thinking" dots.

The controller runs on an injected clock that only the test moves, and a stand-in bot "thinks"
on that clock for as long as Hard and Expert were measured to (forced: under 0.4 ms; chosen:
20-440 ms), honouring the stop time the controller gives it. Positions come from real games:
every dice confirmation and tile choice of one seat, forced (one option) or chosen.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from tortuga_desktop.games.dice.ai import BotChoice, Reason
from tortuga_desktop.games.dice.rules import DecisionKind, Game, PlayerView, determinize
from tortuga_desktop.games.dice.table import pacing as pacing_mod
from tortuga_desktop.games.dice.table.controller import GameController
from tortuga_desktop.games.dice.table.pacing import Pacing, held_positions, ks_two_sample
from tortuga_desktop.shell.saves import SeatConfig

FRAME = 1 / 120
DOTS_AFTER = 0.3  # the table shows the thinking dots once a decision has waited this long


class ManualClock:
    """A clock only the test moves; threads can wait for a moment on it."""

    def __init__(self) -> None:
        self.now = 0.0
        self.cond = threading.Condition()
        #: threads waiting for a moment on this clock
        self.waiters = 0

    def __call__(self) -> float:
        return self.now

    def advance(self, dt: float) -> None:
        with self.cond:
            self.now += dt
            self.cond.notify_all()

    def wait_until(self, t: float) -> None:
        with self.cond:
            self.waiters += 1
            try:
                while self.now < t:
                    if not self.cond.wait(timeout=10):
                        raise TimeoutError("the test clock stopped")
            finally:
                self.waiters -= 1


class ManualPacing(Pacing):
    def bot_deadline(self, release_at: float) -> float:
        return release_at  # the stand-in bot reads the same clock


class ThinkingBot:
    """Answers with the first legal option after "thinking" on the test clock: forced decisions
    take 0.3 ms, chosen ones 20-440 ms, cut short at the controller's stop time."""

    level = "hard"

    def __init__(self, clock: ManualClock, rng: random.Random) -> None:
        self.clock = clock
        self.rng = rng
        self.started = threading.Event()
        self.end: float | None = None

    def decide(self, view: PlayerView, legal: Any = None) -> BotChoice:
        return self.decide_by(view, None, legal)

    def decide_by(self, view: PlayerView, stop_at: float | None, legal: Any = None) -> BotChoice:
        assert isinstance(view.viewer, int)
        legal = determinize(view, 1).legal_actions(view.viewer)
        think = 0.0003 if len(legal) == 1 else self.rng.uniform(0.02, 0.44)
        start = self.clock()
        self.end = start + think if stop_at is None else min(start + think, stop_at)
        self.started.set()
        self.clock.wait_until(self.end)
        return BotChoice(legal[0], Reason("only"))


def _time_decision(game: Game, pace: bool, rng: random.Random) -> tuple[float, bool]:
    """(seconds until the bot's answer is applied, whether the thinking dots showed)."""
    clock = ManualClock()
    bot = ThinkingBot(clock, rng)
    seats = [SeatConfig("Bot", "hard", 0, 1), SeatConfig("Ann", "human", 1), SeatConfig("Ben", "human", 2)]
    pacing = ManualPacing(clock, random.Random(rng.random())) if pace else None
    c = GameController(game, seats, bot_factory=lambda _kind, _seed: bot, pacing=pacing, clock=clock)
    try:
        c.poll()
        assert c.thinking_seat() == 0
        bot.started.wait(timeout=10)
        dots = False
        for _ in range(10_000):
            clock.advance(FRAME)
            if bot.end is not None and bot.end <= clock.now:
                c.wait(10)  # the answer is there: no thread timing in the result
            events = c.poll(start_new=False)
            if events:
                assert events[0].seat == 0
                return clock.now, dots
            if c.busy and c.thinking_seat() == 0 and clock.now - (c.think_started or 0.0) > DOTS_AFTER:
                dots = True
        raise AssertionError("no answer")
    finally:
        c.close()


@pytest.fixture(scope="module")
def positions() -> tuple[list[Game], list[Game]]:
    return held_positions(150, 5)


def test_forced_and_chosen_decisions_take_the_same_time(positions: tuple[list[Game], list[Game]]) -> None:
    """R9.1: with pacing, the two timing distributions are indistinguishable (two-sample KS test)
    and the thinking dots show for every decision of both."""
    forced, chosen = positions
    rng = random.Random(11)
    tf = [_time_decision(g.clone(), True, rng) for g in forced]
    tc = [_time_decision(g.clone(), True, rng) for g in chosen]
    d, p = ks_two_sample([t for t, _ in tf], [t for t, _ in tc])
    assert p > 0.01, (d, p)
    assert all(dots for _, dots in tf) and all(dots for _, dots in tc)


def test_without_pacing_the_timing_gives_forced_decisions_away(positions: tuple[list[Game], list[Game]]) -> None:
    """The control: answers shown as they come (no pacing) tell the two apart at once."""
    forced, chosen = positions
    rng = random.Random(11)
    tf = [_time_decision(g.clone(), False, rng) for g in forced[:40]]
    tc = [_time_decision(g.clone(), False, rng) for g in chosen[:40]]
    d, p = ks_two_sample([t for t, _ in tf], [t for t, _ in tc])
    assert p < 1e-6 and d > 0.8
    assert not any(dots for _, dots in tf)


def test_a_watched_game_is_paced_and_a_bots_only_game_is_not(monkeypatch: Any) -> None:
    monkeypatch.setattr(pacing_mod, "ENABLED", True)
    game = Game.new(2, seed=1)
    watched = GameController(game, [SeatConfig("Ann", "human", 0), SeatConfig("Bot", "hard", 1, 1)])
    alone = GameController(game, [SeatConfig("A", "hard", 0, 1), SeatConfig("B", "hard", 1, 2)])
    assert isinstance(watched.pacing, Pacing) and alone.pacing is None
    assert Pacing.holds(DecisionKind.SELECT_DICE) and Pacing.holds(DecisionKind.KEEP_TILE)
    assert not Pacing.holds(DecisionKind.ARRANGE_FLEET)
    low, high = pacing_mod.HOLD_S["expert"]
    draws = [Pacing(rng=random.Random(3)).hold("expert") for _ in range(200)]
    assert all(low <= x <= high for x in draws) and low > DOTS_AFTER


def test_the_dice_selections_of_one_roll_step_are_all_asked_at_once() -> None:
    """Simultaneous held decisions start together, each with its own release time, so one bot's
    search never delays another's answer."""
    clock = ManualClock()
    game = Game.new(3, seed=2)
    bots = {i: ThinkingBot(clock, random.Random(i)) for i in (1, 2)}
    seats = [SeatConfig("Ann", "human", 0), SeatConfig("B", "hard", 1, 1), SeatConfig("C", "hard", 2, 2)]
    c = GameController(game, seats, bot_factory=lambda _k, s: bots[s], pacing=ManualPacing(clock, random.Random(4)))
    try:
        c.poll()
        asked = c.table.asked()
        assert sorted(asked) == [1, 2] and len(set(asked.values())) == 2 and None not in asked.values()
        releases = {s: float(at or 0.0) for s, at in asked.items()}
        seen: dict[int, float] = {}
        for _ in range(1000):
            clock.advance(FRAME)
            # the bots think one after the other on the table's thread: let the one thinking reach the
            # test clock (it waits there) or finish, whatever the machine's load
            end = time.monotonic() + 10
            while any(bots[s].end is None or bots[s].end > clock.now for s in c.table.asked()) \
                    and clock.waiters == 0 and time.monotonic() < end:
                time.sleep(0.001)
            for s in c.table.asked():
                bot = bots[s]
                if bot.end is not None and bot.end <= clock.now:
                    c.table.wait(10, s)
            for ev in c.poll():
                seen[ev.seat] = clock.now
            if len(seen) == 2:
                break
        for s in (1, 2):
            assert releases[s] <= seen[s] < releases[s] + 2 * FRAME
        assert c.pacing is not None and c.pacing.late == 0
    finally:
        c.close()


def test_hard_and_expert_stop_their_search_in_time() -> None:
    """The bots cut their search short to be done by the stop time they are given."""
    import time

    from tortuga_desktop.games.dice.ai import make_bot

    g = Game.new(2, seed=6)
    seat = g.to_move()[0]
    for level, options in (("hard", {"iterations": 10_000, "budget_s": 30.0}), ("expert", {"budget_s": 30.0})):
        bot: Any = make_bot(level, 3, **options)
        t0 = time.perf_counter()
        choice = bot.decide_by(g.view(seat), t0 + 0.15)
        assert time.perf_counter() - t0 < 0.6, level
        assert choice.action in g.legal_actions(seat)
