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
  :data:`SUSPECT_AT`) when it hurts. It speaks after a vote with chance :data:`CHATTY`.

Chance comes from one seeded source per seat, so the same game seed gives the same talk. Messages are
data; their words are made at the edge (``t1667/table/eventtext.talk_text``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.cards import Loyalty, Side, VoteKind
from ..rules.events import Event, VoteCalled, VoteRevealed
from ..rules.views import PlayerView
from .belief import Belief

#: how sure a bot must be that the asker is an enemy before it lies to it
LIE_AT = 0.7
#: how sure a bot must be that a participant is an enemy before it names it after a bad vote
SUSPECT_AT = 0.62
#: the chance that a bot says something after a vote that concerns its side
CHATTY = 0.5

TEAMS = (Loyalty.BRITISH, Loyalty.FRENCH)


@dataclass(frozen=True, slots=True)
class Claim:
    """``speaker`` says "I am ``loyalty``" — to ``asker``, or to the table (None). Chat is public (T9.7)."""

    speaker: int
    loyalty: Loyalty
    asker: int | None


@dataclass(frozen=True, slots=True)
class Reaction:
    """``speaker`` reacts to the turned-up ``vote``: ``mood`` is ``cheer``, ``groan`` or ``suspect`` (then
    ``about`` is the seat it suspects)."""

    speaker: int
    mood: str
    vote: VoteKind
    about: int | None = None


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
        """Reactions to the votes turned up in ``events`` (this seat's events since the last call)."""
        if view.seat != self.seat:
            raise ValueError(f"this talk is seat {self.seat}'s, not seat {view.seat}'s")
        out: list[Reaction] = []
        for e in events:
            if isinstance(e, VoteCalled):
                self._called = e
            elif isinstance(e, VoteRevealed):
                r = self._react(view, belief, e)
                if r is not None:
                    out.append(r)
                self._called = None
        return out

    def _react(self, view: PlayerView, belief: Belief | None, e: VoteRevealed) -> Reaction | None:
        side = self.face if self.face is not None else view.loyalty
        called = self._called
        if e.kind is VoteKind.BRAWL:
            brit = sum(c.flags for c in e.cards if c.flag == "B")
            fren = sum(c.flags for c in e.cards if c.flag == "F")
            if side is Loyalty.DUTCH:
                good: bool | None = True if brit == fren else None
            else:
                mine, theirs = (brit, fren) if side is Loyalty.BRITISH else (fren, brit)
                good = None if mine == theirs else mine > theirs
        elif called is None or side is Loyalty.DUTCH:
            good = None
        else:
            friendly_caller = called.caller == self.seat or self._enemy(view, belief, called.caller, side) < 0.5
            good = e.success == friendly_caller
        if good is None or self.rng.random() >= CHATTY:
            return None
        if good:
            return Reaction(self.seat, "cheer", e.kind)
        voters = [s for s in (called.participants if called is not None else ()) if s != self.seat]
        if voters and side is not Loyalty.DUTCH:
            p, who = max((self._enemy(view, belief, s, side), s) for s in voters)
            if p >= SUSPECT_AT:
                return Reaction(self.seat, "suspect", e.kind, who)
        return Reaction(self.seat, "groan", e.kind)
