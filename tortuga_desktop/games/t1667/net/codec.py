"""Tortuga 1667's game data on the wire: a seat's view, the public view and events as JSON data, and
back, checked field by field by msgspec against the rules' own frozen types (wrong types, unknown
fields, unknown events and values outside an enum are refused with
:class:`~tortuga_desktop.net.protocol.ProtocolError`).

Nothing is unpickled or evaluated: an event travels as ``{"kind": <its class name>, "data": {...}}``
and only the event classes of :mod:`tortuga_desktop.games.t1667.rules.events` are read back.

A client derives what its screen may show from its seat's data alone:

* :func:`public_of` is the public view (viewer None) of the game a seat's view belongs to: the seat's
  own secrets dropped by allow-list (every public fact is in each seat's view, T9.1), built exactly as
  the rules build :class:`~tortuga_desktop.games.t1667.rules.PublicView`;
* :func:`public_events` are a seat's events with its own private events turned into their public twins.

A computer player's table talk (:mod:`tortuga_desktop.games.t1667.ai.talk`) travels in the table's chat
as compact JSON text without its speaker (the chat entry's seat is the speaker, stamped by the server):
:func:`talk_to_text` and :func:`talk_from_text`, which checks every field.

>>> from tortuga_desktop.games.t1667.ai.talk import Reaction
>>> from tortuga_desktop.games.t1667.rules.cards import VoteKind
>>> r = Reaction(2, "suspect", VoteKind.ATTACK, "failed", 3, about=1, variant=1)
>>> talk_to_text(r)
'{"t":"reaction","mood":"suspect","vote":"attack","result":"failed","vote_no":3,"about":1,"variant":1}'
>>> talk_from_text(talk_to_text(r), 2, 4) == r
True

>>> from tortuga_desktop.games.t1667.table.engine import T1667Engine
>>> e = T1667Engine.new(players=4, seed=5)
>>> view_from_json(view_to_json(e.view(2)), 2) == e.view(2), public_of(e.view(2)) == e.view(None)
(True, True)
>>> events_from_json(events_to_json(e.events_for(1)), 1) == list(e.events_for(1))
True
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from tortuga_desktop.games.t1667.ai.talk import RESULTS, VARIANTS, Claim, Reaction, TalkMessage
from tortuga_desktop.games.t1667.rules import Event, PlayerView, PrivateEvent, PublicView
from tortuga_desktop.games.t1667.rules import events as _events
from tortuga_desktop.games.t1667.rules.cards import Loyalty, VoteKind
from tortuga_desktop.net.protocol import ProtocolError
from tortuga_desktop.shell.saves.text import prepared

#: every event class the rules define, by name (the only ones read back)
EVENT_TYPES: dict[str, type[Event]] = {
    name: cls for name, cls in inspect.getmembers(_events, inspect.isclass)
    if issubclass(cls, Event) and cls.__module__ == _events.__name__ and cls not in (Event, PrivateEvent)
}


def view_to_json(view: PlayerView | PublicView) -> dict[str, Any]:
    """A view as JSON-ready data (enums by value, tuples as lists)."""
    data: dict[str, Any] = msgspec.to_builtins(view)
    return data


def view_from_json(data: Any, seat: int | None) -> PlayerView | PublicView:
    """The view ``seat`` (None: the public) was sent, checked; :class:`ProtocolError` for bad data or
    a view of another seat."""
    try:
        view: PlayerView | PublicView = (msgspec.convert(data, prepared(PublicView)) if seat is None
                                         else msgspec.convert(data, prepared(PlayerView)))
    except (msgspec.ValidationError, TypeError, ValueError) as exc:
        raise ProtocolError(f"bad view: {str(exc)[:200]}") from None
    if view.seat != seat or len(view.names) != view.players or not 2 <= view.players <= 9:
        raise ProtocolError("bad view: not this seat's, or its seats do not add up")
    return view


def events_to_json(events: Iterable[Event]) -> list[dict[str, Any]]:
    """Events as JSON-ready data: each ``{"kind": class name, "data": its fields}``."""
    return [{"kind": type(e).__name__, "data": msgspec.to_builtins(e)} for e in events]


def events_from_json(data: Any, seat: int | None) -> list[Event]:
    """Events ``seat`` (None: the public) was sent, checked; :class:`ProtocolError` for bad data, an
    unknown event or another seat's private event (which it may never be sent)."""
    if not isinstance(data, list):
        raise ProtocolError("bad events: not a list")
    out: list[Event] = []
    for item in data:
        if not isinstance(item, dict) or set(item) != {"kind", "data"}:
            raise ProtocolError("bad event: expected an object with 'kind' and 'data'")
        cls = EVENT_TYPES.get(item["kind"]) if isinstance(item["kind"], str) else None
        if cls is None:
            raise ProtocolError(f"bad event: unknown kind {str(item['kind'])[:40]!r}")
        try:
            event = msgspec.convert(item["data"], prepared(cls))
        except (msgspec.ValidationError, TypeError, ValueError) as exc:
            raise ProtocolError(f"bad event {cls.__name__}: {str(exc)[:200]}") from None
        if isinstance(event, PrivateEvent) and event.owner != seat:
            raise ProtocolError("bad event: another seat's private event")
        out.append(event)
    return out


