"""Tortuga 1667's typed events in words (app/eventtext1667.py): every event type has a sentence in every
language, and a seat's words never carry what the seat may not know (T9.2 loyalty, T9.3 vote hands, T9.5
viewed event cards), even when the words are made from the raw, unredacted log.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tortuga_desktop.games.t1667.rules import Game, random_action
from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.rules.cards import EventCard, Loc, Loyalty, VoteCard, VoteKind
from tortuga_desktop.games.t1667.rules.talk import RESULTS, VARIANTS, Mood, Say, TalkKind
from tortuga_desktop.games.t1667.table.eventtext import CAUSES, PLACES, event_lines, event_text
from tortuga_desktop.shell import i18n

LANGS = ("en", "de", "nl", "es")
NAMES = ["Anne", "Bart", "Cleo", "Dirk", "Eva", "Finn", "Gina", "Hugo", "Ines"]
CBS, WFH, SPECIAL = VoteCard("C", "B", "S"), VoteCard("W", "F", "H"), VoteCard("C", "F", "S", True)


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _event_classes() -> set[type[ev.Event]]:
    """Every event class the engine's events module defines (its subclasses of Event)."""
    return {c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event)
            and c.__module__ == ev.__name__} - {ev.Event, ev.PrivateEvent}


#: one or more instances of every event class, covering each cause, place, vote kind and end reason
SAMPLES: list[ev.Event] = [
    ev.GameStarted(6, (0, 2, 4), (1, 3, 5), 0, (), ()),
    ev.GameStarted(3, (0, 2), (1,), 0, (EventCard.ALBATROSS,) * 3, (EventCard.RUM, EventCard.WINDS, EventCard.SCURVY)),
    ev.LoyaltyDealt(0, Loyalty.DUTCH),
    ev.HandDealt(0, (CBS, WFH, SPECIAL)),
    ev.TurnStarted(1, 1), ev.TurnStarted(1, 2),
    ev.SlotsViewed(1, (2, 4)), ev.SlotsViewed(1, (3,)),
    ev.SlotsSeen(0, ((2, EventCard.PISTOL), (4, EventCard.ARMADA))),
    ev.ForceDeclared(0, 1, 3, 2),
    *[ev.CardRevealed(2, 4, c) for c in EventCard],
    *[ev.PawnMoved(1, Loc.TORTUGA, Loc.RB_JR, c) for c in CAUSES[ev.PawnMoved]],
    *[ev.Marooned(1, loc, c) for c in CAUSES[ev.Marooned] for loc in Loc],
    ev.VoteCardLostPublic(1), ev.VoteCardLost(0, WFH),
    *[ev.VoteCalled(k, 0, (0, 1, 2)) for k in VoteKind],
    ev.VoteChosen(1), ev.VotePlayed(0, CBS),
    *[ev.VoteRevealed(k, (CBS, WFH, SPECIAL), added, ok) for k in VoteKind for added in (True, False)
      for ok in (True, False)],
    ev.VoteRevealed(VoteKind.BRAWL, (VoteCard("T", "B", "S"),), False, True),
    ev.VoteRevealed(VoteKind.BRAWL, (), False, True),
    ev.VoteCardsDrawnPublic(1, 1), ev.VoteCardsDrawnPublic(1, 2),
    ev.VoteCardsDrawn(0, (CBS,)), ev.VoteCardsDrawn(0, ()),
    *[ev.TreasureMoved("galleon", p, c) for c in CAUSES[ev.TreasureMoved] for p in PLACES],
    ev.CardKept(2, EventCard.ALBATROSS), ev.CardDiscarded(EventCard.MAP), ev.NoEffect(EventCard.POWDER),
    ev.RowboatDestroyed(Loc.RB_FD), ev.RowboatDestroyed(Loc.RB_JR),
    ev.LineReversed("fd"), ev.LineReversed("jr"),
    ev.LoyaltyLooked(0, 3), ev.LoyaltySeen(0, 3, Loyalty.FRENCH),
    ev.RowRefilled(5), ev.FinalRowShuffled(), ev.SuddenDeath(1), ev.SuddenDeath(5),
    ev.GameOver((0, 2), "armada", 4, 2, (Loyalty.BRITISH, Loyalty.FRENCH, Loyalty.BRITISH, Loyalty.FRENCH)),
    ev.GameOver((1,), "sudden-death", 2, 4, (Loyalty.BRITISH, Loyalty.FRENCH)),
    ev.GameOver((2,), "dutch-tie", 3, 3, (Loyalty.BRITISH, Loyalty.FRENCH, Loyalty.DUTCH)),
    ev.GameOver((), "draw-no-cards", 3, 3, (Loyalty.BRITISH, Loyalty.FRENCH)),
    ev.GameOver((), "draw-cap", 3, 3, (Loyalty.BRITISH, Loyalty.FRENCH)),
    *[ev.Talked(0, say) for say in (
        *[Say(TalkKind.CLAIM, about=a, loyalty=lo) for lo in Loyalty for a in (None, 2)],
        *[Say(TalkKind.ACCUSE, about=1, loyalty=lo) for lo in Loyalty],
        Say(TalkKind.VOUCH, about=1), Say(TalkKind.ASK, about=2),
        *[Say(TalkKind.REPORT, slot=3, card=c) for c in EventCard],
        *[Say(TalkKind.REACT, mood=m, about=1 if m is Mood.SUSPECT else None) for m in Mood],
        *[Say(TalkKind.REACT, mood=m, about=1 if m is Mood.SUSPECT else None, vote_no=4, vote=k, result=r, variant=v)
          for m in (Mood.CHEER, Mood.GROAN, Mood.SUSPECT) for k in VoteKind for r in RESULTS[k] for v in range(VARIANTS)],
    )],
]


