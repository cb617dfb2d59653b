"""What each player did, as one seat saw it: the Tortuga 1667 table's players' record.

:func:`deeds` sorts the typed events a seat may see (``events_for(viewer)``, already redacted: T9) by
the player they concern, turn by turn: the votes they called and the ones they took part in, each
with its result and the cards that turned up; the event cards they turned up, kept or pointed at;
their pawn marooned or moved (rowboat trips, Letters of Marque, Fair Winds); the Loyalty cards they
looked at; the row slots they viewed; the Vote cards they lost or drew; and the treasure they
shifted. A seat's private events (its played Vote card, the slots' cards it saw, a Loyalty it saw,
the cards it drew or lost) go only into its own record, never into the record of the player they
are about. What a player said at the table (T9.7: claims, answers, accusations, vouches, reports, asks,
reactions: ``Talked`` events) is in that player's record, to compare with what they did.
Pure Python; the words come from :mod:`.eventtext` (:func:`deed_lines`).

>>> from tortuga_desktop.games.t1667.rules import events as ev
>>> from tortuga_desktop.games.t1667.rules.cards import VoteKind
>>> evs = [ev.TurnStarted(1, 1), ev.VoteCalled(VoteKind.MUTINY, 1, (0, 1)), ev.VoteChosen(0)]
>>> [(d.turn, type(d.event).__name__) for d in deeds(evs, 3)[0]]
[(1, 'VoteCalled'), (1, 'VoteChosen')]
>>> [type(d.event).__name__ for d in deeds(evs, 3)[1]]
['VoteCalled']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tortuga_desktop.games.t1667.rules import events as ev

from .eventtext import event_text

__all__ = ["Deed", "deed_lines", "deeds", "involved"]


@dataclass(frozen=True, slots=True)
class Deed:
    """One event in a player's record: the turn it happened in (1 for the first; 0 before it) and
    the event (as the viewer may see it)."""

    turn: int
    event: ev.Event


def involved(e: ev.Event) -> tuple[int, ...]:
    """The players an event is about (a private event: its owner only)."""
    if isinstance(e, ev.PrivateEvent):
        return (e.owner,)
    if isinstance(e, ev.VoteCalled):
        return tuple(dict.fromkeys((e.caller, *e.participants)))
    if isinstance(e, ev.CardRevealed):
        return (e.revealer,)
    if isinstance(e, ev.ForceDeclared):
        return tuple(dict.fromkeys((e.seat, e.target)))
    if isinstance(e, ev.Talked):
        return (e.seat,)  # what the speaker said (T9.7); whom it spoke of is in the line, in the speaker's record
    if isinstance(e, ev.LoyaltyLooked):
        return (e.seat,)  # the looker; whose card it was is in the line, not in the target's record
    if isinstance(e, ev.SlotsViewed | ev.PawnMoved | ev.Marooned | ev.VoteCardLostPublic
                  | ev.VoteChosen | ev.VoteCardsDrawnPublic | ev.CardKept):
        return (e.seat,)
    return ()


def deeds(events: Sequence[ev.Event], players: int) -> list[list[Deed]]:
    """Per seat, its record from ``events`` (what one viewer may see, in order). A vote's result (its
    turned-up cards and what they did) goes to the caller and every participant; a treasure shifted
    by an action (cause ``shift``) to the player whose turn it is."""
    out: list[list[Deed]] = [[] for _ in range(players)]
    turn, active = 0, -1
    vote: tuple[int, ...] = ()  # the caller and participants of the vote being played

    def add(seats: Sequence[int], e: ev.Event) -> None:
        for s in seats:
            if 0 <= s < players:
                out[s].append(Deed(turn, e))

    for e in events:
        if isinstance(e, ev.TurnStarted):
            turn, active = turn + 1, e.seat
        if isinstance(e, ev.VoteCalled):
            vote = involved(e)
        if isinstance(e, ev.VoteRevealed):
            add(vote, e)
            continue
        if isinstance(e, ev.TreasureMoved):
            if e.cause == "shift":
                add((active,), e)
            elif e.cause in ("attack", "brawl"):  # a vote's outcome: its players' record
                add(vote, e)
            continue
        add(involved(e), e)
    return out


def deed_lines(record: Sequence[Deed], names: Sequence[str], viewer: int | None) -> list[tuple[int, str]]:
    """A player's record in words, as ``viewer`` may read it: (turn, sentence) per event."""
    lines = []
    for d in record:
        text = event_text(d.event, names, viewer)
        if text:
            lines.append((d.turn, text))
    return lines
