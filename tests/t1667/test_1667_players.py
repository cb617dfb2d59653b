"""What each player did (P at the 1667 table): every player's record is built from the events the
screen's viewer may see, holds the votes they called and joined with their results, what they turned up,
kept, looked at and viewed, their pawn's moves and maroons; a seat's private facts appear only in its
own record on its own screen (T9); the overlay fits 1280x720 with nine players in every language."""

from __future__ import annotations

import random

import pygame
import pytest
from app_helpers import start_app
from dice.test_layout import LANGUAGES, _probe, check, draw_scene  # noqa: F401 - _probe: the text probe
from table1667_local import NAMES

from tortuga_desktop.games.t1667.rules import Game, play_random
from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.table.deeds import deed_lines, deeds
from tortuga_desktop.games.t1667.table.players import PlayersScene
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.scenes.menu import MenuScene
from tortuga_desktop.shell.settings import Settings

pytestmark = pytest.mark.usefixtures("app_home")  # a private home (conftest)


def _game(players: int, seed: int) -> Game:
    return play_random(Game.new(players, seed, names=NAMES[:players]), random.Random(seed))


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (6, 3), (9, 4), (2, 5)])
def test_each_record_holds_that_players_deeds_and_private_facts_only_on_their_own(players: int, seed: int) -> None:
    g = _game(players, seed)
    assert g.is_over
    for viewer in [None, *range(players)]:
        seen = g.events_for(viewer)
        records = deeds(seen, players)
        for s, record in enumerate(records):
            turns = [d.turn for d in record]
            assert turns == sorted(turns)
            for d in record:
                e = d.event
                assert any(e is x for x in seen), "a record holds only what the viewer may see"
                if isinstance(e, ev.PrivateEvent):  # T9: only the viewer's own, in its own record
                    assert e.owner == viewer == s, (viewer, s, e)
        for e in seen:  # every deed is in the record of the players it concerns
            if isinstance(e, ev.VoteCalled):
                for s in {e.caller, *e.participants}:
                    assert any(d.event is e for d in records[s])
            if isinstance(e, ev.CardRevealed):
                assert any(d.event is e for d in records[e.revealer])
            if isinstance(e, ev.Marooned | ev.PawnMoved | ev.SlotsViewed | ev.LoyaltyLooked | ev.CardKept):
                assert any(d.event is e for d in records[e.seat])
            if isinstance(e, ev.PrivateEvent):
                assert any(d.event is e for d in records[e.owner])


def test_a_votes_result_follows_it_in_the_record_of_everyone_who_took_part() -> None:
    for seed in range(1, 6):
        g = _game(5, seed)
        seen = g.events_for(None)
        records = deeds(seen, 5)
        for i, e in enumerate(seen):
            if not isinstance(e, ev.VoteCalled):
                continue
            result = next((x for x in seen[i + 1:] if isinstance(x, ev.VoteRevealed)), None)
            if result is None:
                continue
            for s in {e.caller, *e.participants}:
                events = [d.event for d in records[s]]
                assert events.index(result) > events.index(e)


def test_the_words_are_the_logs_words_for_that_viewer() -> None:
    """A seat's own record reads its hand as the log does; another player's record on that screen never
    does (their hand is theirs)."""
    g = _game(4, 7)
    names = list(NAMES[:4])
    records = deeds(g.events_for(2), 4)
    own = [text for _t, text in deed_lines(records[2], names, 2)]
    hand = next(e for e in g.events_for(2) if isinstance(e, ev.HandDealt) and e.owner == 2)
    from tortuga_desktop.games.t1667.table.eventtext import event_text

    assert event_text(hand, names, 2) in own
    theirs = [text for _t, text in deed_lines(records[1], names, 2)]
    their_hand = next(e for e in g.events_for(1) if isinstance(e, ev.HandDealt) and e.owner == 1)
    assert event_text(their_hand, names, 1) not in theirs
    assert theirs, "the other player did something in a whole game"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nine_players_record_fits_1280x720(lang: str) -> None:
    g = _game(9, 4)
    i18n.set_language(lang)
    app = App(None, size=(1280, 720), fixed_dt=1 / 60, settings=Settings(language=lang))
    try:
        app.ui.set_locale(lang)
        app.push(MenuScene())
        scene = PlayersScene(g.events_for(3), NAMES, 3)
        app.push(scene)
        rep, texts = draw_scene(app, scene)
        problems = check(rep, texts, (1280, 720), f"{lang} players")
        assert not problems, "\n".join(problems[:20])
        shown = " ".join(t for t, _r in texts)
        for name in NAMES:
            assert name in shown
        newest = deed_lines(deeds(g.events_for(3), 9)[3], NAMES, 3)[-1][1]
        assert scene.shown_lines() and newest.startswith(scene.shown_lines()[-1][:20])
    finally:
        app.close()
        i18n.set_language("en")


def test_p_opens_it_at_the_table_from_the_screens_viewer_and_keys_move_and_close_it() -> None:
    from tortuga_desktop.games.t1667.table.module import start_game
    from tortuga_desktop.games.t1667.table.setup import Seat1667, Setup1667

    app = start_app()
    try:
        start_game(app, Setup1667((Seat1667("Anne", "human"), Seat1667("Bart", "easy"), Seat1667("Cid", "easy")),
                                  seed=3))
        app.run(max_frames=3)
        table = app.top
        assert table.name == "table1667"
        app.post(Key(pygame.K_p))
        app.run(max_frames=1)
        panel = app.top
        assert isinstance(panel, PlayersScene) and panel.viewer == table.viewer == 0 and panel.player == 0
        assert panel.records == [deed_lines(r, table.table.names, 0)
                                 for r in deeds(table.table.events_for(0), 3)]
        app.post(Key(pygame.K_RIGHT))
        app.run(max_frames=1)
        assert panel.player == 1
        app.post(Key(pygame.K_3))
        app.run(max_frames=1)
        assert panel.player == 2
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=1)
        assert app.top is table
    finally:
        app.close()
