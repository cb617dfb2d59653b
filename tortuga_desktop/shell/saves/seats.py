"""Who plays a seat: :class:`SeatConfig` (a name, a human or a computer strength, a colour, the
computer player's seed) and the rules every game's seats keep (2-4, distinct names and colours)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated

import msgspec
from msgspec import Meta

from tortuga_desktop.shell.levels import LEVELS, SEAT_KINDS
from tortuga_desktop.shell.saves.text import convert
from tortuga_desktop.shell.visible import check_text, has_glyph, short

__all__ = ["BOT_KINDS", "KINDS", "MAX_NAME_LENGTH", "MAX_SEED", "SeatConfig", "SeatDoc", "bot_seed", "check_dict",
           "check_seats", "get_field"]

#: Seat kinds: a human, or a computer player of one of the strengths (levels.py).
KINDS: tuple[str, ...] = SEAT_KINDS
BOT_KINDS: tuple[str, ...] = LEVELS
#: Player names: 1-40 characters (the engine's limit).
MAX_NAME_LENGTH = 40
SEAT_COLOURS = 4  # palette.PLAYER_COLOURS
MAX_SEED = 2**63


class SeatDoc(msgspec.Struct):
    """A seat as a file holds it, with its limits (msgspec checks them; the name's characters
    and the kind are checked after, in the file's own words)."""

    name: str
    kind: str
    colour: Annotated[int, Meta(ge=0, lt=SEAT_COLOURS)]
    bot_seed: Annotated[int, Meta(ge=0, le=MAX_SEED - 1)]


def check_dict(v: object, where: str) -> dict[str, object]:
    if not isinstance(v, dict):
        raise ValueError(f"{where}: expected an object, got {type(v).__name__}")
    return v


def get_field(d: Mapping[str, object], key: str, where: str) -> object:
    if key not in d:
        raise ValueError(f"{where}: missing field {key!r}")
    return d[key]


@dataclass(frozen=True)
class SeatConfig:
    """One seat of a game: who plays it.

    ``kind`` is ``"human"`` or a computer strength (one of ``levels.LEVELS``);
    ``colour`` indexes ``palette.PLAYER_COLOURS`` (0-3, distinct per game); ``bot_seed``
    seeds the computer player's choices (ignored for humans; set by
    :meth:`SetupConfig.create_game`).
    """

    name: str
    kind: str = "human"
    colour: int = 0
    bot_seed: int = 0

    def validate(self) -> None:
        """Raise ``ValueError`` (English message) if a field is out of range."""
        self.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "kind": self.kind, "colour": self.colour, "bot_seed": self.bot_seed}

    @classmethod
    def from_dict(cls, data: object, where: str = "seat") -> SeatConfig:
        """Parse and validate; raises ``ValueError`` on bad data."""
        doc = convert(data, SeatDoc, where=where)
        check_text(doc.name, f"{where}.name", MAX_NAME_LENGTH)
        if not has_glyph(doc.name):
            raise ValueError(f"{where}.name: a name must not be empty")
        if doc.kind not in KINDS:
            raise ValueError(f"{where}.kind: {short(doc.kind)} is not one of {', '.join(KINDS)}")
        return cls(name=doc.name, kind=doc.kind, colour=doc.colour, bot_seed=doc.bot_seed)


def check_seats(seats: list[SeatConfig]) -> None:
    if not 2 <= len(seats) <= 4:
        raise ValueError(f"seats: Tortuga is for 2-4 players, not {len(seats)}")
    colours = [s.colour for s in seats]
    if len(set(colours)) != len(colours):
        raise ValueError("seats: every seat needs its own colour")
    names = [s.name.strip().casefold() for s in seats]
    if len(set(names)) != len(names):
        raise ValueError("seats: every seat needs its own name")


def bot_seed(game_seed: int, seat: int) -> int:
    return random.Random(f"tortuga-bot:{game_seed}:{seat}").randrange(MAX_SEED)
