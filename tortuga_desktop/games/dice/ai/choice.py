"""What every computer player shares: the :class:`Bot` protocol, its :class:`BotChoice` with a
:class:`Reason` as data, and the per-decision seed. The bots (:mod:`.bots`, :mod:`.expert`) and the
heuristics build on this module; :mod:`tortuga_desktop.games.dice.ai` re-exports it with :func:`make_bot`."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tortuga_desktop.shell.engine import Reason as BaseReason

from ..rules import ACTION_TITLES, CHEST_TITLES, PlayerAction, PlayerView, legal_from_view


@dataclass(frozen=True)
class Reason(BaseReason):
    """Why a bot chose its move (the shell's :class:`~tortuga_desktop.shell.engine.Reason`: a key and its
    parameters), put into words by the app in the player's language (``reason.<key>`` in the
    translations).

    Parameters are game values, never words: ``action`` (0-4), ``colour`` (0-4), ``seat``,
    ``area`` ("fleet" or "crew"). ``search`` marks a choice the Hard search preferred over the
    heuristic's favourite.
    """

    search: bool = False

    def english(self, names: Sequence[str]) -> str:
        """A plain English line (logs and command-line tools); the app uses its translations."""
        p = dict(self.params)
        words = dict(p)
        if "action" in p:
            words["action"] = ACTION_TITLES[int(p["action"])]
        if "colour" in p:
            words["colour"] = CHEST_TITLES[int(p["colour"])]
        if "seat" in p:
            words["name"] = names[int(p["seat"])]
        text = _ENGLISH[self.key].format(**words)
        return text + (" (search prefers it)" if self.search else "")


#: English wording of each reason key (the app's translations say the same in four languages).
_ENGLISH = {
    "dice_to": "dice to {action}", "skulls_to": "skulls to {action}", "bonus_on": "bonus tile on {action}",
    "forfeit": "forfeits {action}: nothing worth taking", "helps": "{action} helps",
    "boards_chest": "boards {name}: {colour} chest in the {area}",
    "raids_chest": "raids {name}: {colour} chest in the {area}",
    "skulls_kept": "skulls only: their action is chosen after the reveal",
    "boards_push": "boards {name}: pushes the leader back", "raids_push": "raids {name}: pushes the leader back",
    "boards": "boards", "raids": "raids", "takes": "takes the {colour} chest",
    "richer_tile": "keeps the richer treasure tile", "valuable": "keeps the most valuable chests",
    "random": "picks at random", "only": "the only legal move",
    # Expert (search): the concrete gain, from public facts only
    "x_dice": "dice to {action} (+{count}): total {total} there",
    "x_skulls_kept": "skulls only: the action is chosen after the reveal",
    "x_dice_vs": "dice to {action}: total {total} there, the best other total there is {others}",
    "x_dice_alone": "dice to {action}: total {total} there, nobody else has dice there yet",
    "x_stuck": "no die can be placed (each shows Board or Raid, and both are full): the roll is confirmed "
               "as it is and rolled again in the open after the reveal",
    "x_skulls": "skulls to {action}: total {total} there",
    "x_bonus_new": "new bonus tile on {action}",
    "x_bonus_flip": "turns the bonus tile on {action} to 2",
    "x_boat": "boat to box {box}: the fleet area holds {cap} chests",
    "x_pirate": "pirate to box {box}: the crew area holds {cap} chests",
    "x_hunt": "treasure hunt: a chest and a treasure tile",
    "x_board_chest": "boards {name}: takes the {colour} chest from the fleet area",
    "x_raid_chest": "raids {name}: takes the {colour} chest from the crew area",
    # a board or raid names its target and the area's chests, never a chest: the chest is
    # chosen by the take decision that follows (x_board_chest / x_raid_chest: old records)
    "x_board_area": "boards {name}: takes a chest from the fleet area (chests there: {count})",
    "x_raid_area": "raids {name}: takes a chest from the crew area (chests there: {count})",
    "x_board_leader": "boards {name}, who leads by {lead} points on the board",
    "x_raid_leader": "raids {name}, who leads by {lead} points on the board",
    "x_board_push": "boards {name}: pushes the boat back",
    "x_raid_push": "raids {name}: pushes the pirate back",
    "x_forfeit": "forfeits {action}: acting would cost more than it gains",
    "x_take": "takes the {colour} chest",
    "x_keep": "keeps the {coins}-coin treasure tile",
    "x_arrange_fleet": "{count} chests into the fleet area, the {colour} one first",
    "x_arrange_crew": "{count} chests into the crew area, the {colour} one first",
    "x_odds": "an estimated {win} % chance to win over {worlds} sampled games, {edge} points ahead of the next move",
}
REASON_KEYS = tuple(_ENGLISH)


@dataclass(frozen=True)
class BotChoice:
    """A bot's decision and why (see :class:`Reason`)."""

    action: PlayerAction
    reason: Reason


class Bot(Protocol):
    """A computer player; ``decide`` is deterministic given the bot's seed and the view.

    ``legal``: the seat's legal actions in the rules' order (``Game.legal_actions``, or
    :func:`~tortuga_desktop.games.dice.rules.legal_from_view`, the same list), as the shell's
    computer player is handed them; a caller without them (the arena, a tool, a test) leaves
    them out and the bot reads them from the view (:func:`legal_for`). Either way the choice is
    the same."""

    level: str

    def decide(self, view: PlayerView, legal: Sequence[PlayerAction] | None = None) -> BotChoice: ...


def legal_for(view: PlayerView, legal: Sequence[PlayerAction] | None) -> Sequence[PlayerAction]:
    """The legal actions a bot decides among: ``legal`` as given, else the view's own
    (:func:`~tortuga_desktop.games.dice.rules.legal_from_view`); ValueError for the public view
    or a seat with nothing to decide."""
    if not isinstance(view.viewer, int):
        raise ValueError("a bot needs a seat's view, not the public view")
    if legal is None:
        legal = legal_from_view(view)
    if not legal:
        raise ValueError(f"seat {view.viewer} has nothing to decide in this view")
    return legal


def decision_seed(seed: int, view: PlayerView) -> int:
    """A stable seed from the bot seed and the view's decision point (same on every run)."""
    key = f"{seed}|{view.viewer}|{view.round}|{view.phase}|{view.stage}|{view.decisions}"
    return zlib.crc32(key.encode()) ^ ((seed * 0x9E3779B1) & 0xFFFFFFFF)


__all__ = ["REASON_KEYS", "Bot", "BotChoice", "Reason", "decision_seed", "legal_for"]
