"""Hint and review speak with one voice in a 2-player game (the newcomer's position).

Seen: a 2-player game against Expert, round 9, first roll, dice A hunt, B raid, C fleet, D board,
E skull. The hint said three moves were about equal (dice D to Board first) and picked D; the
review called D a 9-point mistake at the same decision. The dice selections of a roll step are
made at the same time: the hint was computed while the opponent was still choosing, the player
confirmed after the opponent had, and the evaluation at one and the same decision depended on
that timing (R9.1: an opponent's "done" tells nothing) — its seed counted the opponent's
confirmation and its sampled worlds gave the confirmed opponent a random selection.

Here the position is reached by play (scripted dice, R3.1/R3.2), the hint is computed before the
opponent confirms, the player follows it after, and the game's review at that decision must be the
hint's evaluation: the same figures, no moment for the hint's move or any move it called about
equal.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tortuga_desktop.games.dice.ai import evaluate as evaluate_mod
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.review import review_game
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.rules.components import SKULL
from tortuga_desktop.games.dice.table.controller import LocalTableSource
from tortuga_desktop.games.dice.table.hints import hint_job
from tortuga_desktop.shell.i18n import set_language
from tortuga_desktop.shell.saves import SeatConfig

#: A hunt, B raid, C fleet, D board, E skull (faces: 0 fleet, 1 crew, 2 hunt, 3 board, 4 raid)
NEWCOMER_ROLL = [2, 4, 0, 3, SKULL]


@pytest.fixture(autouse=True)
def _small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer worlds for the rest of the game's review (the property holds for any number)."""
    monkeypatch.setattr(evaluate_mod, "SETTINGS", replace(evaluate_mod.SETTINGS, worlds=32, budget_s=60.0))
    set_language("en")


def _table(game: Game) -> LocalTableSource:
    seats = [SeatConfig("You", "human", 0), SeatConfig("Expert", "expert", 1)]
    return LocalTableSource(game, seats, bot_factory=lambda _kind, _seed: None, pacing=None)


def _to_round_9(seed: int) -> tuple[Game, list[object]]:
    g = Game.new(2, seed, names=["You", "Expert"], start_player=1, log=False)
    # a player ahead (Hard for "You") against a weaker opponent: "You" leads by round 9 as the newcomer did
    bots = [make_bot("hard", seed * 10), make_bot("easy", seed * 10 + 1)]
    while not (g.round == 9 and g.decision_for(0) is not None and g.stage == "select"
               and len(g.seats[0].hand) == 5 and len(g.seats[1].hand) == 5):
        assert not g.is_over and g.round <= 9, "the game must reach round 9's first roll"
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    return g, bots


def test_newcomers_position_one_verdict() -> None:
    g, bots = _to_round_9(3)
    g.set_roll(0, NEWCOMER_ROLL)  # R3.1: the newcomer's dice
    # the hint, asked while the opponent is still choosing (R3.2: selections are secret)
    job = hint_job(_table(g), 0)
    job.run()
    hint = job.result
    assert hint is not None, job.error
    assert len(hint.searched) > 3 and hint.best.win > 0.6  # a choice, and "You" ahead
    # the opponent confirms first (R3.5: the reveal waits for both); the player follows the hint
    g.apply(1, bots[1].decide(g.view(1)).action)
    index = g.decisions
    again = hint_job(_table(g), 0)
    again.run()
    assert again.result is not None
    assert [(c.value, c.win) for c in again.result.candidates] == [(c.value, c.win) for c in hint.candidates], \
        "the opponent's confirmation changed the hint"
    played = hint.best.action
    assert played is not None
    g.apply(0, played)
    while not g.is_over:
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    rv = review_game(g.record(), [0], chart_worlds=2)
    ev = rv.evaluations[index]
    # the review's evaluation at that decision is the hint's
    assert [(c.value, c.win, c.diff_se) for c in ev.searched] == \
        [(c.value, c.win, c.diff_se) for c in hint.searched]
    assert all(m.index != index for m in rv.moments)
    for c in hint.equal(len(hint.searched)):
        assert c.action is not None
        made = ev.of(c.action)
        assert made is not None and not ev.worse(made), f"{c.action.text()} was about equal in the hint"
