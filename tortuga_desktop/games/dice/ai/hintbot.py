"""The hint bot: a yardstick for the arena that plays the Hint's first suggestion.

At every decision it makes the one evaluation a player's Hint makes (:func:`.evaluate.evaluate`
on its seat's view, the same settings and time cap; its seed from the bot's seed and the
decision's number, as a hint's comes from the game's) and plays the best move found. It is not a
level a player can choose: ``python -m tortuga_desktop.arena --bots expert,hint`` measures
whether Expert's search plays better than its own hint.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import PlayerAction, PlayerView
from .choice import BotChoice, Reason, legal_for
from .evaluate import HINT_CAP_S, decision_number, evaluate, position_seed

#: the arena's name for it (beside the levels of ``ALL_LEVELS``)
HINT_BOT = "hint"


class HintBot:
    """Plays the hint's best move (see the module docstring)."""

    level = HINT_BOT

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def decide(self, view: PlayerView, legal: Sequence[PlayerAction] | None = None) -> BotChoice:
        seat = view.viewer
        if seat is None:
            raise ValueError("the hint bot decides from its own seat's view")
        legal = legal_for(view, legal)
        if len(legal) == 1:
            return BotChoice(legal[0], Reason("only"))
        ev = evaluate(view, position_seed(self.seed, decision_number(view), seat), time_cap_s=HINT_CAP_S)
        best = ev.best
        assert best.action is not None
        others = [c.win for c in ev.searched if c is not best]
        edge = max(0, round(100 * (best.win - max(others)))) if others else 0
        return BotChoice(best.action, Reason("x_odds", (("win", round(100 * best.win)), ("worlds", ev.worlds),
                                                        ("edge", edge)), search=True))


__all__ = ["HINT_BOT", "HintBot"]
