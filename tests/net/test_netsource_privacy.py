"""R9 for the network table source and the network replay, over whole games on 127.0.0.1.

Every client here is the game's own network table source (:class:`NetTableSource`: the shell's
network table with the dice game's codec, over a real :class:`NetClient`); each plays its seat with random legal
choices from its prompts while computer players on the server fill the other seats (2-4 seats).
Everything a source hands out — its seat's view, events and prompts, the public view and events,
every move's views, the outcome and the seat's record (and so its replay) — is kept with the
moment it belongs to, and after the game compared with what the server's engine allows at that
moment: ``game.view(v)``, ``game.events_for(v)``, ``seat_prompt(game, seat)``, ``outcome()``.
"""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

import pytest
from test_net_game import make_table, start_server

from tortuga_desktop.games.dice.rules import Game, RulesError
from tortuga_desktop.games.dice.rules.prompt import seat_prompt
from tortuga_desktop.games.dice.table.netsource import NetTableSource
from tortuga_desktop.games.dice.table.replay import ReplayTimeline
from tortuga_desktop.games.dice.table.seatreplay import SeatTimeline
from tortuga_desktop.games.dice.table.source import TableSource
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.shell.netsession import NetSession

#: (seats at the table: o open, c computer; seed of the clients' choices)
GAMES = [("oc", 1), ("ocoo", 2), ("coc", 3), ("oocc", 4)]

Handout = tuple[str, int, Any, Any]  # (what, decisions, viewer, value)


def play(kinds: str, seed: int) -> tuple[Game, list[tuple[int, NetTableSource, list[Handout]]]]:
    st = start_server()
    table = make_table(st, kinds, auto_start=True)
    rng = random.Random(seed)
    clients = []
    for i in range(kinds.count("o")):
        client = NetClient(f"127.0.0.1:{st.port}", code=table.code, name=f"P{i}")
        src = NetSession(client).tables["tortuga"]
        assert isinstance(src, NetTableSource)
        clients.append((src, src, []))
        client.start()
    try:
        end = time.monotonic() + 120
        while not all(src.ready and src.is_over for _, src, _ in clients):
            assert time.monotonic() < end, "the game did not end"
            for _remote, src, out in clients:
                for move in src.poll():
                    for v in move.viewers:
                        out.append(("move", move.decisions, v, move.shown(v)))
                if not src.ready:
                    continue
                d = src.view(None).decisions
                for v in src.viewers:
                    out.append(("view", d, v, (src.view(v), tuple(src.events_for(v)))))
                for dec in src.waiting():
                    p = src.prompt(dec.seat)
                    out.append(("prompt", d, dec.seat, p))
                    with contextlib.suppress(RulesError):  # the game moved on meanwhile: asked again
                        src.submit(dec.seat, rng.choice(p.legal))
            time.sleep(0.002)
        for _remote, src, out in clients:
            out.append(("outcome", src.view(None).decisions, None, src.outcome()))
        game = st.call(lambda s: table.game)
        assert game is not None and game.is_over
        return game, [(remote.human_seats[0], src, out) for remote, src, out in clients]
    finally:
        for remote, _, _ in clients:
            remote.close()
            remote.session.wait_closed()
        st.stop()


@pytest.mark.parametrize("kinds, seed", GAMES)
def test_everything_a_network_source_hands_out_is_what_its_seat_may_see(kinds: str, seed: int) -> None:
    game, clients = play(kinds, seed)
    truth = ReplayTimeline(game.record())
    at: dict[int, Game] = {}

    def moment(d: int) -> Game:
        if d not in at:
            at[d] = truth.game_at(d)
            assert at[d].decisions == d
        return at[d]

    for seat, src, out in clients:
        assert isinstance(src, TableSource) and src.viewers == frozenset({None, seat})
        kinds_seen = {what for what, *_ in out}
        assert kinds_seen == {"move", "view", "prompt", "outcome"}, kinds_seen
        for what, d, viewer, value in out:
            g = moment(d)
            if what in ("move", "view"):
                view, events = (value.view, value.events) if what == "move" else value
                assert view == g.view(viewer), (what, d, viewer)
                assert list(events) == g.events_for(viewer), (what, d, viewer)
            elif what == "prompt":
                want = seat_prompt(g, viewer, 0)
                assert value.view == want.view and value.decision == want.decision, d
                assert set(value.legal) == set(want.legal), d
                assert list(value.events) == list(want.events[value.seen - len(value.events):value.seen]), d
            else:
                assert value == game.outcome()
        # the seat's record and its replay: each prompt is the seat's prompt at its moment
        record = src.record(seat)
        assert len(record.prompts) > game.decisions // 2
        seen = 0
        for p in record.prompts:
            g = moment(p.view.decisions)
            assert p.view == g.view(seat) and p.decision == g.decision_for(seat)
            assert list(p.events) == g.events_for(seat)[seen:p.seen]
            seen = p.seen
        replay = SeatTimeline(src.kept_record())
        for k in range(len(replay)):
            d = replay.decision_at(k)
            assert replay.view_at(k, None) == moment(d).view(seat)  # asked for more: still the seat
            assert replay.events_at(k, seat) == moment(d).events_for(seat)
