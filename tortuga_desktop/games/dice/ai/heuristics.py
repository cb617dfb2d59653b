"""Static evaluation and the heuristic policy shared by the Easy, Normal and Hard bots.

The evaluation projects the chest conveyor (island -> crew -> fleet -> Tortuga) forward round by
round until somebody reaches the Tortuga goal, and scores every seat at that point (R8). A
seat's *objective* is its projected score minus the best other projected score.

The policy scores every legal option of a decision; Normal takes the best, Easy samples with a
softmax temperature, Hard uses the scores to prune candidates for its search. Functions here
read only what the deciding seat may know (its own dice and tiles, public state).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules import (
    Act,
    Arrange,
    ChooseAction,
    DecisionKind,
    Forfeit,
    Game,
    KeepTile,
    PlayerAction,
    SelectDice,
    TakeBonus,
    TakeChest,
    Target,
    capacity,
    max_sets,
)
from ..rules.components import SKULL
from .choice import Reason

FLEET, CREW, HUNT, BOARD, RAID = 0, 1, 2, 3, 4
RED, BLUE, YELLOW, WHITE, PURPLE = 0, 1, 2, 3, 4
UNKNOWN = -1  # a chest still to be drawn from the bag
MEAN_TILE = 47 / 30
BEST_OF_TWO_TILES = 1.95
_PRIORITY = {PURPLE: 0.0, RED: 1.0, BLUE: 1.0, YELLOW: 1.0, UNKNOWN: 1.5, WHITE: 2.0}


class Light:
    """A seat's chests and tokens, cheap to copy, for projections."""

    __slots__ = ("t", "f", "c", "i", "boat", "pirate", "coins")

    def __init__(self, t: list[int], f: list[int], c: list[int], i: list[int], boat: int, pirate: int,
                 coins: float) -> None:
        self.t, self.f, self.c, self.i = t, f, c, i
        self.boat, self.pirate, self.coins = boat, pirate, coins

    def copy(self) -> Light:
        return Light(self.t[:], self.f[:], self.c[:], self.i[:], self.boat, self.pirate, self.coins)


@dataclass
class Snapshot:
    """The public state the projection needs, seen by ``me``."""

    me: int
    players: int
    goal: int
    seats: list[Light]
    drawn: bool  # this round's move-phase chest draw is done and fleets already went to Tortuga
    bag: int

    def copy(self) -> Snapshot:
        return Snapshot(self.me, self.players, self.goal, [s.copy() for s in self.seats], self.drawn, self.bag)


def snapshot(g: Game, me: int) -> Snapshot:
    seats = []
    for s, p in enumerate(g.seats):
        coins = float(sum(p.tiles)) if s == me else MEAN_TILE * len(p.tiles)
        seats.append(Light(p.tortuga[:], p.fleet[:], p.crew[:], p.island[:], p.boat, p.pirate, coins))
    return Snapshot(me, g.players, g.goal, seats, g.phase == "move", sum(g.bag))


def _pick(src: list[int], cap: int) -> list[int]:
    if len(src) <= cap:
        return sorted(src, key=lambda c: _PRIORITY[c])
    return sorted(src, key=lambda c: _PRIORITY[c])[:cap]


def _final(p: Light) -> float:
    pts = 0.0
    for row, per in ((p.t, 3), (p.f, 2), (p.c, 1)):
        for c in row:
            pts += per * (2 if c == PURPLE else (1.125 if c == UNKNOWN else 1))
    board = p.t + p.f + p.c
    sets = max_sets(board.count(RED), board.count(BLUE), board.count(YELLOW), p.t.count(WHITE))
    unknown = board.count(UNKNOWN)
    return pts + 3 * sets + 0.4 * unknown + p.boat + p.pirate + p.coins


def project(snap: Snapshot, max_rounds: int = 5) -> list[float]:
    """Projected final score of every seat (the snapshot is not changed)."""
    seats = [s.copy() for s in snap.seats]
    bag = snap.bag
    drawn = snap.drawn
    for _ in range(max_rounds):
        for p in seats:
            if not drawn and bag > 0:
                p.i.append(UNKNOWN)
                bag -= 1
            p.t.extend(p.f)
            p.f = _pick(p.c, capacity(p.boat))
            p.c = _pick(p.i, capacity(p.pirate))
            p.i = []
        drawn = False
        if max(len(p.t) for p in seats) >= snap.goal:
            break
    return [_final(p) for p in seats]


