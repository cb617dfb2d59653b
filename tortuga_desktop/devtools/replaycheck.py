"""Record -> replay file -> timeline, checked for one random game: shared by
``tests/dice/test_replay_timeline.py`` (200 games) and ``python -m scripts.replay_check`` (1,000)."""

from __future__ import annotations

import json
import random

from tortuga_desktop.games.dice.rules import Game, GameRecord, replay
from tortuga_desktop.games.dice.rules.record import RECORD_FORMAT
from tortuga_desktop.games.dice.table.records import RecordKeeper, parse_replay
from tortuga_desktop.games.dice.table.replay import ReplayTimeline
from tortuga_desktop.shell.levels import LEVELS

__all__ = ["prefix", "record_replays_exactly"]


def prefix(rec: GameRecord, n: int) -> Game:
    """A plain replay of the first ``n`` entries of ``rec``."""
    return replay(GameRecord(RECORD_FORMAT, rec.rules_version, rec.seed, rec.players, rec.names, rec.start_player,
                             rec.long_game, rec.entries[:n]))


def record_replays_exactly(i: int) -> None:
    """One random game (seed ``i``) kept as a replay file and played back from the file: the
    timeline ends in the same state with the same events, and a position inside it (reached by a
    jump back from the end) equals a plain replay of the entries so far, in its state and in each
    viewer's view. Raises AssertionError saying what differs."""
    g = Game.new(2 + i % 3, seed=i, long_game=i % 7 == 0, start_player=None if i % 2 else 0)
    keeper = RecordKeeper(f"g{i}", g, ["human", *LEVELS][:g.players], clock=lambda: 1.0)
    g.playout(random.Random(i))
    rf = keeper.snapshot({})
    if rf is None:
        raise AssertionError(f"game {i}: no replay file was made")
    back = parse_replay(json.dumps(rf.to_dict()).encode())
    tl = ReplayTimeline(back.record)
    if tl.final.to_dict() != g.to_dict() or tl.final.events != g.events:
        raise AssertionError(f"game {i}: the replay's last position is not the game")
    k = random.Random(i).randrange(len(tl))
    want = prefix(back.record, tl.stops[k].entries)
    got = tl.game_at(k)
    if got.to_dict() != want.to_dict() or got.events != want.events:
        raise AssertionError(f"game {i}: position {k} differs from a plain replay of its entries")
    if not want.is_over and any(tl.view_at(k, who) != want.view(who) for who in (None, *range(want.players))):
        raise AssertionError(f"game {i}: a view at position {k} differs from the plain replay's")
