"""1667 choices a player can read and reach: Plunder options say where the treasure goes and what the holds
hold then; every option list pages at 1280x720 with 9 seats; the speed keys never pick an option.

Rule ids: T3.9 (Plunder: one treasure into a hold of the Captain's ship; TR10 from the other ship when the
Galleon is empty), T4.6 (the attack succeeds).
"""

from __future__ import annotations

import copy

import pygame
import pytest
from t1667_helpers import game, play, vote_all

from tortuga_desktop.games.t1667.rules import Kind, Ship, Side
from tortuga_desktop.games.t1667.table.panel import panel_for, say
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.intents import Click, Key


@pytest.fixture(autouse=True)
def _english() -> None:
    i18n.set_language("en")


def _plunder(**kw: object) -> object:
    hands = {"0": "CBS TFS WFS", "1": "TBH WFH WFH"}
    g = game(hands=hands, vote_deck="CFH", **kw)
    play(g, 0, "attack")
    vote_all(g, {0: "CBS", 1: "TBH"})
    assert [d.kind for d in g.pending()] == [Kind.PLUNDER]
    return g


@pytest.mark.parametrize("spec", [
    {"galleon": 3, "holds": {"fd british": 1, "jr french": 2}},
    {"galleon": 0, "holds": {"jr french": 2, "jr british": 1, "fd british": 1, "fd french": 2}},  # TR10: from the other ship
])
def test_plunder_options_say_the_hold_and_the_result(spec: dict[str, object]) -> None:  # T3.9, TR10
    g = _plunder(**spec)
    view = g.view(0)  # type: ignore[attr-defined]
    p = panel_for(view, g.legal_actions(0))  # type: ignore[attr-defined]
    opts = p.groups[0].options
    labels = [say(o.label) for o in opts]
    assert len(set(labels)) == len(labels)
    # the destination is said first: a label cut at the panel's edge still tells the options apart
    assert len({lab[:18] for lab in labels}) >= 2
    for o, lab in zip(opts, labels, strict=True):
        after = copy.deepcopy(g)
        after.apply(0, o.action)  # type: ignore[attr-defined]
        v = after.view(0)  # type: ignore[attr-defined]
        said = " ".join(say(c) for c in o.consequence)
        side = "British" if o.action.to is Side.BRITISH else "French"  # type: ignore[attr-defined]
        assert lab.startswith(f"Into your {side} hold"), lab
        want = f"then: British {v.hold(Ship.FD, Side.BRITISH)}, French {v.hold(Ship.FD, Side.FRENCH)}"
        assert want in said, (lab, said)
        if o.action.source is not None:  # type: ignore[attr-defined]
            want_jr = f"British {v.hold(Ship.JR, Side.BRITISH)}, French {v.hold(Ship.JR, Side.FRENCH)}"
            assert want_jr in said, (lab, said)


def test_speed_keys_never_pick_an_option_and_work_on_your_turn() -> None:
    """+ and - step the speed on the player's own turn without sending anything; the digits pick options
    and, at a table with a player, are no speed keys while watching (the panel may open under the finger)."""
    from table1667_local import local_table

    from tortuga_desktop.games.t1667.table.scene import Table1667Scene
    from tortuga_desktop.shell.intents import Key
    from tortuga_desktop.shell.loop import App

    g, table = local_table(4, 9, (0,))
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    scene = Table1667Scene(table, speed="normal")
    app.push(scene)
    try:
        for _ in range(3000):
            app.step(1 / 60)
            if scene.panel is not None:
                break
        assert scene.panel is not None
        decided = len(g.log)
        app.post(Key(pygame.K_MINUS))
        app.step(1 / 60)
        assert scene.speed == "slow" and len(g.log) == decided and scene.panel is not None
        app.post(Key(pygame.K_KP_PLUS))
        app.post(Key(pygame.K_EQUALS))
        app.step(1 / 60)
        assert scene.speed == "fast" and len(g.log) == decided
        app.post(Key(pygame.K_1))  # the digit picks the first option
        for _ in range(3):
            app.step(1 / 60)
        assert len(g.log) > decided
        scene._close_panel()
        scene.handle(Key(pygame.K_4))  # no panel open: still no speed key at a table with a player
        assert scene.speed == "fast"
    finally:
        app.close()


def _nine_seat_scene(humans_first: bool = True) -> tuple[object, object, object]:
    from table1667_local import local_table

    from tortuga_desktop.games.t1667.rules import Game
    from tortuga_desktop.games.t1667.table.scene import Table1667Scene
    from tortuga_desktop.shell.loop import App

    first = Game.new(9, 12).pending()[0].seat
    g, table = local_table(9, 12, (first,))
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    scene = Table1667Scene(table, speed="instant")
    app.push(scene)
    for _ in range(200):
        app.step(1 / 60)
        if scene.panel is not None:
            break
    return app, scene, g