def test_every_event_class_has_words_in_every_language() -> None:
    classes = _event_classes()
    assert len(classes) >= 30
    missing = classes - {type(e) for e in SAMPLES}
    assert not missing, f"event classes without a sample (and so without tested words): {sorted(c.__name__ for c in missing)}"
    for lang in LANGS:
        i18n.set_language(lang)
        for e in SAMPLES:
            line = event_text(e, NAMES, 0)  # seat 0 owns every private sample
            assert line and "{" not in line and "e1667." not in line, (lang, e, line)
    i18n.set_language("en")
    english = {e: event_text(e, NAMES, 0) for e in SAMPLES}
    for lang in ("de", "nl", "es"):
        i18n.set_language(lang)
        for e in SAMPLES:
            assert event_text(e, NAMES, 0) != english[e], (lang, e)


def test_a_sentence_reads_well() -> None:
    i18n.set_language("en")
    assert event_text(ev.CardRevealed(2, 4, EventCard.PISTOL), NAMES, 0) == "Cleo turns up slot 4: Pistol."
    assert event_text(ev.HandDealt(0, (CBS, SPECIAL)), NAMES, 0) == \
        "Your vote cards: Cannon / British flag / Skull, Cannon / 2 French flags / Skull."
    brawl = event_text(ev.VoteRevealed(VoteKind.BRAWL, (CBS, SPECIAL), True, True), NAMES, 1)
    assert "French flags win 2 to 1" in brawl and "one of them from the deck" in brawl
    i18n.set_language("de")
    assert event_text(ev.TurnStarted(1, 2), NAMES, 0) == "Bart ist am Zug: 2 Aktionen."


def test_a_private_event_of_another_seat_is_worded_as_its_public_twin() -> None:  # T9
    i18n.set_language("en")
    assert event_text(ev.HandDealt(0, (CBS, WFH, SPECIAL)), NAMES, 1) == ""
    assert event_text(ev.LoyaltyDealt(0, Loyalty.FRENCH), NAMES, 1) == ""
    assert event_text(ev.SlotsSeen(0, ((2, EventCard.PISTOL),)), NAMES, None) == ""
    assert event_text(ev.LoyaltySeen(0, 3, Loyalty.FRENCH), NAMES, 3) == ""
    assert event_text(ev.VotePlayed(0, CBS), NAMES, 1) == "Anne has chosen a card."
    assert event_text(ev.VoteCardLost(0, CBS), NAMES, 2) == "Anne loses a vote card."
    assert event_text(ev.VoteCardsDrawn(0, (CBS, WFH)), NAMES, 1) == "Anne draws 2 vote cards."


