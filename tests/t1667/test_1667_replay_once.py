"""Opening a recorded 1667 game plays its record through once (the scan that finds the turns), not once
more before it to check it, nor again for each perspective; a record that does not replay is still refused."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from tortuga_desktop.games.t1667.rules import Game, RecordError, play_random
from tortuga_desktop.games.t1667.table import engine as engine_module
from tortuga_desktop.games.t1667.table.replay import Replay1667Scene


def _record() -> dict[str, Any]:
    g = play_random(Game.new(4, seed=12), random.Random(12))
    record: dict[str, Any] = g.record().to_dict()
    return record


def _count_full_replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of entries of every record :func:`engine.replay_record` plays (0: a game's opening)."""
    played: list[int] = []
    real = engine_module.replay_record

    def counted(record: Any) -> Any:
        played.append(len(record.entries))
        return real(record)

    monkeypatch.setattr(engine_module, "replay_record", counted)
    return played


def test_the_replay_screen_plays_the_record_through_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    record = _record()
    played = _count_full_replays(monkeypatch)
    scene = Replay1667Scene(record, speed="normal")
    assert scene.finished and scene.length == len(record["entries"]) > 20
    assert [n for n in played if n] == []  # only openings: the scan itself is the one replay
    scene.perspective = 1
    scene.table()
    assert [n for n in played if n] == []


def test_a_record_that_does_not_replay_is_still_refused_by_the_replay_screen() -> None:
    pygame.init()
    record = _record()
    record["entries"][7] = [record["entries"][7][0], "mutiny"]
    with pytest.raises(RecordError, match="entry 8"):
        Replay1667Scene(record, speed="normal")
