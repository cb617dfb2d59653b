"""A seat's prompt: everything one seat is handed when it is its turn to look at the table.

A :class:`SeatPrompt` holds the seat's view (R9, built by allow-list), the decision it must make
now with its typed payload, that seat's legal actions, and the events since its last prompt as
that seat may see them. It is made by :func:`prompt_from_view` from the view and the seat's
events alone, so whoever holds a seat's view (the local engine, a network client) builds the same
prompt, and a prompt can never carry more than the view allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import DecisionKind, PlayerAction
from .components import capacity
from .events import Event
from .game import Game
from .legal import options
from .payloads import (
    ArrangePayload,
    BonusPayload,
    ChestPayload,
    ChestSource,
    DecisionPayload,
    DicePayload,
    PositionPayload,
    SkullPayload,
    TilePayload,
)
from .serial import shown_game
from .state import BOARD, STUCK, Decision
from .views import PlayerView


@dataclass(frozen=True, slots=True)
class SeatPrompt:
    """What one seat is handed now: its view, its open decision (None: nothing to decide), its
    legal actions (empty when nothing to decide) and the events since its previous prompt.

    ``seen`` counts the seat's visible events up to and including these (pass it back as
    ``since`` for the next prompt)."""

    seat: int
    view: PlayerView
    decision: Decision | None
    legal: tuple[PlayerAction, ...]
    events: tuple[Event, ...]
    seen: int

    @property
    def payload(self) -> DecisionPayload | None:
        return None if self.decision is None else self.decision.payload


def decision_from_view(view: PlayerView) -> Decision | None:
    """The decision the view's own seat must make now, with its payload, from that view alone."""
    seat = view.viewer
    if seat is None:
        return None
    kind: DecisionKind | None = next((p.kind for p in view.pending if p.seat == seat), None)
    if kind is None:
        return None
    me = view.seats[seat]
    payload: DecisionPayload
    if kind == DecisionKind.SELECT_DICE:
        payload = DicePayload(open=view.stage == STUCK)
    elif kind == DecisionKind.SKULL_ACTION:
        payload = SkullPayload(len(me.selection or ()))
    elif kind == DecisionKind.BONUS_TILE:
        payload = BonusPayload()
    elif kind == DecisionKind.ARRANGE_FLEET:
        payload = ArrangePayload(capacity(me.boat))
    elif kind == DecisionKind.ARRANGE_CREW:
        payload = ArrangePayload(capacity(me.pirate))
    else:
        action, position = view.act_action, view.act_pos + 1
        if kind == DecisionKind.KEEP_TILE:
            payload = TilePayload(action, position, tuple(view.drawn or ()))
        elif kind == DecisionKind.TAKE_CHEST:
            if view.effect is None:
                raise ValueError("a TAKE_CHEST decision without its effect in the view")
            a, pos, _, target = view.effect
            source: ChestSource = ("fleet" if a == BOARD else "crew") if pos == 0 else "center"
            payload = ChestPayload(action, position, source, target)
        else:
            payload = PositionPayload(action, position)
    return Decision(seat, kind, payload)


def legal_from_view(view: PlayerView) -> tuple[PlayerAction, ...]:
    """The legal actions of the view's own seat, from that view alone, in the order the rules list
    them (``Game.legal_actions``). R9: a seat's options never depend on what it may not see, so
    every game consistent with the view gives this list; it is read from the game the view shows
    (:func:`~.serial.shown_game`), with nothing sampled."""
    seat = view.viewer
    if seat is None:
        return ()
    kind = next((p.kind for p in view.pending if p.seat == seat), None)
    if kind is None:
        return ()
    return tuple(options(shown_game(view), seat, kind))


def prompt_from_view(view: PlayerView, events: Sequence[Event] = (), seen: int | None = None) -> SeatPrompt:
    """The prompt of ``view.viewer`` given its view and its new visible events."""
    if view.viewer is None:
        raise ValueError("a prompt belongs to a seat: the public view has none")
    return SeatPrompt(view.viewer, view, decision_from_view(view), legal_from_view(view), tuple(events),
                      len(events) if seen is None else seen)


def seat_prompt(game: Game, seat: int, since: int = 0) -> SeatPrompt:
    """The prompt of ``seat`` in a local ``game``: built from ``game.view(seat)`` and the seat's
    visible events after the first ``since`` of them, so it holds nothing the view does not allow."""
    events = game.events_for(seat)
    if not 0 <= since <= len(events):
        raise ValueError(f"since={since}: the seat has seen {len(events)} events")
    return prompt_from_view(game.view(seat), events[since:], len(events))