def objective(snap: Snapshot) -> float:
    """``me``'s projected score minus the best other projected score."""
    sc = project(snap)
    me = snap.me
    return sc[me] - max(v for i, v in enumerate(sc) if i != me)


def game_objective(g: Game, me: int) -> float:
    """Objective of a real (or determinized) game; exact at the end of the game."""
    if g.is_over:
        sc = [g.score(s).total for s in range(g.players)]
        return sc[me] - max(v for i, v in enumerate(sc) if i != me)
    return objective(snapshot(g, me))


# ------------------------------------------------------------------ effects
def _trim(p: Light) -> None:
    del p.f[capacity(p.boat):]
    del p.c[capacity(p.pirate):]


def _best_chest(snap: Snapshot, options: list[int], receiver: int) -> int:
    """The chest colour worth most to ``receiver`` (placed on its island)."""
    best, best_v = options[0], -1e9
    for c in set(options):
        s2 = snap.copy()
        s2.seats[receiver].i.append(c)
        v = project(s2)[receiver]
        if v > best_v:
            best, best_v = c, v
    return best


def attack(snap: Snapshot, action: int, first: bool, me: int, target: int, defended: bool,
           center: list[bool] | None) -> tuple[Snapshot, int | None]:
    """The snapshot after ``me`` boards (action 3) or raids (4) ``target``; also the chest taken."""
    s2 = snap.copy()
    t, m = s2.seats[target], s2.seats[me]
    taken: int | None = None
    if first:
        src = t.f if action == BOARD else t.c
        if src:
            taken = _best_chest(s2, src, me)
            src.remove(taken)
            m.i.append(taken)
    if action == BOARD:
        t.boat = max(1, t.boat - 1)
        if defended:
            m.boat = max(1, m.boat - 1)
    else:
        t.pirate = max(1, t.pirate - 1)
        if defended:
            m.pirate = max(1, m.pirate - 1)
    _trim(t)
    _trim(m)
    if not first and center is not None:
        avail = [c for c in range(5) if center[c]]
        if avail:
            taken = _best_chest(s2, avail, me)
            m.i.append(taken)
    return s2, taken


def action_values(g: Game, me: int) -> tuple[list[float], list[float], list[int]]:
    """Objective gain of 1st and 2nd position on each action, and the best target per attack."""
    snap = snapshot(g, me)
    base = objective(snap)
    two = g.players == 2
    v1 = [0.0] * 5
    v2 = [0.0] * 5
    best_t = [-1] * 5
    for a, attr in ((FLEET, "boat"), (CREW, "pirate")):
        for pos, steps in ((0, 1 if two else 2), (1, 1)):
            s2 = snap.copy()
            p = s2.seats[me]
            setattr(p, attr, min(8, getattr(p, attr) + steps))
            (v1 if pos == 0 else v2)[a] = objective(s2) - base + 0.3 * steps
    s2 = snap.copy()
    if s2.bag > 0:
        s2.seats[me].i.append(UNKNOWN)
        s2.bag -= 1
    s2.seats[me].coins += MEAN_TILE if two else BEST_OF_TWO_TILES
    v1[HUNT] = objective(s2) - base
    s3 = snap.copy()
    s3.seats[me].coins += MEAN_TILE
    v2[HUNT] = objective(s3) - base
    for a in (BOARD, RAID):
        best1, best2 = -1e9, -1e9
        for t in range(g.players):
            if t == me:
                continue
            defended = bool(g.seats[t].placed[a])
            s2, _ = attack(snap, a, True, me, t, defended, None)
            v = objective(s2) - base
            if v > best1:
                best1, best_t[a] = v, t
            if not two:
                s2, _ = attack(snap, a, False, me, t, defended, g.center)
                best2 = max(best2, objective(s2) - base)
        v1[a] = max(0.0, best1)
        v2[a] = max(0.0, best2)
    if two:
        v2 = [0.0] * 5
    return v1, v2, best_t


