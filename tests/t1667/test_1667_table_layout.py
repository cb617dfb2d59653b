"""The 1667 table layout (app/layout1667.py): nothing overlaps, everything fits the window, and the
pieces keep readable sizes for 2, 5 and 9 seats at 1280x720, 1920x1080 and 2560x1440 (issue 28)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tortuga_desktop.games.t1667.rules.cards import ROW_SLOTS, SHIP_SIZE, Ship
from tortuga_desktop.games.t1667.table.layout import (
    HAND_MAX,
    MIN_CARD,
    MIN_HOLD,
    MIN_PLACE,
    MIN_PLAQUE,
    MIN_TEXT_PX,
    Rect,
    contains,
    inside,
    overlapping,
    overlaps,
    table_layout,
)

SIZES = [(1280, 720), (1920, 1080), (2560, 1440)]
SEATS = [2, 5, 9]


def _at_least(r: Rect, size: tuple[int, int], scale: float) -> bool:
    return r[2] >= round(size[0] * scale) - 1 and r[3] >= round(size[1] * scale) - 1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", SEATS)
def test_no_overlaps_and_all_inside(size: tuple[int, int], players: int) -> None:
    L = table_layout(size, players)
    pieces = L.boxes()
    window = (0, 0, *size)
    assert [n for n, r in pieces if not inside(r, window)] == []
    assert overlapping(pieces) == []
    for seat in range(players):
        parts = L.seat_parts(seat)
        assert overlapping(parts) == [], seat
        assert all(inside(r, L.seats[seat].rect) for _n, r in parts), seat
    for _ship, sb in L.ships:
        assert all(inside(r, sb.rect) for r in sb.places)
        assert all(inside(r, sb.rect) for _s, r in sb.holds)
    assert all(inside(r, L.tortuga.rect) for r in L.tortuga.places)
    assert all(inside(r, L.mat) for r in (L.galleon, L.last_vote, L.status, L.tortuga.rect))
    for n in range(1, HAND_MAX + 1):
        cards = L.hand_cards(n)
        assert len(cards) == n and all(inside(c, L.hand) for c in cards)
        assert not any(overlaps(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]), n


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", SEATS)
def test_minimum_sizes(size: tuple[int, int], players: int) -> None:
    L = table_layout(size, players)
    s = L.scale
    assert min(L.px_small, L.px_body, L.px_title) >= MIN_TEXT_PX
    assert all(_at_least(b.rect, MIN_PLAQUE, s) for b in L.seats)
    assert len(L.tortuga.places) == players  # a place for every pawn
    for _ship, sb in L.ships:
        assert len(sb.places) == SHIP_SIZE
        assert all(_at_least(r, MIN_PLACE, s) for r in sb.places)
        assert all(_at_least(r, MIN_HOLD, s) for _side, r in sb.holds)
    assert all(_at_least(r, MIN_PLACE, s) for r in L.tortuga.places)
    assert all(_at_least(r, MIN_HOLD, s) for _side, r in L.tortuga.areas)
    assert len(L.row) == ROW_SLOTS
    assert all(_at_least(r, MIN_CARD, s) for r in (*L.row, L.event_deck, L.vote_deck, L.discard, L.loyalty))
    # vote cards in the hand stay wide enough for their symbols, up to the largest hand
    assert all(c[2] >= round(36 * s) for c in L.hand_cards(HAND_MAX))


def test_nine_seats_at_1280_are_readable() -> None:
    """The brief's hard case: nine plaques at 1280x720 are at least 100 px wide and text is 12 px."""
    L = table_layout((1280, 720), 9)
    assert L.scale == 1.0
    assert min(b.rect[2] for b in L.seats) >= 100
    assert L.px_small >= 12


def test_scales_with_the_window_and_centres() -> None:
    small, big = table_layout((1280, 720), 5), table_layout((2560, 1440), 5)
    assert big.scale == 2.0
    assert big.galleon[2] == 2 * small.galleon[2]
    wide = table_layout((2560, 1080), 5)  # a wide window: centred, margins left and right
    assert wide.strip[0] > 0 and wide.side[0] + wide.side[2] < 2560


def test_captain_stands_at_the_bow_facing_tortuga() -> None:
    """T2.2: place 1 is the front of a ship; the ships' bows face Tortuga between them."""
    L = table_layout((1280, 720), 5)
    fd, jr = L.ship(Ship.FD), L.ship(Ship.JR)
    assert fd.places[0][0] > fd.places[-1][0]  # FD sails right, towards Tortuga
    assert jr.places[0][0] < jr.places[-1][0]  # JR sails left
    assert fd.rect[0] < L.tortuga.rect[0] < jr.rect[0]


def test_bad_settings_are_refused() -> None:
    for n in (1, 10, "4"):
        with pytest.raises(ValueError):
            table_layout((1280, 720), n)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        table_layout((0, 720), 4)


def test_contains() -> None:
    assert contains((10, 10, 5, 5), (10, 14)) and not contains((10, 10, 5, 5), (15, 10))


def test_layout_imports_no_pygame() -> None:
    code = ("import sys; import tortuga_desktop.games.t1667.table.layout, tortuga_desktop.games.t1667.table.panel; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def _centre(r: Rect) -> tuple[int, int]:
    return (r[0] + r[2] // 2, r[1] + r[3] // 2)


@pytest.mark.parametrize("size", SIZES)
def test_clicks_find_pawns_slots_holds_and_seats(size: tuple[int, int]) -> None:
    from t1667_helpers import game

    from tortuga_desktop.games.t1667.rules.cards import Loc, Side
    from tortuga_desktop.games.t1667.table.layout import Target, target_at

    g = game(fd="0 1", jr="2", tortuga="3")
    view = g.view(0)
    L = table_layout(size, 4)
    assert target_at(L, view, _centre(L.ship(Ship.FD).places[1])) == Target("pawn", seat=1)
    assert target_at(L, view, _centre(L.tortuga.places[0])) == Target("pawn", seat=3)
    assert target_at(L, view, _centre(L.row[2])) == Target("slot", slot=3)
    assert target_at(L, view, _centre(L.ship(Ship.JR).hold(Side.FRENCH))) == \
        Target("hold", ship=Ship.JR, side=Side.FRENCH)
    assert target_at(L, view, _centre(L.rowboat(Loc.RB_FD))) == Target("rowboat", loc=Loc.RB_FD)
    assert target_at(L, view, _centre(L.seats[2].rect)) == Target("seat", seat=2)
    assert target_at(L, view, _centre(L.ship(Ship.JR).places[3])) == Target("ship", ship=Ship.JR, loc=Loc.JR)
    assert target_at(L, view, _centre(L.hand_cards(len(view.hand))[0])) == Target("hand_card", index=0)
    assert target_at(L, view, (0, 0)) is None
