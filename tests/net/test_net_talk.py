"""Computer players' table talk at network Tortuga 1667 tables, all on 127.0.0.1.

With the table's ``talk`` option on, each computer seat speaks as at a local table: its player hears its
seat's events and speaks in the game's talk moves (``t1667/ai/talk.py``, rules E1667.19); the server plays
each line into the game, so every seat and watcher gets it as an event in its updates, the record and the
table's save keep it, and a resumed table keeps it and talks on. No ``bot`` chat entry is sent for it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tortuga_desktop.games.t1667.ai.talk import Reaction
from tortuga_desktop.games.t1667.net import codec as C
from tortuga_desktop.games.t1667.net.run import Run1667
from tortuga_desktop.games.t1667.rules import parse_action
from tortuga_desktop.games.t1667.rules import replay as replay_record
from tortuga_desktop.games.t1667.rules.cards import VoteKind
from tortuga_desktop.games.t1667.rules.events import Talked, VoteRevealed
from tortuga_desktop.games.t1667.rules.record import GameRecord
from tortuga_desktop.games.t1667.rules.talk import Say, TalkKind
from tortuga_desktop.games.t1667.table.nettable import NetTable1667
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.server import GameServer, ServerConfig, ServerThread, Table

HOST = "127.0.0.1"
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager:DeprecationWarning")
KINDS = ("open", "computer", "computer", "computer", "computer")


def start(**config: Any) -> ServerThread:
    st = ServerThread(ServerConfig(host=HOST, port=0, pace_bots=False, **config))
    st.start()
    return st


def make_table(st: ServerThread, seed: int, talk: bool | None) -> Table:
    specs = [P.SeatSpec(kind=k, level="normal", name=f"P{i}") for i, k in enumerate(KINDS)]  # type: ignore[arg-type]
    options = {} if talk is None else {"talk": talk}
    table: Table = st.call(lambda s: s.create_table(specs, game="t1667", seed=seed, options=options))
    return table


def client_table(st: ServerThread, table: Table, token: str = "") -> NetTable1667:
    c = NetClient(f"{HOST}:{st.port}", code=table.code, table=table.id if token else "", name="Ann", token=token,
                  seat=0, backoff_min=0.05, backoff_max=0.2)
    t = NetTable1667(c)
    c.start()
    return t


def pump(t: NetTable1667, until: Callable[[], bool], act: Callable[[NetTable1667], None] | None = None,
         timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        t.poll()
        if act is not None:
            act(t)
        if until():
            return
        time.sleep(0.003)
    raise AssertionError(f"timed out: {t.state}, {t.notices}, waiting for {t.waiting_for()}")


def patient_player(rng: random.Random) -> Callable[[NetTable1667], None]:
    """Plays seat 0 at random (calling votes when it can, so that votes are many), and only while no
    computer seat has a decision open: then the server hears every computer seat after every action, in
    the order of the game's record, which the test replays."""
    def act(t: NetTable1667) -> None:
        if 0 not in t.waiting_for() or set(t.waiting_for()) - {0}:
            return
        p = t.prompt(0)
        calls = [a for a in p.legal if str(a) in ("attack", "mutiny", "brawl")]
        if calls and rng.random() < 0.8:
            t.submit(0, rng.choice(calls))
        elif p.legal:
            t.submit(0, rng.choice(p.legal))
    return act


def bot_lines(t: NetTable1667) -> list[P.Chat]:
    return [c for c in t.chat if c.kind == "bot"]


def bot_talk(t: NetTable1667) -> list[Talked]:
    """The computer seats' talk as the joined seat got it: events of the game (E1667.19)."""
    return [e for e in t.events_for(0) if isinstance(e, Talked) and e.seat != 0]


def record_talk(record: dict[str, Any]) -> list[Talked]:
    """The talk kept in the server's record of the game, in order."""
    rec = GameRecord.from_dict(record)
    return [Talked(seat, say) for seat, text in rec.entries if isinstance(say := parse_action(text), Say)]


def play_to_end(st: ServerThread, table: Table, seed: int) -> NetTable1667:
    t = client_table(st, table)
    pump(t, lambda: bool(t.human_seats))
    st.call(lambda s: s.start_game(table))
    pump(t, lambda: t.ready)
    pump(t, lambda: t.is_over, patient_player(random.Random(seed)), timeout=120.0)
    time.sleep(0.2)
    t.poll()
    return t


