"""Computer opponents (issue 3): legality, no peeking, determinism, arena."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tortuga_desktop.games.dice.ai import LEVELS, REASON_KEYS, BotChoice, make_bot
from tortuga_desktop.games.dice.arena import main as arena_main
from tortuga_desktop.games.dice.arena import run_arena
from tortuga_desktop.games.dice.rules import DecisionKind, Game, PlayerView, determinize

FAST_HARD = {"iterations": 1, "top_k": 2}
FAST_EXPERT = {"worlds": 3, "budget_s": 60.0}


def _bot(level: str, seed: int) -> Any:
    options = {"hard": FAST_HARD, "expert": FAST_EXPERT}.get(level, {})
    return make_bot(level, seed, **options)


def _play(levels: list[str], seed: int) -> Game:
    g = Game.new(players=len(levels), seed=seed)
    bots = [_bot(level, seed * 10 + i) for i, level in enumerate(levels)]
    kinds: set[DecisionKind] = set()
    while not g.is_over:
        d = g.pending()[0]
        kinds.add(d.kind)
        choice = bots[d.seat].decide(g.view(d.seat))
        assert isinstance(choice, BotChoice)
        assert choice.action in g.legal_actions(d.seat), (d, choice)
        assert choice.reason.key in REASON_KEYS
        english = choice.reason.english(g.names)
        assert english and "\n" not in english and "{" not in english
        g.apply(d.seat, choice.action)
    return g


def test_interface() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert")
    for level in ("random", *LEVELS):
        assert make_bot(level, 1).level == level
    with pytest.raises(ValueError):
        make_bot("grandmaster", 1)
    with pytest.raises(ValueError):
        make_bot("expert", 1, think="forever")


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_complete_games_without_illegal_actions(level: str, players: int) -> None:
    levels = [level] + ["normal" if level == "random" else "random"] * (players - 1)
    g = _play(levels, seed=players * 7 + len(level))
    out = g.outcome()
    assert out is not None and not out.capped


def test_every_decision_kind_is_met() -> None:
    seen: set[DecisionKind] = set()
    for seed in range(6):
        g = Game.new(players=4, seed=seed)
        bots = [_bot("normal", seed + i) for i in range(4)]
        while not g.is_over:
            d = g.pending()[0]
            seen.add(d.kind)
            g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    assert seen >= {DecisionKind.SELECT_DICE, DecisionKind.POSITION, DecisionKind.ARRANGE_FLEET,
                    DecisionKind.ARRANGE_CREW, DecisionKind.BONUS_TILE, DecisionKind.TAKE_CHEST}


def _mid_game(seed: int, seat: int = 0, rounds: int = 3) -> Game:
    """A game in round ``rounds``+ where ``seat`` must select dice and others have tiles."""
    g = Game.new(players=4, seed=seed)
    rng = random.Random(seed)
    while True:
        d = g.pending()[0]
        if (g.round > rounds and d.kind == DecisionKind.SELECT_DICE and g.decision_for(seat) is not None
                and any(g.seats[s].tiles for s in range(4) if s != seat)):
            return g
        assert not g.is_over
        g.apply(d.seat, g.random_action(d.seat, rng))


def _public(view: PlayerView) -> bytes:
    return view.to_bytes()


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard", "expert"])
def test_no_peeking(level: str) -> None:
    """Two games that differ only in what seat 0 cannot know give the same decision."""
    for seed in (3, 11):
        real = _mid_game(seed)
        view = real.view(0)
        # other worlds consistent with seat 0's knowledge: others' dice, tiles, bag order all resampled
        others = [determinize(view, 1000 + k) for k in range(2)]
        # and one where only another seat's hidden roll changes
        alt = real.clone()
        other = next(s for s in (1, 2, 3) if alt.seats[s].selection is None and s in alt.rollers)
        faces = [(f + 1) % 5 if f is not None else 0 for f in (alt.seats[other].roll or [])]
        alt.set_roll(other, faces)
        worlds = [real, alt, *others]
        hidden = {(tuple(tuple(w.seats[s].roll or ()) for s in (1, 2, 3)),
                   tuple(tuple(w.seats[s].tiles) for s in (1, 2, 3)), tuple(w.pool)) for w in worlds}
        assert len(hidden) > 1  # the worlds really differ in hidden information
        views = [w.view(0) for w in worlds]
        assert all(_public(v) == _public(views[0]) for v in views)
        choices = {_bot(level, 5).decide(v).action for v in views}
        assert len(choices) == 1, choices


def test_no_peeking_keep_tile_and_others_tiles() -> None:
    """Others' tile values never change a decision (checked at every seat-0 decision of a game)."""
    g = Game.new(players=3, seed=4)
    rng = random.Random(4)
    bot = _bot("normal", 9)
    checked = 0
    while not g.is_over and checked < 40:
        d = g.pending()[0]
        if d.seat == 0:
            view = g.view(0)
            twin = determinize(view, checked + 77)
            assert _public(twin.view(0)) == _public(view)
            assert bot.decide(twin.view(0)).action == bot.decide(view).action
            checked += 1
        g.apply(d.seat, g.random_action(d.seat, rng))
    assert checked > 10


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard", "expert"])
def test_deterministic_and_does_not_mutate(level: str) -> None:
    g = _mid_game(6)
    view = g.view(0)
    before = copy.deepcopy(view)
    state = g.to_dict()
    a = _bot(level, 42).decide(view)
    b = _bot(level, 42).decide(view)
    assert a == b
    assert view == before
    assert g.to_dict() == state


