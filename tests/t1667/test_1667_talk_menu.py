"""The player's side of table talk at the 1667 table (T9.7): the talk menu (S, the Talk button under the log),
each kind of line said from it, the line in the log, in the game's events and in the speaker's record (P); a
refused line (enough said this turn, a table that takes no talk) is a notice and changes nothing; in hot-seat
only the seat on screen speaks and nothing opens at the hand-over; a computer player's line that comes both as
an older ``said`` line and as a Talked event shows once; the menu fits 1280x720 with 9 seats in four languages.

Headless (SDL dummy), the real App loop, a LocalTable with computer players thinking inline.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from dice.test_layout import LANGUAGES, _probe, check, draw_scene  # noqa: F401 - _probe: the text probe

from tortuga_desktop.games.t1667.ai.seat import FACTORY
from tortuga_desktop.games.t1667.ai.talk import Claim
from tortuga_desktop.games.t1667.rules import Game, random_action
from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.rules.cards import EventCard, Loyalty
from tortuga_desktop.games.t1667.rules.talk import TALK_PER_TURN, Mood, Say, TalkKind
from tortuga_desktop.games.t1667.table.deeds import deed_lines, deeds
from tortuga_desktop.games.t1667.table.engine import T1667Engine
from tortuga_desktop.games.t1667.table.eventtext import say_text, talk_text
from tortuga_desktop.games.t1667.table.help import CARD_ORDER
from tortuga_desktop.games.t1667.table.players import PlayersScene
from tortuga_desktop.games.t1667.table.scene import Handover1667, Table1667Scene
from tortuga_desktop.games.t1667.table.talkmenu import TalkChoices, TalkScene
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.settings import Settings
from tortuga_desktop.shell.table import BotSpec, LocalTable, Said

NAMES = ("Anne", "Jack", "Mary", "Calico", "Edward", "Grace", "Henry", "Ching", "Bartholomew")


@pytest.fixture(autouse=True)
def _home(app_home: None) -> None:
    """Every test here runs in a private home, in English."""


class Table:
    """A game at this computer: its engine (to let a computer seat speak in a test), its table, the App and scene."""

    def __init__(self, players: int, humans: tuple[int, ...], seed: int = 3, lang: str = "en") -> None:
        self.game = Game.new(players, seed, names=NAMES[:players])
        self.engine = T1667Engine(self.game)
        kinds = ["human" if s in humans else "easy" for s in range(players)]
        bots = {s: BotSpec(FACTORY, "easy", seed * 31 + s) for s in range(players) if s not in humans}
        self.table: LocalTable[Any, Any, Any] = LocalTable(self.engine, names=NAMES[:players], kinds=kinds,
                                                           humans=humans, bots=bots, think="inline")
        i18n.set_language(lang)
        self.app = App(None, size=(1280, 720), fixed_dt=1 / 60, settings=Settings(language=lang))
        self.app.ui.set_locale(lang)
        self.scene = Table1667Scene(self.table, speed="instant")
        self.app.push(self.scene)
        self.notices: list[str] = []
        real = self.app.notify

        def notify(text: str, level: str = "info", seconds: float | None = None, **kw: Any) -> None:
            self.notices.append(text)
            real(text, level, seconds, **kw)

        self.app.notify = notify  # type: ignore[method-assign]

    def keys(self, *keys: int) -> None:
        for k in keys:
            self.app.post(Key(k))
            self.app.step(1 / 60)

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.app.post(Click(pos, button))
        self.app.step(1 / 60)

    def until(self, done: Callable[[], bool], frames: int = 4000) -> None:
        for _ in range(frames):
            if done():
                return
            self.app.step(1 / 60)
        raise AssertionError("did not happen in time")

    def talked(self, viewer: int | None = 0) -> list[ev.Talked]:
        return [e for e in self.table.events_for(viewer) if isinstance(e, ev.Talked)]

    def close(self) -> None:
        self.app.close()


@pytest.fixture
def solo() -> Iterator[Table]:
    t = Table(5, (0,))
    t.app.step(1 / 60)
    yield t
    t.close()


K = pygame
#: key presses after S and the line they say (seat 0 speaks at a 5-seat table: the others are seats 1-4)
KEYED: dict[str, tuple[tuple[int, ...], Say]] = {
    "claim": ((K.K_1, K.K_2), Say(TalkKind.CLAIM, loyalty=Loyalty.FRENCH)),
    "accuse": ((K.K_2, K.K_2, K.K_3), Say(TalkKind.ACCUSE, about=2, loyalty=Loyalty.DUTCH)),
    "vouch": ((K.K_3, K.K_1), Say(TalkKind.VOUCH, about=1)),
    "ask": ((K.K_5, K.K_4), Say(TalkKind.ASK, about=4)),
    "cheer": ((K.K_6,), Say(TalkKind.REACT, mood=Mood.CHEER)),
    "groan": ((K.K_7,), Say(TalkKind.REACT, mood=Mood.GROAN)),
    "suspect": ((K.K_8, K.K_3), Say(TalkKind.REACT, about=3, mood=Mood.SUSPECT)),
    "agree": ((K.K_9,), Say(TalkKind.REACT, mood=Mood.AGREE)),
    "doubt": ((K.K_0,), Say(TalkKind.REACT, mood=Mood.DOUBT)),
}


def _said_everywhere(t: Table, line: Say) -> None:
    """The line is the newest Talked event of seat 0 (an asked computer player may answer after it), in the
    log the player reads (set apart as talk) and in seat 0's record as P shows it."""
    assert [e for e in t.talked() if e.seat == 0][-1] == ev.Talked(0, line)
    words = say_text(0, line, NAMES[:t.game.players])
    rows = t.scene.log_rows()
    talk_rows = " ".join(r[1:] for r in rows if r.startswith("\x01"))
    assert words in talk_rows, (words, rows[-5:])
    t.keys(pygame.K_p)
    players = t.app.top
    assert isinstance(players, PlayersScene) and players.player == 0
    assert words in [text for _turn, text in players.records[0]]
    t.keys(pygame.K_ESCAPE)
    assert t.app.top is t.scene


