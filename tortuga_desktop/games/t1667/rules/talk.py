"""Table talk as moves (T9.7): what a player says at the table, as a small validated value with a text form.

Talk is outside the rules' decisions: any seat may speak at any moment of a game that is not over, it binds
nobody, it changes nothing of the state, and every seat hears it (a :class:`~.events.Talked` event, public).
It is kept in the game's record beside the decisions, so replays, saves and the network carry it; it does
not move the game's decision counter. A speaker may lie about its own loyalty, others' loyalties or what it
saw (the talk is the speaker's, as across a cardboard table). What the program words about the game itself
is checked: a reaction naming a vote's result must name the result that vote had.

Kinds (``say KIND …`` in text):

- ``claim LOYALTY [to SEAT]``: "I am British" (to the table, or in answer to ``SEAT``);
- ``accuse SEAT LOYALTY``: "Jack is French";
- ``vouch SEAT``: "I trust Anne";
- ``report SLOT CARD``: "I looked at slot 3: the Armada";
- ``ask SEAT``: "Mary, what are you?";
- ``react MOOD [on SEAT] [vote N KIND RESULT] [v VARIANT]``: a short reaction (:data:`MOODS`); ``on`` names
  the seat a suspicion is about, ``vote`` the turned-up vote it speaks of (the ``N``-th of the game, its kind
  and its result: ``succeeded``/``failed`` for an Attack or Mutiny, ``british``/``french``/``tie`` for a
  Brawl), ``v`` one of the wordings.

>>> s = parse_say(["claim", "british", "to", "2"])
>>> s == Say(TalkKind.CLAIM, about=2, loyalty=Loyalty.BRITISH), str(s)
(True, 'say claim british to 2')
>>> str(Say(TalkKind.REACT, about=3, mood=Mood.SUSPECT, vote_no=4, vote=VoteKind.ATTACK, result="failed"))
'say react suspect on 3 vote 4 attack failed'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from .cards import ROW_SLOTS, EventCard, Loyalty, VoteKind
from .errors import MalformedActionError

_E = TypeVar("_E", bound=StrEnum)

#: the most a seat may say during one turn (a vote's answers included): talk is cheap, not endless
TALK_PER_TURN = 3
#: the highest vote number a reaction may name (far above any game's votes)
MAX_VOTE_NO = 9_999
#: wordings of a reaction (``variant``)
VARIANTS = 2


class TalkKind(StrEnum):
    """What a line of talk does."""

    CLAIM = "claim"
    ACCUSE = "accuse"
    VOUCH = "vouch"
    REPORT = "report"
    ASK = "ask"
    REACT = "react"


class Mood(StrEnum):
    """A short reaction."""

    CHEER = "cheer"
    GROAN = "groan"
    SUSPECT = "suspect"
    AGREE = "agree"
    DOUBT = "doubt"


MOODS = tuple(Mood)
#: the results a reaction may name, per kind of vote
RESULTS: dict[VoteKind, tuple[str, ...]] = {
    VoteKind.ATTACK: ("succeeded", "failed"), VoteKind.MUTINY: ("succeeded", "failed"),
    VoteKind.BRAWL: ("british", "french", "tie"),
}


def _seat(v: object, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 9:
        raise MalformedActionError(f"{what} is a seat 0-8, not {v!r:.20}")
    return v


@dataclass(frozen=True, slots=True)
class Say:
    """One line of table talk; which fields it has depends on ``kind`` (see the module's text)."""

    kind: TalkKind
    #: claim: the seat answered (None: to the table); accuse, vouch, ask: the seat spoken of;
    #: react: the seat a suspicion names
    about: int | None = None
    #: claim: the loyalty claimed; accuse: the loyalty named
    loyalty: Loyalty | None = None
    #: report: the row slot and the card said to lie there
    slot: int | None = None
    card: EventCard | None = None
    #: react: the mood, and (optional) the turned-up vote it speaks of
    mood: Mood | None = None
    vote_no: int | None = None
    vote: VoteKind | None = None
    result: str | None = None
    variant: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.kind, TalkKind):
            raise MalformedActionError(f"a kind of talk is one of {', '.join(TalkKind)}, not {self.kind!r:.20}")
        k = self.kind
        wants_about = {TalkKind.ACCUSE, TalkKind.VOUCH, TalkKind.ASK}
        if k in wants_about:
            _seat(self.about, f"'{k.value}' names a seat: it")
        elif k is TalkKind.CLAIM or k is TalkKind.REACT:
            if self.about is not None:
                _seat(self.about, f"'{k.value}' names a seat: it")
        elif self.about is not None:
            raise MalformedActionError(f"'{k.value}' names no seat")
        if k in (TalkKind.CLAIM, TalkKind.ACCUSE):
            if not isinstance(self.loyalty, Loyalty):
                raise MalformedActionError(f"'{k.value}' names a loyalty (british, french or dutch)")
        elif self.loyalty is not None:
            raise MalformedActionError(f"'{k.value}' names no loyalty")
        if k is TalkKind.REPORT:
            if not isinstance(self.slot, int) or isinstance(self.slot, bool) or not 1 <= self.slot <= ROW_SLOTS:
                raise MalformedActionError(f"a report names a row slot 1-{ROW_SLOTS}, not {self.slot!r:.20}")
            if not isinstance(self.card, EventCard):
                raise MalformedActionError("a report names an event card")
        elif self.slot is not None or self.card is not None:
            raise MalformedActionError(f"'{k.value}' names no slot or card")
        if k is TalkKind.REACT:
            self._check_react()
        elif (self.mood, self.vote_no, self.vote, self.result, self.variant) != (None, None, None, None, 0):
            raise MalformedActionError(f"'{k.value}' has no mood or vote")

    def _check_react(self) -> None:
        if not isinstance(self.mood, Mood):
            raise MalformedActionError(f"a reaction is one of {', '.join(Mood)}, not {self.mood!r:.20}")
        if (self.about is not None) != (self.mood is Mood.SUSPECT):
            raise MalformedActionError("a suspicion names a seat ('on N'); no other reaction does")
        if not isinstance(self.variant, int) or isinstance(self.variant, bool) or not 0 <= self.variant < VARIANTS:
            raise MalformedActionError(f"a reaction's wording is 0-{VARIANTS - 1}, not {self.variant!r:.20}")
        if self.vote_no is None:
            if self.vote is not None or self.result is not None:
                raise MalformedActionError("a reaction names a vote's kind and result only with its number")
            return
        if (not isinstance(self.vote_no, int) or isinstance(self.vote_no, bool)
                or not 1 <= self.vote_no <= MAX_VOTE_NO):
            raise MalformedActionError(f"a vote number is 1-{MAX_VOTE_NO}, not {self.vote_no!r:.20}")
        if not isinstance(self.vote, VoteKind):
            raise MalformedActionError("a reaction to a vote names its kind (attack, mutiny or brawl)")
        if self.result not in RESULTS[self.vote]:
            raise MalformedActionError(f"a {self.vote.value}'s result is one of {', '.join(RESULTS[self.vote])}, "
                                       f"not {self.result!r:.20}")

    def __str__(self) -> str:
        k = self.kind
        if k is TalkKind.CLAIM:
            assert self.loyalty is not None
            return f"say claim {self.loyalty.value}" + (f" to {self.about}" if self.about is not None else "")
        if k is TalkKind.ACCUSE:
            assert self.loyalty is not None
            return f"say accuse {self.about} {self.loyalty.value}"
        if k in (TalkKind.VOUCH, TalkKind.ASK):
            return f"say {k.value} {self.about}"
        if k is TalkKind.REPORT:
            assert self.card is not None
            return f"say report {self.slot} {self.card.value}"
        assert self.mood is not None
        out = f"say react {self.mood.value}"
        if self.about is not None:
            out += f" on {self.about}"
        if self.vote_no is not None:
            assert self.vote is not None
            out += f" vote {self.vote_no} {self.vote.value} {self.result}"
        if self.variant:
            out += f" v {self.variant}"
        return out


