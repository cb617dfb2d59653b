"""Tortuga 1667's replay (issue 28): a finished game watched again from any seat or with everything revealed
(never an unfinished game's hidden facts), stepped by decision and by round with keys and the mouse; the end
screen's Watch replay; finished games kept in the finished games, the Replays list (which game, opened through
the module) and counted in the statistics; ``tortuga --replay FILE`` for a 1667 file."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pygame
import pytest
from app_helpers import start_app
from table1667_local import NAMES, local_table

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.dice.table import records
from tortuga_desktop.games.t1667.rules import Game, Loyalty, parse_action, play_random
from tortuga_desktop.games.t1667.rules.views import PlayerView
from tortuga_desktop.games.t1667.table import module as module_1667
from tortuga_desktop.games.t1667.table.end import End1667Scene
from tortuga_desktop.games.t1667.table.replay import ALL, Replay1667Scene
from tortuga_desktop.games.t1667.table.saves import Seat1667
from tortuga_desktop.games.t1667.table.scene import Handover1667, Table1667Scene
from tortuga_desktop.shell import paths, replayfiles, stats
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.scenes.replays import ReplayList, open_replay_file


@pytest.fixture(autouse=True)
def _home(app_home: None) -> None:
    """Every test here runs in a private home, in English."""


def _played(players: int = 5, seed: int = 3, stop: int | None = None) -> Game:
    g = Game.new(players, seed, names=NAMES[:players])
    rng = random.Random(seed)
    if stop is None:
        return play_random(g, rng)
    from tortuga_desktop.games.t1667.rules import random_action

    for _ in range(stop):
        seat = g.pending()[0].seat
        g.apply(seat, random_action(g, seat, rng))
    return g


def _scene(g: Game, size: tuple[int, int] = (1280, 720)) -> tuple[App, Replay1667Scene]:
    app = App(None, size=size, fixed_dt=1 / 60)
    scene = Replay1667Scene(g.record().to_dict())
    app.push(scene)
    app.step(1 / 60)
    return app, scene


def test_a_finished_game_steps_by_decision_and_round_with_keys_and_mouse() -> None:
    g = _played()
    app, scene = _scene(g)
    try:
        n = len(g.record().entries)
        assert scene.length == n and scene.finished and scene.position == 0
        assert scene.perspectives == (None, *range(5), ALL)
        app.post(Key(pygame.K_RIGHT))
        app.step(1 / 60)
        assert scene.position == 1
        app.post(Key(pygame.K_RIGHT, pygame.KMOD_SHIFT))  # to the next round's start
        app.step(1 / 60)
        assert scene.position == scene.round_starts[1] and scene.round_at(scene.position) == 2
        app.post(Key(pygame.K_LEFT))
        app.step(1 / 60)
        assert scene.position == scene.round_starts[1] - 1 and scene.round_at(scene.position) == 1
        app.post(Key(pygame.K_END))
        app.step(1 / 60)
        assert scene.position == n and scene.view() == g.view(None)  # the end is the game's end
        app.post(Key(pygame.K_LEFT, pygame.KMOD_SHIFT))  # back to the last round's start
        app.step(1 / 60)
        assert scene.position == scene.round_starts[-1]
        app.post(Key(pygame.K_HOME))
        app.step(1 / 60)
        assert scene.position == 0
        # the mouse: the step buttons, the wheel, the position bar
        app.post(Click(scene._buttons["on"].center, 1))
        app.step(1 / 60)
        assert scene.position == 1
        app.post(Click(scene._buttons["round_on"].center, 1))
        app.step(1 / 60)
        assert scene.position == scene.round_starts[1]
        app.post(Click(scene._buttons["back"].center, 1))
        app.post(Click(scene._buttons["back"].center, 5))  # the wheel, down: one on
        app.step(1 / 60)
        assert scene.position == scene.round_starts[1]
        bar = scene._bar
        app.post(Click((bar.right - 1, bar.centery), 1))
        app.step(1 / 60)
        assert scene.position >= n - 1
        app.post(Click(scene._buttons["end"].center, 1))
        app.post(Click(scene._buttons["start"].center, 1))
        app.step(1 / 60)
        assert scene.position == 0
        app.post(Key(pygame.K_SPACE))  # play: it moves on by itself
        for _ in range(120):
            app.step(1 / 60)
        assert scene.playing and scene.position > 0
        app.post(Key(pygame.K_ESCAPE))
        app.step(1 / 60)
        assert app.top is not scene
    finally:
        app.close()


def test_perspectives_show_what_each_seat_knew_and_everything_revealed_only_when_finished() -> None:
    g = _played(5, 3)
    app, scene = _scene(g)
    try:
        middle = scene.length // 2
        scene.seek(middle)
        again = Game.new(5, 3, names=NAMES[:5])
        for seat, action in g.record().entries[:middle]:
            again.apply(seat, parse_action(action))
        app.post(Key(pygame.K_p))  # public -> seat 0
        app.step(1 / 60)
        assert scene.perspective == 0
        v = scene.view()
        assert isinstance(v, PlayerView) and v == again.view(0)  # what seat 0 knew then, no more
        assert sum(x is not None for x in v.loyalties) < 5 or again.players == 2
        for _ in range(5):
            scene.next_perspective()
        assert scene.perspective == ALL
        rev = scene.revealed()
        assert rev.view.loyalties == tuple(again.loyalty)
        assert [s.card for s in rev.view.row] == list(again.row)  # every row card, viewed or not
        assert rev.hands == tuple(tuple(h) for h in again.hands)
        app.step(1 / 60)
        scene.draw(pygame.Surface((1280, 720)))  # the revealed table and the hands in the side column draw
    finally:
        app.close()
    # an unfinished game: the public view only, and nothing hidden is revealed
    unfinished = _played(5, 3, stop=20)
    app, scene = _scene(unfinished)
    try:
        assert not scene.finished and scene.perspectives == (None,)
        app.post(Key(pygame.K_p))
        app.step(1 / 60)
        assert scene.perspective is None
        with pytest.raises(PermissionError):
            scene.revealed()
        scene.seek(scene.length)
        assert scene.view() == unfinished.view(None)
        assert set(scene.view().loyalties) == {None}
    finally:
        app.close()


def test_a_damaged_record_is_refused_with_a_message() -> None:
    g = _played()
    data = g.record().to_dict()
    data["entries"] = list(data["entries"])[:5] + [[0, "reveal 9"]]
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    try:
        from tortuga_desktop.games.t1667.table.replay import open_replay

        notice = open_replay(app, data)  # played through on a worker, the window alive
        assert app.top is notice
        _until_opened(app, notice)
        assert not isinstance(app.top, Replay1667Scene)
        assert app.top.name == "message"
    finally:
        app.close()


def _until_opened(app: Any, notice: Any, seconds: float = 60) -> None:
    """Frames until the replay's notice has handed over (the record is played through on a worker)."""
    assert notice.name == "opening"
    end = time.monotonic() + seconds
    while notice.busy and time.monotonic() < end:
        app.run(max_frames=1)
    assert not notice.busy
    app.run(max_frames=1)


