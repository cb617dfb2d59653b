"""Components of Tortuga 1667 (T0): places, sides, loyalty, vote and event cards, and their counts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from .errors import MalformedActionError


class Side(StrEnum):
    """A hold or a Tortuga treasure area, and a team (T0.1, T7.2)."""

    BRITISH = "british"
    FRENCH = "french"

    @property
    def other(self) -> Side:
        return Side.FRENCH if self is Side.BRITISH else Side.BRITISH


class Loyalty(StrEnum):
    """A Loyalty card (T0.5)."""

    BRITISH = "british"
    FRENCH = "french"
    DUTCH = "dutch"


class Ship(StrEnum):
    """The two pirate ships (T0.1)."""

    FD = "fd"
    JR = "jr"

    @property
    def other(self) -> Ship:
        return Ship.JR if self is Ship.FD else Ship.FD

    @property
    def rowboat(self) -> Loc:
        return Loc.RB_FD if self is Ship.FD else Loc.RB_JR


class Loc(StrEnum):
    """Where a pawn stands (T2.1)."""

    FD = "fd"
    JR = "jr"
    TORTUGA = "tortuga"
    RB_FD = "rb-fd"
    RB_JR = "rb-jr"

    @property
    def ship(self) -> Ship | None:
        """The ship this location is, or None."""
        return Ship(self.value) if self in (Loc.FD, Loc.JR) else None

    @property
    def rowboat_ship(self) -> Ship | None:
        """The ship a rowboat touches, or None for a non-rowboat."""
        return {Loc.RB_FD: Ship.FD, Loc.RB_JR: Ship.JR}.get(self)


ROWBOATS: tuple[Loc, Loc] = (Loc.RB_FD, Loc.RB_JR)
SHIP_SIZE = 5
ROW_SLOTS = 5
HAND_SIZE = 3
TREASURES = 8


class VoteKind(StrEnum):
    """The three votes (T4.1)."""

    ATTACK = "attack"
    MUTINY = "mutiny"
    BRAWL = "brawl"


_TOPS = "CTW"  # Cannon, Torch, Water
_TOP_ORDER = {"C": 0, "T": 1, "W": 2}


@dataclass(frozen=True, slots=True, order=True)
class VoteCard:
    """A Vote card (T0.6) by its three sections, written as a short code.

    ``top`` is C (Cannon), T (Torch) or W (Water); ``flag`` is B or F and ``double`` marks the two
    special cards with two flags; ``bottom`` is S (Skull) or H (Helm).

    >>> VoteCard.parse("cbbh"), str(VoteCard("W", "F", "S"))
    (VoteCard(top='C', flag='B', bottom='H', double=True), 'WFS')
    """

    top: str
    flag: str
    bottom: str
    double: bool = False

    def __post_init__(self) -> None:
        if self.top not in _TOPS or self.flag not in "BF" or self.bottom not in "SH" or len(self.flag) != 1:
            raise MalformedActionError(f"not a vote card: {self.top!r:.5}/{self.flag!r:.5}/{self.bottom!r:.5}")
        if not isinstance(self.double, bool):
            raise MalformedActionError("a vote card's 'double' is true or false")
        if self.double and (self.top, self.flag, self.bottom) not in (("C", "B", "H"), ("C", "F", "S")):
            raise MalformedActionError("the only two-flag cards are CBBH and CFFS (T0.6)")

    def __str__(self) -> str:
        return self.top + self.flag * (2 if self.double else 1) + self.bottom

    @property
    def flags(self) -> int:
        """How many flag symbols the middle section shows (T0.6: a special card shows two)."""
        return 2 if self.double else 1

    @property
    def sort_key(self) -> tuple[int, str, bool, str]:
        """The canonical order of turned-up cards (T9.4, TR25): by top, flag, double, bottom."""
        return (_TOP_ORDER[self.top], self.flag, self.double, self.bottom)

    @classmethod
    def parse(cls, text: str) -> VoteCard:
        """Read a code such as ``CBS`` or ``CFFS``; raises :class:`MalformedActionError`."""
        t = text.strip().upper() if isinstance(text, str) else ""
        if len(t) == 4 and t[1] == t[2]:
            return cls(t[0], t[1], t[3], True)
        if len(t) == 3:
            return cls(t[0], t[1], t[2])
        raise MalformedActionError(f"not a vote card code: {text!r:.20} (e.g. CBS, TFH, CBBH)")


def _vote_counts() -> Counter[VoteCard]:
    table = {  # T0.6: top -> (British+Skull, British+Helm, French+Skull, French+Helm)
        "C": (3, 2, 2, 2),
        "W": (2, 2, 2, 3),
        "T": (3, 3, 3, 3),
    }
    out: Counter[VoteCard] = Counter()
    for top, counts in table.items():
        for (flag, bottom), n in zip((("B", "S"), ("B", "H"), ("F", "S"), ("F", "H")), counts, strict=True):
            out[VoteCard(top, flag, bottom)] = n
    out[VoteCard("C", "B", "H", True)] = 1
    out[VoteCard("C", "F", "S", True)] = 1
    return out


#: The 32 Vote cards (T0.6).
VOTE_CARDS: Counter[VoteCard] = _vote_counts()


class EventCard(StrEnum):
    """An Event card (T0.7)."""

    ARMADA = "armada"
    MARQUE = "marque"
    PISTOL = "pistol"
    SPOT = "spot"
    ALBATROSS = "albatross"
    MAP = "map"
    POWDER = "powder"
    NEST = "nest"
    FACADE = "facade"
    FEVER = "fever"
    WINDS = "winds"
    RUM = "rum"
    SCURVY = "scurvy"
    REPRISAL = "reprisal"

    @property
    def starred(self) -> bool:
        return self in STARRED


#: The six starred cards (T0.7), in table order.
STARRED: tuple[EventCard, ...] = (
    EventCard.FACADE, EventCard.FEVER, EventCard.WINDS, EventCard.RUM, EventCard.SCURVY, EventCard.REPRISAL,
)
#: Starred cards not used with 2-3 players (T1.6c, T8.4).
SMALL_TABLE_OUT: tuple[EventCard, ...] = (EventCard.FACADE, EventCard.FEVER)

#: The 24 Event cards (T0.7).
EVENT_CARDS: Counter[EventCard] = Counter({
    EventCard.ARMADA: 1, EventCard.MARQUE: 3, EventCard.PISTOL: 3, EventCard.SPOT: 3, EventCard.ALBATROSS: 3,
    EventCard.MAP: 3, EventCard.POWDER: 1, EventCard.NEST: 1, EventCard.FACADE: 1, EventCard.FEVER: 1,
    EventCard.WINDS: 1, EventCard.RUM: 1, EventCard.SCURVY: 1, EventCard.REPRISAL: 1,
})


def loyalty_mix(players: int) -> Counter[Loyalty]:
    """The Loyalty cards in play for ``players`` (T1 table, T8.1)."""
    return Counter({Loyalty.BRITISH: players // 2, Loyalty.FRENCH: players // 2, Loyalty.DUTCH: players % 2})


#: The 9 Loyalty cards (T0.5).
LOYALTY_CARDS: Counter[Loyalty] = Counter({Loyalty.BRITISH: 4, Loyalty.FRENCH: 4, Loyalty.DUTCH: 1})
