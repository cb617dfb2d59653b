"""GameController and animation scripting (engineer T, issue 4)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random
import threading
import time
from typing import Any

import pytest

from tortuga_desktop.games.dice.ai import BotChoice, Reason
from tortuga_desktop.games.dice.rules import DecisionKind, Game, PlayerView, determinize
from tortuga_desktop.games.dice.table.controller import GameController, demo_seats
from tortuga_desktop.games.dice.table.render.motion import ChestFlight, MotionData, build_timeline
from tortuga_desktop.shell.anim import Motion, Timeline, ease_out_back, ease_out_cubic
from tortuga_desktop.shell.saves import SeatConfig


class SlowBot:
    level = "slow"

    def __init__(self, seed: int, delay: float) -> None:
        self.seed = seed
        self.delay = delay
        self.threads: set[str] = set()
        self.gate = threading.Event()  # set: the bot may answer (after its delay)
        self.gate.set()

    def decide(self, view: PlayerView, legal: Any = None) -> BotChoice:
        self.threads.add(threading.current_thread().name)
        self.gate.wait(30)
        time.sleep(self.delay)
        rng = random.Random(self.seed + view.decisions)
        assert view.viewer is not None
        g = determinize(view, rng.randrange(2**31))
        return BotChoice(g.random_action(view.viewer, rng), Reason("helps", (("action", 0),)))


def test_bots_think_off_the_main_thread() -> None:
    game = Game.new(2, 3)
    bots: list[SlowBot] = []

    def factory(level: str, seed: int) -> SlowBot:
        bots.append(SlowBot(seed, 0.0))
        bots[-1].gate.clear()  # the bot cannot answer until the test lets it
        return bots[-1]

    c = GameController(game, demo_seats(2, 3), bot_factory=factory)
    # poll() starts the bot and returns while the bot is still held: it cannot be waiting for it.
    assert c.poll() == []
    assert c.busy
    for b in bots:
        b.gate.set()
    events = []
    deadline = time.time() + 5
    while not events and time.time() < deadline:
        events = c.poll()
        time.sleep(0.01)
    # a hidden choice (the dice selected, R9.1) comes without its reason, which would tell it
    hidden = (DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE)
    assert events and events[0].kind in hidden and events[0].reason is None and events[0].action is None
    # an open choice comes with the bot's reason
    deadline = time.time() + 10
    while not any(m.kind not in hidden for m in events) and time.time() < deadline:
        events += c.poll()
        time.sleep(0.01)
    assert next(m for m in events if m.kind not in hidden).reason == Reason("helps", (("action", 0),))
    assert all(name.startswith("tortuga-think") for b in bots for name in b.threads)
    c.close()


def test_poll_without_start_does_not_ask_bots() -> None:
    c = GameController(Game.new(4, 1), demo_seats(4, 1))
    assert c.poll(start_new=False) == []
    assert not c.busy
    c.close()


def test_instant_poll_plays_a_whole_game() -> None:
    c = GameController(Game.new(4, 2), demo_seats(4, 2))
    n = 0
    while not c.is_over and n < 5000:
        n += len(c.poll(budget_s=0.05))
    assert c.is_over
    lines = c.log_lines(None)
    assert sum(ln.reason is not None for ln in lines) > 20
    for ln in lines:
        if ln.reason is None:
            continue
        # A reason stands on a line of its own seat's move, and names that seat (and the seats
        # whose identical reasons just before were folded into it).
        assert ln.event is not None and getattr(ln.event, "seat", getattr(ln.event, "owner", None)) == ln.seat, ln
        assert ln.seat in ln.seats
        assert ln.reason.key not in ("dice_to",)  # a hidden dice choice is never explained
    c.close()


def test_timeline_hides_until_arrival_and_skips() -> None:
    tl = Timeline([Motion("chest", 0.5, 1.0, ("bag", 0), ("center", 0), ChestFlight(0, arc=70), hides=(("center", 0),))])
    assert ("center", 0) in tl.hidden()
    tl.advance(0.6)
    assert tl.visible() and ("center", 0) in tl.hidden()
    tl.skip()
    assert tl.done and not tl.hidden()
    assert abs(ease_out_cubic(1.0) - 1) < 1e-9 and abs(ease_out_back(1.0) - 1) < 1e-9


def test_motions_cover_a_whole_game() -> None:
    """Every decision of a game scripts a timeline; chests never vanish without a motion."""
    c = GameController(Game.new(4, 9), demo_seats(4, 9))
    old = c.view_for(None)
    kinds: set[str] = set()
    while not c.is_over:
        for ev in c.poll(budget_s=0.05):
            new = ev.view(None)
            tl = build_timeline(old, new, actor=ev.seat)
            kinds.update(m.kind for m in tl.motions)
            for m in tl.motions:
                assert m.duration > 0
                assert isinstance(m.data, MotionData), m  # what the renderer draws by: typed per kind
            old = new
    assert {"die", "chest", "token", "banner", "screen_shake", "tile"} <= kinds
    c.close()


# ---------------------------------------------------------------- issue 24.2: a failing engine
def _broken_apply(monkeypatch: Any) -> None:
    """Every decision changes the game half-way and then fails inside the engine."""
    from tortuga_desktop.games.dice.rules import Game

    def broken(self: Game, seat: int, kind: Any, action: Any) -> None:
        self.round += 1
        self.seats[seat].tiles.append(3)
        raise IndexError("list index out of range")

    monkeypatch.setattr(Game, "_apply", broken)


def test_a_failing_engine_cannot_take_the_process_down(monkeypatch: Any, caplog: Any) -> None:
    """A bot's move fails inside the engine: poll returns, the fault is logged and shown, the game
    is as it was before, and nobody is asked to decide any more (no random move is tried)."""
    from tortuga_desktop.games.dice.rules import Game

    game = Game.new(2, seed=3)
    c = GameController(game, demo_seats(2, 3, ("normal", "normal")))
    before = game.to_dict()
    _broken_apply(monkeypatch)
    with caplog.at_level("ERROR"):
        assert c.poll(budget_s=5.0) == []
        assert c.poll(budget_s=0.5) == []
    assert game.to_dict() == before
    assert c.halted and not c.busy
    assert [k for k, _ in c.notices] == ["notice.game_halted"]
    assert "stops here" in caplog.text
    c.close()


def test_a_human_move_failing_inside_the_engine_leaves_the_game_as_it_was(monkeypatch: Any) -> None:
    from tortuga_desktop.games.dice.rules import Game, RulesError

    game = Game.new(2, seed=3)
    seats = demo_seats(2, 3, ("normal", "normal"))
    seats[0] = SeatConfig("Anna", "human", 0)
    seats[1] = SeatConfig("Bart", "human", 1)
    c = GameController(game, seats)
    before = game.to_dict()
    _broken_apply(monkeypatch)
    with pytest.raises(RulesError):
        c.submit(0, game.legal_actions(0)[0])
    assert game.to_dict() == before
    assert c.halted and c.pending_humans() == []
    assert [k for k, _ in c.notices] == ["notice.game_halted"]


def test_a_state_that_crashes_every_move_halts_the_game_quietly() -> None:
    """Issue 24.2's shape, built around the loader (which refuses it): the actions phase at a sixth
    action. The bot fails (its heuristic indexes a sixth action space) on every try; the process
    lives, the game stops as it was with one notice, and no random move is played."""
    import random as _random

    from tortuga_desktop.games.dice.rules import Game

    game = Game.new(2, seed=4)
    rng = _random.Random(1)
    while not (game.phase == "actions" and game.act_action >= 3):
        s = game.to_move()[0]
        game.apply(s, game.random_action(s, rng))
    game.act_action = 5
    c = GameController(game, demo_seats(2, 3, ("hard", "hard")))
    before = game.to_dict()
    for _ in range(5):
        c.poll(budget_s=2.0)
    assert c.halted and game.to_dict() == before
    # told when it was first restarted, and when it was given up
    assert [k for k, _ in c.notices] == ["table.notice.bot_restarted", "notice.bot_stopped"]
    c.close()


def test_a_bot_that_fails_now_and_then_is_asked_again_and_never_plays_at_random(caplog: Any) -> None:
    """A computer player that fails on every other decision: each failed decision is asked again and
    the game is the one the bot plays without faults; each failing seat's restart is shown once."""
    from tortuga_desktop.games.dice.ai import make_bot
    from tortuga_desktop.games.dice.rules import Game

    class Flaky:
        def __init__(self, kind: str, seed: int) -> None:
            self.bot, self.calls = make_bot(kind, seed), 0

        def decide(self, view: Any, legal: Any = None) -> Any:
            self.calls += 1
            if self.calls % 2:
                raise RuntimeError("flaky")
            return self.bot.decide(view, legal)

    def play(factory: Any) -> Any:
        seats = demo_seats(2, 3, ("normal", "easy"))
        c = GameController(Game.new(2, 3, names=[s.name for s in seats]), seats, bot_factory=factory, pacing=None)
        while not c.is_over and not c.halted:
            c.poll(budget_s=1.0)
        c.close()
        return c

    with caplog.at_level("WARNING"):
        flaky = play(Flaky)
    # each failing seat is told once (it was restarted), however often it fails; faults are logged in one line
    assert flaky.is_over and not flaky.halted
    assert sorted(p["seat"] for _k, p in flaky.notices) == [0, 1]
    assert {k for k, _ in flaky.notices} == {"table.notice.bot_restarted"}
    assert caplog.text.count("Traceback") == 0
    assert flaky.game.record() == play(make_bot).game.record()
