"""Player actions: small hashable values with a text form that parses back.

Every decision a player makes is one of these values (see :class:`DecisionKind`).

>>> parse_action("select ACE")
SelectDice(dice=(0, 2, 4))
>>> parse_action("select ACE").text()
'select ACE'
>>> parse_action("target 2")
Target(seat=2)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .components import ACTION_WORDS, CHEST_LETTERS, DIE_LETTERS, Action, Chest
from .errors import MalformedActionError


class DecisionKind(StrEnum):
    """What a seat has to decide."""

    SELECT_DICE = "select_dice"  # R3.2: which rolled dice to place (hidden until the reveal)
    SKULL_ACTION = "skull_action"  # R3.5: the action for a skull-only selection
    BONUS_TILE = "bonus_tile"  # R3.7: new tile on a space, or flip a "1"
    POSITION = "position"  # R4.5-R4.10: act (or choose a target) or forfeit
    TAKE_CHEST = "take_chest"  # R4.9/R4.10: which chest to take
    KEEP_TILE = "keep_tile"  # R4.8: which of two treasure tiles to keep
    ARRANGE_FLEET = "arrange_fleet"  # R5.2: crew chests that go to the fleet area, in order
    ARRANGE_CREW = "arrange_crew"  # R5.2: island chests that go to the crew area, in order


@dataclass(frozen=True, slots=True)
class SelectDice:
    """Select these dice (indices 0-4 = A-E) of the current roll (R3.2), kept sorted.

    The empty selection (text ``select -``) confirms a roll that allows no valid selection
    (R3.6, R9.1): it is the one legal action of such a roll.
    """

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        dice = self.dice
        if type(dice) is tuple and len(dice) > 1:
            try:
                ordered = tuple(sorted(dice))
            except TypeError:  # not die indices: left for the engine to refuse as malformed
                return
            if ordered != dice:
                object.__setattr__(self, "dice", ordered)  # normal form: equal selections are equal

    def text(self) -> str:
        return "select " + ("".join(DIE_LETTERS[d] for d in self.dice) or "-")


@dataclass(frozen=True, slots=True)
class ChooseAction:
    """Turn a skull-only selection to this action (R3.2 b, R3.5)."""

    action: Action

    def text(self) -> str:
        return "skulls " + ACTION_WORDS[self.action]


@dataclass(frozen=True, slots=True)
class TakeBonus:
    """Receive a bonus tile (R3.7): a new "1" tile on ``action``'s bonus space, or flip the "1" there."""

    action: Action
    flip: bool

    def text(self) -> str:
        return ("bonus flip " if self.flip else "bonus new ") + ACTION_WORDS[self.action]


@dataclass(frozen=True, slots=True)
class Act:
    """Carry out one's position on Expand fleet, Recruit crew or Treasure hunt."""

    def text(self) -> str:
        return "act"


@dataclass(frozen=True, slots=True)
class Forfeit:
    """Give up one's position (R4.5)."""

    def text(self) -> str:
        return "forfeit"


@dataclass(frozen=True, slots=True)
class Target:
    """Board or raid the player in ``seat`` (R4.9, R4.10)."""

    seat: int

    def text(self) -> str:
        return f"target {self.seat}"


@dataclass(frozen=True, slots=True)
class TakeChest:
    """Take a chest of this colour (from a fleet, a crew area or the center island)."""

    chest: Chest

    def text(self) -> str:
        return "chest " + CHEST_LETTERS[self.chest]


@dataclass(frozen=True, slots=True)
class KeepTile:
    """Keep the drawn treasure tile worth ``value`` coins, return the other (R4.8)."""

    value: int

    def text(self) -> str:
        return f"keep {self.value}"


@dataclass(frozen=True, slots=True)
class Arrange:
    """The chests (colours, left to right) that move into the destination area (R5.2)."""

    chests: tuple[Chest, ...]

    def text(self) -> str:
        return "arrange " + ("".join(CHEST_LETTERS[c] for c in self.chests) or "-")


PlayerAction = SelectDice | ChooseAction | TakeBonus | Act | Forfeit | Target | TakeChest | KeepTile | Arrange
ACTION_TYPES = (SelectDice, ChooseAction, TakeBonus, Act, Forfeit, Target, TakeChest, KeepTile, Arrange)


def _action_word(word: str) -> Action:
    try:
        return Action(ACTION_WORDS.index(word))
    except ValueError:
        raise MalformedActionError(f"unknown action {word!r}; expected one of {', '.join(ACTION_WORDS)}") from None


def _chests(letters: str) -> tuple[Chest, ...]:
    if letters == "-":
        return ()
    out = []
    for ch in letters.upper():
        if ch not in CHEST_LETTERS:
            raise MalformedActionError(f"unknown chest colour {ch!r}; expected letters from {CHEST_LETTERS}")
        out.append(Chest(CHEST_LETTERS.index(ch)))
    return tuple(out)


def parse_action(text: str) -> PlayerAction:
    """Parse the text form of an action (the inverse of ``action.text()``).

    Raises :class:`MalformedActionError` for anything that is not an action.
    """
    if not isinstance(text, str):
        raise MalformedActionError(f"an action text must be a string, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise MalformedActionError("empty action text")
    head, args = words[0].lower(), words[1:]

    def need(n: int) -> None:
        if len(args) != n:
            raise MalformedActionError(f"{head!r} takes {n} argument(s), got {len(args)}: {text!r}")

    if head == "select":
        need(1)
        if args[0] == "-":
            return SelectDice(())
        letters = args[0].upper()
        if any(ch not in DIE_LETTERS for ch in letters):
            raise MalformedActionError(f"dice are named A-E, got {args[0]!r}")
        dice = tuple(sorted(DIE_LETTERS.index(ch) for ch in letters))
        if len(set(dice)) != len(dice):
            raise MalformedActionError(f"a die is named twice in {args[0]!r}")
        return SelectDice(dice)
    if head == "skulls":
        need(1)
        return ChooseAction(_action_word(args[0].lower()))
    if head == "bonus":
        need(2)
        how = args[0].lower()
        if how not in ("new", "flip"):
            raise MalformedActionError(f"bonus takes 'new' or 'flip', got {args[0]!r}")
        return TakeBonus(_action_word(args[1].lower()), how == "flip")
    if head == "act":
        need(0)
        return Act()
    if head == "forfeit":
        need(0)
        return Forfeit()
    if head == "target":
        need(1)
        arg = args[0]
        if not (arg.isascii() and arg.isdigit() and len(arg) <= 2):  # int() also takes '²'-like digits
            raise MalformedActionError(f"target takes a seat number 0-3, got {arg!r:.20}")
        return Target(int(arg))
    if head == "chest":
        need(1)
        chests = _chests(args[0])
        if len(chests) != 1:
            raise MalformedActionError(f"chest takes one colour letter, got {args[0]!r}")
        return TakeChest(chests[0])
    if head == "keep":
        need(1)
        if args[0] not in ("1", "2", "3"):
            raise MalformedActionError(f"keep takes a tile value 1-3, got {args[0]!r}")
        return KeepTile(int(args[0]))
    if head == "arrange":
        need(1)
        return Arrange(_chests(args[0]))
    raise MalformedActionError(f"unknown action {head!r}")
