"""What happened in a game, as typed events (the English text is made from them by :mod:`.text`).

Every event is a small frozen value with the ``round`` it happened in and ``decision``: the
number of the player decision that caused it (the game's ``decisions`` counter right after
that decision; 0 for setup). Most events are public. A :class:`PrivateEvent` belongs to one
seat (its ``owner``); others see its :meth:`~PrivateEvent.public` twin instead, or nothing.

>>> from tortuga_desktop.games.dice.rules import Game
>>> g = Game.new(players=2, seed=3, start_player=0)
>>> type(g.events[0]).__name__, g.events[0].seat
('StartPlayer', 0)
>>> any(isinstance(e, DiceRolled) for e in g.events_for(None))
False
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from .errors import StateFormatError


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""

    round: int
    decision: int


@dataclass(frozen=True, slots=True)
class PrivateEvent(Event):
    """An event only ``owner`` may see in full."""

    owner: int

    def public(self) -> Event | None:
        """What everybody else sees instead (None: nothing)."""
        return None


# ---------------------------------------------------------------- setup and rounds
@dataclass(frozen=True, slots=True)
class StartPlayer(Event):
    """R1.5: ``seat`` is the start player of the game."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChestsDealt(Event):
    """R1.4: ``seat`` drew ``island`` to the island area and ``crew`` to the crew area (None: bag empty)."""

    seat: int
    island: int | None
    crew: int | None


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round begins with ``start`` as the start player (R2, R5.4)."""

    start: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The end check of the round passed without ending the game (R5.4)."""


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """Phase ``phase`` ("actions" or "move") begins."""

    phase: str


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over (R8): final totals per seat and the winners; ``capped`` by the R5.5 cap."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    capped: bool


# ---------------------------------------------------------------- dice phase
@dataclass(frozen=True, slots=True)
class RollStep(Event):
    """R3.1: these seats roll their remaining dice behind their screens."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DiceRolled(PrivateEvent):
    """The owner's hidden roll: ``faces[i]`` for die ``dice[i]`` (0-4 actions, 5 skull)."""

    dice: tuple[int, ...]
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SelectionConfirmed(Event):
    """R9.1: ``seat`` is done choosing. The same for a chosen, a forced and a stuck roll."""

    seat: int


@dataclass(frozen=True, slots=True)
class Reveal(Event):
    """R3.5: ``seat``'s selected ``dice`` go to ``action`` (None: skulls only, action chosen next)."""

    seat: int
    dice: tuple[int, ...]
    action: int | None


@dataclass(frozen=True, slots=True)
class StuckRollShown(Event):
    """R3.6: ``seat``'s confirmed roll allowed no selection; it is shown to everybody."""

    seat: int
    dice: tuple[int, ...]
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OpenReroll(Event):
    """R3.6: ``seat`` rerolled openly."""

    seat: int
    dice: tuple[int, ...]
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OpenSelection(Event):
    """R3.6: after an open reroll ``seat`` selects openly (action None: skulls only)."""

    seat: int
    dice: tuple[int, ...]
    action: int | None


@dataclass(frozen=True, slots=True)
class SkullsTurned(Event):
    """R3.5: ``seat`` turns a skull-only selection to ``action``."""

    seat: int
    action: int


@dataclass(frozen=True, slots=True)
class DicePlaced(Event):
    """R3.5: ``seat``'s ``dice`` are placed on ``action``."""

    seat: int
    action: int
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BonusTileTaken(Event):
    """R3.7: ``seat`` put a new "1" tile on ``action``'s bonus space, or flipped it (``flip``)."""

    seat: int
    action: int
    flip: bool


# ---------------------------------------------------------------- actions phase
@dataclass(frozen=True, slots=True)
class ActionTotals(Event):
    """R4.2/R4.3: ``totals`` as (seat, total), best first; ``first``/``second`` acting seats (-1: none)."""

    action: int
    totals: tuple[tuple[int, int], ...]
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class PositionForfeited(Event):
    """R4.5: ``seat`` in ``position`` (1 or 2) forfeits ``action``."""

    seat: int
    action: int
    position: int


