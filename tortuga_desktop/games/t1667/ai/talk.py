"""Table talk for Tortuga 1667's computer players: what a bot says at the table, as the game's own talk
moves (:class:`~tortuga_desktop.games.t1667.rules.talk.Say`, T9.7).

Talk binds nobody and changes nothing of the state; every seat hears it. A :class:`TableTalk` for one bot
seat reads only that seat's view, its belief (:class:`~.belief.Belief`, or None for a bot that keeps none)
and the events that seat may see (:meth:`TableTalk.hear`), and says, by its level's strategy:

- **answers**: when a seat asks it (a ``Talked`` ask naming it), a claim of its loyalty ``to`` the asker.
  Easy and Random tell the truth. Normal and Hard tell the truth, except to an asker they believe to be an
  enemy (at least :data:`LIE_AT` sure), to whom they claim the asker's own colour; the Dutch seat never
  admits it and claims the colour of the asker it believes in, else of the team behind in treasure (it
  wants a tie). Nobody lies to an asker who has seen its Loyalty card (Facade; with 2 players both know,
  TR26); Hard lies only when no seat has seen its card and it has not told the table otherwise before.
- **unasked lines**, at most one on its own turn (chance :data:`CHATTY_TURN` by level): early in the game
  (its first :data:`CLAIM_ROUNDS` rounds) a claim of its loyalty to the table (the Dutch seat's is a lie,
  but for Easy's); an accusation of the seat it most believes to be an enemy, naming the loyalty it most
  believes that seat has, only when both are at least :data:`ACCUSE_AT` likely; a vouch for a seat at
  least :data:`VOUCH_AT` likely a friend; a report of a row slot it has looked at (the card it saw; Normal
  and Hard lie about the Armada's slot, calling it a card that invites a reveal, when their side leads and
  wants the end — Hard only when no other seat knows that slot, so the lie is never caught; Easy never
  lies); Normal and Hard may ask a seat they are unsure of. Easy knows only what it has seen (a Facade look,
  two players), so it accuses and vouches only then.
- **reactions** to a turned-up vote: a cheer when the result helps the side it presents at the table (its
  loyalty, or the colour it last claimed: talk is public), a groan when it hurts, or a suspicion naming the
  participant it most believes to be an enemy (at least :data:`SUSPECT_AT`). A reaction names the vote's
  number, kind and true result (a Brawl's result is the winning colour or a tie), as the rules require.

Not every seat speaks after every vote, so the table never hears a chorus: after vote *n* only the seats
with ``(seat - n) % k == 0`` may react (``k`` is half the table, rounded up), each with chance
:data:`CHATTY` (Easy: :data:`CHATTY_EASY`), the two in different wordings. A seat says at most
:data:`MAX_OWN` lines a turn besides answers (and never more than the rules' ``TALK_PER_TURN``), and never
the same line word for word again within a round (as many turns as there are players).

Chance comes from one seeded source per seat, so the same game seed gives the same talk.

:class:`Claim` and :class:`Reaction` are the chat lines of the older talk (before talk became moves), kept for
the network table's chat, which still carries them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.cards import EVENT_CARDS, EventCard, Loyalty, Side, VoteKind
from ..rules.events import Event, Talked, TurnStarted, VoteCalled, VoteRevealed
from ..rules.talk import TALK_PER_TURN, Mood, Say, TalkKind
from ..rules.views import PlayerView
from .belief import Belief

#: how sure a bot must be that the asker is an enemy before it lies to it
LIE_AT = 0.7
#: how sure a bot must be that a participant is an enemy before it names it after a bad vote
SUSPECT_AT = 0.62
#: how sure a bot must be of a seat being an enemy, and of the loyalty it names, to accuse it
ACCUSE_AT = 0.8
#: how sure a bot must be that a seat is a friend to vouch for it
VOUCH_AT = 0.8
#: the chance that a seat allowed to speak after a vote says something when the vote concerns its side
CHATTY = 0.7
CHATTY_EASY = 0.35
#: the chance that a bot says something unasked on its own turn, by level
CHATTY_TURN = {"random": 0.15, "easy": 0.2, "normal": 0.4, "hard": 0.4}
#: the rounds in which a bot may claim its loyalty to the table unasked
CLAIM_ROUNDS = 2
#: an unasked line (claim, accusation, vouch, report, question) is not said again word for word for this many rounds
REPEAT_ROUNDS = 3
#: lines a seat says in one turn besides its answers
MAX_OWN = 2
#: wordings per reaction (``variant`` 0 or 1): the two seats that may speak after one vote use different ones
VARIANTS = 2
#: cards a bot that wants the Armada turned up calls its slot (cards a player is glad to reveal)
LURES = (EventCard.MAP, EventCard.MARQUE)

TEAMS = (Loyalty.BRITISH, Loyalty.FRENCH)


@dataclass(frozen=True, slots=True)
class Claim:
    """``speaker`` says "I am ``loyalty``" — to ``asker``, or to the table (None): a line of the network
    table's chat (the local game speaks in :class:`~tortuga_desktop.games.t1667.rules.talk.Say`)."""

    speaker: int
    loyalty: Loyalty
    asker: int | None