@pytest.mark.parametrize("kind", sorted(KEYED))
def test_s_opens_the_menu_and_each_kind_of_line_is_said(solo: Table, kind: str) -> None:
    """T9.7: S opens the talk menu; the keys choose the kind and its player/loyalty; the line is said at once."""
    keys, line = KEYED[kind]
    solo.keys(pygame.K_s)
    menu = solo.app.top
    assert isinstance(menu, TalkScene) and menu.choices.seat == 0
    before = [e for e in solo.talked() if e.seat == 0]
    solo.keys(*keys)
    assert solo.app.top is solo.scene, "the menu closes once the line is said"
    assert [e for e in solo.talked() if e.seat == 0] == [*before, ev.Talked(0, line)]
    _said_everywhere(solo, line)


def test_a_report_offers_every_card_with_the_one_the_seat_saw_first() -> None:
    """T9.5/T9.7: the report's cards start with the card the speaker saw in that slot (focused: Enter says it);
    any card may be named; the slot list says what the speaker saw and nothing it did not."""
    g = Game.new(4, 5, names=NAMES[:4])
    rng = random.Random(5)
    while True:
        seen = [(s, sv) for s in range(4) for sv in g.view(s).row if sv.card is not None]
        if seen:
            break
        seat = g.pending()[0].seat
        g.apply(seat, random_action(g, seat, rng))
    seat, slot = seen[0]
    view = g.view(seat)
    c = TalkChoices(view, NAMES[:4])
    assert c.pick(3) is None  # report
    slots = [o.label for o in c.options()]
    assert slots[slot.slot - 1] == tr("t1667.say.slot_seen", slot=slot.slot, card=tr(f"e1667.card.{slot.card.value}"))
    assert c.pick(slot.slot - 1) is None
    cards = c.options()
    assert [o.value for o in cards][0] is slot.card and len(cards) == len(EventCard)
    assert "(what you saw)" in cards[0].label and all("(what you saw)" not in o.label for o in cards[1:])
    assert c.line_for(0) == Say(TalkKind.REPORT, slot=slot.slot, card=slot.card)
    # another seat that did not look there sees no card named for that slot
    other = next((s for s in range(4) if s != seat and g.view(s).row[slot.slot - 1].card is None), None)
    if other is not None:
        o = TalkChoices(g.view(other), NAMES[:4])
        o.pick(3)
        assert tr(f"e1667.card.{slot.card.value}") not in o.options()[slot.slot - 1].label
        o.pick(slot.slot - 1)
        assert [x.value for x in o.options()] == list(CARD_ORDER)


