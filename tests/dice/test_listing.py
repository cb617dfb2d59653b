"""Listing folders without replaying every file (app/listing.py), capped replay lists and
pruning that only touches real records (issue 24, items 3, 7 and 8)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table import records
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.records import RecordError, RecordKeeper, ReplayFile
from tortuga_desktop.games.dice.table.savefile import SaveData
from tortuga_desktop.shell import listing, paths, replayfiles, saves


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("TORTUGA_HOME", str(home))
    return home


def _finished_record(seed: int = 1, players: int = 2) -> ReplayFile:
    g = Game.new(players, seed)
    keeper = RecordKeeper(f"g{seed}", g, ["human", "easy", "normal", "hard"][:players], clock=lambda: 1000.0)
    g.playout(random.Random(seed))
    rf = keeper.snapshot({})
    assert rf is not None
    return rf


def _finished_save(seed: int = 4) -> SaveData:
    setup = SetupConfig(seats=[saves.SeatConfig("Anna", "human", 0), saves.SeatConfig("Bart", "easy", 1)],
                              seed=seed)
    data = setup.create_game()
    data.game.playout(random.Random(seed))
    assert data.game.is_over
    return data


# ---------------------------------------------------------------- item 8: pruning
def test_prune_ignores_newer_junk_and_keeps_real_records() -> None:
    """Issue 24.8: newer junk .json files in replays/ made prune delete a real record."""
    folder = records.replays_dir()
    rf = _finished_record()
    for i in range(3):
        rf.game_id = f"real{i}"
        rf.updated_at = f"2024-01-0{i + 1}T12:00:00+00:00"
        p = records.write_replay(rf)
        os.utime(p, (1000 + i, 1000 + i))
    for i in range(5):  # newer files that are not records of this game
        junk = folder / f"notes{i}.json"
        junk.write_text(json.dumps({"hello": i}) if i % 2 else "not json")
        os.utime(junk, (5000 + i, 5000 + i))
    assert records.prune(3) == []
    assert sorted(p.name for p in folder.glob("real*.json")) == ["real0.json", "real1.json", "real2.json"]
    assert len(list(folder.glob("notes*.json"))) == 5  # never deleted either


def test_prune_orders_by_the_records_own_dates() -> None:
    """A record whose file was touched later but was played earlier is the oldest."""
    folder = records.replays_dir()
    rf = _finished_record()
    for i, day in enumerate((3, 1, 2)):
        rf.game_id = f"r{i}"
        rf.updated_at = f"2024-01-0{day}T12:00:00+00:00"
        p = records.write_replay(rf)
        os.utime(p, (9000 - i, 9000 - i))  # r0 has the newest file but r1 the oldest date
    removed = records.prune(2)
    assert [p.name for p in removed] == ["r1.json"]
    assert sorted(p.name for p in folder.glob("[!.]*.json")) == ["r0.json", "r2.json"]


# ---------------------------------------------------------------- item 7: capped lists
def test_a_huge_winners_list_is_refused_with_a_message(tmp_path: Path) -> None:
    """Issue 24.7: a replay with 400,000 winners was imported and made every redraw slow."""
    data = _finished_record().to_dict()
    data["winners"] = [0] * 400_000
    src = tmp_path / "big.json"
    src.write_text(json.dumps(data))
    with pytest.raises(RecordError) as exc:
        replayfiles.import_replay(src)
    assert exc.value.key == "error.replay.invalid" and "winners" in exc.value.detail
    assert replayfiles.describe_error(exc.value)
    assert list(records.replays_dir().glob("[!.]*.json")) == []  # nothing was kept


@pytest.mark.parametrize("winners", [[0, 0], [0, 1, 1], [1, 0, 1]])
def test_winners_are_distinct_seats(tmp_path: Path, winners: list[int]) -> None:
    data = _finished_record().to_dict()
    data["winners"] = winners
    with pytest.raises(RecordError):
        ReplayFile.from_dict(data)


# ---------------------------------------------------------------- item 3: the summary index
def test_finished_games_are_listed_from_the_index_written_with_the_archive(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24.3: listing the archive replayed every game each time; now the index written
    with the archive describes it and no file is read again."""
    data = _finished_save()
    path = saves.archive_finished(data)
    assert (path.parent / listing.INDEX_NAME).is_file()
    calls: list[Path] = []
    real = saves.save_info
    monkeypatch.setattr(saves, "save_info", lambda p: calls.append(Path(p)) or real(p))
    (info,) = saves.list_finished()
    assert calls == []  # nothing was replayed: the index described the file
    assert info.ok and info.game_id == data.game_id and info.finished
    assert info.player_names == ("Anna", "Bart") and info.winners == tuple(data.game.outcome().winners)


