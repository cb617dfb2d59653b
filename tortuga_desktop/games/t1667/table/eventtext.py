"""Tortuga 1667's typed events in the player's language: the only place they become words.

The 1667 engine records typed events (:mod:`tortuga_desktop.games.t1667.rules.events`); here each becomes
one sentence through the ``e1667.*`` keys of :mod:`.i18n` (files ``tortuga.<lang>.t1667-words.json``).
Words are made for one seat: :func:`event_text` first redacts the event as that seat may see it
(T9; a private event of another seat becomes its public twin, or no line), so even the raw log
never puts another seat's loyalty, Vote card or viewed Event card into this seat's words.
Pure Python (no pygame), so the table, a log file and tests can all use it.

    event_text(CardRevealed(2, 4, EventCard.PISTOL), names, seat=0)  # "Cleo turns up slot 4: Pistol."
"""

from __future__ import annotations

from collections.abc import Sequence

from tortuga_desktop.games.t1667.ai.talk import RESULTS, VARIANTS, Claim, Reaction, TalkMessage
from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.rules.cards import EventCard, Loc, Loyalty, VoteCard, VoteKind
from tortuga_desktop.games.t1667.rules.talk import Mood, Say, TalkKind
from tortuga_desktop.shell.i18n import tr, trn

__all__ = ["event_text", "event_lines", "say_text", "talk_text", "card_name", "vote_card_text", "loyalty_name", "PLACES", "CAUSES"]

#: Treasure places as events name them (``TreasureMoved.source`` / ``.to``) -> key suffix.
PLACES: dict[str, str] = {
    "galleon": "galleon", "fd british": "fd_british", "fd french": "fd_french", "jr british": "jr_british",
    "jr french": "jr_french", "tortuga british": "tortuga_british", "tortuga french": "tortuga_french",
}
#: Every ``cause`` an event may carry, by event type -> key suffix.
CAUSES: dict[type[ev.Event], dict[str, str]] = {
    ev.Marooned: {"captain": "captain", "mutiny": "mutiny", "black spot": "spot", "pistol": "pistol",
                  "gunpowder": "powder", "albatross": "albatross"},
    ev.PawnMoved: {"rowboat": "rowboat", "marque": "marque", "fair winds": "winds"},
    ev.TreasureMoved: {"attack": "attack", "shift": "shift", "brawl": "brawl", "treasure map": "map",
                       "spanish reprisal": "reprisal"},
}
_LOC_KEY = {Loc.FD: "fd", Loc.JR: "jr", Loc.TORTUGA: "tortuga", Loc.RB_FD: "rb_fd", Loc.RB_JR: "rb_jr"}


def card_name(card: EventCard) -> str:
    """An Event card's name ("Letter of Marque")."""
    return tr(f"e1667.card.{card.value}")


def loyalty_name(loyalty: Loyalty) -> str:
    return tr(f"e1667.loyalty.{loyalty.value}")


def vote_card_text(card: VoteCard) -> str:
    """A Vote card by its three sections ("Cannon / 2 British flags / Helm")."""
    flag = tr(f"e1667.sym.{card.flag.lower() * card.flags}")
    return tr("e1667.vote_card", top=tr(f"e1667.sym.{card.top.lower()}"), flag=flag,
              bottom=tr(f"e1667.sym.{card.bottom.lower()}"))


def _cards(cards: Sequence[VoteCard]) -> str:
    return tr("e1667.list_sep").join(vote_card_text(c) for c in cards)


def _loc(loc: Loc) -> str:
    return tr(f"e1667.loc.{_LOC_KEY[loc]}")


def _place(name: str) -> str:
    if name not in PLACES:
        raise ValueError(f"not a treasure place: {name!r:.30}")
    return tr(f"e1667.place.{PLACES[name]}")


def _cause(e: ev.Marooned | ev.PawnMoved | ev.TreasureMoved) -> str:
    causes = CAUSES[type(e)]
    if e.cause not in causes:
        raise ValueError(f"not a cause of {type(e).__name__}: {e.cause!r:.30}")
    return causes[e.cause]


def _vote(kind: VoteKind) -> str:
    return tr(f"e1667.vote.{kind.value}")


