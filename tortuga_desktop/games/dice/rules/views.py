"""Player views (R9): what one seat may know, as frozen typed values built by allow-list.

:func:`player_view` copies, field by field, only what RULES.md R9 lets the viewer know. Nothing
is copied and then deleted: a fact that is not listed here cannot reach a seat. ``None`` as the
viewer gives the public view (a spectator, or the shared screen in hot-seat).

A view converts to JSON-compatible data and back without loss (:meth:`PlayerView.to_json`,
:meth:`PlayerView.from_json`); reading checks every field, since a view may come over a network.

>>> from tortuga_desktop.games.dice.rules import Game
>>> g = Game.new(players=3, seed=4, start_player=0)
>>> v = g.view(1)
>>> v.viewer, v.phase, v.seats[1].roll is not None, v.seats[0].roll
(1, <Phase.DICE: 'dice'>, True, None)
>>> PlayerView.from_json(v.to_json()) == v
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .actions import DecisionKind
from .codec import _int, _ints, _Reader
from .components import DICE_GRIDS, MAX_BOX, MIN_BOX, SKULL, TOTAL_BONUS_TILES, TOTAL_TILES
from .errors import StateFormatError
from .legal import pending as pending_decisions
from .limits import check_names
from .state import DICE, SELECT, Phase, Stage, State

#: Version of the JSON form of a view (checked when reading one).
VIEW_VERSION = 1


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer may see it.

    Public to all (R9.3): tokens, chests in every area, bonus tiles, placed dice, dice in hand
    (how many), how many treasure tiles, move-phase arrangements once made. Private to the seat
    itself (R9.1, R9.2): its roll before the reveal, the unselected dice of a roll, its kept and
    returned treasure tiles. For other seats those fields are ``None`` (or hold ``None`` for
    each face not shown).
    """

    boat: int
    pirate: int
    tortuga: tuple[int, ...]
    fleet: tuple[int, ...]
    crew: tuple[int, ...]
    island: tuple[int, ...]
    #: bonus space per action: 0 empty, 1 or 2
    bonus: tuple[int, ...]
    #: dice (0-4 = A-E) on each action space this round
    placed: tuple[tuple[int, ...], ...]
    #: dice not placed yet
    hand: tuple[int, ...]
    tile_count: int
    #: the seat has confirmed its selection in this roll step (R9.1: the same for chosen,
    #: forced and stuck rolls)
    done: bool
    #: faces of the dice in ``hand`` (0-4 actions, 5 skull); ``None`` for a face not shown
    roll: tuple[int | None, ...] | None
    #: the roll is open (R3.6): shown to everyone
    open_roll: bool
    #: the confirmed selection: the owner's at once, everybody's after the reveal
    selection: tuple[int, ...] | None
    #: action chosen for a skull-only selection (public once chosen)
    skull_action: int | None
    #: coin values of kept treasure tiles: the owner only
    tiles: tuple[int, ...] | None
    #: values of tiles this seat returned to the pool: the owner only
    returned: tuple[int, ...] | None
    #: move-phase arrangement choices (R5.2; public by R9.3 once made)
    arr_fleet: tuple[int, ...] | None
    arr_crew: tuple[int, ...] | None

    def area(self, name: str) -> tuple[int, ...]:
        """The chest row of an area by name: tortuga, fleet, crew or island."""
        if name not in _AREAS:
            raise KeyError(name)
        rows: tuple[int, ...] = getattr(self, name)
        return rows

    def token(self, kind: str) -> int:
        """The box of the "boat" or "pirate" token."""
        if kind not in ("boat", "pirate"):
            raise KeyError(kind)
        return self.boat if kind == "boat" else self.pirate


