"""Table talk as moves of the game at network Tortuga 1667 tables, all on 127.0.0.1, through the real server.

A person's line (``NetTable1667.say``: a protocol ``Talk``) is carried out by the server's game as a public
``Talked`` event: every other seat and every watcher gets it in its updates, the server's record keeps it and a
table restored from its save still has it; it moves no decision counter. A line the game refuses gets an error
with the game's reason and changes nothing; a seat's table refuses what is no line at all without sending it.
Computer players whose lines are the game's talk (``Say``) speak the same way, as events, with the table's talk
on, and not at all with it off; nothing they say comes twice (events and chat).

Rule ids: T9.7 (talk is free, public, kept in the record, binds nobody).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest
from websockets.sync.client import ClientConnection, connect

from tortuga_desktop.games.t1667.ai.seat import SeatPlayer
from tortuga_desktop.games.t1667.net import run as run_module
from tortuga_desktop.games.t1667.net.run import Run1667
from tortuga_desktop.games.t1667.rules import Loyalty, PlayerView
from tortuga_desktop.games.t1667.rules.events import Event, Talked, TurnStarted
from tortuga_desktop.games.t1667.rules.talk import Mood, Say, TalkKind
from tortuga_desktop.games.t1667.table.engine import T1667Engine, replay
from tortuga_desktop.games.t1667.table.nettable import NetTable1667
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table
from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.table import NotConnected, ViewerError

HOST = "127.0.0.1"
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager:DeprecationWarning")
ACCUSE = Say(TalkKind.ACCUSE, about=1, loyalty=Loyalty.FRENCH)


def start(**config: Any) -> ServerThread:
    st = ServerThread(ServerConfig(host=HOST, port=0, pace_bots=False, **config))
    st.start()
    return st


def make_table(st: ServerThread, kinds: str, seed: int, **options: Any) -> Table:
    specs = [P.SeatSpec(kind="open" if k == "o" else "computer", level="easy", name=f"P{i}")  # type: ignore[arg-type]
             for i, k in enumerate(kinds)]
    table: Table = st.call(lambda s: s.create_table(specs, game="t1667", seed=seed, options=options, listed=True))
    return table


def client_table(st: ServerThread, table: Table, name: str = "", seat: int | None = None,
                 token: str = "") -> NetTable1667:
    c = NetClient(f"{HOST}:{st.port}", code=table.code, table=table.id if token else "", name=name, seat=seat,
                  token=token, backoff_min=0.05, backoff_max=0.2)
    t = NetTable1667(c)
    c.start()
    return t


def watcher_of(st: ServerThread, table: Table) -> NetTable1667:
    w = NetTable1667(NetClient(f"{HOST}:{st.port}"))
    w.client.start()
    w.client.watch(table.id)
    return w


def pump(tables: Sequence[NetTable1667], until: Callable[[], bool], timeout: float = 30.0,
         act: Callable[[NetTable1667], None] | None = None) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for t in tables:
            t.poll()
            if act is not None:
                act(t)
        if until():
            return
        time.sleep(0.005)
    raise AssertionError(f"timed out: {[(t.human_seats, t.state, t.notices, t.decisions) for t in tables]}")


def random_player(rng: random.Random) -> Callable[[NetTable1667], None]:
    def act(t: NetTable1667) -> None:
        for s in t.waiting_for():
            if s in t.human_seats:
                legal = t.prompt(s).legal
                if legal:
                    t.submit(s, rng.choice(legal))
    return act


def engine_of(table: Table) -> T1667Engine:
    assert isinstance(table.game, Run1667)
    return table.game.engine


def talked(events: Sequence[Event]) -> list[Talked]:
    return [e for e in events if isinstance(e, Talked)]


# ---------------------------------------------------------------------------------------------------
def test_a_person_s_line_reaches_every_seat_and_watcher_as_an_event_kept_in_the_record(tmp_path: Path) -> None:
    """T9.7: Ann's accusation reaches Bob's seat and a watcher as a ``Talked`` event (and Ann's own seat), moves no
    decision counter, is in the server's record (as "say accuse 1 french") and in the table's save, and a
    table restored from that save has it in every seat's events; its record replays."""
    st = start(save_dir=tmp_path)
    table = make_table(st, "ooc", seed=6)
    tabs = [client_table(st, table, "Ann", seat=0), client_table(st, table, "Bob", seat=1)]
    watcher = watcher_of(st, table)
    everyone = [*tabs, watcher]
    try:
        pump(tabs, lambda: all(t.human_seats for t in tabs))
        st.call(lambda s: s.start_game(table))
        pump(everyone, lambda: all(t.ready for t in everyone))
        before = st.call(lambda s: table.game.decisions if table.game else -1)
        tabs[0].say(0, ACCUSE)
        line = Talked(0, ACCUSE)
        pump(everyone, lambda: line in tabs[1].events_for(1) and line in watcher.events_for(None)
             and line in tabs[0].events_for(0))
        assert tabs[1].events_for(None)[-1] == line  # the public log made from Bob's own events has it too
        assert st.call(lambda s: table.game.decisions if table.game else -1) == before  # no decision counted
        assert tabs[0].decisions == tabs[1].decisions == before
        record = st.call(lambda s: table.record_dict())
        assert [0, "say accuse 1 french"] in [list(e) for e in record["entries"]]
        save = st.call(lambda s: s.persist.save_data(table))
        assert [0, "say accuse 1 french"] in [list(e) for e in save["record"]["entries"]]
        token = tabs[1].client.token
        for t in everyone:
            t.close()
    finally:
        st.stop()
    st2 = start(save_dir=tmp_path)
    try:
        restored = st2.call(lambda s: s.resume_table(msgspec.json.decode(msgspec.json.encode(save))))
        assert line in engine_of(restored).events_for(None) and line in engine_of(restored).events_for(2)
        bob = client_table(st2, restored, token=token)
        pump([bob], lambda: bob.ready)
        pump([bob], lambda: line in bob.events_for(1))
        assert talked(replay(st2.call(lambda s: restored.record_dict())).events_for(1)) == [line]
        bob.close()
    finally:
        st2.stop()


def test_computer_players_hear_a_person_s_line_and_the_game_goes_on() -> None:
    """Talk said while computer players decide changes nothing of their play: the game goes on to its end with
    the line in it, and a seat's client reads every update (no refusal of a frame with talk in it)."""
    st = start()
    table = make_table(st, "occ", seed=9, talk=True)
    t = client_table(st, table, "Ann", seat=0)
    rng = random.Random(2)
    try:
        pump([t], lambda: bool(t.human_seats))
        st.call(lambda s: s.start_game(table))
        pump([t], lambda: t.ready)
        t.say(0, Say(TalkKind.VOUCH, about=2))
        pump([t], lambda: t.is_over, timeout=60, act=random_player(rng))
        assert Talked(0, Say(TalkKind.VOUCH, about=2)) in t.events_for(0)
        assert not [k for k, _ in t.notices]
    finally:
        t.close()
        st.stop()


# ---------------------------------------------------------------------------------------------------
def open_ws(port: int) -> ClientConnection:
    return connect(f"ws://{HOST}:{port}", max_size=None, open_timeout=5, compression=None, proxy=None)


def send(ws: ClientConnection, msg: Any) -> Any:
    ws.send(P.encode(msg).decode() if isinstance(msg, P._Msg) else msg)
    return P.decode_server(ws.recv(timeout=5))


def read_until(ws: ClientConnection, kind: type, timeout: float = 5.0) -> Any:
    end = time.monotonic() + timeout
    while True:
        msg = P.decode_server(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if isinstance(msg, kind):
            return msg


@pytest.fixture
def lobby() -> Iterator[ServerThread]:
    st = start(lobby=True, rate=1e6, burst=1e6, chat_burst=8, chat_rate=0.01)
    yield st
    st.stop()


def test_a_bad_line_is_refused_with_its_reason_and_changes_nothing(lobby: ServerThread) -> None:
    """Over the socket: a line before the game starts, what is no line of talk, a line naming a seat the table
    lacks, a claim answering oneself, another seat's line, a watcher's line, a line for a seat a computer plays
    now, a fourth line in one turn (T9.7) and talk past the chat's rate: each gets an Error naming the fault
    (its ``ref`` the Talk's id) and the record stays as it was; three lines in a turn are taken, each
    acknowledged in the speaker's update."""
    ws, other, watch = open_ws(lobby.port), open_ws(lobby.port), open_ws(lobby.port)
    try:
        for w in (ws, other, watch):
            assert isinstance(send(w, P.Hello(version=P.PROTOCOL_VERSION, client=P.CLIENT)), P.Welcome)
        table = make_table(lobby, "oo", seed=3)
        assert isinstance(send(ws, P.Join(code=table.code, name="Ann", seat=0)), P.Joined)
        assert isinstance(send(other, P.Join(code=table.code, name="Bob", seat=1)), P.Joined)
        assert isinstance(send(watch, P.Watch(table=table.id)), P.Watching)

        def refused(w: ClientConnection, msg: P.Talk, code: str, words: str) -> None:
            w.send(P.encode(msg).decode())
            err = read_until(w, P.Error)
            assert (err.code, err.ref) == (code, msg.id), err
            assert words in err.message, err.message

        refused(ws, P.Talk(id=1, seat=0, line=str(ACCUSE)), "order", "has not started")
        lobby.call(lambda s: s.start_game(table))
        read_until(ws, P.Update)
        read_until(watch, P.Update)
        record = lobby.call(lambda s: table.record_dict())
        refused(ws, P.Talk(id=2, seat=0, line="say sing loudly"), "malformed", "say")
        refused(ws, P.Talk(id=3, seat=0, line="attack"), "malformed", "not a line of Tortuga 1667's table talk")
        refused(ws, P.Talk(id=4, seat=0, line="say vouch 7"), "talk", "no seat 7")
        refused(ws, P.Talk(id=5, seat=0, line="say claim british to 0"), "talk", "a claim answers another seat")
        refused(ws, P.Talk(id=6, seat=1, line=str(ACCUSE)), "seat", "does not play that seat")
        refused(watch, P.Talk(id=7, seat=0, line=str(ACCUSE)), "seat", "watchers cannot talk")
        # a seat a computer player plays now does not speak in its person's name
        lobby.call(lambda s: setattr(table.slots[1], "bot_level", "easy"))
        refused(other, P.Talk(id=8, seat=1, line="say vouch 0"), "talk", "computer player")
        lobby.call(lambda s: setattr(table.slots[1], "bot_level", None))
        assert lobby.call(lambda s: table.record_dict()) == record
        # three lines a turn (the rules, T9.7), then the chat's rate (8 at once here: ids 2-5 took 4)
        for i, line in enumerate(("say vouch 1", "say ask 1", "say claim french")):
            ws.send(P.encode(P.Talk(id=10 + i, seat=0, line=line)).decode())
            assert read_until(ws, P.Update).ack == 10 + i
        refused(ws, P.Talk(id=13, seat=0, line="say claim dutch"), "talk", "that is enough")
        refused(ws, P.Talk(id=14, seat=0, line="say claim dutch"), "chat_rate", "wait")
        record = lobby.call(lambda s: table.record_dict())
        assert [e[1] for e in record["entries"] if e[1].startswith("say ")] == ["say vouch 1", "say ask 1",
                                                                             "say claim french"]
        # over the protocol's limits: malformed, not carried out
        for raw in ({"type": "Talk", "id": 20, "seat": 0, "line": "say " + "x" * 90},
                    {"type": "Talk", "id": 21, "seat": 9, "line": "say vouch 1"},
                    {"type": "Talk", "id": 22, "seat": 0, "line": "say vouch\n1"},
                    {"type": "Talk", "id": 23, "seat": 0}):
            ws.send(msgspec.json.encode(raw).decode())
            assert read_until(ws, P.Error).code == "malformed"
        assert lobby.call(lambda s: table.record_dict()) == record
    finally:
        for w in (ws, other, watch):
            w.close()


def test_once_the_game_is_over_an_action_is_refused_as_turn_and_a_line_as_talk(lobby: ServerThread) -> None:
    """The server's checks an action and a line of talk share (the seat is the connection's, the game has
    started, it is not over) answer a finished game with the code of each: ``turn`` for an action, ``talk``
    for a line; the record stays as it was."""
    ws = open_ws(lobby.port)
    try:
        assert isinstance(send(ws, P.Hello(version=P.PROTOCOL_VERSION, client=P.CLIENT)), P.Welcome)
        table = make_table(lobby, "oc", seed=3)
        assert isinstance(send(ws, P.Join(code=table.code, name="Ann", seat=0)), P.Joined)
        lobby.call(lambda s: s.start_game(table))
        read_until(ws, P.Update)

        class Over(Run1667):
            @property
            def is_over(self) -> bool:
                return True

        lobby.call(lambda s: setattr(table, "game", Over(engine_of(table), talk=True)))
        record = lobby.call(lambda s: table.record_dict())
        decisions = lobby.call(lambda s: table.game.decisions)  # type: ignore[union-attr]
        ws.send(P.encode(P.Act(id=1, seat=0, decisions=decisions, action="x")).decode())
        err = read_until(ws, P.Error)
        assert (err.code, err.ref, err.message) == ("turn", 1, "the game is over")
        ws.send(P.encode(P.Talk(id=2, seat=0, line=str(ACCUSE))).decode())
        err = read_until(ws, P.Error)
        assert (err.code, err.ref, err.message) == ("talk", 2, "the game is over")
        assert lobby.call(lambda s: table.record_dict()) == record
    finally:
        ws.close()


def test_a_seat_s_table_refuses_what_is_no_line_without_sending_it() -> None:
    """``NetTable1667.say``: not talk, a seat the table lacks: ActionRefused and nothing sent; a seat not played
    here: ViewerError; a line the server refuses comes back as a notice and opens no decision again; the
    connection down: NotConnected."""
    st = start()
    table = make_table(st, "oo", seed=4)
    tabs = [client_table(st, table, "Ann", seat=0), client_table(st, table, "Bob", seat=1)]
    t = tabs[0]
    stopped = False
    try:
        pump(tabs, lambda: all(x.human_seats for x in tabs))
        st.call(lambda s: s.start_game(table))
        pump(tabs, lambda: all(x.ready for x in tabs))
        record = st.call(lambda s: table.record_dict())
        waiting = t.waiting_for()
        for bad in ("attack", "say nonsense", Say(TalkKind.VOUCH, about=5), "say vouch 3", 42):
            with pytest.raises(ActionRefused):
                t.say(0, bad)
        with pytest.raises(ViewerError):
            t.say(1, ACCUSE)
        t.say(0, "say claim british to 0")  # the server's rules refuse it: a notice, the decision stays open
        pump([t], lambda: bool(t.notices))
        assert [k for k, _ in t.notices] == ["net.error.talk"]
        time.sleep(0.2)
        t.poll()
        assert t.waiting_for() == waiting and t.notices == [("net.error.talk", {})]
        assert st.call(lambda s: table.record_dict()) == record
        st.stop()
        stopped = True
        pump([t], lambda: t.state.value != "connected")
        with pytest.raises(NotConnected):
            t.say(0, ACCUSE)
    finally:
        for x in tabs:
            x.close()
        if not stopped:
            st.stop()


def test_an_older_server_s_refusal_of_talk_is_said_plainly() -> None:
    """A server from before ``Talk`` reads it as a malformed message of an unknown type (its decoder lacks
    the type): the error it sends is recognised as such, and a table says so (a notice), opening no
    decision again."""
    old = msgspec.json.Decoder(P.Hello | P.ListTables | P.CreateTable | P.Join | P.Start | P.Act | P.Leave | P.Say
                               | P.Watch)
    with pytest.raises(msgspec.ValidationError) as info:
        old.decode(P.encode(P.Talk(id=1, seat=0, line=str(ACCUSE))))
    err = P.Error(code="malformed", message=f"bad message: {str(info.value)[:200]}")  # as the server words it
    assert P.talk_unknown(err)
    assert not P.talk_unknown(P.Error(code="malformed", message="bad message: Object missing required field `seat`"))
    t = NetTable1667(NetClient(f"{HOST}:1", code="AAAAAAAAA"))
    t._sent[0] = 5  # an action awaiting its answer stays awaited
    t.handle(err)
    assert [k for k, _ in t.notices] == ["net.error.talk_old"] and t._sent == {0: 5}


# ---------------------------------------------------------------------------------------------------
class Talker(SeatPlayer):
    """A computer player whose lines are the game's talk (``Say``): after every turn it hears begin it agrees,
    and, seat 2 only, the third time it speaks names a seat the table lacks instead (a line the game refuses: a
    fault, logged)."""

    def __init__(self, level: str, seed: int) -> None:
        super().__init__(level, seed)
        self.new: list[Event] = []
        self.spoke = 0

    def observe(self, events: Sequence[Event]) -> None:
        super().observe(events)
        self.new += events

    def talk(self, view: PlayerView) -> list[Any]:
        started = any(isinstance(e, TurnStarted) for e in self.new)
        self.new = []
        if not started:
            return []
        self.spoke += 1
        if view.seat == 2 and self.spoke == 3:
            return [Say(TalkKind.VOUCH, about=8)]
        return [Say(TalkKind.REACT, mood=Mood.AGREE)]


def _talkers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run_module, "make_player", lambda level, seed: Talker(level, seed))


def _play(st: ServerThread, table: Table, seed: int) -> tuple[NetTable1667, NetTable1667]:
    t = client_table(st, table, "Ann", seat=0)
    watcher = watcher_of(st, table)
    pump([t], lambda: bool(t.human_seats))
    st.call(lambda s: s.start_game(table))
    pump([t, watcher], lambda: t.ready and watcher.ready)
    pump([t, watcher], lambda: t.is_over and watcher.is_over, timeout=90, act=random_player(random.Random(seed)))
    time.sleep(0.2)
    t.poll()
    watcher.poll()
    return t, watcher


def test_computer_players_talk_moves_arrive_as_events_with_talk_on_and_not_at_all_with_it_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Computer players whose lines are ``Say``. Talk on: each line is carried out by the server (in its record,
    stamped with the computer seat), reaches the person's seat and the watcher as a ``Talked`` event, and comes
    once: no chat line of kind ``bot``, nothing in ``said``; a line the game refuses is a logged fault, not
    sent. Talk off (the table's option): the same players say nothing at all, neither as events nor in the
    chat."""
    _talkers(monkeypatch)
    st = start()
    table = make_table(st, "occc", seed=11, talk=True)
    quiet = make_table(st, "occc", seed=11, talk=False)
    try:
        t, watcher = _play(st, table, seed=4)
        record = st.call(lambda s: table.record_dict())
        errors = st.call(lambda s: s.internal_errors)
        server_events = st.call(lambda s: list(engine_of(table).events_for(0)))
        t.close()
        watcher.close()
        t2, watcher2 = _play(st, quiet, seed=4)
        quiet_record = st.call(lambda s: quiet.record_dict())
        t2.close()
        watcher2.close()
    finally:
        st.stop()
    spoken = [(s, text) for s, text in record["entries"] if text.startswith("say ")]
    assert len(spoken) > 6 and {s for s, _ in spoken} == {1, 2, 3}
    assert {text for _, text in spoken} == {"say react agree"}
    lines = talked(t.events_for(0))
    assert [(e.seat, str(e.say)) for e in lines] == spoken
    assert talked(watcher.events_for(None)) == lines and talked(server_events) == lines
    assert [c for c in t.chat if c.kind == "bot"] == [] and t.said == []
    assert errors == 1  # seat 2's line naming seat 8
    # talk off
    assert not [e for e in quiet_record["entries"] if e[1].startswith("say ")]
    assert talked(t2.events_for(0)) == [] == talked(watcher2.events_for(None))
    assert [c for c in t2.chat if c.kind == "bot"] == [] and t2.said == []


def test_a_decision_frame_and_a_talk_frame_each_make_one_move_on_screen() -> None:
    """A seat's table turns an update that brings talk and no decision into one ``Move`` without an action (so the
    screen shows the line at once), and an update of neither into none."""
    st = start()
    table = make_table(st, "oo", seed=5)
    tabs = [client_table(st, table, "Ann", seat=0), client_table(st, table, "Bob", seat=1)]
    try:
        pump(tabs, lambda: all(t.human_seats for t in tabs))
        st.call(lambda s: s.start_game(table))
        pump(tabs, lambda: all(t.ready for t in tabs))
        for t in tabs:
            t.poll()
        tabs[1].say(1, Say(TalkKind.ASK, about=0))
        got: list[Any] = []
        end = time.monotonic() + 10
        while time.monotonic() < end and not got:
            got = tabs[0].poll()
            time.sleep(0.01)
        assert [(m.seat, m.action) for m in got] == [(1, None)]
        assert tabs[0].events_for(0)[-1] == Talked(1, Say(TalkKind.ASK, about=0))
        time.sleep(0.2)
        assert tabs[0].poll() == []
    finally:
        for t in tabs:
            t.close()
        st.stop()

def test_the_table_screen_shows_another_seat_s_line_once_without_waiting_for_a_decision(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """At Ann's 1667 network table screen (headless), Bob's question arrives as an event and is in the screen's
    log at once (no decision has been made since), worded once: the line is not also an old-style chat line."""
    from tortuga_desktop.games.t1667.table.eventtext import event_text
    from tortuga_desktop.games.t1667.table.netscene import NetTable1667Scene
    from tortuga_desktop.shell.loop import App

    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))
    st = start()
    table = make_table(st, "oo", seed=5)
    tabs = [client_table(st, table, "Ann", seat=0), client_table(st, table, "Bob", seat=1)]
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    try:
        pump(tabs, lambda: all(t.human_seats for t in tabs))
        st.call(lambda s: s.start_game(table))
        pump(tabs, lambda: all(t.ready for t in tabs))
        scene = NetTable1667Scene(tabs[0], speed="instant")
        app.push(scene)
        for _ in range(10):
            app.step(1 / 60)
        decisions = tabs[0].decisions
        line = Talked(1, Say(TalkKind.ASK, about=0))
        tabs[1].say(1, line.say)
        end = time.monotonic() + 10
        while time.monotonic() < end and line not in scene.log_events:
            app.step(1 / 60)
            tabs[1].poll()
            time.sleep(0.01)
        for _ in range(10):
            app.step(1 / 60)
        assert tabs[0].decisions == decisions
        assert scene.log_events.count(line) == 1 and scene.log_shown == len(scene.log_events)
        words = event_text(line, tabs[0].names, 0)
        assert words and scene.talk == [] and tabs[0].said == []
    finally:
        for t in tabs:
            t.close()
        app.close()
        st.stop()


def test_a_1667_client_from_before_talk_moves_is_offered_no_1667_table() -> None:
    """A client whose Hello does not say it reads talk moves (``+reads:talk``; an older version, which would
    refuse every update carrying a ``Talked`` event) is not offered the 1667 tables: the list leaves them out
    and a join or watch is refused with "update it", as for a client from before the game; dice tables stay
    its own. A client that says it reads them joins."""
    st = start(lobby=True, rate=1e6, burst=1e6)
    try:
        table = make_table(st, "oo", seed=2)
        dice: Table = st.call(lambda s: s.create_table([P.SeatSpec(kind="open"), P.SeatSpec(kind="computer")],
                                                       listed=True))
        old, new = open_ws(st.port), open_ws(st.port)
        try:
            assert isinstance(send(old, P.Hello(version=P.PROTOCOL_VERSION, client="tortuga+t1667+chat:bot")),
                              P.Welcome)
            assert isinstance(send(new, P.Hello(version=P.PROTOCOL_VERSION, client=P.CLIENT)), P.Welcome)
            listed = send(old, P.ListTables())
            assert [t.table for t in listed.tables] == [dice.id]
            for msg in (P.Join(code=table.code, name="Old"), P.Watch(table=table.id)):
                err = send(old, msg)
                assert isinstance(err, P.Error) and err.code == "denied" and "update it" in err.message
            assert {t.game for t in send(new, P.ListTables()).tables} == {"t1667", P.DEFAULT_GAME}
            assert isinstance(send(new, P.Join(code=table.code, name="New")), P.Joined)
        finally:
            old.close()
            new.close()
    finally:
        st.stop()