def _num(word: str, what: str) -> int:
    if not word.isdigit() or len(word) > 4:
        raise MalformedActionError(f"{what}: expected a number, got {word!r:.20}")
    return int(word)


def _enum_word(cls: type[_E], word: str, what: str) -> _E:
    try:
        return cls(word)
    except ValueError:
        raise MalformedActionError(f"{what}: {word!r:.20} is not one of {', '.join(m.value for m in cls)}") from None


def parse_say(words: list[str]) -> Say:
    """The talk whose text form is ``say`` followed by ``words`` (lower case); :class:`MalformedActionError`."""
    if not words:
        raise MalformedActionError(f"'say' needs a kind of talk ({', '.join(TalkKind)})")
    kind = _enum_word(TalkKind, words[0], "say")
    rest = words[1:]

    def need(n: int) -> None:
        if len(rest) != n:
            raise MalformedActionError(f"'say {kind.value}' takes {n} word(s) after it, got {len(rest)}")

    if kind is TalkKind.CLAIM:
        if len(rest) == 3 and rest[1] == "to":
            return Say(kind, about=_num(rest[2], "to"), loyalty=_enum_word(Loyalty, rest[0], "claim"))
        need(1)
        return Say(kind, loyalty=_enum_word(Loyalty, rest[0], "claim"))
    if kind is TalkKind.ACCUSE:
        need(2)
        return Say(kind, about=_num(rest[0], "accuse"), loyalty=_enum_word(Loyalty, rest[1], "accuse"))
    if kind in (TalkKind.VOUCH, TalkKind.ASK):
        need(1)
        return Say(kind, about=_num(rest[0], kind.value))
    if kind is TalkKind.REPORT:
        need(2)
        return Say(kind, slot=_num(rest[0], "report"), card=_enum_word(EventCard, rest[1], "report"))
    if not rest:
        raise MalformedActionError("'say react' names a mood")
    mood = _enum_word(Mood, rest[0], "react")
    about = vote_no = None
    vote: VoteKind | None = None
    result: str | None = None
    variant = 0
    i = 1
    while i < len(rest):
        word = rest[i]
        if word == "on" and i + 1 < len(rest) and about is None:
            about, i = _num(rest[i + 1], "on"), i + 2
        elif word == "vote" and i + 3 < len(rest) and vote_no is None:
            vote_no = _num(rest[i + 1], "vote")
            vote = _enum_word(VoteKind, rest[i + 2], "vote")
            result, i = rest[i + 3], i + 4
        elif word == "v" and i + 1 < len(rest) and not variant:
            variant, i = _num(rest[i + 1], "v"), i + 2
        else:
            raise MalformedActionError(f"'say react': unexpected {word!r:.20}")
    return Say(kind, about=about, mood=mood, vote_no=vote_no, vote=vote, result=result, variant=variant)


__all__ = ["MOODS", "RESULTS", "TALK_PER_TURN", "VARIANTS", "Mood", "Say", "TalkKind", "parse_say"]
