"""Tortuga 1667 over the network (issue 28, "Network play"), all on 127.0.0.1.

The server hosts 1667 tables beside dice tables; each seat is sent only its view, events and legal
actions (T9), a watcher the public ones; votes are open on every voter's screen at once; bad input
over the socket gets a clear error and changes nothing; a client (or the server) that restarts gets
its seat back; chat is the table's talk; the table list says which game a table plays.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from websockets.sync.client import ClientConnection, connect

from tortuga_desktop.devtools.hidden1667 import resample_hidden
from tortuga_desktop.games.t1667.net import codec as C
from tortuga_desktop.games.t1667.net.run import Run1667
from tortuga_desktop.games.t1667.rules import Game, Kind, Loyalty, PrivateEvent
from tortuga_desktop.games.t1667.rules.events import Talked, VotePlayed, VoteRevealed
from tortuga_desktop.games.t1667.rules.talk import Say, TalkKind
from tortuga_desktop.games.t1667.table.engine import T1667Engine
from tortuga_desktop.games.t1667.table.nettable import NetTable1667
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.server import ServerConfig, ServerThread, Table
from tortuga_desktop.shell.table import NotConnected, ViewerError

HOST = "127.0.0.1"
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager:DeprecationWarning")


def start(**config: Any) -> ServerThread:
    st = ServerThread(ServerConfig(host=HOST, port=0, pace_bots=False, **config))
    st.start()
    return st


def seats(*kinds: str, level: str = "easy") -> list[P.SeatSpec]:
    return [P.SeatSpec(kind=k, level=level, name=f"P{i}") for i, k in enumerate(kinds)]  # type: ignore[arg-type]


def make_table(st: ServerThread, kinds: str, seed: int, level: str = "easy", **kw: Any) -> Table:
    specs = seats(*["open" if k == "o" else "computer" if k == "c" else "local" for k in kinds], level=level)
    table: Table = st.call(lambda s: s.create_table(specs, game="t1667", seed=seed, **kw))
    return table


def client_table(st: ServerThread, table: Table, name: str = "", token: str = "",
                 seat: int | None = None) -> NetTable1667:
    c = NetClient(f"{HOST}:{st.port}", code=table.code, table=table.id if token else "", name=name, token=token,
                  seat=seat, backoff_min=0.05, backoff_max=0.2)
    t = NetTable1667(c)
    c.start()
    return t


def pump(tables: list[NetTable1667], until: Callable[[], bool], timeout: float = 20.0,
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
    state = [(t.human_seats, t.waiting_for(), t._sent, t.decisions, t.state, t.notices, t._legal, t.view(t.human_seats[0]).vote if t.ready else None,
              t.view(t.human_seats[0]).pending if t.ready else None) for t in tables]
    raise AssertionError(f"timed out: {state}")


def random_player(rng: random.Random) -> Callable[[NetTable1667], None]:
    """Plays each human seat of a table at random, calling votes (attack, mutiny, brawl) when it can
    four times in five, so that votes are many."""
    def act(t: NetTable1667) -> None:
        for s in t.waiting_for():
            if s in t.human_seats:
                p = t.prompt(s)
                calls = [a for a in p.legal if str(a) in ("attack", "mutiny", "brawl")]
                if calls and rng.random() < 0.8:
                    t.submit(s, rng.choice(calls))
                elif p.legal:
                    t.submit(s, rng.choice(p.legal))
    return act


def talking_player(rng: random.Random) -> Callable[[NetTable1667], None]:
    """:func:`random_player`, and besides, now and then, each human seat says a random line of table talk
    (T9.7: claims, accusations, vouching, asking; some the rules refuse: said too often in a turn)."""
    play = random_player(rng)

    def act(t: NetTable1667) -> None:
        if t.ready and not t.is_over and rng.random() < 0.05:
            seat = rng.choice(t.human_seats)
            other = rng.choice([s for s in range(t.players) if s != seat])
            loyalty = rng.choice(list(Loyalty))
            line = rng.choice([Say(TalkKind.CLAIM, loyalty=loyalty), Say(TalkKind.ACCUSE, about=other, loyalty=loyalty),
                               Say(TalkKind.VOUCH, about=other), Say(TalkKind.ASK, about=other)])
            with contextlib.suppress(NotConnected):
                t.say(seat, line)
        play(t)
    return act


def json_data(x: Any) -> Any:
    """Data as it reads back from JSON (tuples become lists)."""
    return msgspec.json.decode(msgspec.json.encode(x))


def engine_of(table: Table) -> T1667Engine:
    assert isinstance(table.game, Run1667)
    return table.game.engine


def game_of(table: Table) -> Game:
    g: Game = engine_of(table)._game  # the live rules state (the test's privileged look)
    return g


# ---------------------------------------------------------------------------------------------------
def test_two_clients_and_computer_players_play_a_whole_1667_game_with_simultaneous_votes() -> None:
    """Two remote players (random moves through the network table) and two computer players play to
    the end; both screens see the same outcome as the server; votes were held, each voter's prompt
    was open on its own screen while the other's was (T4.3: simultaneous), and each screen learnt
    only its own card (its VotePlayed) before the turn-up."""
    st = start()
    table = make_table(st, "oocc", seed=11, level="normal")
    tabs = [client_table(st, table, "Ann", seat=0), client_table(st, table, "Bob", seat=1)]
    rng = random.Random(5)
    both_open = voted = 0
    try:
        pump(tabs, lambda: all(t.human_seats for t in tabs))
        assert [t.human_seats for t in tabs] == [(0,), (1,)]
        st.call(lambda s: s.start_game(table))
        pump(tabs, lambda: all(t.ready for t in tabs))

        def act(t: NetTable1667) -> None:
            """A voter waits to vote until every remote voter still to choose has its prompt open on its
            own screen: were votes taken one seat after another, this would never happen (time-out)."""
            nonlocal both_open
            seat = t.human_seats[0]
            vote = t.view(seat).vote
            if vote is not None and seat in t.waiting_for():
                due = {d.seat for d in t.view(seat).pending if d.kind is Kind.VOTE}
                others = [x for x in tabs if x is not t and x.human_seats[0] in due]
                if not all(x.human_seats[0] in x.waiting_for() and x.view(x.human_seats[0]).vote is not None
                           for x in others):
                    return
                both_open += bool(others)
            random_player(rng)(t)

        pump(tabs, lambda: all(t.is_over for t in tabs), timeout=60, act=act)
        outcome = st.call(lambda s: engine_of(table).outcome)
        assert outcome is not None
        for t in tabs:
            seat = t.human_seats[0]
            assert t.view(None).outcome == outcome == t.view(seat).outcome
            mine = t.events_for(seat)
            assert any(isinstance(e, VoteRevealed) for e in mine)  # votes were held (T4)
            played = [e for e in mine if isinstance(e, VotePlayed)]
            assert all(e.owner == seat for e in played)  # its own cards only (T9.4)
            voted += len(played)
            assert not any(isinstance(e, PrivateEvent) and e.owner != seat for e in mine)
            assert list(mine) == list(st.call(lambda s, seat=seat: engine_of(table).events_for(seat)))
        assert voted > 0
        assert both_open > 0, "never were both remote voters' prompts open at once"
        assert tabs[0].kinds == ("human", "remote", "normal", "normal")
    finally:
        for t in tabs:
            t.close()
        st.stop()


# ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("kinds", "seed"), [("oo", 3), ("ooc", 8), ("oocco", 21)])
def test_every_1667_frame_a_seat_receives_is_a_function_of_its_view(kinds: str, seed: int) -> None:
    """THE NETWORK PRIVACY PROPERTY: every Update frame the server sends (the exact bytes, caught at
    the socket's door with the live game) is built from what its seat may know. For each frame:
    its view, events and legal actions are the seat's own (``view(seat)``, the next slice of
    ``events_for(seat)``, ``legal_actions(seat)``); no other seat's private event is in it; and the
    same frame built from a game that differs only in what the seat may not know (other loyalties,
    other hands, other voters' chosen cards, unviewed row and deck cards, re-dealt by
    ``resample_hidden``) is byte for byte the same. A watcher's frames hold the public view and
    events only, checked the same way for the public. The people at the table talk now and then
    (T9.7): the frames that carry their lines are checked alike."""
    st = start()
    rng = random.Random(seed)
    problems: list[str] = []
    frames: dict[int, int] = {}
    changed = 0

    def capture(tbl: Table, seat: int, raw: bytes) -> None:
        nonlocal changed
        run = tbl.game
        assert isinstance(run, Run1667)
        g = game_of(tbl)
        viewer = None if seat == P.SPECTATOR else seat
        frames[seat] = frames.get(seat, 0) + 1
        msg = P.decode_server(raw)
        if not isinstance(msg, P.Update) or msg.seat != seat:
            problems.append(f"not an update for seat {seat}")
            return
        view, events, legal = json_data(run.seat_data(viewer, msg.first))
        if msg.view != view or msg.legal != (None if viewer is None else legal):
            problems.append(f"seat {seat}: the view or legal actions are not the seat's")
        if msg.events != events[:len(msg.events)]:
            problems.append(f"seat {seat}: the events are not the seat's next events")
        for e in C.events_from_json(msg.events, viewer):  # refuses another seat's private event
            if isinstance(e, PrivateEvent) and e.owner != viewer:
                problems.append(f"seat {seat}: got seat {e.owner}'s private event")
        other = resample_hidden(g, viewer, rng)
        legal_other = [] if viewer is None else [str(a) for a in other.legal_actions(viewer)]
        again = P.encode(P.Update(table=msg.table, seat=seat, view=C.view_to_json(other.view(viewer)),
                                  events=msg.events, first=msg.first, ack=msg.ack, decisions=other.decisions,
                                  legal=None if viewer is None else legal_other))
        if again != raw:
            problems.append(f"seat {seat}: the frame depends on a fact the seat may not know")
        # the re-deal does change what the seat cannot see (else this test could not fail)
        nxt = 0 if viewer is None else (viewer + 1) % g.players
        changed += other.view(nxt) != g.view(nxt)

    table = make_table(st, kinds, seed=seed)
    st.call(lambda s: setattr(table, "capture", capture))
    humans = kinds.count("o")
    tabs = [client_table(st, table, f"N{i}", seat=i) for i, k in enumerate(kinds) if k == "o"]
    watcher = NetClient(f"{HOST}:{st.port}")
    watcher.start()
    try:
        pump(tabs, lambda: sum(len(t.human_seats) for t in tabs) == humans)
        watcher.watch(table.id, table.code)
        st.call(lambda s: s.start_game(table))
        pump(tabs, lambda: all(t.is_over for t in tabs), timeout=60, act=talking_player(rng))
        talk = st.call(lambda s: [e for e in engine_of(table).events_for(None) if isinstance(e, Talked)])
    finally:
        for t in tabs:
            t.close()
        watcher.close()
        st.stop()
    assert not problems, problems[:5]
    assert len(talk) >= 3  # the frames checked carried talk
    assert set(frames) == {i for i, k in enumerate(kinds) if k == "o"} | {P.SPECTATOR}
    assert sum(frames.values()) > 20 and changed > 5


def test_the_privacy_check_catches_a_frame_that_leaks() -> None:
    """The check above can fail: a frame that carries another seat's hand differs once that hand is re-dealt."""
    g = Game.new(5, 4)
    rng = random.Random(1)
    leaks = 0
    for _ in range(10):
        other = resample_hidden(g, 0, rng)
        leaks += C.view_to_json(other.view(1)) != C.view_to_json(g.view(1))
    assert leaks > 0


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
    st = start(lobby=True, rate=1e6, burst=1e6)
    yield st
    st.stop()