@dataclass(frozen=True, slots=True)
class Reaction:
    """``speaker`` reacts to the turned-up ``vote``, the ``vote_no``-th vote of the game (from 1): ``mood``
    is ``cheer``, ``groan`` or ``suspect`` (then ``about`` is the seat it suspects); ``result`` is
    ``succeeded`` or ``failed`` (Attack, Mutiny), ``ours``, ``theirs`` or ``tie`` (Brawl, for the side the
    speaker presents): a line of the network table's chat."""

    speaker: int
    mood: str
    vote: VoteKind
    result: str
    vote_no: int
    about: int | None = None
    variant: int = 0


#: the results a chat :class:`Reaction` may speak of, per kind of vote
RESULTS = {VoteKind.ATTACK: ("succeeded", "failed"), VoteKind.MUTINY: ("succeeded", "failed"),
           VoteKind.BRAWL: ("ours", "theirs", "tie")}


TalkMessage = Claim | Reaction


def _other(lo: Loyalty) -> Loyalty:
    return Loyalty.FRENCH if lo is Loyalty.BRITISH else Loyalty.BRITISH


def brawl_result(e: VoteRevealed) -> str:
    """A turned-up Brawl's result as talk names it: the colour with more flags, or ``tie`` (T4.8)."""
    brit = sum(c.flags for c in e.cards if c.flag == "B")
    fren = sum(c.flags for c in e.cards if c.flag == "F")
    return "british" if brit > fren else "french" if fren > brit else "tie"


def words(say: Say) -> tuple[object, ...]:
    """What makes a line's words (``eventtext.say_text``): a reaction's vote number does not show, and a
    Brawl's winning colour shows as "ours" to a cheer and "theirs" to a groan."""
    if say.kind is not TalkKind.REACT:
        return (say,)
    result = say.result
    if say.vote is VoteKind.BRAWL and result != "tie":
        result = "ours" if say.mood is Mood.CHEER else "theirs"
    return (say.mood, say.about, say.vote, result, say.variant)


