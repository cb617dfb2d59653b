"""Deduction notes (issue 28): a seat's private guesses about the others' loyalties (T9: private to that seat)."""

from __future__ import annotations

import json
import subprocess
import sys

import pygame
import pytest

from tortuga_desktop.games.t1667.table.notes import (
    CONFIDENCES,
    MARKS,
    Notes,
    NotesError,
    marks_in_play,
    next_mark,
)
from tortuga_desktop.games.t1667.table.notes_widget import NotesWidget, draw_tag


def test_marks_cycle_and_round_trip_through_json() -> None:
    n = Notes.empty(5)
    n = n.cycle(0, 1).cycle(0, 1).cycle(0, 4, -1).mark(3, 0, "british")
    assert n.of(0) == {1: "french", 4: "dutch"} and n.of(3) == {0: "british"} and n.of(2) == {}
    again = Notes.from_dict(json.loads(json.dumps(n.to_dict())), 5)  # JSON makes the keys strings
    assert again == n and again.to_dict() == {0: {1: "french", 4: "dutch"}, 3: {0: "british"}}
    assert n.mark(0, 1, None).of(0) == {4: "dutch"}
    assert n.get(0, 1) == "french" and n.get(1, 0) is None
    # Immutable: marking gives new notes and leaves the old ones as they were.
    assert n.mark(0, 2, "british") != n and n.get(0, 2) is None


def test_dutch_only_where_a_dutch_card_is_dealt() -> None:
    """T1: a Dutch loyalty exists only with an odd number of players."""
    assert marks_in_play(5) == MARKS and "dutch" not in marks_in_play(4)
    assert [next_mark(m, 4) for m in (None, "british", "french")] == ["british", "french", None]
    assert [next_mark(m, 3) for m in (None, "british", "french", "dutch")] == ["british", "french", "dutch", None]
    with pytest.raises(NotesError):
        Notes.empty(4).mark(0, 1, "dutch")


@pytest.mark.parametrize("data", [
    None, [], "x", {0: "british"}, {0: {0: "british"}},  # a seat noting itself
    {0: {1: "spanish"}}, {0: {1: 3}}, {5: {1: "british"}}, {0: {-1: "british"}}, {"x": {1: "french"}},
    {True: {1: "french"}}, {0: {1: "dutch"}},  # no Dutch card with 4 players
    {0: {1: "french", "1": "british"}},  # the same note twice
    {0: {1: "french:certain"}}, {0: {1: "french:guess"}}, {0: {1: ":sure"}}, {0: {1: "dutch:sure"}},
    {str(i): {} for i in range(12)},
])
def test_bad_notes_are_refused(data: object) -> None:
    with pytest.raises(NotesError):
        Notes.from_dict(data, 4)


def test_notes_of_another_seat_are_never_drawn() -> None:
    """Privacy: seat 0's tags look the same whatever seat 1 noted about seat 2."""
    pygame.init()
    surface_a = pygame.Surface((200, 40))
    surface_b = pygame.Surface((200, 40))
    widget = NotesWidget(seat=0, players=4)
    widget.place({1: pygame.Rect(4, 4, 30, 30), 2: pygame.Rect(40, 4, 30, 30), 0: pygame.Rect(80, 4, 30, 30)})
    assert set(widget.rects) == {1, 2}  # no tag for oneself
    empty = Notes.empty(4)
    others = empty.mark(1, 2, "french").mark(3, 2, "british").mark(2, 1, "british")
    widget.draw(surface_a, empty)
    widget.draw(surface_b, others)
    assert pygame.image.tobytes(surface_a, "RGB") == pygame.image.tobytes(surface_b, "RGB")
    mine = others.mark(0, 2, "french")
    widget.draw(surface_b, mine)
    assert pygame.image.tobytes(surface_a, "RGB") != pygame.image.tobytes(surface_b, "RGB")


def test_widget_clicks_cycle_marks() -> None:
    pygame.init()
    widget = NotesWidget(seat=2, players=3)
    widget.place({0: pygame.Rect(0, 0, 20, 20), 1: pygame.Rect(30, 0, 20, 20)})
    n = Notes.empty(3)
    assert widget.click((200, 200), 1, n) is None
    n1 = widget.click((35, 5), 1, n)
    assert n1 is not None and n1.of(2) == {1: "british"}
    n2 = widget.click((35, 5), 3, n1)  # right click: back to none
    assert n2 is not None and n2.of(2) == {}
    assert widget.move((5, 5)) and widget.hover == 0
    surf = pygame.Surface((60, 30))
    for mark in (None, *MARKS):
        draw_tag(surf, pygame.Rect(0, 0, 24, 24), mark, hover=True)