def test_a_missing_or_stale_index_is_rebuilt_and_a_changed_file_read_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = _finished_save()
    path = saves.archive_finished(data)
    (path.parent / listing.INDEX_NAME).unlink()
    progress: list[tuple[int, int]] = []
    (info,) = saves.list_finished(lambda d, t: progress.append((d, t)))
    assert info.ok and progress[-1] == (1, 1)
    assert (path.parent / listing.INDEX_NAME).is_file()
    # the file is replaced by a damaged one: its size/time change, it is read again
    path.write_text("{broken")
    (info,) = saves.list_finished()
    assert not info.ok and info.error is not None and info.error.key == "error.save.not_json"
    path.unlink()
    assert saves.list_finished() == []


def _read_index(path: Path) -> dict[str, object]:
    head, *lines = path.read_text().splitlines()
    return {**json.loads(head), "entries": [json.loads(x) for x in lines]}


def _write_index(path: Path, doc: dict[str, object]) -> None:
    head = {k: v for k, v in doc.items() if k != "entries"}
    path.write_text("\n".join([json.dumps(head), *(json.dumps(e) for e in doc["entries"])]) + "\n")  # type: ignore[attr-defined]


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format="other"),
    lambda d: d["entries"][0][3].update(players=["x"] * 9),
    lambda d: d["entries"][0][3].update(round=-4),
    lambda d: d["entries"][0][3].update(winners=[0] * 400_000),
    lambda d: d["entries"][0][3].update(name="\x00bad"),
    lambda d: d["entries"][0].__setitem__(0, "../escape.json"),
    lambda d: d["entries"].append(["ghost.json", 1, 1, {"error": {"key": "x"}}]),
])
def test_a_damaged_index_is_validated_when_read(damage: object) -> None:
    """A hand-edited index never shows what the file does not say: bad entries are dropped
    and their files read again."""
    data = _finished_save()
    path = saves.archive_finished(data)
    index = path.parent / listing.INDEX_NAME
    doc = _read_index(index)
    damage(doc)  # type: ignore[operator]
    _write_index(index, doc)
    (info,) = saves.list_finished()
    assert info.ok and info.player_names == ("Anna", "Bart") and info.game_id == data.game_id


def test_the_index_is_not_trusted_for_a_file_of_another_size(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _finished_save()
    path = saves.archive_finished(data)
    index = path.parent / listing.INDEX_NAME
    doc = _read_index(index)
    entry = doc["entries"][0]  # type: ignore[index]
    entry[3]["players"] = ["Eve", "Mallory"]
    entry[1] += 1  # the size no longer matches the file
    _write_index(index, doc)
    (info,) = saves.list_finished()
    assert info.player_names == ("Anna", "Bart")


def test_replays_are_listed_from_the_index() -> None:
    rf = _finished_record()
    records.write_replay(rf)
    (records.replays_dir() / "junk.json").write_text("[]")
    infos = replayfiles.list_replays()
    assert sorted(bool(i.error) for i in infos) == [False, True]
    again = replayfiles.list_replays()
    assert [(i.path, i.error, i.names) for i in again] == [(i.path, i.error, i.names) for i in infos]


def test_scan_runs_on_a_worker_and_reports_progress() -> None:
    data = _finished_save()
    for i in range(3):
        data.game_id = f"g{i}"
        saves.save_named(f"game {i}", data)
    task = listing.start_scan("test listing", lambda progress: saves.list_saves(progress))
    assert task.wait(30)
    assert task.error is None and len(task.result) == 3 and task.progress == (3, 3)


def test_scanned_summaries_have_exactly_their_typed_shape() -> None:
    """Issue 25, typed seams: what a scan hands out is the typed dict of its kind (the saves' and the
    replays' lists and ``records.prune`` read it by key, checked by mypy), key for key as checked."""
    data = _finished_save()
    saves.archive_finished(data)
    records.write_replay(_finished_record())
    (records.replays_dir() / "junk.json").write_text("[]")
    ((_p, save, _t),) = listing.scan(paths.archive_dir(), "saves", saves.summarise_save)
    assert set(save) == listing.SaveSummary.__required_keys__ and save["game_id"] == data.game_id
    found = {p.name: s for p, s, _t in listing.scan(records.replays_dir(), "replays", replayfiles.summarise_replay)}
    assert set(found["junk.json"]) == listing.ErrorSummary.__required_keys__
    (replay,) = (s for name, s in found.items() if name != "junk.json")
    assert set(replay) == listing.ReplaySummary.__required_keys__
    assert "error" not in replay and replay["finished"] and replay["date"]