def _play_to_end(app: Any, scene: Table1667Scene, seconds: float = 120) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not scene.finished:
        if isinstance(app.top, Handover1667):
            app.post(Key(pygame.K_SPACE))
        elif scene.panel is not None and scene.beat is None and app.top is scene:
            app.post(Key(pygame.K_1))
        app.run(max_frames=1)
    assert scene.finished


def test_a_finished_game_is_kept_counted_listed_and_watched_again() -> None:
    app = start_app("--speed", "instant")
    try:
        seats = [Seat1667("Anne", "human"), *(Seat1667(n, "easy", 5 + i) for i, n in enumerate(NAMES[1:4]))]
        _game, table = local_table(4, 21, (0,))
        scene = module_1667._open(app, table, seats)
        _play_to_end(app, scene)
        app.post(Key(pygame.K_RETURN))  # the end screen
        app.run(max_frames=2)
        end = app.top
        assert isinstance(end, End1667Scene) and "replay" in end.buttons()
        end.choose("replay")
        app.run(max_frames=1)
        _until_opened(app, app.top)
        watched = app.top
        assert isinstance(watched, Replay1667Scene) and watched.finished
        assert watched.length == len(table.engine.record()["entries"])  # type: ignore[attr-defined]  # talk too
        app.session.writer().flush(10)
        game_id = scene.keeper.game_id
        kept = paths.archive_dir(create=False) / f"{game_id}.json"
        replay_file = records.replays_dir(create=False) / f"{game_id}.json"
        assert json.loads(kept.read_text("utf-8"))["game"] == "t1667"
        assert replay_file.is_file()
        # the statistics: the human's game, its loyalty and how it ended
        anne = stats.load_stats().get("Anne", "t1667")
        assert anne is not None and anne.games == 1 and anne.best is None
        loyalty = table.view(None).loyalties[0]
        assert isinstance(loyalty, Loyalty) and anne.sides == {loyalty.value: stats.VsRecord(1, anne.wins)}
        assert sum(anne.endings.values()) == 1
        # the Replays list shows it as a 1667 game and opens it through the module
        listing = ReplayList()
        infos = replayfiles.list_replays()
        assert [(i.game, i.game_id, i.finished, i.names) for i in infos] == [
            ("t1667", game_id, True, tuple(s.name for s in seats))]
        listing.infos = infos
        app.pop()
        assert listing.open(app, 0)
        for _ in range(200):
            listing.poll(app)
            if isinstance(app.top, Replay1667Scene):
                break
            time.sleep(0.01)
        assert isinstance(app.top, Replay1667Scene) and app.top.length == watched.length
        app.pop()
        # tortuga --replay FILE
        open_replay_file(app, replay_file)
        settle(app)
        assert isinstance(app.top, Replay1667Scene) and app.top.finished
    finally:
        app.close()


