"""Hint, review and chart tell one story (issue 23, item 1).

Seen before: the review's costliest moments recommended the move actually made; the review
named another move than the Hint at the same decision; every hint said "0 points ahead"; the
review quoted figures that were not on its chart; the replay showed one value per round.

Now one evaluation (ai.evaluate) serves all three: deterministic for a position, common random
numbers across candidates, claims only what its uncertainty allows. Over recorded games (a few
by default, 50 in the slow run): no moment recommends the move made; a hint at a reviewed
decision gives the review's answer with the review's figures; every figure a moment quotes is
its chart point; the chart has its own value at every decision.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tortuga_desktop.games.dice.ai import evaluate as evaluate_mod
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.evaluate import Z, evaluate, position_seed
from tortuga_desktop.games.dice.ai.review import Review, review_game
from tortuga_desktop.games.dice.rules import Game, GameRecord, parse_action
from tortuga_desktop.games.dice.rules.codec import parse_roll
from tortuga_desktop.games.dice.table.controller import LocalTableSource
from tortuga_desktop.games.dice.table.evaltext import hint_lines, moment_text, pct
from tortuga_desktop.games.dice.table.hints import hint_job
from tortuga_desktop.shell.i18n import set_language
from tortuga_desktop.shell.saves import SeatConfig


@pytest.fixture(autouse=True)
def _small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer worlds (the properties tested hold for any number) and no time cap in play."""
    monkeypatch.setattr(evaluate_mod, "SETTINGS", replace(evaluate_mod.SETTINGS, worlds=24, budget_s=60.0))
    set_language("en")


def _record(players: int, seed: int) -> GameRecord:
    g = Game.new(players, seed, names=["Anna", "Bart", "Cleo", "Dirk"][:players], log=False)
    bots = [make_bot("easy" if s == 0 else "normal", seed * 10 + s) for s in range(players)]
    while not g.is_over:
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    return g.record()


def _game_at(record: GameRecord, index: int) -> Game:
    """The game right before decision ``index`` of ``record``."""
    g = Game.new(record.players, record.seed, start_player=record.start_player, long_game=record.long_game,
                 names=list(record.names), log=False, rules_version=record.rules_version)
    for seat, text in record.entries:
        faces = parse_roll(text)
        if faces is not None:
            g.set_roll(seat, faces)
            continue
        if g.decisions == index:
            return g
        g.apply(seat, parse_action(text))
    raise AssertionError(f"no decision {index}")


def _check(record: GameRecord, rv: Review, humans: list[int], hints: int) -> None:
    n = record.players
    decisions = sum(1 for _s, t in record.entries if parse_roll(t) is None)
    # the chart: one point per replay position, each a chance per seat
    assert len(rv.chances) == decisions + 1 == len(rv.rounds)
    for row in rv.chances:
        assert len(row) == n and all(0.0 <= p <= 1.0 for p in row)
    # one value per decision, not one per round: within a round the points differ
    for r in set(rv.rounds):
        rows = [rv.chances[k] for k in range(1, len(rv.chances)) if rv.rounds[k] == r]
        rows = [row for row in rows if any(0.0 < p < 1.0 for p in row)]  # not yet decided
        if len(rows) > 4:
            assert len(set(rows)) > 1, f"round {r}: one value for all its decisions"
    for m in rv.moments:
        assert m.seat in humans
        ev = rv.evaluations[m.index]
        made = ev.of(m.played)
        better = ev.of(m.better)
        assert made is not None and better is not None
        # never the move made, and only when clearly worse (beyond the paired uncertainty)
        assert made.value != better.value and m.played != m.better
        assert better is ev.best and m.cost == ev.gap(made) > Z * made.diff_se
        # the quoted figures are the chart's
        assert m.chance == rv.chances[m.index + 1][m.seat] == made.chances[m.seat]
        text = moment_text(m, rv.point(m), record.names)
        assert f"then {pct(rv.chances[m.index + 1][m.seat])} % chance to win" in text
        # the cost is in percentage points, never "points" (board points may appear in the reason)
        assert f"{pct(m.cost)} percentage point" in text and not re.search(r"\d+ points? (more|ahead)", text)
        assert re.findall(r"(\d+) %", text) == [str(pct(rv.point(m)))]
    # the Hint at reviewed decisions gives the review's answer, with its numbers
    sampled = sorted(rv.evaluations)[:: max(1, len(rv.evaluations) // hints)]
    # and decisions where the move made was not a searched candidate (it rode along)
    riders = [i for i, ev in sorted(rv.evaluations.items()) if any(c.extra for c in ev.candidates)][:2]
    for index in sorted(set(sampled + riders)):
        g = _game_at(record, index)
        seat = rv.evaluations[index].seat
        job = hint_job(_table(g, humans), seat)
        job.run()
        assert job.result is not None, job.error
        a, b = job.result, rv.evaluations[index]
        assert a.best.action == b.best.action
        assert [(c.value, c.win, c.se) for c in a.candidates] == \
            [(c.value, c.win, c.se) for c in b.candidates if c.value in {x.value for x in a.candidates}]
        assert hint_lines(a, job.view, record.names)[0] == hint_lines(b, job.view, record.names)[0]


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32), (4, 33)])
def test_review_and_hint_agree(players: int, seed: int) -> None:
    record = _record(players, seed)
    rv = review_game(record, [0], chart_worlds=2)
    assert rv.evaluations
    _check(record, rv, [0], hints=3)


