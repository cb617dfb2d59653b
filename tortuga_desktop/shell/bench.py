"""What a game gives the measurement scripts that work for any game, its :class:`GameBench`:

- the frame bench (``python -m scripts.frame_bench --game NAME``) plays the game's demo
  (:meth:`~tortuga_desktop.shell.game.GameModule.demo`) in a real window and times every frame; the game
  says what each frame shows, which of its parts ``--breakdown`` times, its defaults and any measurements
  of its own;
- the tutorial's length (``python -m scripts.tutorial_length --game NAME``): the game plays its tutorial
  headless, each move made as soon as it is asked for, and says which notes it showed.

The catalogue (:mod:`tortuga_desktop.games`, ``bench``) names where each game's is; a game without one is
measured with :data:`PLAIN`. Nothing here names a game."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class FrameNote:
    """What a table is about to show in a frame: the game's phase (``"-"``: the game has none), the
    groups the frame is counted in besides all frames (e.g. ``"dice"``: dice in flight), and what moves,
    in words (printed beside a slow frame)."""

    phase: str = "-"
    tags: tuple[str, ...] = ()
    moving: str = "-"


@dataclass(frozen=True)
class TutorialRun:
    """A tutorial played headless to its end: its steps, the moves the player made, the seconds of table
    time that passed at normal speed (animations, computer players) and the translation keys of every note
    it showed, in order."""

    steps: int
    moves: int
    table_seconds: float
    note_keys: tuple[str, ...]


class GameBench(Protocol):
    """One game's side of the measurement scripts."""

    @property
    def players(self) -> int:
        """Seats of the demo measured without ``--players``."""
        ...

    @property
    def level(self) -> str | None:
        """The demo's computer players without ``--level`` (None: the game's demo mix)."""
        ...

    @property
    def budget(self) -> float:
        """Milliseconds over which a frame counts as slow without ``--budget``."""
        ...

    def note(self, scene: Any) -> FrameNote:
        """What the game's table ``scene`` is about to show (asked before every frame)."""
        ...

    def summary(self, scene: Any) -> str:
        """A line on how far the demo got (moves shown, round, over or not)."""
        ...

    def parts(self, app: Any, scene: Any) -> Sequence[tuple[object, str, str]]:
        """For ``--breakdown``: ``(owner, attribute, part)`` for each method or function to time, by part
        name (several may share one); the bench wraps each and sums per frame."""
        ...

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """Add the options of the game's own measurements (none: nothing)."""
        ...

    def run_case(self, args: argparse.Namespace) -> int | None:
        """Run the game's own measurement the options ask for and return the exit status, or None when
        they ask for none (the demo is measured)."""
        ...

    def walk_tutorial(self, app: Any) -> TutorialRun | None:
        """Play the game's tutorial on ``app`` (a headless App with a fixed 60 fps step) to its end, each move
        the one the step asks for as soon as it is asked, *Next* as soon as it may be pressed; None when the
        game has no tutorial."""
        ...


class PlainBench:
    """The bench of a game that gives none of its own: no phases, groups or parts, no tutorial."""

    players = 4
    level: str | None = None
    budget = 33.0

    def note(self, scene: Any) -> FrameNote:
        return FrameNote()

    def summary(self, scene: Any) -> str:
        return ""

    def parts(self, app: Any, scene: Any) -> Sequence[tuple[object, str, str]]:
        return ()

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        return None

    def run_case(self, args: argparse.Namespace) -> int | None:
        return None

    def walk_tutorial(self, app: Any) -> TutorialRun | None:
        return None


PLAIN: GameBench = PlainBench()


def pct(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile of ``values`` (nearest rank; NaN when there are none)."""
    v = sorted(values)
    return v[min(len(v) - 1, int(p / 100 * len(v)))] if v else float("nan")


__all__ = ["PLAIN", "FrameNote", "GameBench", "PlainBench", "TutorialRun", "pct"]
