"""Expert's rollout policy: a cheap heuristic for every seat in the search's rollouts.

It makes exactly the decisions of :class:`~.rollout_reference.ReferenceRolloutPolicy` (the
policy as it was before issue 29; ``tests/dice/test_rollout.py`` compares them decision for decision,
random draws included) at a fraction of the cost:

- what does not change within a round is computed once per round and seat (every seat's wish
  for each action, :func:`_weights`: boats, pirates and chests move only in the actions and
  move phases, and the policy asks for the weights only in the dice phase);
- the strongest dice of a face group on an action come from a table built once per dice grid
  (:func:`_tables`) instead of a sort per selection;
- whether a total takes a position is read off the best two totals the others hold there,
  found in one pass, instead of a count per candidate total;
- the chest colours are valued once per arrangement, not once per comparison.

One policy can serve many rollouts (the search seeds its random source again between candidates
instead of making a new one: :meth:`reseed`).
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

from . import kernel as K

FLEET: Final = 0
CREW: Final = 1
HUNT: Final = 2
BOARD: Final = 3
RAID: Final = 4
PURPLE: Final = 4
WHITE: Final = 3
CAP: Final[tuple[int, ...]] = K.CAP
POP: Final[tuple[int, ...]] = K.POP
SUB: Final[tuple[tuple[tuple[int, ...], ...], ...]] = K.SUB

#: the opponent model's cost per die placed, noise, and how often it adds skulls to a face group
MODEL_PER_DIE: Final = 0.4
MODEL_NOISE: Final = 0.3
MODEL_ADD_SKULLS: Final = 0.2
#: a skull alone is worth its best action less this (it is counted on all five)
MODEL_SKULL_COST: Final = 1.0
#: noise (points of Hard's objective) in the opponent model's choice of whom to attack
TARGET_NOISE: Final = 0.3
#: noise (objective points) in the Hard-like dice, skull and bonus choices of the root round
HARD_NOISE: Final = 0.1
#: "nobody else holds a second total this high" (2 players: a position is taken or not)
_NEVER: Final = 1 << 30

#: per dice grid: ``PREFIX[f][g][r]`` the mask of the ``r`` strongest dice of face group ``g`` on
#: action ``f`` (ties in die order, as a stable sort), ``FIRST[f][g]`` the strongest one's bit
_TABLES: dict[int, tuple[Any, tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, ...], ...]]] = {}


def _tables(sums: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, ...], ...]]:
    got = _TABLES.get(id(sums))
    if got is not None and got[0] is sums:
        return got[1], got[2]
    prefix = []
    first = []
    for f in range(5):
        row = sums[f]
        pf = []
        ff = []
        strength = [-row[1 << d] for d in range(5)]
        for g in range(32):
            dice = sorted(K.DICE_OF[g], key=strength.__getitem__)
            masks = [0]
            m = 0
            for d in dice:
                m |= 1 << d
                masks.append(m)
            masks.extend([g] * (6 - len(masks)))
            pf.append(tuple(masks))
            ff.append(1 << dice[0] if dice else 0)
        prefix.append(tuple(pf))
        first.append(tuple(ff))
    out = (tuple(prefix), tuple(first))
    _TABLES[id(sums)] = (sums, out[0], out[1])
    return out


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


def _chest_values(k: K.KState, s: int) -> list[float]:
    """How much seat ``s`` wants a chest of each colour (purple doubles, sets need all three)."""
    t, f, c = k.tortuga[s], k.fleet[s], k.crew[s]
    h0 = t.count(0) + f.count(0) + c.count(0)
    h1 = t.count(1) + f.count(1) + c.count(1)
    h2 = t.count(2) + f.count(2) + c.count(2)
    return [1.2 + (0.8 if h0 <= (h1 if h1 < h2 else h2) else 0.0),
            1.2 + (0.8 if h1 <= (h0 if h0 < h2 else h2) else 0.0),
            1.2 + (0.8 if h2 <= (h0 if h0 < h1 else h1) else 0.0),
            1.0 + (0.5 if WHITE in t else 0.2), 3.0]


#: the projection's order of chests on the way to Tortuga (Hard's ``heuristics._PRIORITY``: purple
#: first, then red, blue and yellow, then a chest still to be drawn, white last), by colour + 1
_RANK: Final[tuple[int, ...]] = (2, 1, 1, 1, 3, 0)
#: a chest still to be drawn from the bag (``heuristics.UNKNOWN``)
_UNKNOWN: Final = -1


def _pick(src: list[int], cap: int) -> list[int]:
    """The ``cap`` chests of ``src`` that the projection moves on: ``src`` sorted by rank (a
    stable sort: equal ranks keep their order), cut at ``cap``; a pass per rank, no sort."""
    if len(src) <= 1:
        return src[:cap]
    out: list[int] = []
    for rank in (0, 1, 2, 3):
        for c in src:
            if _RANK[c + 1] == rank:
                if len(out) >= cap:
                    return out
                out.append(c)
    return out


def _max_sets(red: int, blue: int, yellow: int, wild: int) -> int:
    """:func:`tortuga_desktop.games.dice.rules.max_sets` (R8.2), here for the compiled kernel."""
    s = (red + blue + yellow + wild) // 3
    while s > 0:
        if max(0, s - red) + max(0, s - blue) + max(0, s - yellow) <= wild:
            return s
        s -= 1
    return 0


def _final(t: list[int], f: list[int], c: list[int], boat: int, pirate: int, coins: float) -> float:
    """A seat's projected score (``heuristics._final``, the same sums in the same order)."""
    pts = 0.0
    for x in t:
        pts += 6 if x == PURPLE else (3.375 if x == _UNKNOWN else 3)
    for x in f:
        pts += 4 if x == PURPLE else (2.25 if x == _UNKNOWN else 2)
    for x in c:
        pts += 2 if x == PURPLE else (1.125 if x == _UNKNOWN else 1)
    board = t + f + c
    sets = _max_sets(board.count(0), board.count(1), board.count(2), t.count(WHITE))
    unknown = board.count(_UNKNOWN)
    return pts + 3 * sets + 0.4 * unknown + boat + pirate + coins


