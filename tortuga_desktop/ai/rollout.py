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
    """:func:`tortuga_desktop.rules.max_sets` (R8.2), here for the compiled kernel."""
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
    n = k.n
    ts = [x[:] for x in k.tortuga]
    fs = [x[:] for x in k.fleet]
    cs = [x[:] for x in k.crew]
    is_ = [x[:] for x in k.island]
    boat, pirate = k.boat, k.pirate
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
    return [_final(ts[s], fs[s], cs[s], boat[s], pirate[s], float(sum(k.tiles[s]))) for s in range(n)]


class RolloutPolicy:
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

    def select(self, k: K.KState, s: int, fm: list[int]) -> int:
        """The face group (its strongest dice that fit) worth most: the action's weight times
        the chance the new total takes a position against the others' public totals there."""
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
        w = self._round_weights(k, s)
        rnd = self.rnd
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

    def _target(self, k: K.KState, s: int, a: int, opts: list[int]) -> int:
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

    def arrange(self, k: K.KState, s: int, fleet: bool, src: list[int], cap: int) -> tuple[int, ...]:
        neg = [-v for v in _chest_values(k, s)]
        return tuple(sorted(src, key=neg.__getitem__)[:cap])


__all__ = ["MODEL_ADD_SKULLS", "MODEL_NOISE", "MODEL_PER_DIE", "MODEL_SKULL_COST", "RolloutPolicy", "projected_scores"]
