"""Computer players for Tortuga 1667: Random, Easy, Normal and Hard.

Every bot sees the game only through its seat: it is fed the events that seat may see
(:meth:`Bot.observe`, already redacted by the engine) and asked to decide on that seat's view
(:meth:`Bot.decide`); it returns a legal action with a typed :class:`Reason`. It never reads or
changes the live game.

- **Random**: any legal action (soaks).
- **Easy**: plays for its team on what it can see, no deduction: attacks as Captain, shifts
  treasure to its own hold as Cabin Boy, brawls as Governor when Tortuga's treasure lies on the
  wrong side, plays its own flag in a Brawl and supports its own votes.
- **Normal**: Easy's play steered by a :class:`~.belief.Belief` over loyalties: maroons and shoots the
  likely enemy, mutinies against an enemy Captain, attacks when the crew is likely friendly, votes
  for or against a caller by what it believes of them, gives Treasure Maps to likely friends, and in
  the final row reveals the Armada it has seen only when its team leads.
- **Hard**: Normal's belief plus search: for its turn actions it samples worlds from the belief
  (loyalties, vote hands, the unknown row and deck), plays each candidate out with Normal-like
  players who know the sampled world, and picks the candidate with the best mean result (common
  worlds for every candidate).

The Dutch seat (odd player counts) wins only on a tie, so its "side" is whichever team is behind.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..rules import (
    EVENT_CARDS,
    VOTE_CARDS,
    Action,
    Attack,
    Blow,
    Brawl,
    EventCard,
    Force,
    Game,
    Kind,
    Loc,
    Loyalty,
    Maroon,
    Marque,
    Mutiny,
    NameSeat,
    Pick,
    PlaceTreasure,
    PlayerView,
    Plunder,
    ReturnTreasure,
    Reveal,
    Row,
    Sail,
    SaveMarque,
    Shift,
    Side,
    Stay,
    ViewTwo,
    Vote,
    VoteCard,
    VoteKind,
    position,
)
from ..rules.cards import SMALL_TABLE_OUT, STARRED, Ship
from ..rules.events import Event, GameOver
from .belief import SIDE_OF, Belief

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")

#: cards a revealer is glad to turn up, and cards it would rather someone else turned up
GOOD_CARDS = frozenset({EventCard.MARQUE, EventCard.PISTOL, EventCard.MAP, EventCard.RUM, EventCard.WINDS,
                        EventCard.NEST, EventCard.FACADE, EventCard.POWDER, EventCard.REPRISAL, EventCard.FEVER})
BAD_CARDS = frozenset({EventCard.SPOT, EventCard.ALBATROSS, EventCard.SCURVY})


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot chose its action, as data (turned into words at the edge, :func:`describe`).

    ``kind`` names the motive (``"maroon-enemy"``, ``"attack"``, ``"shift"``, ``"vote-support"``…);
    ``seat`` the player it is about, with ``loyalty`` and ``chance`` what the bot believes of them."""

    kind: str
    seat: int | None = None
    loyalty: Loyalty | None = None
    chance: float | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """A bot's decision: the action and its reason."""

    action: Action
    reason: Reason


class Bot(Protocol):
    """A computer player for one seat."""

    level: str

    def observe(self, events: Sequence[Event]) -> None:
        """The events this seat may see, since the last call, in order."""

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice:
        """One of ``legal`` (this seat's legal actions, part of its prompt) for the open decision of ``view.seat``."""


