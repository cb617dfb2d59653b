"""The Tortuga 1667 rules engine: :class:`Game` holds the whole state and is the only way to change it.

At any moment :meth:`Game.pending` says who must decide what (a vote opens one decision per
participant, answered in any order), :meth:`Game.legal_actions` lists a seat's options and
:meth:`Game.apply` carries one out, returning the events it caused, or raises without changing
anything. All chance comes from the game's one seeded source (T9).

>>> g = Game.new(players=4, seed=3)
>>> [d.kind.value for d in g.pending()], g.active == g.lines[Loc.FD][0]
(['turn'], True)
>>> events = g.apply(g.active, ViewTwo(1, 2))
>>> [type(e).__name__ for e in events]
['SlotsViewed', 'SlotsSeen', 'TurnStarted']
"""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, overload

from .actions import (
    Action,
    Attack,
    Blow,
    Brawl,
    Force,
    Maroon,
    Marque,
    Mutiny,
    NameSeat,
    Pick,
    PlaceTreasure,
    Plunder,
    ReturnTreasure,
    Reveal,
    Reverse,
    Row,
    Sail,
    SaveMarque,
    Shift,
    Stay,
    ViewTwo,
    Vote,
    check_action,
)
from .cards import (
    EVENT_CARDS,
    HAND_SIZE,
    ROW_SLOTS,
    ROWBOATS,
    SHIP_SIZE,
    SMALL_TABLE_OUT,
    STARRED,
    VOTE_CARDS,
    EventCard,
    Loc,
    Loyalty,
    Ship,
    Side,
    VoteCard,
    VoteKind,
    loyalty_mix,
)
from .errors import IllegalActionError, MalformedActionError, NotYourTurnError, SetupError
from .events import (
    CardDiscarded,
    CardKept,
    CardRevealed,
    Event,
    FinalRowShuffled,
    ForceDeclared,
    GameOver,
    GameStarted,
    HandDealt,
    LineReversed,
    LoyaltyDealt,
    LoyaltyLooked,
    LoyaltySeen,
    Marooned,
    NoEffect,
    PawnMoved,
    RowboatDestroyed,
    RowRefilled,
    SlotsSeen,
    SlotsViewed,
    SuddenDeath,
    Talked,
    TreasureMoved,
    TurnStarted,
    VoteCalled,
    VoteCardLost,
    VoteCardsDrawn,
    VotePlayed,
    VoteRevealed,
    redact,
)
from .record import GameRecord
from .state import Decision, EndReason, Kind, Outcome
from .talk import TALK_PER_TURN, Say, TalkKind

if TYPE_CHECKING:
    from .views import PlayerView, PublicView

#: T7.8: the default safety cap on turn actions.
DEFAULT_CAP = 1000
#: E1667.11: the highest cap a game may set (no game of this program sets another than the default; a
#: record of a game at this cap replays in well under a second).
MAX_CAP = 1000
MAX_SEED = 2**63 - 1
SHIPS: tuple[Ship, Ship] = (Ship.FD, Ship.JR)
SIDES: tuple[Side, Side] = (Side.BRITISH, Side.FRENCH)
LINES: tuple[Loc, Loc, Loc] = (Loc.FD, Loc.JR, Loc.TORTUGA)

#: Decisions answered by the revealer of the card being resolved (T6.1).
_EFFECT_KINDS = {
    EventCard.MARQUE: Kind.MARQUE, EventCard.PISTOL: Kind.PISTOL, EventCard.MAP: Kind.MAP_GIVE,
    EventCard.POWDER: Kind.POWDER, EventCard.FACADE: Kind.FACADE, EventCard.FEVER: Kind.FEVER,
    EventCard.WINDS: Kind.WINDS, EventCard.REPRISAL: Kind.REPRISAL,
}
#: Cards that stay in front of a player after resolution (T6.2); a Letter of Marque only when saved.
_KEPT = (EventCard.ALBATROSS, EventCard.MAP)


@functools.lru_cache(maxsize=4096)
def _row_actions(down: tuple[int, ...], seat: int, players: int) -> tuple[Action, ...]:
    """The row actions open to ``seat`` with these face-down slots: View two (T3.3), Reveal one (T3.4), Force a
    choice (T3.5). Actions are immutable values, so the list for a row is built once (search plays many games)."""
    pairs = [(a, b) for i, a in enumerate(down) for b in down[i + 1:]]
    return (*(ViewTwo(a, b) for a, b in pairs), *(Reveal(s) for s in down),
            *(Force(a, b, x) for a, b in pairs for x in range(players) if x != seat))


@functools.lru_cache(maxsize=4096)
def _row_action_set(down: tuple[int, ...], seat: int, players: int) -> frozenset[Action]:
    """:func:`_row_actions` as a set (legality checks hash a big table's hundred-odd Force actions once)."""
    return frozenset(_row_actions(down, seat, players))


def _loc_of_ship(ship: Ship) -> Loc:
    return Loc.FD if ship is Ship.FD else Loc.JR


def place_name(ship: Ship | None, side: Side | None) -> str:
    """A treasure place as events name it: ``galleon``, ``fd british``, ``tortuga french``.

    >>> place_name(None, None), place_name(Ship.FD, Side.BRITISH), place_name(None, Side.FRENCH)
    ('galleon', 'fd british', 'tortuga french')
    """
    if side is None:
        return "galleon"
    return f"{ship.value if ship else 'tortuga'} {side.value}"


class VoteState:
    """A vote in progress (T4): kind, caller, participants and the cards chosen so far (hidden, T9.4)."""

    __slots__ = ("kind", "caller", "participants", "chosen")

    def __init__(self, kind: VoteKind, caller: int, participants: Sequence[int]) -> None:
        self.kind = kind
        self.caller = caller
        self.participants = tuple(participants)
        self.chosen: dict[int, VoteCard] = {}

    def key(self) -> tuple[Any, ...]:
        return (self.kind, self.caller, self.participants, tuple(sorted(self.chosen.items())))


