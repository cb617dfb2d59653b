"""``DiceEngine.clone`` (the shell's :class:`~tortuga_desktop.shell.engine.Snapshots`, which replays jump from):
a copy that sees and does exactly what the original would, and shares nothing it could change."""

from __future__ import annotations

import random

from tortuga_desktop.games.dice.engine import DiceEngine
from tortuga_desktop.shell.engine import Snapshots


def _played(seed: int, decisions: int) -> DiceEngine:
    e = DiceEngine.new(3, seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = e.deciders()[0]
        e.apply(seat, rng.choice(list(e.legal_actions(seat))))
    return e


def test_a_copy_goes_on_exactly_as_the_original_and_apart_from_it() -> None:
    e = _played(4, 40)
    assert isinstance(e, Snapshots)
    twin = e.clone()
    assert type(twin) is DiceEngine and twin.game is not e.game
    before = (e.game.to_dict(), tuple(e.events_for(None)), e.record())
    assert (twin.game.to_dict(), tuple(twin.events_for(None)), twin.record()) == before
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(30):  # the same decisions on both: the same game, dice (random source) and all
        if twin.is_over:
            break
        seat = twin.deciders()[0]
        twin.apply(seat, rng_a.choice(list(twin.legal_actions(seat))))
        e.apply(seat, rng_b.choice(list(e.legal_actions(seat))))
        assert twin.game.to_dict() == e.game.to_dict()
        assert all(twin.view(s) == e.view(s) for s in range(3))
    third = _played(4, 40)
    copy = third.clone()
    seat = copy.deciders()[0]
    copy.apply(seat, copy.legal_actions(seat)[0])  # the copy moves on; the original stays where it was
    assert (third.game.to_dict(), tuple(third.events_for(None)), third.record()) == before