def test_a_long_option_list_pages_at_1280x720_with_nine_seats() -> None:
    """"Make someone choose" offers 10 slot pairs x 8 players: every one of the 80 can be seen and clicked."""
    from tortuga_desktop.games.t1667.table.scene import Table1667Scene

    app, scene, _g = _nine_seat_scene()
    assert isinstance(scene, Table1667Scene)
    try:
        assert scene.panel is not None and scene.renderer is not None
        k = next(i for i, grp in enumerate(scene.panel.groups) if len(grp.options) >= 60)
        n = len(scene.panel.groups[k].options)
        scene.activate("group", k)
        panel_area = pygame.Rect(scene.renderer.layout.side)
        seen: set[int] = set()
        for _ in range(n):
            app.step(1 / 60)  # type: ignore[attr-defined]
            hits = [(r, i) for r, what, i in scene.renderer.panel_hits if what == "option"]
            assert hits and all(panel_area.contains(r) for r, _i in hits)
            seen |= {i for _r, i in hits}
            if len(seen) == n:
                break
            downs = [r for r, what, _i in scene.renderer.panel_hits if what == "down"]
            assert downs, f"only {len(seen)} of {n} options can be reached"
            app.post(Click(downs[0].center, 1))  # type: ignore[attr-defined]
        assert seen == set(range(n))
        # the digits number the options shown: 1 is the first option on this page
        start = scene.renderer.option_window[0]
        assert start > 0
        before = scene.table.engine.decisions  # type: ignore[attr-defined]
        app.post(Key(pygame.K_1))  # type: ignore[attr-defined]
        app.step(1 / 60)  # type: ignore[attr-defined]
        assert scene.table.engine.decisions > before  # type: ignore[attr-defined]
    finally:
        app.close()  # type: ignore[attr-defined]


def test_t_switches_the_computer_players_talk_mid_game_and_the_save_keeps_it() -> None:  # T9.7
    from table1667_local import local_table

    from tortuga_desktop.games.t1667.table.saves import save_of
    from tortuga_desktop.games.t1667.table.scene import Table1667Scene
    from tortuga_desktop.games.t1667.table.setup import Seat1667
    from tortuga_desktop.shell.loop import App

    _g, table = local_table(4, 9, (0,))
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    scene = Table1667Scene(table, speed="instant")
    app.push(scene)
    try:
        app.step(1 / 60)
        assert table.bot_chat is True
        app.post(Key(pygame.K_t))
        app.step(1 / 60)
        assert table.bot_chat is False
        seats = [Seat1667(n, "human" if s == 0 else "easy") for s, n in enumerate(table.names)]
        assert save_of(table, seats, {}).bot_chat is False  # the game's save keeps it
        app.post(Key(pygame.K_t))
        app.step(1 / 60)
        assert table.bot_chat is True
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["de", "nl", "es", "en"])
def test_every_kind_of_action_can_be_reached_at_1280x720_with_nine_seats(lang: str) -> None:
    """The turn's buttons (five kinds at this seat) page too: in German they did not all fit and the last
    one was left off with no way to reach it but its digit."""
    from tortuga_desktop.games.t1667.table.scene import Table1667Scene

    app, scene, _g = _nine_seat_scene()
    assert isinstance(scene, Table1667Scene) and scene.panel is not None and scene.renderer is not None
    try:
        i18n.set_language(lang)
        scene.retranslate()
        n = len(scene.panel.groups)
        seen: set[int] = set()
        for _ in range(n):
            scene._drawn_key = None  # a full frame in the new language
            app.step(1 / 60)  # type: ignore[attr-defined]
            seen |= {i for _r, what, i in scene.renderer.panel_hits if what == "group"}
            downs = [r for r, what, _i in scene.renderer.panel_hits if what == "down"]
            if not downs:
                break
            app.post(Click(downs[0].center, 1))  # type: ignore[attr-defined]
        assert seen == set(range(n)), f"{lang}: only {sorted(seen)} of {n} kinds of action can be reached"
    finally:
        i18n.set_language("en")
        app.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "whole"), [
    ("nl", ["Gebeurtenissen", "Nederlands", "jouw loyaliteit"]),
    ("de", ["Ereignisse", "Holländer", "deine Loyalität"]),
])
def test_long_words_of_the_bottom_band_and_plaques_are_not_cut(lang: str, whole: list[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1280x720 with 9 seats the own loyalty card's word and caption, the event deck's label and the own
    plaque's loyalty are drawn whole (they were cut to "Nederla…", "jouw loyal…", "Gebeurte…", "Hollä…")."""
    from tortuga_desktop.games.t1667.table import render
    from tortuga_desktop.games.t1667.table.scene import Table1667Scene

    drawn: list[str] = []
    real = render._text

    def _text(s: str, *a: object, **k: object) -> pygame.Surface:
        drawn.append(s)
        return real(s, *a, **k)  # type: ignore[arg-type]

    app, scene, _g = _nine_seat_scene()
    assert isinstance(scene, Table1667Scene)
    try:
        i18n.set_language(lang)
        scene.retranslate()
        monkeypatch.setattr(render, "_text", _text)
        scene._drawn_key = None
        app.step(1 / 60)  # type: ignore[attr-defined]
        cut = [d[:-1].rstrip() for d in drawn if d.endswith("…")]
        for words in whole:
            assert not [c for c in cut if c and words.startswith(c)], (words, cut)
    finally:
        i18n.set_language("en")
        app.close()  # type: ignore[attr-defined]
