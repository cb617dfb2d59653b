"""The steps of a guided first game, for any game's tutorial: where the player is, Next and Back.

A game's tutorial is a list of steps, each of a ``mode``: ``say`` (the coach explains; Next goes on),
``watch`` (the computer players move until the step's ``until`` holds for the game; then Next) or ``do``
(the player makes one move through the table). :class:`StepCoach` walks them; a game's coach adds what
only it knows (which move a ``do`` step lets through, when its computer players may move). No move is
ever taken back: Back returns only over ``say`` steps since the last step that changed the game.

Pure Python: no pygame and no game's code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar


class TutorialStep(Protocol):
    """What the coach reads of a step."""

    @property
    def mode(self) -> str:
        """``say``, ``watch`` or ``do``."""
        ...

    @property
    def until(self) -> Callable[[Any], bool] | None:
        """A ``watch`` step's end: true of the game once the computer players have done what it shows."""
        ...


S = TypeVar("S", bound=TutorialStep)
G = TypeVar("G")


class StepCoach(Generic[S, G]):
    """Walks a tutorial's ``steps`` from ``step`` (a resumed tutorial starts part-way)."""

    def __init__(self, steps: Sequence[S], step: int = 0) -> None:
        self.steps = tuple(steps)
        self.index = max(0, min(step, len(self.steps) - 1))
        #: the first step Back may return to (no move is ever taken back)
        self.floor = self.index
        #: the explanation of the last wrong move ("" when none)
        self.error = ""
        self.game: G | None = None
        self.finished = False
        self.wrong_moves = 0
        #: resumed part-way and not moved on yet: "Start over" is offered instead of Back
        self.resumed = self.index > 0

    @property
    def step(self) -> S:
        return self.steps[self.index]

    @property
    def count(self) -> int:
        return len(self.steps)

    def ready(self) -> bool:
        """May the player go on (Next)? Say steps: yes; watch steps once the condition holds."""
        s, g = self.step, self.game
        if s.mode == "say":
            return True
        if s.mode == "watch" and s.until is not None and g is not None:
            return s.until(g)
        return False

    def can_back(self) -> bool:
        return self.index > self.floor and self.steps[self.index - 1].mode == "say"

    def next(self) -> bool:
        """Go to the next step; True when the tutorial just ended (after the last step)."""
        if not self.ready():
            return False
        self.error = ""
        self.resumed = False
        if self.index + 1 >= len(self.steps):
            self.finished = True
            return True
        self.index += 1
        if self.steps[self.index - 1].mode != "say":
            self.floor = self.index
        return False

    def back(self) -> None:
        if self.can_back():
            self.index -= 1
            self.error = ""


__all__ = ["StepCoach", "TutorialStep"]
