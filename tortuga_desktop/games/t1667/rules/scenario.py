"""Build any legal 1667 position from a short spec, with a scripted deck order (tests, tutorials).

The spec is a mapping (JSON-compatible, so a record can carry it) or the same as ``key: value``
lines of text. Everything not given comes from a normal setup with ``seed``; cards not placed
anywhere leave the game unseen. The result is checked like any state; an impossible position
raises :class:`ScenarioError` with a clear message.

>>> g = position('''
... players: 4
... loyalty: B F B F
... fd: 0 1
... jr: 2
... tortuga: 3
... hands: {"0": "CBS TBS WBH", "1": "CFS CFH TFS"}
... row: pistol marque map spot nest
... deck: albatross map armada
... ''')
>>> g.lines[Loc.FD], g.row[0], g.deck[-1], g.active
([0, 1], <EventCard.PISTOL: 'pistol'>, <EventCard.ARMADA: 'armada'>, 0)

Keys (all optional): ``players``, ``seed``, ``names``; ``loyalty`` (letters B F D per seat);
``fd``, ``jr``, ``tortuga`` (seats, place 1 first), ``rb-fd``, ``rb-jr`` (a seat), ``destroyed``
(a rowboat); ``hands`` (seat -> vote card codes, e.g. ``"CBS TFH"``; seats not named get 3 cards), ``vote_deck``
(the top cards of the vote deck, top first; the cards in no hand follow in seeded order); ``row`` (5 card names, ``-`` for an empty slot), ``deck`` (top first), ``discard``,
``front`` (seat -> card names), ``starred`` (the starred cards in play, named openly);
``galleon``, ``holds`` (``"fd british"`` -> n), ``tortuga_treasure`` (British, French);
``active``, ``actions_left``, ``known`` (seat -> slots it has viewed), ``final_row``, ``sudden_death``,
``cap``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from .actions import parse_action
from .cards import (
    EVENT_CARDS,
    HAND_SIZE,
    ROW_SLOTS,
    ROWBOATS,
    SMALL_TABLE_OUT,
    STARRED,
    VOTE_CARDS,
    EventCard,
    Loc,
    Loyalty,
    Ship,
    Side,
    VoteCard,
)
from .errors import RecordError, RulesError, ScenarioError
from .events import TurnStarted
from .game import LINES, Game
from .invariants import check_invariants
from .record import GameRecord
from .state import Kind

_KEYS = {"players", "seed", "names", "loyalty", "fd", "jr", "tortuga", "rb-fd", "rb-jr", "destroyed", "hands",
         "vote_deck", "row", "deck", "discard", "front", "starred", "galleon", "holds", "tortuga_treasure",
         "active", "actions_left", "known", "final_row", "sudden_death", "cap"}
_LETTERS = {"B": Loyalty.BRITISH, "F": Loyalty.FRENCH, "D": Loyalty.DUTCH}


def parse_spec(text: str) -> dict[str, Any]:
    """``key: value`` lines to a spec; a value is read as JSON when it is JSON, else kept as text."""
    out: dict[str, Any] = {}
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise ScenarioError(f"line {n}: expected 'key: value'")
        value = value.strip()
        try:
            out[key.strip()] = json.loads(value)
        except ValueError:
            out[key.strip()] = value
    return out


def _seats(v: Any, where: str, players: int) -> list[int]:
    if isinstance(v, int) and not isinstance(v, bool):
        v = [v]
    if isinstance(v, str):
        try:
            v = [int(x) for x in v.replace(",", " ").split()]
        except ValueError:
            raise ScenarioError(f"{where}: seats are numbers, got {v!r:.30}") from None
    if not isinstance(v, list) or any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < players
                                      for x in v):
        raise ScenarioError(f"{where}: seats 0-{players - 1}, got {v!r:.30}")
    return list(v)


def _words(v: Any, where: str) -> list[str]:
    if isinstance(v, str):
        return v.split()
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    raise ScenarioError(f"{where}: expected words, got {v!r:.30}")


def _events(v: Any, where: str, allow_empty: bool = False) -> list[EventCard | None]:
    out: list[EventCard | None] = []
    for w in _words(v, where):
        if allow_empty and w == "-":
            out.append(None)
            continue
        try:
            out.append(EventCard(w.lower()))
        except ValueError:
            raise ScenarioError(f"{where}: unknown event card {w!r:.20}; use "
                                + " ".join(c.value for c in EventCard)) from None
    return out


def _votes(v: Any, where: str) -> list[VoteCard]:
    try:
        return [VoteCard.parse(w) for w in _words(v, where)]
    except RulesError as exc:
        raise ScenarioError(f"{where}: {exc}") from None


def _per_seat(v: Any, where: str, players: int) -> dict[int, Any]:
    if not isinstance(v, Mapping):
        raise ScenarioError(f"{where}: expected seat -> value")
    out = {}
    for k, x in v.items():
        try:
            s = int(k)
        except (TypeError, ValueError):
            raise ScenarioError(f"{where}: {k!r:.10} is not a seat") from None
        if not 0 <= s < players:
            raise ScenarioError(f"{where}: no seat {s}")
        out[s] = x
    return out


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ScenarioError(f"{where}: a number {lo}-{hi}, got {v!r:.20}")
    return v


def position(spec: Mapping[str, Any] | str) -> Game:
    """A :class:`Game` in the position ``spec`` describes, with the turn of ``active`` open."""
    data = parse_spec(spec) if isinstance(spec, str) else dict(spec)
    unknown = set(data) - _KEYS
    if unknown:
        raise ScenarioError(f"unknown key(s): {', '.join(sorted(unknown))}")
    players = _int(data.get("players", 4), "players", 2, 9)
    seed = _int(data.get("seed", 0), "seed", 0, 2**63 - 1)
    starred = _events(data["starred"], "starred") if "starred" in data else None
    try:
        g = Game.new(players, seed, starred=starred,  # type: ignore[arg-type]
                     names=data.get("names"), cap=data.get("cap", 1000))
    except RulesError as exc:
        raise ScenarioError(str(exc)) from None
    g.scenario = json.loads(json.dumps(data))
    g.log.clear()
    rng = random.Random(seed ^ 0x1667)
    if "loyalty" in data:
        letters = [w for w in str(data["loyalty"]).upper() if not w.isspace()]
        if len(letters) != players or any(x not in _LETTERS for x in letters):
            raise ScenarioError(f"loyalty: {players} letters from B F D")
        g.loyalty = [_LETTERS[x] for x in letters]
        if Counter(g.loyalty) != Counter(g.loyalty) & Counter({Loyalty.BRITISH: 4, Loyalty.FRENCH: 4,
                                                               Loyalty.DUTCH: 1}):
            raise ScenarioError("loyalty: at most 4 British, 4 French, 1 Dutch")
        g.unused_loyalty = list((Counter({Loyalty.BRITISH: 4, Loyalty.FRENCH: 4, Loyalty.DUTCH: 1})
                                 - Counter(g.loyalty)).elements())
    # pawns
    if any(k in data for k in ("fd", "jr", "tortuga", "rb-fd", "rb-jr")):
        for loc in LINES:
            g.lines[loc] = _seats(data.get(loc.value, []), loc.value, players)
        for rb in ROWBOATS:
            v = data.get(rb.value)
            riders = [] if v is None else _seats(v, rb.value, players)
            if len(riders) > 1:
                raise ScenarioError(f"{rb.value}: a rowboat holds at most one pawn")
            g.rowboats[rb] = riders[0] if riders else None
    if "destroyed" in data:
        try:
            g.destroyed = Loc(str(data["destroyed"]))
        except ValueError:
            raise ScenarioError("destroyed: rb-fd or rb-jr") from None
    # vote cards
    if "hands" in data or "vote_deck" in data:
        hands = _per_seat(data.get("hands", {}), "hands", players)
        pool = Counter(VOTE_CARDS)
        given = {s: _votes(v, f"hands {s}") for s, v in hands.items()}
        deck_given = _votes(data["vote_deck"], "vote_deck") if "vote_deck" in data else None
        for cards in [*given.values(), deck_given or []]:
            for c in cards:
                if pool[c] <= 0:
                    raise ScenarioError(f"more {c} cards than the game has")
                pool[c] -= 1
        rest = sorted(pool.elements())
        rng.shuffle(rest)
        for s in range(players):
            if s not in given:
                given[s], rest = sorted(rest[:HAND_SIZE]), rest[HAND_SIZE:]
        deck_given = (deck_given or []) + rest  # the scripted top, then the rest
        g.hands = [sorted(given[s]) for s in range(players)]
        g.vote_deck = deck_given
        g.gained = [max(0, len(h) - HAND_SIZE) for h in g.hands]
        g.lost = [max(0, HAND_SIZE - len(h)) for h in g.hands]
    # event cards
    if any(k in data for k in ("row", "deck", "discard", "front")):
        discard = [c for c in _events(data.get("discard", ""), "discard") if c is not None]
        front = {s: [c for c in _events(v, f"front {s}") if c is not None]
                 for s, v in _per_seat(data.get("front", {}), "front", players).items()}
        if "row" in data or "deck" in data:
            row = _events(data.get("row", "- - - - -"), "row", allow_empty=True)
            deck = [c for c in _events(data.get("deck", ""), "deck") if c is not None]
        else:  # keep the dealt row and deck; take the cards placed elsewhere out of them
            row, deck = list(g.row), list(g.deck)
            spare = list(g.unseen)
            for card in [*discard, *(x for f in front.values() for x in f)]:
                if card in spare:
                    spare.remove(card)
                elif card in deck[:-1]:
                    deck.remove(card)
                elif card in row:
                    row[row.index(card)] = deck.pop(0)
                else:
                    raise ScenarioError(f"more {card.value} cards than the game has")
        if len(row) != ROW_SLOTS:
            raise ScenarioError("row: 5 slots (card names, '-' for empty)")
        g.row, g.deck, g.discard = row, deck, discard
        g.front = [sorted(front.get(s, [])) for s in range(players)]
        placed = Counter(c for c in row if c is not None) + Counter(deck) + Counter(discard) \
            + Counter(c for f in g.front for c in f)
        if placed - EVENT_CARDS:
            raise ScenarioError("more copies of an event card than the game has: "
                                + ", ".join(c.value for c in (placed - EVENT_CARDS)))
        small = players <= 3
        g.removed = [EventCard.ALBATROSS] * 3 + list(SMALL_TABLE_OUT) if small else []
        if small and (placed[EventCard.ALBATROSS] or any(placed[c] for c in SMALL_TABLE_OUT)):
            raise ScenarioError("with 2-3 players Albatross, Facade and Cabin Fever are out of the game (T1.6c)")
        in_play_starred = [c for c in STARRED if placed[c]]
        if len(in_play_starred) > 3:
            raise ScenarioError("at most 3 starred cards are in play (T1.6d)")
        if starred is not None and any(c not in starred for c in in_play_starred):
            raise ScenarioError("a starred card in play that is not among 'starred'")
        g.unseen = list((EVENT_CARDS - placed - Counter(g.removed)).elements())
    if "galleon" in data or "holds" in data or "tortuga_treasure" in data:
        g.galleon = _int(data.get("galleon", g.galleon), "galleon", 0, 8)
        if "holds" in data:
            g.holds = {k: 0 for k in g.holds}
        holds = data.get("holds", {})
        if not isinstance(holds, Mapping):
            raise ScenarioError("holds: 'fd british' -> count")
        for k, n in holds.items():
            parts = str(k).lower().split()
            try:
                key = (Ship(parts[0]), Side(parts[1]))
            except (ValueError, IndexError):
                raise ScenarioError(f"holds: {k!r:.20} is not 'fd british' etc.") from None
            g.holds[key] = _int(n, f"holds {k}", 0, 8)
        tt = data.get("tortuga_treasure", [1, 1])
        if isinstance(tt, str):
            tt = [int(x) for x in tt.split() if x.isdigit()]
        if not isinstance(tt, list) or len(tt) != 2:
            raise ScenarioError("tortuga_treasure: two numbers (British, French)")
        g.tortuga = {Side.BRITISH: _int(tt[0], "tortuga_treasure", 0, 2), Side.FRENCH: _int(tt[1], "tortuga", 0, 2)}
    g.final_row = bool(data.get("final_row", False)) or bool(data.get("sudden_death", False))
    g.sudden_death = bool(data.get("sudden_death", False))
    if g.sudden_death and EventCard.ARMADA not in g.unseen:
        raise ScenarioError("in sudden death the Armada has left the game: leave it out of row and deck")
    g.known = [{} for _ in range(players)]
    for s, slots in _per_seat(data.get("known", {}), "known", players).items():
        for slot in _seats(slots, f"known {s}", ROW_SLOTS + 1):
            seen = g.row[slot - 1] if 1 <= slot <= ROW_SLOTS else None
            if seen is None:
                raise ScenarioError(f"known {s}: slot {slot} is not a face-down card")
            g.known[s][slot] = seen
    default_active = g.lines[Loc.FD][0] if g.lines[Loc.FD] else 0
    g.active = _int(data.get("active", default_active), "active", 0, players - 1)
    g.actions_left = _int(data.get("actions_left", g.per_turn), "actions_left", 1, g.per_turn)
    g.kind, g.decider = Kind.TURN, g.active
    g._emit(TurnStarted(g.active, g.actions_left))
    g._out = []
    g.entries = []
    g._legal_cache = None
    try:
        problems = check_invariants(g)
    except (AssertionError, ValueError, KeyError, IndexError) as exc:
        problems = [f"impossible position ({exc})"]
    if problems:
        raise ScenarioError("not a legal position: " + "; ".join(problems))
    return g


def replay(record: GameRecord) -> Game:
    """Play a record through ``Game.apply``; raises :class:`RecordError` if it does not replay."""
    try:
        if record.scenario is not None:
            g = position(record.scenario)
        else:
            g = Game.new(record.players, record.seed, starred=record.starred, names=record.names, cap=record.cap)
        for i, (seat, text) in enumerate(record.entries):
            try:
                g.apply(seat, parse_action(text))
            except RulesError as exc:
                raise RecordError(f"entry {i + 1} ({text!r:.40}) does not replay: {exc}") from None
    except RecordError:
        raise
    except RulesError as exc:
        raise RecordError(f"record setup: {exc}") from None
    return g
