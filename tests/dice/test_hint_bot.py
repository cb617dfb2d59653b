"""The arena's hint bot plays the Hint's first suggestion (Expert measured against its own hint)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tortuga_desktop.games.dice import arena
from tortuga_desktop.games.dice.ai import evaluate as evaluate_mod
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.evaluate import HINT_CAP_S, decision_number, evaluate, position_seed
from tortuga_desktop.games.dice.ai.hintbot import HintBot
from tortuga_desktop.games.dice.rules import Game


@pytest.fixture(autouse=True)
def _small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluate_mod, "SETTINGS", replace(evaluate_mod.SETTINGS, worlds=8, budget_s=60.0))


def test_the_hint_bot_plays_the_hints_best_move() -> None:
    g = Game.new(3, 5, log=False)
    bots = [make_bot("easy", s) for s in range(3)]
    hint = HintBot(77)
    compared = 0
    while not g.is_over and compared < 12:
        d = g.pending()[0]
        view = g.view(d.seat)
        if len(g.legal_actions(d.seat)) > 1:
            ev = evaluate(view, position_seed(77, decision_number(view), d.seat), time_cap_s=HINT_CAP_S)
            assert hint.decide(view).action == ev.best.action
            compared += 1
        g.apply(d.seat, bots[d.seat].decide(view).action)
    assert compared == 12


def test_the_arena_seats_the_hint_bot() -> None:
    result = arena.play_game(("hint", "random"), 11, 0)
    assert len(result.scores) == 2 and sum(result.shares) == pytest.approx(1.0)
    assert result.times_ms[0]  # it decided
    with pytest.raises(SystemExit):
        arena.main(["--bots", "hint,nobody", "--games", "2"])