def test_bad_1667_input_gets_a_clear_error_and_changes_nothing(lobby: ServerThread) -> None:
    """Malformed and illegal 1667 actions, the dice game's actions, another seat's action, a stale one and
    bad setups are refused with a clear error; the game's record is unchanged."""
    ws = open_ws(lobby.port)
    assert isinstance(send(ws, P.Hello(version=P.PROTOCOL_VERSION, client=P.CLIENT)), P.Welcome)
    # bad setups
    for bad in (P.CreateTable(seats=seats(*["open"] * 10), game="t1667"),
                P.CreateTable(seats=seats("open", "open"), starred=["rum", "winds", "scurvy"])):
        ws.send(P.encode(bad).decode())
        err = P.decode_server(ws.recv(timeout=5))
        assert isinstance(err, P.Error) and err.code == "malformed"
        assert any(w in err.message for w in ("seats", "starred"))
    err = send(ws, P.CreateTable(seats=seats("open", "open"), game="t1667", starred=["rum", "rum", "nope"]))
    assert isinstance(err, P.Error) and err.code == "denied" and "1667" in err.message
    created = send(ws, P.CreateTable(seats=seats("open", "computer"), game="t1667"))
    assert isinstance(created, P.Created)
    joined = send(ws, P.Join(code=created.code, name="Ann"))
    assert isinstance(joined, P.Joined) and joined.seats == [0]
    lobby.call(lambda s: s.tables[created.table].__setattr__("seed", 5))
    ws.send(P.encode(P.Start(table=created.table, token=created.host_token)).decode())
    upd = read_until(ws, P.Update)
    table = lobby.call(lambda s: s.tables[created.table])
    # let seat 0 be the one to decide (the computer player answers its own decisions first)
    end = time.monotonic() + 10
    while 0 not in lobby.call(lambda s: engine_of(table).deciders()) and time.monotonic() < end:
        upd = read_until(ws, P.Update)
    while True:  # the newest update
        try:
            upd = P.decode_server(ws.recv(timeout=0.3))
        except TimeoutError:
            break
    before = lobby.call(lambda s: json.dumps(engine_of(table).record()))
    legal = lobby.call(lambda s: [str(a) for a in engine_of(table).legal_actions(0)])
    assert legal and upd.legal == legal
    now = lobby.call(lambda s: engine_of(table).decisions)
    cases: list[tuple[str, str, str]] = [("fly to the moon", "malformed", "not an action of Tortuga 1667"),
                                         ("select ACE", "malformed", "not an action of Tortuga 1667")]
    illegal = next(t for t in ("attack", "brawl", "maroon 1", "pick 3", "vote armada") if t not in legal)
    cases.append((illegal, "illegal", "not one of this seat's legal actions now"))  # an action, not this seat's now
    for n, (text, code, words) in enumerate(cases):
        err = send(ws, P.Act(id=100 + n, seat=0, decisions=now, action=text))
        assert isinstance(err, P.Error) and (err.code, err.ref) == (code, 100 + n), err
        assert words in err.message, err.message
    for n, msg in enumerate([P.Act(id=200, seat=1, decisions=now, action=legal[0]),  # the computer's seat
                             P.Act(id=201, seat=0, decisions=now + 5, action=legal[0])]):  # from the future
        err = send(ws, msg)
        assert isinstance(err, P.Error) and err.code in ("seat", "stale") and err.ref == 200 + n
    ws.send('{"type": "Act", "id": 1, "seat": 9, "decisions": 0, "action": "attack"}')
    assert P.decode_server(ws.recv(timeout=5)).code == "malformed"
    assert lobby.call(lambda s: json.dumps(engine_of(table).record())) == before
    # and a legal one is carried out
    ws.send(P.encode(P.Act(id=300, seat=0, decisions=now, action=legal[0])).decode())
    ack = read_until(ws, P.Update)
    assert ack.ack == 300 or lobby.call(lambda s: engine_of(table).decisions) > now
    ws.close()