def projected_scores(k: K.KState, max_rounds: int = 5) -> list[float]:
    """Every seat's projected final score: Hard's projection (``heuristics.project``: the chest
    conveyor run on round by round, one unknown chest to every island per round while the bag
    lasts, until somebody reaches the goal) computed on the kernel's lists, with every seat's
    coins counted as they are. Equal to ``heuristics.project`` of the same position, float for
    float (``tests/dice/test_rollout.py``); the kernel state is not changed."""
    return _project(k, [x[:] for x in k.tortuga], [x[:] for x in k.fleet], [x[:] for x in k.crew],
                    [x[:] for x in k.island], k.boat, k.pirate, [float(sum(x)) for x in k.tiles], max_rounds)


def _project(k: K.KState, ts: list[list[int]], fs: list[list[int]], cs: list[list[int]], is_: list[list[int]],
             boat: list[int], pirate: list[int], coins: list[float], max_rounds: int = 5) -> list[float]:
    """:func:`projected_scores` of ``k`` with these chests, tokens and coins instead of its own
    (the lists are used up)."""
    n = k.n
    bag = k.bag[0] + k.bag[1] + k.bag[2] + k.bag[3] + k.bag[4]
    drawn = k.phase == K.P_MOVE
    goal = k.goal
    for _ in range(max_rounds):
        best = 0
        for s in range(n):
            isl = is_[s]
            if not drawn and bag > 0:
                isl.append(_UNKNOWN)
                bag -= 1
            t = ts[s]
            t.extend(fs[s])
            fs[s] = _pick(cs[s], CAP[boat[s]])
            cs[s] = _pick(isl, CAP[pirate[s]])
            is_[s] = []
            if len(t) > best:
                best = len(t)
        drawn = False
        if best >= goal:
            break
    return [_final(ts[s], fs[s], cs[s], boat[s], pirate[s], coins[s]) for s in range(n)]


#: Hard's estimates of coins (``heuristics.MEAN_TILE``, ``BEST_OF_TWO_TILES``)
MEAN_TILE: Final = 47 / 30
BEST_OF_TWO_TILES: Final = 1.95


def _objective(sc: list[float], s: int) -> float:
    other = -1e9
    for x in range(len(sc)):
        if x != s and sc[x] > other:
            other = sc[x]
    return sc[s] - other