def describe(reason: Reason, names: Sequence[str]) -> str:
    """An English line for a reason (logs and the arena; the table words it in the player's language)."""
    who = names[reason.seat] if reason.seat is not None and 0 <= reason.seat < len(names) else ""
    belief = ""
    if reason.loyalty is not None and reason.chance is not None:
        belief = f"{who} is likely {reason.loyalty.value.capitalize()} ({round(reason.chance * 100)} %): "
    texts = {
        "maroon-enemy": f"maroon {who}", "pistol-enemy": f"shoot {who}", "mutiny": "mutiny against the Captain",
        "attack": "attack the Galleon with this crew", "shift": "shift treasure to our hold",
        "brawl": "brawl for Tortuga's treasure", "plunder": "put the treasure in our hold",
        "vote-support": "vote for it", "vote-oppose": "vote against it", "vote-flag": "play our flag",
        "map-friend": f"give the map to {who}", "place": "put the treasure in our hold",
        "marque-use": "put a pawn on a ship", "marque-save": "save the Letter of Marque",
        "reveal-known": "reveal a card I know helps", "reveal": "reveal a card", "view": "look at two cards",
        "force-bad": f"make {who} choose between bad cards", "row": "row towards a ship",
        "armada-lead": "reveal the Armada while we lead", "facade": f"look at {who}'s loyalty",
        "search": "it played out best in sampled games", "only": "the only choice", "random": "at random",
        "reprisal": "send their treasure back to the Galleon", "powder": "blow up a rowboat",
        "fever": "turn a ship around", "winds": "sail where I am useful", "pick": "pick a card",
    }
    return belief + texts.get(reason.kind, reason.kind)


# ---------------------------------------------------------------------------- shared helpers
def side_for(view: PlayerView, loyalty: Loyalty | None = None) -> Side | None:
    """The side this seat plays for: its team's, or (Dutch) the side behind; None when even."""
    mine = SIDE_OF[loyalty or view.loyalty]
    if mine is not None:
        return mine
    t = view.totals()
    if t[Side.BRITISH] == t[Side.FRENCH]:
        return None
    return Side.BRITISH if t[Side.BRITISH] < t[Side.FRENCH] else Side.FRENCH


def ship_of(view: PlayerView, seat: int) -> Ship | None:
    return {Loc.FD: Ship.FD, Loc.JR: Ship.JR}.get(view.where(seat))


def line(view: PlayerView, ship: Ship) -> tuple[int, ...]:
    return view.fd if ship is Ship.FD else view.jr


def best_card(hand: Sequence[VoteCard], kind: VoteKind, support: bool, side: Side | None) -> VoteCard:
    """The card of ``hand`` that pushes a vote most towards passing (``support``) or failing."""
    def score(c: VoteCard) -> float:
        if kind is VoteKind.ATTACK:
            s = {"C": 1.0, "T": 1.2, "W": -2.0}[c.top]
        elif kind is VoteKind.MUTINY:
            s = 1.0 if c.bottom == "S" else -1.0
        else:  # Brawl: support = our flag
            ours = "B" if side is Side.BRITISH else "F"
            s = (1.0 if c.flag == ours else -1.0) * c.flags
            return s if support else -s
        return s if support else -s
    return max(sorted(hand), key=score)


def legal_by_kind(legal: Sequence[Action]) -> dict[type, list[Action]]:
    out: dict[type, list[Action]] = {}
    for a in legal:
        out.setdefault(type(a), []).append(a)
    return out


