"""Every seat keeps its record (issue 25; issue 26 item 1): what a network seat was shown — every
view with its event count, its events, the views it decided on and the actions it sent — is kept
with its reclaim token, bounded, and checked field by field when read back (R9: only what the
seat saw)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.rules.events import event_to_dict, visible
from tortuga_desktop.net import seatstore
from tortuga_desktop.net.protocol import Update
from tortuga_desktop.net.seatstore import NetSeat, SeatKeeper, SeatRecord

SERVER, CODE, TOKEN = "127.0.0.1:47600", "ABCDEFGHJ", "t" * 24


def feed(game: Game, seat: int, note: SeatKeeper | SeatRecord, rng: random.Random, steps: int) -> None:
    """Play ``steps`` random decisions of ``game``; after each, tell ``note`` what the server
    sends ``seat`` (its view and its new visible events)."""
    sent = 0  # the first update brings the setup events too
    for _ in range(steps):
        if game.is_over:
            return
        d = game.pending()[0]
        game.apply(d.seat, rng.choice(game.legal_actions(d.seat)))
        evs = visible(game.events, seat)
        view = game.view(seat)
        new = evs[sent:]
        if isinstance(note, SeatKeeper):
            note.update_raw(Update(table="t1", seat=seat, view=view.to_json(), events=[event_to_dict(e) for e in new],
                                   first=sent), "tortuga")
        else:
            note.note_update(seat, view, view.to_json(), [event_to_dict(e) for e in new], sent)
        sent = len(evs)


def seat_file(record: SeatRecord) -> NetSeat:
    return NetSeat(version=1, server=SERVER, table="t1", code=CODE, seats=[0], token=TOKEN, name="Ann",
                   saved_at=time.time(), record=record)


def test_the_record_holds_one_frame_per_moment_the_seat_was_shown() -> None:
    game, rec = Game.new(3, 11), SeatRecord()
    feed(game, 0, rec, random.Random(2), 60)
    assert [f.view["decisions"] for f in rec.frames] == list(range(1, 61))
    assert rec.events[0] == [event_to_dict(e) for e in visible(game.events, 0)]
    for f in rec.frames:  # each frame is the seat's own view (R9), never another's
        assert f.seat == 0 and f.view["viewer"] == 0
    assert rec.frames[-1].view == game.view(0).to_json() and rec.frames[-1].events == len(rec.events[0])
    seatstore.check_record(rec, [0])


def test_a_reconnect_sends_the_events_again_and_the_record_does_not_go_back() -> None:
    """A reconnecting client gets its whole event list again from index 0, in chunks: the record
    keeps its events and frames (no frame with fewer events than the one before)."""
    game, rec = Game.new(2, 5), SeatRecord()
    feed(game, 1, rec, random.Random(3), 40)
    events, frames = list(rec.events[1]), len(rec.frames)
    dicts = [event_to_dict(e) for e in visible(game.events, 1)]
    view = game.view(1)
    for first in range(0, len(dicts), 16):  # the server's chunks
        rec.note_update(1, view, view.to_json(), dicts[first:first + 16], first)
        assert len(rec.events[1]) == len(events)
        seatstore.check_record(rec, [1])  # a write between two chunks reads back
    assert rec.events[1] == events and len(rec.frames) == frames


def test_the_record_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seatstore, "MAX_FRAMES", 10)
    monkeypatch.setattr(seatstore, "MAX_ACTIONS", 3)
    game, rec = Game.new(2, 1), SeatRecord()
    feed(game, 0, rec, random.Random(1), 30)
    for i in range(5):
        rec.note_action(0, i, "select ACE")
    assert len(rec.frames) == 10 and len(rec.actions) == 3 and rec.full
    with pytest.raises(seatstore.SeatFileError, match="more entries"):
        rec.frames.append(rec.frames[-1])
        seatstore.check_record(rec, [0])


def _good() -> dict[str, object]:
    game, rec = Game.new(2, 9), SeatRecord()
    feed(game, 0, rec, random.Random(9), 20)
    rec.note_action(0, 3, "select ACE")
    data: dict[str, object] = json.loads(seatstore._encoder.encode(seat_file(rec)))
    seatstore.decode_seat(json.dumps(data).encode())  # the good file reads back
    return data


@pytest.mark.parametrize("spoil, reason", [
    (lambda r: r["events"]["0"].__setitem__(0, {"type": "Nothing"}), "unknown event type"),
    (lambda r: r["events"]["0"][1].__setitem__("round", "x"), "expected int"),
    (lambda r: r["events"].__setitem__("1", []), "another seat"),
    (lambda r: r["frames"][0]["view"].__setitem__("viewer", 1), "another seat"),
    (lambda r: r["frames"][0]["view"].__setitem__("bag", "lots"), "frames"),
    (lambda r: r["frames"][0].__setitem__("seat", 1), "another seat"),
    (lambda r: r["frames"][3].__setitem__("events", 10_000), "do not fit"),
    (lambda r: r["frames"][3].__setitem__("events", 0), "do not fit"),
    (lambda r: r["prompts"][0]["view"].__setitem__("viewer", 1), "another seat"),
    (lambda r: r["actions"][0].__setitem__("action", "steal everything"), "not an action"),
    (lambda r: r["actions"][0].__setitem__("seat", 1), "not an action of this seat"),
])
def test_a_record_that_does_not_read_back_is_refused_with_its_reason(spoil: object, reason: str) -> None:
    data = _good()
    spoil(data["record"])  # type: ignore[operator]
    with pytest.raises(seatstore.SeatFileError, match=reason):
        seatstore.decode_seat(json.dumps(data).encode())


def test_a_restarted_client_takes_its_seat_back_with_its_record(tmp_path: Path) -> None:
    """The first process keeps the seat and its record on disk and dies; the next one reads it,
    takes the seat back and its record goes on from where it was."""
    game, rng = Game.new(3, 4), random.Random(4)
    first = SeatKeeper(tmp_path, SERVER, CODE, "Ann")
    first.joined("t1", [0], TOKEN)
    feed(game, 0, first, rng, 30)
    first.acted(0, 7, "select ACE")
    assert first.flush()
    first.close()
    (path, kept), = seatstore.load_seats(tmp_path)[0]
    assert kept.token == TOKEN and len(kept.record.frames) == 30 and kept.record.actions[0].action == "select ACE"

    frames, actions = list(kept.record.frames), list(kept.record.actions)
    again = SeatKeeper.returning(tmp_path, kept)
    again.joined("t1", [0], TOKEN)  # the server gave the seat back
    feed(game, 0, again, rng, 20)
    again.close()
    (_, after), = seatstore.load_seats(tmp_path)[0]
    assert after.record.frames[:30] == frames and len(after.record.frames) == 50
    assert after.record.events[0] == [event_to_dict(e) for e in visible(game.events, 0)]
    assert after.record.actions == actions
    record = again.record()
    assert record is not None and record.frames == after.record.frames
