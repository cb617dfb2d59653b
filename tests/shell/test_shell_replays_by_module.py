"""Issue 25: the Replays list, its export / import and ``tortuga --replay FILE`` know no game. Every
record file is read, summarised and opened through its game's module (a ``ReplayableGame``): a fake
game (the seven sticks of ``tests/fake_game.py``) that keeps records is listed beside the dice game's,
opened in its own replay screen, exported and imported; Tortuga 1667's records are exported and imported
too (before, export and import read the dice format only)."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from app_helpers import start_app
from fake_game import Sticks, SticksModule, SticksScene

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table import records
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell import paths, replayfiles
from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.game import ReplaySummary, SavedGame
from tortuga_desktop.shell.replayfiles import RecordError
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.dialogs import MessageScene
from tortuga_desktop.shell.scenes.replays import ReplayList


@dataclass(frozen=True)
class KeptSticks:
    """A sticks record as its module read it (not yet played)."""

    game_id: str
    names: tuple[str, ...]
    moves: tuple[int, ...]

    @property
    def finished(self) -> bool:
        return sum(self.moves) >= 7


class ReplaySticks(SticksModule):
    """The fake game, keeping records: ``{"game": "sticks", "game_id", "names", "moves"}``; a record whose
    moves break the rules reads (quickly) but does not open."""

    def __init__(self) -> None:
        super().__init__()
        self.speeds: list[str] = []

    def read_replay(self, doc: Mapping[str, Any], path: Path | None) -> SavedGame:
        moves, names, game_id = doc.get("moves"), doc.get("names"), doc.get("game_id")
        if not (isinstance(moves, list) and all(m in (1, 2) for m in moves) and isinstance(game_id, str)
                and isinstance(names, list) and len(names) == 2):
            raise RecordError("error.replay.invalid", "not a sticks record", reason="moves")
        return KeptSticks(game_id, tuple(names), tuple(moves))

    def replay_summary(self, saved: SavedGame) -> ReplaySummary:
        assert isinstance(saved, KeptSticks)
        return ReplaySummary(saved.game_id, "2026-01-02T03:04:05", saved.names, ("human", "easy"), (1,),
                             len(saved.moves), saved.finished)

    def replay_scene(self, saved: SavedGame, speed: str) -> Scene:
        assert isinstance(saved, KeptSticks)
        self.speeds.append(speed)
        game = Sticks()
        try:
            for n in saved.moves:
                game.apply(game.deciders()[0], game.parse_action(f"take {n}"))
        except (ActionRefused, IndexError) as exc:
            raise RecordError("error.replay.invalid", str(exc), reason="moves") from None
        return SticksScene("replay", game)


@pytest.fixture
def sticks(app_home: None) -> Iterator[ReplaySticks]:
    m = ReplaySticks()
    games.register(m)
    try:
        yield m
    finally:
        games.unregister(m.key)


def _sticks_record(folder: Path, game_id: str, moves: list[int]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game_id}.json"
    path.write_text(json.dumps({"game": "sticks", "game_id": game_id, "names": ["Ann", "Bot"], "moves": moves}))
    return path


def _dice_record(game_id: str) -> Path:
    g = Game.new(2, 4)
    rng = random.Random(4)
    while not g.is_over:
        d = g.pending()[0]
        g.apply(d.seat, g.random_action(d.seat, rng))
    rf = records.ReplayFile(game_id, g.record(), ("human", "easy"), [None] * len(g.record().entries),
                            finished=True, winners=g.outcome().winners, rounds=g.round)  # type: ignore[union-attr]
    return records.write_replay(rf)


def _poll_until(app: Any, listing: ReplayList, done: Any, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        listing.poll(app)
        app.run(max_frames=1)
        time.sleep(0.005)
    assert done()


def test_the_replays_list_lists_and_opens_every_game_through_its_module(sticks: ReplaySticks) -> None:
    folder = paths.replays_dir()
    dice = _dice_record("dice1")
    good = _sticks_record(folder, "sticks1", [1, 2, 1, 2, 1])
    broken = folder / "sticks2.json"
    broken.write_text(json.dumps({"game": "sticks", "moves": "all of them"}))
    os.utime(dice, (1000, 1000))
    os.utime(good, (3000, 3000))
    os.utime(broken, (2000, 2000))
    infos = replayfiles.list_replays()
    assert [(i.game_id, i.error) for i in infos] == [("sticks1", ""), ("", "error.replay.invalid"), ("dice1", "")]
    assert [infos[0].game, infos[2].game] == ["sticks", "tortuga"]
    assert infos[0].names == ("Ann", "Bot") and infos[0].winners == (1,) and infos[0].rounds == 5
    app = start_app("--speed", "fast")
    try:
        listing = ReplayList()
        listing.infos = infos
        assert listing.open(app, 0)
        _poll_until(app, listing, lambda: isinstance(app.top, SticksScene))
        top = app.top
        assert isinstance(top, SticksScene) and top.name == "sticks replay" and top.game is not None
        assert top.game.is_over and sticks.speeds == ["fast"]  # built by the module, at the player's speed
        app.pop()
        assert not listing.open(app, 1)  # a damaged line: a notice, nothing opens
    finally:
        app.close()


def test_a_record_whose_moves_break_the_rules_shows_its_message_on_opening(sticks: ReplaySticks) -> None:
    _sticks_record(paths.replays_dir(), "odd", [2, 2, 2, 2])  # the last take of two finds one stick
    app = start_app()
    try:
        listing = ReplayList()
        listing.infos = replayfiles.list_replays()
        assert [i.error for i in listing.infos] == [""]
        assert listing.open(app, 0)
        _poll_until(app, listing, lambda: isinstance(app.top, MessageScene))
        assert "damaged" in app.top.text
    finally:
        app.close()


def test_command_line_replay_of_another_games_record(sticks: ReplaySticks, tmp_path: Path) -> None:
    path = _sticks_record(tmp_path, "cli", [2, 2, 2, 1])
    app = start_app("--replay", str(path))
    try:
        assert isinstance(app.top, SticksScene) and app.top.game is not None and app.top.game.is_over
    finally:
        app.close()
    text = json.dumps({"game": "sticks", "game_id": "x", "names": ["A", "B"], "moves": [2, 2, 2, 2]})
    path.write_text(text)
    app = start_app("--replay", str(path))
    try:
        assert isinstance(app.top, MessageScene) and "damaged" in app.top.text
        assert path.read_text() == text  # the file is left as it was
    finally:
        app.close()


def test_a_record_of_a_game_without_replays_is_refused_with_its_message(tmp_path: Path, app_home: None) -> None:
    plain = SticksModule()  # the fake game without ReplayableGame's methods
    games.register(plain)
    try:
        path = _sticks_record(tmp_path, "plain", [1])
        with pytest.raises(RecordError) as exc:
            replayfiles.read_kept(path)
        assert exc.value.key == "error.replay.other_game"
        assert replayfiles.describe_error(exc.value)
    finally:
        games.unregister(plain.key)


def test_export_and_import_go_through_the_module(sticks: ReplaySticks, tmp_path: Path) -> None:
    src = _sticks_record(paths.replays_dir(), "kept", [1, 1, 1, 1, 1, 1, 1])
    out = tmp_path / "out.json"
    assert replayfiles.export_replay(src, out) == out and out.read_bytes() == src.read_bytes()
    with pytest.raises(FileExistsError):
        replayfiles.export_replay(src, out)
    with pytest.raises(RecordError) as exc:
        replayfiles.import_replay(out)
    assert exc.value.key == "error.replay.exists"
    src.unlink()
    assert replayfiles.import_replay(out) == src and src.read_bytes() == out.read_bytes()
    # a record whose moves break the rules is not kept
    bad = _sticks_record(tmp_path, "bad", [2, 2, 2, 2])
    with pytest.raises(RecordError) as exc:
        replayfiles.import_replay(bad)
    assert exc.value.key == "error.replay.invalid"
    assert not (paths.replays_dir() / "bad.json").exists()


def test_a_1667_record_is_exported_and_imported(app_home: None, tmp_path: Path) -> None:
    from tortuga_desktop.games.t1667.rules import Game as Game1667
    from tortuga_desktop.games.t1667.rules import play_random
    from tortuga_desktop.games.t1667.table.archive import keep_finished
    from tortuga_desktop.games.t1667.table.replay import Replay1667Scene
    from tortuga_desktop.games.t1667.table.saves import Save1667, Seat1667

    names = ("Anne", "Bart", "Cora", "Dirk")
    g = play_random(Game1667.new(4, 5, names=names), random.Random(5))
    seats = tuple(Seat1667(n, "human" if i == 0 else "easy", 3 + i) for i, n in enumerate(names))
    _archived, kept = keep_finished(Save1667(seats=seats, record=g.record().to_dict(), game_id="t1"))
    (info,) = replayfiles.list_replays()
    assert (info.game, info.game_id, info.finished, info.names) == ("t1667", "t1", True, names)
    out = tmp_path / "t1667.json"
    replayfiles.export_replay(kept, out)
    assert out.read_bytes() == kept.read_bytes()
    kept.unlink()
    assert replayfiles.import_replay(out) == kept
    (again,) = replayfiles.list_replays()
    assert again == info
    scene = replayfiles.open_scene(replayfiles.read_kept(kept), "normal")
    assert isinstance(scene, Replay1667Scene) and scene.finished and scene.length == len(g.record().entries)
    # a record whose decisions were tampered with is refused, and nothing is kept
    doc = json.loads(out.read_text("utf-8"))
    doc["game_id"] = "t2"
    doc["record"]["entries"] = doc["record"]["entries"][:3] + [[0, "vote XYZ"]]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(RecordError):
        replayfiles.import_replay(bad)
    assert not (paths.replays_dir() / "t2.json").exists()
