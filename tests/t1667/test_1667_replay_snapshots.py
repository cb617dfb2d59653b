"""Tortuga 1667's engine copies itself (the shell's :class:`~tortuga_desktop.shell.engine.Snapshots`), so its
replay table jumps from the nearest kept copy: a jump replays fewer entries than the copies are apart, and shows
what replaying from the start shows."""

from __future__ import annotations

import random
from typing import Any

import pytest
from t1667_helpers import finished_record

from tortuga_desktop.games.t1667.rules import Game
from tortuga_desktop.games.t1667.table.engine import T1667Engine, replay_table
from tortuga_desktop.shell.engine import Snapshots


def test_a_copy_of_the_engine_goes_on_apart_from_it_with_the_same_events() -> None:
    e = T1667Engine.new(4, 5)
    rng = random.Random(5)
    for _ in range(25):
        seat = e.deciders()[0]
        e.apply(seat, rng.choice(list(e.legal_actions(seat))))
    seen = {v: tuple(e.events_for(v)) for v in (None, 0, 1)}  # read once: the engine keeps them per viewer
    assert isinstance(e, Snapshots)
    twin = e.clone()
    assert {v: tuple(twin.events_for(v)) for v in (None, 0, 1, 2)} == {**seen, 2: tuple(e.events_for(2))}
    seat = twin.deciders()[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert len(twin.events_for(None)) > len(seen[None]) and tuple(e.events_for(None)) == seen[None]
    assert twin.decisions == e.decisions + 1


def test_a_jump_in_a_1667_replay_starts_from_the_nearest_kept_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    data = finished_record(5, 8)
    r = replay_table(data, 2)
    r.seek(r.length)
    applied: list[object] = []
    real = Game.apply

    def counted(self: Game, seat: int, action: Any) -> None:
        applied.append(action)
        real(self, seat, action)

    monkeypatch.setattr(Game, "apply", counted)
    for k in random.Random(8).sample(range(r.length + 1), 25):
        applied.clear()
        r.seek(k)
        assert len(applied) < 16  # the table's default: a copy every 16 entries
        fresh = replay_table(data, 2)
        monkeypatch.setattr(Game, "apply", real)
        fresh.seek(k)
        monkeypatch.setattr(Game, "apply", counted)
        assert r.view(2) == fresh.view(2) and r.view(None) == fresh.view(None)
        assert tuple(r.events_for(2)) == tuple(fresh.events_for(2))