# ------------------------------------------------------------------ dice
def _sig(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def position_odds(g: Game, me: int, action: int, total: int) -> tuple[float, float]:
    """Rough chances that ``total`` on ``action`` ends 1st and 2nd (others' future dice unknown)."""
    if total <= 0:
        return 0.0, 0.0
    n = g.players
    beats = []
    for o in range(n):
        if o == me:
            continue
        q = g.seats[o]
        h = len(q.hand)
        cur = q.total(action) if q.placed[action] else 0
        if cur == 0 and h == 0:
            beats.append(1.0)
            continue
        mean = cur + 0.9 * h
        sd = 1.0 + 1.4 * math.sqrt(h)
        tie = 0.5 if (me - g.start) % n < (o - g.start) % n else -0.5
        beats.append(_sig(1.7 * (total - mean + tie) / sd))
    p1 = 1.0
    for b in beats:
        p1 *= b
    p2 = 0.0
    for i, b in enumerate(beats):
        term = 1.0 - b
        for j, b2 in enumerate(beats):
            if j != i:
                term *= b2
        p2 += term
    return p1, p2


def dice_scores(g: Game, me: int, options: Sequence[PlayerAction], vals: tuple[list[float], list[float], list[int]]
                ) -> list[tuple[float, int]]:
    """Score and target action of each SelectDice option."""
    v1, v2, _ = vals
    p = g.seats[me]
    roll = p.roll or []
    face = dict(zip(p.hand, roll, strict=False))
    cur_ev = []
    for a in range(5):
        o1, o2 = position_odds(g, me, a, p.total(a) if p.placed[a] else 0)
        cur_ev.append(o1 * v1[a] + o2 * v2[a])
    per_die = 0.3 * sum(v1) / 5
    out = []
    for opt in options:
        assert isinstance(opt, SelectDice)
        faces = {face[d] for d in opt.dice} - {SKULL}
        targets = list(faces) if faces else [a for a in range(5) if p.room(a) >= len(opt.dice)]
        best, best_a = -1e9, targets[0]
        for a in targets:
            t = (p.total(a) if p.placed[a] else p.bonus[a]) + sum(p.values[d][a] for d in opt.dice)
            o1, o2 = position_odds(g, me, a, t)
            gain = o1 * v1[a] + o2 * v2[a] - cur_ev[a]
            if gain > best:
                best, best_a = gain, a
        out.append((best - per_die * len(opt.dice), best_a))
    return out


# ------------------------------------------------------------------ policy
def option_scores(g: Game, me: int, legal: Sequence[PlayerAction], cache: dict[Any, Any] | None = None
                  ) -> tuple[list[float], list[Reason]]:
    """A heuristic score (objective units) and a reason for every legal option."""
    d = g.decision_for(me)
    assert d is not None
    kind = d.kind
    if kind in (DecisionKind.SELECT_DICE, DecisionKind.SKULL_ACTION, DecisionKind.BONUS_TILE):
        key = ("vals", g.round, me)
        vals = cache.get(key) if cache is not None else None
        if vals is None:
            vals = action_values(g, me)
            if cache is not None:
                cache[key] = vals
        if kind == DecisionKind.SELECT_DICE:
            sc = dice_scores(g, me, legal, vals)
            # a skull-only selection places no action yet: its action is a decision of its own
            # after the reveal (R3.5), so the reason does not name the one it may get
            faces = dict(zip(g.seats[me].hand, g.seats[me].roll or (), strict=False))
            why = [Reason("dice_to", (("action", a),))
                   if not isinstance(opt, SelectDice) or any(faces.get(d, 5) != 5 for d in opt.dice)
                   else Reason("skulls_kept", (("count", len(opt.dice)),))
                   for opt, (_, a) in zip(legal, sc, strict=True)]
            return [s for s, _ in sc], why
        v1, v2, _ = vals
        p = g.seats[me]
        scores, reasons = [], []
        for opt in legal:
            if isinstance(opt, ChooseAction):
                a = int(opt.action)
                dice = p.selection or ()
                t = (p.total(a) if p.placed[a] else p.bonus[a]) + sum(p.values[dd][a] for dd in dice)
                o1, o2 = position_odds(g, me, a, t)
                c1, c2 = position_odds(g, me, a, p.total(a) if p.placed[a] else 0)
                scores.append(o1 * v1[a] + o2 * v2[a] - c1 * v1[a] - c2 * v2[a])
                reasons.append(Reason("skulls_to", (("action", a),)))
            else:
                assert isinstance(opt, TakeBonus)
                a = int(opt.action)
                t = p.total(a) if p.placed[a] else 0
                o1, o2 = position_odds(g, me, a, t + 1 if t else 0)
                c1, c2 = position_odds(g, me, a, t)
                now = o1 * v1[a] + o2 * v2[a] - c1 * v1[a] - c2 * v2[a]
                scores.append(now + 0.25 * (v1[a] + v2[a]) + (0.05 if opt.flip else 0.0))
                reasons.append(Reason("bonus_on", (("action", a),)))
        return scores, reasons
    snap = snapshot(g, me)
    base = objective(snap)
    if kind == DecisionKind.POSITION:
        a = g.act_action
        first = g.act_pos == 0
        scores, reasons = [], []
        for opt in legal:
            if isinstance(opt, Forfeit):
                scores.append(0.0)
                reasons.append(Reason("forfeit", (("action", a),)))
            elif isinstance(opt, Act):
                scores.append(1.0)
                reasons.append(Reason("helps", (("action", a),)))
            else:
                assert isinstance(opt, Target)
                t = opt.seat
                s2, taken = attack(snap, a, first, me, t, bool(g.seats[t].placed[a]), g.center)
                scores.append(objective(s2) - base)
                verb = "boards" if a == BOARD else "raids"
                if first and taken is not None:
                    # the chest is chosen by the take decision that follows (scored on its own):
                    # the reason names the target and its area, not a chest it may not take
                    held = g.seats[t].fleet if a == BOARD else g.seats[t].crew
                    reasons.append(Reason(f"x_{verb[:-1]}_area", (("seat", t), ("count", len(held)))))
                else:
                    reasons.append(Reason(f"{verb}_push", (("seat", t),)) if t != me else Reason(verb))
        return scores, reasons
    if kind == DecisionKind.TAKE_CHEST:
        a, pos, _s, t = g.effect or [0, 0, 0, 0]
        scores, reasons = [], []
        for opt in legal:
            assert isinstance(opt, TakeChest)
            c = int(opt.chest)
            s2 = snap.copy()
            if pos == 0:
                src = s2.seats[t].f if a == BOARD else s2.seats[t].c
                if c in src:
                    src.remove(c)
            s2.seats[me].i.append(c)
            scores.append(objective(s2) - base)
            reasons.append(Reason("takes", (("colour", c),)))
        return scores, reasons
    if kind == DecisionKind.KEEP_TILE:
        return ([float(opt.value) if isinstance(opt, KeepTile) else 0.0 for opt in legal],
                [Reason("richer_tile")] * len(legal))
    # arrangements (move phase): fleet moved already; choose what moves
    fleet = kind == DecisionKind.ARRANGE_FLEET
    p = g.seats[me]
    scores, reasons = [], []
    memo: dict[tuple[int, ...], float] = {}
    for opt in legal:
        assert isinstance(opt, Arrange)
        chosen = [int(c) for c in opt.chests]
        mkey = tuple(sorted(chosen))
        if mkey not in memo:
            s2 = snap.copy()
            m = s2.seats[me]
            if fleet:
                m.f = list(chosen)
                m.c = [] if p.arr_crew is None else list(p.arr_crew)
                if p.arr_crew is None:
                    m.c = _pick(p.island[:], capacity(p.pirate))
            else:
                m.f = list(p.arr_fleet) if p.arr_fleet is not None else _pick(p.crew[:], capacity(p.boat))
                m.c = list(chosen)
            m.i = []
            s2.drawn = True
            # the conveyor already moved for me: project only the following rounds
            memo[mkey] = _project_after_move(s2)
        # most valuable chests leftmost: surplus is removed from the right (R4.11)
        order = sum(_PRIORITY[c] * (len(chosen) - i) for i, c in enumerate(chosen))
        scores.append(memo[mkey] - 0.01 * order)
        reasons.append(Reason("valuable"))
    return scores, reasons


def _project_after_move(snap: Snapshot) -> float:
    """Objective when ``me`` has already completed this move phase but the others have not."""
    seats = snap.seats
    me = snap.me
    for s, p in enumerate(seats):
        if s == me:
            continue
        p.t.extend(p.f)
        p.f = _pick(p.c, capacity(p.boat))
        p.c = _pick(p.i, capacity(p.pirate))
        p.i = []
    if max(len(p.t) for p in seats) >= snap.goal:
        sc = [_final(p) for p in seats]
    else:
        snap.drawn = False
        sc = project(snap)
    return sc[me] - max(v for i, v in enumerate(sc) if i != me)
