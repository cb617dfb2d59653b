"""Tortuga 1667's setup screen (issue 28): the value it produces and the input it refuses (T1, T1.6d, T8.4)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tortuga_desktop.games.t1667.rules import Game
from tortuga_desktop.games.t1667.rules.cards import SMALL_TABLE_OUT, STARRED, EventCard
from tortuga_desktop.games.t1667.rules.game import MAX_SEED
from tortuga_desktop.games.t1667.table.setup import (
    Seat1667,
    Setup1667,
    Setup1667Scene,
    SetupProblem,
    starred_pool,
)
from tortuga_desktop.shell.i18n import set_language
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App

pytestmark = pytest.mark.usefixtures("app_home")


@pytest.fixture
def app() -> Iterator[App]:
    a = App(None, size=(1280, 720), fixed_dt=1 / 60)
    yield a
    a.close()
    set_language("en")


def _scene(app: App, setup: Setup1667 | None = None) -> tuple[Setup1667Scene, list[Setup1667]]:
    started: list[Setup1667] = []
    scene = Setup1667Scene(setup, on_start=started.append)
    app.push(scene)
    app.step(1 / 60)
    return scene, started


def _click(app: App, scene: Setup1667Scene, name: str) -> None:
    control = scene.control(name)
    assert control is not None, name
    app.post(Click(control.rect.center, 1))
    app.step(1 / 60)


def test_defaults_and_a_nine_seat_game_with_named_starred_cards(app: App) -> None:
    scene, started = _scene(app)
    cfg = scene.config()
    assert cfg.kinds == ("human", "normal", "normal", "normal") and cfg.starred is None
    assert cfg.seed is None and cfg.bot_chat
    _click(app, scene, "count:9")
    assert len(scene._names) == 9  # one name field per seat in play
    _click(app, scene, "kind:8:hard")
    _click(app, scene, "kind:3:human")
    _click(app, scene, "kind:1:easy")
    _click(app, scene, "starred:named")
    _click(app, scene, "card:facade")  # a fourth named card drops the earliest named one
    _click(app, scene, "chat:off")
    scene._names[2].set_text("  Jack Rackham ")
    assert scene._seed is not None
    scene._seed.set_text("1667")
    app.post(Key(pygame.K_RETURN, 0, "\r"))
    app.step(1 / 60)
    assert len(started) == 1
    s = started[0]
    assert s.players == 9 and s.humans == (0, 3) and s.bots[8] == "hard" and s.bots[1] == "easy"
    assert s.names[2] == "Jack Rackham"  # trimmed
    assert s.starred is not None and len(s.starred) == 3 and EventCard.FACADE in s.starred
    assert s.seed == 1667 and not s.bot_chat
    # The value starts a real 1667 game with these settings (T1.6d: the named cards are public).
    g = Game.new(players=s.players, seed=s.game_seed(), starred=s.starred, names=s.names)
    assert g.view(0).starred_named == s.starred and g.view(5).names == s.names


def test_hidden_starred_cards_and_the_small_table_pool(app: App) -> None:
    scene, started = _scene(app)
    _click(app, scene, "count:3")
    _click(app, scene, "starred:named")
    cards = {c.name.split(":")[1] for c in scene.controls if c.name.startswith("card:")}
    assert cards == {c.value for c in STARRED if c not in SMALL_TABLE_OUT}  # T8.4: no Facade, no Cabin Fever
    assert set(scene.config().starred or ()) <= set(starred_pool(3))
    _click(app, scene, "starred:hidden")
    scene.start()
    assert started and started[-1].starred is None and started[-1].players == 3


@pytest.mark.parametrize("edit, key", [
    ("empty", "t1667.setup.err.name_empty"),
    ("twice", "t1667.setup.err.name_twice"),
    ("two_cards", "t1667.setup.err.starred"),
    ("big_seed", "t1667.setup.err.seed"),
    ("odd_seed", "t1667.setup.err.seed"),
])
def test_bad_input_is_refused_with_a_message_and_starts_nothing(app: App, edit: str, key: str) -> None:
    scene, started = _scene(app)
    if edit == "empty":
        scene._names[1].set_text("   ")
    elif edit == "twice":
        scene._names[2].set_text(scene._names[0].get_text().upper())
    elif edit == "two_cards":
        _click(app, scene, "starred:named")
        chosen = scene.config().starred
        assert chosen is not None
        _click(app, scene, f"card:{chosen[0].value}")
    elif edit == "big_seed":
        assert scene._seed is not None
        scene._seed.set_text(str(MAX_SEED + 1))
    else:
        scene.seed_text = "²7"  # a digit to Python, not a number the field could hold
        scene._seed = None
    before = scene.config()
    assert scene.start() is None and not started
    assert scene.error and scene.error != key  # words, not the key
    if edit != "odd_seed":
        with pytest.raises(SetupProblem) as info:
            before.validate()
        assert info.value.key == key
    else:
        assert before.seed is None and scene.error == SetupProblem(key, n=MAX_SEED).text()
    app.step(1 / 60)  # the message is drawn


def test_errors_are_in_the_players_language(app: App) -> None:
    set_language("de")
    scene, started = _scene(app)
    scene._names[1].set_text("")
    assert scene.start() is None
    assert scene.error == "Platz 2 braucht einen Namen."


def test_escape_goes_back(app: App) -> None:
    backs: list[int] = []
    scene = Setup1667Scene(on_start=lambda s: None, on_back=lambda: backs.append(1))
    app.push(scene)
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)
    assert backs == [1]


def test_setup_value_round_trips_and_refuses_bad_data() -> None:
    s = Setup1667((Seat1667("Ann", "human"), Seat1667("Bo", "hard"), Seat1667("Cy", "easy")),
                  (EventCard.RUM, EventCard.WINDS, EventCard.SCURVY), 5, False)
    assert Setup1667.from_dict(s.to_dict()) == s
    bad = [None, [], {"seats": "x"}, {"seats": [{"name": "A", "kind": "human"}]},  # one seat
           {"seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "expert"}]},  # no Expert in 1667
           {"seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "easy"}], "seed": "7"},
           {"seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "easy"}], "starred": ["facade"]},
           {"seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "easy"}],
            "starred": ["facade", "rum", "winds"]},  # T8.4: not with 2 players
           {"seats": [{"name": "A" * 25, "kind": "human"}, {"name": "B", "kind": "easy"}]},
           {"seats": [{"name": "A", "kind": "human"}] * 10}]
    for data in bad:
        with pytest.raises(SetupProblem):
            Setup1667.from_dict(data)
