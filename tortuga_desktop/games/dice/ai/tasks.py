"""The dice game's thinking as tasks of the shell's thinking host
(:class:`tortuga_desktop.shell.thinkhost.ThinkHost`): a hint's evaluation, the game review, and one
computer player's decision outside a table (the host's tests and tools; at a table the computer players
think as every game's do, in a home of the host: :class:`tortuga_desktop.shell.table.LocalTable` with
:class:`~tortuga_desktop.games.dice.engine.DicePlayer`). Each task carries only what the seat may know:
the seat's :class:`~tortuga_desktop.games.dice.rules.PlayerView` (or the public view, for a hint at a
shared screen), the bot's level and seed, a time to stop by, or a finished game's record."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from tortuga_desktop.shell.thinkhost import ThinkHost

from ..rules import PlayerView
from . import make_bot

#: the functions the host runs (in a worker process, or on its thread)
DECIDE = f"{__name__}:decide"
EVALUATE = "tortuga_desktop.games.dice.ai.evaluate:evaluate"
REVIEW = "tortuga_desktop.games.dice.ai.review:review_game"

#: the bots made in this process, by level and seed (a worker keeps them between decisions: a
#: bot takes a moment to make; what it decides does not depend on its earlier decisions)
_bots: dict[tuple[str, int], Any] = {}


def decide(level: str, seed: int, view: PlayerView, deadline: float | None = None) -> Any:
    """The decision (a :class:`~tortuga_desktop.games.dice.ai.BotChoice`) of the bot of ``level`` and
    ``seed`` from ``view``; ``deadline`` (``time.perf_counter``): when its search must be done by."""
    bot = _bots.get((level, seed))
    if bot is None:
        bot = _bots[(level, seed)] = make_bot(level, seed)
    decide_by = getattr(bot, "decide_by", None)
    if deadline is not None and callable(decide_by):
        return decide_by(view, deadline)
    return bot.decide(view)


def submit_decision(host: ThinkHost, level: str, seed: int, view: PlayerView,
                    stop_at: float | None = None) -> Future[Any]:
    """A computer player's decision in ``host``; ``stop_at`` (a ``time.perf_counter`` moment of this
    process) is when its search must be done by."""
    if not isinstance(view.viewer, int):
        raise ValueError("a computer player decides from its own seat's view")
    return host.submit(DECIDE, level, seed, view, stop_at=stop_at)


def submit_evaluation(host: ThinkHost, view: PlayerView, seed: int, **options: Any) -> Future[Any]:
    """A hint's evaluation (:func:`~tortuga_desktop.games.dice.ai.evaluate.evaluate`) in ``host``."""
    return host.submit(EVALUATE, view, seed, **options)


def submit_review(host: ThinkHost, record: Any, humans: list[int], *,
                  progress: Callable[[float], None] | None = None, **options: Any) -> Future[Any]:
    """The game review (:func:`~tortuga_desktop.games.dice.ai.review.review_game`) of a finished
    game's record for the seats in ``humans``, in ``host``; ``progress`` is called (on the host's
    thread) with the fraction done."""
    if record is None:
        raise ValueError("a review needs the game's record")
    return host.submit(REVIEW, record, list(humans), progress=progress, **options)


__all__ = ["DECIDE", "EVALUATE", "REVIEW", "decide", "submit_decision", "submit_evaluation", "submit_review"]
