"""A seat's belief over the other seats' loyalties, from what that seat may see (T9).

The belief is a probability for every assignment of the Loyalty cards in play to the seats that is
consistent with the seat's view (its own card, a card seen with Facade, two players, the end): at most
9!/(4!·4!·1!) = 630 assignments. It is updated from public evidence only — the events the seat receives
(already redacted for it) — with soft likelihoods, so one odd move never rules an assignment out:

- treasure put into, or shifted to, a hold or area of one side by a seat (Attack, Shift, Treasure
  Map) makes that seat's loyalty to that side likely; treasure sent back to the Galleon from a side
  (Spanish Reprisal) makes it unlikely;
- marooning a pawn (Captain, Pistol) and calling a Mutiny against a Captain make the two seats
  likely enemies; putting a pawn on a ship with a Letter of Marque makes them likely friends;
- a turned-up vote: for each assignment, the chance that the participants (but this seat, whose
  own card is known) played as many *opposing* cards as were turned up (a Poisson-binomial count,
  the added deck card counting at its deck rate).

- table talk (T9.7, ``Talked``): a seat's claim of its loyalty, an accusation naming a seat's loyalty and a
  vouch for a seat shift the belief a little (a likelihood ratio of at most :data:`TALK_CLAIM`,
  :data:`TALK_ACCUSE`, :data:`TALK_VOUCH`), weighted by how reliable the speaker's talk has proved
  (:attr:`Belief.trust`): a speaker caught lying — a claim or accusation about a seat whose loyalty this
  seat learns otherwise (its own, a Facade look, the end), or a report of a row slot whose card this seat
  saw or saw turned up differently — keeps :data:`CAUGHT` of its trust per lie from then on.

The Dutch seat wants a tie; the model treats its moves as uninformative (likelihood ½).

>>> from tortuga_desktop.games.t1667.rules import Game
>>> g = Game.new(players=6, seed=3)
>>> b = Belief.from_view(g.view(0))
>>> len(b.assignments), round(sum(b.marginal(1).values()), 6)
(10, 1.0)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..rules.cards import EventCard, Loc, Loyalty, Side, VoteCard, VoteKind
from ..rules.events import (
    CardKept,
    CardRevealed,
    Event,
    FinalRowShuffled,
    GameOver,
    LoyaltySeen,
    Marooned,
    PawnMoved,
    RowRefilled,
    SlotsSeen,
    SuddenDeath,
    Talked,
    TreasureMoved,
    TurnStarted,
    VoteCalled,
    VotePlayed,
    VoteRevealed,
)
from ..rules.talk import TalkKind
from ..rules.views import PlayerView

#: the loyalty whose team a side's treasure counts for (T7.2)
SIDE_OF: dict[Loyalty, Side | None] = {Loyalty.BRITISH: Side.BRITISH, Loyalty.FRENCH: Side.FRENCH, Loyalty.DUTCH: None}

# Soft likelihoods: how much more likely a move is for a seat it helps than for one it hurts.
HELP = 0.85          # treasure moved to the seat's own side
HURT = 0.15          # treasure moved to the other side
ENEMY = 0.72         # a maroon / Pistol / Mutiny aimed at an enemy
FRIEND = 0.28        # ... aimed at a friend
NEUTRAL = 0.5        # anything the Dutch seat does
PLAY_OPPOSE = 0.8    # a participant who wants a vote to fail plays an opposing card
PLAY_SUPPORT = 0.12  # ... and one who wants it to pass still may (no better card in hand)
# Table talk: the likelihood ratio a fully trusted speaker's word gives what it says (talk is cheap).
TALK_CLAIM = 1.6     # "I am British": the speaker's own loyalty
TALK_ACCUSE = 1.4    # "Jack is French"
TALK_VOUCH = 1.3     # "I trust Anne": the two on one team
CAUGHT = 0.3         # the share of its trust a speaker keeps per lie caught


def side_of_place(place: str) -> Side | None:
    """The side of a treasure place as events name it (``fd british`` -> BRITISH; ``galleon`` -> None)."""
    word = place.rsplit(" ", 1)[-1]
    return Side(word) if word in (Side.BRITISH.value, Side.FRENCH.value) else None


def opposing(kind: VoteKind, card: VoteCard) -> bool:
    """Whether ``card`` works against the vote's passing: Water for an Attack, Helm for a Mutiny; for a
    Brawl the "passing" side is taken as British, so a French flag opposes it."""
    if kind is VoteKind.ATTACK:
        return card.top == "W"
    if kind is VoteKind.MUTINY:
        return card.bottom == "H"
    return card.flag == "F"


def _poisson_binomial(ps: Sequence[float], k: int) -> float:
    """P(exactly k successes) for independent trials with success chances ``ps``."""
    dist = [1.0]
    for p in ps:
        nxt = [0.0] * (len(dist) + 1)
        for i, q in enumerate(dist):
            nxt[i] += q * (1 - p)
            nxt[i + 1] += q * p
        dist = nxt
    return dist[k] if 0 <= k < len(dist) else 0.0


def _arrangements(pool: Sequence[Loyalty], k: int) -> list[tuple[Loyalty, ...]]:
    """Every distinct ordered choice of ``k`` cards of ``pool`` (``set(itertools.permutations(pool, k))``
    without walking the 9! orders of a 9-seat pool that give only 630 distinct ones)."""
    left = Counter(pool)
    out: list[tuple[Loyalty, ...]] = []
    so_far: list[Loyalty] = []

    def extend() -> None:
        if len(so_far) == k:
            out.append(tuple(so_far))
            return
        for lo in list(left):
            if left[lo]:
                left[lo] -= 1
                so_far.append(lo)
                extend()
                so_far.pop()
                left[lo] += 1

    extend()
    return out


@dataclass
class Belief:
    """Probabilities over loyalty assignments for the seats of one game, as seen by ``me``."""

    me: int
    players: int
    assignments: list[tuple[Loyalty, ...]]
    logw: list[float]
    #: public bookkeeping needed to read evidence: whose turn it is, the card being resolved
    _active: int = -1
    _revealer: int = -1
    _maps: dict[int, int] = field(default_factory=dict)
    _last_map_holder: int = -1
    _vote: tuple[VoteKind, int, tuple[int, ...]] | None = None
    _my_vote_card: VoteCard | None = None
    _loc: dict[int, Loc] = field(default_factory=dict)
    _captain: int | None = None
    #: how far each seat's talk is believed (1: fully; :data:`CAUGHT` per lie caught)
    trust: dict[int, float] = field(default_factory=dict)
    #: loyalties this seat knows for certain (its own, Facade, two players, the end)
    _known: dict[int, Loyalty] = field(default_factory=dict)
    #: what was said of a seat's loyalty and by whom, not yet checked: (speaker, seat, loyalty)
    _claims: list[tuple[int, int, Loyalty]] = field(default_factory=list)
    #: the row slots' cards this seat has seen, and reports of them since (speaker, card)
    _slots: dict[int, EventCard] = field(default_factory=dict)
    _reports: dict[int, list[tuple[int, EventCard]]] = field(default_factory=dict)

    # ------------------------------------------------------------------ building
    @classmethod
    def from_view(cls, view: PlayerView) -> Belief:
        """The uniform belief over every assignment consistent with the loyalties ``view`` shows."""
        pool: list[Loyalty] = []
        for loyalty, count in view.loyalty_mix:
            pool += [loyalty] * count
        known = view.loyalties
        out: list[tuple[Loyalty, ...]] = []
        for perm in sorted(_arrangements(pool, view.players)):
            if all(k is None or perm[i] is k for i, k in enumerate(known)):
                out.append(perm)
        b = cls(view.seat, view.players, out, [0.0] * len(out))
        b._known = {s: lo for s, lo in enumerate(known) if lo is not None}
        b._known[view.seat] = view.loyalty
        b.sync(view)
        return b

    def restrict(self, seat: int, loyalty: Loyalty) -> None:
        """Learned for certain (Facade, the end): drop every assignment that disagrees."""
        keep = [i for i, a in enumerate(self.assignments) if a[seat] is loyalty]
        if keep:
            self.assignments = [self.assignments[i] for i in keep]
            self.logw = [self.logw[i] for i in keep]
        self._known[seat] = loyalty
        rest = []
        for speaker, about, said in self._claims:
            if about != seat:
                rest.append((speaker, about, said))
            elif said is not loyalty:
                self._caught(speaker)
        self._claims = rest

    # ------------------------------------------------------------------ talk
    def trusts(self, seat: int) -> float:
        """How far ``seat``'s talk is believed: 1 until it is caught lying."""
        return self.trust.get(seat, 1.0)

    def _caught(self, speaker: int) -> None:
        self.trust[speaker] = self.trusts(speaker) * CAUGHT

    def _said_loyalty(self, speaker: int, about: int, loyalty: Loyalty, ratio: float) -> None:
        """``speaker`` said ``about`` is ``loyalty``: checked now if this seat knows, else weighed and kept."""
        known = self._known.get(about)
        if known is not None:
            if known is not loyalty:
                self._caught(speaker)
            return
        k = 1.0 + (ratio - 1.0) * self.trusts(speaker)
        self._weigh({lo: k if lo is loyalty else 1.0 for lo in Loyalty}, about)
        self._claims.append((speaker, about, loyalty))

    def _talked(self, e: Talked) -> None:
        speaker, say = e.seat, e.say
        if speaker == self.me:
            return
        if say.kind is TalkKind.CLAIM and say.loyalty is not None:
            self._said_loyalty(speaker, speaker, say.loyalty, TALK_CLAIM)
        elif say.kind is TalkKind.ACCUSE and say.loyalty is not None and say.about is not None:
            self._said_loyalty(speaker, say.about, say.loyalty, TALK_ACCUSE)
        elif say.kind is TalkKind.VOUCH and say.about is not None and say.about != self.me:
            k = 1.0 + (TALK_VOUCH - 1.0) * self.trusts(speaker)
            a, b = speaker, say.about
            self.logw = [w + (math.log(k) if asg[a] is asg[b] and asg[a] is not Loyalty.DUTCH else 0.0)
                         for w, asg in zip(self.logw, self.assignments, strict=True)]
        elif say.kind is TalkKind.REPORT and say.slot is not None and say.card is not None:
            seen = self._slots.get(say.slot)
            if seen is not None and seen is not say.card:
                self._caught(speaker)
            else:
                self._reports.setdefault(say.slot, []).append((speaker, say.card))

    def _slot_gone(self, slot: int, card: EventCard | None) -> None:
        """The card at ``slot`` left it (``card``: as turned up; None: unseen): reports of it are checked."""
        for speaker, said in self._reports.pop(slot, []):
            if card is not None and said is not card:
                self._caught(speaker)
        self._slots.pop(slot, None)

    # ------------------------------------------------------------------ reading
    def probabilities(self) -> list[float]:
        top = max(self.logw)
        ws = [math.exp(w - top) for w in self.logw]
        total = sum(ws)
        return [w / total for w in ws]

    def marginal(self, seat: int) -> dict[Loyalty, float]:
        """P(loyalty of ``seat``)."""
        out = {lo: 0.0 for lo in Loyalty}
        for a, p in zip(self.assignments, self.probabilities(), strict=True):
            out[a[seat]] += p
        return out

    def most_likely(self) -> tuple[Loyalty, ...]:
        """The single most likely assignment (ties: the first in sorted order)."""
        best = max(range(len(self.logw)), key=lambda i: self.logw[i])
        return self.assignments[best]

    def p_friend(self, seat: int, mine: Loyalty) -> float:
        """P(``seat`` is on the team of loyalty ``mine``); 0 for the Dutch point of view."""
        if mine is Loyalty.DUTCH:
            return 0.0
        return self.marginal(seat)[mine]

    def sample(self, u: float) -> tuple[Loyalty, ...]:
        """The assignment at cumulative probability ``u`` (0 <= u < 1): a draw from the belief."""
        acc = 0.0
        for a, p in zip(self.assignments, self.probabilities(), strict=True):
            acc += p
            if u < acc:
                return a
        return self.assignments[-1]

    # ------------------------------------------------------------------ evidence
    def _weigh(self, like: dict[Loyalty, float], seat: int) -> None:
        if seat == self.me or seat < 0:
            return
        self.logw = [w + math.log(like[a[seat]]) for w, a in zip(self.logw, self.assignments, strict=True)]

    def _side_move(self, seat: int, to: Side, helps: bool = True) -> None:
        good, bad = (HELP, HURT) if helps else (HURT, HELP)
        like = {Loyalty.DUTCH: NEUTRAL}
        for lo, side in SIDE_OF.items():
            if side is not None:
                like[lo] = good if side is to else bad
        self._weigh(like, seat)

    def _pair(self, a: int, b: int, enemies: bool) -> None:
        """Evidence that seats ``a`` and ``b`` are enemies (or friends)."""
        if a == b or a < 0 or b < 0:
            return
        hit, miss = (ENEMY, FRIEND) if enemies else (FRIEND, ENEMY)
        new = []
        for w, asg in zip(self.logw, self.assignments, strict=True):
            la, lb = asg[a], asg[b]
            if Loyalty.DUTCH in (la, lb):
                p = NEUTRAL
            else:
                p = hit if la is not lb else miss
            new.append(w + math.log(p))
        self.logw = new

    def _vote_evidence(self, kind: VoteKind, caller: int, captain: int | None, participants: tuple[int, ...],
                       cards: tuple[VoteCard, ...], added: bool) -> None:
        others = [s for s in participants if s != self.me]
        if not others:
            return
        played = list(cards)
        if self._my_vote_card is not None and self.me in participants and self._my_vote_card in played:
            played.remove(self._my_vote_card)
        k = sum(opposing(kind, c) for c in played)
        new = []
        for w, asg in zip(self.logw, self.assignments, strict=True):
            # the side that wants the vote to pass, under this assignment
            if kind is VoteKind.BRAWL:
                wants: Side | None = Side.BRITISH
            elif kind is VoteKind.ATTACK:
                wants = SIDE_OF[asg[caller]]
            else:
                cap = SIDE_OF[asg[captain]] if captain is not None else None
                wants = cap.other if cap is not None else None
            ps: list[float] = []
            for s in others:
                lo = asg[s]
                if lo is Loyalty.DUTCH or wants is None:
                    ps.append(NEUTRAL)
                else:
                    ps.append(PLAY_SUPPORT if SIDE_OF[lo] is wants else PLAY_OPPOSE)
            if added:
                ps.append(_deck_rate(kind))
            new.append(w + math.log(max(_poisson_binomial(ps, k), 1e-9)))
        self.logw = new

    def observe(self, events: Iterable[Event]) -> None:
        """Read the events this seat received (in order) as evidence."""
        for e in events:
            if isinstance(e, TurnStarted):
                self._active = e.seat
                self._revealer = -1
            elif isinstance(e, CardRevealed):
                self._revealer = e.revealer
                self._slot_gone(e.slot, e.card)
            elif isinstance(e, Talked):
                self._talked(e)
            elif isinstance(e, SlotsSeen):
                if e.owner == self.me:
                    for slot, card in e.seen:
                        self._slots[slot] = card
                        for speaker, said in self._reports.get(slot, []):
                            if said is not card:
                                self._caught(speaker)
                        self._reports.pop(slot, None)
            elif isinstance(e, RowRefilled):
                self._slot_gone(e.slot, None)
            elif isinstance(e, (FinalRowShuffled, SuddenDeath)):
                for slot in list(self._slots) + list(self._reports):
                    self._slot_gone(slot, None)
            elif isinstance(e, CardKept):
                if e.card is EventCard.MAP:
                    self._maps[e.seat] = self._maps.get(e.seat, 0) + 1
                    self._last_map_holder = e.seat
            elif isinstance(e, TreasureMoved):
                self._treasure(e)
            elif isinstance(e, Marooned):
                self._loc[e.seat] = Loc.TORTUGA
                if e.cause == "captain":
                    self._pair(self._active, e.seat, enemies=True)
                elif e.cause == "pistol":
                    self._pair(self._revealer, e.seat, enemies=True)
            elif isinstance(e, PawnMoved):
                self._loc[e.seat] = e.to
                if e.cause == "marque":
                    actor = self._revealer if self._revealer >= 0 else self._active
                    self._pair(actor, e.seat, enemies=False)
            elif isinstance(e, VoteCalled):
                self._vote = (e.kind, e.caller, e.participants)
                self._my_vote_card = None
                self._captain = None
                if e.kind is VoteKind.MUTINY:
                    # the Captain is the one pawn on the First Mate's ship who does not vote (T3.10)
                    ship = self._loc.get(e.caller)
                    rest = [s for s, loc in self._loc.items() if loc is ship and s not in e.participants]
                    self._captain = rest[0] if len(rest) == 1 else None
                    if self._captain is not None:
                        self._pair(e.caller, self._captain, enemies=True)
            elif isinstance(e, VotePlayed):
                if e.owner == self.me:
                    self._my_vote_card = e.card
            elif isinstance(e, VoteRevealed):
                if self._vote is not None:
                    kind, caller, participants = self._vote
                    if kind is not VoteKind.MUTINY or self._captain is not None:
                        self._vote_evidence(kind, caller, self._captain, participants, e.cards, e.added)
                self._vote = None
            elif isinstance(e, LoyaltySeen):
                self.restrict(e.target, e.loyalty)
            elif isinstance(e, GameOver):
                for s, lo in enumerate(e.loyalties):
                    self.restrict(s, lo)

    def sync(self, view: PlayerView) -> None:
        """Take the public positions from the seat's current view (events between views keep them current)."""
        self._loc = {s: view.where(s) for s in range(view.players)}
        self._active = view.active
        for looker, target in view.facade_looks:
            if looker == self.me and view.loyalties[target] is not None:
                self.restrict(target, view.loyalties[target])  # type: ignore[arg-type]

    def _treasure(self, e: TreasureMoved) -> None:
        to, src = side_of_place(e.to), side_of_place(e.source)
        if e.cause in ("attack", "shift") and to is not None:
            self._side_move(self._active, to)
        elif e.cause == "treasure map" and to is not None:
            self._side_move(self._last_map_holder, to)
        elif e.cause == "spanish reprisal" and src is not None:
            self._side_move(self._revealer, src, helps=False)


def _deck_rate(kind: VoteKind) -> float:
    """The chance that a random Vote card opposes a vote (T0.6: 9 Water of 32; 16 Helm; French flags 17 of 34)."""
    if kind is VoteKind.ATTACK:
        return 9 / 32
    return 0.5
