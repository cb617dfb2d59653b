"""Setup, hand-over and results scenes, and a seeded monkey test across all scenes."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from typing import Any

import pygame
import pytest
from test_human_game import QuickBot

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.controller import GameController, finished_source
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig, load_last_setup
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.games.dice.table.scenes.handover import HandoverScene, needs_handover
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene, breakdown_rows
from tortuga_desktop.games.dice.table.scenes.setup import SetupScene
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes import Scene


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))


@pytest.fixture
def app() -> Any:
    a = App(None, size=(1280, 800), fixed_dt=1 / 60)
    yield a
    a.close()


def finished_game(seed: int = 3, players: int = 4) -> Game:
    g = Game.new(players, seed, names=["Ani", "Bo", "Cy", "Dee"][:players])
    rng = random.Random(seed)
    while not g.is_over:
        d = g.pending()[0]
        g.apply(d.seat, g.random_action(d.seat, rng))
    return g


SEATS = [SeatConfig("Ani", "human", 2), SeatConfig("Bo", "easy", 0), SeatConfig("Cy", "hard", 1),
         SeatConfig("Dee", "normal", 3)]


# ---------------------------------------------------------------- hand-over
def test_needs_handover() -> None:
    assert not needs_handover(None, 0, [0])  # one human: never
    assert not needs_handover(0, 0, [0, 2])  # same human again
    assert needs_handover(0, 2, [0, 2])
    assert needs_handover(None, 2, [0, 2])
    assert not needs_handover(0, 1, [0, 2])  # a bot


class Base(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.draws = 0

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1


def test_handover_is_opaque_and_waits_for_space(app: App) -> None:
    base = Base()
    app.push(base)
    ready: list[int] = []
    scene = HandoverScene("Ani", lambda: ready.append(1))
    app.push(scene)
    assert "Pass to Ani" in scene.message()
    app.step(1 / 60)
    assert base.draws == 0  # nothing below an opaque hand-over is drawn
    app.post(Key(pygame.K_a, 0, "a"))
    app.post(Click((1, 1), 1))
    app.step(1 / 60)
    assert app.top is scene and not ready
    app.post(Key(pygame.K_SPACE, 0, " "))
    app.post(Key(pygame.K_SPACE, 0, " "))
    app.step(1 / 60)
    assert app.top is base and ready == [1]
    # The Ready button works too.
    scene = HandoverScene("Cy", lambda: ready.append(2), summary=["Bo reveals AB: Board."])
    app.push(scene)
    app.step(1 / 60)
    app.post(Click(scene._button.center, 1))
    app.step(1 / 60)
    assert ready == [1, 2]


def test_handover_summary_is_public(app: App) -> None:
    g = Game.new(2, 1, names=["Ani", "Cy"])
    controller = GameController(g, [SeatConfig("Ani", "human", 0), SeatConfig("Cy", "human", 1)],
                                bot_factory=lambda level, s: QuickBot(s))

    class FakeTable(Base):
        pass

    table = FakeTable()
    table.controller = controller  # type: ignore[attr-defined]
    app.push(table)
    scene = HandoverScene("Cy", None)
    app.push(scene)
    assert scene.summary and all(line in g.log_for(None) for line in scene.summary)
    app.step(1 / 60)


# ---------------------------------------------------------------- results
def test_results_breakdown_and_buttons(app: App) -> None:
    g = finished_game()
    outcome = g.outcome()
    assert outcome is not None
    rows = dict(breakdown_rows(outcome))
    for s, sc in enumerate(outcome.scores):
        parts = [int(rows[k][s]) for k in rows if k.strip().startswith(("Tortuga", "Fleet", "Crew", "Tracks", "Coins"))]
        assert sum(parts) + sc.set_points == sc.total == int(rows["Total"][s])
    started: list[Any] = []
    menus: list[int] = []
    controller = GameController(g, SEATS, bot_factory=lambda level, s: QuickBot(s))
    scene = ResultsScene(controller, on_new_game=started.append, on_menu=lambda: menus.append(1))
    assert scene.seats == SEATS and scene.source is controller
    app.push(scene)
    app.step(1 / 60)
    names = [g.names[w] for w in outcome.winners]
    assert all(n in scene.winners_text() for n in names)
    app.post(Key(pygame.K_n, 0, "n"))
    app.step(1 / 60)
    assert len(started) == 1 and isinstance(started[0], SetupConfig)
    assert [s.name for s in started[0].seats] == ["Ani", "Bo", "Cy", "Dee"]
    assert [s.kind for s in started[0].seats] == ["human", "easy", "hard", "normal"]
    app.post(Click(scene._buttons["menu"].center, 1))
    app.step(1 / 60)
    assert menus == [1]


def test_results_default_actions_use_the_app(app: App) -> None:
    base = Base()
    app.push(base)
    g = finished_game(players=2)
    scene = ResultsScene(finished_source(g, [SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1)]))
    app.push(scene)
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)
    assert app.top is base  # main menu = back to the scene below
    app.push(ResultsScene(finished_source(g, [SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1)])))
    app.post(Key(pygame.K_n, 0, "n"))
    app.step(1 / 60)
    assert isinstance(app.top, TableScene)
    assert app.top.controller.game.players == 2 and not app.top.controller.game.is_over


# ---------------------------------------------------------------- setup
def test_setup_defaults_start_and_remember(app: App) -> None:
    started: list[SetupConfig] = []
    scene = SetupScene(on_start=started.append)
    app.push(scene)
    app.step(1 / 60)
    cfg = scene.config()
    assert [s.kind for s in cfg.seats] == ["human", "normal", "normal", "normal"]
    assert cfg.start_player is None and not cfg.long_game and cfg.seed is None
    # Edit: a name, the seed, the long game, then Enter.
    scene._names[0].set_text("Ani")
    scene._seed.set_text("42")
    scene.press("long:on")
    app.post(Key(pygame.K_RETURN, 0, "\r"))
    app.step(1 / 60)
    assert len(started) == 1
    assert started[0].seats[0].name == "Ani" and started[0].seed == 42 and started[0].long_game
    assert app.session.writer().flush()  # the setup is remembered in the background
    remembered = load_last_setup()
    assert remembered is not None and remembered.seats[0].name == "Ani" and remembered.seed == 42
    # The next setup screen starts from the remembered one.
    again = SetupScene(on_start=started.append)
    app.push(again)
    assert again.config().seats[0].name == "Ani" and again.config().long_game


def test_setup_players_colours_and_errors(app: App) -> None:
    scene = SetupScene(on_start=lambda s: None, remember=False)
    app.push(scene)
    # Two players: rows 3 and 4 are hidden and left out.
    app.post(Click(scene.control("count:2").rect.center, 1))
    app.step(1 / 60)
    assert scene.count == 2 and len(scene._names) == 2  # rows 3 and 4 are gone, not hidden
    assert scene.control("kind:2:human") is None
    app.post(Click(scene.control("start:1").rect.center, 1))
    app.post(Click(scene.control("kind:1:hard").rect.center, 1))
    app.step(1 / 60)
    cfg = scene.config()
    assert len(cfg.seats) == 2 and cfg.start_player == 1 and cfg.seats[1].kind == "hard"
    # Picking a colour another seat has swaps the two.
    before = [r.colour for r in scene.rows]
    while scene.rows[0].colour != before[1]:
        app.post(Click(scene.control("colour:0").rect.center, 1))
        app.step(1 / 60)
    after = [r.colour for r in scene.rows]
    assert after[0] == before[1] and after[1] == before[0]
    assert len(set(after)) == 4
    # Same names: an error, no game.
    scene._names[1].set_text(scene._names[0].get_text())
    assert scene.start() is None and "name" in scene.error
    app.step(1 / 60)


def test_setup_start_button_starts_a_game_through_the_app(app: App) -> None:
    scene = SetupScene(SetupConfig(seats=[SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1)], seed=5))
    app.push(scene)
    app.step(1 / 60)
    scene.handle(Click(scene.control("go").rect.center, 1))
    app.step(1 / 60)
    assert isinstance(app.top, TableScene)
    assert app.top.controller.human_seats == [0]
    app.push(SetupScene(remember=False))
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)
    assert isinstance(app.top, TableScene)


# ---------------------------------------------------------------- monkey
KEYS = [pygame.K_a, pygame.K_b, pygame.K_c, pygame.K_d, pygame.K_e, pygame.K_f, pygame.K_n, pygame.K_m, pygame.K_r,
        pygame.K_s, pygame.K_y, pygame.K_p, pygame.K_w, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5,
        pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_INSERT]


def _post_random(rng: random.Random, size: tuple[int, int]) -> None:
    r = rng.random()
    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    if r < 0.45:
        button = 1 if rng.random() < 0.9 else 3
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    elif r < 0.6:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    elif r < 0.99:
        k = rng.choice(KEYS)
        name = pygame.key.name(k)
        uni = name if len(name) == 1 else {pygame.K_RETURN: "\r", pygame.K_SPACE: " "}.get(k, "")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=uni, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=uni, scancode=0))
    else:
        nw, nh = rng.randrange(800, 1700), rng.randrange(500, 1000)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=nw, h=nh, size=(nw, nh)))


def test_monkey_all_scenes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of random clicks, keys and resizes through menu, setup, table, hand-over, results."""
    from tortuga_desktop.shell.scenes.menu import MenuScene

    errors: list[str] = []
    for name in ("handle", "draw", "highlighted"):  # the table swallows DecisionPanel errors: record them
        real = getattr(DecisionPanel, name)

        def spy(self: Any, *a: Any, _real: Any = real, **k: Any) -> Any:
            try:
                return _real(self, *a, **k)
            except Exception as exc:  # pragma: no cover - only on a bug
                errors.append(repr(exc))
                raise

        monkeypatch.setattr(DecisionPanel, name, spy)

    def hot_seat() -> Scene:
        seats = [SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1, 1), SeatConfig("Cy", "human", 2)]
        g = Game.new(3, 4, names=[s.name for s in seats])
        return TableScene(GameController(g, seats, bot_factory=lambda level, s: QuickBot(s)), speed="fast")

    def solo() -> Scene:
        seats = [SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1, 1)]
        g = Game.new(2, 8, names=[s.name for s in seats])
        return TableScene(GameController(g, seats, bot_factory=lambda level, s: QuickBot(s)), speed="instant")

    starts = [
        MenuScene,
        lambda: SetupScene(remember=False),
        solo,
        hot_seat,
        lambda: ResultsScene(finished_source(finished_game(), SEATS)),
    ]
    rng = random.Random(2024)
    events = 0
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    try:
        for make in starts:
            app.exit_code = None
            app.clear_to(MenuScene())
            if make is not MenuScene:
                app.push(make())
            for _ in range(150):
                for _ in range(4):
                    _post_random(rng, app.size)
                    events += 1
                app.step(1 / 60)
                if app.exit_code is not None or not app.scenes:  # quit from a menu: start again
                    app.exit_code = None
                    app.clear_to(MenuScene())
                    app.push(make())
    finally:
        app.close()
    assert events >= 3000
    assert not errors, errors[:5]


