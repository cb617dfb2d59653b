"""A seeded random player for soaks and property tests: any legal action, kinds first.

It picks an action kind (view, reveal, force, row, attack, ...) uniformly among the kinds legal
now, then one action of that kind uniformly, so rare kinds (a Mutiny among 80 forced choices) are
played as often as common ones.

>>> import random
>>> from .game import Game
>>> g = play_random(Game.new(3, seed=4), random.Random(0))
>>> g.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import Action

if TYPE_CHECKING:
    from .game import Game


def random_action(g: Game, seat: int, rng: random.Random) -> Action:
    """A legal action for ``seat`` (which must have an open decision)."""
    legal = g.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has no decision")
    kinds: dict[type, list[Action]] = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    group = kinds[list(kinds)[rng.randrange(len(kinds))]]
    return group[rng.randrange(len(group))]


def play_random(g: Game, rng: random.Random, *, after: Callable[[Game], None] | None = None) -> Game:
    """Play ``g`` to its end with random decisions (votes answered in a random order); ``after`` runs after each."""
    while not g.is_over:
        pending = g.pending()
        seat = pending[rng.randrange(len(pending))].seat
        g.apply(seat, random_action(g, seat, rng))
        if after is not None:
            after(g)
    return g