def test_a_report_is_said_from_the_table(solo: Table) -> None:
    solo.keys(pygame.K_s, pygame.K_4, pygame.K_3)
    menu = solo.app.top
    assert isinstance(menu, TalkScene)
    first = menu.choices.options()[0].value
    solo.keys(pygame.K_RETURN)
    _said_everywhere(solo, Say(TalkKind.REPORT, slot=3, card=first))


def test_a_claim_answers_the_player_who_asked(solo: Table) -> None:
    """A player who asked "what are you?" and got no answer is offered as the one the claim answers."""
    solo.engine.say(2, Say(TalkKind.ASK, about=0))  # Mary asks Anne (a computer seat's line, as the bots say it)
    solo.app.step(1 / 60)
    solo.keys(pygame.K_s, pygame.K_1, pygame.K_1)
    menu = solo.app.top
    assert isinstance(menu, TalkScene)
    labels = [o.label for o in menu.choices.options()]
    assert labels == [tr("t1667.say.to_table"), tr("t1667.say.answer", name="Mary")]
    solo.keys(pygame.K_2)
    _said_everywhere(solo, Say(TalkKind.CLAIM, about=2, loyalty=Loyalty.BRITISH))
    # answered: the next claim goes to the table at once
    solo.keys(pygame.K_s, pygame.K_1, pygame.K_3)
    assert solo.app.top is solo.scene
    assert solo.talked()[-1] == ev.Talked(0, Say(TalkKind.CLAIM, loyalty=Loyalty.DUTCH))


def test_the_mouse_opens_the_menu_chooses_goes_back_and_closes(solo: Table) -> None:
    button = solo.scene.talk_button_rect()
    assert button is not None and not button.colliderect(solo.scene.log_rect())
    solo.click(button.center)
    menu = solo.app.top
    assert isinstance(menu, TalkScene)

    def hit(what: str, index: int = -1) -> tuple[int, int]:
        return next(r.center for r, w, i in menu._hits if w == what and (index < 0 or i == index))

    solo.click(hit("option", 2))  # Vouch for a player...
    assert menu.choices.path == ["vouch"]
    solo.click(hit("back"))
    assert menu.choices.path == []
    solo.click(hit("option", 2))
    solo.click(hit("option", 2))  # the third other player: Calico
    assert solo.app.top is solo.scene
    _said_everywhere(solo, Say(TalkKind.VOUCH, about=3))
    solo.click(button.center)
    menu = solo.app.top
    assert isinstance(menu, TalkScene)
    solo.click(hit("close"))
    assert solo.app.top is solo.scene
    solo.keys(pygame.K_s)
    assert isinstance(solo.app.top, TalkScene)
    solo.keys(pygame.K_ESCAPE)
    assert solo.app.top is solo.scene