@dataclass(frozen=True, slots=True)
class TargetChosen(Event):
    """R4.9/R4.10: ``seat`` in ``position`` boards or raids (``action``) ``target``."""

    seat: int
    action: int
    position: int
    target: int


@dataclass(frozen=True, slots=True)
class TokenMoved(Event):
    """A boat or pirate token moved from box ``start`` to ``end``.

    ``why``: "fleet"/"crew" (R4.6/R4.7), "hit" (a boarded/raided seat, R4.9), "hit_defended"
    (the same, and the seat had defended) or "defence" (the attacker's own token, R4.9).
    """

    seat: int
    token: str
    start: int
    end: int
    why: str


@dataclass(frozen=True, slots=True)
class TreasureDrawn(Event):
    """R4.8: ``seat`` drew ``chest`` from the bag (None: the bag was empty)."""

    seat: int
    chest: int | None


@dataclass(frozen=True, slots=True)
class TilesCounted(Event):
    """Public twin of :class:`TilesDrawn`: how many treasure tiles ``seat`` drew."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class TilesDrawn(PrivateEvent):
    """R4.8: the treasure tiles the owner drew (values)."""

    values: tuple[int, ...]

    def public(self) -> Event:
        return TilesCounted(self.round, self.decision, self.owner, len(self.values))


@dataclass(frozen=True, slots=True)
class TileKeptPublic(Event):
    """Public twin of :class:`TileKept`: ``seat`` kept a tile (and returned one if ``returned``)."""

    seat: int
    returned: bool


@dataclass(frozen=True, slots=True)
class TileKept(PrivateEvent):
    """R4.8: the owner keeps a ``value`` tile and returns ``returned`` (0: none); ``chosen`` by a decision."""

    value: int
    returned: int
    chosen: bool

    def public(self) -> Event:
        return TileKeptPublic(self.round, self.decision, self.owner, self.returned > 0)


@dataclass(frozen=True, slots=True)
class ChestMoved(Event):
    """A chest of ``colour`` moved from (``from_seat``, ``from_area``) to ``seat``'s ``to_area``.

    ``from_seat`` is -1 for the center island ("center") or the bag ("bag").
    """

    colour: int
    from_seat: int
    from_area: str
    seat: int
    to_area: str


@dataclass(frozen=True, slots=True)
class SurplusDropped(Event):
    """R4.11/R5.2: a ``colour`` chest that did not fit ``seat``'s ``area`` went to the center island
    (``to_center``) or to the bag. ``moving``: while chests move (R5.2), else after a token moved."""

    seat: int
    area: str
    colour: int
    to_center: bool
    moving: bool


# ---------------------------------------------------------------- move phase
@dataclass(frozen=True, slots=True)
class ChestsDrawn(Event):
    """R5.1: ``seat`` drew ``chest`` to the island area (None: the bag was empty)."""

    seat: int
    chest: int | None


@dataclass(frozen=True, slots=True)
class ChestsToTortuga(Event):
    """R5.2 (1): ``seat``'s fleet chests sail to Tortuga."""

    seat: int
    chests: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ArrangementMade(Event):
    """R5.2: ``seat`` decided which chests move into ``area`` (shown when everybody is done)."""

    seat: int
    area: str


@dataclass(frozen=True, slots=True)
class ChestsArranged(Event):
    """R5.2: ``chests`` (left to right) moved into ``seat``'s ``area`` ("fleet" or "crew")."""

    seat: int
    area: str
    chests: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LegacyLine(PrivateEvent):
    """A log line of a save written before events existed (owner -1: public)."""

    public_text: str
    private_text: str

    def public(self) -> Event:
        return LegacyLine(self.round, self.decision, -1, self.public_text, self.public_text)


