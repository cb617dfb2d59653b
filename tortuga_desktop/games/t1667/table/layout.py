"""Where everything of the Tortuga 1667 table goes, for 2-9 seats and any window (pure Python).

The table is designed on a 1280 x 720 canvas (the smallest window the game supports, so every size
below is a real pixel size there) and scaled uniformly by ``s = min(W / 1280, H / 720)``, centred in
the window. Rectangles are plain ``(x, y, w, h)`` tuples of ints; no pygame is imported, so the
layout is tested without a display.

The canvas, top to bottom (RULES-1667 T0.1 names):

* the **seat strip**: one plaque per seat, clockwise from seat 0: name and pawn marker, hand size,
  cards kept in front (Albatross, Treasure Map, saved Letter of Marque), what this seat knows of
  its loyalty, the turn and vote marks;
* the **mat** (the sea): the last vote, the Spanish Galleon with its treasure and the table status
  along its top; below, the *Flying Dutchman* (5 pawn places, British and French holds), its
  rowboat, Tortuga (a line of up to 9 places, Governor first, and its two treasure areas), the
  *Jolly Roger*'s rowboat and the *Jolly Roger*;
* the **bottom band**: this seat's loyalty card and vote hand in its corner, the event row of five
  slots, the event deck, the vote deck and the event discard pile.

The right column is the side: the decision panel (buttons with their consequences), to share
with the shell's log.

>>> L = table_layout((1280, 720), 9)
>>> L.scale, len(L.seats), len(L.tortuga.places), L.row[0][2] >= MIN_CARD[0]
(1.0, 9, 9, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from tortuga_desktop.games.t1667.rules.cards import ROW_SLOTS, SHIP_SIZE, Loc, Ship, Side
from tortuga_desktop.games.t1667.rules.views import PlayerView, TableView

#: (x, y, w, h) in window pixels
Rect = tuple[int, int, int, int]

DESIGN_W, DESIGN_H = 1280, 720
MIN_SEATS, MAX_SEATS = 2, 9
#: the smallest sizes the table keeps at 1280 x 720 (the layout test checks them)
MIN_TEXT_PX = 12
MIN_PLACE = (50, 80)
MIN_CARD = (60, 90)
MIN_PLAQUE = (100, 76)
MIN_HOLD = (100, 56)
#: the most vote cards the hand row lays out side by side before they overlap
HAND_SPREAD = 3
#: the most vote cards a hand can hold (3 dealt, plus two from the one Rum Ration, T6.17)
HAND_MAX = 5

# design units (the 1280 x 720 canvas)
_M = 8      # outer margin
_G = 6      # gap between neighbours
_SIDE_W = 262
_STRIP_H = 80
_MAT_TOP = 94
_MAT_BOTTOM = 556
_BAND_TOP = 562
_CARD_W = 80
_DECK_W = 70
_VOTE_W = 68
_HAND_W = HAND_SPREAD * _VOTE_W + (HAND_SPREAD - 1) * _G
_TITLE_H = 22
_PLACE_H = 106
_HOLD_H = 62
_RB_W = 60


@dataclass(frozen=True, slots=True)
class SeatBox:
    """One seat's plaque in the strip: the whole plaque and its parts."""

    rect: Rect
    #: the pawn marker (colour, shape and seat number)
    marker: Rect
    name: Rect
    #: the loyalty this seat knows of that player (own card, Facade, the end), or "?"
    loyalty: Rect
    #: the hand-size badge
    hand: Rect
    #: cards kept in front of the player (one chip per kind)
    kept: Rect
    #: the turn / vote mark
    status: Rect


@dataclass(frozen=True, slots=True)
class ShipBox:
    """A pirate ship: its title, its 5 pawn places (place 1, the Captain, first) and its two holds."""

    rect: Rect
    title: Rect
    places: tuple[Rect, ...]
    holds: tuple[tuple[Side, Rect], ...]

    def hold(self, side: Side) -> Rect:
        return next(r for s, r in self.holds if s is side)


