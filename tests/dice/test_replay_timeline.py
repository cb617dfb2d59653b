"""The replay position model (app/replay.py): snapshots + replay forward give exactly the game
at every decision; perspectives never reveal more than allowed.

Record -> replay equality over 1,000 random games is tested in test_rules_record.py; here
every position of a smaller sample is checked against a plain replay of the entries so far.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tortuga_desktop.devtools.replaycheck import prefix, record_replays_exactly
from tortuga_desktop.games.dice.engine import DiceEngine
from tortuga_desktop.games.dice.rules import Game, RulesError
from tortuga_desktop.games.dice.table.replay import ALL, SNAPSHOT_EVERY, ReplayTimeline
from tortuga_desktop.shell.replay import ReplayTable


@pytest.mark.parametrize("seed", range(12))
def test_every_jump_gives_the_same_state_and_events(seed: int) -> None:
    g = Game.new(2 + seed % 3, seed=seed, long_game=seed % 5 == 0)
    g.playout(random.Random(seed))
    rec = g.record()
    tl = ReplayTimeline(rec)
    assert tl.final.to_dict() == g.to_dict() and tl.final.events == g.events
    rng = random.Random(seed)
    for k in [0, len(tl) - 1, *rng.sample(range(len(tl)), 15)]:
        got = tl.game_at(k)
        want = prefix(rec, tl.stops[k].entries)
        assert got.to_dict() == want.to_dict()
        assert got.events == want.events
    assert tl.round_starts()[0] == 0 and len(tl.round_starts()) == g.round
    assert tl.next_round(0) == tl.round_starts()[1]
    assert tl.previous_round(tl.round_starts()[2]) == tl.round_starts()[1]


def test_scripted_rolls_go_with_their_decision() -> None:
    g = Game.new(3, seed=4, start_player=0)
    g.set_roll(0, [0, 0, 5, 3, 3])
    g.apply(0, "select ABC")
    rng = random.Random(3)
    for _ in range(30):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    tl = ReplayTimeline(g.record())
    assert len(tl) == g.decisions + 1
    assert tl.stops[0].entries == 1  # the roll before the first decision belongs to position 0
    assert tl.game_at(len(tl) - 1).to_dict() == g.to_dict()


def test_perspectives_and_the_lock() -> None:
    g = Game.new(4, seed=8)
    for _ in range(3):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, random.Random(1)))
    rec = g.record()
    open_tl = ReplayTimeline(rec)
    game = open_tl.game_at(2)
    everything = open_tl.view(game, ALL)
    for s in range(4):
        assert everything.seats[s] == game.view(s).seats[s]
    assert open_tl.view(game, 1) == game.view(1)
    locked = ReplayTimeline(rec, locked=True)
    for wanted in (None, 0, 1, 2, 3, ALL):
        assert locked.perspective(wanted) is None
        assert locked.view(game, wanted) == game.view(None)


@pytest.mark.parametrize("chunk", range(4))
def test_record_to_replay_gives_the_same_state_and_events(chunk: int) -> None:
    """200 random games here (50 per chunk); ``python -m scripts.replay_check`` runs 1,000."""
    for i in range(10_000 + chunk * 50, 10_000 + chunk * 50 + 50):
        record_replays_exactly(i)


@pytest.mark.slow
def test_record_to_replay_over_1000_games(request: pytest.FixtureRequest) -> None:
    """The full 1,000 games (about a minute): only with ``pytest -m slow``; the default run
    checks 200 above, and ``python -m scripts.replay_check`` prints the 1,000 figure."""
    marks = str(request.config.getoption("markexpr") or "")
    if "slow" not in marks or "not slow" in marks:
        pytest.skip("1,000 games: run with -m slow, or python -m scripts.replay_check")
    for i in range(10_000, 11_000):
        record_replays_exactly(i)


# ------------------------------------------------------------------ over the shell's ReplayTable
def _finished(seed: int, players: int = 4) -> Game:
    g = Game.new(players, seed=seed)
    g.playout(random.Random(seed))
    return g


def test_the_timeline_is_the_dice_layer_over_the_shells_replay_table_of_the_dice_engine() -> None:
    g = _finished(5)
    tl = ReplayTimeline(g.record(), kinds=("human", "easy", "normal", "hard"))
    table = tl.table
    assert isinstance(table, ReplayTable) and isinstance(table.engine, DiceEngine)
    assert table.length == g.decisions == len(tl) - 1 and table.kinds == ("human", "easy", "normal", "hard")
    assert [s.seat for s in tl.stops[1:]] == [seat for seat, text in g.record().entries if not text.startswith("roll")]
    for k in (len(tl) - 2, 3, 120, 0, 7):
        public = tl.view_at(k, None)
        assert table.position == k and public == table.view(None)  # the public view is the table's
        assert list(table.events_for(None)) == [e for e in tl.game_at(k).events_for(None)]
        assert tl.decision_at(k) == table.decisions_before(k) == k


def test_a_jump_replays_fewer_decisions_than_the_snapshot_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _finished(6)
    tl = ReplayTimeline(g.record())
    applied: list[object] = []
    real = Game.apply

    def counted(self: Game, seat: int, action: object) -> None:
        applied.append(action)
        real(self, seat, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "apply", counted)
    for k in random.Random(6).sample(range(len(tl)), 40):
        applied.clear()
        got = tl.game_at(k)
        assert len(applied) < SNAPSHOT_EVERY
        assert got.to_dict() == prefix(g.record(), tl.stops[k].entries).to_dict()


def test_a_record_that_does_not_fit_the_rules_raises_a_rules_error() -> None:
    g = _finished(7, players=3)
    rec = g.record()
    for i in (0, len(rec.entries) // 2, len(rec.entries) - 1):
        seat, text = rec.entries[i]
        bad = replace(rec, entries=(*rec.entries[:i], ((seat + 1) % 3, text), *rec.entries[i + 1:]))
        with pytest.raises(RulesError):
            ReplayTimeline(bad)
