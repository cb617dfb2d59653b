"""The Hint agrees with the coach: wherever the tutorial asks for a move, the in-game Hint's
evaluation at that position (the same view and seed the Hint button uses) names the coach's
move as the best or about equal to it. At the arrange step the coach once said "keep the purple
one" while the Hint called dropping it clearly better; the prepared position was changed."""

from __future__ import annotations

import pytest

from tortuga_desktop.games.dice.ai.evaluate import evaluate
from tortuga_desktop.games.dice.table.controller import LocalTableSource
from tortuga_desktop.games.dice.table.hints import hint_job
from tortuga_desktop.games.dice.table.scenes.tutorial import tutorial_seats
from tortuga_desktop.games.dice.table.tutorial import HUMAN, STEPS, fast_forward

ASKED = [i for i, s in enumerate(STEPS) if s.mode == "do"]


@pytest.mark.parametrize("index", ASKED, ids=[STEPS[i].key for i in ASKED])
def test_the_hint_names_the_coachs_move(index: int) -> None:
    step = STEPS[index]
    assert step.kind is not None and step.move is not None
    game, bots = fast_forward(index)
    source = LocalTableSource(game, tutorial_seats(), bot_factory=lambda _kind, _seed: None)
    # the computer pirates play their part up to the player's decision, as in the tutorial
    while not any(d.seat == HUMAN and d.kind == step.kind for d in game.pending()):
        d = next(d for d in game.pending() if d.seat != HUMAN)
        game.apply(d.seat, bots[d.seat].decide(game.view(d.seat)).action)
        bots[d.seat].applied(d.kind)
    job = hint_job(source, HUMAN)  # what the Hint button evaluates: this view, this seed
    # without the Hint's one-second cap, so that a loaded machine gets the same answer
    ev = evaluate(job.view, job.seed, seat=HUMAN)
    equal = [c for c in ev.searched if not ev.worse(c)]
    coach = step.move(game)
    shown = ev.of(coach)
    # the move the coach shows (the one the tutorial plays) is the Hint's best or about equal
    assert shown is not None and not ev.worse(shown), (step.key, str(coach), str(ev.best.action))
    if step.also is not None:
        # a step that accepts a kind of move ("keep the purple one"): every move the Hint calls
        # about equal is one, so the Hint never suggests a move the coach refuses
        assert all(step.allows(game, c.action) for c in equal), (step.key, [str(c.action) for c in equal])