@dataclass(frozen=True, slots=True)
class TortugaBox:
    """Tortuga: its title, one place per seat (place 1, the Governor, first) and its two treasure areas."""

    rect: Rect
    title: Rect
    places: tuple[Rect, ...]
    areas: tuple[tuple[Side, Rect], ...]

    def area(self, side: Side) -> Rect:
        return next(r for s, r in self.areas if s is side)


@dataclass(frozen=True, slots=True)
class Table1667Layout:
    """Every rectangle of the 1667 table for one window size and seat count (see the module doc)."""

    size: tuple[int, int]
    players: int
    #: window px per design px
    scale: float
    #: text sizes in window pixels: small print, body text, titles
    px_small: int
    px_body: int
    px_title: int
    strip: Rect
    seats: tuple[SeatBox, ...]
    mat: Rect
    last_vote: Rect
    galleon: Rect
    status: Rect
    ships: tuple[tuple[Ship, ShipBox], ...]
    rowboats: tuple[tuple[Loc, Rect], ...]
    tortuga: TortugaBox
    band: Rect
    loyalty: Rect
    hand: Rect
    #: the five event row slots, slot 1 first
    row: tuple[Rect, ...]
    row_labels: tuple[Rect, ...]
    event_deck: Rect
    vote_deck: Rect
    discard: Rect
    side: Rect
    panel: Rect

    def ship(self, ship: Ship) -> ShipBox:
        return next(b for s, b in self.ships if s is ship)

    def rowboat(self, loc: Loc) -> Rect:
        return next(r for rb, r in self.rowboats if rb is loc)

    def px(self, design: float) -> int:
        """A design length in window pixels."""
        return max(1, round(design * self.scale))

    def hand_cards(self, n: int) -> tuple[Rect, ...]:
        """Where ``n`` vote cards of this seat's hand go: :data:`HAND_SPREAD` fill the hand area
        side by side; more (up to :data:`HAND_MAX`) are narrower, still side by side."""
        x, y, w, h = self.hand
        n = min(n, HAND_MAX)
        if n <= 0:
            return ()
        gap = self.px(_G) if n <= HAND_SPREAD else self.px(3)
        cw = (w - (max(n, HAND_SPREAD) - 1) * gap) // max(n, HAND_SPREAD)
        return tuple((x + i * (cw + gap), y, cw, h) for i in range(n))

    def boxes(self) -> list[tuple[str, Rect]]:
        """The named pieces that must neither overlap one another nor leave the window."""
        out: list[tuple[str, Rect]] = []
        for i, b in enumerate(self.seats):
            out.append((f"seat{i}", b.rect))
        out += [("last_vote", self.last_vote), ("galleon", self.galleon), ("status", self.status)]
        for ship, sb in self.ships:
            out.append((f"{ship.value}.title", sb.title))
            out += [(f"{ship.value}.place{k + 1}", r) for k, r in enumerate(sb.places)]
            out += [(f"{ship.value}.{side.value}", r) for side, r in sb.holds]
        out += [(rb.value, r) for rb, r in self.rowboats]
        out.append(("tortuga.title", self.tortuga.title))
        out += [(f"tortuga.place{k + 1}", r) for k, r in enumerate(self.tortuga.places)]
        out += [(f"tortuga.{side.value}", r) for side, r in self.tortuga.areas]
        out += [("loyalty", self.loyalty), ("hand", self.hand)]
        out += [(f"slot{k + 1}", r) for k, r in enumerate(self.row)]
        out += [(f"slot{k + 1}.label", r) for k, r in enumerate(self.row_labels)]
        out += [("event_deck", self.event_deck), ("vote_deck", self.vote_deck), ("discard", self.discard)]
        out.append(("panel", self.panel))
        return out

    def seat_parts(self, seat: int) -> list[tuple[str, Rect]]:
        """The parts of a seat plaque that must not overlap one another."""
        b = self.seats[seat]
        return [("marker", b.marker), ("name", b.name), ("loyalty", b.loyalty), ("hand", b.hand),
                ("kept", b.kept), ("status", b.status)]


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share any pixel."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def inside(a: Rect, outer: Rect) -> bool:
    """Whether ``a`` lies wholly within ``outer``."""
    return a[0] >= outer[0] and a[1] >= outer[1] and a[0] + a[2] <= outer[0] + outer[2] \
        and a[1] + a[3] <= outer[1] + outer[3]