def public_of(view: PlayerView) -> PublicView:
    """The public view of the game ``view`` belongs to, from that view alone (T9.1): the same allow-list
    as the rules' ``public_view`` (loyalties only when shown to all; no viewed card; no vote card)."""
    shown = view.players == 2 or view.outcome is not None  # TR26, T7.9
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(PublicView)}
    fields["loyalties"] = view.loyalties if shown else (None,) * view.players
    fields["row"] = tuple(dataclasses.replace(s, card=None) for s in view.row)
    fields["vote"] = None if view.vote is None else dataclasses.replace(view.vote, my_card=None)
    return PublicView(**fields)


def public_events(events: Sequence[Event]) -> list[Event]:
    """A seat's events as the public sees them: its own private events become their public twins
    (or nothing); every other event in a seat's list is public already."""
    return [r for r in (_events.redact(e, None) for e in events) if r is not None]




class _ReactionWire(msgspec.Struct, tag_field="t", tag="reaction", forbid_unknown_fields=True):
    mood: str
    vote: VoteKind
    result: str
    vote_no: int
    about: int | None = None
    variant: int = 0


class _ClaimWire(msgspec.Struct, tag_field="t", tag="claim", forbid_unknown_fields=True):
    loyalty: Loyalty
    asker: int | None = None


_talk_decoder = msgspec.json.Decoder(_ReactionWire | _ClaimWire)
_talk_encoder = msgspec.json.Encoder()
#: the moods a reaction has (:class:`~tortuga_desktop.games.t1667.ai.talk.Reaction`)
MOODS = ("cheer", "groan", "suspect")


def talk_to_text(msg: TalkMessage) -> str:
    """A computer player's line as the chat's text (its speaker left out: the entry's seat says it)."""
    wire: _ReactionWire | _ClaimWire
    if isinstance(msg, Reaction):
        wire = _ReactionWire(msg.mood, msg.vote, msg.result, msg.vote_no, msg.about, msg.variant)
    else:
        wire = _ClaimWire(msg.loyalty, msg.asker)
    return _talk_encoder.encode(wire).decode()


def talk_from_text(text: str, speaker: int, players: int) -> TalkMessage:
    """The line ``speaker`` said at a table of ``players`` seats, from a chat entry's text, every field
    checked; :class:`ProtocolError` for anything else."""
    try:
        wire = _talk_decoder.decode(text)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RecursionError) as exc:
        raise ProtocolError(f"bad table talk: {str(exc)[:200]}") from None

    def seat_ok(s: int | None) -> bool:
        return s is None or 0 <= s < players

    if not 0 <= speaker < players:
        raise ProtocolError("bad table talk: no such speaker")
    if isinstance(wire, _ClaimWire):
        if not seat_ok(wire.asker):
            raise ProtocolError("bad table talk: no such asker")
        return Claim(speaker, wire.loyalty, wire.asker)
    if (wire.mood not in MOODS or wire.result not in RESULTS[wire.vote] or not 1 <= wire.vote_no <= 10_000
            or not 0 <= wire.variant < VARIANTS or not seat_ok(wire.about) or (wire.about is None) != (wire.mood != "suspect")
            or wire.about == speaker):
        raise ProtocolError("bad table talk: a field out of range")
    return Reaction(speaker, wire.mood, wire.vote, wire.result, wire.vote_no, wire.about, wire.variant)


__all__ = ["EVENT_TYPES", "MOODS", "events_from_json", "events_to_json", "public_events", "public_of", "talk_from_text",
           "talk_to_text", "view_from_json", "view_to_json"]