# ---------------------------------------------------------------- "since your last turn"
def test_confirming_at_the_table_starts_the_catch_up_from_there(app: App) -> None:
    """The hand-over's "since your last turn" lists what happened after the seat's last
    confirmed decision: the table marks the public log as seen when the seat confirms."""
    from test_human_game import wait_for_bot

    from tortuga_desktop.devtools.drive import inputs_for
    from tortuga_desktop.games.dice.table.catchup import public_lines, summary_for

    g = Game.new(3, 8, names=["Ani", "Bo", "Cy"])
    rng = random.Random(8)
    while g.round < 2 or g.pending()[0].seat != 0 or g.pending()[0].kind.value != "select_dice":
        d = g.pending()[0]
        g.apply(d.seat, g.random_action(d.seat, rng))
    seats = [SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1), SeatConfig("Cy", "easy", 2)]
    controller = GameController(g, seats, bot_factory=lambda level, seat: QuickBot(seat))
    table = TableScene(controller, speed="instant")
    app.push(table)
    for _ in range(600):
        if table.decision_ui is not None and table.decision_ui.rect.w > 0:
            break
        wait_for_bot(table)
        app.step(1 / 60)
    ui = table.decision_ui
    assert ui is not None and ui.seat == 0
    seen = len(public_lines(controller))
    assert seen > 8  # enough log that "the last few lines" and "since confirming" differ
    for intent in inputs_for(table, ui, g.legal_actions(0)[0], False):
        app.post(intent)
    app.step(1 / 60)
    assert ui.done and table.decision_ui is not ui
    lines = public_lines(controller)
    assert summary_for(controller, 0) == lines[seen:][-8:]
