"""Tortuga 1667 as the shell's Engine (t1667/table/engine.py) and at the generic LocalTable:
deciders from pending (T4.3 votes are simultaneous), refusals, per-viewer events (T9), vote cards
known only to the voter (T9.4), record and replay; whole games through the table."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from t1667_helpers import finished_record, game

from tortuga_desktop.games.t1667.ai.seat import FACTORY, make_player
from tortuga_desktop.games.t1667.rules import (
    Action,
    Event,
    Game,
    GameRecord,
    PlayerView,
    PrivateEvent,
    RecordError,
    Vote,
    parse_action,
)
from tortuga_desktop.games.t1667.rules import replay as rules_replay
from tortuga_desktop.games.t1667.rules.events import Talked
from tortuga_desktop.games.t1667.rules.talk import Mood, Say, TalkKind
from tortuga_desktop.games.t1667.table.engine import T1667Engine, replay, replay_table
from tortuga_desktop.shell.engine import ActionRefused, Choice
from tortuga_desktop.shell.table import BotSpec, LocalTable, ViewerError


def test_T4_3_deciders_come_from_pending_a_vote_has_several() -> None:
    e = T1667Engine(game(hands={"0": "WFH TBS CBS", "1": "TFS CFS WBH"}, vote_deck="CBBH"))
    assert e.deciders() == (0,)
    e.apply(0, e.parse_action("attack"))
    assert e.deciders() == (0, 1)  # both on the Flying Dutchman vote at once
    e.apply(1, e.parse_action("vote WBH"))
    assert e.deciders() == (0,) and e.legal_actions(1) == ()


def test_refused_actions_are_ActionRefused_and_change_nothing() -> None:
    e = T1667Engine.new(4, seed=5)
    g_before = e.view(None), e.decisions, [e.view(s) for s in range(4)]
    other = next(s for s in range(4) if s not in e.deciders())
    with pytest.raises(ActionRefused):
        e.parse_action("fly to the moon")
    with pytest.raises(ActionRefused):
        e.apply(other, e.legal_actions(e.deciders()[0])[0])  # not this seat's turn
    with pytest.raises(ActionRefused):
        e.apply(e.deciders()[0], e.parse_action("vote WBH"))  # not legal now
    with pytest.raises(ActionRefused):
        e.apply(e.deciders()[0], "view 1 2")  # type: ignore[arg-type]  # text, not an action
    assert (e.view(None), e.decisions, [e.view(s) for s in range(4)]) == g_before


def test_T9_events_are_indexed_per_viewer_and_redacted() -> None:
    g = Game.new(5, seed=2)
    e = T1667Engine(g)
    rng = random.Random(3)
    for _ in range(40):
        seat = e.deciders()[rng.randrange(len(e.deciders()))]
        e.apply(seat, rng.choice(list(e.legal_actions(seat))))
        for viewer in (None, 0, 3):
            mine = e.events_for(viewer)
            assert list(mine) == g.events_for(viewer)
            assert list(e.events_for(viewer, 7)) == list(mine[7:])
    assert not any(isinstance(x, PrivateEvent) for x in e.events_for(None))
    assert all(x.owner == 3 for x in e.events_for(3) if isinstance(x, PrivateEvent))
    with pytest.raises(ValueError):
        e.events_for(5)
    with pytest.raises(ValueError):
        e.view(-1)


def test_T9_4_a_vote_card_is_known_only_to_its_voter() -> None:
    e = T1667Engine.new(4, seed=1)
    vote, attack = Vote(next(iter(e.view(0).hand))), e.parse_action("attack")
    assert e.action_visible(2, vote, 2) and not e.action_visible(2, vote, 1)
    assert not e.action_visible(2, vote, None) and e.action_visible(2, attack, None)


def test_record_is_json_ready_and_replays_to_the_same_position() -> None:
    e = T1667Engine.new(6, seed=11)
    rng = random.Random(1)
    while not e.is_over:
        seat = e.deciders()[0]
        e.apply(seat, rng.choice(list(e.legal_actions(seat))))
    data = json.loads(json.dumps(e.record()))
    again = replay(data)
    assert again.is_over and again.outcome == e.outcome
    assert [again.view(s) for s in range(6)] == [e.view(s) for s in range(6)]
    assert list(again.events_for(None)) == list(e.events_for(None))
    bad = dict(data, entries=[*data["entries"][:3], [0, "mutiny"]])
    with pytest.raises(RecordError):
        replay(bad)
    with pytest.raises(RecordError):
        replay({"format": 1})


# ------------------------------------------------------------------ whole games at the LocalTable

#: per (level, seed): what each spy player was handed, in order: (view, legal, events so far)
HANDED: dict[tuple[str, int], list[tuple[PlayerView, tuple[Action, ...], tuple[Event, ...]]]] = {}


class Spy:
    """A 1667 computer player that notes everything it is handed."""

    def __init__(self, level: str, seed: int) -> None:
        self.inner = make_player(level, seed)
        self.events: list[Event] = []
        self.log = HANDED.setdefault((level, seed), [])

    def observe(self, events: Sequence[Event]) -> None:
        self.events += events
        self.inner.observe(events)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice[Action]:
        self.log.append((view, tuple(legal), tuple(self.events)))
        return self.inner.decide(view, legal)


def spy_player(level: str, seed: int) -> Spy:
    return Spy(level, seed)


def _play(players: int, humans: tuple[int, ...], seed: int, level: str) -> tuple[LocalTable[Any, Action, Event], Game]:
    HANDED.clear()
    engine = T1667Engine.new(players, seed)
    bots = {s: BotSpec("test_1667_table_engine:spy_player", level, 1000 * seed + s)
            for s in range(players) if s not in humans}
    kinds = ["human" if s in humans else level for s in range(players)]
    t: LocalTable[Any, Action, Event] = LocalTable(engine, names=engine.names, kinds=kinds, humans=humans,
                                                   bots=bots, think="inline")
    rng = random.Random(seed)
    steps = 0
    while not t.is_over:
        steps += 1
        assert steps < 5000
        t.poll()
        for seat in t.waiting_for():
            if seat in humans:
                p = t.prompt(seat)
                assert p.open
                if steps % 25 == 0:  # the human is handed exactly its seat's view (checked on a replay)
                    assert p.view == _replayed(t).view(seat)
                t.submit(seat, rng.choice(p.legal))
    assert t.notices == []
    return t, _replayed(t)


def _replayed(t: LocalTable[Any, Action, Event]) -> Game:
    record = t.record()
    assert record is not None
    return rules_replay(GameRecord.from_dict(dict(record)))


def _check_handed_by_replay(g: Game, players: int, bots: dict[int, tuple[str, int]]) -> None:
    """Everything each computer seat was handed equals what that seat may see at some moment between its
    previous decision and this one, in an independent replay of the game (privacy by construction)."""
    entries = g.entries
    for seat, key in bots.items():
        handed = HANDED[key]
        mine = [i for i, (s, _t) in enumerate(entries) if s == seat]
        assert len(handed) == len(mine)
        fresh = Game.new(players, g.seed, names=g.names)
        at = 0
        prev = -1

        for (view, legal, events), mine_i in zip(handed, mine, strict=True):
            ok = False
            while at <= mine_i:
                if at > prev and fresh.view(seat) == view:
                    assert tuple(fresh.legal_actions(seat)) == legal
                    assert list(events) == fresh.events_for(seat)
                    ok = True
                    break
                s, text = entries[at]
                fresh.apply(s, parse_action(text))
                at += 1
            assert ok, f"seat {seat} was handed something it may not see"
            prev = mine_i


@pytest.mark.parametrize(("players", "humans", "level"), [(2, (), "easy"), (5, (1, 3), "normal"), (9, (0,), "easy")])
def test_T9_whole_games_at_the_table_hand_each_seat_only_its_own(players: int, humans: tuple[int, ...],
                                                                 level: str) -> None:
    t, g = _play(players, humans, seed=players, level=level)
    assert g.is_over and t.is_over and g.snapshot() == _replayed(t).snapshot()
    assert t.view(None) == g.view(None)
    for h in humans:
        assert t.view(h) == g.view(h) and list(t.events_for(h)) == g.events_for(h)
    _check_handed_by_replay(g, players, {s: (level, 1000 * players + s) for s in range(players) if s not in humans})


def test_factory_builds_every_level() -> None:
    for level in ("random", "easy", "normal", "hard"):
        p = BotSpec(FACTORY, level, 1).build()
        g = Game.new(3, seed=1)
        seat = g.pending()[0].seat
        p.observe(g.events_for(seat))
        c = p.decide(g.view(seat), g.legal_actions(seat))
        assert c.action in g.legal_actions(seat) and c.reason is not None


def test_the_handed_check_catches_a_leak() -> None:
    """The privacy check can fail: a computer seat handed another seat's hand is caught."""
    _t, g = _play(4, (), seed=4, level="easy")
    key = ("easy", 4000 + 1)
    view, legal, events = HANDED[key][0]
    HANDED[key][0] = (dataclasses.replace(view, hand=g.view(2).hand + view.hand), legal, events)
    with pytest.raises(AssertionError):
        _check_handed_by_replay(g, 4, {1: key})


