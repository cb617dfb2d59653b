"""Every hint's reason is a fact of the position, and its words claim no more than the search.

Seen: "Why: skulls only" for a roll with no skull that could not be placed (R3.6); "(+1)" never
explained; "clearly best … 1 percentage point more" beside "± 2"; Forfeit (R4.5) never weighed.

Over whole games (2-4 players) the hint at the human seat's decisions is computed as the table
does; each reason's parameters are compared with the game itself (the dice's action and the
total they make there, R4.2; the best total another seat has there; a stuck roll only when
nothing can be placed), a "clearly best" line quotes the gap with an uncertainty no larger than
the gap, and Forfeit is among the evaluated moves wherever it is legal.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tortuga_desktop.games.dice.ai import evaluate as evaluate_mod
from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.evaluate import Evaluation, evaluate, position_seed
from tortuga_desktop.games.dice.ai.expert import reason_for
from tortuga_desktop.games.dice.rules import Forfeit, Game, SelectDice
from tortuga_desktop.games.dice.rules.components import SKULL
from tortuga_desktop.games.dice.rules.scenario import position
from tortuga_desktop.games.dice.table.evaltext import hint_lines
from tortuga_desktop.shell.i18n import set_language


@pytest.fixture(autouse=True)
def _small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluate_mod, "SETTINGS", replace(evaluate_mod.SETTINGS, worlds=16, budget_s=60.0))
    set_language("en")


def reason_problem(g: Game, seat: int, ev: Evaluation) -> str | None:
    """What the hint's reason says that the position ``g`` does not show (None: all true)."""
    best = ev.best
    r = reason_for(ev.world, seat, ev.kind, best.value)
    p = dict(r.params)
    if ev.kind != K.K_SELECT:
        return None
    assert isinstance(best.action, SelectDice)
    dice = best.action.dice
    me = g.seats[seat]
    faces = dict(zip(me.hand, me.roll or (), strict=False))
    actions = {faces[d] for d in dice if faces[d] != SKULL}
    if not dice:
        return None if r.key == "x_stuck" else f"{r.key} for a roll confirmed as it is"
    if r.key == "x_stuck":
        return f"x_stuck for dice {dice}"
    if r.key == "x_skulls_kept":
        return None if not actions else f"skulls only, but the dice show {actions}"
    if r.key not in ("x_dice_vs", "x_dice_alone"):
        return f"{r.key} on a selection"
    (a,) = actions
    if int(p["action"]) != a:
        return f"names action {p['action']}, the dice show {a}"
    total = me.total(a) + sum(g.grid[d][a] for d in dice)
    if int(p["total"]) != total:
        return f"total {p['total']}, the table makes it {total}"
    others = [o.total(a) for i, o in enumerate(g.seats) if i != seat and o.placed[a]]
    if r.key == "x_dice_alone" and others:
        return f"says nobody else is there; totals {others}"
    if r.key == "x_dice_vs" and (not others or int(p["others"]) != max(others)):
        return f"best other total {p['others']}, the table shows {others}"
    return None


def words_problem(lines: list[str], ev: Evaluation, legal: int) -> str | None:
    head = lines[0]
    text = " ".join(lines)
    if "(+" in text:
        return f"unexplained (+n): {text}"
    if head.startswith("Clearly best"):
        m = re.search(r"(\d+) percentage points? \(± (\d+)\) more", head)
        if m is None or int(m.group(2)) > int(m.group(1)) or head.count("±") != 1:
            return f"clearly best beside a larger uncertainty: {head}"
        if not ev.separated:
            return f"clearly best while not separated: {head}"
    if legal > 1 and len(ev.searched) < 2:
        return f"one move named with no comparison: {head}"
    return None


@pytest.mark.parametrize(("players", "seed"), [(2, 61), (3, 62), (4, 63)])
def test_every_hint_reason_of_whole_games_is_true(players: int, seed: int) -> None:
    g = Game.new(players, seed, names=["Anna", "Bart", "Cleo", "Dirk"][:players], log=False)
    bots = [make_bot("normal", seed * 10 + s) for s in range(players)]
    problems: list[str] = []
    checked = forfeits = 0
    while not g.is_over:
        d = g.pending()[0]
        legal = g.legal_actions(d.seat)
        if d.seat == 0 and (len(legal) > 1 or g.decisions % 5 == 0):
            ev = evaluate(g.view(0), position_seed(seed, g.decisions, 0))
            lines = hint_lines(ev, g.view(0), g.names)
            problem = reason_problem(g, 0, ev) or words_problem(lines, ev, len(legal))
            if any(isinstance(a, Forfeit) for a in legal):
                forfeits += 1
                if not any(isinstance(c.action, Forfeit) for c in ev.searched):
                    problem = problem or f"Forfeit legal but not evaluated: {lines[0]}"
            if problem is not None:
                problems.append(f"decision {g.decisions} ({d.kind}): {problem}")
            checked += 1
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    assert checked > 20 and forfeits > 0
    assert not problems, "\n".join(problems[:8])


def test_a_stuck_roll_is_explained_in_the_hint_and_the_panel() -> None:
    """R3.6: every die shows Board or Raid and both spaces are full: the hint's reason says so
    (not "skulls only"), and so does the decision panel's title."""
    from tortuga_desktop.games.dice.rules.prompt import seat_prompt
    from tortuga_desktop.games.dice.table.decision import DecisionModel
    from tortuga_desktop.shell.words import say

    g = position(players=2, round=3, seats=[
        {"boat": 1, "pirate": 1, "placed": {"board": "A", "raid": "B"}, "roll": "bbr"},
        {"roll": "fchbr"},
    ])
    assert g.legal_actions(0) == [SelectDice(())]
    ev = evaluate(g.view(0), 1)
    lines = hint_lines(ev, g.view(0), ["Anna", "Bart"])
    assert "skulls" not in lines[1] and "no die can be placed" in lines[1], lines
    assert reason_problem(g, 0, ev) is None
    model = DecisionModel(seat_prompt(g, 0, 0))
    assert "no die can be placed" in say(model.title())
