"""The shell's game registry and game chooser (issue 25): a game is a module registered with the
shell; New game, Watch a demo and Rules ask which game when there is more than one; files carry
their game and open through its module. A fake game (tests/fake_game.py) stands in for a second."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_helpers import start_app
from fake_game import SticksModule

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.module import DiceGame
from tortuga_desktop.games.dice.table.savefile import SaveData
from tortuga_desktop.games.dice.table.scenes.setup import SetupScene
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell import main as app_main
from tortuga_desktop.shell import paths, saves
from tortuga_desktop.shell import start as app_start
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Hover, Key
from tortuga_desktop.shell.saves import games as save_games
from tortuga_desktop.shell.scenes.chooser import GameChooser


@pytest.fixture
def only_dice(app_home: None) -> Iterator[None]:
    """The dice game as the only game: the other built-in games (Tortuga 1667) taken out for the test
    and put back afterwards, so these tests see the shell's mechanism with games they choose."""
    others = [m for m in games.modules() if m.key != games.DEFAULT_GAME]
    for m in others:
        games.unregister(m.key)
    try:
        yield
    finally:
        for m in others:
            games.register(m)


@pytest.fixture
def sticks(only_dice: None) -> Iterator[SticksModule]:
    """The fake game registered as the second game (taken out again afterwards)."""
    m = SticksModule()
    games.register(m)
    try:
        yield m
    finally:
        games.unregister(m.key)


def _press(app: Any, key: int) -> None:
    app.post(Key(key))
    app.run(max_frames=1)


# ---------------------------------------------------------------- the registry
def test_the_dice_game_is_the_first_and_default_module() -> None:
    first = games.modules()[0]
    assert first.key == games.DEFAULT_GAME == "tortuga" and isinstance(first, DiceGame)
    assert isinstance(first, games.GameModule)
    assert games.module("tortuga") is first and games.find("Dice") is first


def test_an_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(games.UnknownGameError, match="no game 'chess'.*tortuga"):
        games.module("chess")
    with pytest.raises(games.UnknownGameError):
        games.find("chess")


def test_a_key_is_registered_once(sticks: SticksModule) -> None:
    assert games.names() == ("tortuga", "sticks")
    with pytest.raises(ValueError, match="already registered"):
        games.register(SticksModule())
    with pytest.raises(TypeError):
        games.register(object())  # type: ignore[arg-type]


def test_a_file_names_its_game_or_is_the_dice_games() -> None:
    assert games.game_of({"game": "t1667"}) == "t1667"
    assert games.game_of({"format": "tortuga-save"}) == "tortuga"  # written before a second game
    assert games.game_of({"game": {"players": 4}}) == "tortuga"  # the dice game's first save schema
    for bad in ("", "x" * 41, "a\nb"):
        with pytest.raises(ValueError):
            games.game_of({"game": bad})


def test_the_dice_badge_draws_inside_its_rect_only() -> None:
    surface = pygame.Surface((120, 100))
    surface.fill((1, 2, 3))
    rect = pygame.Rect(30, 20, 60, 60)
    DiceGame().draw_badge(surface, rect)
    inside = {tuple(surface.get_at((x, y)))[:3] for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)}
    outside = {tuple(surface.get_at((x, y)))[:3] for x in range(120) for y in range(100) if not rect.collidepoint(x, y)}
    assert outside == {(1, 2, 3)} and len(inside) > 3


def test_dice_saves_carry_their_game(app_home: None) -> None:
    data = SetupConfig(seats=[saves.SeatConfig("Anna", "human", 0), saves.SeatConfig("Bart", "easy", 1)]
                             ).create_game()
    assert data.to_dict()["game"] == "tortuga"
    path = saves.save_named("with game", data)
    module, saved = save_games.read_game(path)
    assert module.key == "tortuga" and saved.game_id == data.game_id and not saved.finished


# ---------------------------------------------------------------- the chooser
def test_one_game_goes_straight_to_its_setup(only_dice: None) -> None:
    app = start_app()
    try:
        app.top.new_game()
        app.run(max_frames=1)
        assert isinstance(app.top, SetupScene)
    finally:
        app.close()