def test_whole_games_replay_identically() -> None:
    def run() -> list[int]:
        out = _play(["easy", "normal", "hard"], seed=2).outcome()
        assert out is not None
        return [s.total for s in out.scores]

    assert run() == run()


def test_decide_from_worker_threads() -> None:
    g = _mid_game(8)
    view = g.view(0)
    bot = _bot("normal", 1)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: bot.decide(view), range(8)))
    assert len(set(results)) == 1


def test_public_view_is_rejected() -> None:
    g = Game.new(players=2, seed=1)
    with pytest.raises(ValueError):
        make_bot("normal", 1).decide(g.view(None))


def test_arena_short_run() -> None:
    report = run_arena(["normal", "random"], games=2, seed=0, workers=1)
    assert report["games"] == 2
    names = [b["name"] for b in report["bots"]]
    assert names == ["normal", "random"]
    assert abs(sum(b["win_share"] for b in report["bots"]) - 1.0) < 1e-9


def test_arena_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["--bots", "easy,random,random", "--games", "3", "--seed", "2", "--workers", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["bots"]) == 3
    for b in data["bots"]:
        for key in ("name", "win_share", "ci_low", "ci_high", "mean_score", "decision_ms_p50", "decision_ms_p95"):
            assert key in b
        assert b["ci_low"] <= b["win_share"] <= b["ci_high"]



def test_a_stopped_serial_arena_reports_whole_rotations(monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGTERM (or Ctrl+C) stops a ``--workers 1`` run after the game in progress; the report
    keeps only seeds whose rotations all finished and says it stopped."""
    import tortuga_desktop.arena as arena
    from tortuga_desktop import serialrun

    played: list[int] = []
    real = arena._run

    def run_then_stop(job: tuple[Sequence[str], int, int, dict[str, Any] | None]) -> arena.GameResult:
        played.append(1)
        if len(played) == 3:  # the signal arrives during the third game (the second seed's first rotation)
            serialrun.STOP[0] = True
        return real(job)

    monkeypatch.setattr(arena, "_run", run_then_stop)
    monkeypatch.setattr(serialrun, "STOP", [False])
    report = arena.run_arena(["random", "random"], games=8, seed=0, workers=1)
    assert len(played) == 3
    assert report["stopped"] and report["games"] == 2
    serialrun.STOP[0] = False
    full = arena.run_arena(["random", "random"], games=2, seed=0, workers=1)
    assert not full["stopped"] and full["games"] == 2


def test_linked_interval_averages_a_seeds_rotations_first() -> None:
    from tortuga_desktop.games.dice.arena import linked_interval

    # four seeds, two rotations each: every seed's mean is 0.5, so the interval is a point
    assert linked_interval([1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0], 2) == (0.5, 0.5)
    lo, hi = linked_interval([1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0], 2)
    assert lo < 0.5 < hi
    assert linked_interval([1.0, 0.0], 2) == (0.0, 1.0)  # one seed: nothing to say
