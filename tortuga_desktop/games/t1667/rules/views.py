"""What one seat may know (T9), built by allow-list from the game: :class:`PlayerView`.

Nothing is copied from the state unless a rule of T9 allows it for that seat: its own Loyalty
card (and the one it saw with Facade; with 2 players the other's, TR26; all at the end), its own
Vote cards, the row slots it has viewed (T9.5), and everything public (T9.1). :class:`PublicView`
(:func:`public_view`, ``Game.view(None)``) is the public part alone, for a shared screen or a watcher.

>>> from .game import Game
>>> g = Game.new(players=5, seed=2)
>>> v = g.view(0)
>>> v.loyalty == g.loyalty[0], v.hand == tuple(g.hands[0]), sum(x is not None for x in v.loyalties)
(True, True, 1)
>>> p = g.view(None)
>>> p.seat is None, set(p.loyalties), [s.card for s in p.row if s.card is not None]
(True, {None}, [])
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import ROWBOATS, EventCard, Loc, Loyalty, Ship, Side, VoteCard, VoteKind, loyalty_mix
from .state import Decision, Kind, Outcome

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class SlotView:
    """One row slot (1-5): face down or empty, the card if this seat knows it, and who knows it (public, T9.5)."""

    slot: int
    face_down: bool
    card: EventCard | None
    knowers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class VoteView:
    """A vote in progress (T9.4): who takes part, who has chosen, and this seat's own card if it has played."""

    kind: VoteKind
    caller: int
    participants: tuple[int, ...]
    chosen: tuple[int, ...]
    my_card: VoteCard | None


@dataclass(frozen=True, slots=True)
class VoteResult:
    """The last vote turned up: its cards in canonical order (TR25) and whether it succeeded."""

    kind: VoteKind
    caller: int
    participants: tuple[int, ...]
    cards: tuple[VoteCard, ...]
    success: bool


@dataclass(frozen=True, slots=True)
class TableView:
    """What everyone at the table may see (T9.1), plus the hidden facts a viewer may know in the fields
    marked so. Built only as a :class:`PlayerView` (one seat) or a :class:`PublicView` (nobody's secrets)."""

    players: int
    names: tuple[str, ...]
    #: per seat: the Loyalty card this viewer knows (a seat: its own, Facade, 2 players; everyone: the end)
    loyalties: tuple[Loyalty | None, ...]
    hand_sizes: tuple[int, ...]
    fd: tuple[int, ...]
    jr: tuple[int, ...]
    tortuga_line: tuple[int, ...]
    rowboats: tuple[tuple[Loc, int | None], ...]
    destroyed: Loc | None
    galleon: int
    holds: tuple[tuple[Ship, Side, int], ...]
    tortuga: tuple[tuple[Side, int], ...]
    front: tuple[tuple[EventCard, ...], ...]
    discard: tuple[EventCard, ...]
    #: the row; a slot's card only when this viewer has viewed it (T9.5)
    row: tuple[SlotView, ...]
    deck_size: int
    vote_deck_size: int
    #: the Armada is the bottom deck card (until the final row, T9.1)
    armada_at_bottom: bool
    final_row: bool
    sudden_death: bool
    removed: tuple[EventCard, ...]
    #: the 3 starred cards when named at setup; None when drawn hidden (T9.6)
    starred_named: tuple[EventCard, ...] | None
    loyalty_mix: tuple[tuple[Loyalty, int], ...]
    facade_looks: tuple[tuple[int, int], ...]
    active: int
    actions_left: int
    actions_taken: int
    pending: tuple[Decision, ...]
    #: the card being resolved and its revealer (public, T6.1)
    resolving: tuple[EventCard, int] | None
    #: the vote in progress; its ``my_card`` only in the voter's own view (T9.4)
    vote: VoteView | None
    last_vote: VoteResult | None
    outcome: Outcome | None

    def where(self, seat: int) -> Loc:
        """Where ``seat``'s pawn stands (public, T9.1)."""
        for loc, line in ((Loc.FD, self.fd), (Loc.JR, self.jr), (Loc.TORTUGA, self.tortuga_line)):
            if seat in line:
                return loc
        for rb, who in self.rowboats:
            if who == seat:
                return rb
        raise ValueError(f"no pawn for seat {seat}")

    def hold(self, ship: Ship, side: Side) -> int:
        return next(n for s, d, n in self.holds if s is ship and d is side)

    def totals(self) -> dict[Side, int]:
        """T7.2 from public information."""
        out = {d: n for d, n in self.tortuga}
        for _ship, d, n in self.holds:
            out[d] += n
        return out


@dataclass(frozen=True, slots=True)
class PlayerView(TableView):
    """The observation of one seat (T9). Frozen; equal views mean the seat cannot tell the states apart."""

    seat: int
    #: this seat's Loyalty card
    loyalty: Loyalty
    hand: tuple[VoteCard, ...]

    @property
    def my_decision(self) -> Decision | None:
        """This seat's open decision, if any."""
        return next((d for d in self.pending if d.seat == self.seat), None)


@dataclass(frozen=True, slots=True)
class PublicView(TableView):
    """What a shared screen or a watcher may see (T9.1): no hand, no Loyalty card but those shown to all
    (both with 2 players, TR26; all at the end, T7.9), no viewed slot's card (T9.5), no Facade or Crow's
    Nest knowledge, no vote card before the turn-up (T9.4). It has no seat."""

    @property
    def seat(self) -> None:
        """No seat: the public."""
        return None


