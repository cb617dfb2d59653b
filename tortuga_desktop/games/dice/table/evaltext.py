"""The words of a hint and of a review moment, from an :class:`~tortuga_desktop.games.dice.ai.evaluate.Evaluation`.

Only what the evaluation shows is claimed: "clearly best" when the best move beats every other
by more than the uncertainty of their paired difference, otherwise the two or three moves that
are about equal, named. Chances are "%"; differences between two chances are percentage
points, with the language's plural. Each text carries one reason a player can check on the
table (:func:`~tortuga_desktop.games.dice.ai.expert.reason_for`).
"""

from __future__ import annotations

from collections.abc import Sequence

from tortuga_desktop.games.dice.ai.evaluate import Candidate, Evaluation, Z
from tortuga_desktop.games.dice.ai.expert import reason_for
from tortuga_desktop.games.dice.ai.review import Moment
from tortuga_desktop.games.dice.rules import (
    SKULL,
    Act,
    Arrange,
    ChooseAction,
    Forfeit,
    KeepTile,
    PlayerAction,
    PlayerView,
    SelectDice,
    TakeBonus,
    TakeChest,
    Target,
)
from tortuga_desktop.games.dice.table.eventtext import reason_text
from tortuga_desktop.games.dice.table.words import action_name, chest_name
from tortuga_desktop.shell.i18n import tr, trn

__all__ = ["hint_lines", "moment_text", "move_text", "pct"]


def pct(x: float) -> int:
    """A chance (0..1) as whole percent."""
    return int(round(100 * x))


def move_text(action: PlayerAction | None, view: PlayerView, seat: int, names: Sequence[str]) -> str:
    """A move in a few words ("dice A, C to Fleet", "board Mary Read", "take the purple chest")."""
    if action is None:
        raise ValueError("a position's evaluation names no move")
    if isinstance(action, SelectDice):
        if not action.dice:
            return tr("move.confirm_stuck")
        letters = ", ".join("ABCDE"[d] for d in action.dice)
        sv = view.seats[seat]
        faces: dict[int, int] = {d: f for d, f in zip(sv.hand, sv.roll or (), strict=False) if f is not None}
        where = {faces[d] for d in action.dice if d in faces and faces[d] != SKULL}
        if where:
            return tr("move.dice", dice=letters, action=action_name(min(where)))
        return tr("move.dice_skulls", dice=letters) if faces else tr("move.dice_only", dice=letters)
    if isinstance(action, ChooseAction):
        return tr("move.skulls", action=action_name(int(action.action)))
    if isinstance(action, TakeBonus):
        return tr("move.bonus_flip" if action.flip else "move.bonus_new", action=action_name(int(action.action)))
    if isinstance(action, Act):
        return tr("move.act", action=action_name(view.act_action))
    if isinstance(action, Forfeit):
        return tr("move.forfeit", action=action_name(view.act_action))
    if isinstance(action, Target):
        name = names[action.seat] if 0 <= action.seat < len(names) else "?"
        return tr("move.board" if view.act_action == 3 else "move.raid", name=name)
    if isinstance(action, TakeChest):
        return tr("move.take", colour=chest_name(int(action.chest)).lower())
    if isinstance(action, KeepTile):
        return trn("move.keep", action.value)
    if isinstance(action, Arrange):
        if not action.chests:
            return tr("move.arrange_none")
        return tr("move.arrange", chests=", ".join(chest_name(int(c)).lower() for c in action.chests))
    return action.text()


def _moves(cands: Sequence[Candidate], view: PlayerView, seat: int, names: Sequence[str]) -> str:
    words = [move_text(c.action, view, seat, names) for c in cands]
    if len(words) == 1:
        return words[0]
    return tr("hint.list", first=", ".join(words[:-1]), last=words[-1])


def _unc(c: Candidate) -> int:
    return max(1, pct(Z * c.se))


def hint_lines(ev: Evaluation, view: PlayerView, names: Sequence[str]) -> list[str]:
    """The hint: the claim (clearly best, or which moves are about equal) with the chance to
    win and its uncertainty, then one reason for the (first) suggested move."""
    seat = ev.seat
    best = ev.best
    move = move_text(best.action, view, seat, names)
    if len(ev.searched) == 1:
        head = tr("hint.single", move=move, win=pct(best.win), unc=_unc(best))
    elif ev.separated:
        # "clearly best" is a claim about the gap to the next move: it is shown with the gap's
        # own uncertainty (the paired difference's, smaller than the gap), never beside the
        # larger uncertainty of the chance itself
        second = ev.searched[1]
        gap = pct(ev.gap(second))
        other = move_text(second.action, view, seat, names)
        if gap < 1:
            head = tr("hint.best_small2", move=move, win=pct(best.win), second=other)
        else:
            head = trn("hint.best2", gap, move=move, win=pct(best.win), second=other,
                       gunc=min(gap, max(1, pct(Z * second.diff_se))))
    else:
        equal = ev.equal(3)
        count = ev.equal_count()
        head = trn("hint.equal", count, moves=_moves(equal, view, seat, names), win=pct(best.win), unc=_unc(best))
        if count > len(equal):
            head += " " + trn("hint.equal_more", count - len(equal))
    why = reason_text(reason_for(ev.world, seat, ev.kind, best.value), names)
    return [head, tr("hint.why", reason=why)]


def moment_text(m: Moment, chance: float, names: Sequence[str]) -> str:
    """One review moment: the round and who, the move made and the chance to win after it (the
    chart's value ``chance`` there), the better move and what it was worth more, and why."""
    name = names[m.seat] if 0 <= m.seat < len(names) else "?"
    made = move_text(m.played, m.view, m.seat, names)
    better = move_text(m.better, m.view, m.seat, names)
    return trn("review.moment2", pct(m.cost), round=m.round, name=name, made=made, chance=pct(chance),
               better=better, reason=reason_text(m.reason, names))
