"""English sentences for events: the one place the engine turns what happened into text.

``describe`` gives "" for events that make no log line (rolls, confirmations, placements).

>>> from tortuga_desktop.games.dice.rules.events import Reveal
>>> describe(Reveal(1, 4, seat=0, dice=(0, 2), action=3), ["Ann", "Bob"])
'Ann reveals AC: Board.'
"""

from __future__ import annotations

from collections.abc import Sequence

from .components import ACTION_TITLES, CHEST_TITLES, DIE_LETTERS, SKULL, chest_text
from .events import (
    ActionTotals,
    ArrangementMade,
    BonusTileTaken,
    ChestMoved,
    ChestsArranged,
    ChestsDealt,
    ChestsDrawn,
    ChestsToTortuga,
    DicePlaced,
    DiceRolled,
    Event,
    GameEnded,
    LegacyLine,
    OpenReroll,
    OpenSelection,
    PhaseStarted,
    PositionForfeited,
    Reveal,
    RollStep,
    RoundEnded,
    RoundStarted,
    SelectionConfirmed,
    SkullsTurned,
    StartPlayer,
    StuckRollShown,
    SurplusDropped,
    TargetChosen,
    TileKept,
    TileKeptPublic,
    TilesCounted,
    TilesDrawn,
    TokenMoved,
    TreasureDrawn,
)

_POSITION = ("", "1st", "2nd")


def _letters(dice: Sequence[int]) -> str:
    return "".join(DIE_LETTERS[d] for d in dice)


def _faces(dice: Sequence[int], faces: Sequence[int]) -> str:
    return " ".join(
        DIE_LETTERS[d] + ("=skull" if f == SKULL else "=" + ACTION_TITLES[f]) for d, f in zip(dice, faces, strict=True)
    )


