"""The rollout policy as it was before issue 29 made it faster: the reference that
``tests/dice/test_rollout.py`` compares :class:`~.rollout.RolloutPolicy` with, decision for decision
(the same seeds must give the same moves). Not used in play.
"""

from __future__ import annotations

import random
from typing import Any

from . import kernel as K

FLEET, CREW, HUNT, BOARD, RAID = 0, 1, 2, 3, 4
PURPLE, WHITE = 4, 3
CAP = K.CAP


def _weights(k: K.KState, s: int) -> list[float]:
    """How much seat ``s`` wants each action now (cheap, public facts and its own board)."""
    boat, pirate = k.boat[s], k.pirate[s]
    n = k.n
    fl = 1.0 + (0.5 if boat < 5 else 0.0) + (0.3 if len(k.crew[s]) > CAP[boat] else 0.0)
    cr = 1.0 + (0.5 if pirate < 5 else 0.0) + (0.3 if len(k.island[s]) > CAP[pirate] else 0.0)
    hunt = 1.1
    best_f = 0
    best_c = 0
    for t in range(n):
        if t != s:
            lf = len(k.fleet[t]) + len(k.crew[t])
            if lf > best_f:
                best_f = lf
            lc = len(k.crew[t]) + len(k.island[t])
            if lc > best_c:
                best_c = lc
    board = 0.5 + 0.35 * best_f
    raid = 0.5 + 0.35 * best_c
    return [fl, cr, hunt, board, raid]


class ReferenceRolloutPolicy:
    """A cheap heuristic for every seat in rollouts (with a little noise, so worlds differ)."""

    def __init__(self, rng: random.Random, me: int | None = None, opp_attack: float = 1.0,
                 model: bool = False) -> None:
        self.rnd = rng.random
        self.rng = rng
        #: the searching seat; the others' wish to board and raid is scaled by ``opp_attack``
        #: (an opponent model: Hard and Normal attack less than this policy does in self-play)
        self.me = me
        self.opp_attack = opp_attack
        #: the others choose dice, skulls and bonus tiles the way Hard does (see
        #: ``scripts/opponent_fit.py``: how often the model predicts Hard's own choices)
        self.model = model

    def select(self, k: K.KState, s: int, fm: list[int]) -> int:
        """The face group (its strongest dice that fit) worth most: the action's weight times
        the chance the new total takes a position against the others' public totals there."""
        if self.model and s != self.me:
            return self._model_select(k, s, fm)
        pl = k.placed[s]
        room = _room(k, s)
        w = self._wants(k, s)
        rnd = self.rnd
        best, best_m = -1e9, 0
        sk = fm[5]
        for f, dice in _fitting(k, fm, room):
            g = K._mask(dice)
            v = _place_value(k, s, f, k.sums[f][g | pl[f]] + k.bonus[s][f], w) - 0.4 * len(dice) + rnd()
            if v > best:
                best, best_m = v, g
        if best_m:
            a = next(f for f in range(5) if fm[f] & best_m)
            free = room[a] - K.POP[best_m]
            if sk and free > 0 and rnd() < 0.35:
                best_m |= K.SUB[sk][min(free, K.POP[sk])][0]
            return best_m
        return sk

    def _wants(self, k: K.KState, s: int) -> list[float]:
        w = _weights(k, s)
        if self.opp_attack != 1.0 and s != self.me:
            w[3] *= self.opp_attack
            w[4] *= self.opp_attack
        return w

    def _model_select(self, k: K.KState, s: int, fm: list[int]) -> int:
        """An opponent's selection the way Hard makes it: the gain over the position already
        held (not the position itself), often a single die and often a skull alone (its action
        chosen after the reveal), rarely skulls added to a face group."""
        pl = k.placed[s]
        room = _room(k, s)
        w = self._wants(k, s)
        sums = k.sums
        bonus = k.bonus[s]
        rnd = self.rnd
        held = [_place_value(k, s, f, sums[f][pl[f]] + bonus[f], w) if pl[f] else 0.0 for f in range(5)]
        best, best_m = -1e9, 0
        sk = fm[5]
        for f, dice in _fitting(k, fm, room):
            row = sums[f]
            m = K._mask(dice)
            v = _place_value(k, s, f, row[m | pl[f]] + bonus[f], w) - held[f] - MODEL_PER_DIE * len(dice)
            v += MODEL_NOISE * rnd()
            if v > best:
                best, best_m = v, m
            if len(dice) > 1:
                m = 1 << dice[0]
                v = _place_value(k, s, f, row[m | pl[f]] + bonus[f], w) - held[f] - MODEL_PER_DIE
                v += MODEL_NOISE * rnd()
                if v > best:
                    best, best_m = v, m
        if sk:
            one = K.BITS[sk][0]
            for f in (0, 1, 2, 3, 4):
                if room[f] > 0:
                    v = _place_value(k, s, f, sums[f][one | pl[f]] + bonus[f], w) - held[f] - MODEL_PER_DIE
                    v += MODEL_NOISE * rnd() - MODEL_SKULL_COST
                    if v > best:
                        best, best_m = v, one
        if best_m & sk:
            return best_m
        if best_m:
            a = next(f for f in range(5) if fm[f] & best_m)
            free = room[a] - K.POP[best_m]
            if sk and free > 0 and rnd() < MODEL_ADD_SKULLS:
                best_m |= K.SUB[sk][min(free, K.POP[sk])][0]
            return best_m
        return sk

    def _model_gain(self, k: K.KState, s: int, a: int, add: int, w: list[float]) -> float:
        """What ``add`` more on action ``a`` gains seat ``s`` over the position it holds."""
        pl = k.placed[s][a]
        cur = k.sums[a][pl] + k.bonus[s][a] if pl else 0
        return _place_value(k, s, a, cur + add, w) - (_place_value(k, s, a, cur, w) if pl else 0.0)

    def choose(self, k: K.KState, s: int, kind: int, opts: list[Any]) -> Any:
        if kind == K.K_POSITION:
            a = k.act_action
            if a <= HUNT:
                return K.ACT
            return self._target(k, s, a, opts)
        if kind == K.K_KEEP:
            return max(opts)
        if kind == K.K_TAKE:
            return max(opts, key=lambda c: _chest_value(k, s, c))
        w = _weights(k, s)
        if self.model and s != self.me:
            if kind == K.K_SKULL:  # where the skulls gain most, as Hard weighs it
                sel = k.sel[s]
                return max(opts, key=lambda a: self._model_gain(k, s, a, k.sums[a][sel], w)
                           + MODEL_NOISE * 0.5 * self.rnd())
            # a bonus tile (+1) where it gains most, a little for later rounds
            return max(opts, key=lambda v: (self._model_gain(k, s, v % 5, 1, w) if k.placed[s][v % 5] else 0.0)
                       + 0.25 * w[v % 5] + (0.05 if v >= 5 else 0.0) + MODEL_NOISE * 0.3 * self.rnd())
        if kind == K.K_SKULL:
            return max(opts, key=lambda a: w[a] + self.rnd() * 0.5)
        # bonus tile: a new tile where it helps most, else a flip
        return max(opts, key=lambda v: w[v % 5] + (0.4 if v < 5 else 0.0) + self.rnd() * 0.3)

    def _target(self, k: K.KState, s: int, a: int, opts: list[int]) -> int:
        best, best_v = K.FORFEIT, 0.3
        if self.opp_attack < 1.0 and s != self.me:
            best_v += 1.0 - self.opp_attack  # a calmer opponent needs a better target
        first = k.act_pos == 0
        lead = [len(k.tortuga[t]) + len(k.fleet[t]) for t in range(k.n)]
        for t in opts:
            if t == K.FORFEIT:
                continue
            area = k.fleet[t] if a == BOARD else k.crew[t]
            v = (sum(2.0 if c == PURPLE else 1.0 for c in area) if first else 0.4) + 0.25 * lead[t]
            if k.placed[t][a]:
                v -= 0.6
            v += self.rnd() * 0.3
            if v > best_v:
                best, best_v = t, v
        return best

    def arrange(self, k: K.KState, s: int, fleet: bool, src: list[int], cap: int) -> tuple[int, ...]:
        ordered = sorted(src, key=lambda c: -_chest_value(k, s, c))
        return tuple(ordered[:cap])


