"""What happened in a game of Tortuga 1667, as typed events (turned into words only at the edge).

Most events are public. A :class:`PrivateEvent` belongs to one seat (its ``owner``); every other
seat sees its :meth:`~PrivateEvent.public` twin instead, or nothing (T9). ``Game.events_for(seat)``
does that redaction; ``events_for(None)`` is what a spectator (or a public log) may see.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import EventCard, Loc, Loyalty, VoteCard, VoteKind
from .talk import Say


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""


@dataclass(frozen=True, slots=True)
class PrivateEvent(Event):
    """An event only ``owner`` may see in full."""

    owner: int

    def public(self) -> Event | None:
        """What every other seat sees instead (None: nothing)."""
        return None


# ------------------------------------------------------------------ setup (T1)
@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """T1: the table is set; ``fd`` and ``jr`` are the ships' lines, ``first`` takes the first turn (T1.7)."""

    players: int
    fd: tuple[int, ...]
    jr: tuple[int, ...]
    first: int
    #: cards removed openly for 2-3 players (T1.6c)
    removed: tuple[EventCard, ...]
    #: the 3 starred cards when named at setup (T1.6d option); empty when drawn hidden
    starred: tuple[EventCard, ...]


@dataclass(frozen=True, slots=True)
class LoyaltyDealt(PrivateEvent):
    """T1.2: the owner's Loyalty card."""

    loyalty: Loyalty


@dataclass(frozen=True, slots=True)
class HandDealt(PrivateEvent):
    """T1.3: the owner's three Vote cards."""

    cards: tuple[VoteCard, ...]


# ------------------------------------------------------------------ turns and actions (T3)
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """T3.1: ``seat`` is active with ``actions`` actions (two with 2 players, T8.2)."""

    seat: int
    actions: int


@dataclass(frozen=True, slots=True)
class SlotsViewed(Event):
    """T3.3 / T6.12: ``seat`` looked at these row slots (public: who viewed which slots, T9.5)."""

    seat: int
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SlotsSeen(PrivateEvent):
    """What the owner saw in the slots it viewed: (slot, card) pairs."""

    seen: tuple[tuple[int, EventCard], ...]


@dataclass(frozen=True, slots=True)
class ForceDeclared(Event):
    """T3.5: ``seat`` pointed at slots ``a`` and ``b`` and named ``target`` to pick one."""

    seat: int
    a: int
    b: int
    target: int


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """T3.4 / T3.5: ``card`` was turned up from ``slot``; ``revealer`` resolves it (T6.1)."""

    revealer: int
    slot: int
    card: EventCard


@dataclass(frozen=True, slots=True)
class PawnMoved(Event):
    """A pawn moved without being marooned: a rowboat step (T3.6), a Letter of Marque (T6.6), Fair Winds (T6.16)."""

    seat: int
    source: Loc
    to: Loc
    cause: str


@dataclass(frozen=True, slots=True)
class Marooned(Event):
    """T5: ``seat``'s pawn went from ``source`` to the back of Tortuga; ``cause`` names why."""

    seat: int
    source: Loc
    cause: str


@dataclass(frozen=True, slots=True)
class VoteCardLostPublic(Event):
    """T5.4 / T6.18: ``seat`` lost one Vote card (which one is not told)."""

    seat: int


@dataclass(frozen=True, slots=True)
class VoteCardLost(PrivateEvent):
    """T5.4 / T6.18: the owner lost ``card``; it went under the vote deck (T9.3)."""

    card: VoteCard

    def public(self) -> Event | None:
        return VoteCardLostPublic(self.owner)


@dataclass(frozen=True, slots=True)
class VoteCalled(Event):
    """T4: ``caller`` called a vote of ``kind`` among ``participants``."""

    kind: VoteKind
    caller: int
    participants: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class VoteChosen(Event):
    """T9.4: ``seat`` has chosen its card (which one is not told)."""

    seat: int


@dataclass(frozen=True, slots=True)
class VotePlayed(PrivateEvent):
    """T4.3: the owner played ``card``."""

    card: VoteCard

    def public(self) -> Event | None:
        return VoteChosen(self.owner)


@dataclass(frozen=True, slots=True)
class VoteRevealed(Event):
    """T4.5-T4.8: the turned-up set in canonical order (TR25), whether a deck card was added, the result."""

    kind: VoteKind
    cards: tuple[VoteCard, ...]
    added: bool
    success: bool


@dataclass(frozen=True, slots=True)
class VoteCardsDrawnPublic(Event):
    """T4.9 / T6.17: ``seat`` drew ``count`` Vote cards."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class VoteCardsDrawn(PrivateEvent):
    """T4.9 / T6.17: the owner drew these cards."""

    cards: tuple[VoteCard, ...]

    def public(self) -> Event | None:
        return VoteCardsDrawnPublic(self.owner, len(self.cards))


@dataclass(frozen=True, slots=True)
class TreasureMoved(Event):
    """One treasure moved from ``source`` to ``to`` (places: ``galleon``, ``fd british``, ``tortuga french`` ...)."""

    source: str
    to: str
    cause: str


@dataclass(frozen=True, slots=True)
class CardKept(Event):
    """T6.2: ``card`` now lies face up in front of ``seat`` (Albatross, Treasure Map, a saved Letter of Marque)."""

    seat: int
    card: EventCard


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """T6.2: ``card`` went face up onto the event discard pile."""

    card: EventCard


@dataclass(frozen=True, slots=True)
class NoEffect(Event):
    """A card whose effect found nothing to act on (e.g. Gunpowder twice, Reprisal with empty holds)."""

    card: EventCard


@dataclass(frozen=True, slots=True)
class RowboatDestroyed(Event):
    """T6.11: the explosion token lies on ``rowboat``."""

    rowboat: Loc


@dataclass(frozen=True, slots=True)
class LineReversed(Event):
    """T6.15: Cabin Fever reversed ``ship``'s line."""

    ship: str


@dataclass(frozen=True, slots=True)
class LoyaltyLooked(Event):
    """T6.14: ``seat`` looked at ``target``'s Loyalty card (public: whose, T9.1)."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class LoyaltySeen(PrivateEvent):
    """T6.14: what the owner saw."""

    target: int
    loyalty: Loyalty


@dataclass(frozen=True, slots=True)
class RowRefilled(Event):
    """T6.2: ``slot`` was refilled face down from the event deck."""

    slot: int


@dataclass(frozen=True, slots=True)
class FinalRowShuffled(Event):
    """T6.3: the last deck card was laid; the five row cards were shuffled in place."""


@dataclass(frozen=True, slots=True)
class SuddenDeath(Event):
    """T7.5: a tie with an even count; a new deck was made and ``dealt`` cards laid in the row."""

    dealt: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """T7.9: the game ended; ``winners`` (maybe none), the reason, and every Loyalty card, now public."""

    winners: tuple[int, ...]
    reason: str
    british: int
    french: int
    loyalties: tuple[Loyalty, ...]


@dataclass(frozen=True, slots=True)
class Talked(Event):
    """T9.7: ``seat`` said ``say`` to the whole table (public; it binds nobody and may be untrue)."""

    seat: int
    say: Say


def redact(event: Event, seat: int | None) -> Event | None:
    """``event`` as ``seat`` may see it (None: a spectator)."""
    if isinstance(event, PrivateEvent) and event.owner != seat:
        return event.public()
    return event