def test_an_old_client_sees_only_dice_tables_and_the_list_says_which_game(lobby: ServerThread) -> None:
    new = open_ws(lobby.port)
    old = open_ws(lobby.port)
    assert isinstance(send(new, P.Hello(version=P.PROTOCOL_VERSION, client=P.CLIENT)), P.Welcome)
    assert isinstance(send(old, P.Hello(version=P.PROTOCOL_VERSION)), P.Welcome)  # no games: before 1667
    t67 = send(new, P.CreateTable(seats=seats("open", "open", "open", "open", "open"), game="t1667", listed=True,
                                  name="Nine"))
    dice = send(new, P.CreateTable(seats=seats("open", "computer"), listed=True, name="Dice"))
    assert isinstance(t67, P.Created) and isinstance(dice, P.Created)
    listed = send(new, P.ListTables())
    assert {(i.name, i.game, i.players) for i in listed.tables} == {("Nine", "t1667", 5), ("Dice", "tortuga", 2)}
    assert b'"game"' not in P.encode(next(i for i in listed.tables if i.game == "tortuga"))  # old form kept
    assert [i.name for i in send(old, P.ListTables()).tables] == ["Dice"]
    err = send(old, P.Join(code=t67.code, name="Old"))
    assert isinstance(err, P.Error) and err.code == "denied" and "update" in err.message
    joined = send(new, P.Join(code=t67.code, name="New"))
    assert isinstance(joined, P.Joined)
    lob = read_until(new, P.Lobby)
    assert lob.game == "t1667" and lob.players == 5
    new.close()
    old.close()


