"""Hot-seat privacy of the 1667 table on what is actually drawn (T9; issue 28's drawn-frame test).

Whole hot-seat games run through the real App headless, the humans answering with keys. A probe
records, for every frame the table scene draws, each string, each vote card face and event card
face drawn (with where), and each loyalty badge drawn on a seat's plaque or in the own corner.
Frames of the shared screen (no human's private moment open) must show none of: a vote card face
other than those of a vote being turned up, an event card face on a face-down slot, a loyalty
badge before the game's end, the words of any seat's private events, the own-corner words. A frame
drawn for a seat must come after that seat's hand-over was confirmed.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pygame
import pytest
from table1667_local import local_table

from tortuga_desktop.games.t1667.rules import Game
from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.table import beats
from tortuga_desktop.games.t1667.table import render as table1667
from tortuga_desktop.games.t1667.table import scene as scene_mod
from tortuga_desktop.games.t1667.table.beats import VoteBeat
from tortuga_desktop.games.t1667.table.eventtext import event_text
from tortuga_desktop.games.t1667.table.scene import Handover1667, Table1667Scene
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.loop import App

LOYALTY_SHAPES = ("british", "french", "dutch")


@pytest.fixture(autouse=True)
def _home(app_home: None) -> None:
    """Every test here runs in a private home, in English."""


def _inside(pos: tuple[float, float], r: Any) -> bool:
    return bool(pygame.Rect(r).collidepoint(round(pos[0]), round(pos[1])))


class Probe:
    """Records what each drawn frame of the table scene shows and checks it against the live game."""

    def __init__(self, game: Game, scene: Table1667Scene) -> None:
        self.game = game
        self.scene = scene
        self.texts: list[str] = []
        self.vote_faces: list[Any] = []
        self.event_faces: list[tuple[Any, tuple[int, int]]] = []
        self.badges: list[tuple[str, tuple[float, float]]] = []
        self.frames = 0
        self.shared_frames = 0
        self.failures: list[str] = []
        #: the seat whose hand-over was confirmed last (None: none yet)
        self.handed_to: int | None = None
        self._words: tuple[int, set[str]] | None = None
        self._log_checked: tuple[int, int] | None = None

    def install(self, mp: pytest.MonkeyPatch) -> None:
        probe = self
        text, vote_card, glyph, shape = table1667._text, table1667.vote_card, table1667.event_glyph, table1667.shape

        def _text(s: str, *a: Any, **k: Any) -> Any:
            probe.texts.append(s)
            return text(s, *a, **k)

        def _vote_card(surf: Any, r: Any, card: Any, *a: Any, **k: Any) -> None:
            probe.vote_faces.append(card)
            vote_card(surf, r, card, *a, **k)

        def _glyph(surf: Any, card: Any, center: tuple[int, int], *a: Any, **k: Any) -> None:
            probe.event_faces.append((card, center))
            glyph(surf, card, center, *a, **k)

        def _shape(surf: Any, kind: str, center: tuple[float, float], *a: Any, **k: Any) -> None:
            probe.badges.append((kind, center))
            shape(surf, kind, center, *a, **k)

        for mod in (table1667, beats):
            for name, fn in (("vote_card", _vote_card), ("event_glyph", _glyph)):
                if hasattr(mod, name):
                    mp.setattr(mod, name, fn)
        mp.setattr(table1667, "_text", _text)
        mp.setattr(table1667, "shape", _shape)
        real_draw = Table1667Scene.draw
        real_confirm = Handover1667.confirm

        def draw(sc: Table1667Scene, surface: pygame.Surface) -> None:
            probe.texts, probe.vote_faces, probe.event_faces, probe.badges = [], [], [], []
            # the renderer redraws only the parts whose view fields changed (its key includes
            # whose eyes it draws for), so what a frame shows was recorded when it was drawn
            real_draw(sc, surface)
            probe.check(sc)

        def confirm(ho: Handover1667) -> None:
            probe.handed_to = ho.seat
            real_confirm(ho)

        mp.setattr(Table1667Scene, "draw", draw)
        mp.setattr(Handover1667, "confirm", confirm)

    def _private_words(self) -> set[str]:
        g = self.game
        if self._words is not None and self._words[0] == len(g.log):
            return self._words[1]
        out = {tr("p1667.t.your_loyalty"), tr("p1667.t.vote_mine"), tr("p1667.t.yours")}
        for seat in range(g.players):
            for e in g.events_for(seat):
                if isinstance(e, ev.PrivateEvent) and e.owner == seat:
                    line = event_text(e, g.names, seat)
                    if line:
                        out.add(line)
        self._words = (len(g.log), out)
        return out

    def check(self, sc: Table1667Scene) -> None:
        self.frames += 1
        g = self.game
        frame = self.frames
        if sc.viewer is not None:
            if sc.hotseat and self.handed_to != sc.viewer:
                self.failures.append(f"frame {frame}: drawn for seat {sc.viewer} without its hand-over")
            if sc.hotseat and sc.viewer not in sc.table.waiting_for() and not g.is_over:
                self.failures.append(f"frame {frame}: drawn for seat {sc.viewer} after its private moment")
            return
        self.shared_frames += 1
        L = sc.renderer.layout  # type: ignore[union-attr]
        shown = sc.beat.before if sc.beat is not None and sc.beat.before is not None else sc.view
        allowed = Counter(sc.beat.cards) if isinstance(sc.beat, VoteBeat) and not sc.finished else Counter()
        extra = Counter(self.vote_faces) - allowed
        if extra:
            self.failures.append(f"frame {frame}: vote card faces on the shared screen: {sorted(map(str, extra))}")
        for card, center in self.event_faces:
            for sv, rect in zip(shown.row, L.row, strict=True):
                if sv.face_down and _inside(center, rect):
                    self.failures.append(f"frame {frame}: {card} drawn on face-down slot {sv.slot}")
        if not g.is_over:
            spots = [b.loyalty for b in L.seats] + [L.loyalty]
            for kind, center in self.badges:
                if kind in LOYALTY_SHAPES and any(_inside(center, r) for r in spots):
                    self.failures.append(f"frame {frame}: a {kind} loyalty badge on the shared screen")
        private = self._private_words()
        for s in self.texts:
            if s in private:
                self.failures.append(f"frame {frame}: private words on the shared screen: {s!r}")
        if self._log_checked == (len(sc.log_events), id(sc.log_events)):
            return
        self._log_checked = (len(sc.log_events), id(sc.log_events))
        public = g.events_for(None)
        if sc.log_events != public[:len(sc.log_events)]:
            self.failures.append(f"frame {frame}: the shared log holds events that are not public")
        for e in sc.log_events:
            line = event_text(e, g.names, None)
            if line in private:
                self.failures.append(f"frame {frame}: private words in the shared log: {line!r}")


#: (players, seed, human seats, speed); paced games are watched for their first 2,500 frames (votes
#: and cards turning up included), instant ones to the end
CASES = [(3, 31, (0, 2), "instant"), (5, 32, (0, 2, 3), "fast"), (9, 33, (0, 3, 5, 8), "instant"),
         (2, 34, (0, 1), "instant"), (4, 35, (1, 2), "normal"), (6, 37, (0, 1, 2, 3, 4, 5), "instant")]


def _play(app: App, scene: Table1667Scene, game: Game, rng: random.Random, max_frames: int = 60000) -> bool:
    """Play with random keys until the end is shown (True) or ``max_frames`` frames went by (False)."""
    for _ in range(max_frames):
        app.step(1 / 60)
        if isinstance(app.top, Handover1667):
            app.post(Key(pygame.K_SPACE))
            continue
        if scene.finished:
            for _k in range(3):
                app.step(1 / 60)
            return True
        if scene.panel is not None:
            if scene.beat is not None:
                app.post(Key(pygame.K_SPACE))
            k = rng.randrange(min(9, len(scene._choices())))
            app.post(Key(getattr(pygame, f"K_{k + 1}")))
    return False


@pytest.mark.parametrize(("players", "seed", "humans", "speed"), CASES)
def test_no_shared_frame_shows_a_private_fact(players: int, seed: int, humans: tuple[int, ...], speed: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    game, table = local_table(players, seed, humans)
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    scene = Table1667Scene(table, speed=speed)
    probe = Probe(game, scene)
    probe.install(monkeypatch)
    app.push(scene)
    try:
        ended = _play(app, scene, game, random.Random(seed), 60000 if speed == "instant" else 2500)
    finally:
        app.close()
    assert ended or speed != "instant"
    assert probe.frames > probe.shared_frames
    assert probe.shared_frames > 0  # the end, at least, is shown on the shared screen
    if len(humans) < players and speed != "instant":  # computer players' moves play on the shared screen
        assert probe.shared_frames > 100
    assert not probe.failures, "\n".join(probe.failures[:12])


def test_the_probe_sees_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe is not blind: a scene that drew the deciding seat's view on the shared screen
    (shared=False) is caught."""
    game, table = local_table(3, 36, (0, 1, 2))
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    scene = Table1667Scene(table, speed="instant")
    probe = Probe(game, scene)
    probe.install(monkeypatch)
    real = scene_mod.Table1667Scene.shared
    monkeypatch.setattr(scene_mod.Table1667Scene, "shared", property(lambda self: False))
    # and a shared screen drawn from a seat's view: what a careless table would do
    real_view = table.view
    monkeypatch.setattr(table, "view", lambda viewer: real_view(0) if viewer is None else real_view(viewer))
    app.push(scene)
    try:
        _play(app, scene, game, random.Random(36))
    finally:
        app.close()
    del real
    assert probe.failures
