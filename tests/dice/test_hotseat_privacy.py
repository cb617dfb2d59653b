"""Hot-seat privacy on what is actually drawn, and hovering the table never crashes.

Whole games run through the real App headless, humans answering by clicks and keys (see
test_human_game). :mod:`privacy_probe` records every string, die face, tile face and decision
panel each frame draws, with that frame's viewer, and checks them against the live game.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest
from privacy_probe import PRIVATE_KINDS, Frame, Probe
from test_human_game import QuickBot, play, wait_for_bot

from tortuga_desktop.games.dice.rules import DecisionKind, Game
from tortuga_desktop.games.dice.rules.events import PrivateEvent
from tortuga_desktop.games.dice.table.controller import GameController
from tortuga_desktop.games.dice.table.eventtext import event_text
from tortuga_desktop.games.dice.table.layout import AREA_NAMES
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell.intents import Click, Hover, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig

NAMES = ("Ani", "Bo", "Cy", "Dee")


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))


def _app(kinds: str, seed: int, speed: str) -> tuple[App, TableScene]:
    seats = [SeatConfig(NAMES[i], "human" if k == "h" else "easy", i, i) for i, k in enumerate(kinds)]
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    game = Game.new(len(seats), seed, names=[s.name for s in seats])
    controller = GameController(game, seats, bot_factory=lambda level, s: QuickBot(s))
    table = TableScene(controller, speed=speed)
    app.push(table)
    return app, table


# kinds: h = human at this computer, b = computer player; the private decision kinds the game's humans meet
SELECT, TILE = frozenset({DecisionKind.SELECT_DICE}), frozenset({DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE})
CASES = [("hh", 1, "fast", SELECT), ("hbhb", 7, "fast", TILE), ("hhh", 3, "instant", TILE),
         ("hhhh", 5, "instant", TILE), ("hbh", 11, "instant", TILE), ("hhbb", 21, "instant", TILE),
         ("hh", 8, "instant", SELECT), ("hhhb", 13, "instant", TILE)]
#: the cases the default run plays (humans and bots at "fast", four humans at "instant"); the other whole
#: games run with the slow tests (``-m slow``, ``python -m scripts.slow_tests``)
DEFAULT_CASES = {("hbhb", 7), ("hhhh", 5)}


def _case(case: tuple[str, int, str, frozenset[DecisionKind]]) -> Any:
    slow = () if case[:2] in DEFAULT_CASES else (pytest.mark.slow,)
    return pytest.param(*case, id=f"{case[0]}-{case[1]}-{case[2]}", marks=slow)


@pytest.mark.parametrize(("kinds", "seed", "speed", "private"), [_case(case) for case in CASES])
def test_no_frame_shows_another_seats_secrets(kinds: str, seed: int, speed: str, private: frozenset[DecisionKind],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = _app(kinds, seed, speed)
    probe = Probe(app, table)
    probe.install(monkeypatch)
    try:
        seen = play(app, table, random.Random(seed), max_frames=60000)
    finally:
        app.close()
    assert private <= set(seen)  # the private moments checked here (a tile choice too, where named)
    assert len(probe.frames) > 100
    assert not probe.failures, "\n".join(probe.failures[:12])
    problems = probe.handover_discipline()
    assert not problems, "\n".join(problems[:12])


def test_every_private_decision_kind_is_covered() -> None:
    """The cases above between them meet every private decision kind (tile choice included):
    each case checks that its game meets the kinds named for it."""
    assert set().union(*(private for *_case, private in CASES)) == set(PRIVATE_KINDS)


def test_the_probe_sees_a_private_line_drawn_for_another_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """A frame that shows a seat's private log line to another viewer is a failure; the same
    line drawn for its owner is not."""
    app, table = _app("hh", 1, "instant")
    probe = Probe(app, table)
    probe.install(monkeypatch)
    game = table.controller.game

    class Enough(Exception):
        pass

    def stop_at_a_private_line(_app: App) -> None:
        if any(isinstance(e, PrivateEvent) and event_text(e, game.names) for e in game.events):
            raise Enough

    try:
        with pytest.raises(Enough):
            play(app, table, random.Random(1), max_frames=3000, on_frame=stop_at_a_private_line)
        private = next(e for e in game.events if isinstance(e, PrivateEvent) and event_text(e, game.names))
        line = event_text(private, game.names)
        other = 1 - private.owner
        assert not probe.failures
        probe.check(Frame(0, private.owner, True, None, strings=[line]))
        assert not probe.failures
        probe.check(Frame(1, other, True, None, strings=[line]))
        assert probe.failures and line in probe.failures[0]
    finally:
        app.close()


# ---------------------------------------------------------------- hovering
def _targets(table: TableScene) -> list[tuple[int, int]]:
    """The centre of every hit target on the table for the view shown now."""
    r = table.renderer
    assert r is not None
    L = r.layout
    view = table.view
    out: list[tuple[int, int]] = []
    for seat, b in enumerate(L.boards):
        out += [s.center for s in b.tray_slots] + [b.tray.center]
        out += [x.center for x in b.bonus] + [x.center for x in b.actions]
        for name in AREA_NAMES:
            n = len(view.seats[seat].area(name))
            out += [L.chest_slot(seat, name, k, n).center for k in range(n)] + [b.areas[name].center]
        out += [b.track_rows["boat"].center, b.track_rows["pirate"].center, b.tiles.center,
                b.start_token.center, b.score.center, b.header.center]
    out += [c.center for c in L.center_slots]
    out += [L.center.center, L.supply.center, L.bag.center, L.island.center, L.phase.center, L.log.center]
    return out


@pytest.mark.parametrize(("players", "seed", "speed"), [(4, 2, "fast"), pytest.param(3, 5, "fast", marks=pytest.mark.slow),
                                                         pytest.param(2, 9, "fast", marks=pytest.mark.slow)])
def test_hovering_every_target_while_the_game_moves_never_crashes(players: int, seed: int, speed: str) -> None:
    """The mouse rests on each hit target in turn, at every decision and mid-animation, while
    chests move away under it; tooltips are forced on. Harmless clicks open the positions help."""
    app, table = _app("b" * players, seed, speed)
    rng = random.Random(seed)
    shown = 0
    try:
        frame = 0
        pos = (0, 0)
        while not isinstance(app.top, ResultsScene) and frame < 40000:
            if app.top is table:
                if frame % 4 == 0:
                    targets = _targets(table)
                    pos = targets[(frame // 4) % len(targets)] if rng.random() < 0.7 else rng.choice(targets)
                    app.post(Hover(pos))
                table._hover_still = 1.0  # tooltip at once
                if frame % 97 == 0:
                    app.post(Click(pos, 1))
            elif app.top is not None:
                app.post(Key(pygame.K_ESCAPE, 0, ""))  # close the positions help
            wait_for_bot(table)
            if app.step(1 / 60) and table.hover is not None:
                shown += 1
            assert app.exit_code is None
            frame += 1
        assert isinstance(app.top, ResultsScene), "the game did not end"
        assert shown > 50
    finally:
        app.close()