# ---------------------------------------------------------------------------------------------------
def test_chat_is_the_table_talk_at_a_1667_table() -> None:
    st = start()
    table = make_table(st, "ooc", seed=2)
    tabs = [client_table(st, table, "Ann", seat=0), client_table(st, table, "Bob", seat=1)]
    try:
        pump(tabs, lambda: all(t.human_seats for t in tabs))
        st.call(lambda s: s.start_game(table))
        pump(tabs, lambda: all(t.ready for t in tabs))
        tabs[0].send_chat("I am French, trust me")
        pump(tabs, lambda: any(c.kind == "say" for c in tabs[1].chat))
        said = next(c for c in tabs[1].chat if c.kind == "say")
        assert (said.seat, said.name, said.text) == (0, "Ann", "I am French, trust me")
    finally:
        for t in tabs:
            t.close()
        st.stop()


def test_a_client_that_restarts_takes_its_1667_seat_back(tmp_path: Path) -> None:
    """A player's game that closes and starts again joins with its reclaim token: the same seat, its
    whole event list again and its open decision; after the server itself restarts from its autosave,
    the token works again and the game goes on to the end."""
    st = start(save_dir=tmp_path)
    table = make_table(st, "ooc", seed=6)
    tabs = [client_table(st, table, "Ann", seat=0), client_table(st, table, "Bob", seat=1)]
    rng = random.Random(3)
    try:
        pump(tabs, lambda: all(t.human_seats for t in tabs))
        token = tabs[1].client.token
        st.call(lambda s: s.start_game(table))
        pump(tabs, lambda: all(t.ready for t in tabs) and tabs[0].decisions >= 4, act=random_player(rng))
        tabs[1].close()  # Bob's game closes
        back = client_table(st, table, token=token)
        pump([tabs[0], back], lambda: back.ready)
        assert back.human_seats == (1,)
        seat_events = st.call(lambda s: list(engine_of(table).events_for(1)))
        pump([back], lambda: list(back.events_for(1)) == seat_events)
        tabs[1] = back
        pump(tabs, lambda: tabs[0].decisions >= 12, act=random_player(rng))
        for t in tabs:
            t.close()
    finally:
        st.stop()
    # the server restarts: the saved table comes back, both tokens take their seats again
    saved = json.loads(next(tmp_path.glob("net-*.json")).read_text())
    assert saved["game"] == "t1667" and saved["record"]["game"] == "tortuga-1667"
    st2 = start(save_dir=tmp_path)
    try:
        assert st2.call(lambda s: s.restore_saved(tmp_path)) == 1
        table2 = st2.call(lambda s: s.tables[table.id])
        assert isinstance(table2.game, Run1667) and table2.kind == "t1667"
        again = [client_table(st2, table2, token=tabs[0].client.token),
                 client_table(st2, table2, token=tabs[1].client.token)]
        pump(again, lambda: all(t.ready for t in again))
        assert [t.human_seats for t in again] == [(0,), (1,)]
        pump(again, lambda: all(t.is_over for t in again), timeout=60, act=random_player(rng))
        for t in again:
            t.close()
    finally:
        st2.stop()


