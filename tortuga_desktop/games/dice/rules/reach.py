"""How long a real game's record can get: the caps every loaded record is held to.

A record lists every decision and every scripted roll. Nothing in the file format stops a
list from being huge, but a game can only make so many decisions, so a longer list is not
a game and is refused before anything is replayed (a 99,000-roll file once took seconds to
load and made every autosave slow). The caps follow from the rules:

* A game lasts at most :data:`~.components.MAX_ROUNDS` rounds (R5.5: the engine's safety
  cap; real games end in under 15).
* Dice phase (R3): each roll step places at least one of a seat's five dice, so a round has
  at most 5 roll steps. In one step a seat decides at most 3 times: its selection (or
  confirming a roll that allows none, R3.6), the open selection after such a roll is
  rerolled (R3.6), and naming the action of a skulls-only selection (R3.5); a seat with no
  dice left instead chooses its bonus tile (R3.7), once. That is at most 15 per seat.
* Actions phase (R4): five actions, each acted on by at most two positions (R4.4), and a
  position decides at most 3 times in one action (a target, a tile to keep, a chest to
  take — or forfeiting instead, R4.5). That is at most 30.
* Move phase (R5.2): each seat arranges its fleet and its crew: at most 2 per seat.

So a round has at most 17 decisions per seat plus 30 (98 with four players; real rounds
have under 45), and a game at most :func:`max_decisions`.

Scripted rolls (tutorials, scenarios: :meth:`Game.set_roll`) replace the dice a seat is
about to choose from; a real game sets each such roll once, before its owner decides. So
between two decisions each seat has at most one scripted roll, which also bounds them by
the number of decisions.
"""

from __future__ import annotations

from collections.abc import Sequence

from .components import MAX_ROUNDS

__all__ = ["max_decisions", "record_problem"]

#: Decisions one seat can make in one round at most, and the actions phase's share.
PER_SEAT_PER_ROUND = 15 + 2
ACTIONS_PER_ROUND = 5 * 2 * 3


def max_decisions(players: int) -> int:
    """The most decisions a game of ``players`` seats can reach (see the module text)."""
    return MAX_ROUNDS * (PER_SEAT_PER_ROUND * players + ACTIONS_PER_ROUND)


def record_problem(players: int, entries: Sequence[tuple[int, str]]) -> str:
    """Why ``entries`` (seat, action text) cannot be a real game's record ("" when they can):
    more decisions than a game reaches, or a seat's roll scripted twice before it decided."""
    cap = max_decisions(players)
    decisions = 0
    scripted: set[int] = set()
    for i, (seat, text) in enumerate(entries):
        if text.startswith("roll "):
            if seat in scripted:
                return (f"entry {i}: seat {seat}'s roll is set twice before it decides "
                        "(a real game sets a roll once)")
            scripted.add(seat)
            continue
        decisions += 1
        if decisions > cap:
            return f"more than {cap} decisions (more than a game of {players} players can reach)"
        scripted.discard(seat)
    return ""