class Game:
    """One game of Tortuga 1667: the complete (secret) state and the rules that change it.

    Players never read this object: they get :meth:`view` (T9). Build one with :meth:`new`
    (or :func:`.scenario.position` for a chosen position)."""

    def __init__(self) -> None:
        self.players = 0
        self.names: list[str] = []
        self.seed = 0
        #: T1.6d: the 3 starred cards named at setup (public) or None (drawn at random, hidden)
        self.starred_named: tuple[EventCard, ...] | None = None
        self.cap = DEFAULT_CAP
        self.rng = random.Random(0)
        self.loyalty: list[Loyalty] = []
        self.unused_loyalty: list[Loyalty] = []
        self.hands: list[list[VoteCard]] = []
        #: the vote deck, top card first (T1.3)
        self.vote_deck: list[VoteCard] = []
        #: ship lines and Tortuga's line, place 1 first (T2.2, T2.4)
        self.lines: dict[Loc, list[int]] = {loc: [] for loc in LINES}
        self.rowboats: dict[Loc, int | None] = {rb: None for rb in ROWBOATS}
        self.destroyed: Loc | None = None
        self.galleon = 0
        self.holds: dict[tuple[Ship, Side], int] = {(s, d): 0 for s in SHIPS for d in SIDES}
        self.tortuga: dict[Side, int] = {d: 0 for d in SIDES}
        #: row slots 1-5 at indexes 0-4; None is an empty slot
        self.row: list[EventCard | None] = [None] * ROW_SLOTS
        #: the event deck, top card first; the Armada is its last card until the final row (T1.6g)
        self.deck: list[EventCard] = []
        self.discard: list[EventCard] = []
        self.front: list[list[EventCard]] = []
        #: cards removed openly (T1.6c) and cards that left unseen (unused starred; the Armada in sudden death)
        self.removed: list[EventCard] = []
        self.unseen: list[EventCard] = []
        #: per seat: row slot (1-5) -> the card it knows lies there (T9.5)
        self.known: list[dict[int, EventCard]] = []
        #: (looker, target) for every Facade (T6.14)
        self.facade_looks: list[tuple[int, int]] = []
        self.active = 0
        self.actions_left = 1
        self.actions_taken = 0
        self.kind: Kind | None = Kind.TURN
        self.decider = 0
        self.pick_slots: tuple[int, int] = (0, 0)
        self.vote: VoteState | None = None
        #: the card being resolved, its revealer and its slot (T6.1)
        self.resolving: tuple[EventCard, int, int] | None = None
        #: the slot to refill once the checks after an effect are done (T6.4)
        self.refill_slot: int | None = None
        #: the last vote turned up: kind, caller, participants, cards in canonical order, success (T9.1)
        self.last_vote: tuple[VoteKind, int, tuple[int, ...], tuple[VoteCard, ...], bool] | None = None
        self.final_row = False
        self.sudden_death = False
        self.outcome: Outcome | None = None
        #: vote cards each seat gained (Rum Ration) and lost (T5.4, T6.18): hand size = 3 + gained - lost
        self.gained: list[int] = []
        self.lost: list[int] = []
        self.log: list[Event] = []
        #: every decision applied, as (seat, action text) (the record, T9)
        self.entries: list[tuple[int, str]] = []
        #: how many of the entries are talk (:mod:`.talk`), not decisions
        self.talked = 0
        #: set by scenario.position: the spec the game was built from (for records)
        self.scenario: dict[str, Any] | None = None
        self._out: list[Event] = []
        self._legal_cache: tuple[tuple[int, int], list[Action], frozenset[Action]] | None = None

    # ------------------------------------------------------------------ setup (T1)
    @classmethod
    def new(
        cls,
        players: int = 4,
        seed: int = 0,
        *,
        starred: Sequence[EventCard] | None = None,
        names: Sequence[str] | None = None,
        cap: int = DEFAULT_CAP,
    ) -> Game:
        """Set up a game (T1). ``starred`` names the 3 starred cards openly (T1.6d option); None draws them hidden.

        Raises :class:`SetupError` for bad settings."""
        check_settings(players, seed, starred, names, cap)
        g = cls()
        g.players = players
        g.seed = seed
        g.names = list(names) if names is not None else [f"Pirate {i + 1}" for i in range(players)]
        g.cap = cap
        g.starred_named = tuple(starred) if starred is not None else None
        g.rng = random.Random(seed)
        rng = g.rng
        # T1.2 loyalty
        deal = list(loyalty_mix(players).elements())
        rng.shuffle(deal)
        g.loyalty = deal
        g.unused_loyalty = list((Counter({Loyalty.BRITISH: 4, Loyalty.FRENCH: 4, Loyalty.DUTCH: 1})
                                 - loyalty_mix(players)).elements())
        # T1.3 vote cards
        votes = sorted(VOTE_CARDS.elements())
        rng.shuffle(votes)
        g.hands = [sorted(votes[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(players)]
        g.vote_deck = votes[players * HAND_SIZE:]
        # T1.4 treasure (T0.3)
        g.galleon = 4
        g.holds[(Ship.FD, Side.BRITISH)] = 1
        g.holds[(Ship.JR, Side.FRENCH)] = 1
        g.tortuga = {Side.BRITISH: 1, Side.FRENCH: 1}
        # T1.5 pawns: FD gets the 1st, 3rd, ... drawn
        order = list(range(players))
        rng.shuffle(order)
        g.lines[Loc.FD] = order[0::2]
        g.lines[Loc.JR] = order[1::2]
        # T1.6 event deck
        small = players <= 3
        pool = [c for c in STARRED if not (small and c in SMALL_TABLE_OUT)]
        if starred is not None:
            chosen = list(starred)
            g.unseen = [c for c in pool if c not in chosen]
        else:
            rng.shuffle(pool)
            chosen, g.unseen = pool[:3], pool[3:]
        if small:
            g.removed = [EventCard.ALBATROSS] * 3 + list(SMALL_TABLE_OUT)
        plain = [c for c in EVENT_CARDS.elements() if not c.starred and c is not EventCard.ARMADA
                 and not (small and c is EventCard.ALBATROSS)]
        cards = sorted(plain + chosen)
        rng.shuffle(cards)
        g.row = list(cards[:ROW_SLOTS])
        g.deck = cards[ROW_SLOTS:] + [EventCard.ARMADA]
        g.front = [[] for _ in range(players)]
        g.known = [{} for _ in range(players)]
        g.gained = [0] * players
        g.lost = [0] * players
        g.active = g.lines[Loc.FD][0]  # T1.7
        g.actions_left = g.per_turn
        g.kind, g.decider = Kind.TURN, g.active
        g._emit(GameStarted(players, tuple(g.lines[Loc.FD]), tuple(g.lines[Loc.JR]), g.active,
                            tuple(g.removed), g.starred_named or ()))
        for s in range(players):
            g._emit(LoyaltyDealt(s, g.loyalty[s]))
            g._emit(HandDealt(s, tuple(g.hands[s])))
        g._emit(TurnStarted(g.active, g.actions_left))
        g._out = []
        return g

    @property
    def per_turn(self) -> int:
        """Actions per turn: two with 2 players (T8.2), otherwise one (T3.1)."""
        return 2 if self.players == 2 else 1

    # ------------------------------------------------------------------ reading the state
    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def where(self, seat: int) -> Loc:
        """The location of ``seat``'s pawn (T2.1)."""
        for loc in LINES:
            if seat in self.lines[loc]:
                return loc
        for rb in ROWBOATS:
            if self.rowboats[rb] == seat:
                return rb
        raise AssertionError(f"seat {seat} has no pawn on the mat")

    def captain(self, ship: Ship) -> int | None:
        line = self.lines[_loc_of_ship(ship)]
        return line[0] if line else None

    def first_mate(self, ship: Ship) -> int | None:
        line = self.lines[_loc_of_ship(ship)]
        return line[1] if len(line) >= 2 else None

    def cabin_boy(self, ship: Ship) -> int | None:
        line = self.lines[_loc_of_ship(ship)]
        return line[-1] if line else None

    def governor(self) -> int | None:
        line = self.lines[Loc.TORTUGA]
        return line[0] if line else None

    def ship_treasure(self, ship: Ship) -> int:
        return self.holds[(ship, Side.BRITISH)] + self.holds[(ship, Side.FRENCH)]

    def totals(self) -> dict[Side, int]:
        """T7.2: each team's treasure (ship holds of that colour + Tortuga's area)."""
        return {d: self.holds[(Ship.FD, d)] + self.holds[(Ship.JR, d)] + self.tortuga[d] for d in SIDES}

    def face_down(self) -> list[int]:
        """The row slots (1-5) that hold a face-down card."""
        return [i + 1 for i, c in enumerate(self.row) if c is not None]

    def albatrosses(self, ship: Ship) -> int:
        """T6.9: the number of Albatross cards held by the players whose pawns are on ``ship``."""
        return sum(self.front[s].count(EventCard.ALBATROSS) for s in self.lines[_loc_of_ship(ship)])

    # ------------------------------------------------------------------ the decision API
    def pending(self) -> tuple[Decision, ...]:
        """Who must decide what now; empty when the game is over. A vote lists every participant still to choose."""
        if self.outcome is not None or self.kind is None:
            return ()
        if self.kind is Kind.VOTE:
            assert self.vote is not None
            return tuple(Decision(s, Kind.VOTE, vote=self.vote.kind) for s in self.vote.participants
                         if s not in self.vote.chosen and self.hands[s])
        slots = self.pick_slots if self.kind is Kind.PICK else ()
        return (Decision(self.decider, self.kind, slots),)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it has no open decision)."""
        key = (len(self.entries), seat)
        if self._legal_cache is not None and self._legal_cache[0] == key:
            return list(self._legal_cache[1])
        out = self._legal(seat)
        able: frozenset[Action] | None = None
        if self.kind is Kind.TURN:
            # the row's View / Reveal / Force actions (most of a big table's turn) lead the list: their set is built once
            down = tuple(self.face_down())
            row = _row_actions(down, seat, self.players)
            if tuple(out[:len(row)]) == row:
                able = _row_action_set(down, seat, self.players).union(out[len(row):])
        self._legal_cache = (key, out, able if able is not None else frozenset(out))
        return list(out)

    def _legal(self, seat: int) -> list[Action]:
        if not any(d.seat == seat for d in self.pending()):
            return []
        kind = self.kind
        if kind is Kind.TURN:
            return self._turn_actions(seat)
        if kind is Kind.PICK:
            return [Pick(s) for s in self.pick_slots]
        if kind is Kind.VOTE:
            return [Vote(c) for c in sorted(set(self.hands[seat]))]
        if kind is Kind.PLUNDER:
            return self._plunder_options(seat)
        if kind is Kind.MARQUE:
            return [*self._marque_uses(), SaveMarque()]
        if kind in (Kind.PISTOL, Kind.MAP_GIVE, Kind.FACADE):
            return [NameSeat(s) for s in range(self.players) if s != seat]
        if kind is Kind.MAP_PLACE:
            return [PlaceTreasure(s, d) for s in SHIPS for d in SIDES]
        if kind is Kind.POWDER:
            return [Blow(rb) for rb in ROWBOATS]
        if kind is Kind.FEVER:
            return [Reverse(s) for s in SHIPS if len(self.lines[_loc_of_ship(s)]) >= 2]
        if kind is Kind.WINDS:
            return [*(Sail(loc) for loc in self._winds_places(seat)), Stay()]
        if kind is Kind.REPRISAL:
            return [ReturnTreasure(s, d) for s in SHIPS for d in SIDES if self.holds[(s, d)]]
        raise AssertionError(kind)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is among :meth:`legal_actions` of ``seat``."""
        self.legal_actions(seat)
        assert self._legal_cache is not None
        return action in self._legal_cache[2]

    def apply(self, seat: int, action: object) -> list[Event]:
        """Carry out ``action`` for ``seat``; returns the events it caused (unredacted; see :meth:`events_for`).

        Raises :class:`MalformedActionError` (not an action, or no such seat), :class:`NotYourTurnError`
        (the seat has no open decision) or :class:`IllegalActionError` (not allowed now); on any error
        nothing changes."""
        act = check_action(action)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise MalformedActionError(f"no seat {seat!r:.20} in a {self.players}-player game")
        if self.outcome is not None:
            raise NotYourTurnError("the game is over")
        if isinstance(act, Say):
            return [self._say(seat, act)]
        if not any(d.seat == seat for d in self.pending()):
            raise NotYourTurnError(f"seat {seat} has no decision to make now")
        if not self.is_legal(seat, act):
            raise IllegalActionError(f"'{act}' is not legal for seat {seat} now ({self.kind.value if self.kind else ''})")
        self._out = []
        self.entries.append((seat, str(act)))
        self._dispatch(seat, act)
        out, self._out = self._out, []
        return out

    @property
    def decisions(self) -> int:
        """Decisions applied so far: the record's entries without its talk (talk moves no clock)."""
        return len(self.entries) - self.talked

    def _say(self, seat: int, say: Say) -> Event:
        """T9.7: ``seat`` speaks to the table (any moment of a game not over; see :mod:`.talk`)."""
        if say.about is not None and not say.about < self.players:
            raise IllegalActionError(f"no seat {say.about} at this {self.players}-player table")
        if say.kind is not TalkKind.CLAIM and say.about == seat:
            raise IllegalActionError("a player does not speak of itself that way (claim your own loyalty)")
        if say.kind is TalkKind.CLAIM and say.about == seat:
            raise IllegalActionError("a claim answers another seat, not the speaker")
        if say.vote_no is not None:
            self._check_reaction(say)
        spoken = 0
        for e in reversed(self.log):
            if isinstance(e, TurnStarted):
                break
            if isinstance(e, Talked) and e.seat == seat:
                spoken += 1
        if spoken >= TALK_PER_TURN:
            raise IllegalActionError(f"seat {seat} has said {TALK_PER_TURN} things this turn: that is enough")
        self.entries.append((seat, str(say)))
        self.talked += 1
        e = Talked(seat, say)
        self.log.append(e)
        return e

    def _check_reaction(self, say: Say) -> None:
        """A reaction names the vote it speaks of as it was: its number, kind and result (the words are the
        program's, so they must be true)."""
        votes = [e for e in self.log if isinstance(e, VoteRevealed)]
        if say.vote_no is None or not say.vote_no <= len(votes):
            raise IllegalActionError(f"no vote {say.vote_no} has been turned up ({len(votes)} so far)")
        v = votes[say.vote_no - 1]
        if v.kind is VoteKind.BRAWL:
            brit = sum(x.flags for x in v.cards if x.flag == "B")
            fren = sum(x.flags for x in v.cards if x.flag == "F")
            result = "british" if brit > fren else "french" if fren > brit else "tie"
        else:
            result = "succeeded" if v.success else "failed"
        if (say.vote, say.result) != (v.kind, result):
            raise IllegalActionError(f"vote {say.vote_no} was a {v.kind.value} that ended '{result}', "
                                     f"not a {say.vote} that ended '{say.result}'")

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The log from index ``start`` as ``seat`` may see it (None: a spectator): private events are redacted."""
        out = []
        for e in self.log[start:]:
            r = redact(e, seat)
            if r is not None:
                out.append(r)
        return out

    @overload
    def view(self, seat: int) -> PlayerView: ...

    @overload
    def view(self, seat: None) -> PublicView: ...

    def view(self, seat: int | None) -> PlayerView | PublicView:
        """The observation of ``seat`` (T9): see :func:`.views.player_view`; None: the public view
        (:func:`.views.public_view`, T9.1) for a shared screen or a watcher."""
        from .views import player_view, public_view

        return public_view(self) if seat is None else player_view(self, seat)

    def views(self, seats: Sequence[int | None]) -> list[PlayerView | PublicView]:
        """Each of ``seats``' :meth:`view` now, what all of them share built once (a network table
        sends every seat its view after each action)."""
        from .views import views

        return views(self, seats)

    def clone(self) -> Game:
        """A deep copy (its own random source in the same state).

        Written out field by field: a search plays thousands of copies per decision, and
        ``copy.deepcopy`` walked every immutable card, event and action too (a fifth of Hard's time).
        Events, actions, cards and the decision values are immutable and shared; every container is
        copied. A field added to :meth:`__init__` must be added here (the clone test compares every
        attribute with ``copy.deepcopy``'s)."""
        g = Game.__new__(Game)
        g.players = self.players
        g.names = list(self.names)
        g.seed = self.seed
        g.starred_named = self.starred_named
        g.cap = self.cap
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.loyalty = list(self.loyalty)
        g.unused_loyalty = list(self.unused_loyalty)
        g.hands = [list(h) for h in self.hands]
        g.vote_deck = list(self.vote_deck)
        g.lines = {loc: list(line) for loc, line in self.lines.items()}
        g.rowboats = dict(self.rowboats)
        g.destroyed = self.destroyed
        g.galleon = self.galleon
        g.holds = dict(self.holds)
        g.tortuga = dict(self.tortuga)
        g.row = list(self.row)
        g.deck = list(self.deck)
        g.discard = list(self.discard)
        g.front = [list(f) for f in self.front]
        g.removed = list(self.removed)
        g.unseen = list(self.unseen)
        g.known = [dict(k) for k in self.known]
        g.facade_looks = list(self.facade_looks)
        g.active = self.active
        g.actions_left = self.actions_left
        g.actions_taken = self.actions_taken
        g.kind = self.kind
        g.decider = self.decider
        g.pick_slots = self.pick_slots
        if self.vote is None:
            g.vote = None
        else:
            g.vote = VoteState(self.vote.kind, self.vote.caller, self.vote.participants)
            g.vote.chosen = dict(self.vote.chosen)
        g.resolving = self.resolving
        g.refill_slot = self.refill_slot
        g.last_vote = self.last_vote
        g.final_row = self.final_row
        g.sudden_death = self.sudden_death
        g.outcome = self.outcome
        g.gained = list(self.gained)
        g.lost = list(self.lost)
        g.log = list(self.log)
        g.entries = list(self.entries)
        g.talked = self.talked
        g.scenario = copy.deepcopy(self.scenario)
        g._out = list(self._out)
        g._legal_cache = self._legal_cache
        return g

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, as a comparable value (the log and record excluded)."""
        return (
            self.players, tuple(self.names), self.seed, self.starred_named, self.cap, self.rng.getstate(),
            tuple(self.loyalty), tuple(self.unused_loyalty), tuple(tuple(h) for h in self.hands),
            tuple(self.vote_deck), tuple((k, tuple(v)) for k, v in self.lines.items()),
            tuple(self.rowboats.items()), self.destroyed, self.galleon, tuple(self.holds.items()),
            tuple(self.tortuga.items()), tuple(self.row), tuple(self.deck), tuple(self.discard),
            tuple(tuple(f) for f in self.front), tuple(self.removed), tuple(self.unseen),
            tuple(tuple(sorted(k.items())) for k in self.known), tuple(self.facade_looks), self.active,
            self.actions_left, self.actions_taken, self.kind, self.decider, self.pick_slots,
            self.vote.key() if self.vote else None, self.resolving, self.refill_slot, self.last_vote, self.final_row, self.sudden_death,
            self.outcome, tuple(self.gained), tuple(self.lost),
        )

    # ------------------------------------------------------------------ legality helpers
    def _turn_actions(self, seat: int) -> list[Action]:
        out: list[Action] = list(_row_actions(tuple(self.face_down()), seat, self.players))
        out += [Row(to) for to in self._row_moves(seat)]  # T3.6
        if EventCard.MARQUE in self.front[seat]:  # T3.7
            out += self._marque_uses()
        loc = self.where(seat)
        ship = loc.ship
        if ship is not None:
            line = self.lines[loc]
            if line[0] == seat:
                out += [Maroon(s) for s in line[1:]]  # T3.8
                if self.galleon > 0 or self.ship_treasure(ship.other) > 0:  # T3.9, TR10
                    out.append(Attack())
            if len(line) >= 2 and line[1] == seat:
                out.append(Mutiny())  # T3.10
            if line[-1] == seat:
                out += [Shift(d) for d in SIDES if self.holds[(ship, d)] > 0]  # T3.11
        elif loc is Loc.TORTUGA and self.lines[Loc.TORTUGA][0] == seat:
            out.append(Brawl())  # T3.12
        return out

    def _row_moves(self, seat: int) -> list[Loc]:
        loc = self.where(seat)
        free = [rb for rb in ROWBOATS if self.rowboats[rb] is None and self.destroyed != rb]
        if loc.ship is not None:
            rb = loc.ship.rowboat
            return [rb] if rb in free else []
        if loc is Loc.TORTUGA:
            return free
        ship = loc.rowboat_ship
        assert ship is not None
        out = [Loc.TORTUGA]
        if len(self.lines[_loc_of_ship(ship)]) < SHIP_SIZE:
            out.insert(0, _loc_of_ship(ship))
        return out

    def _marque_uses(self) -> list[Action]:
        pawns = sorted(s for s in range(self.players) if self.where(s) not in (Loc.FD, Loc.JR))
        ships = [s for s in SHIPS if len(self.lines[_loc_of_ship(s)]) < SHIP_SIZE]
        return [Marque(p, s) for p in pawns for s in ships]

    def _plunder_options(self, seat: int) -> list[Action]:
        ship = self.where(seat).ship
        assert ship is not None
        if self.galleon > 0:
            return [Plunder(d) for d in SIDES]
        return [Plunder(to, ship.other, src) for src in SIDES if self.holds[(ship.other, src)] for to in SIDES]

    def _winds_places(self, seat: int) -> list[Loc]:
        loc = self.where(seat)
        out = [_loc_of_ship(s) for s in SHIPS if _loc_of_ship(s) != loc
               and len(self.lines[_loc_of_ship(s)]) < SHIP_SIZE]
        if loc is not Loc.TORTUGA:
            out.append(Loc.TORTUGA)
        return out

    # ------------------------------------------------------------------ carrying out
    def _emit(self, e: Event) -> None:
        self.log.append(e)
        self._out.append(e)

    def _dispatch(self, seat: int, a: Action) -> None:
        kind = self.kind
        if kind is Kind.TURN:
            self.actions_taken += 1
            self._turn_action(seat, a)
        elif kind is Kind.PICK:
            assert isinstance(a, Pick)
            self._reveal(a.slot, seat)
        elif kind is Kind.VOTE:
            assert isinstance(a, Vote) and self.vote is not None
            self.hands[seat].remove(a.card)
            self.vote.chosen[seat] = a.card
            self._emit(VotePlayed(seat, a.card))
            if not self.pending():
                self._resolve_vote()
        elif kind is Kind.PLUNDER:
            assert isinstance(a, Plunder)
            ship = self.where(seat).ship
            assert ship is not None
            if a.source is None:
                self.galleon -= 1
            else:
                assert a.source_side is not None
                self.holds[(a.source, a.source_side)] -= 1
            self.holds[(ship, a.to)] += 1
            self._emit(TreasureMoved(place_name(a.source, a.source_side), place_name(ship, a.to), "attack"))
            self._action_done()
        else:
            self._effect_choice(seat, a)

    def _turn_action(self, seat: int, a: Action) -> None:
        if isinstance(a, ViewTwo):  # T3.3
            self._look(seat, (a.a, a.b))
            self._action_done()
        elif isinstance(a, Reveal):  # T3.4
            self._reveal(a.slot, seat)
        elif isinstance(a, Force):  # T3.5
            self._emit(ForceDeclared(seat, a.a, a.b, a.seat))
            self.kind, self.decider, self.pick_slots = Kind.PICK, a.seat, (a.a, a.b)
        elif isinstance(a, Row):  # T3.6
            source = self.where(seat)
            self._take_pawn(seat)
            self._put_pawn(seat, a.to)
            self._emit(PawnMoved(seat, source, a.to, "rowboat"))
            self._action_done()
        elif isinstance(a, Marque):  # T3.7
            self.front[seat].remove(EventCard.MARQUE)
            self.discard.append(EventCard.MARQUE)
            self._emit(CardDiscarded(EventCard.MARQUE))
            self._marque(a)
            self._action_done()
        elif isinstance(a, Maroon):  # T3.8
            self._maroon(a.seat, "captain")
            self._action_done()
        elif isinstance(a, Attack):  # T3.9
            loc = self.where(seat)
            self._start_vote(VoteKind.ATTACK, seat, list(self.lines[loc]))
        elif isinstance(a, Mutiny):  # T3.10
            loc = self.where(seat)
            self._start_vote(VoteKind.MUTINY, seat, self.lines[loc][1:])
        elif isinstance(a, Shift):  # T3.11
            ship = self.where(seat).ship
            assert ship is not None
            self.holds[(ship, a.source)] -= 1
            self.holds[(ship, a.source.other)] += 1
            self._emit(TreasureMoved(place_name(ship, a.source), place_name(ship, a.source.other), "shift"))
            self._action_done()
        elif isinstance(a, Brawl):  # T3.12
            self._start_vote(VoteKind.BRAWL, seat, list(self.lines[Loc.TORTUGA]))
        else:  # pragma: no cover - legal_actions offers nothing else
            raise AssertionError(a)

    def _look(self, seat: int, slots: Iterable[int]) -> None:
        seen = []
        for s in slots:
            card = self.row[s - 1]
            assert card is not None
            self.known[seat][s] = card
            seen.append((s, card))
        self._emit(SlotsViewed(seat, tuple(s for s, _ in seen)))
        self._emit(SlotsSeen(seat, tuple(seen)))

    def _take_pawn(self, seat: int) -> Loc:
        loc = self.where(seat)
        if loc in ROWBOATS:
            self.rowboats[loc] = None
        else:
            self.lines[loc].remove(seat)  # T2.7: those behind move up
        return loc

    def _put_pawn(self, seat: int, to: Loc) -> None:
        if to in ROWBOATS:
            assert self.rowboats[to] is None
            self.rowboats[to] = seat
        else:
            self.lines[to].append(seat)  # T2.6: the back of the line

    def _marque(self, a: Marque) -> None:
        """T6.6(a): not a maroon; no Vote card lost."""
        source = self._take_pawn(a.seat)
        to = _loc_of_ship(a.ship)
        self._put_pawn(a.seat, to)
        self._emit(PawnMoved(a.seat, source, to, "marque"))

    def _maroon(self, seat: int, cause: str) -> None:
        """T5: to the back of Tortuga; from Tortuga itself it also costs a random Vote card (T5.4)."""
        source = self._take_pawn(seat)
        self.lines[Loc.TORTUGA].append(seat)
        self._emit(Marooned(seat, source, cause))
        if source is Loc.TORTUGA:
            self._lose_card(seat)

    def _lose_card(self, seat: int) -> None:
        """T5.4 / T6.18 / TR14: one Vote card at random goes under the vote deck; none is drawn."""
        hand = self.hands[seat]
        if not hand:
            return
        card = hand.pop(self.rng.randrange(len(hand)))
        self.vote_deck.append(card)
        self.lost[seat] += 1
        self._emit(VoteCardLost(seat, card))

    def _draw(self, seat: int, n: int) -> list[VoteCard]:
        got = self.vote_deck[:n]
        del self.vote_deck[:n]
        self.hands[seat].extend(got)
        self.hands[seat].sort()
        return got

    # ------------------------------------------------------------------ votes (T4)
    def _start_vote(self, kind: VoteKind, caller: int, participants: Sequence[int]) -> None:
        self.vote = VoteState(kind, caller, participants)
        self._emit(VoteCalled(kind, caller, tuple(participants)))
        self.kind = Kind.VOTE
        if not self.pending():  # T4.10: nobody holds a card
            self._resolve_vote()

    def _resolve_vote(self) -> None:
        v = self.vote
        assert v is not None
        played = [v.chosen[s] for s in v.participants if s in v.chosen]
        cards = list(played)
        added = bool(self.vote_deck)
        if added:  # T4.4 / TR12
            cards.append(self.vote_deck.pop(0))
        shown = tuple(sorted(cards, key=lambda c: c.sort_key))  # T4.5 / TR25
        if v.kind is VoteKind.ATTACK:  # T4.6
            c = sum(x.top == "C" for x in cards)
            t = sum(x.top == "T" for x in cards)
            w = sum(x.top == "W" for x in cards)
            success = c >= 1 and t - w >= 1
        elif v.kind is VoteKind.MUTINY:  # T4.7
            success = sum(x.bottom == "S" for x in cards) > sum(x.bottom == "H" for x in cards)
        else:  # T4.8
            brit = sum(x.flags for x in cards if x.flag == "B")
            fren = sum(x.flags for x in cards if x.flag == "F")
            success = True
        self._emit(VoteRevealed(v.kind, shown, added, success))
        self.last_vote = (v.kind, v.caller, v.participants, shown, success)
        # T4.9: shuffle under the deck, then each participant who played draws one
        self.rng.shuffle(cards)
        self.vote_deck.extend(cards)
        for s in v.participants:
            if s in v.chosen:
                self._emit(VoteCardsDrawn(s, tuple(self._draw(s, 1))))
        self.vote = None
        # T4.11: the result at once
        if v.kind is VoteKind.ATTACK:
            if success:
                self.kind, self.decider = Kind.PLUNDER, v.caller
                return
        elif v.kind is VoteKind.MUTINY:
            if success:
                ship = self.where(v.caller).ship
                assert ship is not None
                cap = self.captain(ship)
                assert cap is not None
                self._maroon(cap, "mutiny")
        else:
            target = {Side.BRITISH: 2, Side.FRENCH: 0} if brit > fren else \
                {Side.BRITISH: 0, Side.FRENCH: 2} if fren > brit else {Side.BRITISH: 1, Side.FRENCH: 1}
            for d in SIDES:
                while self.tortuga[d] > target[d]:
                    self.tortuga[d] -= 1
                    self.tortuga[d.other] += 1
                    self._emit(TreasureMoved(place_name(None, d), place_name(None, d.other), "brawl"))
        self._action_done()

    # ------------------------------------------------------------------ event cards (T6)
    def _reveal(self, slot: int, revealer: int) -> None:
        card = self.row[slot - 1]
        assert card is not None
        self.row[slot - 1] = None
        for k in self.known:  # T9.5: knowledge ends when the card leaves
            k.pop(slot, None)
        self._emit(CardRevealed(revealer, slot, card))
        if card is EventCard.ARMADA:  # T6.13, T7.1
            self._armada()
            return
        self.resolving = (card, revealer, slot)
        kind = _EFFECT_KINDS.get(card)
        if kind is not None:
            idle = ((card is EventCard.POWDER and self.destroyed is not None)  # T6.11
                    or (card is EventCard.FEVER and not any(len(self.lines[_loc_of_ship(s)]) >= 2 for s in SHIPS))
                    or (card is EventCard.REPRISAL and not any(self.holds.values())))  # T6.19
            if idle:
                self._emit(NoEffect(card))
            else:
                self.kind, self.decider = kind, revealer
                return
        elif card is EventCard.SPOT:  # T6.8
            self._maroon(revealer, "black spot")
        elif card is EventCard.NEST:  # T6.12
            self._look(revealer, self.face_down())
        elif card is EventCard.RUM:  # T6.17
            got = self._draw(revealer, 2)
            self.gained[revealer] += len(got)
            self._emit(VoteCardsDrawn(revealer, tuple(got)))
        elif card is EventCard.SCURVY:  # T6.18
            self._lose_card(revealer)
        # ALBATROSS (T6.9): kept; the check follows
        self._finish_effect()

    def _effect_choice(self, seat: int, a: Action) -> None:
        kind = self.kind
        if kind is Kind.MAP_PLACE:
            assert isinstance(a, PlaceTreasure)
            self.galleon -= 1
            self.holds[(a.ship, a.side)] += 1
            self._emit(TreasureMoved("galleon", place_name(a.ship, a.side), "treasure map"))
            self._after_checks()
            return
        assert self.resolving is not None
        card, revealer, slot = self.resolving
        keep_with: int | None = None
        if isinstance(a, Marque):  # T6.6(a)
            self._marque(a)
        elif isinstance(a, SaveMarque):  # T6.6(b)
            keep_with = seat
        elif kind is Kind.PISTOL:  # T6.7
            assert isinstance(a, NameSeat)
            self._maroon(a.seat, "pistol")
        elif kind is Kind.MAP_GIVE:  # T6.10
            assert isinstance(a, NameSeat)
            keep_with = a.seat
        elif kind is Kind.FACADE:  # T6.14
            assert isinstance(a, NameSeat)
            self.facade_looks.append((seat, a.seat))
            self._emit(LoyaltyLooked(seat, a.seat))
            self._emit(LoyaltySeen(seat, a.seat, self.loyalty[a.seat]))
        elif isinstance(a, Blow):  # T6.11
            self.destroyed = a.rowboat
            self._emit(RowboatDestroyed(a.rowboat))
            rider = self.rowboats[a.rowboat]
            if rider is not None:
                self._maroon(rider, "gunpowder")
        elif isinstance(a, Reverse):  # T6.15
            self.lines[_loc_of_ship(a.ship)].reverse()
            self._emit(LineReversed(a.ship.value))
        elif isinstance(a, Sail):  # T6.16
            source = self._take_pawn(seat)
            self._put_pawn(seat, a.to)
            self._emit(PawnMoved(seat, source, a.to, "fair winds"))
        elif isinstance(a, Stay):
            pass
        elif isinstance(a, ReturnTreasure):  # T6.19
            self.holds[(a.ship, a.side)] -= 1
            self.galleon += 1
            self._emit(TreasureMoved(place_name(a.ship, a.side), "galleon", "spanish reprisal"))
        else:  # pragma: no cover
            raise AssertionError(a)
        self._finish_effect(keep_with)

    def _finish_effect(self, keep_with: int | None = None) -> None:
        """T6.2 / T6.4: place the card, then the checks (Albatross, Treasure Map, sudden-death lead), then refill."""
        assert self.resolving is not None
        card, revealer, slot = self.resolving
        self.resolving, self.refill_slot = None, slot
        if card is EventCard.ALBATROSS:
            keep_with = revealer
        if keep_with is not None:
            self.front[keep_with].append(card)
            self._emit(CardKept(keep_with, card))
        else:
            self.discard.append(card)
            self._emit(CardDiscarded(card))
        self._albatross_check()
        for s in range(self.players):  # T6.10: a pair of Treasure Maps
            if self.front[s].count(EventCard.MAP) >= 2:
                self.front[s].remove(EventCard.MAP)
                self.front[s].remove(EventCard.MAP)
                self.discard += [EventCard.MAP, EventCard.MAP]
                self._emit(CardDiscarded(EventCard.MAP))
                self._emit(CardDiscarded(EventCard.MAP))
                if self.galleon > 0:
                    self.kind, self.decider = Kind.MAP_PLACE, s
                    return
        self._after_checks()

    def _after_checks(self) -> None:
        if self._lead_check():
            return
        slot = self.refill_slot
        assert slot is not None
        self.refill_slot = None
        self._refill(slot)
        if self.outcome is None:
            self._action_done()

    def _albatross_check(self) -> None:
        """T6.9 / T5.5: a ship whose albatross count is 2 or more is emptied, Cabin Boy first."""
        for ship in SHIPS:
            if self.albatrosses(ship) >= 2:
                for s in reversed(list(self.lines[_loc_of_ship(ship)])):
                    self._maroon(s, "albatross")

    def _refill(self, slot: int) -> None:
        """T6.2, T6.3, T7.7."""
        if self.final_row and not self.sudden_death:
            return
        if self.deck:
            self.row[slot - 1] = self.deck.pop(0)
            self._emit(RowRefilled(slot))
            if not self.deck and not self.sudden_death:  # T6.3 / TR19: the Armada was laid
                cards = [c for c in self.row if c is not None]
                self.rng.shuffle(cards)
                self.row = list(cards)
                for k in self.known:
                    k.clear()
                self.final_row = True
                self._emit(FinalRowShuffled())
        if self.sudden_death and not self.deck and not self.face_down():  # T7.7
            self._end((), EndReason.DRAW_NO_CARDS)

    # ------------------------------------------------------------------ turns and the end (T3.1, T7)
    def _action_done(self) -> None:
        self._albatross_check()
        if self._lead_check():
            return
        if self.actions_taken >= self.cap:  # T7.8
            self._end((), EndReason.DRAW_CAP)
            return
        self.actions_left -= 1
        if self.actions_left <= 0:
            self.active = (self.active + 1) % self.players
            self.actions_left = self.per_turn
            self._emit(TurnStarted(self.active, self.actions_left))
        self.kind, self.decider = Kind.TURN, self.active

    def _lead_check(self) -> bool:
        """T7.6: in sudden death, the first unequal totals end the game."""
        if not self.sudden_death or self.outcome is not None:
            return self.outcome is not None
        t = self.totals()
        if t[Side.BRITISH] != t[Side.FRENCH]:
            lead = Side.BRITISH if t[Side.BRITISH] > t[Side.FRENCH] else Side.FRENCH
            self._end(self._team(lead), EndReason.SUDDEN_DEATH)
            return True
        return False

    def _team(self, side: Side) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.loyalty[s].value == side.value)

    def _armada(self) -> None:
        """T7.1-T7.5: the Armada lies face up on the discard pile, or leaves the game in sudden death."""
        self.discard.append(EventCard.ARMADA)
        t = self.totals()
        if t[Side.BRITISH] != t[Side.FRENCH]:
            lead = Side.BRITISH if t[Side.BRITISH] > t[Side.FRENCH] else Side.FRENCH
            self._end(self._team(lead), EndReason.ARMADA)
        elif self.players % 2 == 1:
            self._end(tuple(s for s in range(self.players) if self.loyalty[s] is Loyalty.DUTCH), EndReason.DUTCH_TIE)
        else:
            self._start_sudden_death()

    def _start_sudden_death(self) -> None:
        """T7.5: the Armada leaves; discard + face-down row become the new deck; up to 5 dealt; play resumes."""
        self.discard.remove(EventCard.ARMADA)
        self.unseen.append(EventCard.ARMADA)
        cards = sorted(self.discard + [c for c in self.row if c is not None])
        self.discard = []
        self.rng.shuffle(cards)
        self.row = [None] * ROW_SLOTS
        for k in self.known:
            k.clear()
        for i in range(min(ROW_SLOTS, len(cards))):
            self.row[i] = cards.pop(0)
        self.deck = cards
        self.sudden_death = True
        self.final_row = True
        self.resolving = self.refill_slot = None
        self._emit(SuddenDeath(len(self.face_down())))
        if not self.face_down():  # T7.7
            self._end((), EndReason.DRAW_NO_CARDS)
            return
        self._action_done()

    def _end(self, winners: tuple[int, ...], reason: EndReason) -> None:
        t = self.totals()
        self.outcome = Outcome(winners, reason, t[Side.BRITISH], t[Side.FRENCH])
        self.kind = None
        self.vote = None
        self._emit(GameOver(winners, reason.value, t[Side.BRITISH], t[Side.FRENCH], tuple(self.loyalty)))

    # ------------------------------------------------------------------ records
    def record(self) -> GameRecord:
        """This game's record (settings + every decision) for :func:`replay`."""
        return GameRecord.of(self)


def check_settings(players: object, seed: object, starred: object, names: object, cap: object) -> None:
    """Raise :class:`SetupError` unless these are valid settings (T1, T1.6d, T7.8)."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 9:
        raise SetupError(f"Tortuga 1667 is for 2-9 players, not {players!r:.20}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise SetupError(f"a seed is a whole number 0-{MAX_SEED}, not {seed!r:.30}")
    if not isinstance(cap, int) or isinstance(cap, bool) or not 1 <= cap <= MAX_CAP:
        raise SetupError(f"the action cap is 1-{MAX_CAP}, not {cap!r:.20}")
    if starred is not None:
        pool = [c for c in STARRED if not (players <= 3 and c in SMALL_TABLE_OUT)]
        if (not isinstance(starred, (list, tuple)) or len(starred) != 3 or len(set(starred)) != 3
                or any(c not in pool for c in starred)):
            raise SetupError("name 3 different starred cards from: " + ", ".join(c.value for c in pool))
    if names is not None and (not isinstance(names, (list, tuple)) or len(names) != players
                              or any(not isinstance(n, str) or not n.strip() or len(n) > 24 for n in names)):
        raise SetupError(f"give {players} names of 1-24 characters")

