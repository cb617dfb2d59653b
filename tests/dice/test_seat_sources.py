"""Issue 25: a table source hands out for each seat exactly what that seat's view allows.

Over whole games — solo with bots, hot-seat, a demo (nobody at the screen), the tutorial through
the real App — every view, event list, prompt and move a :class:`LocalTableSource` hands out is
compared with the engine's per-seat view at that moment (``game.view(s)``, ``game.events_for(s)``,
``game.decision_for(s)``, ``game.legal_actions(s)``): an :class:`Audit` wraps the source's methods
for the whole run. A viewer the screen may not show (a computer player's seat) gets nothing, a
hidden choice of such a seat is not named in a move, and each human's record holds its prompts as
that seat saw them and its own actions. The drawn-frame privacy tests (test_hotseat_privacy,
test_log_privacy) stay as a second line.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from app_helpers import start_app
from test_human_game import QuickBot

from tortuga_desktop.games.dice.rules import DecisionKind, Game, PlayerAction, PlayerView
from tortuga_desktop.games.dice.rules.prompt import SeatPrompt
from tortuga_desktop.games.dice.table.controller import LocalTableSource
from tortuga_desktop.games.dice.table.source import TableMove, TableSource, ViewerError
from tortuga_desktop.shell.saves import SeatConfig

HIDDEN = (DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE)


class Audit:
    """Wraps :class:`LocalTableSource` (class-wide, so the tutorial's sources are covered too):
    each answer is compared with the engine's per-seat view at the moment it is handed out."""

    def __init__(self, mp: pytest.MonkeyPatch) -> None:
        self.failures: list[str] = []
        self.counts = {"view": 0, "events": 0, "prompt": 0, "move": 0, "shown": 0}
        #: (source id, seat) -> how many of its events the seat's prompts have handed out
        self._seen: dict[tuple[int, int], int] = {}
        audit = self
        real_view, real_events = LocalTableSource.view, LocalTableSource.events_for
        real_prompt, real_move = LocalTableSource.prompt, LocalTableSource._move

        def view(src: LocalTableSource, viewer: int | None) -> PlayerView:
            out = real_view(src, viewer)
            audit.counts["view"] += 1
            audit.check(out == src.game.view(viewer), f"view({viewer}) differs from the engine's")
            return out

        def events_for(src: LocalTableSource, viewer: int | None) -> list[Any]:
            out = real_events(src, viewer)
            audit.counts["events"] += 1
            audit.check(list(out) == src.game.events_for(viewer), f"events_for({viewer}) differs from the engine's")
            return out

        def prompt(src: LocalTableSource, seat: int) -> SeatPrompt:
            out = real_prompt(src, seat)
            audit.counts["prompt"] += 1
            audit.check_prompt(src, seat, out)
            return out

        def move(src: LocalTableSource, seat: int, kind: DecisionKind, action: PlayerAction | None, reason: Any,
                 *, by_bot: bool) -> TableMove:
            out = real_move(src, seat, kind, action, reason, by_bot=by_bot)
            audit.counts["move"] += 1
            audit.check_move(src, out)
            return out

        mp.setattr(LocalTableSource, "view", view)
        mp.setattr(LocalTableSource, "events_for", events_for)
        mp.setattr(LocalTableSource, "prompt", prompt)
        mp.setattr(LocalTableSource, "_move", move)

    def check(self, ok: bool, what: str) -> None:
        if not ok and len(self.failures) < 20:
            self.failures.append(what)

    def check_prompt(self, src: LocalTableSource, seat: int, p: SeatPrompt) -> None:
        g = src.game
        d = g.decision_for(seat)
        self.check(p.seat == seat and seat in src.human_seats, f"a prompt for seat {seat}, not played here")
        self.check(p.view == g.view(seat), f"prompt view of seat {seat} differs from game.view({seat})")
        if d is None:
            self.check(p.decision is None and p.legal == (), f"seat {seat}: a decision in its prompt, none in the game")
        else:
            self.check(p.decision is not None and p.decision.kind == d.kind and p.decision.payload == d.payload,
                       f"seat {seat}: prompt decision {p.decision} != engine's {d}")
            self.check(p.legal == tuple(g.legal_actions(seat)), f"seat {seat}: prompt legal actions differ")
        events = g.events_for(seat)
        start = p.seen - len(p.events)
        self.check(p.seen == len(events) and tuple(events[start:]) == p.events,
                   f"seat {seat}: prompt events are not the seat's newest events")
        key = (id(src), seat)
        if p.events:  # events since the previous prompt: no gap, no repeat
            self.check(start == self._seen.get(key, 0), f"seat {seat}: prompt events start at {start}, "
                                                        f"{self._seen.get(key, 0)} were handed out")
        self._seen[key] = p.seen

    def check_move(self, src: LocalTableSource, m: TableMove) -> None:
        g = src.game
        self.check(m.viewers == src.viewers == frozenset([None, *src.human_seats]), "move viewers are not the screen's")
        self.check(m.decisions == g.decisions and m.is_over == g.is_over, "move counts differ from the game's")
        if m.kind in HIDDEN and m.seat not in src.human_seats:
            self.check(m.action is None and m.reason is None,
                       f"a hidden {m.kind.name} of seat {m.seat} is named in its move")
        for s in range(g.players):
            if s not in m.viewers:
                try:
                    m.shown(s)
                except ViewerError:
                    pass
                else:
                    self.check(False, f"a move showed seat {s}, not played at this screen")
        # what each viewer sees right after the move, as the engine says now (checked when shown)
        expected = {v: (g.view(v), tuple(g.events_for(v))) for v in m.viewers}
        real_shown = m._shown
        audit = self

        def shown(viewer: int | None) -> Any:
            out = real_shown(viewer)
            audit.counts["shown"] += 1
            audit.check((out.view, out.events) == expected[viewer], f"a move showed viewer {viewer} something else")
            return out

        m._shown = shown


@pytest.fixture
def audit(monkeypatch: pytest.MonkeyPatch) -> Iterator[Audit]:
    a = Audit(monkeypatch)
    yield a
    assert a.failures == []


def _source(players: int, seed: int, humans: set[int]) -> LocalTableSource:
    names = ["Anna", "Bart", "Cleo", "Dirk"][:players]
    g = Game.new(players, seed, names=names)
    seats = [SeatConfig(n, "human" if i in humans else "easy", i, i) for i, n in enumerate(names)]
    return LocalTableSource(g, seats, bot_factory=lambda _kind, s: QuickBot(seed * 10 + s), pacing=None)


def play(src: LocalTableSource, rng: random.Random) -> None:
    """Play to the end through the source only: humans answer their prompts with a random legal
    action; then check what the source says about the humans' records."""
    g = src.game
    humans = list(src.human_seats)
    seen: dict[int, list[tuple[PlayerView, tuple[PlayerAction, ...]]]] = {s: [] for s in humans}
    actions: dict[int, list[PlayerAction]] = {s: [] for s in humans}

    def observe() -> None:
        for s in humans:
            if g.decision_for(s) is not None:
                seen[s].append((g.view(s), tuple(g.legal_actions(s))))

    observe()
    for _ in range(5000):
        if src.is_over:
            break
        for m in src.poll(budget_s=0.0):
            observe()
            for v in m.viewers:
                m.shown(v)
        waiting = src.waiting()
        if waiting:
            d = waiting[rng.randrange(len(waiting))]
            p = src.prompt(d.seat)
            assert p.decision is not None and p.decision.kind == d.kind
            action = rng.choice(p.legal)
            m = src.submit(d.seat, action)
            assert m.action == action and not m.by_bot
            actions[d.seat].append(action)
            observe()
        elif src.busy:
            src.wait(10)
    assert src.is_over
    src.close()
    outcome = src.outcome()
    assert outcome is not None and outcome == g.outcome()
    for s in humans:
        rec = src.record(s)
        assert rec.seat == s and list(rec.actions) == actions[s]
        assert rec.prompts and all(p.decision is not None for p in rec.prompts)
        for p in rec.prompts:
            assert (p.view, p.legal) in seen[s], f"seat {s}'s record holds a prompt it was never shown"
    for bot in set(range(g.players)) - set(humans):
        with pytest.raises(ViewerError):
            src.view(bot)
        with pytest.raises(ViewerError):
            src.prompt(bot)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_solo_game_hands_the_human_only_its_own_view(audit: Audit, players: int, seed: int) -> None:
    src = _source(players, seed, {0})
    assert isinstance(src, TableSource) and src.viewers == {None, 0}
    play(src, random.Random(seed))
    assert audit.counts["prompt"] > 20 and audit.counts["move"] > 50 and audit.counts["shown"] > 50


@pytest.mark.parametrize(("players", "seed", "humans"), [(3, 4, {0, 2}), (4, 5, {0, 1, 2, 3})])
def test_a_hot_seat_game_hands_each_human_its_own_view(audit: Audit, players: int, seed: int,
                                                       humans: set[int]) -> None:
    src = _source(players, seed, humans)
    assert src.viewers == {None, *humans}
    play(src, random.Random(seed))
    assert audit.counts["prompt"] > 20


def test_a_demo_shows_only_the_public_view(audit: Audit) -> None:
    src = _source(3, 6, set())
    assert src.viewers == {None}
    play(src, random.Random(6))
    with pytest.raises(ViewerError):
        src.events_for(0)


def test_a_demo_through_the_table_hands_out_only_what_it_may(audit: Audit) -> None:
    """The real table scene over a demo: everything it asked its source passed the audit."""
    app = start_app("--demo", "--players", "3", "--speed", "instant", "--seed", "8", "--level", "easy")
    try:
        for _ in range(4000):
            if app.top.name == "results":
                break
            app.run(max_frames=1)
        assert app.top.name == "results"
    finally:
        app.close()
    assert audit.counts["shown"] > 50


def test_the_tutorial_through_the_table_hands_out_only_what_it_may(audit: Audit) -> None:
    """The tutorial's scripted game (its own table source) played to the end in the App."""
    from test_tutorial import play_tutorial

    app = start_app("--speed", "instant")
    try:
        from tortuga_desktop.games.dice.table.scenes.tutorial import TutorialScene

        app.push(TutorialScene())
        app.run(max_frames=2)
        scene = app.top
        play_tutorial(app, scene)
    finally:
        app.close()
    assert audit.counts["prompt"] > 5 and audit.counts["shown"] > 20