def test_a_vote_prompt_is_open_on_every_voter_s_screen_and_hides_the_others_cards() -> None:
    """Kind.VOTE decisions: each remote voter's prompt is open at once; before the turn-up neither
    screen's view or events hold the other's card (only that it has chosen)."""
    st = start()
    table = make_table(st, "ooo", seed=9)
    tabs = [client_table(st, table, f"V{i}", seat=i) for i in range(3)]
    rng = random.Random(2)
    seen_vote = False
    try:
        pump(tabs, lambda: all(t.human_seats for t in tabs))
        st.call(lambda s: s.start_game(table))
        pump(tabs, lambda: all(t.ready for t in tabs))

        def act(t: NetTable1667) -> None:
            nonlocal seen_vote
            seat = t.human_seats[0]
            view = t.view(seat)
            if view.vote is not None and seat in t.waiting_for() and not seen_vote:
                due = {d.seat for d in view.pending if d.kind is Kind.VOTE}
                voters = [x for x in tabs if x.human_seats[0] in due]
                if not all(x.human_seats[0] in x.waiting_for() and x.view(x.human_seats[0]).vote is not None
                           for x in voters):
                    return  # wait until every remote voter's prompt is open (simultaneous, T4.3)
                if len(voters) >= 2:
                    assert all(d.kind is Kind.VOTE for d in view.pending)
                    first, second = voters[0], voters[1]
                    s1, s2 = first.human_seats[0], second.human_seats[0]
                    first.submit(s1, first.prompt(s1).legal[0])
                    pump(tabs, lambda: s1 in second.view(s2).vote.chosen)  # type: ignore[union-attr]
                    assert second.view(s2).vote.my_card is None  # type: ignore[union-attr]
                    assert not any(isinstance(e, VotePlayed) for e in second.events_for(s2)[-3:])
                    seen_vote = True
                    return
            random_player(rng)(t)

        pump(tabs, lambda: seen_vote or all(t.is_over for t in tabs), timeout=60, act=act)
        assert seen_vote
    finally:
        for t in tabs:
            t.close()
        st.stop()