def describe(e: Event, names: Sequence[str]) -> str:  # noqa: C901 - one branch per event type
    """The English log line for ``e`` ("" when the event makes no line)."""

    def n(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    if isinstance(e, StartPlayer):
        return f"{n(e.seat)} is the start player."
    if isinstance(e, ChestsDealt):
        return (f"{n(e.seat)} draws a {CHEST_TITLES[e.island or 0]} chest to the island and a "
                f"{CHEST_TITLES[e.crew or 0]} chest to the crew.")
    if isinstance(e, RoundStarted):
        if e.round == 1:
            return "Round 1 begins."
        return f"Round {e.round} begins; {n(e.start)} is the start player."
    if isinstance(e, RollStep):
        return "Everyone with dice left rolls behind their screen: " + ", ".join(n(s) for s in e.seats) + "."
    if isinstance(e, Reveal):
        where = ACTION_TITLES[e.action] if e.action is not None else "skulls only (action chosen next)"
        return f"{n(e.seat)} reveals {_letters(e.dice)}: {where}."
    if isinstance(e, StuckRollShown):
        return f"{n(e.seat)} cannot place any die and reveals the roll."
    if isinstance(e, OpenReroll):
        return f"{n(e.seat)} rerolls openly: {_faces(e.dice, e.faces)}."
    if isinstance(e, OpenSelection):
        where = ACTION_TITLES[e.action] if e.action is not None else "skulls only"
        return f"{n(e.seat)} openly selects {_letters(e.dice)}: {where}."
    if isinstance(e, SkullsTurned):
        return f"{n(e.seat)} turns the skulls to {ACTION_TITLES[e.action]}."
    if isinstance(e, BonusTileTaken):
        if e.flip:
            return f"{n(e.seat)} flips the bonus tile on {ACTION_TITLES[e.action]} to 2."
        return f"{n(e.seat)} puts a bonus tile on {ACTION_TITLES[e.action]}."
    if isinstance(e, PhaseStarted):
        return "All dice are placed: the actions resolve." if e.phase == "actions" else "Chests move."
    if isinstance(e, ActionTotals):
        if not e.totals:
            return f"{ACTION_TITLES[e.action]}: nobody takes part."
        return f"{ACTION_TITLES[e.action]}: " + ", ".join(f"{n(s)} {t}" for s, t in e.totals) + "."
    if isinstance(e, PositionForfeited):
        return f"{n(e.seat)} ({_POSITION[e.position]}) forfeits {ACTION_TITLES[e.action]}."
    if isinstance(e, TargetChosen):
        verb = "boards" if e.action == 3 else "raids"
        return f"{n(e.seat)} ({_POSITION[e.position]}) {verb} {n(e.target)}."
    if isinstance(e, TokenMoved):
        if e.why == "fleet":
            return f"{n(e.seat)} expands the fleet: boat {e.start} -> {e.end}."
        if e.why == "crew":
            return f"{n(e.seat)} recruits crew: pirate {e.start} -> {e.end}."
        if e.why == "hit":
            return f"{n(e.seat)}'s {e.token} moves back one box."
        if e.why == "hit_defended":
            return f"{n(e.seat)} defends: both {e.token}s move back one box."
        return ""
    if isinstance(e, TreasureDrawn):
        if e.chest is None:
            return f"{n(e.seat)} hunts treasure, but the bag is empty."
        return f"{n(e.seat)} hunts treasure and draws a {CHEST_TITLES[e.chest]} chest."
    if isinstance(e, TilesDrawn):
        if len(e.values) == 2:
            return f"{n(e.owner)} draws two treasure tiles: {e.values[0]} and {e.values[1]} coins."
        return f"{n(e.owner)} finds no treasure tile: the pool is empty." if not e.values else ""
    if isinstance(e, TilesCounted):
        if e.count == 2:
            return f"{n(e.seat)} draws two treasure tiles."
        return f"{n(e.seat)} finds no treasure tile: the pool is empty." if e.count == 0 else ""
    if isinstance(e, TileKept):
        if not e.returned:
            return f"{n(e.owner)} keeps a {e.value}-coin treasure tile."
        if e.chosen:
            return f"{n(e.owner)} keeps the {e.value}-coin tile and returns the {e.returned}."
        return f"{n(e.owner)} keeps a {e.value}-coin tile and returns the other {e.returned}."
    if isinstance(e, TileKeptPublic):
        if e.returned:
            return f"{n(e.seat)} keeps a treasure tile and returns the other."
        return f"{n(e.seat)} keeps a treasure tile."
    if isinstance(e, ChestMoved):
        if e.from_area == "center":
            return f"{n(e.seat)} takes the {CHEST_TITLES[e.colour]} chest from the center island."
        return f"{n(e.seat)} takes a {CHEST_TITLES[e.colour]} chest from {n(e.from_seat)}'s {e.from_area}."
    if isinstance(e, SurplusDropped):
        dest = "center island" if e.to_center else "bag"
        if e.moving:
            return f"{n(e.seat)} has no room for a {CHEST_TITLES[e.colour]} chest: it goes to the {dest}."
        return f"{n(e.seat)}'s {e.area} is over capacity: a {CHEST_TITLES[e.colour]} chest goes to the {dest}."
    if isinstance(e, ChestsDrawn):
        return f"{n(e.seat)} draws a {CHEST_TITLES[e.chest]} chest to the island." if e.chest is not None else ""
    if isinstance(e, ChestsToTortuga):
        k = len(e.chests)
        return f"{n(e.seat)} brings {k} chest{'' if k == 1 else 's'} to Tortuga: {chest_text(e.chests)}."
    if isinstance(e, ChestsArranged):
        return f"{n(e.seat)} moves {chest_text(e.chests)} to the {e.area}." if e.chests else ""
    if isinstance(e, GameEnded):
        if e.capped:
            return "The game is stopped by the round limit."
        won = " and ".join(n(w) for w in e.winners)
        parts = ", ".join(f"{n(i)} {t}" for i, t in enumerate(e.scores))
        return f"The game ends. Scores: {parts}. Winner: {won}."
    if isinstance(e, LegacyLine):
        return e.private_text
    if isinstance(e, (DiceRolled, SelectionConfirmed, DicePlaced, RoundEnded, ArrangementMade)):
        return ""
    return ""
