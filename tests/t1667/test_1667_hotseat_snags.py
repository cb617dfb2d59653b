"""Hot-seat at the 1667 table (the real App, headless): a player sees what their own move showed them before
the screen is handed on, the hand-over's summary shows the newest lines, and Escape and Ctrl+S work on the
hand-over without showing anything of the table.

Rule ids: T3.3 (look at two cards: only the viewer sees them), T9.5 (slot knowledge is private),
T4.5 (a vote's set is turned up for all), T9 (a seat sees only its seat).
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from app_helpers import start_app

from tortuga_desktop.games.t1667.rules.actions import ViewTwo
from tortuga_desktop.games.t1667.table.module import start_game
from tortuga_desktop.games.t1667.table.scene import Handover1667, Table1667Scene
from tortuga_desktop.games.t1667.table.setup import Seat1667, Setup1667
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.scenes import handover as handover_mod
from tortuga_desktop.shell.scenes.handover import Handover
from tortuga_desktop.shell.scenes.pause import PauseScene


@pytest.fixture(autouse=True)
def _home(app_home: None) -> None:
    """Every test here runs in a private home, in English."""


def _hotseat(seed: int = 5) -> tuple[Any, Table1667Scene]:
    app = start_app()
    setup = Setup1667((Seat1667("Anne", "human"), Seat1667("Jack", "human"), Seat1667("Mary", "human")), seed=seed)
    scene = start_game(app, setup)
    return app, scene


def _to_handover(app: Any, scene: Table1667Scene) -> Handover1667:
    for _ in range(600):
        app.run(max_frames=1)
        if isinstance(app.top, Handover1667):
            return app.top
    raise AssertionError("no hand-over came")


def test_the_viewer_of_two_cards_sees_them_before_the_hand_over_and_presses_done() -> None:  # T3.3, T9.5
    app, scene = _hotseat()
    try:
        ho = _to_handover(app, scene)
        seat = ho.seat
        app.post(Key(pygame.K_SPACE))
        app.run(max_frames=2)
        assert scene.viewer == seat and scene.seat == seat
        look = next(a for a in scene.table.prompt(seat).legal if isinstance(a, ViewTwo))
        assert scene.submit(look)
        for _ in range(240):  # four seconds: longer than any beat
            app.run(max_frames=1)
            assert not isinstance(app.top, Handover), "handed over before the viewer saw the cards"
        assert scene.viewer == seat
        seen = {s.slot: s.card for s in scene.view.row if s.card is not None}
        assert {look.a, look.b} <= set(seen), "the two cards are not shown to their viewer"
        assert scene.holding == seat
        app.post(Key(pygame.K_RETURN))  # Done
        ho2 = _to_handover(app, scene)
        assert ho2.seat != seat and scene.viewer is None  # the public table behind the hand-over
    finally:
        app.close()


def test_escape_and_ctrl_s_work_on_the_hand_over_without_showing_the_table() -> None:
    app, scene = _hotseat()
    try:
        ho = _to_handover(app, scene)
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=2)
        assert isinstance(app.top, PauseScene), "Escape on the hand-over opens no pause menu"
        assert app.scenes[-2] is ho and ho.opaque and scene.viewer is None
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=2)
        assert app.top is ho
        app.post(Key(pygame.K_s, pygame.KMOD_CTRL))
        app.run(max_frames=2)
        assert type(app.top).__name__ == "SaveScene", "Ctrl+S on the hand-over opens no save dialog"
        assert app.scenes[-2] is ho and scene.viewer is None
    finally:
        app.close()


class _Recorder:
    """A font that notes every text it renders (the hand-over draws its summary rows with it)."""

    def __init__(self, font: Any, seen: list[str]) -> None:
        self.font, self.seen = font, seen

    def render(self, text: str, *args: Any) -> Any:
        self.seen.append(text)
        return self.font.render(text, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.font, name)


def test_the_hand_over_summary_shows_the_newest_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = handover_mod.art.font
    monkeypatch.setattr(handover_mod.art, "font", lambda *a, **k: _Recorder(real(*a, **k), seen))
    summary = [f"Line {k}: Anne looks at slots 1 and 3, and the Captain maroons Calico Jack from the "
               f"Flying Dutchman" for k in range(1, 16)] + ["The Captain maroons Calico Jack"]
    ho = Handover("Anne", summary=summary)
    pygame.init()
    ho.draw(pygame.Surface((1280, 720)))
    text = " ".join(seen)
    assert "The Captain maroons Calico Jack" in text  # the newest line
    assert "Line 15:" in text


def test_a_callers_own_vote_turns_up_in_their_view_before_the_hand_over() -> None:  # T3.9, T4.5
    from tortuga_desktop.games.t1667.ai.seat import FACTORY
    from tortuga_desktop.games.t1667.rules import events as ev
    from tortuga_desktop.games.t1667.rules import position
    from tortuga_desktop.games.t1667.rules.actions import Attack, Vote
    from tortuga_desktop.games.t1667.table.engine import T1667Engine
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.table import BotSpec, LocalTable

    names = ("Anne", "Jack", "Mary", "Grace")
    game = position({"players": 4, "loyalty": "BFBF", "fd": [0, 2], "jr": [1, 3], "active": 0, "galleon": 2,
                     "holds": {"fd british": 2, "jr french": 2}, "names": list(names)})
    table: LocalTable[Any, Any, Any] = LocalTable(
        T1667Engine(game), names=names, kinds=("human", "human", "easy", "easy"), humans=(0, 1),
        bots={2: BotSpec(FACTORY, "easy", 7), 3: BotSpec(FACTORY, "easy", 8)}, think="inline")
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    scene = Table1667Scene(table)
    app.push(scene)
    try:
        ho = _to_handover(app, scene)
        assert ho.seat == 0
        app.post(Key(pygame.K_SPACE))
        app.run(max_frames=2)
        assert scene.submit(next(a for a in table.prompt(0).legal if isinstance(a, Attack)))
        for _ in range(300):
            app.run(max_frames=1)
            if scene.seat == 0:
                break
        assert not isinstance(app.top, Handover)  # choosing a card follows at once, no hand-over
        assert scene.seat == 0 and scene.submit(next(a for a in table.prompt(0).legal if isinstance(a, Vote)))
        for _ in range(600):
            app.run(max_frames=1)
            assert not isinstance(app.top, Handover), "handed over before the caller saw the vote turn up"
            assert scene.viewer == 0
            if any(isinstance(e, ev.VoteRevealed) for e in scene.log_events[:scene.log_shown]) and not scene.animating:
                break
        else:
            raise AssertionError("the vote never turned up")
        assert scene.holding == 0 or scene.seat == 0  # Done, or its own next decision (where the chest goes)
    finally:
        app.close()
