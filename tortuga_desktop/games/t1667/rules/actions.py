"""Every decision of Tortuga 1667 as a small, validated, hashable value with a text form.

Seats are numbered from 0, row slots from 1 to 5 (T1.6f). ``str(action)`` gives the text form and
:func:`parse_action` reads it back:

>>> a = parse_action("Force 3 1 seat 2")
>>> a, str(a)
(Force(a=1, b=3, seat=2), 'force 1 3 seat 2')
>>> parse_action(str(Vote(VoteCard.parse("cffs")))) == Vote(VoteCard("C", "F", "S", True))
True

Which decision an action answers is read from the open decision (see ``Game.pending``): the same
``NameSeat`` names the Pistol's target, the Facade's or a Treasure Map's recipient.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import cast

from .cards import ROW_SLOTS, Loc, Ship, Side, VoteCard
from .errors import MalformedActionError
from .talk import Say, parse_say

MAX_SEATS = 9


def _slot(v: object) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= ROW_SLOTS:
        raise MalformedActionError(f"a row slot is 1-{ROW_SLOTS}, not {v!r:.20}")
    return v


def _seat(v: object) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < MAX_SEATS:
        raise MalformedActionError(f"a seat is 0-{MAX_SEATS - 1}, not {v!r:.20}")
    return v


def _enum(action: object, name: str, cls: type[StrEnum], what: str, allowed: tuple[StrEnum, ...] = ()) -> None:
    """Check the field ``name`` of a just-built ``action`` holds a member of ``cls`` (one of ``allowed`` if given).

    The enums are text enums, so plain text (``"rb-fd"``) or another enum's member (``Ship.FD``) compares
    equal to a member and would pass a test by value: it is refused by type, with
    :class:`MalformedActionError` (the text form goes through :func:`parse_action`)."""
    v = getattr(action, name)
    if not isinstance(v, cls) or (allowed and v not in allowed):
        names = ", ".join(m.value for m in allowed or tuple(cls))
        raise MalformedActionError(f"{what} must be a {cls.__name__} ({names}), not {v!r:.30}")


# ------------------------------------------------------------------ turn actions (T3)
@dataclass(frozen=True, slots=True)
class ViewTwo:
    """T3.3: look at two face-down row slots (kept in the order a < b)."""

    a: int
    b: int

    def __post_init__(self) -> None:
        _slot(self.a), _slot(self.b)
        if self.a == self.b:
            raise MalformedActionError("view two different slots")
        if self.a > self.b:
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    def __str__(self) -> str:
        return f"view {self.a} {self.b}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """T3.4: turn one face-down row slot up."""

    slot: int

    def __post_init__(self) -> None:
        _slot(self.slot)

    def __str__(self) -> str:
        return f"reveal {self.slot}"


@dataclass(frozen=True, slots=True)
class Force:
    """T3.5: point at two face-down slots (a < b) and name another seat to pick one."""

    a: int
    b: int
    seat: int

    def __post_init__(self) -> None:
        _slot(self.a), _slot(self.b), _seat(self.seat)
        if self.a == self.b:
            raise MalformedActionError("force a choice between two different slots")
        if self.a > self.b:
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    def __str__(self) -> str:
        return f"force {self.a} {self.b} seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Row:
    """T3.6: one rowboat step, named by where the pawn goes."""

    to: Loc

    def __post_init__(self) -> None:
        _enum(self, "to", Loc, "a rowboat move's destination")

    def __str__(self) -> str:
        return f"row {self.to.value}"


@dataclass(frozen=True, slots=True)
class Marque:
    """T6.6(a): put ``seat``'s pawn (on Tortuga or a rowboat) at the back of ``ship``.

    As a turn action it plays a saved Letter of Marque (T3.7); as the answer to a revealed one it uses it."""

    seat: int
    ship: Ship

    def __post_init__(self) -> None:
        _seat(self.seat)
        _enum(self, "ship", Ship, "a Letter of Marque's ship")

    def __str__(self) -> str:
        return f"marque seat {self.seat} {self.ship.value}"


@dataclass(frozen=True, slots=True)
class Maroon:
    """T3.8: the Captain maroons another pawn of its ship."""

    seat: int

    def __post_init__(self) -> None:
        _seat(self.seat)

    def __str__(self) -> str:
        return f"maroon seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Attack:
    """T3.9: the Captain calls an Attack vote."""

    def __str__(self) -> str:
        return "attack"


@dataclass(frozen=True, slots=True)
class Mutiny:
    """T3.10: the First Mate calls a Mutiny vote."""

    def __str__(self) -> str:
        return "mutiny"


@dataclass(frozen=True, slots=True)
class Shift:
    """T3.11: the Cabin Boy moves one treasure from the ``source`` hold to the other hold of its ship."""

    source: Side

    def __post_init__(self) -> None:
        _enum(self, "source", Side, "the hold to shift from")

    def __str__(self) -> str:
        return f"shift {self.source.value}"


@dataclass(frozen=True, slots=True)
class Brawl:
    """T3.12: the Governor calls a Brawl vote."""

    def __str__(self) -> str:
        return "brawl"


# ------------------------------------------------------------------ answers to open decisions
@dataclass(frozen=True, slots=True)
class Pick:
    """T3.5: the forced seat picks one of the two slots pointed at."""

    slot: int

    def __post_init__(self) -> None:
        _slot(self.slot)

    def __str__(self) -> str:
        return f"pick {self.slot}"


@dataclass(frozen=True, slots=True)
class Vote:
    """T4.3: a participant plays one Vote card of this kind from its hand."""

    card: VoteCard

    def __post_init__(self) -> None:
        if not isinstance(self.card, VoteCard):
            raise MalformedActionError(f"a vote's card must be a VoteCard, not {self.card!r:.30}")

    def __str__(self) -> str:
        return f"vote {self.card}"


@dataclass(frozen=True, slots=True)
class Plunder:
    """T3.9: after a successful Attack, take one treasure and put it in the ``to`` hold of the Captain's ship.

    ``source`` None takes it from the Galleon; otherwise from the ``source_side`` hold of the other ship."""

    to: Side
    source: Ship | None = None
    source_side: Side | None = None

    def __post_init__(self) -> None:
        _enum(self, "to", Side, "the hold to plunder into")
        if (self.source is None) != (self.source_side is None):
            raise MalformedActionError("plunder from the Galleon, or from a ship and one of its holds")
        if self.source is not None:
            _enum(self, "source", Ship, "the ship plundered")
            _enum(self, "source_side", Side, "the hold plundered")

    def __str__(self) -> str:
        src = "galleon" if self.source is None or self.source_side is None else \
            f"{self.source.value} {self.source_side.value}"
        return f"plunder {src} to {self.to.value}"


@dataclass(frozen=True, slots=True)
class SaveMarque:
    """T6.6(b): keep the revealed Letter of Marque face up in front of oneself."""

    def __str__(self) -> str:
        return "save"


@dataclass(frozen=True, slots=True)
class NameSeat:
    """Name another player: the Pistol's target (T6.7), the Treasure Map's recipient (T6.10), the Facade's (T6.14)."""

    seat: int

    def __post_init__(self) -> None:
        _seat(self.seat)

    def __str__(self) -> str:
        return f"name seat {self.seat}"