def test_a_watcher_sees_the_public_table_of_a_1667_game() -> None:
    """A watcher's network table (no seat) shows the public view and the public events, as the server has them."""
    st = start()
    table = make_table(st, "occ", seed=4, listed=True)
    tabs = [client_table(st, table, "Ann", seat=0)]
    watcher = NetTable1667(NetClient(f"{HOST}:{st.port}"))
    watcher.client.start()
    try:
        pump(tabs, lambda: bool(tabs[0].human_seats))
        watcher.client.watch(table.id)
        st.call(lambda s: s.start_game(table))
        pump([*tabs, watcher], lambda: tabs[0].ready and watcher.ready)
        assert watcher.human_seats == () and watcher.viewers == frozenset([None])
        pump([*tabs, watcher], lambda: all(t.is_over for t in (*tabs, watcher)), timeout=60, act=random_player(random.Random(1)))
        public = st.call(lambda s: (engine_of(table).view(None), list(engine_of(table).events_for(None))))
        assert watcher.view(None) == public[0] and list(watcher.events_for(None)) == public[1]
        assert tabs[0].view(None) == public[0]  # a seat's public view is the same, made from its own view
        with pytest.raises(ViewerError):
            watcher.view(0)
    finally:
        for t in (*tabs, watcher):
            t.close()
        st.stop()