def test_docstring_examples() -> None:
    import doctest

    from tortuga_desktop.games.t1667.table import engine as engine_module

    assert doctest.testmod(engine_module).failed == 0


# ------------------------------------------------------------------ table talk (T9.7)
def _solo(players: int, seed: int, level: str = "normal", chat: bool = True) -> LocalTable[Any, Action, Event]:
    engine = T1667Engine.new(players, seed)
    bots = {s: BotSpec(FACTORY, level, 50 + s) for s in range(1, players)}
    t: LocalTable[Any, Action, Event] = LocalTable(engine, names=engine.names, kinds=["human"] + [level] * (players - 1),
                                                   humans=[0], bots=bots, think="inline")
    t.bot_chat = chat
    return t


def _finish(t: LocalTable[Any, Action, Event], seed: int) -> None:
    rng = random.Random(seed)
    while not t.is_over:
        t.poll()
        if 0 in t.waiting_for():
            t.submit(0, rng.choice(t.prompt(0).legal))


def test_T9_7_bots_talk_at_the_table_as_moves_and_say_nothing_with_chat_off() -> None:
    talk = _solo(5, seed=7)
    _finish(talk, 1)
    lines = [e for e in talk.events_for(None) if isinstance(e, Talked)]
    assert lines and all(e.seat != 0 for e in lines) and talk.said == []  # every line is a move of the game
    assert {e.say.mood for e in lines if e.say.kind is TalkKind.REACT} <= {Mood.CHEER, Mood.GROAN, Mood.SUSPECT}
    quiet = _solo(5, seed=7, chat=False)
    _finish(quiet, 1)
    assert quiet.said == [] and not any(isinstance(e, Talked) for e in quiet.events_for(None))


