"""Ways into the replay scene, driven headless through intents: "Watch replay" on the results
screen, the Replays tab of the statistics screen (watch, export, import), ``tortuga --replay
FILE``; bad, truncated, newer and existing files get a clear message and change nothing."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_helpers import start_app

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table import records
from tortuga_desktop.games.dice.table.controller import finished_source
from tortuga_desktop.games.dice.table.records import RecordKeeper, ReplayFile
from tortuga_desktop.games.dice.table.replay import ALL
from tortuga_desktop.games.dice.table.scenes.replay import ReplayScene
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.main import parse_args
from tortuga_desktop.shell.scenes.dialogs import MessageScene
from tortuga_desktop.shell.scenes.replays import RecordFileScene
from tortuga_desktop.shell.scenes.stats import StatsScene

pytestmark = pytest.mark.usefixtures("app_home")


def _record(game_id: str, seed: int, *, finish: bool = True, players: int = 3) -> ReplayFile:
    g = Game.new(players, seed)
    keeper = RecordKeeper(game_id, g, ["human", "easy", "normal", "hard"][:players], clock=lambda: 1000.0)
    if finish:
        g.playout(random.Random(seed))
    else:
        rng = random.Random(seed)
        for _ in range(30):
            s = g.to_move()[0]
            g.apply(s, g.random_action(s, rng))
    rf = keeper.snapshot({})
    assert rf is not None
    return rf


def _until(app: Any, done: Any, frames: int = 600) -> None:
    deadline = time.monotonic() + 30  # lists are read on worker threads: give them time
    n = 0
    while n < frames or time.monotonic() < deadline:
        if done():
            return
        app.session.writer().flush(1)
        app.step(1 / 60)
        n += 1
        time.sleep(0.002)
    assert done(), "the app did not get there"


def _key(app: Any, key: int, mod: int = 0, uni: str = "") -> None:
    app.post(Key(key, mod, uni))
    app.step(1 / 60)


def _type(app: Any, text: str) -> None:
    """Select everything in the focused text field (Ctrl+A) and type ``text`` over it, as
    keyboard events through pygame_gui."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01",
                                         scancode=4))
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(1 / 60)


# -- the results screen -----------------------------------------------------------------------


def test_watch_replay_from_the_results_of_a_live_game() -> None:
    app = start_app("--demo", "--players", "2", "--speed", "instant", "--seed", "4", "--level", "easy")
    _until(app, lambda: isinstance(app.top, ResultsScene), frames=3000)
    results = app.top
    game = results.source.game  # the local table source's own game (tests may look behind the table)
    app.post(Click(results._buttons["watch"].center, 1))
    app.step(1 / 60)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    assert not scene.timeline.locked and scene.file.reasons  # finished: any view; the bots' reasons came along
    _key(app, pygame.K_END)
    assert scene.game.to_dict() == game.to_dict()
    assert any(line.reason is not None for line in scene.log)
    scene.set_perspective(ALL)
    assert scene.perspective == ALL
    _key(app, pygame.K_ESCAPE)
    assert app.top is results
    _key(app, pygame.K_r, 0, "r")
    assert isinstance(app.top, ReplayScene)
    app.close()


def test_watch_replay_from_a_finished_game_opened_for_review() -> None:
    app = start_app()
    g = Game.new(3, 8)
    g.playout(random.Random(8))
    results = ResultsScene(finished_source(g), [], review=True)
    app.push(results)
    app.step(1 / 60)
    _key(app, pygame.K_r, 0, "r")
    assert isinstance(app.top, ReplayScene) and app.top.timeline.final.to_dict() == g.to_dict()
    app.close()


def test_a_game_without_history_gets_a_notice_not_a_crash() -> None:
    from scenario import build

    app = start_app()
    g = build(3)
    g.playout(random.Random(1))
    results = ResultsScene(finished_source(g), [], review=True)
    app.push(results)
    app.step(1 / 60)
    _key(app, pygame.K_r, 0, "r")
    assert app.top is results
    assert any("cannot be replayed" in n.text for n in app.notices)
    app.close()


# -- the statistics screen: Replays tab ------------------------------------------------------------


def _stats_on_replays(app: Any) -> StatsScene:
    stats = StatsScene()
    app.push(stats)
    app.step(1 / 60)
    _key(app, pygame.K_TAB)
    _key(app, pygame.K_TAB)
    assert stats.tab == "replays"
    _until(app, lambda: stats.replays.infos is not None)
    app.step(1 / 60)
    return stats


def test_the_replays_tab_lists_records_and_opens_one() -> None:
    import os

    a = records.write_replay(_record("first", 2))
    b = records.write_replay(_record("second", 3, finish=False))
    os.utime(a, (1000, 1000))
    os.utime(b, (2000, 2000))
    (records.replays_dir() / "broken.json").write_text("{ cut")
    os.utime(records.replays_dir() / "broken.json", (500, 500))
    app = start_app()
    stats = _stats_on_replays(app)
    infos = stats.replays.infos
    assert infos is not None and [i.game_id for i in infos if not i.error] == ["second", "first"]
    damaged = [i for i in infos if i.error]
    assert len(damaged) == 1 and damaged[0].error == "error.replay.not_json"
    pygame.image.save(app.window, str(Path(os.environ["TORTUGA_HOME"]) / "replays_tab.png"))
    # Enter on the newest: an unfinished game opens in the public view only
    _key(app, pygame.K_RETURN)
    _until(app, lambda: isinstance(app.top, ReplayScene))
    scene = app.top
    assert scene.timeline.locked and scene.file.game_id == "second"
    _key(app, pygame.K_p)
    assert scene.perspective is None
    _key(app, pygame.K_ESCAPE)
    assert app.top is stats
    # a click on the second line chooses it, a second click watches it
    _until(app, lambda: stats.replays.infos is not None and bool(stats.replays._items))
    line = stats.replays._items[1]
    app.post(Click(line.center, 1))
    app.step(1 / 60)
    assert stats.replays.focus == 1
    app.post(Click(line.center, 1))
    app.step(1 / 60)
    _until(app, lambda: isinstance(app.top, ReplayScene))
    assert app.top.file.game_id == "first" and not app.top.timeline.locked
    app.close()