def test_a_move_made_while_the_connection_is_down_says_so_not_that_the_move_is_impossible(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """With the server gone (killed, restarting), a legal move pressed at the 1667 table is not sent and
    the player is told the table cannot be reached just now (the move stays open), not "That move is not
    possible now" (it is: seen in a two-window play-through with a kill -9 of the server)."""
    from tortuga_desktop.games.t1667.table.netscene import NetTable1667Scene
    from tortuga_desktop.net.client import ConnState
    from tortuga_desktop.shell.i18n import tr
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.table import NotConnected

    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))
    st = start()
    table = make_table(st, "oc", seed=11)
    tab = client_table(st, table, "Ann", seat=0)
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    said: list[str] = []
    try:
        pump([tab], lambda: bool(tab.human_seats))
        st.call(lambda s: s.start_game(table))
        pump([tab], lambda: tab.ready and 0 in tab.waiting_for(), act=lambda t: None)
        scene = NetTable1667Scene(tab, speed="instant")
        app.push(scene)
        for _ in range(5):
            app.step(1 / 60)
        monkeypatch.setattr(app, "notify", lambda text, level="info", seconds=None: said.append(text))
        legal = tab.prompt(0).legal
        assert legal
        st.stop()  # the server is gone
        pump([tab], lambda: tab.state is not ConnState.CONNECTED)
        with pytest.raises(NotConnected):
            tab.submit(0, legal[0])
        scene.seat = 0
        assert scene.submit(legal[0]) is False
        assert said == [tr("net.move_offline")]
        assert tr("t1667.refused") not in said
    finally:
        tab.close()
        app.close()
        st.stop()


def test_a_joiner_s_1667_seat_keeps_what_it_was_shown_and_did_on_disk(tmp_path: Path) -> None:
    """A 1667 joiner's kept seat holds its record as the dice game's does (the game-neutral
    :class:`SeatKeeper`): every view it was sent with its event count, its events, the view at each of
    its decisions and the actions it sent; the file reads back, checked by the game's own readers."""
    from tortuga_desktop.net.seatstore import SeatKeeper, read_seat
    from tortuga_desktop.shell.netsession import NetSession

    st = start()
    table = make_table(st, "oc", seed=8, auto_start=True)
    url = f"{HOST}:{st.port}"
    client = NetClient(url, code=table.code, name="Ann", backoff_min=0.05, backoff_max=0.2)
    keeper = SeatKeeper(tmp_path, url, table.code, "Ann")
    session = NetSession(client, keeper=keeper)
    tab = NetTable1667(client, controller=session)
    client.start()
    rng = random.Random(5)
    try:
        pump([tab], lambda: tab.ready and tab.decisions >= 10, act=random_player(rng))
        seat = tab.human_seats[0]
        assert keeper.flush()
        shown = st.call(lambda s: json_data(C.events_to_json(engine_of(table).events_for(seat))))
    finally:
        tab.close()
        keeper.close()
        st.stop()
    assert keeper.path is not None
    kept = read_seat(keeper.path)
    assert kept is not None and kept.game == "t1667" and kept.seats == [seat]
    rec = kept.record
    assert rec.frames and all(f.seat == seat for f in rec.frames)
    assert rec.events[seat] == shown[:len(rec.events[seat])] and len(rec.events[seat]) >= rec.frames[-1].events
    assert rec.actions and all(a.seat == seat for a in rec.actions)
    assert rec.prompts  # the view at its decisions
