"""Issue 24.1 and 24.2: a state the phase code cannot run on is refused when it is loaded, every
engine loop raises instead of spinning, and a query never changes the game (R9, R3.6, R4.1)."""

from __future__ import annotations

import contextlib
import random
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tortuga_desktop.games.dice.rules import (
    EngineLoopError,
    Game,
    UnreachableStateError,
    check_assumptions,
    check_reachable,
)


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail (instead of hanging the test run) when the body takes longer than ``seconds``."""

    def fire(_sig: int, _frame: Any) -> None:
        raise TimeoutError(f"took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _played(players: int, seed: int, decisions: int) -> Game:
    g = Game.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if g.is_over:
            break
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    return g


def _until(g: Game, done: Callable[[Game], bool], seed: int = 1) -> Game:
    rng = random.Random(seed)
    while not done(g):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    return g


def _recordless(g: Game) -> dict[str, Any]:
    d = g.to_dict()
    d["record"] = None
    return d


def _roller_without_dice(d: dict[str, Any]) -> int:
    s = d["rollers"][0]
    seat = d["seats"][s]
    seat["placed"][0] = sorted(seat["placed"][0] + seat["hand"])
    seat["hand"], seat["roll"], seat["selection"] = [], [], None
    return int(s)


def test_a_roller_without_dice_is_refused_on_load() -> None:
    """R3.1: only seats holding dice roll; a save saying otherwise made the reveal loop forever."""
    d = _recordless(Game.new(3, seed=4))
    _roller_without_dice(d)
    with deadline(10), pytest.raises(UnreachableStateError, match="holding dice"):
        Game.from_dict(d)


def test_the_open_reroll_loop_raises_instead_of_spinning() -> None:
    """R3.6: the open reroll loop is bounded; a state built around the loader still cannot hang."""
    g = Game.new(3, seed=4)
    s = g.rollers[0]
    p = g.seats[s]
    p.placed[0] = sorted(p.placed[0] + p.hand)
    p.hand, p.roll = [], []
    assert check_assumptions(g)
    assert any("holding dice" in x for x in check_reachable(g))
    for other in g.rollers:
        if other != s:
            g.apply(other, g.legal_actions(other)[0])
    with deadline(10), pytest.raises(EngineLoopError):
        g.apply(s, "select -")


def test_the_dice_phase_loop_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """R3.8: every roll step places dice, so the phase ends within six steps; a step that makes no
    progress (here: a roll step that starts nothing) raises instead of going round forever."""
    from tortuga_desktop.games.dice.rules import dice_phase

    g = Game.new(2, seed=3)

    def stalled(state: Any) -> bool:
        state.stage = dice_phase.BONUS
        state.queue = []
        return False

    monkeypatch.setattr(dice_phase, "start_roll_step", stalled)
    g.stage = dice_phase.BONUS
    g.queue = []
    with deadline(10), pytest.raises(EngineLoopError, match="roll steps"):
        dice_phase.advance(g)


def test_an_action_past_raid_is_refused_on_load() -> None:
    """R4.1: the actions are resolved in order 0-4; action 5 indexed a sixth action space."""
    g = _until(Game.new(3, seed=4), lambda g: g.phase == "actions")
    d = _recordless(g)
    d["act"]["action"] = 5
    with pytest.raises(UnreachableStateError, match="not one of the five actions"):
        Game.from_dict(d)


@pytest.mark.parametrize("edit, words", [
    (lambda d: d["act"].__setitem__("order", list(reversed(d["act"]["order"]))), "ranking"),
    (lambda d: d["act"].__setitem__("pos", 1 if len(d["act"]["order"]) == 1 else 2), "past the acting"),
])
def test_acting_seats_must_be_the_ranking(edit: Callable[[dict[str, Any]], None], words: str) -> None:
    """R4.2, R4.3: the acting seats are derived from the totals by the same function as in play."""
    g = _until(Game.new(3, seed=4), lambda g: g.phase == "actions" and len(g.act_order) == 2)
    d = _recordless(g)
    edit(d)
    with pytest.raises(UnreachableStateError, match=words):
        Game.from_dict(d)


def test_an_arrangement_of_chests_not_held_is_refused() -> None:
    """R5.2: a stored arrangement must be one of the seat's own arrangements."""
    g = _until(Game.new(3, seed=4), lambda g: g.phase == "move")
    d = _recordless(g)
    seat = next(s for s in d["seats"] if s["arr_fleet"] is None or s["arr_crew"] is None)
    seat["arr_fleet" if seat["arr_fleet"] is None else "arr_crew"] = [4, 4, 4, 4]
    with pytest.raises(UnreachableStateError, match="does not hold"):
        Game.from_dict(d)