class TableTalk:
    """The table talk of the bot at ``seat`` of ``level``; ``seed`` is the game's seed (the talk is a
    function of it and of what the seat sees)."""

    def __init__(self, seat: int, seed: int, level: str = "normal", *, truthful: bool = False) -> None:
        self.seat = seat
        self.level = level
        #: Easy and Random never lie (and talk naively: no belief behind their words, few reactions)
        self.honest = level in ("random", "easy")
        #: it never lies (Easy and Random; another level only when asked, e.g. the arena's ``hard-truthful``):
        #: every claim is its loyalty and every report the card it saw, its other talk as its level's
        self.truthful = truthful or self.honest
        self.rng = random.Random(f"1667 table talk {seed} {seat}")
        #: the colour this bot last claimed (its "face": talk is public), None before any
        self.face: Loyalty | None = None
        self._called: VoteCalled | None = None
        #: votes turned up and turns started so far (this seat sees every one: they are public)
        self._votes = 0
        self._turns = 0
        #: each line it said -> the turn count then: no line twice within a round
        self._said: dict[tuple[object, ...], int] = {}
        #: its own lines heard back since the turn began; lines it said and has not heard back (and when)
        self._spoken = 0
        self._pending: list[tuple[Say, int]] = []
        #: the seats that asked it (and the turn count then), not yet answered
        self._asked: list[tuple[int, int]] = []
        #: the turn in which it last spoke unasked, and the seats that claimed a loyalty to the table
        self._unasked_turn = -1
        self._claimed: set[int] = set()

    # ------------------------------------------------------------------ reading the seat's knowledge
    def _marginal(self, view: PlayerView, belief: Belief | None, seat: int) -> dict[Loyalty, float]:
        known = view.loyalties[seat]
        if known is not None:
            return {lo: 1.0 if lo is known else 0.0 for lo in Loyalty}
        if belief is not None and not self.honest:
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
    def _score(view: PlayerView) -> dict[Side, int]:
        score = {Side.BRITISH: 0, Side.FRENCH: 0}
        for _ship, side, n in view.holds:
            score[side] += n
        for side, n in view.tortuga:
            score[side] += n
        return score

    @classmethod
    def _behind(cls, view: PlayerView) -> Loyalty | None:
        """The team with less treasure in its holds and area (T7.2), None on a tie."""
        score = cls._score(view)
        if score[Side.BRITISH] == score[Side.FRENCH]:
            return None
        return Loyalty.BRITISH if score[Side.BRITISH] < score[Side.FRENCH] else Loyalty.FRENCH

    def _wants_end(self, view: PlayerView) -> bool:
        """Whether its side would win if the game ended now (the Dutch: on a tie, T7.2)."""
        behind = self._behind(view)
        if view.loyalty is Loyalty.DUTCH:
            return behind is None
        return behind is not None and behind is not view.loyalty

    # ------------------------------------------------------------------ answering
    def answer(self, view: PlayerView, belief: Belief | None, asker: int | None) -> Say:
        """Its claim of its loyalty, asked by ``asker`` (None: the table asks)."""
        self._check(view)
        if asker is not None and not 0 <= asker < view.players:
            raise ValueError(f"no seat {asker!r:.10} at this table")
        to = None if asker == self.seat else asker
        claim = self._claim_for(view, belief, to)
        self.face = claim  # talk is public: the whole table heard it
        return Say(TalkKind.CLAIM, about=to, loyalty=claim)

    def _claim_for(self, view: PlayerView, belief: Belief | None, asker: int | None) -> Loyalty:
        mine = view.loyalty
        if self.truthful or view.players == 2:
            return mine  # TR26: with two players both know
        seen_by = {looker for looker, target in view.facade_looks if target == self.seat}
        if asker is not None and asker in seen_by:
            return mine  # it would be caught at once
        if self.level == "hard" and (seen_by or (self.face is not None and self.face is mine)):
            return mine  # Hard lies only where no one can catch it, and keeps the story it told
        if mine is Loyalty.DUTCH:
            return self._dutch_claim(view, belief, asker)
        if asker is not None and self._enemy(view, belief, asker, mine) >= LIE_AT:
            return _other(mine)  # look like one of the asker's own crew
        return mine

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

    # ------------------------------------------------------------------ hearing and speaking
    def _check(self, view: PlayerView) -> None:
        if view.seat != self.seat:
            raise ValueError(f"this talk is seat {self.seat}'s, not seat {view.seat}'s")

    def hear(self, view: PlayerView, belief: Belief | None, events: Sequence[Event]) -> list[Say]:
        """What it says now, having heard ``events`` (this seat's events since the last call): answers to
        the seats that asked it this turn, a reaction to the last vote turned up among them (the moment for
        older ones has passed: a rebuilt seat hears the whole game at once), and on its own turn perhaps
        one line unasked."""
        self._check(view)
        last: tuple[VoteRevealed, VoteCalled | None, int] | None = None
        for e in events:
            if isinstance(e, TurnStarted):
                self._turns += 1
                self._spoken = 0
                self._pending = [(s, t) for s, t in self._pending if self._turns - t < 2]
            elif isinstance(e, VoteCalled):
                self._called = e
            elif isinstance(e, VoteRevealed):
                self._votes += 1
                last = (e, self._called, self._votes)
                self._called = None
            elif isinstance(e, Talked):
                self._heard_talk(e)
        out: list[Say] = []
        for asker, at in self._asked:  # a question of this turn or the last (one move may end a turn)
            if self._turns - at <= 1 and self._room(out, answer=True):
                out.append(self._say(view, self.answer(view, belief, asker)))
        self._asked = []
        if last is not None and self._room(out):
            r = self._react(view, belief, *last)
            if r is not None:
                out.append(self._say(view, r))
        if view.active == self.seat and self._unasked_turn != self._turns and self._room(out):
            self._unasked_turn = self._turns
            line = self._unasked(view, belief)
            if line is not None:
                if line.kind is TalkKind.CLAIM:
                    self.face = line.loyalty
                out.append(self._say(view, line))
        return out

    def _heard_talk(self, e: Talked) -> None:
        say = e.say
        if e.seat == self.seat:
            self._spoken += 1
            for i, (s, _t) in enumerate(self._pending):
                if s == say:
                    del self._pending[i]
                    break
            return
        if say.kind is TalkKind.ASK and say.about == self.seat:
            self._asked = [(s, t) for s, t in self._asked if s != e.seat] + [(e.seat, self._turns)]
        elif say.kind is TalkKind.CLAIM:
            self._claimed.add(e.seat)

    def _room(self, out: list[Say], answer: bool = False) -> bool:
        said = self._spoken + len(self._pending) + len(out)
        return said < (TALK_PER_TURN if answer else min(MAX_OWN, TALK_PER_TURN))

    def _say(self, view: PlayerView, line: Say) -> Say:
        self._said[words(line)] = self._turns
        self._pending.append((line, self._turns))
        return line

    def _fresh(self, view: PlayerView, line: Say, rounds: int = 1) -> bool:
        """Not said word for word within the last ``rounds`` rounds."""
        at = self._said.get(words(line))
        return at is None or self._turns - at >= rounds * view.players

    def _react(self, view: PlayerView, belief: Belief | None, e: VoteRevealed, called: VoteCalled | None,
               vote_no: int) -> Say | None:
        k = (view.players + 1) // 2
        if (self.seat - vote_no) % k != 0:
            return None  # not this seat's turn to speak after this vote
        variant = ((self.seat - vote_no) // k) % VARIANTS
        side = self.face if self.face is not None else view.loyalty
        good: bool | None
        if e.kind is VoteKind.BRAWL:
            result = brawl_result(e)
            if side is Loyalty.DUTCH:
                good = True if result == "tie" else None
            else:
                good = None if result == "tie" else result == side.value
        elif called is None or side is Loyalty.DUTCH:
            return None
        else:
            friendly_caller = called.caller == self.seat or self._enemy(view, belief, called.caller, side) < 0.5
            good = e.success == friendly_caller
            result = "succeeded" if e.success else "failed"
        if good is None or self.rng.random() >= (CHATTY_EASY if self.honest else CHATTY):
            return None
        mood, about = (Mood.CHEER, None) if good else (Mood.GROAN, None)
        voters = [s for s in (called.participants if called is not None else ()) if s != self.seat]
        if not good and voters and side is not Loyalty.DUTCH:
            p, who = max((self._enemy(view, belief, s, side), s) for s in voters)
            if p >= SUSPECT_AT:
                mood, about = Mood.SUSPECT, who
        line = Say(TalkKind.REACT, about=about, mood=mood, vote_no=vote_no, vote=e.kind, result=result,
                   variant=variant)
        return line if self._fresh(view, line) else None  # said word for word within this round: it keeps quiet

    # ------------------------------------------------------------------ unasked
    def _unasked(self, view: PlayerView, belief: Belief | None) -> Say | None:
        if self.rng.random() >= CHATTY_TURN.get(self.level, 0.2):
            return None
        cands: list[Say] = []
        if view.players > 2:
            if self.face is None and self._turns <= CLAIM_ROUNDS * view.players:
                mine = view.loyalty
                claim = mine if self.truthful or mine is not Loyalty.DUTCH else self._dutch_claim(view, belief, None)
                cands.append(Say(TalkKind.CLAIM, loyalty=claim))
            cands += self._judgements(view, belief)
            if not self.honest and belief is not None:
                ask = self._ask(view, belief)
                if ask is not None:
                    cands.append(ask)
        report = self._report(view)
        if report is not None:
            cands.append(report)
        cands = [c for c in cands if self._fresh(view, c, REPEAT_ROUNDS)]
        return self.rng.choice(cands) if cands else None

    def _judgements(self, view: PlayerView, belief: Belief | None) -> list[Say]:
        """An accusation of its likeliest enemy and a vouch for its likeliest friend, when sure enough."""
        side = view.loyalty
        if side is Loyalty.DUTCH:
            return []
        out: list[Say] = []
        others = [s for s in range(view.players) if s != self.seat]
        p, enemy = max((self._enemy(view, belief, s, side), s) for s in others)
        if p >= ACCUSE_AT:
            m = self._marginal(view, belief, enemy)
            lo = max(m, key=lambda x: m[x])
            if m[lo] >= ACCUSE_AT and lo is not side:
                out.append(Say(TalkKind.ACCUSE, about=enemy, loyalty=lo))
        q, friend = max((self._marginal(view, belief, s)[side], s) for s in others)
        if q >= VOUCH_AT:
            out.append(Say(TalkKind.VOUCH, about=friend))
        return out

    def _ask(self, view: PlayerView, belief: Belief) -> Say | None:
        """A question to the seat it is least sure of that has not told the table its loyalty."""
        unsure = [(max(belief.marginal(s).values()), s) for s in range(view.players)
                  if s != self.seat and view.loyalties[s] is None and s not in self._claimed]
        if not unsure:
            return None
        p, who = min(unsure)
        return Say(TalkKind.ASK, about=who) if p < 0.6 else None

    def _report(self, view: PlayerView) -> Say | None:
        """A report of a face-down slot it knows: the truth, or (Normal, Hard) a lure at the Armada's slot
        when its side wants the end; nothing about the Armada otherwise."""
        known = [s for s in view.row if s.face_down and s.card is not None]
        if not known:
            return None
        slot = self.rng.choice(known)
        card = slot.card
        assert card is not None
        if card is not EventCard.ARMADA or self.truthful:
            return Say(TalkKind.REPORT, slot=slot.slot, card=card)
        if not self._wants_end(view):
            return None
        if self.level == "hard" and any(k != self.seat for k in slot.knowers):
            return None  # another seat knows that slot: the lie would be caught
        out = [c for c in LURES if self._unseen(view, c)]
        return Say(TalkKind.REPORT, slot=slot.slot, card=self.rng.choice(out)) if out else None

    @staticmethod
    def _unseen(view: PlayerView, card: EventCard) -> bool:
        """Whether a copy of ``card`` may still lie unseen in the row (not all shown elsewhere)."""
        shown = view.discard.count(card) + view.removed.count(card) + sum(f.count(card) for f in view.front)
        shown += sum(1 for s in view.row if s.card is card)
        return shown < EVENT_CARDS[card]


__all__ = ["ACCUSE_AT", "CHATTY", "LIE_AT", "SUSPECT_AT", "VOUCH_AT", "Claim", "Reaction", "TableTalk",
           "TalkMessage", "brawl_result", "words"]
