"""Expert (issue 12): legal complete games, every decision kind, no peeking, reasons, thinking time."""

from __future__ import annotations

import random

import pytest

from tortuga_desktop.games.dice.ai import REASON_KEYS, Reason, make_bot
from tortuga_desktop.games.dice.ai.expert import THINK, ExpertBot, RolloutPolicy, odds_reason
from tortuga_desktop.games.dice.ai.kernel_check import compare_fast_playout
from tortuga_desktop.games.dice.arena import fit_elo, round_robin
from tortuga_desktop.games.dice.rules import DecisionKind, Game, determinize

#: small and deterministic: a fixed number of worlds, no time cap in play
QUICK = {"worlds": 4, "budget_s": 60.0}


def test_thinking_time_settings() -> None:
    assert set(THINK) == {"fast", "normal", "long"}
    for players in (2, 3, 4):
        f, n, lg = (THINK[t].worlds_for(players) for t in ("fast", "normal", "long"))
        assert f < n < lg
        assert THINK["fast"].budget_for(players) <= THINK["normal"].budget_for(players) <= THINK["long"].budget_for(players)
        assert THINK["normal"].budget_for(players) <= (1.2 if players == 2 else 0.9)  # the p95 limits: 1.5 s, 1.0 s
    for think in THINK.values():  # the opponent model in 2 players, cut-off rollouts with 3-4
        assert think.model_for(2) and think.model_for(4)
        # with 3-4 players the opponents also attack and, in the searched round, choose dice as Hard
        assert think.targets_for(4) and think.root_hard_for(4)
        assert not think.targets_for(2) and not think.root_hard_for(2)
        assert think.horizon_for(2) is None and think.horizon_for(3) == think.horizon_for(4) == 2
    assert THINK["long"].budget_s <= 1.5
    for think in THINK:
        bot = make_bot("expert", 1, think=think)
        assert isinstance(bot, ExpertBot) and bot.think == THINK[think]
    fixed = make_bot("expert", 1, worlds=7)  # a given cap holds for every number of players
    assert isinstance(fixed, ExpertBot) and fixed.think.worlds_for(2) == fixed.think.worlds_for(4) == 7


@pytest.mark.parametrize("players", [2, 3, 4])
def test_complete_games_meet_every_decision_kind(players: int) -> None:
    kinds: set[DecisionKind] = set()
    reasons: set[str] = set()
    for seed in range(1):
        g = Game.new(players, seed=40 + players + seed)
        bots = [make_bot("expert", 7 + i, **QUICK) for i in range(players)]
        while not g.is_over:
            d = g.pending()[0]
            choice = bots[d.seat].decide(g.view(d.seat))
            assert choice.action in g.legal_actions(d.seat), (d, choice)
            assert choice.reason.key in REASON_KEYS
            text = choice.reason.english(g.names)
            assert text and "{" not in text
            kinds.add(d.kind)
            reasons.add(choice.reason.key)
            g.apply(d.seat, choice.action)
        out = g.outcome()
        assert out is not None and not out.capped
    assert {DecisionKind.SELECT_DICE, DecisionKind.POSITION, DecisionKind.ARRANGE_CREW} <= kinds
    assert len(reasons) >= 5


def _decision_points(seed: int, players: int = 4, seat: int = 0, count: int = 6) -> list[Game]:
    """Copies of one random game at several of ``seat``'s decisions with a real choice."""
    g = Game.new(players, seed, log=False)
    rng = random.Random(seed)
    out = []
    while not g.is_over and len(out) < count:
        d = g.pending()[0]
        if d.seat == seat and len(g.legal_actions(seat)) > 1 and g.round > 1:
            out.append(g.clone())
        g.apply(d.seat, g.random_action(d.seat, rng))
    return out