def test_a_kept_finished_game_opens_on_its_results_with_its_replay_and_leaves_the_autosave_alone() -> None:
    """A finished 1667 game from the statistics' finished games (or Load game) opens on its end screen, whose
    Watch replay plays it; a game in progress in the autosave is not touched (only the autosave's own finished
    game is kept and cleared)."""
    from tortuga_desktop.games.t1667.table.archive import keep_finished
    from tortuga_desktop.games.t1667.table.saves import Save1667, read_save
    from tortuga_desktop.shell.saves import autosave_path

    g = _played(4, 9)
    seats = tuple(Seat1667(n, "human" if i == 0 else "easy", 3 + i) for i, n in enumerate(NAMES[:4]))
    kept, _replay = keep_finished(Save1667(seats=seats, record=g.record().to_dict(), game_id="done1"))
    app = start_app()
    try:
        home = autosave_path()
        home.write_text('{"a game": "in progress"}', "utf-8")
        module_1667.T1667Game().open_saved(app, read_save(kept))
        app.run(max_frames=2)
        end = app.top
        assert isinstance(end, End1667Scene) and "replay" in end.buttons()
        end.choose("replay")
        app.run(max_frames=1)
        _until_opened(app, app.top)
        assert isinstance(app.top, Replay1667Scene) and app.top.length == len(g.record().entries)
        app.session.writer().flush(10)
        assert home.read_text("utf-8") == '{"a game": "in progress"}'
    finally:
        app.close()
    anne = stats.load_stats().get(NAMES[0], "t1667")
    assert anne is not None and anne.games == 1  # counted once


def test_ctrl_s_at_the_1667_table_opens_the_save_dialog_and_saves_the_game() -> None:
    """Ctrl+S saves a 1667 game as the pause menu's Save does (and as Ctrl+S does at the dice table)."""
    from tortuga_desktop.shell.scenes.saveload import SaveScene

    app = start_app()
    try:
        seats = [Seat1667("Anne", "human"), *(Seat1667(n, "easy", 5 + i) for i, n in enumerate(NAMES[1:4]))]
        _game, table = local_table(4, 22, (0,))
        scene = module_1667._open(app, table, seats)
        for _ in range(30):
            app.run(max_frames=1)
        app.post(Key(pygame.K_s, pygame.KMOD_CTRL))
        app.run(max_frames=1)
        dialog = app.top
        assert isinstance(dialog, SaveScene)
        assert dialog.save("Ctrl S game")
        for _ in range(300):
            app.session.writer().flush(1)
            app.run(max_frames=1)
            if app.top is scene:
                break
        named = [json.loads(p.read_text("utf-8")) for p in paths.saves_dir(create=False).glob("*.json")]
        assert [(d["game"], d["meta"]["name"]) for d in named] == [("t1667", "Ctrl S game")]
        assert named[0]["record"]["entries"] == table.record()["entries"][:len(named[0]["record"]["entries"])]  # type: ignore[index]
    finally:
        app.close()


def test_the_replay_counts_decisions_and_steps_through_talk_too() -> None:  # T9.7: talk decides nothing
    from tortuga_desktop.games.t1667.rules import random_action
    from tortuga_desktop.games.t1667.rules.talk import Say, TalkKind

    g = Game.new(4, 5, names=NAMES[:4])
    rng = random.Random(5)
    for turn in range(6):
        if turn % 2 == 0:
            speaker = next(s for s in range(4) if s not in {d.seat for d in g.pending()})
            g.apply(speaker, Say(TalkKind.CLAIM, loyalty=Loyalty.BRITISH))
        seat = g.pending()[0].seat
        g.apply(seat, random_action(g, seat, rng))
    assert len(g.entries) == 9 and g.decisions == 6
    app, scene = _scene(g)
    assert scene.length == 9  # every entry is a step, a talk line too
    assert scene.status_lines()[0].startswith("Decision 0 of 6")
    scene.seek(1)  # the first entry is a line of talk
    assert scene.status_lines()[0].startswith("Decision 0 of 6")
    scene.seek(2)
    assert scene.status_lines()[0].startswith("Decision 1 of 6")
    scene.seek(9)
    assert scene.status_lines()[0].startswith("Decision 6 of 6")
