"""R9 on the wire: what the server actually sends a seat holds nothing that seat may not know.

The server's capture hook hands the test every Update frame (the exact bytes that go to the
socket) together with the live game at that moment. For each frame:

* the view in it equals ``game.view(seat)`` and the events are exactly the next slice of
  ``visible(game.events, seat)`` (private events only the seat's own);
* the property test of tests/dice/test_rules_views.py on the bytes: re-randomise every fact hidden
  from the seat (other seats' unrevealed dice and selections, tiles, the pool, the random
  state) and build the frame again: the bytes do not change.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from test_net_game import Player, make_table, pump_until, start_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "dice"))  # its helpers live beside the dice tests
from test_rules_views import rerandomise_hidden  # noqa: E402

from tortuga_desktop.games.dice.rules import PlayerView
from tortuga_desktop.games.dice.rules.events import PrivateEvent, event_from_dict, event_to_dict, visible
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.server import Table


def test_every_frame_sent_to_a_seat_is_blind_to_what_it_may_not_know() -> None:
    st = start_server()
    rng = random.Random(31)
    frames: list[tuple[int, bytes]] = []
    problems: list[str] = []
    rerandomised = changed = 0
    seen: dict[int, tuple[int, list[dict[str, Any]]]] = {}  # per seat: events looked at, visible ones

    def capture(table: Table, seat: int, raw: bytes) -> None:
        nonlocal rerandomised, changed
        game = table.game
        assert game is not None
        frames.append((seat, raw))
        msg = P.decode_server(raw)
        if not isinstance(msg, P.Update) or msg.seat != seat:
            problems.append(f"not an update for seat {seat}")
            return
        if msg.view != game.view(seat).to_json():
            problems.append(f"seat {seat}: the view sent is not game.view(seat)")
        done, mine = seen.get(seat, (0, []))
        mine += [event_to_dict(e) for e in visible(game.events[done:], seat)]
        seen[seat] = (len(game.events), mine)
        if msg.events != mine[msg.first:msg.first + len(msg.events)]:
            problems.append(f"seat {seat}: events sent are not the seat's visible events")
        for e in msg.events:
            ev = event_from_dict(e)
            if isinstance(ev, PrivateEvent) and ev.owner != seat:
                problems.append(f"seat {seat}: got seat {ev.owner}'s private event")
        for _ in range(1):
            other = rerandomise_hidden(game, seat, rng)
            again = P.encode(P.Update(table=msg.table, seat=seat, view=other.view(seat).to_json(), events=msg.events,
                                      first=msg.first, ack=msg.ack))
            rerandomised += 1
            if again != raw:
                problems.append(f"seat {seat}: the frame depends on a hidden fact")
            # the re-randomiser does change what the seat cannot see (else this test could not fail)
            nxt = (seat + 1) % game.players
            changed += other.view(nxt).to_bytes() != game.view(nxt).to_bytes()

    table = make_table(st, "oooo")
    st.call(lambda s: setattr(table, "capture", capture))
    players = [Player(st.port, table.code, seed=10 + i) for i in range(4)]
    try:
        pump_until(players, lambda: sum(len(p.client.seats) for p in players) == 4)
        st.call(lambda s: s.start_game(table))
        pump_until(players, lambda: all(p.over for p in players), timeout=30)
    finally:
        for p in players:
            p.client.close()
        st.stop()
    assert not problems, problems[:5]
    assert {seat for seat, _ in frames} == {0, 1, 2, 3}
    assert rerandomised > 300 and changed > 20


def test_a_seat_never_receives_another_seat_s_dice_before_the_reveal() -> None:
    st = start_server()
    seen: list[Any] = []
    table = make_table(st, "oooo", auto_start=True)
    players = [Player(st.port, table.code, seed=40 + i) for i in range(4)]
    try:
        pump_until(players, lambda: all(p.over for p in players), timeout=30)
        for p in players:
            seat = p.client.seats[0]
            for item in p.items:
                if isinstance(item, P.Update):
                    seen.append(item)
                    view = PlayerView.from_json(item.view)
                    assert item.seat == seat and view.viewer == seat
                    if not view.revealed:
                        for i, s in enumerate(view.seats):
                            if i != seat and not s.open_roll:
                                assert s.roll is None and s.selection is None
                    for i, s in enumerate(view.seats):
                        if i != seat:
                            assert s.tiles is None and s.returned is None
    finally:
        for p in players:
            p.client.close()
        st.stop()
    assert len(seen) > 100
