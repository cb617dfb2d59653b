"""Computer players for Tortuga 1667 at every level, behind one interface (:class:`Bot`).

Every bot sees the game only through its seat: it is fed the events that seat may see
(:meth:`Bot.observe`, already redacted by the engine) and asked to decide on that seat's view and
legal actions (:meth:`Bot.decide`); it returns a :class:`~.players.Choice` with a typed reason. It
never reads or changes the live game.

- **Random** and **Easy** are the stateless players of :mod:`.players`.
- **Normal** plays Easy's rules on what it *believes*: a :class:`~.belief.Belief` over loyalty
  assignments, updated from public evidence, fills in every loyalty it is at least 70 % sure of, so
  Easy's "known friend / known enemy" choices (votes, Pistol, Treasure Map, Force) use deductions.
  On top it maroons a likely enemy as Captain, mutinies against a likely enemy Captain, and attacks
  only with a crew likely on its side. Its reasons say "likely … (N %)" for what it only believes.
- **Hard** is Normal plus search for its turn actions: it samples worlds from the belief (loyalties,
  vote hands, the unknown row and deck), plays each candidate out with Normal players who know the
  sampled world (the same worlds for every candidate), and leaves Normal's choice only for a
  candidate that is better by more than the paired difference's uncertainty. Its budget is a count
  of sampled worlds (:data:`HARD_WORLDS`; a candidate that can no longer win is dropped at fixed
  counts, :data:`HARD_FIRST_LOOK`) and of moves played out per decision (:data:`HARD_MOVES`, less
  per seat), never a clock: a decision depends only on the seat's view, its events and the bot's
  seed, so arena results are the same on a busy machine as on a quiet one.

The Dutch seat (odd player counts) wins only on a tie, so its "side" is whichever team is behind.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Protocol

from tortuga_desktop.games.t1667.levels import LEVELS_1667

from ..rules import (
    EVENT_CARDS,
    VOTE_CARDS,
    Action,
    Attack,
    EventCard,
    Force,
    Game,
    Kind,
    Loc,
    Loyalty,
    Maroon,
    Marque,
    Mutiny,
    PlayerView,
    Reveal,
    Row,
    Side,
    ViewTwo,
    position,
)
from ..rules.cards import SMALL_TABLE_OUT, STARRED, Ship
from ..rules.events import Event, GameOver
from ..rules.views import sampled_world_view
from .belief import SIDE_OF, Belief
from .players import PLAYERS, Choice, Player, Reason, easy_player, turn_able

LEVELS: tuple[str, ...] = LEVELS_1667

#: Hard's search budget: sampled worlds per turn decision (each candidate is played out in every one).
#: It replaced a 0.6 s CPU-time budget that cut 12 of 100 searches short (at 15-23 of 24 worlds; 3 games) on the
#: shared machine, so results depended on the machine's speed; 24 worlds is what that budget allowed in
#: the other 88 %, so the strength is the same and the work per decision is bounded by the count.
HARD_WORLDS = 24

#: Hard plays its worlds in turn and, after ``HARD_FIRST_LOOK`` of them and every ``HARD_LOOK_EVERY`` after,
#: stops playing out the candidates that can no longer be found clearly better than Normal's choice (their
#: paired gain's upper bound is below the margin); with none left, it keeps Normal's choice at once. The
#: worlds that decide a close choice are all played; a choice no candidate contests costs a third of them.
HARD_FIRST_LOOK = 8
HARD_LOOK_EVERY = 4

#: Hard's bound on a turn decision's work: the moves played in all its playouts together, at most
#: ``HARD_MOVES - HARD_MOVES_PER_SEAT * players`` (a move costs a little more at a bigger table). It
#: plays no world whose playouts, at the moves per playout seen so far in this decision, would pass the
#: bound. A count, never a clock, so a decision stays the same on any machine. Most decisions stop far
#: below it (a playout is ~40-50 moves; a choice of 3 live candidates over 24 worlds is ~3,600): it cuts
#: the few widest searches, which took the decision time's tail past 1 s of CPU.
HARD_MOVES = 3600
HARD_MOVES_PER_SEAT = 100

#: how sure Normal must be of a seat's loyalty to treat it as known when it plays Easy's rules
SURE = 0.7


class Bot(Protocol):
    """A computer player for one seat: fed that seat's events, asked on that seat's view and legal actions."""

    level: str

    def observe(self, events: Sequence[Event]) -> None:
        """The events this seat may see, since the last call, in order."""

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice:
        """One of ``legal`` (this seat's legal actions, part of its prompt) for the open decision of ``view.seat``."""


class PlayerBot:
    """A stateless player function (:data:`~.players.PLAYERS`) with its own seeded random source."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.player: Player = PLAYERS[level]
        self.rng = random.Random(seed)

    def observe(self, events: Sequence[Event]) -> None:
        pass

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice:
        return self.player(view, legal, self.rng)


_VIEW_FIELDS = tuple(f.name for f in fields(PlayerView))


def with_loyalties(view: PlayerView, loyalties: tuple[Loyalty, ...]) -> PlayerView:
    """``dataclasses.replace(view, loyalties=loyalties)`` in a third of its time: a search's playout
    players (who know the sampled world's loyalties) make one at every step of every playout."""
    out = object.__new__(PlayerView)
    put = object.__setattr__
    for name in _VIEW_FIELDS:
        put(out, name, getattr(view, name))
    put(out, "loyalties", loyalties)
    return out


def _r(key: str, **params: int | str) -> Reason:
    return Reason(key, tuple(sorted(params.items())))


def ship_of(view: PlayerView, seat: int) -> Ship | None:
    return {Loc.FD: Ship.FD, Loc.JR: Ship.JR}.get(view.where(seat))


def line(view: PlayerView, ship: Ship) -> tuple[int, ...]:
    return view.fd if ship is Ship.FD else view.jr


class NormalBot:
    """Easy's rules played on what it believes: a :class:`Belief` over loyalties, updated from the events
    its seat sees, fills in every loyalty it is at least :data:`SURE` of; on top, it maroons a likely enemy
    as Captain, mutinies against a likely enemy Captain, and attacks only with a crew likely on its side.
    A reason that names a seat it only believes in says so, with the chance."""

    level = "normal"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.belief: Belief | None = None
        self._pending: list[Event] = []
        #: in a search's playouts: the sampled world's loyalties, known to every playout player
        self.oracle: tuple[Loyalty, ...] | None = None

    # -- seeing
    def observe(self, events: Sequence[Event]) -> None:
        if self.oracle is None:
            self._pending.extend(events)

    def flush(self, view: PlayerView, *, keep_end: bool = True) -> None:
        """Read the events received so far into the belief (``keep_end=False``: all but the end's reveal,
        for measuring deduction)."""
        if self.oracle is not None:
            return
        if self.belief is None:
            self.belief = Belief.from_view(view)
        take = self._pending if keep_end else [e for e in self._pending if not isinstance(e, GameOver)]
        self.belief.observe(take)
        self._pending = [] if keep_end else [e for e in self._pending if isinstance(e, GameOver)]
        self.belief.sync(view)

    def enemy(self, view: PlayerView, seat: int) -> float:
        """P(``seat`` plays against this seat's side); 0.5 where the Dutch is involved."""
        if seat == view.seat:
            return 0.0
        mine = view.loyalty
        known = self.oracle[seat] if self.oracle is not None else view.loyalties[seat]
        if known is not None:
            if Loyalty.DUTCH in (mine, known):
                return 0.5
            return 1.0 if known is not mine else 0.0
        if self.belief is None or mine is Loyalty.DUTCH:
            return 0.5
        m = self.belief.marginal(seat)
        return 1.0 - m[mine] - 0.5 * m[Loyalty.DUTCH]

    def believed(self, view: PlayerView) -> PlayerView:
        """``view`` with every loyalty this bot is sure enough of filled in (its own working copy)."""
        if self.oracle is not None:
            return view if view.loyalties == self.oracle else with_loyalties(view, self.oracle)
        if self.belief is None:
            return view
        filled = list(view.loyalties)
        for s in range(view.players):
            if filled[s] is None:
                m = self.belief.marginal(s)
                lo = max(m, key=lambda k: m[k])
                if m[lo] >= SURE:
                    filled[s] = lo
        return replace(view, loyalties=tuple(filled))

    def _likely(self, key: str, view: PlayerView, seat: int) -> Reason:
        """A reason about ``seat`` that says what this bot believes of it and how sure it is."""
        if self.oracle is not None or view.loyalties[seat] is not None or self.belief is None:
            return _r(key, seat=seat)
        m = self.belief.marginal(seat)
        lo = max(m, key=lambda k: m[k])
        return _r(key + "_likely", seat=seat, loyalty=lo.value, pct=round(m[lo] * 100))

    # -- deciding
    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice:
        acts = list(legal)
        if not acts:
            raise ValueError("decide() needs the seat's legal actions")
        self.flush(view)
        d = view.my_decision
        if d is not None and d.kind is Kind.TURN:
            own = self._own_turn(view, acts)
            if own is not None:
                return own
        choice = easy_player(self.believed(view), acts, self.rng)
        # a seat named as friend or enemy that this bot only believes in: say so
        seat = dict(choice.reason.params).get("seat")
        if (isinstance(seat, int) and choice.reason.key in _NAMING and view.loyalties[seat] is None
                and self.oracle is None):
            return Choice(choice.action, self._likely(choice.reason.key, view, seat))
        return choice

    def _own_turn(self, view: PlayerView, acts: list[Action]) -> Choice | None:
        me = view.seat
        ship = ship_of(view, me)
        if ship is None:
            return None
        crew = line(view, ship)
        able = turn_able(acts)
        if crew[0] == me and len(crew) >= 2:  # Captain: maroon a likely enemy aboard (T3.8)
            p, target = max((self.enemy(view, s), s) for s in crew[1:])
            if p >= 0.62 and Maroon(target) in able:
                return Choice(Maroon(target), self._likely("maroon", view, target))
        if Mutiny() in able:  # First Mate: mutiny against a likely enemy Captain (T3.10)
            captain = crew[0]
            voters = [s for s in crew[1:] if s != me]
            friends = sum(1 - self.enemy(view, s) for s in voters)
            if (self.enemy(view, captain) >= 0.62 and friends + 1 >= (len(voters) + 1) / 2
                    and any(c.bottom == "S" for c in view.hand)):
                return Choice(Mutiny(), self._likely("mutiny", view, captain))
        if Attack() in able and crew[0] == me:  # Captain: attack only with a friendly enough crew (T3.9)
            crew_after = crew[1:]
            friendly = sum(1 - self.enemy(view, s) for s in crew_after)
            if friendly + 1 < (len(crew_after) + 1) / 2:
                rest = [a for a in acts if a != Attack()]
                choice = easy_player(self.believed(view), rest, self.rng)
                return choice
        return None


#: Easy's reasons that name a seat as a friend or an enemy (Normal says "likely" when it only believes it)
_NAMING = frozenset({"name_enemy", "name_friend", "force_enemy"})



# ---------------------------------------------------------------------------- Hard
class HardBot(NormalBot):
    """Normal's belief plus determinized playouts for its turn actions (common sampled worlds)."""

    level = "hard"

    def __init__(self, seed: int, worlds: int = HARD_WORLDS, horizon: int = 60, margin: float = 0.05,
                 first_look: int = HARD_FIRST_LOOK, look_every: int = HARD_LOOK_EVERY,
                 moves: int | None = HARD_MOVES) -> None:
        super().__init__(seed)
        self.margin = margin
        self.worlds = worlds
        self.horizon = horizon
        self.first_look = first_look
        self.look_every = look_every
        #: :data:`HARD_MOVES`, the bound on the moves played out per decision before the per-seat part
        #: (None: no bound); see :meth:`budget`
        self.moves = moves
        #: moves played out so far in the decision being made
        self.played = 0

    def budget(self, players: int) -> float:
        """The most moves a turn decision at a table of ``players`` plays out in all (:data:`HARD_MOVES`)."""
        return math.inf if self.moves is None else self.moves - HARD_MOVES_PER_SEAT * players

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice:
        base = super().decide(view, legal)
        d = view.my_decision
        if d is None or d.kind is not Kind.TURN or self.oracle is not None:
            return base
        acts = list(legal)
        cands = self._candidates(view, acts, base.action)
        if len(cands) <= 1:
            return base
        results: dict[Action, list[float]] = {a: [] for a in cands}
        live = list(cands)  # the Normal choice first, and every candidate that may still beat it
        n = playouts = 0
        self.played = 0
        budget = self.budget(view.players)
        for _ in range(self.worlds):
            if playouts and self.played + len(live) * self.played / playouts > budget:
                break  # the next world would take the decision past its bound
            world = self._sample_world(view)
            if world is None:
                break
            for a in live:  # every candidate is played in the same sampled world (common random numbers)
                results[a].append(self._playout(world, view.seat, a))
            playouts += len(live)
            n += 1
            if n >= self.first_look and (n - self.first_look) % self.look_every == 0:
                live = [base.action] + [a for a in live[1:] if self._may_beat(results[a], results[base.action])]
                if len(live) == 1:
                    return base  # no candidate can beat the Normal choice: the rest of the worlds would not change it
        if n < 4:
            return base
        # switch from the Normal choice only when a candidate beats it clearly (paired difference over worlds)
        best, best_gain = base.action, 0.0
        for a in live[1:]:
            mean, se = _paired(results[a], results[base.action])
            if mean > max(self.margin, 2.0 * se) and mean > best_gain:
                best, best_gain = a, mean
        if best == base.action:
            return base
        return Choice(best, _r("search", worlds=n))

    def _may_beat(self, mine: list[float], base: list[float]) -> bool:
        """Whether a candidate played out in the same worlds as the Normal choice may still be found
        clearly better after more worlds: its paired gain's upper bound (mean + 2 standard errors) reaches
        the margin. One that is even or worse in every world so far (no spread) cannot."""
        mean, se = _paired(mine, base)
        return mean + 2.0 * se >= self.margin

    def _candidates(self, view: PlayerView, acts: list[Action], base: Action) -> list[Action]:
        """The normal choice plus one of each other kind of turn action (the most promising by kind)."""
        out: list[Action] = [base]
        kinds: dict[type, list[Action]] = {}
        for a in acts:
            kinds.setdefault(type(a), []).append(a)
        for cls, group in kinds.items():
            if cls in (ViewTwo, Row):
                continue
            if cls is Force:
                continue
            if cls is Reveal:
                slots = [a for a in group if isinstance(a, Reveal)]
                known = {s.slot: s.card for s in view.row}
                pick = next((a for a in slots if known.get(a.slot) is None), slots[0])
                group = [pick]
            if cls is Maroon:
                group = sorted(group, key=lambda a: -self.enemy(view, a.seat) if isinstance(a, Maroon) else 0)[:1]
            if cls is Marque:
                group = group[:1]
            for a in group[:2]:
                if a not in out:
                    out.append(a)
        return out[:6]

    def _sample_world(self, view: PlayerView) -> Game | None:
        """A full game consistent with the view: loyalties from the belief, the rest at random."""
        rng = self.rng
        loyalty = self.belief.sample(rng.random()) if self.belief is not None else None
        if loyalty is None:
            return None
        pool = Counter(VOTE_CARDS) - Counter(view.hand)
        cards = sorted(pool.elements())
        rng.shuffle(cards)
        hands: dict[str, str] = {str(view.seat): " ".join(str(c) for c in view.hand)}
        for s in range(view.players):
            if s == view.seat:
                continue
            k = view.hand_sizes[s]
            hands[str(s)], cards = " ".join(str(c) for c in cards[:k]), cards[k:]
        # event cards: what this seat has not seen
        seen = Counter(view.discard) + Counter(c for f in view.front for c in f) + Counter(view.removed)
        known_row = {s.slot: s.card for s in view.row if s.face_down and s.card is not None}
        seen += Counter(known_row.values())
        unseen = EVENT_CARDS - seen
        small = view.players <= 3
        starred_pool = [c for c in STARRED if not (small and c in SMALL_TABLE_OUT)]
        if view.starred_named is not None:
            out_starred = [c for c in starred_pool if c not in view.starred_named]
        else:
            shown = [c for c in starred_pool if seen[c]]
            hidden = [c for c in starred_pool if not seen[c]]
            rng.shuffle(hidden)
            out_starred = hidden[3 - len(shown):] if len(shown) <= 3 else hidden
        for c in out_starred:
            unseen[c] = 0
        if view.sudden_death or not view.armada_at_bottom:
            pass
        unknown_slots = [s.slot for s in view.row if s.face_down and s.card is None]
        need = len(unknown_slots) + view.deck_size
        armada_bottom = view.armada_at_bottom and view.deck_size > 0
        rest = list((unseen - Counter({EventCard.ARMADA: 1}) if armada_bottom else unseen).elements())
        if view.sudden_death:
            rest = [c for c in rest if c is not EventCard.ARMADA]
        rng.shuffle(rest)
        want = need - (1 if armada_bottom else 0)
        if len(rest) < want:
            return None
        rest = rest[:want]
        row_cards: list[str] = []
        for slot in view.row:
            if not slot.face_down:
                row_cards.append("-")
            elif slot.card is not None:
                row_cards.append(slot.card.value)
            else:
                row_cards.append(rest.pop().value)
        deck = [c.value for c in rest] + (["armada"] if armada_bottom else [])
        spec: dict[str, object] = {
            "players": view.players, "seed": rng.randrange(2**31),
            "loyalty": "".join({Loyalty.BRITISH: "B", Loyalty.FRENCH: "F", Loyalty.DUTCH: "D"}[x] for x in loyalty),
            "fd": list(view.fd), "jr": list(view.jr), "tortuga": list(view.tortuga_line),
            "hands": hands, "row": " ".join(row_cards), "deck": " ".join(deck),
            "discard": " ".join(c.value for c in view.discard),
            "front": {str(s): " ".join(c.value for c in f) for s, f in enumerate(view.front) if f},
            "galleon": view.galleon, "holds": {f"{s.value} {d.value}": n for s, d, n in view.holds},
            "tortuga_treasure": [dict(view.tortuga)[Side.BRITISH], dict(view.tortuga)[Side.FRENCH]],
            "active": view.active, "actions_left": view.actions_left,
            "final_row": view.final_row, "sudden_death": view.sudden_death,
        }
        if view.starred_named is not None:
            spec["starred"] = " ".join(c.value for c in view.starred_named)
        for rb, who in view.rowboats:
            if who is not None:
                spec[rb.value] = who
        if view.destroyed is not None:
            spec["destroyed"] = view.destroyed.value
        try:
            return position(spec)
        except Exception:  # noqa: BLE001 - a sample the builder refuses is skipped, never played
            return None

    def _playout(self, world: Game, me: int, first: Action) -> float:
        g = world.clone()
        try:
            g.apply(me, first)
        except Exception:  # noqa: BLE001
            return 0.0
        players = [NormalBot(self.rng.randrange(2**31)) for _ in range(g.players)]
        for p in players:
            p.oracle = tuple(g.loyalty)
        steps = 0
        while not g.is_over and steps < self.horizon:
            seat = g.pending()[0].seat
            # the view with the world's loyalties filled in, as the playout players (who know them) believe it
            v = sampled_world_view(g, seat)
            a = players[seat].decide(v, g.legal_actions(seat)).action
            g.apply(seat, a)
            steps += 1
        self.played += steps
        mine = g.loyalty[me]
        if g.outcome is not None:
            if me in g.outcome.winners:
                return 1.0
            return 0.5 if g.outcome.is_draw else 0.0
        t = g.totals()
        side = SIDE_OF[mine]
        if side is None:
            return 0.5 if t[Side.BRITISH] == t[Side.FRENCH] else 0.25
        diff = t[side] - t[side.other]
        return 0.5 + 0.5 * max(-1.0, min(1.0, diff / 3))


def _paired(mine: list[float], base: list[float]) -> tuple[float, float]:
    """The mean and standard error of ``mine - base`` over the worlds both were played in."""
    diffs = [x - y for x, y in zip(mine, base, strict=True)]
    n = len(diffs)
    mean = statistics.fmean(diffs)
    return mean, (statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 1.0)


def make_bot(level: str, seed: int) -> Bot:
    """A computer player of ``level`` (one of :data:`LEVELS`)."""
    if level in ("random", "easy"):
        return PlayerBot(level, seed)
    if level == "normal":
        return NormalBot(seed)
    if level == "hard":
        return HardBot(seed)
    raise ValueError(f"unknown 1667 level {level!r:.20}; choose one of {', '.join(LEVELS)}")
