"""Open decisions and the game's end, as values (T3, T7.9)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import VoteKind


class Kind(StrEnum):
    """What an open decision is about."""

    TURN = "turn"          # T3: the active seat's action
    PICK = "pick"          # T3.5: the forced seat picks a slot
    VOTE = "vote"          # T4.3: a participant plays a card (simultaneous)
    PLUNDER = "plunder"    # T3.9: where a successful Attack's treasure comes from and goes
    MARQUE = "marque"      # T6.6: use or save a revealed Letter of Marque
    PISTOL = "pistol"      # T6.7: name the player to maroon
    MAP_GIVE = "map-give"  # T6.10: name the player who gets the Treasure Map
    MAP_PLACE = "map-place"  # T6.10: the pair's holder places a Galleon treasure
    POWDER = "powder"      # T6.11: pick the rowboat to destroy
    FACADE = "facade"      # T6.14: name the player whose Loyalty card to look at
    FEVER = "fever"        # T6.15: pick the ship to reverse
    WINDS = "winds"        # T6.16: sail somewhere or stay
    REPRISAL = "reprisal"  # T6.19: pick the hold to empty by one


@dataclass(frozen=True, slots=True)
class Decision:
    """``seat`` must decide ``kind``. Every field is public (T9.1): for a forced pick the two slots, for a vote its kind."""

    seat: int
    kind: Kind
    slots: tuple[int, ...] = ()
    vote: VoteKind | None = None


class EndReason(StrEnum):
    """Why the game ended (T7.9)."""

    ARMADA = "armada"            # T7.3: the Armada, one team ahead
    DUTCH_TIE = "dutch-tie"      # T7.4
    SUDDEN_DEATH = "sudden-death"  # T7.6: a team took the lead
    DRAW_NO_CARDS = "draw-no-cards"  # T7.7
    DRAW_CAP = "draw-cap"        # T7.8


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game (T7.9): who won (maybe nobody), why, and the final totals."""

    winners: tuple[int, ...]
    reason: EndReason
    british: int
    french: int

    @property
    def is_draw(self) -> bool:
        return not self.winners