def test_new_game_asks_which_game_keyboard(sticks: SticksModule) -> None:
    app = start_app()
    try:
        menu = app.top
        menu.new_game()
        app.run(max_frames=1)
        chooser = app.top
        assert isinstance(chooser, GameChooser) and chooser.focus == 0  # the dice game first, focused
        assert [m.key for m in chooser.games] == ["tortuga", "sticks"]
        assert len(sticks.badges) >= 1 and all(chooser.rects[1].contains(r) for r in sticks.badges)
        _press(app, pygame.K_ESCAPE)  # back to the menu
        assert app.top is menu
        menu.new_game()
        app.run(max_frames=1)
        _press(app, pygame.K_RETURN)  # the default: the dice game's setup
        assert isinstance(app.top, SetupScene)
        _press(app, pygame.K_ESCAPE)  # its Back comes back to the chooser
        assert isinstance(app.top, GameChooser)
        _press(app, pygame.K_DOWN)
        _press(app, pygame.K_RETURN)
        assert app.top.name == "sticks table"
    finally:
        app.close()


def test_new_game_asks_which_game_mouse(sticks: SticksModule) -> None:
    app = start_app()
    try:
        app.top.new_game()
        app.run(max_frames=2)
        chooser = app.top
        card = chooser.rects[1]
        app.post(Hover(card.center))
        app.run(max_frames=1)
        assert chooser.focus == 1
        app.post(Click(chooser.rects[0].center, 3))  # a right click chooses nothing
        app.run(max_frames=1)
        assert app.top is chooser
        app.post(Click(card.center, 1))
        app.run(max_frames=1)
        assert app.top.name == "sticks table"
    finally:
        app.close()


def test_demo_and_rules_go_through_the_chosen_game(sticks: SticksModule) -> None:
    app = start_app()
    try:
        menu = app.top
        menu.demo()
        app.run(max_frames=1)
        _press(app, pygame.K_DOWN)
        _press(app, pygame.K_RETURN)
        assert app.top.name == "sticks demo"
        assert sticks.demos[-1].players == 2  # the menu's 4 players, within the game's 2..2
        app.go_home()
        app.run(max_frames=1)
        app.top.rules()
        app.run(max_frames=1)
        _press(app, pygame.K_RETURN)
        assert app.top.is_help
    finally:
        app.close()


def test_the_chooser_speaks_every_language(sticks: SticksModule) -> None:
    from tortuga_desktop.shell import i18n

    for lang in ("en", "de", "nl", "es"):
        for key in ("chooser.title", "chooser.hint", "game.tortuga.title", "game.tortuga.blurb",
                    "error.save.unknown_game", "error.replay.other_game", "stats.game"):
            assert i18n.has_key(key, lang), (lang, key)


# ---------------------------------------------------------------- files know their game
def _write(path: Path, doc: dict[str, Any]) -> bytes:
    raw = json.dumps(doc).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return raw


def test_a_saved_file_opens_through_its_game(sticks: SticksModule, tmp_path: Path) -> None:
    path = tmp_path / "sticks.json"
    _write(path, {"game": "sticks", "moves": [1, 2]})
    app = start_app()
    try:
        assert app_start.open_save(app, path)
        app.run(max_frames=1)
        assert app.top.name == "sticks table" and app.top.game.sticks == 4
    finally:
        app.close()


def test_a_file_of_an_unknown_game_is_refused_and_left_alone(app_home: None) -> None:
    """Even inside the data folder (where a damaged save is moved aside) the file stays as it is."""
    path = saves.named_save_path("chess")
    raw = _write(path, {"game": "chess", "format": "chess-save"})
    app = start_app()
    try:
        menu = app.top
        assert not app_start.open_save(app, path)
        app.run(max_frames=1)
        assert app.top is not menu and app.top.name == "message"
        text = tr("error.save.unknown_game", file=paths.display_name(path), game="chess")
        assert text in app.top.text and "chess" in text
        assert path.read_bytes() == raw and list(path.parent.iterdir()) == [path]
    finally:
        app.close()


def test_continue_opens_the_autosave_of_another_game(sticks: SticksModule) -> None:
    _write(saves.autosave_path(), {"game": "sticks", "moves": [2]})
    app = start_app()
    try:
        app.top.continue_game()
        settle(app)
        assert app.top.name == "sticks table" and app.top.game.sticks == 5
    finally:
        app.close()


def test_a_dice_save_without_game_field_still_loads(app_home: None) -> None:
    data = SetupConfig(seats=[saves.SeatConfig("Anna", "human", 0), saves.SeatConfig("Bart", "easy", 1)]
                             ).create_game()
    doc = data.to_dict()
    del doc["game"]
    path = saves.named_save_path("old")
    _write(path, doc)
    module, saved = save_games.load_game(path)
    assert module.key == "tortuga" and isinstance(saved, SaveData)
    assert isinstance(saved.game, Game) and saved.game_id == data.game_id