def overlapping(pieces: list[tuple[str, Rect]]) -> list[tuple[str, str]]:
    """The pairs of named pieces that overlap."""
    return [(na, nb) for (na, a), (nb, b) in combinations(pieces, 2) if overlaps(a, b)]


def contains(r: Rect, pos: tuple[int, int]) -> bool:
    return r[0] <= pos[0] < r[0] + r[2] and r[1] <= pos[1] < r[1] + r[3]


class _Canvas:
    """Design units -> window pixels."""

    def __init__(self, size: tuple[int, int]) -> None:
        w, h = size
        self.s = min(w / DESIGN_W, h / DESIGN_H)
        self.ox = (w - DESIGN_W * self.s) / 2
        self.oy = (h - DESIGN_H * self.s) / 2

    def r(self, x: float, y: float, w: float, h: float) -> Rect:
        x0, y0 = round(self.ox + x * self.s), round(self.oy + y * self.s)
        x1, y1 = round(self.ox + (x + w) * self.s), round(self.oy + (y + h) * self.s)
        return (x0, y0, max(1, x1 - x0), max(1, y1 - y0))


def _seat_box(c: _Canvas, x: float, y: float, w: float, h: float) -> SeatBox:
    pad = 5
    mk = 26
    line = (h - 2 * pad) / 3
    return SeatBox(
        rect=c.r(x, y, w, h),
        marker=c.r(x + pad, y + pad, mk, mk),
        name=c.r(x + pad + mk + 4, y + pad, w - 2 * pad - mk - 4, line),
        loyalty=c.r(x + pad + mk + 4, y + pad + line, w - 2 * pad - mk - 4, line - 2),
        hand=c.r(x + pad, y + pad + 2 * line, 34, line),
        kept=c.r(x + pad + 36, y + pad + 2 * line, w - 2 * pad - 36 - 28, line),
        status=c.r(x + w - pad - 26, y + pad + 2 * line, 26, line),
    )