# ---------------------------------------------------------------------------- Random
class RandomBot:
    """Any legal action, seeded; kinds first (as the engine's random player)."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def observe(self, events: Sequence[Event]) -> None:
        pass

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice:
        acts = list(legal)
        kinds = legal_by_kind(acts)
        group = kinds[list(kinds)[self.rng.randrange(len(kinds))]]
        return Choice(group[self.rng.randrange(len(group))], Reason("random"))


# ---------------------------------------------------------------------------- Easy and Normal
class Heuristic:
    """Easy (``deduce=False``) and Normal (``deduce=True``): rule-based play for the seat's side."""

    def __init__(self, seed: int, deduce: bool, level: str) -> None:
        self.rng = random.Random(seed)
        self.deduce = deduce
        self.level = level
        self.belief: Belief | None = None
        self._pending: list[Event] = []
        #: in a search's playouts: the sampled world's loyalties, known to every playout player
        self.oracle: tuple[Loyalty, ...] | None = None

    # -- seeing
    def observe(self, events: Sequence[Event]) -> None:
        if self.deduce:
            self._pending.extend(events)

    def _update(self, view: PlayerView) -> None:
        if not self.deduce or self.oracle is not None:
            return
        if self.belief is None:
            self.belief = Belief.from_view(view)
        self.belief.observe(self._pending)
        self._pending = []
        self.belief.sync(view)

    def flush(self, view: PlayerView) -> None:
        """Read the events received so far into the belief, all but the end's reveal (for measuring deduction)."""
        if not self.deduce or self.oracle is not None:
            return
        if self.belief is None:
            self.belief = Belief.from_view(view)
        self.belief.observe([e for e in self._pending if not isinstance(e, GameOver)])
        self._pending = [e for e in self._pending if isinstance(e, GameOver)]

    def enemy(self, view: PlayerView, seat: int) -> float:
        """P(``seat`` plays against this seat's side)."""
        if seat == view.seat:
            return 0.0
        known = self.oracle[seat] if self.oracle is not None else view.loyalties[seat]
        mine = view.loyalty
        if known is not None:
            if mine is Loyalty.DUTCH or known is Loyalty.DUTCH:
                return 0.5
            return 1.0 if known is not mine else 0.0
        if self.belief is None or mine is Loyalty.DUTCH:
            return 0.5
        m = self.belief.marginal(seat)
        return 1.0 - m[mine] - 0.5 * m[Loyalty.DUTCH]

    def _belief_reason(self, kind: str, view: PlayerView, seat: int) -> Reason:
        if self.belief is None or self.oracle is not None:
            return Reason(kind, seat)
        m = self.belief.marginal(seat)
        lo = max(m, key=lambda k: m[k])
        return Reason(kind, seat, lo, m[lo])

    # -- deciding
    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Choice:
        acts = list(legal)
        if not acts:
            raise ValueError("decide() needs the seat's legal actions")
        if len(acts) == 1:
            return Choice(acts[0], Reason("only"))
        self._update(view)
        d = view.my_decision
        assert d is not None, "decide() needs an open decision for this seat"
        kind = d.kind
        if kind is Kind.TURN:
            return self.turn(view, acts)
        if kind is Kind.VOTE:
            return self.vote(view, acts)
        return self.answer(view, acts, kind)

    def turn(self, view: PlayerView, acts: list[Action]) -> Choice:
        me, side = view.seat, side_for(view)
        kinds = legal_by_kind(acts)
        ship = ship_of(view, me)
        # the final row: the Armada ends the game
        armada = [s.slot for s in view.row if s.face_down and s.card is EventCard.ARMADA]
        t = view.totals()
        lead = 0 if side is None else t[side] - t[side.other]
        wants_end = lead == 0 if view.loyalty is Loyalty.DUTCH else lead > 0
        if armada and Reveal in kinds and wants_end:
            return Choice(Reveal(armada[0]), Reason("armada-lead"))
        if ship is not None:
            crew = line(view, ship)
            # Captain: maroon a likely enemy aboard (Normal)
            if Maroon in kinds and self.deduce:
                cands = [(self.enemy(view, s), s) for s in crew if s != me]
                p, target = max(cands)
                if p >= 0.62:
                    return Choice(Maroon(target), self._belief_reason("maroon-enemy", view, target))
            # First Mate: mutiny against a likely enemy Captain
            if Mutiny in kinds:
                captain = crew[0]
                p = self.enemy(view, captain)
                voters = [s for s in crew if s != captain and s != me]
                friends = sum(1 - self.enemy(view, s) for s in voters)
                if (self.deduce and p >= 0.62 and friends + 1 >= len(voters) / 2
                        and any(c.bottom == "S" for c in view.hand)):
                    return Choice(Mutiny(), self._belief_reason("mutiny", view, captain))
            # Cabin Boy: shift treasure to our hold
            if Shift in kinds and side is not None and view.hold(ship, side.other) > 0:
                return Choice(Shift(side.other), Reason("shift"))
            # Captain: attack
            if Attack in kinds and side is not None:
                voters = [s for s in crew if s != me]
                friendly = sum(1 - self.enemy(view, s) for s in voters)
                has_push = any(c.top in "CT" for c in view.hand) or not view.hand
                if has_push and (not self.deduce or friendly + 1 >= (len(voters) + 1) / 2):
                    return Choice(Attack(), Reason("attack"))
        # Governor: brawl when Tortuga's treasure sits on the wrong side
        if Brawl in kinds and side is not None:
            tort = dict(view.tortuga)
            ours = "B" if side is Side.BRITISH else "F"
            if tort[side.other] > tort[side] and any(c.flag == ours for c in view.hand):
                return Choice(Brawl(), Reason("brawl"))
        # a saved Letter of Marque: back onto a ship
        if Marque in kinds and view.where(me) not in (Loc.FD, Loc.JR):
            mine = [a for a in kinds[Marque] if isinstance(a, Marque) and a.seat == me]
            if mine:
                return Choice(self.rng.choice(mine), Reason("marque-use"))
        # Known good card in the row (not the Armada): reveal it
        good = [s.slot for s in view.row if s.face_down and s.card in GOOD_CARDS]
        if good and Reveal in kinds:
            return Choice(Reveal(good[0]), Reason("reveal-known"))
        # Two known bad cards: make a likely enemy choose between them
        bad = [s.slot for s in view.row if s.face_down and s.card in BAD_CARDS
               or (s.face_down and s.card is EventCard.ARMADA and lead < 0)]
        if len(bad) >= 2 and Force in kinds:
            others = [s for s in range(view.players) if s != me]
            target = max(others, key=lambda s: (self.enemy(view, s), -s))
            return Choice(Force(bad[0], bad[1], target), self._belief_reason("force-bad", view, target))
        # off the ships: row back towards one
        here = view.where(me)
        if Row in kinds and here is Loc.TORTUGA and self.rng.random() < 0.5:
            return Choice(self.rng.choice(kinds[Row]), Reason("row"))
        if Row in kinds and here in (Loc.RB_FD, Loc.RB_JR):
            ships = [a for a in kinds[Row] if isinstance(a, Row) and a.to in (Loc.FD, Loc.JR)]
            if ships:
                return Choice(ships[0], Reason("row"))
        # look before revealing: view two unknown cards once in a while
        unknown = [s.slot for s in view.row if s.face_down and s.card is None]
        if ViewTwo in kinds and len(unknown) >= 2 and (self.rng.random() < 0.35 or (view.final_row and lead <= 0)):
            return Choice(ViewTwo(unknown[0], unknown[1]), Reason("view"))
        if Reveal in kinds:
            safe = [s.slot for s in view.row if s.face_down and s.card is None]
            if view.final_row and lead < 0 and ViewTwo in kinds and len(unknown) >= 2:
                # an unknown final-row card may be the Armada: rather look
                return Choice(ViewTwo(unknown[0], unknown[1]), Reason("view"))
            if safe:
                return Choice(Reveal(self.rng.choice(safe)), Reason("reveal"))
            ok = [s.slot for s in view.row if s.face_down and s.card not in BAD_CARDS
                  and s.card is not EventCard.ARMADA]
            if ok:
                return Choice(Reveal(ok[0]), Reason("reveal"))
        fallback = [a for a in acts if not isinstance(a, Reveal)] or acts
        return Choice(self.rng.choice(fallback), Reason("random"))

    def vote(self, view: PlayerView, acts: list[Action]) -> Choice:
        v = view.vote
        assert v is not None
        side = side_for(view)
        hand = [a.card for a in acts if isinstance(a, Vote)]
        if v.kind is VoteKind.BRAWL:
            if side is None:
                return Choice(Vote(self.rng.choice(hand)), Reason("random"))
            return Choice(Vote(best_card(hand, v.kind, True, side)), Reason("vote-flag"))
        if v.kind is VoteKind.ATTACK:
            if v.caller == view.seat:
                return Choice(Vote(best_card(hand, v.kind, True, side)), Reason("vote-support"))
            if not self.deduce and self.oracle is None:
                return Choice(Vote(self.rng.choice(hand)), Reason("random"))
            p = self.enemy(view, v.caller)
            support = p < 0.5
            return Choice(Vote(best_card(hand, v.kind, support, side)),
                          self._belief_reason("vote-support" if support else "vote-oppose", view, v.caller))
        # Mutiny: against the Captain of the caller's ship
        ship = ship_of(view, v.caller)
        captain = line(view, ship)[0] if ship is not None else None
        if v.caller == view.seat:
            return Choice(Vote(best_card(hand, v.kind, True, side)), Reason("vote-support"))
        if captain is None or (not self.deduce and self.oracle is None):
            return Choice(Vote(self.rng.choice(hand)), Reason("random"))
        p = self.enemy(view, captain)
        support = p > 0.5
        return Choice(Vote(best_card(hand, v.kind, support, side)),
                      self._belief_reason("vote-support" if support else "vote-oppose", view, captain))

    def answer(self, view: PlayerView, acts: list[Action], kind: Kind) -> Choice:
        me, side = view.seat, side_for(view)
        others = [s for s in range(view.players) if s != me]
        if kind is Kind.PLUNDER:
            ours = [a for a in acts if isinstance(a, Plunder) and a.to is side]
            # from the other ship, take from the enemy's hold
            pref = [a for a in ours if a.source_side is None or (side is not None and a.source_side is side.other)]
            return Choice((pref or ours or acts)[0], Reason("plunder"))
        if kind is Kind.PICK:
            picks = [a for a in acts if isinstance(a, Pick)]
            known = {s.slot: s.card for s in view.row}
            good = [a for a in picks if known.get(a.slot) in GOOD_CARDS]
            fine = [a for a in picks if known.get(a.slot) is None]
            return Choice((good or fine or picks)[0] if good or fine else self.rng.choice(picks), Reason("pick"))
        if kind is Kind.MARQUE:
            uses = [a for a in acts if isinstance(a, Marque)]
            mine = [a for a in uses if a.seat == me]
            friends = [a for a in uses if self.deduce and self.enemy(view, a.seat) < 0.4]
            if mine:
                return Choice(mine[0], Reason("marque-use"))
            if friends:
                return Choice(friends[0], self._belief_reason("marque-use", view, friends[0].seat))
            return Choice(SaveMarque(), Reason("marque-save"))
        if kind is Kind.PISTOL:
            target = max(others, key=lambda s: (self.enemy(view, s) + (0.2 if self._holds_role(view, s) else 0),
                                                self.rng.random()))
            return Choice(NameSeat(target), self._belief_reason("pistol-enemy", view, target))
        if kind is Kind.MAP_GIVE:
            target = min(others, key=lambda s: (self.enemy(view, s), self.rng.random()))
            return Choice(NameSeat(target), self._belief_reason("map-friend", view, target))
        if kind is Kind.MAP_PLACE:
            places = [a for a in acts if isinstance(a, PlaceTreasure) and a.side is side]
            return Choice((places or acts)[0], Reason("place"))
        if kind is Kind.FACADE:
            if self.belief is not None:
                target = max(others, key=lambda s: (min(self.enemy(view, s), 1 - self.enemy(view, s)), -s))
            else:
                target = self.rng.choice(others)
            return Choice(NameSeat(target), Reason("facade", target))
        if kind is Kind.REPRISAL:
            theirs = [a for a in acts if isinstance(a, ReturnTreasure) and side is not None and a.side is side.other]
            return Choice((theirs or acts)[0], Reason("reprisal"))
        if kind is Kind.POWDER:
            blows = [a for a in acts if isinstance(a, Blow)]
            rider = dict(view.rowboats)
            enemy_rb = [a for a in blows if (r := rider.get(a.rowboat)) is not None and self.enemy(view, r) > 0.5]
            return Choice((enemy_rb or [self.rng.choice(blows)])[0], Reason("powder"))
        if kind is Kind.FEVER:
            return Choice(self.rng.choice(acts), Reason("fever"))
        if kind is Kind.WINDS:
            ships = [a for a in acts if isinstance(a, Sail) and a.to in (Loc.FD, Loc.JR)]
            if view.where(me) not in (Loc.FD, Loc.JR) and ships:
                return Choice(ships[0], Reason("winds"))
            return Choice(next((a for a in acts if isinstance(a, Stay)), acts[0]), Reason("winds"))
        return Choice(self.rng.choice(acts), Reason("random"))

    @staticmethod
    def _holds_role(view: PlayerView, seat: int) -> bool:
        return (bool(view.fd) and view.fd[0] == seat) or (bool(view.jr) and view.jr[0] == seat)