def event_text(e: ev.Event, names: Sequence[str], seat: int | None) -> str:  # noqa: C901 - one branch per type
    """The sentence ``seat`` reads for ``e`` (None: a spectator); "" when ``seat`` may not see it at all.

    A private event of another seat is worded as its public twin (T9). Raises ValueError for an event
    type or value this module has no words for (a test enumerates every event class)."""
    shown = ev.redact(e, seat)
    if shown is None:
        return ""
    e = shown

    def n(s: int) -> str:
        return names[s] if 0 <= s < len(names) else "?"

    def seats(ss: Sequence[int]) -> str:
        return tr("e1667.list_sep").join(n(s) for s in ss) if ss else tr("e1667.nobody")

    def slots(ss: Sequence[int]) -> str:
        return tr("e1667.list_sep").join(str(s) for s in ss)

    sep = tr("e1667.list_sep")
    if isinstance(e, ev.GameStarted):
        parts = [tr("e1667.started", n=e.players, fd=seats(e.fd), jr=seats(e.jr), name=n(e.first))]
        if e.removed:
            parts.append(tr("e1667.started_removed", cards=sep.join(card_name(c) for c in e.removed)))
        parts.append(tr("e1667.started_starred", cards=sep.join(card_name(c) for c in e.starred)) if e.starred
                     else tr("e1667.started_hidden"))
        return " ".join(parts)
    if isinstance(e, ev.LoyaltyDealt):
        return tr("e1667.loyalty_dealt", loyalty=loyalty_name(e.loyalty))
    if isinstance(e, ev.HandDealt):
        return tr("e1667.hand_dealt", cards=_cards(e.cards))
    if isinstance(e, ev.TurnStarted):
        return trn("e1667.turn", e.actions, name=n(e.seat))
    if isinstance(e, ev.SlotsViewed):
        return trn("e1667.slots_viewed", len(e.slots), name=n(e.seat), slots=slots(e.slots))
    if isinstance(e, ev.SlotsSeen):
        seen = sep.join(tr("e1667.slot_card", slot=s, card=card_name(c)) for s, c in e.seen)
        return tr("e1667.slots_seen", seen=seen)
    if isinstance(e, ev.ForceDeclared):
        return tr("e1667.force", name=n(e.seat), a=e.a, b=e.b, target=n(e.target))
    if isinstance(e, ev.CardRevealed):
        return tr("e1667.revealed", name=n(e.revealer), slot=e.slot, card=card_name(e.card))
    if isinstance(e, ev.PawnMoved):
        return tr(f"e1667.moved.{_cause(e)}", name=n(e.seat), source=_loc(e.source), to=_loc(e.to))
    if isinstance(e, ev.Marooned):
        return tr(f"e1667.marooned.{_cause(e)}", name=n(e.seat), source=_loc(e.source))
    if isinstance(e, ev.VoteCardLostPublic):
        return tr("e1667.card_lost", name=n(e.seat))
    if isinstance(e, ev.VoteCardLost):
        return tr("e1667.card_lost_own", card=vote_card_text(e.card))
    if isinstance(e, ev.VoteCalled):
        return tr("e1667.vote_called", name=n(e.caller), vote=_vote(e.kind), voters=seats(e.participants))
    if isinstance(e, ev.VoteChosen):
        return tr("e1667.vote_chosen", name=n(e.seat))
    if isinstance(e, ev.VotePlayed):
        return tr("e1667.vote_played", card=vote_card_text(e.card))
    if isinstance(e, ev.Talked):
        return say_text(e.seat, e.say, names)
    if isinstance(e, ev.VoteRevealed):
        return _vote_revealed(e)
    if isinstance(e, ev.VoteCardsDrawnPublic):
        return trn("e1667.drawn", e.count, name=n(e.seat))
    if isinstance(e, ev.VoteCardsDrawn):
        return tr("e1667.drawn_own", cards=_cards(e.cards)) if e.cards else tr("e1667.drawn_own_none")
    if isinstance(e, ev.TreasureMoved):
        return tr(f"e1667.treasure.{_cause(e)}", source=_place(e.source), to=_place(e.to))
    if isinstance(e, ev.CardKept):
        return tr("e1667.kept", name=n(e.seat), card=card_name(e.card))
    if isinstance(e, ev.CardDiscarded):
        return tr("e1667.discarded", card=card_name(e.card))
    if isinstance(e, ev.NoEffect):
        return tr("e1667.no_effect", card=card_name(e.card))
    if isinstance(e, ev.RowboatDestroyed):
        return tr("e1667.rowboat_destroyed", rowboat=_loc(e.rowboat))
    if isinstance(e, ev.LineReversed):
        return tr("e1667.line_reversed", ship=_loc(Loc(e.ship)))
    if isinstance(e, ev.LoyaltyLooked):
        return tr("e1667.loyalty_looked", name=n(e.seat), target=n(e.target))
    if isinstance(e, ev.LoyaltySeen):
        return tr("e1667.loyalty_seen", target=n(e.target), loyalty=loyalty_name(e.loyalty))
    if isinstance(e, ev.RowRefilled):
        return tr("e1667.refilled", slot=e.slot)
    if isinstance(e, ev.FinalRowShuffled):
        return tr("e1667.final_row")
    if isinstance(e, ev.SuddenDeath):
        return trn("e1667.sudden_death", e.dealt)
    if isinstance(e, ev.GameOver):
        return _game_over(e, names)
    raise ValueError(f"no words for the 1667 event {type(e).__name__}")


def _vote_revealed(e: ev.VoteRevealed) -> str:
    cards = _cards(e.cards) if e.cards else tr("e1667.no_cards")
    head = tr("e1667.vote_revealed_added" if e.added else "e1667.vote_revealed", vote=_vote(e.kind), cards=cards)
    if e.kind is VoteKind.BRAWL:
        brit = sum(c.flags for c in e.cards if c.flag == "B")
        fren = sum(c.flags for c in e.cards if c.flag == "F")
        which = "british" if brit > fren else "french" if fren > brit else "even"
        return head + " " + tr(f"e1667.brawl_result.{which}", british=brit, french=fren)
    return head + " " + tr(f"e1667.result.{e.kind.value}.{'success' if e.success else 'fail'}")


