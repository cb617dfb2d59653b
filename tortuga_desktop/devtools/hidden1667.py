"""Re-deal everything one seat may not know (T9), keeping what it may: for the no-leak tests
and ``python -m scripts.leak_1667``."""

from __future__ import annotations

import random

from tortuga_desktop.games.t1667.rules import EventCard, Game


def resample_hidden(g: Game, seat: int | None, rng: random.Random) -> Game:
    """A copy of ``g`` that differs only in what ``seat`` (None: the public, a watcher) may not know:
    other seats' unknown loyalties,
    other hands (and their cards chosen in a vote in progress) mixed with the vote deck, the row slots
    this seat has not seen mixed with the event deck (the Armada stays at the bottom before the
    final row) and, with hidden starred cards, with the starred cards left out; the future random draws."""
    h = g.clone()
    # loyalties the seat does not know; the public knows them with 2 players (TR26) and at the end (T7.9),
    # told here by the rules, not by the public view under test
    if seat is None:
        unknown = [] if h.players == 2 or h.outcome is not None else list(range(h.players))
    else:
        unknown = [s for s in range(h.players) if g.view(seat).loyalties[s] is None]
    cards = [h.loyalty[s] for s in unknown]
    rng.shuffle(cards)
    for s, c in zip(unknown, cards, strict=True):
        h.loyalty[s] = c
    # vote cards: other hands, others' chosen cards, the deck
    others = [s for s in range(h.players) if s != seat]
    chosen = [s for s in others if h.vote is not None and s in h.vote.chosen]
    pool = [c for s in others for c in h.hands[s]] + list(h.vote_deck)
    if h.vote is not None:
        pool += [h.vote.chosen[s] for s in chosen]
    rng.shuffle(pool)
    for s in others:
        n = len(h.hands[s])
        h.hands[s], pool = sorted(pool[:n]), pool[n:]
    if h.vote is not None:
        for s in chosen:
            h.vote.chosen[s], pool = pool[0], pool[1:]
    h.vote_deck = pool
    # event cards: unseen row slots, the deck (not its bottom Armada before the final row), hidden starred
    mine = h.known[seat] if seat is not None else {}
    slots = [i for i, c in enumerate(h.row) if c is not None and (i + 1) not in mine]
    keep_bottom = not h.final_row and not h.sudden_death
    deck = h.deck[:-1] if keep_bottom else list(h.deck)
    unseen_starred = [c for c in h.unseen if c.starred] if h.starred_named is None else []
    mixed = [c for c in (h.row[i] for i in slots) if c is not None] + deck + unseen_starred  # slots hold cards
    rng.shuffle(mixed)
    for i in slots:
        h.row[i] = mixed.pop()
    new_deck = [mixed.pop() for _ in range(len(deck))]
    h.deck = new_deck + ([EventCard.ARMADA] if keep_bottom else [])
    h.unseen = [c for c in h.unseen if not (c.starred and h.starred_named is None)] + mixed
    for s in others:  # what other seats know of the slots follows the cards now there
        for slot in list(h.known[s]):
            card = h.row[slot - 1]
            assert card is not None
            h.known[s][slot] = card
    h.rng = random.Random(rng.getrandbits(64))
    h._legal_cache = None
    return h