# ---------------------------------------------------------------------------------------------------
def test_computer_players_talk_as_moves_of_the_game() -> None:
    """Talk on: the joined client gets the computer seats' lines as events of the game (stamped with their
    seats), exactly the talk kept in the server's record, in order, and none as chat entries; the game's
    rules took each line (a reaction names its vote as it ended); the table scene is not handed them twice."""
    st = start()
    try:
        table = make_table(st, seed=21, talk=True)
        t = play_to_end(st, table, seed=3)
        record = st.call(lambda s: table.record_dict())
        got = bot_talk(t)
        chat = bot_lines(t)
        said = list(t.said)
        t.close()
    finally:
        st.stop()
    assert got, "no computer player said anything in a whole game"
    assert {e.seat for e in got} <= {1, 2, 3, 4}
    assert got == record_talk(record)
    assert chat == [] and said == []
    replay_record(GameRecord.from_dict(record))  # every line replays through the rules


def test_reactions_speak_of_the_votes_that_were_turned_up() -> None:
    """Each reaction's vote number, kind and result are those of a vote the public events show, and it
    comes after that vote."""
    st = start()
    try:
        table = make_table(st, seed=22, talk=True)
        t = play_to_end(st, table, seed=4)
        public = list(t.events_for(None))
        t.close()
    finally:
        st.stop()
    reactions = 0
    revealed: list[VoteRevealed] = []
    for e in public:
        if isinstance(e, VoteRevealed):
            revealed.append(e)
        elif isinstance(e, Talked) and e.say.kind is TalkKind.REACT and e.say.vote_no is not None:
            reactions += 1
            assert e.say.vote_no <= len(revealed)
            vote = revealed[e.say.vote_no - 1]
            assert e.say.vote is vote.kind
            if vote.kind is not VoteKind.BRAWL:
                assert e.say.result == ("succeeded" if vote.success else "failed")
    assert reactions


@pytest.mark.parametrize("talk", [False, None])
def test_talk_off_or_not_asked_for_no_computer_player_speaks(talk: bool | None) -> None:
    """Talk off (or a table made without the option, as by a client from before it): no computer seat speaks."""
    st = start()
    try:
        table = make_table(st, seed=21, talk=talk)
        t = play_to_end(st, table, seed=3)
        got = bot_lines(t)
        talk = bot_talk(t)
        kept = st.call(lambda s: [c.kind for c in table.chat])
        t.close()
    finally:
        st.stop()
    assert got == [] and talk == [] and "bot" not in kept


def test_a_watcher_that_reads_talk_gets_it_in_its_updates_and_no_bot_chat() -> None:
    """A watcher whose Hello names ``reads:talk`` but not ``chat:bot`` watches a talking table: the computer
    seats' lines reach it inside its updates (the game's events), so no chat kind it would refuse is
    needed; nobody gets a ``bot`` chat entry from a 1667 table any more."""
    st = start()
    try:
        table = make_table(st, seed=21, talk=True)
        st.call(lambda s: setattr(table, "listed", True))
        t = client_table(st, table)
        pump(t, lambda: bool(t.human_seats))
        frames: dict[str, list[str]] = {"tortuga+t1667+reads:talk": [], P.CLIENT: []}
        socks = {}
        for client in frames:
            ws = connect(f"ws://{HOST}:{st.port}", open_timeout=5)
            ws.send(P.encode(P.Hello(version=P.PROTOCOL_VERSION, client=client)).decode())
            assert isinstance(P.decode_server(ws.recv(timeout=5)), P.Welcome)
            ws.send(P.encode(P.Watch(table=table.id)).decode())
            socks[client] = ws
        st.call(lambda s: s.start_game(table))
        pump(t, lambda: t.ready)
        pump(t, lambda: len(bot_talk(t)) >= 2, patient_player(random.Random(3)), timeout=120.0)
        time.sleep(0.3)
        for client, ws in socks.items():
            while True:
                try:
                    frames[client].append(str(ws.recv(timeout=0.3)))
                except TimeoutError:
                    break
            ws.close()
        t.close()
    finally:
        st.stop()
    for client, got in frames.items():
        msgs = [P.decode_server(f) for f in got]
        assert any(isinstance(m, P.Update) for m in msgs), client
        assert not [m for m in msgs if isinstance(m, P.Chat) and m.kind == "bot"], client
        assert sum(f.count('"say') for f in got) >= 2, client  # the lines travel inside the updates