def _game_over(e: ev.GameOver, names: Sequence[str]) -> str:
    sep = tr("e1667.list_sep")
    winners = sep.join(names[s] for s in e.winners if 0 <= s < len(names))
    team = ""
    if e.winners and e.loyalties[e.winners[0]] is not Loyalty.DUTCH:
        team = tr(f"e1667.team.{e.loyalties[e.winners[0]].value}")
    reason = e.reason.replace("-", "_")
    if reason not in ("armada", "dutch_tie", "sudden_death", "draw_no_cards", "draw_cap"):
        raise ValueError(f"not an end reason: {e.reason!r:.30}")
    head = tr(f"e1667.over.{reason}", british=e.british, french=e.french, winners=winners, team=team)
    who = sep.join(tr("e1667.seat_loyalty", name=names[s] if s < len(names) else "?", loyalty=loyalty_name(lo))
                   for s, lo in enumerate(e.loyalties))
    return head + " " + tr("e1667.loyalties", list=who)


def event_lines(events: Sequence[ev.Event], names: Sequence[str], seat: int | None) -> list[str]:
    """The non-empty sentences of ``events`` as ``seat`` may read them, in order."""
    out = []
    for e in events:
        line = event_text(e, names, seat)
        if line:
            out.append(line)
    return out


def say_text(speaker: int, say: Say, names: Sequence[str]) -> str:
    """A line of table talk (:class:`~tortuga_desktop.games.t1667.rules.talk.Say`, T9.7) as the table hears it:
    "Anne: “Bart is French, mark my words.”". A reaction to a brawl speaks of the side that won as the
    speaker's own when it cheers, as the other side when it groans or suspects."""

    def n(s: int | None) -> str:
        return names[s] if s is not None and 0 <= s < len(names) else "?"

    k = say.kind
    if k is TalkKind.CLAIM:
        assert say.loyalty is not None
        said = tr("e1667.talk.claim", loyalty=loyalty_name(say.loyalty))
        if say.about is not None:
            return tr("e1667.talk.says_to", name=n(speaker), asker=n(say.about), said=said)
        return tr("e1667.talk.says", name=n(speaker), said=said)
    if k is TalkKind.ACCUSE:
        assert say.loyalty is not None
        said = tr("e1667.talk.accuse", about=n(say.about), loyalty=loyalty_name(say.loyalty))
    elif k is TalkKind.VOUCH or k is TalkKind.ASK:
        said = tr(f"e1667.talk.{k.value}", about=n(say.about))
    elif k is TalkKind.REPORT:
        assert say.card is not None
        said = tr("e1667.talk.report", slot=say.slot, card=card_name(say.card))
    else:
        said = _reaction_words(say, n(say.about))
    return tr("e1667.talk.says", name=n(speaker), said=said)


def _reaction_words(say: Say, about: str) -> str:
    mood = say.mood
    assert mood is not None
    if say.vote_no is None or say.vote is None or mood not in (Mood.CHEER, Mood.GROAN, Mood.SUSPECT):
        key = f"e1667.talk.react.{mood.value}"
        return tr(key, about=about) if mood is Mood.SUSPECT else tr(key)
    result = say.result or ""
    if say.vote is VoteKind.BRAWL and result != "tie":
        result = "ours" if mood is Mood.CHEER else "theirs"
    key = f"e1667.talk.{mood.value}.{say.vote.value}.{result}.{say.variant}"
    return tr(key, about=about) if mood is Mood.SUSPECT else tr(key)


def talk_text(msg: TalkMessage, names: Sequence[str]) -> str:
    """A computer player's chat line (:mod:`tortuga_desktop.games.t1667.ai.talk`) in the current language."""

    def n(s: int) -> str:
        return names[s] if 0 <= s < len(names) else "?"

    if isinstance(msg, Claim):
        said = tr("e1667.talk.claim", loyalty=loyalty_name(msg.loyalty))
        if msg.asker is None:
            return tr("e1667.talk.says", name=n(msg.speaker), said=said)
        return tr("e1667.talk.says_to", name=n(msg.speaker), asker=n(msg.asker), said=said)
    if isinstance(msg, Reaction):
        if msg.mood not in ("cheer", "groan", "suspect") or (msg.mood == "suspect") != (msg.about is not None):
            raise ValueError(f"not a reaction mood: {msg.mood!r:.20}")
        if msg.result not in RESULTS[msg.vote] or not 0 <= msg.variant < VARIANTS:
            raise ValueError(f"no words for a {msg.vote.value} that {msg.result!r:.20} (wording {msg.variant!r:.5})")
        key = f"e1667.talk.{msg.mood}.{msg.vote.value}.{msg.result}.{msg.variant}"
        said = tr(key, about=n(msg.about)) if msg.about is not None else tr(key)
        return tr("e1667.talk.says", name=n(msg.speaker), said=said)
    raise ValueError(f"no words for the talk message {type(msg).__name__}")
