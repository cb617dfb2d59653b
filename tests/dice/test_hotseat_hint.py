"""Hot-seat: a hint the whole table can read never tells a seat's secret (issue 23, item 5; R9).

Seen: with two humans at one screen, a hint asked during a public decision (everyone sees the
screen) showed a chance to win computed from that seat's hidden treasure tiles (39-40 % with a
1-coin tile, 46-47 % with 3). Now such a hint is computed from the public view only.

The proof is on what is drawn: the same position twice, differing only in the deciding seat's
hidden tiles; the hint's drawn frames (every string rendered, recorded by privacy_probe) must
be the same in both.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from privacy_probe import Probe

from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.controller import GameController
from tortuga_desktop.games.dice.table.scenes.table import PRIVATE_KINDS, TableScene
from tortuga_desktop.shell.i18n import set_language
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))
    set_language("en")


def _public_decision(seed: int) -> tuple[Game, int]:
    """A game between two seats (played by Normal bots) stopped at a public decision with a
    choice, of a seat that holds a hidden treasure tile."""
    g = Game.new(2, seed, names=["Ani", "Bo"])
    bots = [make_bot("normal", seed + s) for s in range(2)]
    while not g.is_over:
        d = g.pending()[0]
        if d.kind not in PRIVATE_KINDS and len(g.legal_actions(d.seat)) > 1 and g.seats[d.seat].tiles \
                and g.round >= 3:
            return g, d.seat
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    raise AssertionError("no public decision with a hidden tile in this game")


def _hint_frames(game: Game, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Ask for a hint at the open decision at a hot-seat table; every string drawn in the
    frames once the hint shows (a drawn chance to win)."""
    seats = [SeatConfig(n, "human", i, i) for i, n in enumerate(game.names)]
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    controller = GameController(game, seats, bot_factory=lambda level, s: make_bot("normal", s))
    table = TableScene(controller, speed="instant")
    app.push(table)
    probe = Probe(app, table)
    try:
        for _ in range(600):
            if table.decision_ui is not None and table.decision_ui.rect.w > 0:
                break
            app.step(1 / 60)
        assert table.decision_ui is not None and table.viewer is None  # a public moment at a shared screen
        with monkeypatch.context() as mp:
            probe.install(mp)
            for _ in range(3):
                app.force_full = True
                app.request_redraw()
                app.step(1 / 60)
            before = {s for f in probe.frames for s in f.strings}
            app.post(Key(pygame.K_h, 0, "h"))
            start = -1
            for _ in range(600):
                job = table.hint.job
                if job is not None:
                    job.done.wait(timeout=60)
                app.step(1 / 60)
                if probe.frames and any("%" in s and s not in before for s in probe.frames[-1].strings):
                    start = len(probe.frames) - 1
                    break
            assert start >= 0, "a hint with a chance to win was drawn"
            for _ in range(3):
                app.force_full = True
                app.request_redraw()
                app.step(1 / 60)
            # the log's rows are left out: the log gives way to the hint's box and is drawn again
            # in the frame the box appears or a later one, as the frame's time allows
            log = probe.log_strings()
            drawn = [s for f in probe.frames[start:] for s in f.strings if s not in before and s not in log]
    finally:
        app.close()
    return drawn


def test_hint_at_a_shared_screen_does_not_depend_on_the_hidden_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    game, seat = _public_decision(12)
    low = game.clone()
    high = game.clone()
    n = len(game.seats[seat].tiles)
    low.seats[seat].tiles = [1] * n
    high.seats[seat].tiles = [3] * n
    drawn_low = _hint_frames(low, monkeypatch)
    drawn_high = _hint_frames(high, monkeypatch)
    assert any("%" in s for s in drawn_low)
    assert drawn_low == drawn_high, (drawn_low, drawn_high)  # what the hint drew: word for word the same
    assert "what everyone here can see" in " ".join(drawn_low)  # the table is told what it is based on
