"""Table talk as moves at the shell's tables (``GameTable.say``, ``LocalTable``, ``ReplayTable``): a human's line
and a computer player's line become events of the game every seat hears, in the game's record, right after the
move they follow; nothing said moves the decision counter; a line the game refuses changes nothing.

Rule ids: T9.7 (talk is free and public).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

import pytest

from tortuga_desktop.games.t1667.ai.bots import make_bot
from tortuga_desktop.games.t1667.rules import Action, Loyalty, PlayerView
from tortuga_desktop.games.t1667.rules.events import Event, Talked, TurnStarted
from tortuga_desktop.games.t1667.rules.talk import Mood, Say, TalkKind
from tortuga_desktop.games.t1667.table.engine import T1667Engine, replay, replay_table
from tortuga_desktop.shell.engine import ActionRefused, Choice
from tortuga_desktop.shell.table import BotSpec, LocalTable, ViewerError

HEARD: dict[int, list[Event]] = {}
#: per seat: how many events it had heard each time it spoke
SPOKE_AT: dict[int, list[int]] = {}


class Talker:
    """An Easy bot that says a line after every turn it hears begin, and (seat 2) one the game refuses."""

    def __init__(self, level: str, seed: int) -> None:
        self.inner = make_bot(level, seed)
        self.seat: int | None = None
        self.turns = 0
        self.new: list[Event] = []

    def observe(self, events: Sequence[Event]) -> None:
        self.inner.observe(events)
        self.new += events

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice[Action]:
        return Choice(self.inner.decide(view, legal).action)

    def talk(self, view: PlayerView) -> list[object]:
        HEARD.setdefault(view.seat, []).extend(self.new)
        started = sum(isinstance(e, TurnStarted) for e in self.new)
        self.new = []
        if not started:
            return []
        if view.seat == 2:
            return [Say(TalkKind.VOUCH, about=8)]  # no seat 8 at this table: the game refuses it
        SPOKE_AT.setdefault(view.seat, []).append(len(HEARD[view.seat]))
        return [Say(TalkKind.REACT, mood=Mood.AGREE)]

    def answer(self, view: PlayerView, asker: int | None) -> list[object]:
        return []


def talker(level: str, seed: int) -> Talker:
    return Talker(level, seed)


def _table(players: int = 4, humans: tuple[int, ...] = (0,), seed: int = 5) -> LocalTable[Any, Action, Event]:
    engine = T1667Engine.new(players, seed)
    bots = {s: BotSpec("test_1667_talk_plumbing:talker", "easy", s) for s in range(players) if s not in humans}
    kinds = ["human" if s in humans else "easy" for s in range(players)]
    return LocalTable(engine, names=engine.names, kinds=kinds, humans=humans, bots=bots, think="inline")


def test_a_human_s_line_is_an_event_every_seat_hears_and_moves_no_clock() -> None:  # T9.7
    HEARD.clear()
    t = _table()
    t.poll()
    before = t.engine.decisions
    t.say(0, Say(TalkKind.ACCUSE, about=3, loyalty=Loyalty.FRENCH))
    line = Talked(0, Say(TalkKind.ACCUSE, about=3, loyalty=Loyalty.FRENCH))
    assert t.events_for(0)[-1] == line and t.events_for(None)[-1] == line
    assert t.engine.decisions == before
    assert all(line in HEARD[s] for s in (1, 2, 3))  # the computer seats heard it at once
    with pytest.raises(ViewerError):
        t.say(1, Say(TalkKind.REACT, mood=Mood.CHEER))  # a computer seat is not spoken for here
    with pytest.raises(ActionRefused):
        t.say(0, Say(TalkKind.VOUCH, about=0))  # the game refuses it: nothing changes
    with pytest.raises(ActionRefused):
        t.say(0, "hello")  # not the game's talk
    assert replay(t.record() or {}).events_for(None) == t.events_for(None)
    t.close()


def test_computer_players_lines_are_kept_in_the_game_right_after_what_they_heard(caplog: pytest.LogCaptureFixture) -> None:
    HEARD.clear()
    SPOKE_AT.clear()
    t = _table(humans=(0,), seed=9)
    rng = random.Random(9)
    caplog.set_level(logging.WARNING)
    for _ in range(400):
        if t.is_over:
            break
        seen = -1
        while seen != len(t.engine.events_for(None, 0)):  # frames go by before a human moves: what the
            seen = len(t.engine.events_for(None, 0))      # computer seats said of the last move has come in
            t.poll()
        for seat in t.waiting_for():
            if seat == 0:
                t.submit(0, rng.choice(t.prompt(0).legal))
    events = list(t.events_for(None))
    said = [(i, e) for i, e in enumerate(events) if isinstance(e, Talked)]
    assert said and {e.seat for _, e in said} == {1, 3}  # seat 2's lines were refused
    assert "seat 2 said a line the game refused" in caplog.text
    for seat in (1, 3):  # each line comes right after what its speaker had heard: only talk in between
        own = list(t.engine.events_for(seat, 0))
        at = [i for i, e in enumerate(own) if isinstance(e, Talked) and e.seat == seat]
        assert len(at) == len(SPOKE_AT[seat])
        for i, heard in zip(at, SPOKE_AT[seat], strict=True):
            assert heard <= i and all(isinstance(e, Talked) for e in own[heard:i]), (seat, heard, own[heard:i + 1])
    again = replay(t.record() or {})
    assert again.events_for(None) == t.events_for(None) and again.decisions == t.engine.decisions
    t.close()


def test_a_replay_shows_the_talk_in_its_place_and_takes_none() -> None:
    HEARD.clear()
    t = _table(humans=(0,), seed=3)
    t.poll()
    t.say(0, Say(TalkKind.CLAIM, loyalty=Loyalty.DUTCH))
    record = t.record() or {}
    r = replay_table(record, None)
    r.seek(r.length)
    assert r.events_for(None)[-1] == Talked(0, Say(TalkKind.CLAIM, loyalty=Loyalty.DUTCH))
    with pytest.raises(ActionRefused):
        r.say(0, Say(TalkKind.CLAIM, loyalty=Loyalty.BRITISH))
    t.close()
