"""Following the game: what happened to one seat since its last decision, and what took from it.

Everything here is read from the typed events a viewer may see (``Game.events_for(viewer)``,
R9): never from English text. :func:`since` lists, for one seat, the chests it lost or gained,
the treasure tiles it kept (with their value only in that seat's own view), its tokens' moves
and the chests that sailed home, as :class:`Happening` values; :func:`losses` picks what took
from the seat (a Board, a Raid, a surplus chest, a token pushed back). :func:`end_certain`
says when the game surely ends after this round (R5.4, R5.5). :func:`happening_text` and
:func:`tag_text` turn a happening into words in the current language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tortuga_desktop.games.dice.rules import PlayerView
from tortuga_desktop.games.dice.rules import events as ev
from tortuga_desktop.games.dice.rules.components import GOAL_LONG, GOAL_NORMAL, MAX_ROUNDS
from tortuga_desktop.games.dice.table.words import action_name, chest_name
from tortuga_desktop.shell.i18n import tr, trn

__all__ = [
    "Happening",
    "end_certain",
    "finishers",
    "happening_text",
    "last_decision",
    "losses",
    "since",
    "tag_text",
]

#: the action whose 1st/2nd position take from the fleet (R4.9) and from the crew (R4.10)
_BOARD, _RAID = 3, 4


@dataclass(frozen=True)
class Happening:
    """One thing that happened to a seat (the words come later, in the current language).

    ``kind``: "lost" (a chest taken by ``other`` from the seat's ``area``), "surplus" (a chest of
    the seat's ``area`` with no room, to the center island when ``to_center`` else the bag),
    "gained" (a chest into the seat's ``area`` from ``source``: another seat's area, "center" or
    "bag"), "token" (the seat's ``token`` moved from ``start`` to ``end``; ``other`` pushed it
    back), "tile" (a treasure tile kept: ``value`` coins, 0 when this viewer may not know),
    "tortuga" (``count`` chests sailed home), "bonus" (a bonus tile on ``action``).
    """

    kind: str
    decision: int
    colour: int = -1
    #: the other seat involved (the taker, the giver, the attacker), -1 for none
    other: int = -1
    area: str = ""
    source: str = ""
    to_center: bool = False
    token: str = ""
    start: int = 0
    end: int = 0
    value: int = 0
    count: int = 0
    action: int = -1
    #: a token's move: "fleet"/"crew" (an action), "hit" (pushed back by ``other``),
    #: "defence" (the seat's own attack met ``other``'s defence, R4.9)
    why: str = ""

    @property
    def takes(self) -> bool:
        """Whether this took something from the seat (a chest, or a token pushed back)."""
        return self.kind in ("lost", "surplus") or (self.kind == "token" and self.end < self.start)


def last_decision(entries: Sequence[tuple[int, str]], seat: int) -> int:
    """The number of ``seat``'s latest decision in a game's ``actions_log`` (0: none yet).

    Scripted rolls ("roll ...") are entries but no decisions."""
    n = 0
    last = 0
    for who, text in entries:
        if text.startswith("roll "):
            continue
        n += 1
        if who == seat:
            last = n
    return last


def since(events: Iterable[ev.Event], seat: int, after: int) -> list[Happening]:
    """What happened to ``seat`` in ``events`` (one viewer's, R9) after decision ``after``."""
    out: list[Happening] = []
    attacker: dict[int, int] = {}  # target -> the seat boarding or raiding it now
    target: dict[int, int] = {}  # attacker -> the seat it boards or raids now
    for e in events:
        if isinstance(e, ev.TargetChosen):
            attacker[e.target] = e.seat
            target[e.seat] = e.target
        if e.decision <= after:
            continue
        h = _happening(e, seat, attacker, target)
        if h is not None:
            out.append(h)
    return out


def losses(events: Iterable[ev.Event], seat: int, after: int = -1) -> list[Happening]:
    """What took from ``seat`` after decision ``after``: chests taken or lost as surplus, tokens
    pushed back (``events`` from the game's start, so the attacker of a push is known)."""
    return [h for h in since(events, seat, after) if h.takes]


def _happening(e: ev.Event, seat: int, attacker: dict[int, int], target: dict[int, int]) -> Happening | None:  # noqa: C901 - one branch per event
    d = e.decision
    if isinstance(e, ev.ChestMoved):
        if e.from_seat == seat:
            return Happening("lost", d, colour=e.colour, other=e.seat, area=e.from_area)
        if e.seat == seat:
            return Happening("gained", d, colour=e.colour, other=e.from_seat, area=e.to_area, source=e.from_area)
        return None
    if isinstance(e, ev.SurplusDropped) and e.seat == seat:
        return Happening("surplus", d, colour=e.colour, area=e.area, to_center=e.to_center)
    if isinstance(e, ev.TreasureDrawn) and e.seat == seat and e.chest is not None:
        return Happening("gained", d, colour=e.chest, area="fleet", source="hunt")
    if isinstance(e, ev.ChestsDrawn) and e.seat == seat and e.chest is not None:
        return Happening("gained", d, colour=e.chest, area="island", source="bag")
    if isinstance(e, ev.TokenMoved) and e.seat == seat and e.start != e.end:
        if e.why in ("hit", "hit_defended"):
            return Happening("token", d, token=e.token, start=e.start, end=e.end, other=attacker.get(seat, -1),
                             why="hit")
        if e.why == "defence":
            return Happening("token", d, token=e.token, start=e.start, end=e.end, other=target.get(seat, -1),
                             why="defence")
        return Happening("token", d, token=e.token, start=e.start, end=e.end, why=e.why)
    if isinstance(e, ev.TileKept) and e.owner == seat:
        return Happening("tile", d, value=e.value)
    if isinstance(e, ev.TileKeptPublic) and e.seat == seat:
        return Happening("tile", d)
    if isinstance(e, ev.ChestsToTortuga) and e.seat == seat and e.chests:
        return Happening("tortuga", d, count=len(e.chests))
    if isinstance(e, ev.BonusTileTaken) and e.seat == seat:
        return Happening("bonus", d, action=e.action)
    return None


def finishers(view: PlayerView) -> tuple[int, ...]:
    """The seats that surely reach the goal in Tortuga this round (R5.4): once the Board
    action has resolved nothing can take from a fleet any more, and the move phase sails
    every fleet chest home (R5.2). Empty when the end is not certain yet."""
    phase = str(view.phase)
    boarded = phase == "move" or (phase == "actions" and view.act_action > _BOARD)
    if not boarded:
        return ()
    goal = GOAL_LONG if view.long_game else GOAL_NORMAL
    fleet_home = phase != "move"  # in the move phase the fleet has sailed already (R5.2 step 1)
    return tuple(i for i, s in enumerate(view.seats)
                 if len(s.tortuga) + (len(s.fleet) if fleet_home else 0) >= goal)


def end_certain(view: PlayerView) -> bool:
    """Whether this round is surely the game's last: somebody reaches the goal (R5.4) or the
    safety cap ends it (R5.5, E7)."""
    if str(view.phase) == "over":
        return False
    return bool(finishers(view)) or view.round >= MAX_ROUNDS


# -- words -------------------------------------------------------------------------------------


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def _colour(c: int) -> str:
    return chest_name(c).lower()


def _area(name: str) -> str:
    return tr(f"log.area.{name}") if name in ("fleet", "crew", "island", "center", "bag") else name


def happening_text(h: Happening, names: Sequence[str]) -> str:
    """One line of the "since your last decision" summary, addressed to the seat it is about."""
    if h.kind == "lost":
        return tr("follow.lost", colour=_colour(h.colour), name=_name(names, h.other), area=_area(h.area))
    if h.kind == "surplus":
        dest = tr("log.dest.center" if h.to_center else "log.dest.bag")
        return tr("follow.surplus", colour=_colour(h.colour), area=_area(h.area), dest=dest)
    if h.kind == "gained":
        if h.source == "center":
            return tr("follow.gained_center", colour=_colour(h.colour))
        if h.source == "hunt":
            return tr("follow.gained_hunt", colour=_colour(h.colour))
        if h.source == "bag":
            return tr("follow.gained_draw", colour=_colour(h.colour))
        return tr("follow.gained_from", colour=_colour(h.colour), name=_name(names, h.other), area=_area(h.source))
    if h.kind == "token":
        token = tr(f"follow.token.{h.token}")
        if h.why == "hit" and h.other >= 0:
            return tr("follow.token_pushed", token=token, name=_name(names, h.other), start=h.start, end=h.end)
        if h.why == "defence" and h.other >= 0:
            return tr("follow.token_defended", token=token, name=_name(names, h.other), start=h.start, end=h.end)
        return tr("follow.token_moved", token=token, start=h.start, end=h.end)
    if h.kind == "tile":
        return trn("follow.tile_value", h.value) if h.value > 0 else tr("follow.tile")
    if h.kind == "tortuga":
        return trn("follow.tortuga", h.count)
    if h.kind == "bonus":
        return tr("follow.bonus", action=action_name(h.action))
    return ""


def tag_text(h: Happening, names: Sequence[str]) -> tuple[str, str]:
    """The two short lines a loss leaves on the player's board: what ("−1 red chest",
    "Pirate: box 2 -> 1") and why ("raided by Blackbeard"; "" when nobody did it)."""
    if h.kind in ("lost", "surplus"):
        what = tr("follow.tag.chest", colour=_colour(h.colour))
        if h.kind == "surplus":
            return what, tr("follow.tag.surplus", area=_area(h.area))
        key = "follow.tag.boarded" if h.area == "fleet" else "follow.tag.raided"
        return what, tr(key, name=_name(names, h.other))
    if h.kind == "token":
        token = tr(f"follow.token.{h.token}")
        what = tr("follow.tag.token", token=token[:1].upper() + token[1:], start=h.start, end=h.end)
        if h.why == "hit" and h.other >= 0:
            return what, tr("follow.tag.pushed", name=_name(names, h.other))
        if h.why == "defence" and h.other >= 0:
            return what, tr("follow.tag.defended", name=_name(names, h.other))
        return what, ""
    return happening_text(h, names), ""
