"""The new-game setup: :class:`SetupConfig` (the seats, who starts, the long game, the seed),
starting a game from it, and the setup remembered for next time (``<config>/last_setup.json``)."""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, replace
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.savefile import SaveData
from tortuga_desktop.shell.saves.remembered import recall_setup, remember_setup
from tortuga_desktop.shell.saves.savefile import now_iso
from tortuga_desktop.shell.saves.seats import MAX_SEED, SeatConfig, bot_seed, check_seats
from tortuga_desktop.shell.saves.text import convert

__all__ = ["SetupConfig", "load_last_setup", "save_last_setup"]

logger = logging.getLogger(__name__)

_LAST_SETUP_NAME = "last_setup.json"
_DEFAULT_BOT_NAMES = ("Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read")


class _SetupDoc(msgspec.Struct):
    """A setup as a file holds it, with its limits (msgspec checks them)."""

    seats: Annotated[list[object], Meta(min_length=2, max_length=4)]
    start_player: Annotated[int, Meta(ge=0)] | None
    long_game: bool
    seed: Annotated[int, Meta(ge=0, le=MAX_SEED - 1)] | None


_SETUP_MESSAGES = {"seats": "setup.seats: expected a list of 2-4 seats",
                   "long_game": "setup.long_game: expected true/false"}


@dataclass
class SetupConfig:
    """What the new-game screen produces (and remembers for next time).

    ``start_player`` None = random (R1.5); ``seed`` None = a fresh random game.
    """

    seats: list[SeatConfig]
    start_player: int | None = None
    long_game: bool = False
    seed: int | None = None

    @classmethod
    def default(cls, human_name: str = "Player") -> SetupConfig:
        """One human against three normal computer players."""
        seats = [SeatConfig(human_name, "human", 0)]
        seats += [SeatConfig(_DEFAULT_BOT_NAMES[i], "normal", i) for i in range(1, 4)]
        return cls(seats=seats)

    @classmethod
    def same_seats_as(cls, data: SaveData) -> SetupConfig:
        """The setup for "New game with same seats": the players of ``data``, a fresh random game."""
        seats = [replace(s, bot_seed=0) for s in data.seats]
        return cls(seats=seats, start_player=None, long_game=data.game.long_game, seed=None)

    def validate(self) -> None:
        """Raise ``ValueError`` with an English explanation if the setup cannot start a game."""
        self.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"seats": [s.to_dict() for s in self.seats], "start_player": self.start_player,
                "long_game": self.long_game, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: object) -> SetupConfig:
        """Parse and validate; raises ``ValueError`` on bad data."""
        doc = convert(data, _SetupDoc, _SETUP_MESSAGES, "setup")
        seats = [SeatConfig.from_dict(s, f"setup.seats[{i}]") for i, s in enumerate(doc.seats)]
        check_seats(seats)
        if doc.start_player is not None and doc.start_player >= len(seats):
            raise ValueError(f"setup.start_player: {doc.start_player} is outside 0..{len(seats) - 1}")
        return cls(seats=seats, start_player=doc.start_player, long_game=doc.long_game, seed=doc.seed)

    def create_game(self) -> SaveData:
        """Start a game: resolve the seed, derive each seat's ``bot_seed``, set up the Game.

        The same ``seed`` gives the same game and the same computer-player seeds.
        """
        self.validate()
        seed = self.seed if self.seed is not None else secrets.randbits(63)
        seats = [replace(s, name=s.name.strip(), bot_seed=bot_seed(seed, i)) for i, s in enumerate(self.seats)]
        game = Game.new(len(seats), seed, start_player=self.start_player, long_game=self.long_game,
                        names=[s.name for s in seats])
        meta = {"started_at": now_iso(), "setup": self.to_dict()}
        return SaveData(seats=seats, game=game, meta=meta)

# ---------------------------------------------------------------- last setup
def save_last_setup(setup: SetupConfig) -> None:
    """Remember the setup for the next new game (atomic; disk errors are logged)."""
    remember_setup(_LAST_SETUP_NAME, "tortuga-setup", setup.to_dict(), "setup")


def load_last_setup() -> SetupConfig | None:
    """The remembered setup, or None (no file, or a bad one — which is then kept aside)."""
    return recall_setup(_LAST_SETUP_NAME, "tortuga-setup", SetupConfig.from_dict, "setup")