def table_layout(size: tuple[int, int], players: int) -> Table1667Layout:
    """The layout for a window of ``size`` pixels and ``players`` seats (2-9)."""
    if not isinstance(players, int) or not MIN_SEATS <= players <= MAX_SEATS:
        raise ValueError(f"Tortuga 1667 seats 2-9 players, not {players!r:.20}")
    if size[0] < 1 or size[1] < 1:
        raise ValueError(f"no table fits a {size[0]} x {size[1]} window")
    c = _Canvas(size)
    left, right = _M, DESIGN_W - _M - _SIDE_W - _G  # the play area's x span (design)
    width = right - left

    # the seat strip: plaques as wide as the seats allow (at most 200)
    pw = min(200.0, (width - (players - 1) * _G) / players)
    sx0 = left + (width - (players * pw + (players - 1) * _G)) / 2
    seats = tuple(_seat_box(c, sx0 + i * (pw + _G), _M, pw, _STRIP_H) for i in range(players))

    # the mat: top row (last vote, Galleon, status), then ships, rowboats and Tortuga
    mat = (left, _MAT_TOP, width, _MAT_BOTTOM - _MAT_TOP)
    inner_l, inner_r = left + 8, right - 8
    top_y, top_h = _MAT_TOP + 6, 82
    gal_w = 220
    gal_x = left + (width - gal_w) / 2
    last_vote = c.r(inner_l, top_y, gal_x - _G * 2 - inner_l, top_h)
    galleon = c.r(gal_x, top_y, gal_w, top_h)
    status = c.r(gal_x + gal_w + _G * 2, top_y, inner_r - (gal_x + gal_w + _G * 2), top_h)

    low_y = top_y + top_h + 8
    low_h = _MAT_BOTTOM - 6 - low_y
    avail = inner_r - inner_l - 2 * _RB_W - 4 * _G
    ship_w = avail * 0.33
    tort_w = avail - 2 * ship_w
    place_w = (ship_w - 12) / SHIP_SIZE
    ships = []
    rowboats = []
    xs = {Ship.FD: inner_l, Ship.JR: inner_r - ship_w}
    for ship in (Ship.FD, Ship.JR):
        x = xs[ship]
        title = c.r(x + 6, low_y + 4, ship_w - 12, _TITLE_H)
        py = low_y + 4 + _TITLE_H + 8
        # place 1 (the Captain) at the bow: the FD sails right (towards Tortuga), the JR left
        order = range(SHIP_SIZE) if ship is Ship.JR else range(SHIP_SIZE - 1, -1, -1)
        places = tuple(c.r(x + 6 + k * place_w + 1, py, place_w - 2, _PLACE_H) for k in order)
        hy = low_y + low_h - 6 - _HOLD_H
        hw = (ship_w - 12 - _G) / 2
        holds = ((Side.BRITISH, c.r(x + 6, hy, hw, _HOLD_H)), (Side.FRENCH, c.r(x + 6 + hw + _G, hy, hw, _HOLD_H)))
        ships.append((ship, ShipBox(c.r(x, low_y, ship_w, low_h), title, places, holds)))
        rbx = x + ship_w + _G if ship is Ship.FD else x - _G - _RB_W
        rb_h = 96
        rowboats.append((ship.rowboat, c.r(rbx, py + (_PLACE_H - rb_h) / 2 + 20, _RB_W, rb_h)))
    tx = inner_l + ship_w + 2 * _G + _RB_W
    t_title = c.r(tx + 6, low_y + 4, tort_w - 12, _TITLE_H)
    per_row = 5
    tp_w = (tort_w - 12) / per_row
    tp_h = (low_h - 4 - _TITLE_H - 8 - 6 - _HOLD_H - 8) / 2
    tplaces = []
    for k in range(players):
        rw, col = divmod(k, per_row)
        tplaces.append(c.r(tx + 6 + col * tp_w + 1, low_y + 4 + _TITLE_H + 8 + rw * tp_h, tp_w - 2, tp_h - 2))
    ty = low_y + low_h - 6 - _HOLD_H
    aw = (tort_w - 12 - _G) / 2
    areas = ((Side.BRITISH, c.r(tx + 6, ty, aw, _HOLD_H)), (Side.FRENCH, c.r(tx + 6 + aw + _G, ty, aw, _HOLD_H)))
    tortuga = TortugaBox(c.r(tx, low_y, tort_w, low_h), t_title, tuple(tplaces), areas)

    # the bottom band: my corner (loyalty, hand), the event row, the decks
    band_y, band_h = _BAND_TOP, DESIGN_H - _M - _BAND_TOP
    label_h = 16
    card_y, card_h = band_y + label_h + 2, band_h - label_h - 2
    loyalty = c.r(left, card_y, _CARD_W, card_h)
    hand_x = left + _CARD_W + 2 * _G
    hand = c.r(hand_x, card_y, _HAND_W, card_h)
    decks_x = right - 3 * _DECK_W - 2 * _G
    row_x0, row_x1 = hand_x + _HAND_W + 2 * _G, decks_x - 2 * _G
    slot_gap = min(12.0, (row_x1 - row_x0 - ROW_SLOTS * _CARD_W) / (ROW_SLOTS - 1))
    row_w = ROW_SLOTS * _CARD_W + (ROW_SLOTS - 1) * slot_gap
    row_x = row_x0 + (row_x1 - row_x0 - row_w) / 2
    row = tuple(c.r(row_x + k * (_CARD_W + slot_gap), card_y, _CARD_W, card_h) for k in range(ROW_SLOTS))
    row_labels = tuple(c.r(row_x + k * (_CARD_W + slot_gap), band_y, _CARD_W, label_h) for k in range(ROW_SLOTS))
    event_deck = c.r(decks_x, card_y, _DECK_W, card_h)
    vote_deck = c.r(decks_x + _DECK_W + _G, card_y, _DECK_W, card_h)
    discard = c.r(decks_x + 2 * (_DECK_W + _G), card_y, _DECK_W, card_h)

    side_x = DESIGN_W - _M - _SIDE_W
    side = c.r(side_x, _M, _SIDE_W, DESIGN_H - 2 * _M)
    body = max(MIN_TEXT_PX, round(13 * c.s))
    return Table1667Layout(
        size=size, players=players, scale=c.s,
        px_small=max(MIN_TEXT_PX, round(12 * c.s)), px_body=body, px_title=max(body + 2, round(16 * c.s)),
        strip=c.r(left, _M, width, _STRIP_H), seats=seats, mat=c.r(*mat),
        last_vote=last_vote, galleon=galleon, status=status, ships=tuple(ships), rowboats=tuple(rowboats),
        tortuga=tortuga, band=c.r(left, band_y, width, band_h), loyalty=loyalty, hand=hand, row=row,
        row_labels=row_labels, event_deck=event_deck, vote_deck=vote_deck, discard=discard,
        side=side, panel=side,
    )