def test_a_resumed_table_keeps_its_talk_and_talks_on(tmp_path: Path) -> None:
    """The talk is kept with the table's chat in its save; a table resumed from the save sends it to the
    player coming back, and its computer players (made again: they hear what came before without
    speaking of it) go on talking with the table's option."""
    st = start(save_dir=tmp_path)
    try:
        table = make_table(st, seed=23, talk=True)
        t = client_table(st, table)
        pump(t, lambda: bool(t.human_seats))
        token = t.client.token
        st.call(lambda s: s.start_game(table))
        pump(t, lambda: t.ready)
        pump(t, lambda: len(bot_talk(t)) >= 2, patient_player(random.Random(5)), timeout=120.0)
        before = bot_talk(t)
        t.close()
        save = st.call(lambda s: s.persist.save_data(table))
    finally:
        st.stop()
    assert record_talk(save["record"])[:len(before)] == before
    assert save["options"]["talk"] is True
    st2 = start(save_dir=tmp_path)
    try:
        resumed = st2.call(lambda s: s.resume_table(save))
        assert isinstance(resumed.game, Run1667) and resumed.game.talk
        t2 = client_table(st2, resumed, token=token)
        pump(t2, lambda: t2.ready and len(bot_talk(t2)) >= len(before))
        again = bot_talk(t2)
        assert again[:len(before)] == before
        n_before = len(again)
        assert not t2.is_over
        pump(t2, lambda: len(bot_talk(t2)) > n_before, patient_player(random.Random(6)), timeout=120.0)
        record = st2.call(lambda s: resumed.record_dict())
        t2.close()
    finally:
        st2.stop()
    # the resumed table's lines are new lines after the kept ones, in the game's record
    assert record_talk(record)[:len(bot_talk(t2))] == bot_talk(t2) and len(bot_talk(t2)) > n_before


def test_a_bad_talk_line_from_a_server_is_a_notice_not_a_crash() -> None:
    """A ``bot`` chat entry that is not a line of the game (or names a seat the table lacks) is refused
    with a notice; the table goes on."""
    c = NetClient(f"{HOST}:1", code="AAAAAAAAA")
    t = NetTable1667(c)
    t.handle(P.Lobby(table="x", name="x", players=3, seats=[
        P.SeatInfo(seat=i, name=f"P{i}", kind="open", level="normal", taken=True, connected=True, bot=False)
        for i in range(3)], started=True, over=False, game="t1667"))
    for n, text in enumerate(['{"t":"reaction"}', "not json", '{"t":"claim","loyalty":"british","asker":7}',
                              '{"t":"reaction","mood":"suspect","vote":"attack","result":"failed","vote_no":1,'
                              '"about":null,"variant":0}'], start=1):
        t.handle(P.Chat(table="x", n=n, seat=1, name="P1", kind="bot", text=text))
    assert t.said == []
    assert [k for k, _ in t.notices] == ["net.error.malformed"] * 4
    good = C.talk_to_text(Reaction(1, "cheer", VoteKind.ATTACK, "succeeded", 1))
    t.handle(P.Chat(table="x", n=9, seat=1, name="P1", kind="bot", text=good))
    assert [s.seat for s in t.said] == [1]


def test_the_server_refuses_a_game_line_that_is_no_chat_entry() -> None:
    """A game whose talk returns a line that is not a chat entry's text (too long, doubled spaces) is a
    fault of the game: counted and logged, nothing sent, the table goes on."""
    server = GameServer(ServerConfig(host=HOST, port=0))
    specs = [P.SeatSpec(kind=k, level="normal", name=f"P{i}") for i, k in enumerate(KINDS)]  # type: ignore[arg-type]
    table = server.create_table(specs, game="t1667", seed=1, options={"talk": True})
    table.slots[0].token_hash = "x" * 64
    table.game = Run1667.new(5, 1, names=[s.name for s in table.slots], talk=True)

    class Loud(Run1667):
        def bot_talk(self, bot: Any, seat: int) -> list[str]:
            return ["x" * (P.MAX_CHAT + 1), "a  b", "fine"]

    loud = Loud(table.game.engine, talk=True)
    table.game = loud
    server.runner.send_bot_chat(table, server.runner.bot_talk(table))
    assert server.internal_errors == 8
    assert [(c.seat, c.text) for c in table.chat] == [(s, "fine") for s in range(1, 5)]
