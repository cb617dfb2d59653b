"""The 1667 table's seat aids (issue 28): deduction notes on the plaques and first-game tips, only for the seat
whose own view is on screen (T9: a shared hot-seat screen shows nobody's notes)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from tortuga_desktop.games.t1667.rules import Game
from tortuga_desktop.games.t1667.rules.state import Kind
from tortuga_desktop.games.t1667.table.layout import table_layout
from tortuga_desktop.games.t1667.table.notes import Notes
from tortuga_desktop.games.t1667.table.seat_aids import SeatAids
from tortuga_desktop.shell.intents import Click, Hover


def _host(g: Game, viewer: int | None, *, kind: Kind | None = None, finished: bool = False) -> Any:
    layout = table_layout((1280, 720), g.players)
    panel = SimpleNamespace(kind=kind) if kind is not None else None
    return SimpleNamespace(viewer=viewer, finished=finished, view=g.view(viewer), seat=viewer if panel else None,
                           panel=panel, renderer=SimpleNamespace(layout=layout),
                           log_rect=lambda: pygame.Rect(900, 300, 360, 400))


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def test_a_seat_marks_the_others_on_its_own_screen() -> None:
    g = Game.new(players=5, seed=3)
    aids = SeatAids(5, (0, 2))
    host = _host(g, 0)
    widget = aids.widget(host)
    assert widget is not None and set(widget.rects) == {1, 2, 3, 4}
    tag = widget.rects[3].center
    assert aids.handle(Click(tag, 1), host) and aids.notes.of(0) == {3: "british"}
    assert aids.handle(Click(tag, 1), host) and aids.notes.of(0) == {3: "french"}
    assert aids.handle(Click(tag, 3), host) and aids.notes.of(0) == {3: "british"}
    assert not aids.handle(Click((5, 700), 1), host)  # elsewhere: the table's
    aids.handle(Hover(tag), host)
    surface = pygame.Surface((1280, 720))
    aids.draw(surface, host)
    # Seat 2 (the other human here) sees only its own notes: none yet.
    assert aids.widget(_host(g, 2)) is not None and aids.notes.of(2) == {}


def test_no_notes_on_a_shared_screen_nor_for_a_computer_seat_nor_at_the_end() -> None:
    g = Game.new(players=5, seed=3)
    aids = SeatAids(5, (0, 2), notes=Notes.empty(5).mark(0, 3, "french"))
    mine = aids.widget(_host(g, 0))
    assert mine is not None
    tag = mine.rects[3].center
    for host in (_host(g, None), _host(g, 1), _host(g, 0, finished=True)):
        assert aids.widget(host) is None
        assert not aids.handle(Click(tag, 1), host)  # the click goes to the table
        blank, drawn = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
        aids.draw(drawn, host)
        assert pygame.image.tobytes(blank, "RGB") == pygame.image.tobytes(drawn, "RGB")  # nothing drawn
    assert aids.notes.of(0) == {3: "french"}
    with pytest.raises(ValueError):
        SeatAids(4, (0,), notes=Notes.empty(5))


def test_the_tip_of_a_decision_shows_once_for_the_seat_on_screen() -> None:
    g = Game.new(players=4, seed=3)
    settings = SimpleNamespace(tips=True, tips_seen=())
    saved: list[int] = []
    aids = SeatAids(4, (1,), settings=settings, save_settings=lambda: saved.append(1))
    assert not aids.update(_host(g, None, kind=None))
    turn = _host(g, 1, kind=Kind.TURN)
    assert aids.update(turn) and aids.tips is not None and aids.tips.visible
    surface = pygame.Surface((1280, 720))
    aids.draw(surface, turn)
    assert aids.tips.rect.h > 0
    assert aids.handle(Click(aids.tips.close_rect.center, 1), turn) and not aids.tips.visible
    assert not aids.update(turn)  # the same panel: nothing new
    assert not aids.update(_host(g, 1, kind=Kind.TURN)) and not aids.tips.visible  # a new turn: seen, not again
    assert aids.update(_host(g, 1, kind=Kind.VOTE)) and "vote card" in aids.tips.text()
    assert settings.tips_seen == ("1667.turn", "1667.vote") and saved == [1, 1]
