"""Invariants every reachable 1667 state keeps; :func:`check_invariants` lists the broken ones.

8 treasures, exactly two on Tortuga (T4.8); every pawn in one place, lines without gaps, ships of
at most 5, rowboats of at most 1, nobody on the destroyed rowboat (T2); hand sizes = 3 + cards
gained - cards lost, outside a vote (T4.9); the card totals 24 Event, 32 Vote, 9 Loyalty (T0);
the Armada at the bottom of the deck until the final row (T1.6g); no unresolved Albatross or
Treasure Map pair (T6.9, T6.10); slot knowledge only of face-down cards, and true (T9.5).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .cards import (
    EVENT_CARDS,
    LOYALTY_CARDS,
    ROWBOATS,
    SHIP_SIZE,
    TREASURES,
    VOTE_CARDS,
    EventCard,
    Loc,
    Ship,
)
from .state import Kind

if TYPE_CHECKING:
    from .game import Game


def check_invariants(g: Game) -> list[str]:
    """Every broken invariant of ``g``, in words (empty: all hold)."""
    bad: list[str] = []
    # treasure
    total = g.galleon + sum(g.holds.values()) + sum(g.tortuga.values())
    if total != TREASURES:
        bad.append(f"{total} treasures, not {TREASURES}")
    if sum(g.tortuga.values()) != 2:
        bad.append(f"{sum(g.tortuga.values())} treasures on Tortuga, not 2")
    if g.galleon < 0 or min(g.holds.values()) < 0 or min(g.tortuga.values()) < 0:
        bad.append("a negative treasure count")
    # pawns
    placed = [s for loc in (Loc.FD, Loc.JR, Loc.TORTUGA) for s in g.lines[loc]]
    placed += [s for s in g.rowboats.values() if s is not None]
    if sorted(placed) != list(range(g.players)):
        bad.append(f"pawns placed {sorted(placed)}, not one per seat")
    for loc in (Loc.FD, Loc.JR):
        if len(g.lines[loc]) > SHIP_SIZE:
            bad.append(f"{loc.value} holds {len(g.lines[loc])} pawns")
    if g.destroyed is not None and (g.destroyed not in ROWBOATS or g.rowboats[g.destroyed] is not None):
        bad.append("a pawn on the destroyed rowboat")
    # vote cards
    in_vote = list(g.vote.chosen.values()) if g.vote is not None else []
    votes: Counter[object] = Counter(g.vote_deck)
    votes.update(in_vote)
    for h in g.hands:
        votes.update(h)
    if votes != VOTE_CARDS:
        bad.append(f"{sum(votes.values())} vote cards or the wrong mix (32 expected)")
    for s in range(g.players):
        expected = 3 + g.gained[s] - g.lost[s] - (1 if g.vote is not None and s in g.vote.chosen else 0)
        if len(g.hands[s]) != expected:
            bad.append(f"seat {s} holds {len(g.hands[s])} vote cards, expected {expected}")
        if g.hands[s] != sorted(g.hands[s]):
            bad.append(f"seat {s}'s hand is not in canonical order")
    # event cards
    resolving = [g.resolving[0]] if g.resolving is not None else []
    events: Counter[object] = Counter(c for c in g.row if c is not None)
    for part in (g.deck, g.discard, g.removed, g.unseen, resolving, *g.front):
        events.update(part)
    if events != EVENT_CARDS:
        bad.append(f"{sum(events.values())} event cards or the wrong mix (24 expected)")
    if not g.final_row and not g.sudden_death:
        if not g.deck or g.deck[-1] is not EventCard.ARMADA or g.deck.count(EventCard.ARMADA) != 1:
            bad.append("the Armada is not the bottom deck card before the final row")
        if g.resolving is None and g.refill_slot is None and len(g.face_down()) != 5:
            bad.append(f"{len(g.face_down())} face-down row cards before the final row")
    elif g.final_row and not g.sudden_death and g.deck:
        bad.append("cards left in the deck after the final row")
    # loyalty
    if Counter(g.loyalty) + Counter(g.unused_loyalty) != LOYALTY_CARDS:
        bad.append("loyalty cards are not 4 British + 4 French + 1 Dutch")
    # pairs
    if g.kind is not Kind.MAP_PLACE and any(f.count(EventCard.MAP) >= 2 for f in g.front):
        bad.append("a Treasure Map pair not cashed")
    for ship in (Ship.FD, Ship.JR):
        if g.albatrosses(ship) >= 2:
            bad.append(f"{ship.value} carries an Albatross pair")
    # knowledge
    for s, known in enumerate(g.known):
        for slot, card in known.items():
            if g.row[slot - 1] != card:
                bad.append(f"seat {s} 'knows' slot {slot} wrongly")
    if g.outcome is None and not g.pending():
        bad.append("no decision open and the game not over")
    for d in g.pending():  # T3.1: a legal action always exists until the game ends
        if not g.legal_actions(d.seat):
            bad.append(f"seat {d.seat} must decide {d.kind.value} but has no legal action")
    if g.actions_taken > g.cap:
        bad.append("more actions than the cap")
    return bad
