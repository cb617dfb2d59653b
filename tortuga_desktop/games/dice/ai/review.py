"""Game review: every seat's estimated chance to win at every decision of a finished game, and
the decisions where a human's move was worse than the best move found.

Everything comes from the one evaluation (:func:`~.evaluate.evaluate`), the same call with the
same seed a hint makes at that decision (:func:`~.evaluate.position_seed`):

- at a human's decision with a choice, the decision is evaluated as the hint evaluates it, the
  move actually made played in the same worlds (a *passenger* when it was not a candidate);
  the chart's point there is every seat's chance after the move made;
- after every other decision (computer players, moves without a choice) the position as it
  stands is evaluated in fewer worlds (``standing``), from one perspective for the whole chart:
  the human's view when one human is reviewed (a seat sees its own tiles all game long; the
  chart does not jump from one seat's knowledge to another's), the public view otherwise;
- a *moment* is a human decision where the move made is worse than the best one by more than
  the uncertainty of their paired difference (and by at least one percentage point rounded).

The chart has one point per replay position: position 0 is the setup (every seat 1/n), position
``k`` the chances after decision ``k - 1`` — the last one the final result, since the rollouts
of a finished game are the game's own outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from ..rules import DecisionKind, Game, GameRecord, PlayerAction, PlayerView, parse_action
from ..rules.codec import parse_roll
from .choice import Reason
from .evaluate import Evaluation, Z, evaluate, position_seed
from .expert import reason_for

#: worlds behind a chart point of a decision that is not reviewed (a computer player's, or one
#: without a choice): its move is the only candidate
CHART_WORLDS = 24


@dataclass
class Moment:
    """A human decision where the move made was worse than the best move found."""

    #: the decision's number in the game (its chart point is position ``index + 1``)
    index: int
    round: int
    seat: int
    played: PlayerAction
    better: PlayerAction
    #: the seat's chance to win after the move made: the chart's value at ``index + 1``
    chance: float
    #: how much more the better move's chance was (0..1), and the uncertainty of that
    #: difference (Z standard errors of the paired difference)
    cost: float
    uncertainty: float
    #: why the better move: a fact from the seat's view
    reason: Reason
    #: what the seat could see then (names its dice and moves in words)
    view: PlayerView


@dataclass
class Review:
    """The chart (``chances[k]``: every seat's chance at replay position ``k``) and the
    moments, costliest first."""

    chances: list[tuple[float, ...]]
    moments: list[Moment]
    #: the round of every position (labels under the chart)
    rounds: list[int] = field(default_factory=list)
    #: the evaluation of every reviewed decision, by decision number (tests compare hints)
    evaluations: dict[int, Evaluation] = field(default_factory=dict)

    def point(self, m: Moment) -> float:
        """The chart's value for ``m``'s seat right after its decision."""
        return self.chances[m.index + 1][m.seat]


def shared_view(g: Game, seat: int, humans: Collection[int]) -> PlayerView:
    """The view a hint for ``seat`` may use: the seat's own, unless several humans share the
    screen and the decision is not a private one (the dice behind one's screen, the tile to
    keep) — then only what everybody at the screen may know, the public view."""
    d = g.decision_for(seat)
    private = d is not None and d.kind in (DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE)
    if len(humans) > 1 and seat in humans and not private:
        return g.view(None)
    return g.view(seat)


def review_game(record: GameRecord, humans: list[int], *, hotseat: bool = False, most: int = 5,
                progress: Callable[[float], None] | None = None, chart_worlds: int = CHART_WORLDS) -> Review:
    """Review a finished game's record for the seats in ``humans``. ``hotseat``: those humans
    shared one screen, so their hints at public decisions used the public view (and so does
    the review, to give the same answer)."""
    g = Game.new(record.players, record.seed, start_player=record.start_player, long_game=record.long_game,
                 names=list(record.names), log=False, rules_version=record.rules_version)
    entries = list(record.entries)
    todo = [i for i, (_s, t) in enumerate(entries) if parse_roll(t) is None]
    reviewed = {i for i in todo if entries[i][0] in humans}
    weight = max(1, 6 * len(reviewed) + (len(todo) - len(reviewed)))
    done = 0
    n = record.players
    chances: list[tuple[float, ...]] = [tuple(1.0 / n for _ in range(n))]
    rounds = [g.round]
    moments: list[Moment] = []
    evaluations: dict[int, Evaluation] = {}
    screen = humans if hotseat else []
    perspective = humans[0] if len(humans) == 1 else None
    for seat, text in entries:
        faces = parse_roll(text)
        if faces is not None:
            g.set_roll(seat, faces)
            continue
        action = parse_action(text)
        index = g.decisions
        seed = position_seed(record.seed, index, seat)
        choice = seat in humans and len(g.legal_actions(seat)) > 1
        if choice:
            view = shared_view(g, seat, screen)
            ev = evaluate(view, seed, seat=seat, passenger=action)
            evaluations[index] = ev
            made = ev.of(action)
            assert made is not None
            chances.append(made.chances)
            cost = ev.gap(made)
            if ev.worse(made) and round(100 * cost) >= 1:
                best = ev.best
                assert best.action is not None
                moments.append(Moment(index, g.round, seat, action, best.action, made.chances[seat], cost,
                                      Z * made.diff_se,
                                      reason_for(ev.world, seat, ev.kind, best.value), g.view(seat)))
            done += 6
            g.apply(seat, action)
        else:
            g.apply(seat, action)
            here = evaluate(g.view(perspective), position_seed(record.seed, index, -1), standing=True,
                            max_worlds=chart_worlds)
            chances.append(here.best.chances)
            done += 1
        rounds.append(g.round)
        if progress is not None:
            progress(min(1.0, done / weight))
    moments.sort(key=lambda m: (-m.cost, m.index))
    if progress is not None:
        progress(1.0)
    return Review(chances, moments[:most], rounds, evaluations)


__all__ = ["CHART_WORLDS", "Moment", "Review", "review_game", "shared_view"]