@dataclass(frozen=True, slots=True)
class Target:
    """A thing on the table a player can point at: ``kind`` is one of seat, pawn, slot, hold, area,
    rowboat, ship, tortuga, galleon, hand_card, event_deck, vote_deck, discard; the other fields
    name which one."""

    kind: str
    seat: int | None = None
    slot: int | None = None
    ship: Ship | None = None
    side: Side | None = None
    loc: Loc | None = None
    index: int | None = None


def targets(L: Table1667Layout, view: TableView) -> list[tuple[Target, Rect]]:
    """Every target of the table drawn for ``view``, smallest first (a pawn before its ship)."""
    out: list[tuple[Target, Rect]] = []
    for ship, sb in L.ships:
        line = view.fd if ship is Ship.FD else view.jr
        out += [(Target("pawn", seat=s), sb.places[k]) for k, s in enumerate(line)]
    out += [(Target("pawn", seat=s), L.tortuga.places[k]) for k, s in enumerate(view.tortuga_line)]
    for rb, who in view.rowboats:
        if who is not None:
            out.append((Target("pawn", seat=who), L.rowboat(rb)))
        else:
            out.append((Target("rowboat", loc=rb), L.rowboat(rb)))
    for ship, sb in L.ships:
        out += [(Target("hold", ship=ship, side=side), r) for side, r in sb.holds]
    out += [(Target("area", side=side), r) for side, r in L.tortuga.areas]
    out += [(Target("slot", slot=k + 1), r) for k, r in enumerate(L.row)]
    hand = view.hand if isinstance(view, PlayerView) else ()
    out += [(Target("hand_card", index=k), r) for k, r in enumerate(L.hand_cards(len(hand)))]
    out += [(Target("seat", seat=k), b.rect) for k, b in enumerate(L.seats)]
    out += [(Target("event_deck"), L.event_deck), (Target("vote_deck"), L.vote_deck),
            (Target("discard"), L.discard), (Target("galleon"), L.galleon)]
    out += [(Target("ship", ship=ship, loc=Loc.FD if ship is Ship.FD else Loc.JR), sb.rect) for ship, sb in L.ships]
    out.append((Target("tortuga", loc=Loc.TORTUGA), L.tortuga.rect))
    return out


def target_at(L: Table1667Layout, view: TableView, pos: tuple[int, int]) -> Target | None:
    """What is under ``pos`` (window pixels) on the table drawn for ``view``, or None."""
    return next((t for t, r in targets(L, view) if contains(r, pos)), None)
