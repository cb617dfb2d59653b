"""Whole games driven through the real App with synthesised clicks and keys.

* one human against three computer players, every decision type by mouse or keyboard, to
  the results screen;
* a hot-seat game with two humans: nothing of the table is drawn while a hand-over screen
  is shown, and the table is only ever drawn from the view of the human at the screen.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tortuga_desktop.devtools.drive import human_choice, inputs_for
from tortuga_desktop.games.dice.ai import BotChoice, Reason
from tortuga_desktop.games.dice.rules import (
    DecisionKind,
    Game,
    PlayerView,
    determinize,
)
from tortuga_desktop.games.dice.table.controller import GameController
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.games.dice.table.render.table import TableRenderer
from tortuga_desktop.games.dice.table.scenes.handover import HandoverScene
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig


class QuickBot:
    """A fast, deterministic random player that sees only its view."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def decide(self, view: PlayerView, legal: Any = None) -> BotChoice:
        # Seeded by the decision point, not by the decision count: humans and bots select dice
        # simultaneously, so the count depends on who happened to answer first.
        assert view.viewer is not None
        me = view.seats[view.viewer]
        point = (view.round, str(view.phase), str(view.stage), view.act_action, view.act_pos,
                 len(me.hand), len(me.island), len(me.crew), me.boat, me.pirate)
        rng = random.Random(f"{self.seed}:{point}")
        action = determinize(view, rng.randrange(2**31)).random_action(view.viewer, rng)
        return BotChoice(action, Reason("random"))


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))


def wait_for_bot(table: TableScene) -> None:
    """Let a thinking bot finish before the next frame, so a test's frame count does not depend
    on how busy the machine is (the app itself never waits: bots run off the frame loop)."""
    table.controller.wait(30)


def play(app: App, table: TableScene, rng: random.Random, *, max_frames: int,
         on_frame: Callable[[App], None] | None = None) -> dict[DecisionKind, set[str]]:
    """Step the app, answering hand-overs with Space and decisions with clicks or keys."""
    seen: dict[DecisionKind, set[str]] = {}
    made = 0
    waiting: tuple[int, int] | None = None
    for _frame in range(max_frames):
        if isinstance(app.top, ResultsScene):
            return seen
        top = app.top
        if isinstance(top, HandoverScene):
            app.post(Key(pygame.K_SPACE, 0, " "))
        elif top is table and table.decision_ui is not None and table.decision_ui.rect.w > 0:
            ui = table.decision_ui
            key = (id(ui), table.controller.game.decisions)
            if key != waiting:
                waiting = key
                action = human_choice(table.controller.game, ui.seat, rng)
                mouse = made % 2 == 0
                made += 1
                seen.setdefault(ui.kind, set()).add("mouse" if mouse else "keys")
                for intent in inputs_for(table, ui, action, mouse):
                    app.post(intent)
        wait_for_bot(table)
        app.step(1 / 60)
        if on_frame is not None:
            on_frame(app)
        assert app.exit_code is None
    raise AssertionError(f"the game did not end in {max_frames} frames; seen {seen}")


def new_app(seats: list[SeatConfig], seed: int) -> tuple[App, TableScene]:
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    game = Game.new(len(seats), seed, names=[s.name for s in seats])
    controller = GameController(game, seats, bot_factory=lambda level, s: QuickBot(s))
    table = TableScene(controller, speed="instant")
    app.push(table)
    return app, table


def test_one_human_plays_every_decision_type_to_the_results() -> None:
    seats = [SeatConfig("Ani", "human", 0)] + [SeatConfig(n, "easy", i, i) for i, n in
                                                enumerate(("Bo", "Cy", "Dee"), start=1)]
    app, table = new_app(seats, 2)  # seed and human policy chosen so every decision type occurs
    handovers: list[int] = []
    try:
        seen = play(app, table, random.Random(0), max_frames=20000,
                    on_frame=lambda a: handovers.append(1) if isinstance(a.top, HandoverScene) else None)
        results = app.top
        assert isinstance(results, ResultsScene)
        assert table.controller.game.is_over
        assert not handovers  # a single human never sees a hand-over screen
        assert set(seen) == set(DecisionKind), f"decision types not played: {set(DecisionKind) - set(seen)}"
        assert any(len(v) == 2 for v in seen.values())
        # The results offer a new game with the same seats.
        app.post(Key(pygame.K_n, 0, "n"))
        for _ in range(3):
            app.step(1 / 60)
        new_table = app.top
        assert isinstance(new_table, TableScene) and new_table is not table
        assert [s.name for s in new_table.controller.seats] == ["Ani", "Bo", "Cy", "Dee"]
        assert [s.kind for s in new_table.controller.seats] == ["human", "easy", "easy", "easy"]
    finally:
        app.close()


def test_hot_seat_never_draws_private_things_behind_the_handover(monkeypatch: pytest.MonkeyPatch) -> None:
    seats = [SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1, 1), SeatConfig("Cy", "human", 2),
             SeatConfig("Dee", "easy", 3, 3)]
    app, table = new_app(seats, 7)
    log: list[tuple[str, Any]] = []
    at_screen: list[int | None] = [None]

    real_draw = TableRenderer.draw
    real_ui_draw = DecisionPanel.draw

    def spy_draw(self: TableRenderer, surface: pygame.Surface, view: PlayerView, anim: Any = None) -> None:
        log.append(("table", (type(app.top).__name__, view.viewer, [s.roll for s in view.seats],
                              view.phase, view.stage, at_screen[0])))
        real_draw(self, surface, view, anim)

    def spy_ui_draw(self: DecisionPanel, surface: pygame.Surface, renderer: Any = None) -> None:
        log.append(("ui", (type(app.top).__name__, self.seat, at_screen[0], self.kind)))
        real_ui_draw(self, surface, renderer)

    real_confirm = HandoverScene.confirm

    def spy_confirm(self: HandoverScene) -> None:
        at_screen[0] = next(i for i, s in enumerate(seats) if s.name == self.player_name)
        log.append(("ready", at_screen[0]))
        real_confirm(self)

    monkeypatch.setattr(TableRenderer, "draw", spy_draw)
    monkeypatch.setattr(DecisionPanel, "draw", spy_ui_draw)
    monkeypatch.setattr(HandoverScene, "confirm", spy_confirm)
    handover_frames = [0]

    def frame(a: App) -> None:
        if isinstance(a.top, HandoverScene):
            handover_frames[0] += 1
            assert a.top.player_name in ("Ani", "Cy")

    try:
        seen = play(app, table, random.Random(9), max_frames=30000, on_frame=frame)
    finally:
        app.close()
    assert handover_frames[0] > 0
    readies = [e for e in log if e[0] == "ready"]
    assert {seat for _k, seat in readies} == {0, 2}
    assert DecisionKind.SELECT_DICE in seen
    humans = {0, 2}
    for kind, data in log:
        if kind == "table":
            top, viewer, rolls, phase, stage, screen = data
            assert top != "HandoverScene", "the table was drawn while the hand-over screen was up"
            # The table is drawn for the human at the screen (or publicly), never for the other.
            assert viewer in (None, screen), (viewer, screen)
            for other in humans - {viewer}:
                if phase == "dice" and stage == "select":
                    assert rolls[other] is None, f"seat {other}'s hidden roll reached the renderer"
        elif kind == "ui":
            top, seat, screen, ui_kind = data
            assert top != "HandoverScene"
            if ui_kind in (DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE):  # public decisions need no hand-over
                assert seat == screen, "a private decision panel was drawn for a human who is not at the screen"