def test_unknown_values_are_a_clear_error() -> None:
    with pytest.raises(ValueError, match="cause"):
        event_text(ev.Marooned(1, Loc.FD, "kraken"), NAMES, 0)
    with pytest.raises(ValueError, match="treasure place"):
        event_text(ev.TreasureMoved("moon", "galleon", "attack"), NAMES, 0)
    with pytest.raises(ValueError, match="end reason"):
        event_text(ev.GameOver((), "boredom", 1, 1, ()), NAMES, 0)
    with pytest.raises(ValueError, match="no words"):
        event_text(ev.Event(), NAMES, 0)


def _has(word: str, line: str) -> bool:
    """``word`` as a whole word of ``line`` ("Dutch" is not in "Flying Dutchman")."""
    return re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", line) is not None


def _terms(lang: str, prefix: str) -> list[str]:
    return [v for k, v in i18n.catalog(lang).items() if k.startswith(prefix)]


@pytest.mark.parametrize("lang", LANGS)
def test_a_seats_words_never_carry_another_seats_secrets(lang: str) -> None:  # T9.2, T9.3, T9.5
    """Random games, words made from the raw log for each seat: a line that names another seat never holds a
    Vote card symbol (its hand, T9.3) or an Event card name, except the public turn-up and the cards laid in
    front of players (what it viewed, T9.5); a line that names another seat holds that seat's loyalty only
    where this seat saw it (Facade) or 2 players (TR26); a line without names never holds a card this seat
    could not see. Stops at the end, where every loyalty turns up (T7.9)."""
    i18n.set_language(lang)
    symbols = _terms(lang, "e1667.sym.")
    cards = _terms(lang, "e1667.card.")
    loyalty_word = {lo: i18n.translate(lang, f"e1667.loyalty.{lo.value}") for lo in Loyalty}
    rng = random.Random(1667)
    checked = 0
    for game_no in range(12):
        players = 2 + game_no % 8
        g = Game.new(players=players, seed=100 + game_no, names=NAMES[:players])
        while not g.is_over and len(g.log) < 400:
            seat = g.pending()[0].seat
            g.apply(seat, random_action(g, seat, rng))
        for s in range(players):
            knows = {s}
            own_cards_seen: set[EventCard] = set()
            for e in g.log:
                if isinstance(e, ev.GameOver):
                    break
                line = event_text(e, g.names, s)
                if isinstance(e, ev.LoyaltySeen) and e.owner == s:
                    knows.add(e.target)
                    continue  # this seat's own Facade look: it may read that loyalty
                if isinstance(e, ev.SlotsSeen) and e.owner == s:
                    own_cards_seen |= {c for _, c in e.seen}
                    continue
                if isinstance(e, ev.PrivateEvent) and e.owner == s:
                    continue  # this seat's own hand and loyalty
                if isinstance(e, ev.PrivateEvent):
                    twin = e.public()
                    assert line == ("" if twin is None else event_text(twin, g.names, s)), (e, line)
                named = [t for t in range(players) if t != s and g.names[t] in line]
                # events that name a card publicly: turned up, kept, discarded, or the cause of a move
                public_card = isinstance(e, (ev.CardRevealed, ev.CardKept, ev.CardDiscarded, ev.NoEffect,
                                             ev.GameStarted, ev.Marooned, ev.PawnMoved, ev.TreasureMoved,
                                             ev.RowboatDestroyed, ev.LineReversed))
                if not public_card:
                    assert not any(_has(c, line) for c in cards), (lang, s, e, line)
                if not isinstance(e, ev.VoteRevealed):
                    assert not any(_has(sym, line) for sym in symbols), (lang, s, e, line)
                for t in named:
                    if t not in knows and players != 2:
                        word = loyalty_word[g.loyalty[t]]
                        assert not _has(word, line), (lang, s, t, e, line)
                checked += 1
    assert checked > 2000


def test_event_lines_skip_what_a_seat_may_not_see() -> None:
    g = Game.new(players=4, seed=3, names=NAMES[:4])
    i18n.set_language("en")
    own = event_lines(g.log, g.names, 0)
    spectator = event_lines(g.log, g.names, None)
    assert any(line.startswith("Your loyalty card") for line in own)
    assert not any("Your" in line for line in spectator)
    assert len(own) == len(spectator) + 2  # this seat's loyalty and hand


def test_words_import_no_pygame() -> None:
    code = ("import sys; import tortuga_desktop.games.t1667.table.eventtext; "
            "bad = [m for m in sys.modules if m.startswith('pygame')]; print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