@dataclass(frozen=True, slots=True)
class PlaceTreasure:
    """T6.10: the holder of a Treasure Map pair moves one Galleon treasure into this hold."""

    ship: Ship
    side: Side

    def __post_init__(self) -> None:
        _enum(self, "ship", Ship, "the ship")
        _enum(self, "side", Side, "the hold")

    def __str__(self) -> str:
        return f"place {self.ship.value} {self.side.value}"


@dataclass(frozen=True, slots=True)
class Blow:
    """T6.11: Gunpowder destroys this rowboat."""

    rowboat: Loc

    def __post_init__(self) -> None:
        _enum(self, "rowboat", Loc, "Gunpowder's rowboat", (Loc.RB_FD, Loc.RB_JR))

    def __str__(self) -> str:
        return f"blow {self.rowboat.value}"


@dataclass(frozen=True, slots=True)
class Reverse:
    """T6.15: Cabin Fever reverses this ship's line."""

    ship: Ship

    def __post_init__(self) -> None:
        _enum(self, "ship", Ship, "the ship")

    def __str__(self) -> str:
        return f"reverse {self.ship.value}"


@dataclass(frozen=True, slots=True)
class Sail:
    """T6.16: Fair Winds moves the revealer's pawn to the back of ``to`` (a ship or Tortuga)."""

    to: Loc

    def __post_init__(self) -> None:
        _enum(self, "to", Loc, "Fair Winds' destination", (Loc.FD, Loc.JR, Loc.TORTUGA))

    def __str__(self) -> str:
        return f"sail {self.to.value}"


@dataclass(frozen=True, slots=True)
class Stay:
    """T6.16: Fair Winds, staying put."""

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class ReturnTreasure:
    """T6.19: Spanish Reprisal moves one treasure from this hold back onto the Galleon."""

    ship: Ship
    side: Side

    def __post_init__(self) -> None:
        _enum(self, "ship", Ship, "the ship")
        _enum(self, "side", Side, "the hold")

    def __str__(self) -> str:
        return f"return {self.ship.value} {self.side.value}"