def test_a_line_too_many_this_turn_is_a_notice_and_changes_nothing(solo: Table) -> None:
    """T9.7: at most TALK_PER_TURN lines a turn; the game refuses more, the player reads why, the menu stays."""
    solo.until(lambda: solo.scene.panel is not None and solo.scene.seat == 0)  # the seat's own turn: it stays
    for _ in range(TALK_PER_TURN):
        solo.keys(pygame.K_s, pygame.K_6)
        assert solo.app.top is solo.scene
    events = list(solo.table.events_for(0))
    rows = list(solo.scene.log_rows())
    solo.keys(pygame.K_s)
    menu = solo.app.top
    assert isinstance(menu, TalkScene)
    assert tr("t1667.say.none_left") in menu.shown_texts()
    solo.keys(pygame.K_9)
    assert solo.notices[-1] == tr("t1667.say.enough", n=TALK_PER_TURN)
    assert solo.app.top is menu, "the menu stays open"
    assert list(solo.table.events_for(0)) == events and solo.scene.log_rows() == rows


def test_a_table_that_takes_no_talk_is_a_notice_not_a_crash(solo: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table whose say refuses (a network table without talk moves) shows a short notice; nothing changes."""

    def refuse(seat: int, line: object) -> None:
        raise ActionRefused("talk moves do not go over the network yet: use the chat")

    monkeypatch.setattr(solo.table, "say", refuse)
    events = list(solo.table.events_for(0))
    solo.keys(pygame.K_s, pygame.K_3, pygame.K_1)
    assert solo.notices[-1] == tr("t1667.say.refused")
    assert isinstance(solo.app.top, TalkScene)
    assert list(solo.table.events_for(0)) == events


def test_hot_seat_the_seat_on_screen_speaks_and_nothing_opens_at_the_hand_over() -> None:
    t = Table(4, (0, 1), seed=8)
    try:
        assert t.scene.viewer is None  # the shared screen before anyone's private moment
        t.keys(pygame.K_s)
        assert not isinstance(t.app.top, TalkScene)
        t.until(lambda: isinstance(t.app.top, Handover1667))
        seat = t.scene.handing_to
        assert seat is not None
        t.keys(pygame.K_s)
        assert isinstance(t.app.top, Handover1667), "nothing opens at the hand-over"
        t.keys(pygame.K_SPACE)
        assert t.scene.viewer == seat and t.app.top is t.scene
        t.keys(pygame.K_s)
        menu = t.app.top
        assert isinstance(menu, TalkScene) and menu.choices.seat == seat
        assert tr("t1667.say.title", name=NAMES[seat]) in menu.shown_texts()
        t.keys(pygame.K_3, pygame.K_1)  # vouch for the first other seat
        first_other = next(s for s in range(4) if s != seat)
        assert t.talked(None)[-1] == ev.Talked(seat, Say(TalkKind.VOUCH, about=first_other))
    finally:
        t.close()


def test_hot_seat_shared_screen_says_whose_view_is_needed() -> None:
    t = Table(4, (0, 1), seed=8)
    try:
        t.keys(pygame.K_s)
        assert t.notices == [tr("t1667.say.own_view")]
        assert t.talked(None) == []
    finally:
        t.close()


def test_a_demo_has_nobody_to_speak() -> None:
    t = Table(4, (), seed=8)
    try:
        assert t.scene.talk_button_rect() is None
        t.keys(pygame.K_s)
        assert t.notices == [tr("t1667.say.nobody")] and not isinstance(t.app.top, TalkScene)
    finally:
        t.close()


@pytest.mark.parametrize("order", ["said first", "event first"])
def test_a_bot_line_that_comes_as_said_and_as_an_event_shows_once(solo: Table, order: str) -> None:
    """The older display path (``said`` lines placed by the scene) and talk as events: one line, shown once."""
    words = talk_text(Claim(3, Loyalty.BRITISH, None), NAMES[:5])

    def as_said() -> None:
        solo.table.said.append(Said(3, Claim(3, Loyalty.BRITISH, None)))
        solo.app.step(1 / 60)

    def as_event() -> None:
        solo.engine.say(3, Say(TalkKind.CLAIM, loyalty=Loyalty.BRITISH))
        solo.table.said.append(Said(1, Claim(1, Loyalty.FRENCH, None)))  # a poll's worth: the scene catches up
        solo.app.step(1 / 60)

    for step in ((as_said, as_event) if order == "said first" else (as_event, as_said)):
        step()
    solo.until(lambda: not solo.scene.animating)
    rows = [r[1:] for r in solo.scene.log_rows() if r.startswith("\x01")]
    assert " ".join(rows).count(words) == 1, rows
    assert words == say_text(3, Say(TalkKind.CLAIM, loyalty=Loyalty.BRITISH), NAMES[:5])
    # a line said only the older way still shows
    assert talk_text(Claim(1, Loyalty.FRENCH, None), NAMES[:5]) in " ".join(rows)


def test_talk_is_in_the_speaker_s_record_only() -> None:
    g = Game.new(4, 2, names=NAMES[:4])
    g.apply(1, Say(TalkKind.ACCUSE, about=2, loyalty=Loyalty.FRENCH))
    records = deeds(g.events_for(0), 4)
    words = say_text(1, Say(TalkKind.ACCUSE, about=2, loyalty=Loyalty.FRENCH), NAMES[:4])
    assert words in [text for _t, text in deed_lines(records[1], NAMES[:4], 0)]
    assert words not in [text for _t, text in deed_lines(records[2], NAMES[:4], 0)]


# ---------------------------------------------------------------- layout
#: the steps of the menu with the longest lists and words: key presses after S
STEPS = {"kinds": (), "accuse whom": (K.K_2,), "accuse as": (K.K_2, K.K_8), "report slot": (K.K_4,),
         "report card": (K.K_4, K.K_5), "claim to": (K.K_1, K.K_1)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_fits_1280x720_with_nine_seats(lang: str) -> None:
    t = Table(9, (0,), seed=4, lang=lang)
    problems: list[str] = []
    try:
        t.engine.say(8, Say(TalkKind.ASK, about=0))  # so that a claim has someone to answer
        t.app.step(1 / 60)
        for name, keys in STEPS.items():
            t.keys(pygame.K_s, *keys)
            menu = t.app.top
            assert isinstance(menu, TalkScene), name
            rep, texts = draw_scene(t.app, menu)
            assert rep.interactive and len(texts) > 4, name
            problems += check(rep, texts, (1280, 720), f"{lang} talk {name}")
            assert t.app.window.get_rect().contains(menu._box), name
            t.keys(pygame.K_ESCAPE)
            assert t.app.top is t.scene
        # the table with its Talk button (the log above it)
        t.scene._drawn_key = None
        rep, texts = draw_scene(t.app, t.scene)
        problems += [p for p in check(rep, texts, (1280, 720), f"{lang} table") if "Talk" in p or "(S)" in p]
    finally:
        t.close()
    assert not problems, "\n".join(problems[:20])


def test_a_line_said_is_kept_in_the_autosave_and_comes_back_with_continue() -> None:
    """Nothing a player made is lost: talk moves no decision counter, yet the autosave follows it (a line said
    and then the window closed is in the saved game), and Continue shows it in the log again."""
    import json

    from app_helpers import choose_game, start_app

    from tortuga_desktop.devtools.settle import settle
    from tortuga_desktop.games.t1667.table.setup import Setup1667Scene
    from tortuga_desktop.shell.saves import autosave_path

    app = start_app()
    try:
        app.top.new_game()
        choose_game(app, "t1667")
        assert isinstance(app.top, Setup1667Scene)
        app.post(Key(pygame.K_RETURN))
        app.run(max_frames=2)
        scene = app.top
        assert isinstance(scene, Table1667Scene)
        app.post(Key(pygame.K_s))
        app.run(max_frames=1)
        app.post(Key(pygame.K_3))
        app.run(max_frames=1)
        app.post(Key(pygame.K_2))  # vouch for seat 2
        app.run(max_frames=1)
        assert app.top is scene
        app.session.writer().flush(10)
        doc = json.loads(autosave_path(create=False).read_text("utf-8"))
        assert [e for e in doc["record"]["entries"] if "say" in json.dumps(e)], doc["record"]["entries"]
        words = say_text(0, Say(TalkKind.VOUCH, about=2), scene.table.names)
        scene.skip()
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=2)
        app.top.to_menu()
        app.run(max_frames=2)
        app.session.writer().flush(10)
        app.top.continue_game()
        settle(app)
        again = app.top
        assert isinstance(again, Table1667Scene) and again is not scene
        assert words in " ".join(r[1:] for r in again.log_rows() if r.startswith("\x01"))
    finally:
        app.close()


def test_at_a_network_table_the_menu_speaks_for_this_screen_s_seat_or_says_why_not(tmp_path: Any) -> None:
    """The network table's scene is the same scene: S opens the menu for the seat played here; a table that does
    not take the line (talk moves not carried yet) is a short notice, the menu stays and nothing is said; a
    table that takes it closes the menu and the line comes back as the game's event. 127.0.0.1 only."""
    from net.test_net_1667 import client_table, make_table, pump, start

    from tortuga_desktop.games.t1667.table.netscene import NetTable1667Scene

    st = start()
    table = make_table(st, "oc", seed=11)
    tab = client_table(st, table, "Ann", seat=0)
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    notices: list[str] = []
    try:
        pump([tab], lambda: bool(tab.human_seats))
        st.call(lambda s: s.start_game(table))
        pump([tab], lambda: tab.ready and 0 in tab.waiting_for(), act=lambda t: None)
        scene = NetTable1667Scene(tab, speed="instant")
        app.push(scene)
        for _ in range(5):
            app.step(1 / 60)
        app.notify = lambda text, level="info", seconds=None, **kw: notices.append(text)  # type: ignore[method-assign]
        app.post(Key(pygame.K_s))
        app.step(1 / 60)
        menu = app.top
        assert isinstance(menu, TalkScene) and menu.choices.seat == 0
        app.post(Key(pygame.K_6))  # cheer
        app.step(1 / 60)
        if app.top is menu:  # refused: why, and nothing said
            assert notices == [tr("t1667.say.refused")]
            assert not [e for e in tab.events_for(0) if isinstance(e, ev.Talked)]
        else:
            assert app.top is scene and not notices
            pump([tab], lambda: any(isinstance(e, ev.Talked) for e in tab.events_for(0)))
    finally:
        tab.close()
        app.close()
        st.stop()


def test_a_long_list_is_shown_a_page_at_a_time() -> None:
    """Where the menu has less room than its choices need, it pages: PageDown/the More button show the next
    page, the digits choose on the page shown, PageUp/Previous go back; every choice can be reached."""
    g = Game.new(9, 4, names=NAMES)
    said: list[Say] = []
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    try:
        menu = TalkScene(TalkChoices(g.view(0), NAMES), lambda line: said.append(line) or True,
                         area=lambda: pygame.Rect(0, 0, 700, 330), scale=lambda: 1.0, spoken=lambda: 0)
        app.push(menu)
        for key in (pygame.K_4, pygame.K_1):  # report, slot 1: fourteen cards
            app.post(Key(key))
            app.step(1 / 60)
        assert len(menu.choices.options()) == len(EventCard)
        first_page = [i for _r, what, i in menu._hits if what == "option"]
        assert first_page == list(range(len(first_page))) and len(first_page) < len(EventCard)
        assert {w for _r, w, _i in menu._hits} >= {"prev", "next", "back", "close"}
        pages = [first_page]
        while pages[-1][-1] < len(EventCard) - 1:
            app.post(Key(pygame.K_PAGEDOWN))
            app.step(1 / 60)
            pages.append([i for _r, what, i in menu._hits if what == "option"])
            assert pages[-1][0] == pages[-2][-1] + 1
        app.post(Click(next(r.center for r, w, _i in menu._hits if w == "prev"), 1))
        app.step(1 / 60)
        assert [i for _r, what, i in menu._hits if what == "option"] == pages[-2]
        app.post(Key(pygame.K_2))  # the second card on this page
        app.step(1 / 60)
        assert said == [Say(TalkKind.REPORT, slot=1, card=CARD_ORDER[pages[-2][1]])]
    finally:
        app.close()