def test_the_notes_model_imports_no_pygame() -> None:
    code = ("import sys; import tortuga_desktop.games.t1667.table.notes; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_tags_sit_on_the_plaques_of_seats_whose_loyalty_is_unknown() -> None:
    """T9.2: a seat knows only its own loyalty (and Facade's look): a tag beside every other seat; none on a
    shared screen (the public view), none once every loyalty is turned up (T7.9)."""
    import random

    from tortuga_desktop.games.t1667.rules import Game, play_random
    from tortuga_desktop.games.t1667.table.layout import table_layout
    from tortuga_desktop.games.t1667.table.notes_widget import tag_rects

    for players, size in ((5, (1280, 720)), (9, (1280, 720)), (9, (2560, 1440))):
        g = Game.new(players=players, seed=4)
        layout = table_layout(size, players)
        rects = tag_rects(layout, 2, g.view(2).loyalties)
        assert set(rects) == set(range(players)) - {2}
        for seat, r in rects.items():
            plaque = pygame.Rect(layout.seats[seat].rect)
            assert plaque.contains(r) and not r.colliderect(pygame.Rect(layout.seats[seat].name)) and r.w >= 8
        assert tag_rects(layout, None, g.view(None).loyalties) == {}
    play_random(g, random.Random(1))
    assert tag_rects(layout, 2, g.view(2).loyalties) == {}


def test_a_note_says_how_sure_it_is_and_keeps_it_through_a_save() -> None:
    """A note is a guess, likely or sure: the wheel steps it (never past either end), a new mark is a
    guess again, and notes saved before there were confidences read as guesses."""
    n = Notes.empty(5).mark(0, 3, "french")
    assert n.confidence(0, 3) == "guess" and n.confidence(0, 1) is None
    assert [n.surer(0, 3, 1).confidence(0, 3), n.surer(0, 3).surer(0, 3).surer(0, 3).confidence(0, 3)] == [
        "likely", "sure"]
    assert n.surer(0, 3, -1) == n and n.surer(0, 1) == n  # no less than a guess; no note, nothing to be sure of
    sure = n.surer(0, 3).surer(0, 3)
    assert sure.of(0) == {3: "french"} and sure.get(0, 3) == "french"  # the mark itself is unchanged
    assert sure.to_dict() == {0: {3: "french:sure"}}
    assert Notes.from_dict(json.loads(json.dumps(sure.to_dict())), 5) == sure
    assert sure.cycle(0, 3).get(0, 3) == "dutch" and sure.cycle(0, 3).confidence(0, 3) == "guess"
    assert Notes.from_dict({"0": {"3": "french"}}, 5).confidence(0, 3) == "guess"  # an older save
    with pytest.raises(NotesError):
        n.mark(0, 3, "french", "certain")
    assert CONFIDENCES == ("guess", "likely", "sure")


def test_the_wheel_over_a_tag_makes_it_surer_and_the_tag_shows_it() -> None:
    from tortuga_desktop.shell import art

    pygame.init()
    widget = NotesWidget(seat=2, players=3)
    widget.place({0: pygame.Rect(0, 0, 24, 24), 1: pygame.Rect(30, 0, 24, 24)})
    n = widget.click((35, 5), 1, Notes.empty(3))
    assert n is not None
    up = widget.click((35, 5), 4, n)
    assert up is not None and up.confidence(2, 1) == "likely"
    down = widget.click((35, 5), 5, up)
    assert down is not None and down.confidence(2, 1) == "guess"
    assert widget.click((5, 5), 4, n) == n  # an unmarked tag: nothing to be sure of
    shown: dict[str, str] = {}
    for notes in (n, up, up.surer(2, 1)):
        art.TEXT_PROBE = {}
        try:
            widget.draw(pygame.Surface((60, 30)), notes)
            texts = [t for t, _s, _px in art.TEXT_PROBE.values()]
        finally:
            art.TEXT_PROBE = None
        shown[str(notes.confidence(2, 1))] = texts[-1]
    assert shown == {"guess": "?", "likely": "~", "sure": "!"}
