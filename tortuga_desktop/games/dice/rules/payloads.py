"""What a seat needs to know about the decision it must make: one typed payload per kind.

Each :class:`~.state.Decision` carries one of these instead of a free-form dict. Everything
in a payload is something the deciding seat may see (R9): it is built from the seat's own
view by :func:`.prompt.prompt_from_view`, and the engine builds the same payload for
:meth:`.game.Game.pending` (a property test compares them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: where a chest is taken from in a TAKE_CHEST decision (R4.9, R4.10)
ChestSource = Literal["fleet", "crew", "center"]


@dataclass(frozen=True, slots=True)
class DicePayload:
    """SELECT_DICE (R3.2). ``open``: the roll allows no valid selection and is shown to all (R3.6)."""

    open: bool = False


@dataclass(frozen=True, slots=True)
class SkullPayload:
    """SKULL_ACTION (R3.5): the action for a selection of ``skulls`` skulls."""

    skulls: int


@dataclass(frozen=True, slots=True)
class BonusPayload:
    """BONUS_TILE (R3.7): a new bonus tile on a space, or a "1" flipped."""


@dataclass(frozen=True, slots=True)
class PositionPayload:
    """POSITION (R4.5-R4.10): act (or choose a target) or forfeit ``action`` from ``position`` (1 or 2)."""

    action: int
    position: int


@dataclass(frozen=True, slots=True)
class TilePayload:
    """KEEP_TILE (R4.8): keep one of the drawn ``tiles`` (private to the seat)."""

    action: int
    position: int
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChestPayload:
    """TAKE_CHEST (R4.9, R4.10): which chest to take from ``source`` of seat ``target``
    (``source`` "center": the island centre, ``target`` then the acting seat)."""

    action: int
    position: int
    source: ChestSource
    target: int


@dataclass(frozen=True, slots=True)
class ArrangePayload:
    """ARRANGE_FLEET / ARRANGE_CREW (R5.2): how many chests the ship (or the pirate) can carry."""

    capacity: int


DecisionPayload = (DicePayload | SkullPayload | BonusPayload | PositionPayload | TilePayload | ChestPayload
                   | ArrangePayload)