def _fast_init(cls: type[Event]) -> None:
    """Give a frozen event class an ``__init__`` that fills its slots through their descriptors.

    Same signature and result as the dataclass one, about twice as fast: events are made in the
    engine's hot path whenever the log is on.
    """
    names = [f.name for f in fields(cls)]
    setters: dict[str, Any] = {f"_set_{n}": getattr(cls, n).__set__ for n in names}
    body = "\n".join(f"    _set_{n}(self, {n})" for n in names)
    code: dict[str, Any] = {}
    exec(f"def __init__(self, {', '.join(names)}):\n{body}\n", setters, code)  # noqa: S102 - fixed names
    init = code["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - mypy refuses assigning a method directly


EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        StartPlayer, ChestsDealt, RoundStarted, RoundEnded, PhaseStarted, GameEnded, RollStep, DiceRolled,
        SelectionConfirmed, Reveal, StuckRollShown, OpenReroll, OpenSelection, SkullsTurned, DicePlaced,
        BonusTileTaken, ActionTotals, PositionForfeited, TargetChosen, TokenMoved, TreasureDrawn, TilesCounted,
        TilesDrawn, TileKeptPublic, TileKept, ChestMoved, SurplusDropped, ChestsDrawn, ChestsToTortuga,
        ArrangementMade, ChestsArranged, LegacyLine,
    )
}


for _cls in EVENT_TYPES.values():
    _fast_init(_cls)


def visible(events: list[Event], viewer: int | None) -> list[Event]:
    """The events ``viewer`` may see (R9): others' private events replaced by their public twin."""
    out: list[Event] = []
    for e in events:
        if isinstance(e, PrivateEvent) and e.owner != viewer:
            twin = e.public()
            if twin is not None:
                out.append(twin)
        else:
            out.append(e)
    return out


# ---------------------------------------------------------------- JSON
def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def event_to_dict(e: Event) -> dict[str, Any]:
    """JSON form: ``{"type": "Reveal", "round": 1, ...}``."""
    cls = type(e)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(e))
    d: dict[str, Any] = {"type": cls.__name__}
    for name in names:
        v = getattr(e, name)
        d[name] = _jsonable(v) if isinstance(v, tuple) else v
    return d


_MAX_TEXT = 400


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and -1 <= x <= 1_000_000


def _is_pair_list(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= 8 and all(
        isinstance(x, list) and len(x) == 2 and _is_int(x[0]) and _is_int(x[1]) for x in v)


#: Field type (as annotated) -> (check of the JSON value, conversion back).
_FIELD_KINDS: dict[str, tuple[Callable[[Any], bool], Callable[[Any], Any]]] = {
    "int": (_is_int, lambda v: v),
    "int | None": (lambda v: v is None or _is_int(v), lambda v: v),
    "bool": (lambda v: isinstance(v, bool), lambda v: v),
    "str": (lambda v: isinstance(v, str) and len(v) <= _MAX_TEXT and v.isprintable(), lambda v: v),
    "tuple[int, ...]": (lambda v: isinstance(v, list) and len(v) <= 64 and all(_is_int(x) for x in v), tuple),
    "tuple[tuple[int, int], ...]": (_is_pair_list, lambda v: tuple((x[0], x[1]) for x in v)),
}


def _field(v: Any, kind: str, where: str) -> Any:
    check, convert = _FIELD_KINDS[kind]
    if not check(v):
        raise StateFormatError(f"{where}: expected {kind}, got {v!r:.40}")
    return convert(v)


def event_from_dict(data: Any, where: str = "event") -> Event:
    """Read back :func:`event_to_dict` data; raises StateFormatError on anything else."""
    if not isinstance(data, dict):
        raise StateFormatError(f"{where}: expected an object")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise StateFormatError(f"{where}: unknown event type {data.get('type')!r:.40}")
    names = {f.name for f in fields(cls)}
    if set(data) != names | {"type"}:
        raise StateFormatError(f"{where}: fields {sorted(set(data) - {'type'})} do not fit {cls.__name__}")
    kwargs = {f.name: _field(data[f.name], str(f.type), f"{where}.{f.name}") for f in fields(cls)}
    return cls(**kwargs)