_AREAS = ("tortuga", "fleet", "crew", "island")


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the game waits for: who and what kind (public; details only in the seat's own view)."""

    seat: int
    kind: DecisionKind


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything ``viewer`` may know about a game now (``viewer`` None: the public view)."""

    viewer: int | None
    players: int
    names: tuple[str, ...]
    long_game: bool
    #: rules version (R0.8): which dice grid the game uses
    rules_version: int
    round: int
    start: int
    phase: Phase
    stage: Stage
    decisions: int
    #: chests of each colour in the bag (R9.3)
    bag: tuple[int, ...]
    #: how many treasure tiles are left in the pool (their values are nobody's)
    pool_size: int
    #: bonus tiles left in the island supply
    supply: int
    #: center island: one slot per chest colour
    center: tuple[bool, ...]
    seats: tuple[SeatView, ...]
    #: seats rolling in this roll step
    rollers: tuple[int, ...]
    #: rollers whose roll allowed no selection: known only after the reveal (R3.6, R9.1)
    stuck: tuple[int, ...]
    #: seats that had no dice to roll at this roll step (they receive bonus tiles, R3.7)
    bonus_due: tuple[int, ...]
    #: seats waiting in turn for the current stuck/skulls/bonus step
    queue: tuple[int, ...]
    #: the action resolving in the actions phase (-1 before the first)
    act_action: int
    #: acting seats of that action, 1st then 2nd, and whose turn it is
    act_order: tuple[int, ...]
    act_pos: int
    first_target: int | None
    #: Board/Raid effect waiting for a chest choice: (action, position, seat, target)
    effect: tuple[int, ...] | None
    #: treasure tiles drawn and waiting for the keep choice: their values to the decider only
    drawn: tuple[int, ...] | None
    drawn_count: int
    #: who must decide now, and what kind of decision (R9.1: every roller until it confirms)
    pending: tuple[Pending, ...]
    capped: bool

    # ------------------------------------------------------------------ helpers
    @property
    def grid(self) -> tuple[tuple[int, ...], ...]:
        """The dice grid (R0.8): ``grid[die][action]``."""
        return DICE_GRIDS[self.rules_version]

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def revealed(self) -> bool:
        """False while this roll step's selections are secret (R3.5)."""
        return not (self.phase == DICE and self.stage == SELECT)

    def me(self) -> SeatView:
        """The viewer's own seat (raises for the public view)."""
        if self.viewer is None:
            raise ValueError("the public view has no own seat")
        return self.seats[self.viewer]

    def total(self, seat: int, action: int) -> int:
        """``seat``'s dice total plus bonus tile on ``action`` (R4.2)."""
        s = self.seats[seat]
        dice = s.placed[action]
        return sum(self.grid[d][action] for d in dice) + (s.bonus[action] if dice else 0)

    def waiting(self) -> tuple[int, ...]:
        """Seats the game waits for now."""
        return tuple(p.seat for p in self.pending)

    # ------------------------------------------------------------------ JSON
    def to_json(self, memo: dict[int, tuple[SeatView, dict[str, Any]]] | None = None) -> dict[str, Any]:
        """JSON-compatible data (lists for tuples, strings for enums). ``memo`` shares the JSON
        of seat parts between views built together (:func:`player_views`); it holds each
        part itself, so no other object can take its id while the memo lives."""
        if memo is None:
            seats = [_seat_json(s) for s in self.seats]
        else:
            seats = []
            for s in self.seats:
                hit = memo.get(id(s))
                if hit is None or hit[0] is not s:
                    hit = memo[id(s)] = (s, _seat_json(s))
                seats.append(hit[1])
        return {
            "version": VIEW_VERSION,
            "viewer": self.viewer, "players": self.players, "names": list(self.names),
            "long_game": self.long_game, "rules_version": self.rules_version, "round": self.round,
            "start": self.start, "phase": str(self.phase), "stage": str(self.stage), "decisions": self.decisions,
            "bag": list(self.bag), "pool_size": self.pool_size, "supply": self.supply, "center": list(self.center),
            "seats": seats,
            "rollers": list(self.rollers), "stuck": list(self.stuck), "bonus_due": list(self.bonus_due),
            "queue": list(self.queue), "act_action": self.act_action, "act_order": list(self.act_order),
            "act_pos": self.act_pos, "first_target": self.first_target,
            "effect": None if self.effect is None else list(self.effect),
            "drawn": None if self.drawn is None else list(self.drawn), "drawn_count": self.drawn_count,
            "pending": [[p.seat, str(p.kind)] for p in self.pending], "capped": self.capped,
        }

    def to_bytes(self) -> bytes:
        """Canonical JSON bytes (sorted keys): equal views give equal bytes."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":")).encode()

    @classmethod
    def from_json(cls, data: Any) -> PlayerView:
        """Read a view back; raises :class:`StateFormatError` on anything a view cannot hold."""
        r = _Reader(data, "view")
        if r.get("version") != VIEW_VERSION:
            raise StateFormatError(f"view: unsupported version {r.get('version')!r:.20} (this reads {VIEW_VERSION})")
        n = r.int_("players", 2, 4)
        names = r.get("names")
        problem = check_names(names, n)
        if problem:
            raise StateFormatError(f"view.names: {problem}")
        viewer = r.opt_int("viewer", 0, n - 1)
        rules_version = r.int_("rules_version", 1, max(DICE_GRIDS))
        seats_data = r.get("seats")
        if not isinstance(seats_data, list) or len(seats_data) != n:
            raise StateFormatError(f"view.seats: expected {n} seats")
        seats = tuple(_seat_from_json(x, f"view.seats[{i}]") for i, x in enumerate(seats_data))
        pend = r.get("pending")
        if not isinstance(pend, list) or len(pend) > n:
            raise StateFormatError("view.pending: expected at most one decision per seat")
        pending = []
        for i, item in enumerate(pend):
            if not (isinstance(item, list) and len(item) == 2 and item[1] in {k.value for k in DecisionKind}):
                raise StateFormatError(f"view.pending[{i}]: expected [seat, decision kind]")
            pending.append(Pending(_int(item[0], 0, n - 1, f"view.pending[{i}]"), DecisionKind(item[1])))
        center = r.get("center")
        if not (isinstance(center, list) and len(center) == 5 and all(isinstance(x, bool) for x in center)):
            raise StateFormatError("view.center: expected 5 true/false slots")
        effect = r.opt_ints("effect", 0, 4, 4)
        if effect is not None and len(effect) != 4:
            raise StateFormatError("view.effect: expected [action, position, seat, target]")
        bag = r.ints("bag", 0, 10, 5)
        if len(bag) != 5:
            raise StateFormatError("view.bag: expected 5 colour counts")
        return cls(
            viewer=viewer, players=n, names=tuple(names), long_game=r.bool_("long_game"),
            rules_version=rules_version, round=r.int_("round", 1, 10_000), start=r.int_("start", 0, n - 1),
            phase=Phase(r.str_("phase", tuple(p.value for p in Phase))),
            stage=Stage(r.str_("stage", tuple(s.value for s in Stage))),
            decisions=r.int_("decisions", 0, 10**7), bag=tuple(bag), pool_size=r.int_("pool_size", 0, TOTAL_TILES),
            supply=r.int_("supply", 0, TOTAL_BONUS_TILES), center=tuple(center), seats=seats,
            rollers=tuple(r.ints("rollers", 0, n - 1, n)), stuck=tuple(r.ints("stuck", 0, n - 1, n)),
            bonus_due=tuple(r.ints("bonus_due", 0, n - 1, n)), queue=tuple(r.ints("queue", 0, n - 1, n)),
            act_action=r.int_("act_action", -1, 5), act_order=tuple(r.ints("act_order", 0, n - 1, 2)),
            act_pos=r.int_("act_pos", 0, 2), first_target=r.opt_int("first_target", 0, n - 1),
            effect=None if effect is None else tuple(effect),
            drawn=None if (d := r.opt_ints("drawn", 1, 3, 2)) is None else tuple(d),
            drawn_count=r.int_("drawn_count", 0, 2), pending=tuple(pending), capped=r.bool_("capped"),
        )

    @classmethod
    def from_bytes(cls, raw: bytes) -> PlayerView:
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as exc:
            raise StateFormatError(f"view: not JSON ({exc})") from None
        return cls.from_json(data)


# ---------------------------------------------------------------- building
def _t(xs: list[int] | tuple[int, ...] | None) -> tuple[int, ...] | None:
    return None if xs is None else tuple(xs)


def player_view(g: State, viewer: int | None) -> PlayerView:
    """What ``viewer`` may know (R9); ``None`` is the public view. Built by allow-list."""
    revealed = not (g.phase == DICE and g.stage == SELECT)
    seats = tuple(_seat_view(g, i, i == viewer, revealed) for i in range(len(g.seats)))
    return _view(g, viewer, seats, revealed, _pending(g))


def player_views(g: State, viewers: Sequence[int | None]) -> list[PlayerView]:
    """``[player_view(g, v) for v in viewers]``, built once for all: a seat's part as others see
    it is the same for every other viewer, and so are the decisions waited for (a server sends
    every seat its view after each action)."""
    revealed = not (g.phase == DICE and g.stage == SELECT)
    pending = _pending(g)
    public = [_seat_view(g, i, False, revealed) for i in range(len(g.seats))]
    out = []
    for viewer in viewers:
        seats = tuple(_seat_view(g, i, True, revealed) if i == viewer else public[i] for i in range(len(g.seats)))
        out.append(_view(g, viewer, seats, revealed, pending))
    return out


def public_part(view: PlayerView) -> PlayerView:
    """The public view (viewer ``None``) of the game ``view`` belongs to, from ``view`` alone.

    A seat knows every public fact (R9.3), so the public view is its view less its own secrets,
    dropped by the same rules as :func:`_seat_view`: its hidden dice (R9.1: only selected dice
    once revealed, every die of an open or stuck roll), its selection before the reveal, its
    treasure tiles and returned tiles, and a drawn set only its decider sees. For every game ``g``
    and seat ``s``, ``public_part(player_view(g, s)) == player_view(g, None)`` (a property test)."""
    if view.viewer is None:
        return view
    me = view.viewer
    revealed = not (view.phase == DICE and view.stage == SELECT)
    own = view.seats[me]
    roll: tuple[int | None, ...] | None = None
    if own.roll is not None:
        if own.open_roll or (revealed and me in view.stuck):
            roll = own.roll
        elif revealed and own.selection is not None:
            shown = set(own.selection)
            roll = tuple(f if d in shown else None for d, f in zip(own.hand, own.roll, strict=True))
    public = replace(own, roll=roll, selection=own.selection if revealed else None, tiles=None, returned=None)
    seats = tuple(public if i == me else s for i, s in enumerate(view.seats))
    return replace(view, viewer=None, seats=seats, drawn=None)


def _pending(g: State) -> tuple[Pending, ...]:
    return tuple(Pending(d.seat, d.kind) for d in pending_decisions(g))


def _seat_view(g: State, i: int, own: bool, revealed: bool) -> SeatView:
    """Seat ``i`` as its owner (``own``) or anyone else sees it."""
    p = g.seats[i]
    roll: tuple[int | None, ...] | None = None
    selection: tuple[int, ...] | None = None
    if p.roll is not None:
        if own or p.open_roll or (revealed and i in g.stuck):  # R3.6: stuck rolls are shown
            roll = tuple(p.roll)
        elif revealed and p.selection is not None:  # R9.1: only the selected dice are shown
            shown = set(p.selection)
            roll = tuple(f if d in shown else None for d, f in zip(p.hand, p.roll, strict=True))
    if own or revealed:
        selection = _t(p.selection)
    return SeatView(
        boat=p.boat, pirate=p.pirate, tortuga=tuple(p.tortuga), fleet=tuple(p.fleet), crew=tuple(p.crew),
        island=tuple(p.island), bonus=tuple(p.bonus), placed=tuple(tuple(x) for x in p.placed),
        hand=tuple(p.hand), tile_count=len(p.tiles),
        done=g.phase == DICE and g.stage == SELECT and i in g.rollers and p.selection is not None,
        roll=roll, open_roll=p.open_roll, selection=selection, skull_action=p.skull_action,
        tiles=tuple(p.tiles) if own else None, returned=tuple(p.returned) if own else None,
        arr_fleet=_t(p.arr_fleet), arr_crew=_t(p.arr_crew),
    )


def _view(g: State, viewer: int | None, seats: tuple[SeatView, ...], revealed: bool,
          pending: tuple[Pending, ...]) -> PlayerView:
    decider = g.act_order[g.act_pos] if g.act_order and g.act_pos < len(g.act_order) else None
    drawn = tuple(g.drawn) if g.drawn and decider == viewer else None
    return PlayerView(
        viewer=viewer, players=g.players, names=tuple(g.names), long_game=g.long_game,
        rules_version=g.rules_version, round=g.round, start=g.start, phase=Phase(g.phase), stage=Stage(g.stage),
        decisions=g.decisions, bag=tuple(g.bag), pool_size=sum(g.pool), supply=g.supply, center=tuple(g.center),
        seats=seats, rollers=tuple(g.rollers), stuck=tuple(g.stuck) if revealed else (),
        bonus_due=tuple(g.bonus_due), queue=tuple(g.queue) if revealed else (),
        act_action=g.act_action, act_order=tuple(g.act_order), act_pos=g.act_pos, first_target=g.first_target,
        effect=_t(g.effect), drawn=drawn, drawn_count=len(g.drawn), pending=pending, capped=g.capped,
    )


# ---------------------------------------------------------------- JSON helpers
def _seat_json(s: SeatView) -> dict[str, Any]:
    def lst(x: tuple[Any, ...] | None) -> list[Any] | None:
        return None if x is None else list(x)

    return {
        "boat": s.boat, "pirate": s.pirate, "tortuga": list(s.tortuga), "fleet": list(s.fleet),
        "crew": list(s.crew), "island": list(s.island), "bonus": list(s.bonus),
        "placed": [list(x) for x in s.placed], "hand": list(s.hand), "tile_count": s.tile_count, "done": s.done,
        "roll": lst(s.roll), "open_roll": s.open_roll, "selection": lst(s.selection),
        "skull_action": s.skull_action, "tiles": lst(s.tiles), "returned": lst(s.returned),
        "arr_fleet": lst(s.arr_fleet), "arr_crew": lst(s.arr_crew),
    }


def _seat_from_json(data: Any, where: str) -> SeatView:
    r = _Reader(data, where)
    placed = r.get("placed")
    if not isinstance(placed, list) or len(placed) != 5:
        raise StateFormatError(f"{where}.placed: expected 5 action spaces")
    bonus = r.ints("bonus", 0, 2, 5)
    if len(bonus) != 5:
        raise StateFormatError(f"{where}.bonus: expected 5 bonus spaces")
    hand = r.ints("hand", 0, 4, 5)
    roll = r.get("roll")
    if roll is not None:
        if not isinstance(roll, list) or len(roll) != len(hand):
            raise StateFormatError(f"{where}.roll: expected one face (or null) per die in hand")
        roll = [None if f is None else _int(f, 0, SKULL, f"{where}.roll") for f in roll]

    def opt(key: str, lo: int, hi: int, n: int) -> tuple[int, ...] | None:
        v = r.opt_ints(key, lo, hi, n)
        return None if v is None else tuple(v)

    return SeatView(
        boat=r.int_("boat", MIN_BOX, MAX_BOX), pirate=r.int_("pirate", MIN_BOX, MAX_BOX),
        tortuga=tuple(r.ints("tortuga", 0, 4, 40)), fleet=tuple(r.ints("fleet", 0, 4, 4)),
        crew=tuple(r.ints("crew", 0, 4, 4)), island=tuple(r.ints("island", 0, 4, 40)), bonus=tuple(bonus),
        placed=tuple(tuple(_ints(x, 0, 4, f"{where}.placed[{i}]", 5)) for i, x in enumerate(placed)),
        hand=tuple(hand), tile_count=r.int_("tile_count", 0, TOTAL_TILES), done=r.bool_("done"),
        roll=None if roll is None else tuple(roll), open_roll=r.bool_("open_roll"),
        selection=opt("selection", 0, 4, 5), skull_action=r.opt_int("skull_action", 0, 4),
        tiles=opt("tiles", 1, 3, TOTAL_TILES), returned=opt("returned", 1, 3, 200),
        arr_fleet=opt("arr_fleet", 0, 4, 4), arr_crew=opt("arr_crew", 0, 4, 4),
    )


__all__ = ["VIEW_VERSION", "Pending", "PlayerView", "SeatView", "player_view", "player_views"]
