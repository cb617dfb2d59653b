"""Kept game records (app/records.py): written off the frame loop, listed, pruned, checked."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table import records
from tortuga_desktop.games.dice.table.controller import GameController, demo_seats
from tortuga_desktop.games.dice.table.records import RecordError, RecordKeeper, ReplayFile
from tortuga_desktop.shell import replayfiles
from tortuga_desktop.shell.saves import AutosaveWriter


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("TORTUGA_HOME", str(home))
    return home


def _finished(seed: int = 3, players: int = 4) -> ReplayFile:
    g = Game.new(players, seed)
    keeper = RecordKeeper(f"g{seed}", g, ["human", "easy", "normal", "hard"][:players], clock=lambda: 1000.0)
    g.playout(random.Random(seed))
    rf = keeper.snapshot({3: (1, Reason("test", (("action", 2),)))})
    assert rf is not None
    return rf


def test_round_trip_and_replay_gives_the_same_game() -> None:
    rf = _finished()
    path = records.write_replay(rf)
    back = records.read_replay(path)
    assert back.record == rf.record and back.kinds == rf.kinds and back.finished
    assert back.reasons[3][1].param("action") == 2
    assert back.times == [1000.0] * len(rf.record.entries)
    g = Game.new(4, 3)
    g.playout(random.Random(3))
    assert back.replay().to_dict() == g.to_dict()


def test_keeper_writes_on_the_background_writer_during_a_game() -> None:
    c = GameController(Game.new(3, 5), demo_seats(3, 5))
    keeper = RecordKeeper("live", c.game, [s.kind for s in c.seats])
    writer = AutosaveWriter()
    jobs = []
    c.on_decision = lambda _ev: jobs.append(keeper.queue(writer.run, dict(c._reasons), lambda: {"live"}))
    n = 0
    while not c.is_over and n < 3000:
        n += len(c.poll(budget_s=0.05))
    c.close()
    assert writer.flush(10)
    writer.close()
    assert all(j.done and j.error is None for j in jobs)
    (info,) = replayfiles.list_replays()
    assert info.finished and info.names == tuple(c.game.names) and info.rounds == c.game.round
    assert records.read_replay(info.path).reasons  # the bots' reasons are kept


def test_loaded_game_keeps_the_earlier_timestamps() -> None:
    g = Game.new(2, 9)
    keeper = RecordKeeper("same", g, ["human", "easy"], clock=lambda: 50.0)
    for _ in range(6):
        d = g.pending()[0]
        g.apply(d.seat, g.random_action(d.seat, random.Random(1)))
    first = keeper.snapshot({})
    assert first is not None
    records.write_replay(first)
    again = RecordKeeper("same", g, ["human", "easy"], clock=lambda: 99.0)
    d = g.pending()[0]
    g.apply(d.seat, g.random_action(d.seat, random.Random(2)))
    rf = again.snapshot({})
    assert rf is not None
    records.write_replay(rf)
    back = records.read_replay(records.replay_path("same"))
    assert back.times[0] == 50.0 and back.times[-1] == 99.0


def test_prune_keeps_the_newest_and_never_an_open_one() -> None:
    rf = _finished(1, 2)
    folder = records.replays_dir()
    for i in range(8):
        rf.game_id = f"old{i}"
        p = records.write_replay(rf)
        os.utime(p, (1000 + i, 1000 + i))
    removed = records.prune(3, open_ids={"old0"})
    left = sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))  # the index is hidden
    assert left == ["old0.json", "old5.json", "old6.json", "old7.json"]
    assert len(removed) == 4


@pytest.mark.parametrize("mutate,key", [
    (lambda d: d.update(version=99), "error.replay.newer_version"),
    (lambda d: d.update(format="x"), "error.replay.wrong_format"),
    (lambda d: d["record"]["entries"].append([0, "select ACE"]), "error.replay.invalid"),
    (lambda d: d.update(times=[]), "error.replay.invalid"),
    (lambda d: d["record"]["setup"].update(players=7), "error.replay.invalid"),
])
def test_bad_files_are_refused_with_a_clear_message(tmp_path: Path, mutate: object, key: str) -> None:
    data = _finished(2, 3).to_dict()
    mutate(data)  # type: ignore[operator]
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    with pytest.raises(RecordError) as exc:
        rf = records.read_replay(p)
        rf.replay()
    assert exc.value.key == key
    assert replayfiles.describe_error(exc.value)


def test_truncated_binary_missing_files(tmp_path: Path) -> None:
    good = json.dumps(_finished(2, 3).to_dict())
    cases = {"cut.json": good[: len(good) // 2].encode(), "bin.json": b"\xff\xfe\x00", "empty.json": b""}
    for name, raw in cases.items():
        (tmp_path / name).write_bytes(raw)
        with pytest.raises(RecordError) as exc:
            records.read_replay(tmp_path / name)
        assert exc.value.key == "error.replay.not_json"
    with pytest.raises(RecordError) as exc:
        records.read_replay(tmp_path / "nope.json")
    assert exc.value.key == "error.replay.missing"


def test_export_and_import_never_overwrite(tmp_path: Path) -> None:
    src = records.write_replay(_finished(4, 2))
    out = tmp_path / "mine.json"
    replayfiles.export_replay(src, out)
    with pytest.raises(FileExistsError):
        replayfiles.export_replay(src, out)
    with pytest.raises(RecordError) as exc:
        replayfiles.import_replay(out)  # the same game is kept already
    assert exc.value.key == "error.replay.exists"
    src.unlink()
    assert replayfiles.import_replay(out) == src