def test_export_never_overwrites_and_import_refuses_bad_files(tmp_path: Path) -> None:
    src = records.write_replay(_record("kept", 5))
    app = start_app()
    stats = _stats_on_replays(app)
    # export with E: the dialog writes where the player says
    _key(app, pygame.K_e, 0, "e")
    dialog = app.top
    assert isinstance(dialog, RecordFileScene) and dialog.mode == "export"
    out = tmp_path / "mine.json"
    _type(app, str(out))
    assert dialog.path_text() == str(out)
    _key(app, pygame.K_RETURN)
    _until(app, lambda: app.top is stats)
    assert records.read_replay(out).record == records.read_replay(src).record
    # the same name again: a message, the file untouched, the dialog stays open
    out.write_text("keep me")
    _key(app, pygame.K_e, 0, "e")
    dialog = app.top
    _type(app, str(out))
    _key(app, pygame.K_RETURN)
    _until(app, lambda: dialog.job is None and dialog.error)
    assert app.top is dialog and "already exists" in dialog.message
    assert out.read_text() == "keep me"
    _key(app, pygame.K_ESCAPE)
    assert app.top is stats
    # import: a cut file, a file from a newer version, a missing file, the same game again
    good = json.loads(src.read_text())
    cases = {
        "cut.json": (src.read_text()[:200], "cut off"),
        "newer.json": (json.dumps({**good, "version": 99, "game_id": "newer"}), "newer version"),
        "same.json": (src.read_text(), "already kept"),
    }
    for name, (content, said) in cases.items():
        (tmp_path / name).write_text(content)
        _key(app, pygame.K_i, 0, "i")
        dialog = app.top
        assert isinstance(dialog, RecordFileScene) and dialog.mode == "import"
        _type(app, str(tmp_path / name))
        _key(app, pygame.K_RETURN)
        _until(app, lambda d=dialog: d.job is None and d.error)  # type: ignore[misc]
        assert said in dialog.message, dialog.message
        assert app.top is dialog
        _key(app, pygame.K_ESCAPE)
    assert sorted(p.name for p in records.replays_dir().iterdir() if not p.name.startswith(".")) == ["kept.json"]
    assert json.loads(src.read_text()) == good  # nothing was overwritten
    # a good record of another game is imported and listed
    other = _record("other", 6).to_dict()
    (tmp_path / "other.json").write_text(json.dumps(other))
    _key(app, pygame.K_i, 0, "i")
    _type(app, str(tmp_path / "other.json"))
    _key(app, pygame.K_RETURN)
    _until(app, lambda: app.top is stats)
    _until(app, lambda: stats.replays.infos is not None and len(stats.replays.infos) == 2)
    assert any("imported" in n.text for n in app.notices)
    app.close()


# -- tortuga --replay FILE ---------------------------------------------------------------------------


def test_command_line_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record("cli", 7).to_dict()))
    app = start_app("--replay", str(path))
    assert isinstance(app.top, ReplayScene) and app.top.file.game_id == "cli"
    _key(app, pygame.K_END)
    assert app.top.view.phase == "over"
    app.close()


@pytest.mark.parametrize("content,said", [
    ("{", "cut off"),
    (json.dumps({"format": "tortuga-replay", "version": 7}), "newer version"),
    (json.dumps({"format": "something else"}), "not a Tortuga game record"),
])
def test_command_line_replay_of_a_bad_file(tmp_path: Path, content: str, said: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    app = start_app("--replay", str(path))
    assert isinstance(app.top, MessageScene) and said in app.top.text
    assert path.read_text() == content
    app.close()


def test_command_line_replay_of_a_missing_file(tmp_path: Path) -> None:
    app = start_app("--replay", str(tmp_path / "nope.json"))
    assert isinstance(app.top, MessageScene) and "no longer there" in app.top.text
    app.close()


def test_replay_flag_stands_alone() -> None:
    with pytest.raises(SystemExit):
        parse_args(["--replay", "x.json", "--demo"])


def test_a_record_whose_moves_do_not_fit_the_rules_is_refused_on_opening() -> None:
    data = _record("odd", 9).to_dict()
    entries = data["record"]["entries"]
    entries[5] = [entries[5][0], "select ABCDE"]  # a move the rules refuse at that point
    (records.replays_dir() / "odd.json").write_text(json.dumps(data))
    app = start_app()
    stats = _stats_on_replays(app)
    _key(app, pygame.K_RETURN)
    _until(app, lambda: isinstance(app.top, MessageScene))
    assert "damaged" in app.top.text
    _key(app, pygame.K_RETURN)
    assert app.top is stats
    app.close()