def attack_objective(k: K.KState, s: int, a: int, t: int, first: bool, coins: list[float]) -> float:
    """Seat ``s``'s objective as Hard weighs it (its projected score less the best other seat's:
    ``heuristics.objective``) after it boards (``a`` = 3) or raids (4) seat ``t`` from 1st or 2nd
    position (``heuristics.attack``: 1st takes the chest of ``t``'s area it values most, 2nd one
    from the centre island; ``t``'s token and, if ``t`` defended, ``s``'s move one box left and the
    areas lose what no longer fits). ``t`` < 0: nothing happens. ``coins``: every seat's coins."""
    ts = [x[:] for x in k.tortuga]
    fs = [x[:] for x in k.fleet]
    cs = [x[:] for x in k.crew]
    is_ = [x[:] for x in k.island]
    boat = k.boat[:]
    pirate = k.pirate[:]
    if t >= 0:
        cv = _chest_values(k, s)
        if first:
            src = fs[t] if a == BOARD else cs[t]
            if src:
                c = src[0]
                for x in src:
                    if cv[x] > cv[c]:
                        c = x
                src.remove(c)
                is_[s].append(c)
        defended = k.placed[t][a] != 0
        if a == BOARD:
            boat[t] = boat[t] - 1 if boat[t] > 1 else 1
            if defended:
                boat[s] = boat[s] - 1 if boat[s] > 1 else 1
        else:
            pirate[t] = pirate[t] - 1 if pirate[t] > 1 else 1
            if defended:
                pirate[s] = pirate[s] - 1 if pirate[s] > 1 else 1
        for x in (t, s):
            del fs[x][CAP[boat[x]]:]
            del cs[x][CAP[pirate[x]]:]
        if not first:
            best_c, best_v = -1, -1.0
            for c in range(5):
                if k.center[c] and cv[c] > best_v:
                    best_c, best_v = c, cv[c]
            if best_c >= 0:
                is_[s].append(best_c)
    return _objective(_project(k, ts, fs, cs, is_, boat, pirate, coins[:]), s)


def hard_values(k: K.KState, s: int) -> tuple[list[float], list[float]]:
    """Hard's worth of 1st and 2nd position on each action for seat ``s``
    (``heuristics.action_values`` on the kernel's lists: the gain in its objective), every seat's
    coins estimated from its tile count, so the values depend on public facts only."""
    n = k.n
    two = n == 2
    coins = [MEAN_TILE * len(k.tiles[x]) for x in range(n)]

    def proj(boat: list[int], pirate: list[int], island_add: int, coin_add: float) -> float:
        is_ = [x[:] for x in k.island]
        bag = k.bag[0] + k.bag[1] + k.bag[2] + k.bag[3] + k.bag[4]
        if island_add and bag > 0:
            is_[s].append(_UNKNOWN)
        cn = coins[:]
        cn[s] += coin_add
        return _objective(_project(k, [x[:] for x in k.tortuga], [x[:] for x in k.fleet],
                                   [x[:] for x in k.crew], is_, boat, pirate, cn), s)

    base = proj(k.boat[:], k.pirate[:], 0, 0.0)
    v1 = [0.0] * 5
    v2 = [0.0] * 5
    for a in (FLEET, CREW):
        for pos in (0, 1):
            steps = 1 if two or pos == 1 else 2
            boat = k.boat[:]
            pirate = k.pirate[:]
            if a == FLEET:
                boat[s] = min(8, boat[s] + steps)
            else:
                pirate[s] = min(8, pirate[s] + steps)
            val = proj(boat, pirate, 0, 0.0) - base + 0.3 * steps
            if pos == 0:
                v1[a] = val
            else:
                v2[a] = val
    v1[HUNT] = proj(k.boat[:], k.pirate[:], 1, MEAN_TILE if two else BEST_OF_TWO_TILES) - base
    v2[HUNT] = proj(k.boat[:], k.pirate[:], 0, MEAN_TILE) - base
    for a in (BOARD, RAID):
        best1 = -1e9
        best2 = -1e9
        for t in range(n):
            if t == s:
                continue
            v = attack_objective(k, s, a, t, True, coins) - base
            if v > best1:
                best1 = v
            if not two:
                v = attack_objective(k, s, a, t, False, coins) - base
                if v > best2:
                    best2 = v
        v1[a] = best1 if best1 > 0.0 else 0.0
        v2[a] = best2 if best2 > 0.0 else 0.0
    if two:
        v2 = [0.0] * 5
    return v1, v2