# ---------------------------------------------------------------- the command line
def test_demo_of_a_chosen_game_from_the_command_line(sticks: SticksModule) -> None:
    app = start_app("--demo", "--game", "nim", "--players", "2", "--seed", "9")
    try:
        assert app.top.name == "sticks demo" and sticks.demos[-1] == games.DemoOptions(2, 9, None)
    finally:
        app.close()


def test_the_command_line_refuses_an_unknown_game_or_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--demo", "--game", "chess"], ["--demo", "--players", "5"], ["--players", "12"]):
        with pytest.raises(SystemExit) as exc:
            app_main.parse_args(argv)
        assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and "tortuga is played by 2-4 players" in err


# ---------------------------------------------------------------- statistics per game
def test_statistics_are_kept_per_game(app_home: None, sticks: SticksModule) -> None:
    from tortuga_desktop.shell import stats
    from tortuga_desktop.shell.scenes.stats import stats_rows

    seats = [saves.SeatConfig("Anna", "human", 0), saves.SeatConfig("Bart", "easy", 1)]
    stats.record_game(seats, [30, 20], [0], game_id="d1")
    assert stats_rows()[0][1] == tr("stats.games")  # one game played: no game column, as before
    stats.record_game(seats, [0, 0], [1], game_id="s1", game="sticks")
    s = stats.load_stats()
    dice, fake = s.get("anna"), s.get("anna", "sticks")
    assert dice is not None and fake is not None and (dice.wins, fake.wins) == (1, 0)
    rows = stats_rows()
    assert rows[0][:3] == [tr("stats.player"), tr("stats.game"), tr("stats.games")]
    assert [r[:2] for r in rows[1:]] == [["Anna", tr("game.tortuga.title")], ["Anna", "test.sticks.title"]]
    games.unregister("sticks")  # records of a game this program does not have: shown under its key
    try:
        assert [r[1] for r in stats_rows()[1:]] == [tr("game.tortuga.title"), "sticks"]
    finally:
        games.register(sticks)


def test_statistics_written_before_games_are_the_dice_games(app_home: None) -> None:
    from tortuga_desktop.shell import stats

    seats = [saves.SeatConfig("Anna", "human", 0), saves.SeatConfig("Bart", "easy", 1)]
    stats.record_game(seats, [30, 20], [0], game_id="d1")
    doc = json.loads(stats.stats_path().read_text())
    assert doc["players"][0]["game"] == "tortuga"
    del doc["players"][0]["game"]
    stats.stats_path().write_text(json.dumps(doc))
    damaged: list[Path] = []
    anna = stats.load_stats(damaged).get("Anna")
    assert not damaged and anna is not None and anna.game == "tortuga" and anna.wins == 1


# ---------------------------------------------------------------- replays know their game
def test_replay_files_carry_their_game_and_refuse_another(app_home: None) -> None:
    from tortuga_desktop.games.dice.table import records
    from tortuga_desktop.shell import replayfiles

    game = Game.new(2, 5, names=["Anna", "Bart"])
    rf = records.ReplayFile("r1", game.record(), ("human", "easy"))
    doc = rf.to_dict()
    assert doc["game"] == "tortuga"
    del doc["game"]  # written before there was a second game: the dice game's
    assert records.ReplayFile.from_dict(doc).game_id == "r1"
    doc["game"] = "t1667"
    with pytest.raises(records.RecordError) as exc:
        records.ReplayFile.from_dict(doc)
    assert exc.value.key == "error.replay.other_game"
    text = replayfiles.describe_error(exc.value)
    assert "another game" in text and "{" not in text


def test_load_game_lists_and_opens_a_save_of_another_game(sticks: SticksModule) -> None:
    path = saves.named_save_path("sticks one")
    _write(path, {"game": "sticks", "moves": [1], "saved_at": "2026-01-01T10:00:00+00:00", "meta": {"name": "Nim"},
                  "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "easy"}]})
    _write(saves.named_save_path("chess"), {"game": "chess"})
    info = saves.save_info(path)
    assert info.ok and (info.game, info.name, info.player_names, info.finished) == ("sticks", "Nim", ("Ann", "Bob"),
                                                                                   False)
    app = start_app()
    try:
        app.top.load_game()
        settle(app)
        scene = app.top
        lines = {i.name: i for i in scene.infos}
        assert lines["Nim"].ok and lines["chess"].error is not None
        assert lines["chess"].error.key == "error.save.unknown_game"
        surfaces = scene._row(lines["Nim"], 900, 1.0)  # its line: name, date, players, game
        assert all(s.get_width() > 0 for s in surfaces)
        scene.open(scene.infos.index(lines["Nim"]))
        settle(app)
        assert app.top.name == "sticks table" and app.top.game.sticks == 6
    finally:
        app.close()