Action = (
    ViewTwo | Reveal | Force | Row | Marque | Maroon | Attack | Mutiny | Shift | Brawl
    | Pick | Vote | Plunder | SaveMarque | NameSeat | PlaceTreasure | Blow | Reverse | Sail | Stay | ReturnTreasure
    | Say
)
ACTION_TYPES: tuple[type, ...] = (
    ViewTwo, Reveal, Force, Row, Marque, Maroon, Attack, Mutiny, Shift, Brawl,
    Pick, Vote, Plunder, SaveMarque, NameSeat, PlaceTreasure, Blow, Reverse, Sail, Stay, ReturnTreasure, Say,
)

MAX_ACTION_TEXT = 60


def _int(word: str) -> int:
    if not word.isdigit() or len(word) > 2:
        raise MalformedActionError(f"expected a number, got {word!r:.20}")
    return int(word)


def _choice(cls: type, word: str, what: str) -> object:
    try:
        return cls(word)
    except ValueError:
        names = ", ".join(m.value for m in cls)  # type: ignore[attr-defined]
        raise MalformedActionError(f"{what}: {word!r:.20} is not one of {names}") from None


def parse_action(text: object) -> Action:
    """Read an action's text form (case and spacing are free); raises :class:`MalformedActionError`."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action is text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise MalformedActionError("action text too long")
    w = text.lower().split()
    if not w:
        raise MalformedActionError("empty action")
    head, rest = w[0], w[1:]

    def need(n: int) -> None:
        if len(rest) != n:
            raise MalformedActionError(f"'{head}' takes {n} word(s) after it, got {len(rest)}")

    def seat_words(words: list[str]) -> int:
        if len(words) != 2 or words[0] != "seat":
            raise MalformedActionError(f"expected 'seat N' in {text!r:.40}")
        return _int(words[1])

    if head in ("attack", "mutiny", "brawl", "save", "stay"):
        need(0)
        plain: dict[str, type[Attack | Mutiny | Brawl | SaveMarque | Stay]] = {
            "attack": Attack, "mutiny": Mutiny, "brawl": Brawl, "save": SaveMarque, "stay": Stay}
        return plain[head]()
    if head == "view":
        need(2)
        return ViewTwo(_int(rest[0]), _int(rest[1]))
    if head == "reveal":
        need(1)
        return Reveal(_int(rest[0]))
    if head == "pick":
        need(1)
        return Pick(_int(rest[0]))
    if head == "force":
        need(4)
        return Force(_int(rest[0]), _int(rest[1]), seat_words(rest[2:]))
    if head == "row":
        need(1)
        return Row(_choice(Loc, rest[0], "row to"))  # type: ignore[arg-type]
    if head == "marque":
        need(3)
        return Marque(seat_words(rest[:2]), _choice(Ship, rest[2], "marque to"))  # type: ignore[arg-type]
    if head == "maroon":
        need(2)
        return Maroon(seat_words(rest))
    if head == "name":
        need(2)
        return NameSeat(seat_words(rest))
    if head == "shift":
        need(1)
        return Shift(_choice(Side, rest[0], "shift from"))  # type: ignore[arg-type]
    if head == "vote":
        need(1)
        return Vote(VoteCard.parse(rest[0]))
    if head == "plunder":
        if len(rest) == 3 and rest[0] == "galleon" and rest[1] == "to":
            return Plunder(_choice(Side, rest[2], "plunder to"))  # type: ignore[arg-type]
        if len(rest) == 4 and rest[2] == "to":
            return Plunder(_choice(Side, rest[3], "plunder to"),  # type: ignore[arg-type]
                           _choice(Ship, rest[0], "plunder from"),  # type: ignore[arg-type]
                           _choice(Side, rest[1], "plunder hold"))  # type: ignore[arg-type]
        raise MalformedActionError("plunder galleon to SIDE, or plunder SHIP SIDE to SIDE")
    if head in ("place", "return"):
        need(2)
        ship = _choice(Ship, rest[0], head)
        side = _choice(Side, rest[1], head)
        return (PlaceTreasure if head == "place" else ReturnTreasure)(ship, side)  # type: ignore[arg-type]
    if head == "blow":
        need(1)
        return Blow(_choice(Loc, rest[0], "blow"))  # type: ignore[arg-type]
    if head == "reverse":
        need(1)
        return Reverse(_choice(Ship, rest[0], "reverse"))  # type: ignore[arg-type]
    if head == "say":
        return parse_say(rest)
    if head == "sail":
        need(1)
        return Sail(_choice(Loc, rest[0], "sail to"))  # type: ignore[arg-type]
    raise MalformedActionError(f"unknown action {head!r:.20}")


def check_action(action: object) -> Action:
    """The action itself if it is one of the action types; raises :class:`MalformedActionError` otherwise."""
    if not isinstance(action, ACTION_TYPES):
        raise MalformedActionError(f"not a 1667 action: {type(action).__name__}")
    return cast(Action, action)