def test_an_invalid_confirmed_selection_is_refused() -> None:
    """R3.2, R3.3: a confirmed selection shows one action (plus skulls) and fits its space."""
    for seed in range(50):
        g = Game.new(2, seed=seed)
        s = g.rollers[0]
        roll = g.seats[s].roll or []
        faces = {f for f in roll if f != 5}
        if len(faces) >= 2:
            break
    d = _recordless(g)
    hand = d["seats"][s]["hand"]
    a, b = sorted(faces)[:2]
    d["seats"][s]["selection"] = sorted([hand[roll.index(a)], hand[roll.index(b)]])
    with pytest.raises(UnreachableStateError, match="not a valid one"):
        Game.from_dict(d)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_reached_state_passes_the_checks(players: int) -> None:
    """No false refusals: every state of real games keeps every assumption and loads back."""
    checked = 0
    for seed in range(3):
        g = Game.new(players, seed=seed + 10 * players)
        rng = random.Random(seed)
        while not g.is_over:
            assert check_assumptions(g) == [], (seed, g.decisions)
            if g.decisions % 7 == 0:
                assert check_reachable(g) == [], (seed, g.decisions)
                Game.from_dict(g.to_dict())
                checked += 1
            s = g.to_move()[0]
            g.apply(s, g.random_action(s, rng))
    assert checked > 30


def _queries(g: Game) -> None:
    g.pending()
    g.to_move()
    for s in range(g.players):
        g.decision_for(s)
        g.legal_actions(s)
        g.view(s)
        g.events_for(s)
        g.score(s)
        if g.decision_for(s) is not None:
            g.random_action(s, random.Random(5))
    g.view(None)
    g.outcome()
    check_assumptions(g)
    check_reachable(g)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_queries_never_change_the_game(players: int) -> None:
    """R9: asking who decides what, the legal actions, views and checks leaves the game as it was."""
    g = Game.new(players, seed=players)
    rng = random.Random(players)
    while not g.is_over:
        before = g.to_dict()
        _queries(g)
        assert g.to_dict() == before, g.decisions
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))


def test_queries_on_a_broken_state_raise_or_answer_but_change_nothing() -> None:
    """Issue 24.2: even on a state no rule reaches (built around the loader), queries change nothing."""
    g = _until(Game.new(3, seed=4), lambda g: g.phase == "actions")
    g.act_action = 5
    before = g.to_dict()
    for q in (g.pending, g.to_move, lambda: [g.legal_actions(s) for s in range(3)],
              lambda: [g.view(s) for s in range(3)], lambda: check_reachable(g)):
        with contextlib.suppress(IndexError, ValueError):
            q()
        assert g.to_dict() == before
    assert check_reachable(g)


def test_the_kernel_loops_are_bounded_too() -> None:
    """The playout kernel mirrors the engine's loops, bounds included (R3.6)."""
    from tortuga_desktop.games.dice.ai import kernel as K

    g = Game.new(3, seed=4)
    s = g.rollers[0]
    p = g.seats[s]
    p.placed[0] = sorted(p.placed[0] + p.hand)
    p.hand, p.roll = [], []
    k = K.from_game(g)
    for other in g.rollers:
        if other != s:
            K.apply(k, other, K.K_SELECT, K.options(k, other, K.K_SELECT)[0])
    with deadline(10), pytest.raises(EngineLoopError):
        K.apply(k, s, K.K_SELECT, 0)