class EasyBot(Heuristic):
    def __init__(self, seed: int) -> None:
        super().__init__(seed, deduce=False, level="easy")


class NormalBot(Heuristic):
    def __init__(self, seed: int) -> None:
        super().__init__(seed, deduce=True, level="normal")


# ---------------------------------------------------------------------------- Hard
class HardBot(NormalBot):
    """Normal's belief plus determinized playouts for its turn actions (common sampled worlds)."""

    def __init__(self, seed: int, budget_s: float = 0.6, worlds: int = 24, horizon: int = 60,
                 margin: float = 0.05) -> None:
        super().__init__(seed)
        self.level = "hard"
        self.margin = margin
        self.budget_s = budget_s
        self.worlds = worlds
        self.horizon = horizon

    def turn(self, view: PlayerView, acts: list[Action]) -> Choice:
        base = super().turn(view, acts)
        cands = self._candidates(view, acts, base.action)
        if len(cands) <= 1:
            return base
        deadline = time.thread_time() + self.budget_s
        results: dict[Action, list[float]] = {a: [] for a in cands}
        for _ in range(self.worlds):
            world = self._sample_world(view)
            if world is None:
                break
            for a in cands:  # every candidate is played in the same sampled world (common random numbers)
                results[a].append(self._playout(world, view.seat, a))
            if time.thread_time() > deadline:
                break
        n = len(results[base.action])
        if n < 4:
            return base
        # switch from the Normal choice only when a candidate beats it clearly (paired difference over worlds)
        best, best_gain = base.action, 0.0
        for a in cands:
            if a == base.action:
                continue
            diffs = [x - y for x, y in zip(results[a], results[base.action], strict=True)]
            mean = statistics.fmean(diffs)
            se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 1.0
            if mean > max(self.margin, 2.0 * se) and mean > best_gain:
                best, best_gain = a, mean
        if best == base.action:
            return base
        return Choice(best, Reason("search", chance=statistics.fmean(results[best])))

    def _candidates(self, view: PlayerView, acts: list[Action], base: Action) -> list[Action]:
        """The normal choice plus one of each other kind of turn action (the most promising by kind)."""
        out: list[Action] = [base]
        kinds = legal_by_kind(acts)
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
        players = [Heuristic(self.rng.randrange(2**31), deduce=True, level="playout") for _ in range(g.players)]
        for p in players:
            p.oracle = tuple(g.loyalty)
        steps = 0
        while not g.is_over and steps < self.horizon:
            d = g.pending()[0]
            v = g.view(d.seat)
            a = players[d.seat].decide(v, g.legal_actions(d.seat)).action
            g.apply(d.seat, a)
            steps += 1
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


def make_bot(level: str, seed: int) -> Bot:
    """A computer player of ``level`` (one of :data:`LEVELS`)."""
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        return NormalBot(seed)
    if level == "hard":
        return HardBot(seed)
    raise ValueError(f"unknown 1667 level {level!r:.20}; choose one of {', '.join(LEVELS)}")
