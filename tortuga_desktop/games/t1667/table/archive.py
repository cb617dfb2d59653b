"""A finished Tortuga 1667 game kept (as the dice game's are): its file in ``<data>/finished`` (the statistics'
finished games, opened through the game's module) and in ``<data>/replays`` (the Replays list, watched in
:mod:`.replay`), and its players counted in the statistics (games, wins by loyalty, how it ended).

The file is the game's save (:class:`~.saves.Save1667`: the record with the seats), so either list reads it
with the module's own checks. File work: call :func:`keep_finished` on the app's background writer.
"""

from __future__ import annotations

from pathlib import Path

from tortuga_desktop.games.t1667.rules import EndReason, Loyalty
from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.table.engine import GAME_KEY, T1667Engine, replay
from tortuga_desktop.games.t1667.table.saves import Save1667, write_save
from tortuga_desktop.shell import paths, stats
from tortuga_desktop.shell.game import ReplaySummary
from tortuga_desktop.shell.replayfiles import file_name
from tortuga_desktop.shell.saves.savefile import now_iso

__all__ = ["ENDINGS", "archive_paths", "ending_of", "keep_finished", "record_stats", "summary"]

#: how a game ended, as the statistics count it (T7.9): the two kinds of draw are one
ENDINGS = {EndReason.ARMADA: "armada", EndReason.DUTCH_TIE: "dutch_tie", EndReason.SUDDEN_DEATH: "sudden_death",
           EndReason.DRAW_NO_CARDS: "draw", EndReason.DRAW_CAP: "draw"}


def ending_of(reason: EndReason) -> str:
    return ENDINGS[reason]


def _engine(save: Save1667) -> T1667Engine:
    engine = save.engine if save.engine is not None else replay(save.record)
    if not engine.is_over:
        raise ValueError("only a finished game is kept as finished")
    return engine


def archive_paths(game_id: str) -> tuple[Path, Path]:
    """Where a finished game's file goes: the finished games' folder and the replays' folder."""
    name = file_name(game_id)
    return paths.archive_dir() / name, paths.replays_dir() / name


def record_stats(save: Save1667) -> None:
    """Count the finished game for its human players (idempotent per game id): games, wins, by loyalty, and
    how it ended."""
    engine = _engine(save)
    outcome = engine.outcome
    assert outcome is not None
    loyalties = engine.view(None).loyalties  # all turned up at the end (T7.9)
    sides = [lo.value if isinstance(lo, Loyalty) else "?" for lo in loyalties]
    stats.record_game(list(save.seats), None, list(outcome.winners), game_id=save.game_id, game=GAME_KEY,
                      sides=sides, ending=ending_of(outcome.reason))


def keep_finished(save: Save1667) -> tuple[Path, Path]:
    """Write the finished game to both folders and count it in the statistics. Raises ``ValueError`` for a game
    that is not over, ``SaveError`` when the disk fails."""
    _engine(save)
    save.meta.setdefault("finished_at", now_iso())
    done = archive_paths(save.game_id)
    for path in done:
        write_save(path, save)
    record_stats(save)
    return done


def summary(save: Save1667) -> ReplaySummary:
    """What the Replays list shows of a kept 1667 game (see ``ReplayableGame.replay_summary``)."""
    engine = save.engine if save.engine is not None else replay(save.record)
    outcome = engine.outcome
    first: int | None = None
    rounds = 0
    for e in engine.events_for(None):
        if isinstance(e, ev.TurnStarted):
            first = e.seat if first is None else first
            rounds += e.seat == first
    finished_at = save.meta.get("finished_at")
    return ReplaySummary(save.game_id, finished_at if isinstance(finished_at, str) else save.saved_at,
                         tuple(s.name for s in save.seats), tuple(s.kind for s in save.seats),
                         tuple(outcome.winners) if outcome is not None else (), min(rounds, 1000), engine.is_over)