def _table_fields(g: Game) -> dict[str, object]:
    """Every field of :class:`TableView` that is the same for every viewer (T9.1), by allow-list."""
    return dict(
        players=g.players,
        names=tuple(g.names),
        hand_sizes=tuple(len(h) for h in g.hands),
        fd=tuple(g.lines[Loc.FD]),
        jr=tuple(g.lines[Loc.JR]),
        tortuga_line=tuple(g.lines[Loc.TORTUGA]),
        rowboats=tuple((rb, g.rowboats[rb]) for rb in ROWBOATS),
        destroyed=g.destroyed,
        galleon=g.galleon,
        holds=tuple((s, d, n) for (s, d), n in g.holds.items()),
        tortuga=tuple(g.tortuga.items()),
        front=tuple(tuple(sorted(f)) for f in g.front),
        discard=tuple(g.discard),
        deck_size=len(g.deck),
        vote_deck_size=len(g.vote_deck),
        armada_at_bottom=not g.final_row and not g.sudden_death,
        final_row=g.final_row,
        sudden_death=g.sudden_death,
        removed=tuple(g.removed),
        starred_named=g.starred_named,
        loyalty_mix=_mix(g.players),
        facade_looks=tuple(g.facade_looks),
        active=g.active,
        actions_left=g.actions_left,
        actions_taken=g.actions_taken,
        pending=g.pending(),
        resolving=(g.resolving[0], g.resolving[1]) if g.resolving is not None else None,
        last_vote=VoteResult(*g.last_vote) if g.last_vote is not None else None,
        outcome=g.outcome,
    )


def _row(g: Game, seat: int | None) -> tuple[SlotView, ...]:
    """The row as ``seat`` knows it (T9.5): who viewed each slot is public, the card only to its knowers."""
    knowers: dict[int, list[int]] = {}
    for s, seen in enumerate(g.known):  # seats in order, so each slot's knowers are in seat order
        for slot in seen:
            knowers.setdefault(slot, []).append(s)
    mine = g.known[seat] if seat is not None else {}
    return tuple(SlotView(i + 1, card is not None, mine.get(i + 1), tuple(knowers.get(i + 1, ())))
                 for i, card in enumerate(g.row))


@functools.cache
def _mix(players: int) -> tuple[tuple[Loyalty, int], ...]:
    """The view's ``loyalty_mix`` for ``players`` (the same at every step of every game of that size)."""
    return tuple(sorted(loyalty_mix(players).items()))


def _vote(g: Game, seat: int | None) -> VoteView | None:
    """The vote in progress (T9.4): who has chosen; the card only to the one who chose it."""
    if g.vote is None or g.kind is not Kind.VOTE:
        return None
    v = g.vote
    return VoteView(v.kind, v.caller, v.participants, tuple(s for s in v.participants if s in v.chosen),
                    v.chosen.get(seat) if seat is not None else None)


def public_view(g: Game, table: dict[str, object] | None = None) -> PublicView:
    """What everyone may see of ``g`` (T9.1), by allow-list: for a shared screen or a watcher.
    ``table``: :func:`_table_fields` of ``g`` as it is now, when already built (see :func:`views`)."""
    shown = g.players == 2 or g.outcome is not None  # TR26, T7.9
    loyalties = tuple(g.loyalty) if shown else (None,) * g.players
    return PublicView(loyalties=loyalties, row=_row(g, None), vote=_vote(g, None),
                      **(table if table is not None else _table_fields(g)))  # type: ignore[arg-type]


def views(g: Game, seats: Sequence[int | None]) -> list[PlayerView | PublicView]:
    """Each of ``seats``' views of ``g`` as it is now (None: the public view), as :func:`player_view`
    and :func:`public_view` build them; what is the same for every viewer is built once."""
    table = _table_fields(g)
    return [public_view(g, table) if seat is None else player_view(g, seat, table) for seat in seats]


def player_view(g: Game, seat: int, table: dict[str, object] | None = None) -> PlayerView:
    """Build ``seat``'s view of ``g`` (T9) by allow-list. ``table``: :func:`_table_fields` of ``g``
    as it is now, when already built (see :func:`views`)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < g.players:
        raise ValueError(f"no seat {seat!r:.20} in a {g.players}-player game")
    known: list[Loyalty | None] = [None] * g.players
    known[seat] = g.loyalty[seat]
    for looker, target in g.facade_looks:  # T6.14
        if looker == seat:
            known[target] = g.loyalty[target]
    if g.players == 2 or g.outcome is not None:  # TR26, T7.9
        known = list(g.loyalty)
    return PlayerView(seat=seat, loyalty=g.loyalty[seat], hand=tuple(g.hands[seat]), loyalties=tuple(known),
                      row=_row(g, seat), vote=_vote(g, seat),
                      **(table if table is not None else _table_fields(g)))  # type: ignore[arg-type]


def sampled_world_view(g: Game, seat: int) -> PlayerView:
    """``seat``'s :func:`player_view` with every Loyalty card filled in: what the players of a search's
    playout see in a world the searching bot sampled (they know its loyalties; a search's own copy of
    the game, never the live one). Equal to ``player_view`` with ``loyalties`` replaced, built at once."""
    return PlayerView(seat=seat, loyalty=g.loyalty[seat], hand=tuple(g.hands[seat]), loyalties=tuple(g.loyalty),
                      row=_row(g, seat), vote=_vote(g, seat), **_table_fields(g))  # type: ignore[arg-type]
