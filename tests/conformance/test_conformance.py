"""Every game meets the framework's contract: the same checks, through the same interfaces (the shell's
:class:`~tortuga_desktop.shell.engine.GameRules` and :class:`~tortuga_desktop.shell.engine.Engine`), for
every game in the catalogue (:mod:`tortuga_desktop.games`) and for the fake game of the tests
(``fake_game.SticksRules``), which knows nothing of the built-in games.

- random playouts keep the game's own invariants, ask someone until the end, hand each decider a legal
  action and nobody else one, give every action a text form that parses back, and refuse an action out
  of turn without changing anything;
- a record, through JSON, replays to the same game: every seat's view, the deciders and their actions;
- no leak: a seat's view is the same when everything it may not know is dealt again (R9 of the dice
  game, T9 of 1667); and the re-deal really changes what others see (the check is not empty);
- a whole game at the shell's local table, every seat a computer player built from the game's factory.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from fake_game import SticksRules

from tortuga_desktop.games import all_rules
from tortuga_desktop.shell.engine import ActionRefused, Engine, GameRules
from tortuga_desktop.shell.table import BotSpec, LocalTable

GAMES: list[GameRules] = [*all_rules(), SticksRules()]
#: games whose seats hold secrets (the no-leak check must see a re-deal change something)
SECRETS = {"tortuga", "t1667"}
IDS = [g.key for g in GAMES]


def _sizes(rules: GameRules) -> list[int]:
    return sorted({rules.min_players, rules.max_players})


def playout(rules: GameRules, players: int, seed: int, *, check: bool = True) -> Iterator[Engine[object, object, object]]:
    """A random game, yielding the engine before every decision and once at the end."""
    engine = rules.new_engine(players, seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        yield engine
        if engine.is_over:
            return
        deciders = engine.deciders()
        assert deciders, "an unfinished game asks nobody"
        seat = rng.choice(deciders)
        legal = engine.legal_actions(seat)
        assert legal, f"seat {seat} decides with no legal action"
        engine.apply(seat, rng.choice(list(legal)))
        if check:
            assert rules.check(engine) == [], rules.check(engine)
    raise AssertionError("a random game did not end in 20,000 decisions")


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_random_playouts_keep_the_rules_invariants(rules: GameRules) -> None:
    for players in _sizes(rules):
        for seed in (1, 2):
            steps = 0
            for engine in playout(rules, players, seed):
                steps += 1
                deciders = engine.deciders()
                for seat in range(engine.players):
                    legal = engine.legal_actions(seat)
                    assert bool(legal) == (seat in deciders)
                    for action in legal[:5]:
                        assert engine.parse_action(str(action)) == action, f"{action!r} has no text form"
            assert engine.is_over and engine.deciders() == ()
            assert steps > 1


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_an_action_out_of_turn_is_refused_and_changes_nothing(rules: GameRules) -> None:
    refused = 0
    for engine in playout(rules, rules.max_players, 3, check=False):
        if engine.is_over or engine.decisions % 7:
            continue
        deciders = engine.deciders()
        idle = [s for s in range(engine.players) if s not in deciders]
        if not idle:
            continue
        action = engine.legal_actions(deciders[0])[0]
        before = [engine.view(s) for s in (None, *range(engine.players))], engine.decisions
        with pytest.raises(ActionRefused):
            engine.apply(idle[0], action)
        assert ([engine.view(s) for s in (None, *range(engine.players))], engine.decisions) == before
        refused += 1
    assert refused > 0
    with pytest.raises(ActionRefused):
        engine.parse_action("no such action \x00")


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_a_record_replays_to_the_same_game(rules: GameRules) -> None:
    for players in _sizes(rules):
        rng = random.Random(players)
        checked = 0
        for engine in playout(rules, players, 4 + players, check=False):
            if not (engine.is_over or engine.decisions < 2 or rng.random() < 0.05):
                continue
            again = rules.replay(json.loads(json.dumps(engine.record())))
            assert again.decisions == engine.decisions and again.is_over == engine.is_over
            assert again.deciders() == engine.deciders()
            for seat in (None, *range(engine.players)):
                assert again.view(seat) == engine.view(seat)
            for seat in engine.deciders():
                assert list(again.legal_actions(seat)) == list(engine.legal_actions(seat))
            checked += 1
        assert checked > 1


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_no_seat_sees_what_it_may_not_know(rules: GameRules) -> None:
    """Deal again everything a seat (or a watcher) may not know: what it is shown is the same."""
    changed = 0
    for players in _sizes(rules):
        rng = random.Random(100 + players)
        for engine in playout(rules, players, 7 + players, check=False):
            if engine.decisions >= 2 and rng.random() > 0.1:
                continue
            for seat in (None, *range(engine.players)):
                other = rules.redeal(engine, seat, rng.randrange(1 << 30))
                assert other.view(seat) == engine.view(seat), f"seat {seat} sees what it may not know"
                changed += any(other.view(s) != engine.view(s) for s in range(engine.players) if s != seat)
    if rules.key in SECRETS:
        assert changed > 0, "no re-deal changed anything: the check would pass any view"


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_a_whole_game_at_the_local_table(rules: GameRules) -> None:
    players = rules.min_players
    level = "easy" if "easy" in rules.levels else rules.levels[0]
    bots = {s: BotSpec(rules.bot_factory, level, 50 + s) for s in range(players)}
    engine = rules.new_engine(players, 11)
    table = LocalTable(engine, names=[f"P{s}" for s in range(players)], kinds=[level] * players,
                       humans=(), bots=bots, think="inline")
    try:
        for _ in range(20_000):
            if table.is_over:
                break
            table.poll(0.0)
        assert table.is_over, f"the game did not end: waiting for {table.waiting_for()}, {table.notices}"
        assert rules.check(engine) == []
        assert not table.notices, table.notices
        # what the table played is the game's record
        again = rules.replay(json.loads(json.dumps(engine.record())))
        assert again.is_over and again.view(None) == engine.view(None)
    finally:
        table.close()
