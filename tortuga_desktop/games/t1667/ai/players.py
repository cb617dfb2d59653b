"""Computer players for Tortuga 1667: Random and Easy.

A player sees only its seat's :class:`~tortuga_desktop.games.t1667.rules.PlayerView` and the legal actions
of its open decision, and returns a :class:`Choice`: the action and a one-line reason. It never
touches the game.

- **Random** picks an action kind uniformly among the legal kinds, then an action of that kind.
- **Easy** plays for its team on what it can see, without deducing anyone's loyalty: it attacks
  when it holds a Cannon or a Torch, brawls when Tortuga's treasure sits on the wrong side and it
  holds its own flag, shifts treasure into its own colour's hold, plunders into its own colour,
  reveals row cards it knows to be good for it and avoids (or forces onto others) those it knows
  to be bad, and votes for its own team. Loyalties it knows (its own, Facade, 2 players) steer who
  it names. A Dutch Easy player plays for a tie.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tortuga_desktop.shell.engine import Reason as BaseReason

from ..rules import (
    Action,
    Attack,
    Blow,
    Brawl,
    EventCard,
    Force,
    Kind,
    Loc,
    Loyalty,
    Marque,
    NameSeat,
    Pick,
    PlaceTreasure,
    PlayerView,
    Plunder,
    ReturnTreasure,
    Reveal,
    Row,
    SaveMarque,
    Shift,
    Side,
    Stay,
    ViewTwo,
    Vote,
    VoteCard,
    VoteKind,
)

#: Cards good for whoever turns them up, and bad for them (T0.7 groups).
GOOD = frozenset({EventCard.MARQUE, EventCard.PISTOL, EventCard.WINDS, EventCard.RUM, EventCard.NEST,
                  EventCard.FACADE})
BAD = frozenset({EventCard.SPOT, EventCard.ALBATROSS, EventCard.SCURVY})


#: English for every reason key (logs, command-line tools); the app words them from the translations
#: ``r1667.<key>`` with ``{name}`` (the seat's name), ``{side}`` (``r1667.side.<value>``),
#: ``{vote}`` (``r1667.vote.<value>``), ``{loyalty}`` (``r1667.loyalty.<value>``), ``{pct}`` and ``{slot}``.
ENGLISH: dict[str, str] = {
    "random": "random choice",
    "vote_any": "no side known: any card",
    "vote_for": "votes for the {vote}",
    "vote_against": "votes against the {vote}",
    "plunder": "treasure into the {side} hold",
    "map_place": "treasure into a {side} hold",
    "reprisal": "takes back a treasure that is not {side}",
    "facade": "looks at {name}'s loyalty",
    "name_enemy": "{name} is known to be on the other side",
    "name_friend": "{name} is known to be on its side",
    "name_random": "nobody known: {name} at random",
    "marque_self": "back aboard a ship",
    "marque_save": "keeps the Letter of Marque for later",
    "blow": "blows up a rowboat",
    "stay": "stays put",
    "sail": "sails away",
    "pick_good": "slot {slot} holds a card it wants",
    "pick_avoid": "slot {slot} holds a card it does not want",
    "pick_random": "nothing known: a slot at random",
    "fever": "reverses a ship's line",
    "attack": "attacks: it holds a Cannon or a Torch",
    "brawl": "brawls: Tortuga's treasure is not all {side}",
    "shift": "shifts treasure into the {side} hold",
    "reveal_good": "reveals slot {slot}: a card that helps",
    "reveal_armada": "its side is ahead: ends the game",
    "force_enemy": "makes {name}, known to be on the other side, choose",
    "force_random": "makes {name} choose",
    "leave_tortuga": "leaves Tortuga for a ship",
    "board": "climbs aboard",
    "play_marque": "plays its Letter of Marque to board a ship",
    "view": "looks at two cards it does not know",
    "reveal": "reveals slot {slot}",
    # Normal and Hard (bots.py): what they believe, and how sure they are
    "maroon": "maroons {name}, who is on the other side",
    "maroon_likely": "maroons {name}, likely {loyalty} ({pct} %)",
    "mutiny": "mutinies against Captain {name}, who is on the other side",
    "mutiny_likely": "mutinies against Captain {name}, likely {loyalty} ({pct} %)",
    "name_enemy_likely": "{name} is likely {loyalty} ({pct} %): on the other side",
    "name_friend_likely": "{name} is likely {loyalty} ({pct} %): on its side",
    "force_enemy_likely": "makes {name}, likely {loyalty} ({pct} %), choose",
    "search": "played out best in {worlds} sampled games",
}
SIDE_WORDS = {"british": "British", "french": "French"}
LOYALTY_WORDS = {"british": "British", "french": "French", "dutch": "Dutch"}
VOTE_WORDS = {"attack": "Attack", "mutiny": "Mutiny", "brawl": "Brawl"}


@dataclass(frozen=True)
class Reason(BaseReason):
    """Why a computer player chose its action (the shell's :class:`~tortuga_desktop.shell.engine.Reason`):
    a key of :data:`ENGLISH` and game values (``seat``, ``side``, ``vote``, ``slot``), put into words at
    the edge."""

    def english(self, names: Sequence[str]) -> str:
        """A plain English line (logs and command-line tools)."""
        p: dict[str, int | str] = dict(self.params)
        if "seat" in p:
            p["name"] = names[int(p["seat"])]
        if "side" in p:
            p["side"] = SIDE_WORDS[str(p["side"])]
        if "vote" in p:
            p["vote"] = VOTE_WORDS[str(p["vote"])]
        if "loyalty" in p:
            p["loyalty"] = LOYALTY_WORDS[str(p["loyalty"])]
        return ENGLISH[self.key].format(**p)


def _r(key: str, **params: int | str) -> Reason:
    return Reason(key, tuple(sorted(params.items())))


@dataclass(frozen=True, slots=True)
class Choice:
    """A computer player's decision and why."""

    action: Action
    reason: Reason


Player = Callable[[PlayerView, Sequence[Action], random.Random], Choice]


def random_player(view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Choice:
    """Any legal action, kinds first (so rare kinds are played as often as common ones)."""
    if not legal:
        raise ValueError("no legal action to choose from")
    kinds: dict[type, list[Action]] = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    group = kinds[list(kinds)[rng.randrange(len(kinds))]]
    return Choice(group[rng.randrange(len(group))], _r("random"))


def _side(view: PlayerView) -> Side | None:
    """The colour this seat plays for; None for the Dutch (who wants a tie)."""
    return None if view.loyalty is Loyalty.DUTCH else Side(view.loyalty.value)


def _wanted(view: PlayerView) -> Side:
    """Where this seat wants the next treasure: its own colour, or (Dutch) the colour behind."""
    side = _side(view)
    if side is not None:
        return side
    t = view.totals()
    return Side.BRITISH if t[Side.BRITISH] <= t[Side.FRENCH] else Side.FRENCH


def _friend(view: PlayerView, seat: int) -> bool | None:
    """Whether ``seat`` is known to be on this seat's team (None: unknown)."""
    if seat == view.seat:
        return True
    known = view.loyalties[seat]
    if known is None:
        return None
    return known is view.loyalty and view.loyalty is not Loyalty.DUTCH


def _pick_seat(view: PlayerView, options: Sequence[int], rng: random.Random, *, enemy: bool) -> tuple[int, bool]:
    """A seat known to be an enemy (or a friend), else an unknown one at random; and whether it was known."""
    want = not enemy
    known = [s for s in options if _friend(view, s) is want]
    if known:
        s = known[rng.randrange(len(known))]
        return s, True
    unknown = [s for s in options if _friend(view, s) is None] or list(options)
    s = unknown[rng.randrange(len(unknown))]
    return s, False


def _vote_card(view: PlayerView, legal: Sequence[Action], kind: VoteKind, support: bool | None,
               rng: random.Random) -> Choice:
    cards = [a.card for a in legal if isinstance(a, Vote)]

    def score(c: VoteCard) -> int:
        if kind is VoteKind.ATTACK:
            return {"C": 2, "T": 1, "W": -2}[c.top]
        if kind is VoteKind.MUTINY:
            return 1 if c.bottom == "S" else -1
        side = _wanted(view)
        return c.flags * (1 if c.flag == side.value[0].upper() else -1)

    if support is None:
        c = cards[rng.randrange(len(cards))]
        return Choice(Vote(c), _r("vote_any"))
    ranked = sorted(cards, key=score, reverse=support)
    return Choice(Vote(ranked[0]), _r("vote_for" if support else "vote_against", vote=kind.value))


def easy_player(view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Choice:
    """Plays for its team on what it can see (no deduction)."""
    if not legal:
        raise ValueError("no legal action to choose from")
    d = view.my_decision
    kind = d.kind if d is not None else Kind.TURN
    want = _wanted(view)
    if kind is Kind.VOTE:
        assert view.vote is not None
        v = view.vote
        if v.kind is VoteKind.BRAWL:
            return _vote_card(view, legal, v.kind, True, rng)
        if v.kind is VoteKind.ATTACK:
            return _vote_card(view, legal, v.kind, _friend(view, v.caller), rng)
        ship = view.fd if view.where(v.caller) is Loc.FD else view.jr
        captain_friend = _friend(view, ship[0])
        return _vote_card(view, legal, v.kind, None if captain_friend is None else not captain_friend, rng)
    if kind is Kind.PLUNDER:
        plunders = [a for a in legal if isinstance(a, Plunder) and a.to is want]
        best = sorted(plunders, key=lambda a: a.source_side is want)  # take from the other colour first
        return Choice(best[0], _r("plunder", side=want.value))
    if kind is Kind.MAP_PLACE:
        places = [a for a in legal if isinstance(a, PlaceTreasure) and a.side is want]
        return Choice(places[rng.randrange(len(places))], _r("map_place", side=want.value))
    if kind is Kind.REPRISAL:
        returns = sorted((a for a in legal if isinstance(a, ReturnTreasure)), key=lambda a: a.side is want)
        return Choice(returns[0], _r("reprisal", side=want.value))
    if kind in (Kind.PISTOL, Kind.MAP_GIVE, Kind.FACADE):
        seats = [a.seat for a in legal if isinstance(a, NameSeat)]
        if kind is Kind.FACADE:
            unknown = [s for s in seats if view.loyalties[s] is None] or seats
            s = unknown[rng.randrange(len(unknown))]
            return Choice(NameSeat(s), _r("facade", seat=s))
        enemy = kind is Kind.PISTOL
        s, is_known = _pick_seat(view, seats, rng, enemy=enemy)
        return Choice(NameSeat(s), _r(("name_enemy" if enemy else "name_friend") if is_known else "name_random", seat=s))
    if kind is Kind.MARQUE:
        mine = [a for a in legal if isinstance(a, Marque) and a.seat == view.seat]
        if mine:
            return Choice(mine[0], _r("marque_self"))
        return Choice(SaveMarque(), _r("marque_save"))
    if kind is Kind.POWDER:
        enemies = [a for a in legal if isinstance(a, Blow)
                   and dict(view.rowboats)[a.rowboat] is not None
                   and _friend(view, dict(view.rowboats)[a.rowboat] or 0) is False]
        blows = enemies or [a for a in legal if isinstance(a, Blow)]
        return Choice(blows[rng.randrange(len(blows))], _r("blow"))
    if kind is Kind.WINDS:
        return Choice(Stay(), _r("stay")) if Stay() in legal else Choice(legal[0], _r("sail"))
    if kind is Kind.PICK:
        slots = [a.slot for a in legal if isinstance(a, Pick)]
        seen = {s: view.row[s - 1].card for s in slots}
        good = [s for s in slots if seen[s] in GOOD]
        bad = [s for s in slots if seen[s] in BAD]
        if good:
            return Choice(Pick(good[0]), _r("pick_good", slot=good[0]))
        if bad and len(bad) < len(slots):
            s = next(x for x in slots if x not in bad)
            return Choice(Pick(s), _r("pick_avoid", slot=bad[0]))
        s = slots[rng.randrange(len(slots))]
        return Choice(Pick(s), _r("pick_random"))
    if kind is not Kind.TURN:  # Cabin Fever: any ship of two or more
        return Choice(legal[rng.randrange(len(legal))], _r("fever"))
    return _easy_turn(view, legal, rng, want)


def turn_able(legal: Sequence[Action]) -> frozenset[Action]:
    """The legal turn actions but the row's View two, Reveal and Force, as a set to ask membership of: a
    9-seat turn has ~200 legal actions, nearly all Force's, and hashing them all at every step of every
    playout of a search cost more than the few questions asked of them (ask those of the list)."""
    return frozenset(a for a in legal if type(a) not in _ROW_KINDS)


_ROW_KINDS = frozenset({ViewTwo, Reveal, Force})


def _easy_turn(view: PlayerView, legal: Sequence[Action], rng: random.Random, want: Side) -> Choice:
    me = view.seat
    hand = view.hand
    able = turn_able(legal)
    if Attack() in able and any(c.top in "CT" for c in hand):
        return Choice(Attack(), _r("attack"))
    tortuga = dict(view.tortuga)
    if Brawl() in able and tortuga[want] < 2 and any(c.flag == want.value[0].upper() for c in hand):
        return Choice(Brawl(), _r("brawl", side=want.value))
    shift = Shift(want.other)
    if shift in able:
        return Choice(shift, _r("shift", side=want.value))
    known = {sv.slot: sv.card for sv in view.row if sv.face_down and sv.card is not None}
    good = [s for s, c in known.items() if c in GOOD]
    if good:
        return Choice(Reveal(good[0]), _r("reveal_good", slot=good[0]))
    ahead = view.totals()[want] > view.totals()[want.other]
    armada = [s for s, c in known.items() if c is EventCard.ARMADA]
    if armada and ahead and view.loyalty is not Loyalty.DUTCH:
        return Choice(Reveal(armada[0]), _r("reveal_armada"))
    bad = [s for s, c in known.items() if c in BAD or (c is EventCard.ARMADA and not ahead)]
    down = [sv.slot for sv in view.row if sv.face_down]
    if bad:
        others = [s for s in down if s != bad[0]]
        if others:
            targets = [s for s in range(view.players) if s != me]
            seat, known_enemy = _pick_seat(view, targets, rng, enemy=True)
            force = Force(bad[0], others[0], seat)
            if force in legal:
                return Choice(force, _r("force_enemy" if known_enemy else "force_random", seat=seat))
    where = view.where(me)
    if where is Loc.TORTUGA and view.tortuga_line[0] != me:
        rows = [a for a in legal if isinstance(a, Row)]
        if rows and rng.random() < 0.5:
            return Choice(rows[rng.randrange(len(rows))], _r("leave_tortuga"))
    if where in (Loc.RB_FD, Loc.RB_JR):
        ships = [a for a in legal if isinstance(a, Row) and a.to in (Loc.FD, Loc.JR)]
        if ships:
            return Choice(ships[0], _r("board"))
    marque = [a for a in legal if isinstance(a, Marque) and a.seat == me]
    if marque:
        return Choice(marque[0], _r("play_marque"))
    unknown = [s for s in down if s not in known]
    if len(unknown) >= 2 and ViewTwo(unknown[0], unknown[1]) in legal and rng.random() < 0.6:
        a, b = rng.sample(unknown, 2)
        return Choice(ViewTwo(min(a, b), max(a, b)), _r("view"))
    safe = [s for s in down if s not in bad]
    if safe:
        s = safe[rng.randrange(len(safe))]
        return Choice(Reveal(s), _r("reveal", slot=s))
    return random_player(view, legal, rng)


PLAYERS: dict[str, Player] = {"random": random_player, "easy": easy_player}


def play_game(game: object, players: Sequence[Player], rng: random.Random) -> None:
    """Play ``game`` (a 1667 :class:`~tortuga_desktop.games.t1667.rules.Game`) to its end with one player per
    seat; each sees only its view and its legal actions. Votes are answered in a random order."""
    from ..rules import Game

    assert isinstance(game, Game)
    while not game.is_over:
        pending = game.pending()
        seat = pending[rng.randrange(len(pending))].seat
        choice = players[seat](game.view(seat), game.legal_actions(seat), rng)
        game.apply(seat, choice.action)
