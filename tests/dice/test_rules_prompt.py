"""A seat's prompt is a function of its view (R9): the decision, its payload and the legal actions
built from the view alone equal the engine's, over whole random games of 2-4 players."""

from __future__ import annotations

import random

import pytest

from tortuga_desktop.games.dice.rules import (
    ArrangePayload,
    ChestPayload,
    DecisionKind,
    DicePayload,
    Game,
    PositionPayload,
    SkullPayload,
    TilePayload,
    determinize,
    legal_from_view,
    prompt_from_view,
    seat_prompt,
)

_KIND_PAYLOAD = {
    DecisionKind.SELECT_DICE: DicePayload, DecisionKind.SKULL_ACTION: SkullPayload,
    DecisionKind.POSITION: PositionPayload, DecisionKind.KEEP_TILE: TilePayload,
    DecisionKind.TAKE_CHEST: ChestPayload, DecisionKind.ARRANGE_FLEET: ArrangePayload,
    DecisionKind.ARRANGE_CREW: ArrangePayload,
}


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_prompt_from_view_equals_engine(players: int, seed: int) -> None:
    g = Game.new(players, seed)
    rng = random.Random(seed)
    seen = [0] * players
    kinds: set[DecisionKind] = set()
    steps = 0
    while not g.is_over and steps < 3000:
        steps += 1
        for s in range(players):
            p = seat_prompt(g, s, seen[s])
            d = g.decision_for(s)
            assert p.decision == d
            if d is not None:
                assert p.decision is not None and p.decision.payload == d.payload
                assert isinstance(d.payload, _KIND_PAYLOAD.get(d.kind, type(d.payload)))
                assert set(p.legal) == set(g.legal_actions(s))
                kinds.add(d.kind)
            else:
                assert p.legal == ()
            assert list(p.events) == g.events_for(s)[seen[s]:]
            seen[s] = p.seen
        d = rng.choice(g.pending())
        g.apply(d.seat, rng.choice(g.legal_actions(d.seat)))
    assert g.is_over
    assert {DecisionKind.SELECT_DICE, DecisionKind.POSITION, DecisionKind.ARRANGE_FLEET} <= kinds


def test_public_view_has_no_prompt() -> None:
    g = Game.new(3, 5)
    with pytest.raises(ValueError):
        prompt_from_view(g.view(None))
    with pytest.raises(ValueError):
        seat_prompt(g, 0, since=10**6)



def test_legal_from_view_is_the_rules_list_in_its_order() -> None:
    """R9: the legal actions read from a seat's view are the engine's, in the engine's order, and
    those of every game consistent with the view (any sampled world): a bot handed this list
    picks by index exactly as one that lists the options of its own sample."""
    kinds: set[DecisionKind] = set()
    for players, seed, long_game in ((2, 21, False), (3, 22, False), (4, 23, False), (4, 24, True)):
        g = Game.new(players, seed, long_game=long_game)
        rng = random.Random(seed)
        while not g.is_over:
            for s in range(players):
                view = g.view(s)
                legal = legal_from_view(view)
                assert legal == tuple(g.legal_actions(s))
                if legal:
                    kinds.add(view.pending[[p.seat for p in view.pending].index(s)].kind)
                    for world in (0, 1, rng.randrange(2**31)):
                        assert legal == tuple(determinize(view, world).legal_actions(s))
            d = rng.choice(g.pending())
            g.apply(d.seat, rng.choice(g.legal_actions(d.seat)))
        assert legal_from_view(g.view(None)) == ()
    assert kinds == set(DecisionKind)
