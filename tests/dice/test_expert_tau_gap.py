"""Expert's cut-off rollouts with 3-4 players: the softmax temperature follows the leader's gap to
the goal (``TAU_BY_GAP``, calibrated by ``scripts/projection_calibration.py``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scripts import projection_calibration
from tortuga_desktop.games.dice.ai import expert as E
from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.expert import TAU_BY_GAP, THINK, ExpertBot, cutoff_tau, search
from tortuga_desktop.games.dice.arena import main as arena_main
from tortuga_desktop.games.dice.rules import Game


def test_the_temperature_follows_the_leaders_gap_to_the_goal() -> None:
    k = K.new_game(4, 3)
    assert cutoff_tau(k, TAU_BY_GAP) == TAU_BY_GAP[6]  # nobody in Tortuga: the largest gap
    seen = []
    for chests in range(k.goal + 1):
        k.tortuga[2] = [0] * chests
        k.tortuga[1] = [1] * max(0, chests - 2)  # a seat behind the leader changes nothing
        gap = k.goal - chests
        assert cutoff_tau(k, TAU_BY_GAP) == TAU_BY_GAP[min(gap, 6)]
        seen.append(cutoff_tau(k, TAU_BY_GAP))
    assert seen == sorted(seen, reverse=True)  # nearer the goal, a sharper softmax
    assert cutoff_tau(k, (4.5,)) == 4.5  # one temperature: the same at every gap
    k.tortuga[0] = [0] * (k.goal + 3)
    assert cutoff_tau(k, TAU_BY_GAP) == TAU_BY_GAP[0]  # past the goal: the sharpest


def test_the_table_is_calibrated_sharper_near_the_goal() -> None:
    assert len(TAU_BY_GAP) == 7 and TAU_BY_GAP[0] == TAU_BY_GAP[1] == THINK["normal"].tau
    assert all(a <= b for a, b in zip(TAU_BY_GAP, TAU_BY_GAP[1:], strict=False))


def test_the_settings_by_number_of_players() -> None:
    for level in ("fast", "normal", "long"):
        think = THINK[level]
        assert think.taus_for(2) == (think.tau,)  # 2 players: rollouts run to the end
        assert think.taus_for(3) == think.taus_for(4) == (6.0,)  # the table is off by default
        table = replace(think, tau_by_gap_multi=True)
        assert table.taus_for(2) == (think.tau,) and table.taus_for(3) == table.taus_for(4) == TAU_BY_GAP
    on = make_bot("expert", 1, tau_gap=True)
    assert isinstance(on, ExpertBot) and on.think.taus_for(4) == TAU_BY_GAP and on.think.taus_for(2) == (6.0,)
    one = make_bot("expert", 1, tau=5.0)  # one temperature given: every gap
    assert isinstance(one, ExpertBot) and one.think.taus_for(4) == (5.0,)
    off = make_bot("expert", 1, tau_gap=False)
    assert isinstance(off, ExpertBot) and off.think.taus_for(4) == (6.0,)
    with pytest.raises(ValueError, match="not both"):
        ExpertBot(1, tau=5.0, tau_gap=True)
    for bad in (["--expert-tau", "5", "--expert-tau-gap", "on"], ["--expert-tau-gap", "maybe"]):
        with pytest.raises(SystemExit):
            arena_main(["--bots", "expert,hard,hard", "--games", "2", *bad])


def _early_view(players: int, seed: int) -> tuple[Game, int]:
    g = Game.new(players, seed=seed)
    bot = make_bot("normal", seed)
    while True:
        d = g.pending()[0]
        if len(g.legal_actions(d.seat)) > 2:
            return g, d.seat
        g.apply(d.seat, bot.decide(g.view(d.seat)).action)


def test_the_search_scores_cut_off_rollouts_at_the_gaps_temperature(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every entry of the table 6, the search gives exactly the numbers of one temperature
    of 6; with the calibrated table, other numbers (the cut-off after the first rounds has a gap
    of 5 or more, where the table says 30-80)."""
    g, seat = _early_view(4, 8)
    view = g.view(seat)
    think = replace(THINK["normal"], worlds_multi=8, budget_multi=600.0, tau_by_gap_multi=True)
    single = search(view, 5, replace(think, tau_by_gap_multi=False))[2]
    gap = search(view, 5, think)[2]
    assert gap.wins != single.wins
    assert gap.margins == single.margins  # the same rollouts: only the softmax differs
    monkeypatch.setattr(E, "TAU_BY_GAP", (6.0,) * 7)
    flat = search(view, 5, think)[2]
    assert flat.wins == single.wins and flat.best == single.best


def test_the_calibration_script_fits_a_temperature_for_every_gap(capsys: pytest.CaptureFixture[str]) -> None:
    assert projection_calibration.main(["--players", "3", "--games", "40", "--model", "--by-gap"]) == 0
    out = capsys.readouterr().out
    assert "the opponent model with targets" in out
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [r[0] for r in rows][-1] == "6+" and len(rows) >= 5
    assert all(float(r[4]) == TAU_BY_GAP[min(int(r[0].rstrip("+")), 6)] for r in rows)
    with pytest.raises(SystemExit):
        projection_calibration.main(["--games", "0"])


def test_the_choice_diff_script_counts_changed_choices(capsys: pytest.CaptureFixture[str]) -> None:
    from scripts import expert_choice_diff

    rows = expert_choice_diff.choices(4, 3, 4, "tau-gap", 100)
    assert len(rows) == 3 and all(isinstance(changed, bool) for _, _, changed in rows)
    assert expert_choice_diff.main(["--positions", "2", "--worlds", "4"]) == 0
    out = capsys.readouterr().out
    assert "2 positions, 4 worlds, --expert-tau-gap off against on" in out and "by round" in out
    with pytest.raises(SystemExit):
        expert_choice_diff.main(["--positions", "0"])
