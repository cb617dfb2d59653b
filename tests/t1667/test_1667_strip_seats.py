"""The 1667 table's strip of seat plaques is redrawn plaque by plaque (issue 28: frames): a move changes
one or two plaques (the active seat's mark, a hand size, a vote's ticks), and drawing all nine again took
a millisecond or more of the frame that shows the move. Every frame still equals one drawn afresh."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from tortuga_desktop.games.t1667.rules import Attack, Brawl, Game, Kind, Mutiny
from tortuga_desktop.games.t1667.table.render import Table1667Renderer


def test_a_change_to_one_seat_redraws_only_its_plaque(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game.new(9, 5)
    base = g.view(0)
    size = (1920, 1080)
    kept = Table1667Renderer(size, 9)
    surf, fresh = pygame.Surface(size), pygame.Surface(size)
    kept.draw(surf, base)
    drawn: list[int] = []
    real = kept._seat
    monkeypatch.setattr(kept, "_seat", lambda s, v, seat: (drawn.append(seat), real(s, v, seat))[1])
    sizes = list(base.hand_sizes)
    sizes[4] -= 1
    changed = replace(base, hand_sizes=tuple(sizes))
    kept.draw(surf, changed)
    assert drawn == [4]
    Table1667Renderer(size, 9).draw(fresh, changed)
    assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(fresh, "RGB")
    drawn.clear()
    moved = replace(changed, active=(changed.active + 1) % 9)  # the turn mark moves: two plaques
    kept.draw(surf, moved)
    assert sorted(drawn) == sorted({changed.active, moved.active})


@pytest.mark.parametrize("seat", [None, 3])
def test_every_frame_of_a_nine_seat_game_equals_a_fresh_one(seat: int | None) -> None:
    """Votes under way (ticks per seat), turns, hands, cards in front, the end: a seat's view and the shared one."""
    size = (1280, 720)
    kept = Table1667Renderer(size, 9)
    surf, fresh = pygame.Surface(size), pygame.Surface(size)
    g = Game.new(9, 41)
    rng = random.Random(41)
    checked = votes = 0
    step = 0
    while True:
        view = g.view(seat)
        kept.draw(surf, view)
        if step % 2 == 0 or view.vote is not None or g.is_over:
            Table1667Renderer(size, 9).draw(fresh, view)
            assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(fresh, "RGB"), step
            checked += 1
            votes += view.vote is not None
        if g.is_over or checked >= 40:
            break
        pend = g.pending()
        d = pend[rng.randrange(len(pend))]
        legal = g.legal_actions(d.seat)
        calls = [a for a in legal if isinstance(a, (Attack, Brawl, Mutiny))]  # votes: a tick per seat as it chooses
        pick = calls if calls and rng.random() < 0.6 else legal
        g.apply(d.seat, pick[rng.randrange(len(pick))])
        step += 1
        assert d.kind in Kind
    assert checked >= 15 and votes >= 2