def test_no_peeking_hidden_facts_do_not_change_decisions() -> None:
    """Two states that differ only in hidden facts (others' rolls, selections and tiles, the pool,
    the future dice) give identical Expert decisions for a fixed seed."""
    checked = 0
    for g in _decision_points(5) + _decision_points(9, players=3):
        view = g.view(0)
        twin = determinize(view, 4242)  # the same view, the hidden rest resampled
        differ = (twin.rng.getstate() != g.rng.getstate()
                  or any(twin.seats[s].tiles != g.seats[s].tiles or twin.seats[s].roll != g.seats[s].roll
                         for s in range(1, g.players)))
        assert differ
        assert twin.view(0) == view
        a = make_bot("expert", 3, **QUICK).decide(g.view(0))
        b = make_bot("expert", 3, **QUICK).decide(twin.view(0))
        assert a == b
        checked += 1
    assert checked >= 8


def test_no_peeking_search_reads_only_the_view() -> None:
    """The search's own numbers are equal too: nothing of the hidden state reaches it."""
    g = _decision_points(13, count=1)[0]
    twin = determinize(g.view(0), 99)
    one = make_bot("expert", 3, **QUICK)
    two = make_bot("expert", 3, **QUICK)
    one.decide(g.view(0))
    two.decide(twin.view(0))
    assert isinstance(one, ExpertBot) and isinstance(two, ExpertBot)
    assert one.last == two.last and one.last is not None and one.last.worlds == 4


def test_reasons_name_concrete_gains() -> None:
    names = ("Anna", "Bart")
    for key, params in [("x_boat", (("box", 5), ("cap", 3))), ("x_raid_leader", (("seat", 1), ("lead", 4))),
                        ("x_keep", (("coins", 3),))]:
        text = Reason(key, params).english(names)
        assert any(str(v) in text for _k, v in params if isinstance(v, int)) and "{" not in text
    assert Reason("x_raid_leader", (("seat", 1), ("lead", 4))).english(names) == \
        "raids Bart, who leads by 4 points on the board"


def test_odds_reason_from_the_search() -> None:
    g = _decision_points(21, count=1)[0]
    bot = make_bot("expert", 2, **QUICK)
    assert isinstance(bot, ExpertBot)
    bot.decide(g.view(0))
    assert bot.last is not None
    r = odds_reason(bot.last)
    text = r.english(g.names)
    assert "sampled games" in text and r.param("worlds") == 4
    assert 0 <= int(r.param("win") or 0) <= 100


def test_rollout_policy_plays_legal_games() -> None:
    """Every rollout decision, replayed through the engine, is legal and leads to the same states."""
    for seed in range(30):
        players = 2 + seed % 3
        m = compare_fast_playout(seed, players, midgame_decisions=seed * 3, policy=RolloutPolicy(random.Random(seed)))
        assert m is None, m


def test_elo_fit_orders_levels() -> None:
    results = [(0, 1, 1.0)] * 8 + [(0, 1, 0.0)] * 2 + [(1, 2, 1.0)] * 7 + [(1, 2, 0.0)] * 3 + [(0, 2, 1.0)] * 9
    elo = fit_elo(["hard", "normal", "easy"], results)
    assert elo[1] == pytest.approx(1500)
    assert elo[0] > elo[1] > elo[2]


def test_round_robin_table() -> None:
    rr = round_robin(["random", "normal"], games=2, seed=3, workers=1, boot=20)
    assert rr["games"] == 2
    levels = {r["level"] for r in rr["ratings"]}
    assert levels == {"random", "normal"}
    for r in rr["ratings"]:
        assert r["ci_low"] <= r["elo"] <= r["ci_high"]


def test_review_of_a_finished_game() -> None:
    from tortuga_desktop.games.dice.ai.review import review_game

    g = Game.new(3, 17)
    bots = [make_bot("normal", 1 + s) for s in range(3)]
    while not g.is_over:
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    steps: list[float] = []
    rv = review_game(g.record(), [0], most=2, progress=steps.append, chart_worlds=2)
    out = g.outcome()
    assert out is not None
    assert rv.rounds[0] == 1 and rv.rounds[-1] == out.rounds and len(rv.chances) == len(rv.rounds) == g.decisions + 1
    for row in rv.chances:
        assert abs(sum(row) - 1.0) < 1e-9
    final = rv.chances[-1]
    assert all((final[s] > 0) == (s in out.winners) for s in range(3))
    assert len(rv.moments) <= 2 and all(m.seat == 0 and m.cost > 0 for m in rv.moments)
    assert steps[-1] == 1.0 and steps == sorted(steps)