def _sig(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def position_odds(k: K.KState, me: int, a: int, total: int) -> tuple[float, float]:
    """Hard's rough chances that ``total`` on action ``a`` ends 1st and 2nd
    (``heuristics.position_odds`` on the kernel's state)."""
    if total <= 0:
        return 0.0, 0.0
    n = k.n
    beats: list[float] = []
    for o in range(n):
        if o == me:
            continue
        h = POP[k.hand[o]]
        m = k.placed[o][a]
        cur = k.sums[a][m] + k.bonus[o][a] if m else 0
        if cur == 0 and h == 0:
            beats.append(1.0)
            continue
        mean = cur + 0.9 * h
        sd = 1.0 + 1.4 * math.sqrt(h)
        tie = 0.5 if (me - k.start) % n < (o - k.start) % n else -0.5
        beats.append(_sig(1.7 * (total - mean + tie) / sd))
    p1 = 1.0
    for b in beats:
        p1 *= b
    p2 = 0.0
    for i in range(len(beats)):
        term = 1.0 - beats[i]
        for j in range(len(beats)):
            if j != i:
                term *= beats[j]
        p2 += term
    return p1, p2


def hard_dice_scores(k: K.KState, s: int, fm: list[int], v1: list[float], v2: list[float]
                     ) -> list[tuple[int, float]]:
    """Every valid selection of seat ``s``'s roll ``fm`` (face masks; R3.2, R3.3) with the score
    Hard's heuristic gives it (``heuristics.dice_scores`` with the action values ``v1``, ``v2``:
    the gain in its chances of 1st and 2nd position times their worth, on the best action the
    dice can go to, less a cost per die)."""
    pl = k.placed[s]
    bs = k.bonus[s]
    sums = k.sums
    cur_ev = [0.0] * 5
    for a in range(5):
        o1, o2 = position_odds(k, s, a, sums[a][pl[a]] + bs[a] if pl[a] else 0)
        cur_ev[a] = o1 * v1[a] + o2 * v2[a]
    per_die = 0.3 * (v1[0] + v1[1] + v1[2] + v1[3] + v1[4]) / 5
    odds: dict[int, tuple[float, float]] = {}
    sk = fm[5]
    sk_subs = [0]
    q = sk
    while q:
        sk_subs.append(q)
        q = (q - 1) & sk
    rooms = [k.room(s, a) for a in range(5)]
    out: list[tuple[int, float]] = []
    for f in range(6):
        groups = [0] if f == 5 else []
        g = fm[f] if f < 5 else 0
        sub = g
        while sub:
            groups.append(sub)
            sub = (sub - 1) & g
        for gm in groups:
            for q in sk_subs:
                m = gm | q
                nd = POP[m]
                if nd == 0:
                    continue
                gain = -1e9
                for a in range(5):
                    if (f < 5 and a != f) or rooms[a] < nd:
                        continue
                    t = sums[a][pl[a] | m] + bs[a]
                    key = a * 64 + t
                    o = odds.get(key)
                    if o is None:
                        o = odds[key] = position_odds(k, s, a, t)
                    x = o[0] * v1[a] + o[1] * v2[a] - cur_ev[a]
                    if x > gain:
                        gain = x
                if gain <= -1e9:
                    continue
                out.append((m, gain - per_die * nd))
    return out


class RolloutPolicy:
    """A cheap heuristic for every seat in rollouts (with a little noise, so worlds differ)."""

    def __init__(self, rng: random.Random, me: int | None = None, opp_attack: float = 1.0,
                 model: bool = False, targets: bool = False) -> None:
        self.rnd = rng.random
        self.rng = rng
        #: the searching seat; the others' wish to board and raid is scaled by ``opp_attack``
        #: (an opponent model: Hard and Normal attack less than this policy does in self-play)
        self.me = me
        self.opp_attack = opp_attack
        #: the others choose dice, skulls and bonus tiles the way Hard does (see
        #: ``scripts/opponent_fit.py``: how often the model predicts Hard's own choices)
        self.model = model
        #: the others choose whom to board and raid the way Hard does (:func:`attack_objective`)
        self.targets = targets
        #: in round ``hard_round`` (the searched decision's, when it is in the dice phase) the
        #: others choose dice, skulls and bonus tiles the way Hard does (:meth:`_hard_select`),
        #: from Hard's action values of that round (public facts only, so computed once per
        #: search: ``_hv``); -1: never
        self.hard_round = -1
        self._hv: list[tuple[list[float], list[float]] | None] = []
        #: in round ``hard_next`` (the round after the searched decision's) the others choose
        #: dice, skulls and bonus tiles the way Hard does too, from Hard's action values of that
        #: round in each rollout (computed once per rollout and seat: ``_hvn``); -1: never
        self.hard_next = -1
        self._hvn: list[tuple[list[float], list[float]] | None] = []
        # the round's weights: for the state ``_k`` in round ``_round``, per seat (None: not
        # yet asked), as they are (``_raw``) and with the opponent model's scaling (``_wants``)
        self._k: K.KState | None = None
        self._round = -1
        self._raw: list[list[float] | None] = []
        self._want: list[list[float] | None] = []

    def reseed(self, seed: int) -> None:
        """Seed the random source with ``seed`` for the next rollout: the same draws as a new
        policy on ``random.Random(seed)``. Seeding the generator again costs half of what saving
        its state once and restoring it for every rollout does (``getstate`` builds a 625-item
        tuple)."""
        self.rng.seed(seed)
        self._k = None
        if self._hvn:
            self._hvn = []

    def _round_weights(self, k: K.KState, s: int) -> list[float]:
        """The raw weights of seat ``s`` this round (cached: see the module docstring)."""
        if k is not self._k or k.round != self._round:
            self._k = k
            self._round = k.round
            self._raw = [None] * k.n
            self._want = [None] * k.n
        w = self._raw[s]
        if w is None:
            w = self._raw[s] = _weights(k, s)
        return w

    def _wants(self, k: K.KState, s: int) -> list[float]:
        if k is self._k and k.round == self._round:
            w = self._want[s]
            if w is not None:
                return w
        raw = self._round_weights(k, s)
        if self.opp_attack != 1.0 and s != self.me:
            w = raw[:]
            w[3] *= self.opp_attack
            w[4] *= self.opp_attack
        else:
            w = raw
        self._want[s] = w
        return w

    def _hard_vals(self, k: K.KState, s: int) -> tuple[list[float], list[float]] | None:
        """Hard's action values for seat ``s`` if this is a round the others play as Hard."""
        if s == self.me or k.phase != K.P_DICE:
            return None
        if k.round == self.hard_round:
            if not self._hv:
                self._hv = [None] * k.n
            cache = self._hv
        elif k.round == self.hard_next:
            if not self._hvn:
                self._hvn = [None] * k.n
            cache = self._hvn
        else:
            return None
        hv = cache[s]
        if hv is None:
            hv = cache[s] = hard_values(k, s)
        return hv

    def _hard_select(self, k: K.KState, s: int, fm: list[int], hv: tuple[list[float], list[float]]) -> int:
        """Seat ``s``'s selection from its roll ``fm`` as Hard's heuristic scores it
        (:func:`hard_dice_scores`), with a little noise."""
        rnd = self.rnd
        best_m, best_v = 0, -1e9
        for m, v in hard_dice_scores(k, s, fm, hv[0], hv[1]):
            v += HARD_NOISE * rnd()
            if v > best_v:
                best_m, best_v = m, v
        return best_m

    def select(self, k: K.KState, s: int, fm: list[int]) -> int:
        """The face group (its strongest dice that fit) worth most: the action's weight times
        the chance the new total takes a position against the others' public totals there."""
        if self.hard_round >= 0 or self.hard_next >= 0:
            hv = self._hard_vals(k, s)
            if hv is not None:
                return self._hard_select(k, s, fm, hv)
        if self.model and s != self.me:
            return self._model_select(k, s, fm)
        w = self._wants(k, s)
        pl = k.placed[s]
        sums = k.sums
        bs = k.bonus[s]
        placed, bonus = k.placed, k.bonus
        n = k.n
        prefix = _tables(sums)[0]
        rnd = self.rnd
        best, best_m, best_room = -1e9, 0, 0
        sk = fm[5]
        for f in (0, 1, 2, 3, 4):
            g = fm[f]
            if not g:
                continue
            p = pl[f]
            room = (5 if f < 3 else CAP[k.boat[s] if f == 3 else k.pirate[s]]) - POP[p]
            if room <= 0:
                continue
            nd = POP[g]
            if nd > room:
                g = prefix[f][g][room]
                nd = room
            row = sums[f]
            total = row[g | p] + bs[f]
            t1 = t2 = -1
            for t in range(n):
                if t != s:
                    m = placed[t][f]
                    if m:
                        x = row[m] + bonus[t][f]
                        if x > t1:
                            t2 = t1
                            t1 = x
                        elif x > t2:
                            t2 = x
            if n == 2:
                t2 = _NEVER
            chance = 1.0 if total > t1 else (0.6 if total > t2 else 0.15)
            v = w[f] * chance * (3.0 + 0.3 * total) - 0.4 * nd + rnd()
            if v > best:
                best, best_m, best_room = v, g, room
        if best_m:
            free = best_room - POP[best_m]
            if sk and free > 0 and rnd() < 0.35:
                best_m |= SUB[sk][min(free, POP[sk])][0]
            return best_m
        return sk

    def _model_select(self, k: K.KState, s: int, fm: list[int]) -> int:
        """An opponent's selection the way Hard makes it: the gain over the position already
        held (not the position itself), often a single die and often a skull alone (its action
        chosen after the reveal), rarely skulls added to a face group."""
        w = self._wants(k, s)
        pl = k.placed[s]
        sums = k.sums
        bs = k.bonus[s]
        placed, bonus = k.placed, k.bonus
        n = k.n
        prefix, first = _tables(sums)
        rnd = self.rnd
        sk = fm[5]
        one = K.BITS[sk][0] if sk else 0
        best, best_m, best_room = -1e9, 0, 0
        skull_v: list[float] = []
        for f in (0, 1, 2, 3, 4):
            g = fm[f]
            if not g and not sk:
                continue
            p = pl[f]
            room = (5 if f < 3 else CAP[k.boat[s] if f == 3 else k.pirate[s]]) - POP[p]
            if room <= 0:
                continue
            row = sums[f]
            t1 = t2 = -1
            for t in range(n):
                if t != s:
                    m = placed[t][f]
                    if m:
                        x = row[m] + bonus[t][f]
                        if x > t1:
                            t2 = t1
                            t1 = x
                        elif x > t2:
                            t2 = x
            if n == 2:
                t2 = _NEVER
            wf = w[f]
            b = bs[f]
            if p:
                total = row[p] + b
                held = wf * (1.0 if total > t1 else (0.6 if total > t2 else 0.15)) * (3.0 + 0.3 * total)
            else:
                held = 0.0
            if g:
                nd = POP[g]
                if nd > room:
                    g = prefix[f][g][room]
                    nd = room
                total = row[g | p] + b
                v = wf * (1.0 if total > t1 else (0.6 if total > t2 else 0.15)) * (3.0 + 0.3 * total)
                v = v - held - MODEL_PER_DIE * nd
                v += MODEL_NOISE * rnd()
                if v > best:
                    best, best_m, best_room = v, g, room
                if nd > 1:
                    m = first[f][g]
                    total = row[m | p] + b
                    v = wf * (1.0 if total > t1 else (0.6 if total > t2 else 0.15)) * (3.0 + 0.3 * total)
                    v = v - held - MODEL_PER_DIE
                    v += MODEL_NOISE * rnd()
                    if v > best:
                        best, best_m, best_room = v, m, room
            if sk:  # a skull alone here: its noise is drawn after every face group's (below)
                total = row[one | p] + b
                v = wf * (1.0 if total > t1 else (0.6 if total > t2 else 0.15)) * (3.0 + 0.3 * total)
                skull_v.append(v - held - MODEL_PER_DIE)
        for v in skull_v:
            v += MODEL_NOISE * rnd() - MODEL_SKULL_COST
            if v > best:
                best, best_m = v, one
        if best_m & sk:
            return best_m
        if best_m:
            free = best_room - POP[best_m]
            if sk and free > 0 and rnd() < MODEL_ADD_SKULLS:
                best_m |= SUB[sk][min(free, POP[sk])][0]
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
            return max(opts, key=_chest_values(k, s).__getitem__)
        rnd = self.rnd
        if self.hard_round >= 0 or self.hard_next >= 0:
            hv = self._hard_vals(k, s)
            if hv is not None:
                return self._hard_choose(k, s, kind, opts, hv)
        w = self._round_weights(k, s)
        if self.model and s != self.me:
            if kind == K.K_SKULL:  # where the skulls gain most, as Hard weighs it
                sel = k.sel[s]
                return max(opts, key=lambda a: self._model_gain(k, s, a, k.sums[a][sel], w)
                           + MODEL_NOISE * 0.5 * rnd())
            # a bonus tile (+1) where it gains most, a little for later rounds
            return max(opts, key=lambda v: (self._model_gain(k, s, v % 5, 1, w) if k.placed[s][v % 5] else 0.0)
                       + 0.25 * w[v % 5] + (0.05 if v >= 5 else 0.0) + MODEL_NOISE * 0.3 * rnd())
        if kind == K.K_SKULL:
            return max(opts, key=lambda a: w[a] + rnd() * 0.5)
        # bonus tile: a new tile where it helps most, else a flip
        return max(opts, key=lambda v: w[v % 5] + (0.4 if v < 5 else 0.0) + rnd() * 0.3)

    def _hard_choose(self, k: K.KState, s: int, kind: int, opts: list[int],
                     hv: tuple[list[float], list[float]]) -> int:
        """Skulls' action or a bonus tile as Hard scores them (``heuristics.option_scores``)."""
        v1, v2 = hv
        pl = k.placed[s]
        bs = k.bonus[s]
        sums = k.sums
        rnd = self.rnd
        best, best_v = opts[0], -1e9
        for v in opts:
            if kind == K.K_SKULL:
                a = v
                t = sums[a][pl[a] | k.sel[s]] + bs[a]
                now = sums[a][pl[a]] + bs[a] if pl[a] else 0
                o1, o2 = position_odds(k, s, a, t)
                c1, c2 = position_odds(k, s, a, now)
                x = o1 * v1[a] + o2 * v2[a] - c1 * v1[a] - c2 * v2[a]
            else:
                a = v % 5
                now = sums[a][pl[a]] + bs[a] if pl[a] else 0
                o1, o2 = position_odds(k, s, a, now + 1 if now else 0)
                c1, c2 = position_odds(k, s, a, now)
                x = o1 * v1[a] + o2 * v2[a] - c1 * v1[a] - c2 * v2[a] + 0.25 * (v1[a] + v2[a]) \
                    + (0.05 if v >= 5 else 0.0)
            x += HARD_NOISE * rnd()
            if x > best_v:
                best, best_v = v, x
        return best

    def _target(self, k: K.KState, s: int, a: int, opts: list[int]) -> int:
        if self.targets and s != self.me:
            return self._hard_target(k, s, a, opts)
        best, best_v = K.FORFEIT, 0.3
        if self.opp_attack < 1.0 and s != self.me:
            best_v += 1.0 - self.opp_attack  # a calmer opponent needs a better target
        first = k.act_pos == 0
        rnd = self.rnd
        for t in opts:
            if t == K.FORFEIT:
                continue
            area = k.fleet[t] if a == BOARD else k.crew[t]
            v = (sum(2.0 if c == PURPLE else 1.0 for c in area) if first else 0.4) \
                + 0.25 * (len(k.tortuga[t]) + len(k.fleet[t]))
            if k.placed[t][a]:
                v -= 0.6
            v += rnd() * 0.3
            if v > best_v:
                best, best_v = t, v
        return best

    def _hard_target(self, k: K.KState, s: int, a: int, opts: list[int]) -> int:
        """Whom an opponent boards or raids the way Hard weighs it (:func:`attack_objective`;
        forfeiting scores nothing), with a little noise."""
        coins = [float(sum(x)) for x in k.tiles]
        first = k.act_pos == 0
        base = attack_objective(k, s, a, -1, first, coins)
        rnd = self.rnd
        best, best_v = K.FORFEIT, TARGET_NOISE * rnd()
        for t in opts:
            if t == K.FORFEIT:
                continue
            v = attack_objective(k, s, a, t, first, coins) - base + TARGET_NOISE * rnd()
            if v > best_v:
                best, best_v = t, v
        return best

    def arrange(self, k: K.KState, s: int, fleet: bool, src: list[int], cap: int) -> tuple[int, ...]:
        neg = [-v for v in _chest_values(k, s)]
        return tuple(sorted(src, key=neg.__getitem__)[:cap])


__all__ = ["MODEL_ADD_SKULLS", "MODEL_NOISE", "MODEL_PER_DIE", "MODEL_SKULL_COST", "RolloutPolicy", "projected_scores"]
