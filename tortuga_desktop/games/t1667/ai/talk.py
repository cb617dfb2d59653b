"""Table talk for Tortuga 1667's computer players: what a bot says in chat, as typed messages.

Talk is free and outside the rules (T9.7); nothing here changes the game. A :class:`TableTalk` for one
bot seat reads only that seat's view, its belief (:class:`~.belief.Belief`, or None for a bot that
keeps none) and the events that seat may see, and says:

- a :class:`Claim` of its loyalty when asked (:meth:`TableTalk.answer`), true or false by a fixed
  strategy: a British or French bot tells the truth, except to an asker it believes to be an enemy
  (at least :data:`LIE_AT` sure), to whom it claims the asker's own colour to look like a friend; the
  Dutch bot never admits it and claims the colour of the asker it believes in, else of the team behind
  in treasure (it wants a tie). Nobody lies to an asker who has seen its Loyalty card (Facade; with 2
  players both know, TR26) — the lie would be caught.
- a :class:`Reaction` to a turned-up vote (:meth:`TableTalk.react`): a cheer when the result helps the
  side it presents at the table (its loyalty, or the colour it last claimed: chat is public), a groan when it
  hurts, or a suspicion naming the participant it most believes to be an enemy (at least
  :data:`SUSPECT_AT`) when it hurts. A reaction carries the result it speaks of (an attack or mutiny that
  succeeded or failed, a brawl won, lost or tied for that side) and the number of the vote, so its words
  say what happened and the table shows it right after that vote.

Not every seat speaks after every vote, so the table never hears a chorus: after vote *n* only the seats
with ``(seat - n) % k == 0`` may speak (``k`` is half the table, rounded up: at most two seats), each with
chance :data:`CHATTY`, and the two use different wordings (:attr:`Reaction.variant`). A seat never says the
same line word for word again within a round (as many turns as there are players); it keeps quiet instead.

Chance comes from one seeded source per seat, so the same game seed gives the same talk. Messages are
data; their words are made at the edge (``t1667/table/eventtext.talk_text``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.cards import Loyalty, Side, VoteKind
from ..rules.events import Event, TurnStarted, VoteCalled, VoteRevealed
from ..rules.views import PlayerView
from .belief import Belief

#: how sure a bot must be that the asker is an enemy before it lies to it
LIE_AT = 0.7
#: how sure a bot must be that a participant is an enemy before it names it after a bad vote
SUSPECT_AT = 0.62
#: the chance that a seat allowed to speak after a vote says something when the vote concerns its side
CHATTY = 0.7
#: wordings per reaction (``variant`` 0 or 1): the two seats that may speak after one vote use different ones
VARIANTS = 2

TEAMS = (Loyalty.BRITISH, Loyalty.FRENCH)


@dataclass(frozen=True, slots=True)
class Claim:
    """``speaker`` says "I am ``loyalty``" — to ``asker``, or to the table (None). Chat is public (T9.7)."""

    speaker: int
    loyalty: Loyalty
    asker: int | None


@dataclass(frozen=True, slots=True)
class Reaction:
    """``speaker`` reacts to the turned-up ``vote``, the ``vote_no``-th vote of the game (from 1):
    ``mood`` is ``cheer``, ``groan`` or ``suspect`` (then ``about`` is the seat it suspects); ``result`` is
    what the vote did as the line speaks of it: ``succeeded`` or ``failed`` (Attack T4.6, Mutiny T4.7),
    ``ours``, ``theirs`` or ``tie`` (Brawl T4.8, for the side the speaker presents); ``variant`` picks one of
    :data:`VARIANTS` wordings."""

    speaker: int
    mood: str
    vote: VoteKind
    result: str
    vote_no: int
    about: int | None = None
    variant: int = 0


#: the results a reaction may speak of, per kind of vote
RESULTS = {VoteKind.ATTACK: ("succeeded", "failed"), VoteKind.MUTINY: ("succeeded", "failed"),
           VoteKind.BRAWL: ("ours", "theirs", "tie")}


TalkMessage = Claim | Reaction


def _other(lo: Loyalty) -> Loyalty:
    return Loyalty.FRENCH if lo is Loyalty.BRITISH else Loyalty.BRITISH


class TableTalk:
    """The table talk of the bot at ``seat``; ``seed`` is the game's seed (the talk is a function of it and
    of what the seat sees)."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(f"1667 table talk {seed} {seat}")
        #: the colour this bot last claimed to the whole table (its "face"), None before any
        self.face: Loyalty | None = None
        self._called: VoteCalled | None = None
        #: votes turned up and turns started so far (this seat sees every one: they are public)
        self._votes = 0
        self._turns = 0
        #: each line it said (its words' identity) -> the turn count then: no line twice within a round
        self._said: dict[tuple[str, VoteKind, str, int, int | None], int] = {}

    # ------------------------------------------------------------------ reading the seat's knowledge
    def _marginal(self, view: PlayerView, belief: Belief | None, seat: int) -> dict[Loyalty, float]:
        known = view.loyalties[seat]
        if known is not None:
            return {lo: 1.0 if lo is known else 0.0 for lo in Loyalty}
        if belief is not None:
            return belief.marginal(seat)
        total = sum(n for _, n in view.loyalty_mix) - 1  # every unknown card equally likely
        mix = dict(view.loyalty_mix)
        mix[view.loyalty] -= 1
        return {lo: mix.get(lo, 0) / total if total else 0.0 for lo in Loyalty}

    def _enemy(self, view: PlayerView, belief: Belief | None, seat: int, side: Loyalty) -> float:
        """P(``seat`` plays against ``side``'s team), the Dutch counting half."""
        m = self._marginal(view, belief, seat)
        return 1.0 - m[side] - 0.5 * m[Loyalty.DUTCH]

    @staticmethod
    def _behind(view: PlayerView) -> Loyalty | None:
        """The team with less treasure in its holds and area (T7.2), None on a tie."""
        score = {Side.BRITISH: 0, Side.FRENCH: 0}
        for _ship, side, n in view.holds:
            score[side] += n
        for side, n in view.tortuga:
            score[side] += n
        if score[Side.BRITISH] == score[Side.FRENCH]:
            return None
        return Loyalty.BRITISH if score[Side.BRITISH] < score[Side.FRENCH] else Loyalty.FRENCH

    # ------------------------------------------------------------------ speaking
    def answer(self, view: PlayerView, belief: Belief | None, asker: int | None) -> Claim:
        """This bot's claim of its loyalty, asked by ``asker`` (None: the table asks)."""
        if view.seat != self.seat:
            raise ValueError(f"this talk is seat {self.seat}'s, not seat {view.seat}'s")
        if asker is not None and not 0 <= asker < view.players:
            raise ValueError(f"no seat {asker!r:.10} at this table")
        mine = view.loyalty
        seen_by_asker = asker is not None and (view.players == 2 or (asker, self.seat) in view.facade_looks)
        if seen_by_asker or asker == self.seat:
            claim = mine
        elif mine is Loyalty.DUTCH:
            claim = self._dutch_claim(view, belief, asker)
        elif asker is not None and self._enemy(view, belief, asker, mine) >= LIE_AT:
            claim = _other(mine)  # look like one of the asker's own crew
        else:
            claim = mine
        self.face = claim  # chat is public: the whole table heard it
        return Claim(self.seat, claim, asker)

    def _dutch_claim(self, view: PlayerView, belief: Belief | None, asker: int | None) -> Loyalty:
        if asker is not None:
            m = self._marginal(view, belief, asker)
            likely = max(TEAMS, key=lambda lo: m[lo])
            if m[likely] >= 0.5:
                return likely
        if self.face is not None:
            return self.face  # keep a story once told
        behind = self._behind(view)
        return behind if behind is not None else self.rng.choice(TEAMS)

    def react(self, view: PlayerView, belief: Belief | None, events: Sequence[Event]) -> list[Reaction]:
        """Its reaction to the vote turned up in ``events`` (this seat's events since the last call): to the
        last one only, should there be several (a rebuilt seat hears the whole game at once; the moment for
        the older ones has passed)."""
        if view.seat != self.seat:
            raise ValueError(f"this talk is seat {self.seat}'s, not seat {view.seat}'s")
        last: tuple[VoteRevealed, VoteCalled | None, int, int] | None = None
        for e in events:
            if isinstance(e, VoteCalled):
                self._called = e
            elif isinstance(e, TurnStarted):
                self._turns += 1
            elif isinstance(e, VoteRevealed):
                self._votes += 1
                last = (e, self._called, self._votes, self._turns)
                self._called = None
        if last is None:
            return []
        r = self._react(view, belief, *last)
        return [] if r is None else [r]

    def _react(self, view: PlayerView, belief: Belief | None, e: VoteRevealed, called: VoteCalled | None,
               vote_no: int, turns: int) -> Reaction | None:
        k = (view.players + 1) // 2
        if (self.seat - vote_no) % k != 0:
            return None  # not this seat's turn to speak after this vote
        variant = ((self.seat - vote_no) // k) % VARIANTS
        side = self.face if self.face is not None else view.loyalty
        result: str
        if e.kind is VoteKind.BRAWL:
            brit = sum(c.flags for c in e.cards if c.flag == "B")
            fren = sum(c.flags for c in e.cards if c.flag == "F")
            if side is Loyalty.DUTCH:
                good: bool | None = True if brit == fren else None
                result = "tie"
            else:
                mine, theirs = (brit, fren) if side is Loyalty.BRITISH else (fren, brit)
                good = None if mine == theirs else mine > theirs
                result = "ours" if mine > theirs else "theirs"
        elif called is None or side is Loyalty.DUTCH:
            return None
        else:
            friendly_caller = called.caller == self.seat or self._enemy(view, belief, called.caller, side) < 0.5
            good = e.success == friendly_caller
            result = "succeeded" if e.success else "failed"
        if good is None or self.rng.random() >= CHATTY:
            return None
        mood, about = ("cheer", None) if good else ("groan", None)
        voters = [s for s in (called.participants if called is not None else ()) if s != self.seat]
        if not good and voters and side is not Loyalty.DUTCH:
            p, who = max((self._enemy(view, belief, s, side), s) for s in voters)
            if p >= SUSPECT_AT:
                mood, about = "suspect", who
        said = (mood, e.kind, result, variant, about)
        if said in self._said and turns - self._said[said] < view.players:
            return None  # said word for word within this round: it keeps quiet
        self._said[said] = turns
        return Reaction(self.seat, mood, e.kind, result, vote_no, about, variant)