def test_hot_seat_review_uses_what_the_hint_used() -> None:
    record = _record(2, 34)
    rv = review_game(record, [0, 1], hotseat=True, chart_worlds=2)
    _check(record, rv, [0, 1], hints=4)
    assert any(ev.world is not None for ev in rv.evaluations.values())


@pytest.mark.slow
def test_review_and_hint_agree_over_50_games() -> None:
    moments = 0
    for i in range(50):
        players = 2 + i % 3
        record = _record(players, 500 + i)
        rv = review_game(record, [0], chart_worlds=2)
        _check(record, rv, [0], hints=1)
        moments += len(rv.moments)
    assert moments > 0


def test_evaluation_is_deterministic_and_paired() -> None:
    record = _record(2, 35)
    g = _game_at(record, 40)
    seat = g.pending()[0].seat
    while len(g.legal_actions(seat)) < 3:
        d = g.pending()[0]
        g.apply(d.seat, g.legal_actions(d.seat)[0])
        seat = g.pending()[0].seat
    seed = position_seed(record.seed, g.decisions, seat)
    one = evaluate(g.view(seat), seed)
    two = evaluate(g.view(seat), seed)
    assert [(c.value, c.win, c.se, c.diff_se) for c in one.candidates] == \
        [(c.value, c.win, c.se, c.diff_se) for c in two.candidates]
    # a candidate evaluated alone in the same worlds gets the same figure (common random numbers)
    for c in one.candidates:
        alone = evaluate(g.view(seat), seed, only=c.action, max_worlds=c.worlds)
        if alone.worlds == c.worlds:
            assert alone.best.win == pytest.approx(c.win)


def test_hint_words_claim_only_what_is_shown() -> None:
    """"Clearly best" only when separated; otherwise the equal moves are named; never "points"
    for a chance, never "0 percentage points"."""
    seen = {"best": 0, "equal": 0}
    record = _record(3, 36)
    for index in range(5, 200, 9):
        g = _game_at(record, index)
        seat = g.pending()[0].seat
        if len(g.legal_actions(seat)) < 2:
            continue
        ev = evaluate(g.view(seat), position_seed(record.seed, index, seat))
        head = hint_lines(ev, g.view(seat), record.names)[0]
        assert not re.search(r"(?<!\d)0 percentage point", head) and "points ahead" not in head
        if head.startswith("Clearly best"):
            seen["best"] += 1
            assert ev.separated
        elif "about equal" in head:
            seen["equal"] += 1
            assert not ev.separated and len(ev.equal()) >= 2
            assert head.startswith(f"{ev.equal_count()} moves")
    assert sum(seen.values()) > 5


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_percentage_points_have_plurals(lang: str) -> None:
    from tortuga_desktop.shell.i18n import trn

    set_language(lang)
    try:
        one = trn("review.moment2", 1, round=1, name="A", made="x", chance=5, better="y", reason="z")
        many = trn("review.moment2", 3, round=1, name="A", made="x", chance=5, better="y", reason="z")
        assert one != many and "{" not in one + many
        words = {"en": ("1 percentage point ", "3 percentage points"), "de": ("1 Prozentpunkt ", "3 Prozentpunkte"),
                 "nl": ("1 procentpunt ", "3 procentpunten"), "es": ("1 punto porcentual", "3 puntos porcentuales")}
        assert words[lang][0] in one and words[lang][1] in many
    finally:
        set_language("en")


def _table(game: Game, humans: list[int]) -> LocalTableSource:
    """A table source for ``game`` whose humans are ``humans`` (nobody else is asked anything)."""
    seats = [SeatConfig(f"P{i}", "human" if i in humans else "easy", i) for i in range(game.players)]
    return LocalTableSource(game, seats, bot_factory=lambda _kind, _seed: None, pacing=None)