def test_T9_7_TR26_a_bot_claims_its_loyalty_when_asked_and_never_lies_to_one_who_knows() -> None:
    t = _solo(2, seed=3)
    t.ask(1, 0)
    t.ask(1, None)
    t.poll()
    claims = [e.say for e in t.events_for(None) if isinstance(e, Talked) and e.say.kind is TalkKind.CLAIM]
    truth = t.engine.view(None).loyalties[1]  # 2 players: both loyalties are shown (TR26)
    assert claims[0] == Say(TalkKind.CLAIM, about=0, loyalty=truth)
    assert claims[1].about is None and claims[1].loyalty is truth


def test_1667_bots_in_a_worker_process_play_the_same_game_as_inline() -> None:
    """Views, events, actions and reasons cross to the worker and back; the worker builds each bot from its
    BotSpec and is sent only its seat's events and view: the same seeds give the same game."""
    records = []
    for think in ("inline", "process"):
        engine = T1667Engine.new(4, seed=12)
        bots = {s: BotSpec(FACTORY, ("easy", "normal")[s % 2], 70 + s) for s in range(4)}
        with LocalTable(engine, names=engine.names, kinds=["easy", "normal"] * 2, humans=(), bots=bots,
                        think=think) as t:
            reasons = []
            while not t.is_over:
                reasons += [m.reason for m in t.poll(0.05)]
            assert t.notices == [] and all(r is not None for r in reasons)
            records.append(t.record())
    assert records[0] == records[1]


# ------------------------------------------------------------------ replays (shell/replay.py)
def test_T9_a_replay_from_a_seat_shows_what_that_seat_knew_at_each_step() -> None:
    data = finished_record(5, 8)
    r = replay_table(data, 2)
    entries = data["entries"]
    fresh = Game.new(5, data["setup"]["seed"], names=data["setup"]["names"])
    assert r.length == len(entries) and r.position == 0 and r.human_seats == (2,)
    while (m := r.step()) is not None:
        seat, text = entries[r.position - 1]
        fresh.apply(seat, parse_action(text))
        assert r.view(2) == fresh.view(2) and r.view(None) == fresh.view(None)
        assert list(r.events_for(2)) == fresh.events_for(2)
        secret = text.startswith("vote") and seat != 2
        assert m.seat == seat and (m.action is None) == secret and (secret or str(m.action) == text)
    assert r.is_over and r.view(None).loyalties == tuple(fresh.loyalty)  # T7.9: all turn up at the end
    r.seek(10)
    assert r.position == 10 and r.prompt(2).legal == () and r.prompt(2).view == r.view(2)
    back = Game.new(5, data["setup"]["seed"], names=data["setup"]["names"])
    for seat, text in entries[:10]:
        back.apply(seat, parse_action(text))
    assert r.view(2) == back.view(2)
    with pytest.raises(ViewerError):
        r.view(3)
    with pytest.raises(ActionRefused):
        r.submit(2, "view 1 2")
    with pytest.raises(ValueError):
        r.seek(len(entries) + 1)


def test_a_public_replay_shows_no_seat_and_a_damaged_record_shows_nothing() -> None:
    data = finished_record(4, 2)
    r = replay_table(data, None)
    r.seek(r.length)
    assert r.viewers == frozenset({None}) and r.human_seats == () and r.is_over
    with pytest.raises(ViewerError):
        r.prompt(0)
    assert not any(isinstance(x, PrivateEvent) for x in r.events_for(None))
    bad = dict(data, entries=[*data["entries"][:-1], [0, "mutiny"]])
    with pytest.raises(RecordError):
        replay_table(bad, 1)