def _room(k: K.KState, s: int) -> list[int]:
    """Dice seat ``s`` can still place on each action (R3.3)."""
    pl = k.placed[s]
    return [5 - K.POP[pl[0]], 5 - K.POP[pl[1]], 5 - K.POP[pl[2]],
            CAP[k.boat[s]] - K.POP[pl[3]], CAP[k.pirate[s]] - K.POP[pl[4]]]


def _fitting(k: K.KState, fm: list[int], room: list[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Each action's face group of the roll ``fm`` where there is room: its dice, strongest on
    that action first, as many as fit."""
    out = []
    for f in (0, 1, 2, 3, 4):
        g = fm[f]
        if g and room[f] > 0:
            dice = K.DICE_OF[g]
            if len(dice) > 1:
                row = k.sums[f]
                dice = tuple(sorted(dice, key=lambda d: -row[1 << d])[: room[f]])
            out.append((f, dice))
    return out


def _place_value(k: K.KState, s: int, f: int, total: int, w: list[float]) -> float:
    """What a total of ``total`` on action ``f`` is worth to seat ``s``: the action's weight
    times a rough chance that it takes a position against the others' public totals there."""
    row = k.sums[f]
    beaten_by = 0
    for t in range(k.n):
        if t != s and k.placed[t][f] and row[k.placed[t][f]] + k.bonus[t][f] >= total:
            beaten_by += 1
    chance = 1.0 if beaten_by == 0 else (0.6 if beaten_by < (2 if k.n > 2 else 1) else 0.15)
    return w[f] * chance * (3.0 + 0.3 * total)


#: the opponent model's cost per die placed, noise, and how often it adds skulls to a face group
MODEL_PER_DIE, MODEL_NOISE, MODEL_ADD_SKULLS = 0.4, 0.3, 0.2
#: a skull alone is worth its best action less this (it is counted on all five)
MODEL_SKULL_COST = 1.0


def _chest_value(k: K.KState, s: int, c: int) -> float:
    """How much seat ``s`` wants a chest of colour ``c`` (purple doubles, sets need all three)."""
    if c == PURPLE:
        return 3.0
    if c == WHITE:
        return 1.0 + (0.5 if c in k.tortuga[s] else 0.2)
    have = k.tortuga[s].count(c) + k.fleet[s].count(c) + k.crew[s].count(c)
    others = [k.tortuga[s].count(x) + k.fleet[s].count(x) + k.crew[s].count(x) for x in (0, 1, 2) if x != c]
    return 1.2 + (0.8 if have <= min(others) else 0.0)


__all__ = ["ReferenceRolloutPolicy"]
