"""The Tortuga 1667 decision panel as data (no pygame): a seat's legal actions as buttons with their consequences.

:func:`panel_for` takes the seat's view (:class:`~..t1667.rules.PlayerView`) and its legal actions
and returns a :class:`Panel`: a title, and the actions grouped into buttons (:class:`Group`), each
with a label and consequence lines, and the single actions under it (:class:`Option`, for the
groups that need a second choice: which slots, whom, where). Words are typed values
(:class:`Words`: a translation key and its parameters) and become text only at the edge, through
:func:`say` in the current language (keys ``p1667.*`` in ``tortuga.<lang>.table1667.json``).

Everything said is read from the view: who votes, how much treasure is where, what this seat saw in
a slot. A pick (:class:`PanelState`) says what a press selects and what confirming would send.

>>> from tortuga_desktop.games.t1667.rules import Game
>>> g = Game.new(players=4, seed=3)
>>> p = panel_for(g.view(g.active), g.legal_actions(g.active))
>>> [grp.kind for grp in p.groups][-3:], len(p.actions()) == len(g.legal_actions(g.active))
(['view', 'reveal', 'force'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tortuga_desktop.games.t1667.rules.actions import (
    Action,
    Attack,
    Blow,
    Brawl,
    Force,
    Maroon,
    Marque,
    Mutiny,
    NameSeat,
    Pick,
    PlaceTreasure,
    Plunder,
    ReturnTreasure,
    Reveal,
    Reverse,
    Row,
    Sail,
    SaveMarque,
    Shift,
    Stay,
    ViewTwo,
    Vote,
)
from tortuga_desktop.games.t1667.rules.cards import EventCard, Loc, Ship, Side, VoteCard, VoteKind
from tortuga_desktop.games.t1667.rules.state import Kind
from tortuga_desktop.games.t1667.rules.views import PlayerView
from tortuga_desktop.games.t1667.table.layout import Target
from tortuga_desktop.shell.words import WordList, Words, say, w

__all__ = ["Group", "Option", "Panel", "PanelState", "WordList", "Words", "options_at", "panel_for", "say", "w"]


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action: its label (for a list of choices) and what it leads to."""

    action: Action
    label: Words
    consequence: tuple[Words, ...] = ()


@dataclass(frozen=True, slots=True)
class Group:
    """A button: one kind of action (``kind``), its label and consequence, and the actions under it.

    A group with one option sends it when pressed; with several, the player picks one (a slot, a
    player, a place) from its options, or clicks it on the table."""

    kind: str
    label: Words
    consequence: tuple[Words, ...]
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class Panel:
    """What the decision panel offers one seat now."""

    seat: int
    title: Words
    groups: tuple[Group, ...]
    #: the open decision's kind (None: this seat has nothing to decide)
    kind: Kind | None = None

    def actions(self) -> list[Action]:
        """Every action the panel offers (each legal action exactly once)."""
        return [o.action for g in self.groups for o in g.options]


@dataclass(frozen=True, slots=True)
class PanelState:
    """What is picked on a panel: the open group (if any) and the option in it.

    :meth:`press` on a group opens it, or returns its one action; :meth:`choose` on an option of
    the open group returns that action; :meth:`back` closes the group."""

    panel: Panel
    group: int | None = None

    def press(self, index: int) -> tuple[PanelState, Action | None]:
        grp = self.panel.groups[index]
        if len(grp.options) == 1:
            return PanelState(self.panel), grp.options[0].action
        return PanelState(self.panel, index), None

    def choose(self, index: int) -> Action:
        if self.group is None:
            raise ValueError("no group is open")
        return self.panel.groups[self.group].options[index].action

    def back(self) -> PanelState:
        return PanelState(self.panel)

    @property
    def shown(self) -> tuple[Option, ...]:
        """The options listed now: the open group's, or none."""
        return self.panel.groups[self.group].options if self.group is not None else ()


# ------------------------------------------------------------------------------------- helpers
def _name(view: PlayerView, seat: int) -> str | Words:
    return w("p1667.you") if seat == view.seat else view.names[seat]


def _names(view: PlayerView, seats: Sequence[int]) -> WordList:
    return WordList(tuple(_name(view, s) for s in seats))


def _about(view: PlayerView, seat: int, key: str, count: int | None = None,
           **params: str | int | Words | WordList) -> Words:
    """A phrase whose subject is ``seat``: ``key`` with ``{who}``, or ``key.you`` when it is this seat
    (so every language can say "you row" rather than "you rows")."""
    if seat == view.seat:
        return w(f"{key}.you", count, **params)
    return w(key, count, who=view.names[seat], **params)


def _loc(loc: Loc) -> Words:
    return w(f"p1667.loc.{loc.value.replace('-', '_')}")


def _ship(ship: Ship) -> Words:
    return w(f"p1667.loc.{ship.value}")


def _side(side: Side) -> Words:
    return w(f"p1667.side.{side.value}")


def _card(card: EventCard) -> Words:
    return w(f"p1667.card.{card.value}")


def _line(view: PlayerView, loc: Loc) -> tuple[int, ...]:
    return {Loc.FD: view.fd, Loc.JR: view.jr, Loc.TORTUGA: view.tortuga_line}.get(loc, ())


def _arrival(view: PlayerView, seat: int, loc: Loc) -> Words:
    """Where a pawn arriving at ``loc`` stands: the back of its line (T2.6), with its role."""
    if loc in (Loc.RB_FD, Loc.RB_JR):
        return _about(view, seat, "p1667.arrive.rowboat", where=_loc(loc))
    line = [s for s in _line(view, loc) if s != seat]
    place = len(line) + 1
    if loc is Loc.TORTUGA:
        key = "p1667.arrive.governor" if place == 1 else "p1667.arrive.tortuga"
    else:
        key = "p1667.arrive.captain" if place == 1 else "p1667.arrive.cabin_boy"
    return _about(view, seat, key, where=_loc(loc), place=place)


def _albatross_warning(view: PlayerView, seat: int, loc: Loc) -> tuple[Words, ...]:
    """T6.9: entering a ship whose albatross count reaches 2 maroons everyone aboard."""
    if loc not in (Loc.FD, Loc.JR):
        return ()
    count = sum(view.front[s].count(EventCard.ALBATROSS) for s in _line(view, loc) if s != seat)
    count += view.front[seat].count(EventCard.ALBATROSS)
    return (w("p1667.albatross_warning", where=_loc(loc)),) if count >= 2 else ()


def _treasure_now(view: PlayerView, ship: Ship) -> Words:
    return w("p1667.holds_now", ship=_ship(ship), british=view.hold(ship, Side.BRITISH),
             french=view.hold(ship, Side.FRENCH))


def _treasure_after_shift(view: PlayerView, ship: Ship, source: Side) -> Words:
    """T3.11: the holds after one treasure goes from ``source`` to the other hold (the group's line
    says what they hold now)."""
    now = {side: view.hold(ship, side) for side in (Side.BRITISH, Side.FRENCH)}
    now[source] -= 1
    now[source.other] += 1
    return w("p1667.holds_after", british=now[Side.BRITISH], french=now[Side.FRENCH])


def _known(view: PlayerView, slot: int) -> tuple[Words, ...]:
    sv = view.row[slot - 1]
    return (w("p1667.you_know", slot=slot, card=_card(sv.card)),) if sv.card is not None else ()


def _marooned(view: PlayerView, seat: int) -> tuple[Words, ...]:
    """T5: what marooning ``seat`` does: to the back of Tortuga; from Tortuga it costs a card."""
    out = [_about(view, seat, "p1667.maroon_to", place=len(view.tortuga_line) + 1
                  - (1 if view.where(seat) is Loc.TORTUGA else 0))]
    if view.where(seat) is Loc.TORTUGA:
        out.append(_about(view, seat, "p1667.maroon_card"))
    return tuple(out)


# ------------------------------------------------------------------------------------- the turn
def _vote_group(view: PlayerView, action: Action) -> Group:
    here = view.where(view.seat)
    line = _line(view, here)
    if isinstance(action, Attack):
        ship = here.ship
        assert ship is not None
        cons = [w("p1667.voters", voters=_names(view, line))]
        if view.galleon > 0:
            cons.append(w("p1667.galleon_has", view.galleon))
            cons.append(w("p1667.attack_wins"))
        else:
            other = ship.other
            n = view.hold(other, Side.BRITISH) + view.hold(other, Side.FRENCH)
            cons.append(w("p1667.galleon_empty", n, ship=_ship(other)))
        cons.append(w("p1667.attack_rule"))
        return Group("attack", w("p1667.g.attack"), tuple(cons), (Option(action, w("p1667.g.attack")),))
    if isinstance(action, Mutiny):
        captain = line[0]
        cons = [w("p1667.voters", voters=_names(view, line[1:])),
                w("p1667.mutiny_rule", captain=_name(view, captain))]
        return Group("mutiny", w("p1667.g.mutiny"), tuple(cons), (Option(action, w("p1667.g.mutiny")),))
    assert isinstance(action, Brawl)
    cons = [w("p1667.voters", voters=_names(view, view.tortuga_line)),
            w("p1667.brawl_rule", british=dict(view.tortuga)[Side.BRITISH], french=dict(view.tortuga)[Side.FRENCH])]
    return Group("brawl", w("p1667.g.brawl"), tuple(cons), (Option(action, w("p1667.g.brawl")),))


def _turn_groups(view: PlayerView, legal: Sequence[Action]) -> list[Group]:
    by: dict[str, list[Action]] = {}
    for a in legal:
        by.setdefault(_TURN_KIND[type(a)], []).append(a)
    out: list[Group] = []
    me = view.seat
    for kind in _TURN_ORDER:
        acts = by.get(kind)
        if not acts:
            continue
        if kind in ("attack", "mutiny", "brawl"):
            out.append(_vote_group(view, acts[0]))
        elif kind == "maroon":
            opts = tuple(Option(a, w("p1667.o.seat", who=_name(view, a.seat)), _marooned(view, a.seat))
                         for a in acts if isinstance(a, Maroon))
            out.append(Group(kind, w("p1667.g.maroon"), (w("p1667.maroon_rule"),), opts))
        elif kind == "shift":
            ship = view.where(me).ship
            assert ship is not None
            opts = tuple(Option(a, w("p1667.o.shift", source=_side(a.source), to=_side(a.source.other)),
                                (_treasure_after_shift(view, ship, a.source),)) for a in acts if isinstance(a, Shift))
            out.append(Group(kind, w("p1667.g.shift"), (_treasure_now(view, ship),), opts))
        elif kind == "row":
            opts = tuple(Option(a, w("p1667.o.to", where=_loc(a.to)),
                                (_arrival(view, me, a.to), *_albatross_warning(view, me, a.to)))
                         for a in acts if isinstance(a, Row))
            out.append(Group(kind, w("p1667.g.row"), (w("p1667.row_rule"),), opts))
        elif kind == "marque":
            opts = tuple(_marque_option(view, a) for a in acts if isinstance(a, Marque))
            out.append(Group(kind, w("p1667.g.play_marque"), (w("p1667.marque_rule"),), opts))
        elif kind == "view":
            opts = tuple(Option(a, w("p1667.o.slots", a=a.a, b=a.b), (w("p1667.view_public"),))
                         for a in acts if isinstance(a, ViewTwo))
            out.append(Group(kind, w("p1667.g.view"), (w("p1667.view_rule"),), opts))
        elif kind == "reveal":
            opts = tuple(Option(a, w("p1667.o.slot", slot=a.slot), _known(view, a.slot))
                         for a in acts if isinstance(a, Reveal))
            out.append(Group(kind, w("p1667.g.reveal"), (w("p1667.reveal_rule"),), opts))
        elif kind == "force":
            opts = tuple(Option(a, w("p1667.o.force", a=a.a, b=a.b, who=_name(view, a.seat)),
                                (*_known(view, a.a), *_known(view, a.b)))
                         for a in acts if isinstance(a, Force))
            out.append(Group(kind, w("p1667.g.force"), (w("p1667.force_rule"),), opts))
    return out


def _marque_option(view: PlayerView, a: Marque) -> Option:
    loc = Loc.FD if a.ship is Ship.FD else Loc.JR
    return Option(a, w("p1667.o.marque", who=_name(view, a.seat), where=_ship(a.ship)),
                  (_arrival(view, a.seat, loc), *_albatross_warning(view, a.seat, loc)))


_TURN_KIND: dict[type, str] = {
    Attack: "attack", Mutiny: "mutiny", Brawl: "brawl", Maroon: "maroon", Shift: "shift", Row: "row",
    Marque: "marque", ViewTwo: "view", Reveal: "reveal", Force: "force",
}
#: the order of the turn's buttons: role actions first, then moves, then the event row
_TURN_ORDER = ("attack", "mutiny", "brawl", "maroon", "shift", "row", "marque", "view", "reveal", "force")


# ------------------------------------------------------------------------------------- other decisions
def _vote_options(view: PlayerView, legal: Sequence[Action], kind: VoteKind) -> Group:
    opts = []
    for a in legal:
        assert isinstance(a, Vote)
        opts.append(Option(a, _vote_card(a.card), (_counts_as(a.card, kind),)))
    vote = view.vote
    voters = _names(view, vote.participants) if vote is not None else WordList(())
    return Group("vote", w(f"p1667.g.vote.{kind.value}"), (w("p1667.voters", voters=voters),
                                                         w(f"p1667.vote_reads.{kind.value}")), tuple(opts))


def _vote_card(card: VoteCard) -> Words:
    flag = f"{card.flag.lower()}{card.flag.lower()}" if card.double else card.flag.lower()
    return w("p1667.vote_card", top=w(f"p1667.sym.{card.top.lower()}"), flag=w(f"p1667.sym.{flag}"),
             bottom=w(f"p1667.sym.{card.bottom.lower()}"))


def _counts_as(card: VoteCard, kind: VoteKind) -> Words:
    """What this card adds to a vote of ``kind`` (T4.1: one section each)."""
    if kind is VoteKind.ATTACK:
        return w(f"p1667.counts.{card.top.lower()}")
    if kind is VoteKind.MUTINY:
        return w(f"p1667.counts.{card.bottom.lower()}")
    return w(f"p1667.counts.{card.flag.lower()}", card.flags)


def _decision_group(view: PlayerView, kind: Kind, legal: Sequence[Action]) -> Group:
    me = view.seat
    opts: list[Option] = []
    if kind is Kind.PICK:
        picks = tuple(Option(a, w("p1667.o.slot", slot=a.slot), _known(view, a.slot))
                     for a in legal if isinstance(a, Pick))
        return Group("pick", w("p1667.g.pick"), (w("p1667.pick_rule"),), picks)
    if kind is Kind.PLUNDER:
        ship = view.where(me).ship
        assert ship is not None
        for a in legal:
            assert isinstance(a, Plunder)
            src = w("p1667.place.galleon") if a.source is None or a.source_side is None else \
                w("p1667.place.hold", ship=_ship(a.source), side=_side(a.source_side))
            opts.append(Option(a, w("p1667.o.plunder", source=src, to=_side(a.to)), (_treasure_now(view, ship),)))
        return Group("plunder", w("p1667.g.plunder"), (w("p1667.plunder_rule"),), tuple(opts))
    if kind is Kind.MARQUE:
        opts += [_marque_option(view, a) for a in legal if isinstance(a, Marque)]
        opts += [Option(a, w("p1667.o.save"), (w("p1667.save_rule"),)) for a in legal if isinstance(a, SaveMarque)]
        return Group("marque", w("p1667.g.marque"), (w("p1667.marque_rule"),), tuple(opts))
    if kind in (Kind.PISTOL, Kind.MAP_GIVE, Kind.FACADE):
        for a in legal:
            assert isinstance(a, NameSeat)
            if kind is Kind.PISTOL:
                cons: tuple[Words, ...] = _marooned(view, a.seat)
            elif kind is Kind.MAP_GIVE:
                maps = view.front[a.seat].count(EventCard.MAP) + 1
                cons = (w("p1667.map_holds", maps, who=_name(view, a.seat)),)
                if maps >= 2:
                    cons += (w("p1667.map_pair", who=_name(view, a.seat)) if view.galleon > 0
                             else w("p1667.map_pair_empty"),)
            else:
                cons = (w("p1667.facade_public", who=_name(view, a.seat)),)
            opts.append(Option(a, w("p1667.o.seat", who=_name(view, a.seat)), cons))
        key = {Kind.PISTOL: "pistol", Kind.MAP_GIVE: "map", Kind.FACADE: "facade"}[kind]
        return Group(key, w(f"p1667.g.{key}"), (w(f"p1667.{key}_rule"),), tuple(opts))
    if kind is Kind.MAP_PLACE:
        picks = tuple(Option(a, w("p1667.place.hold", ship=_ship(a.ship), side=_side(a.side)),
                            (w("p1667.hold_after", n=view.hold(a.ship, a.side) + 1),))
                     for a in legal if isinstance(a, PlaceTreasure))
        return Group("map_place", w("p1667.g.map_place"), (w("p1667.galleon_has", view.galleon),), picks)
    if kind is Kind.POWDER:
        for a in legal:
            assert isinstance(a, Blow)
            rider = dict(view.rowboats)[a.rowboat]
            cons = (w("p1667.blow_rule"),) + (_marooned(view, rider) if rider is not None else ())
            opts.append(Option(a, _loc(a.rowboat), cons))
        return Group("powder", w("p1667.g.powder"), (w("p1667.blow_rule"),), tuple(opts))
    if kind is Kind.FEVER:
        for a in legal:
            assert isinstance(a, Reverse)
            line = _line(view, Loc.FD if a.ship is Ship.FD else Loc.JR)
            opts.append(Option(a, _ship(a.ship), (_about(view, line[-1], "p1667.fever_after"),)))
        return Group("fever", w("p1667.g.fever"), (w("p1667.fever_rule"),), tuple(opts))
    if kind is Kind.WINDS:
        for a in legal:
            if isinstance(a, Sail):
                opts.append(Option(a, w("p1667.o.to", where=_loc(a.to)),
                                   (_arrival(view, me, a.to), *_albatross_warning(view, me, a.to))))
            else:
                assert isinstance(a, Stay)
                opts.append(Option(a, w("p1667.o.stay"), (w("p1667.stay_rule"),)))
        return Group("winds", w("p1667.g.winds"), (w("p1667.winds_rule"),), tuple(opts))
    assert kind is Kind.REPRISAL
    picks = tuple(Option(a, w("p1667.place.hold", ship=_ship(a.ship), side=_side(a.side)),
                        (w("p1667.hold_after", n=view.hold(a.ship, a.side) - 1),))
                 for a in legal if isinstance(a, ReturnTreasure))
    return Group("reprisal", w("p1667.g.reprisal"), (w("p1667.reprisal_rule"),), picks)


def _title(view: PlayerView, kind: Kind | None) -> Words:
    if kind is None:
        return w("p1667.title.wait")
    if kind is Kind.TURN:
        return w("p1667.title.turn", view.actions_left)
    if kind is Kind.VOTE:
        assert view.vote is not None
        if view.vote.caller == view.seat:
            return w(f"p1667.title.vote.{view.vote.kind.value}.you")
        return w(f"p1667.title.vote.{view.vote.kind.value}", caller=view.names[view.vote.caller])
    if kind is Kind.PICK:
        slots = view.my_decision.slots if view.my_decision is not None else ()
        return w("p1667.title.pick", who=_name(view, view.active), a=slots[0] if slots else 0,
                 b=slots[-1] if slots else 0)
    if view.resolving is not None and kind is not Kind.MAP_PLACE:
        return w("p1667.title.card", card=_card(view.resolving[0]))
    return w(f"p1667.title.{kind.value.replace('-', '_')}")


def panel_for(view: PlayerView, legal: Sequence[Action]) -> Panel:
    """The panel for ``view``'s seat and its ``legal`` actions (as the engine or the seat's prompt lists them).

    Raises ValueError when ``legal`` holds an action that does not answer the seat's open decision."""
    decision = view.my_decision
    if decision is None or not legal:
        if legal:
            raise ValueError("legal actions for a seat with no open decision")
        return Panel(view.seat, _title(view, None), ())
    kind = decision.kind
    if kind is Kind.TURN:
        unknown = [a for a in legal if type(a) not in _TURN_KIND]
        if unknown:
            raise ValueError(f"not a turn action: {unknown[0]}")
        groups = _turn_groups(view, legal)
    elif kind is Kind.VOTE:
        if any(not isinstance(a, Vote) for a in legal) or decision.vote is None:
            raise ValueError("a vote is answered with vote cards only")
        groups = [_vote_options(view, legal, decision.vote)]
    else:
        groups = [_decision_group(view, kind, legal)]
    panel = Panel(view.seat, _title(view, kind), tuple(g for g in groups if g.options), kind)
    if len(panel.actions()) != len(legal):
        raise ValueError(f"actions that do not answer a {kind.value} decision")
    return panel


def _refers(action: Action, t: Target, view: PlayerView) -> bool:
    """Whether ``action`` is about the pointed-at thing ``t`` (see :func:`options_at`)."""
    if t.kind == "slot":
        if isinstance(action, (Reveal, Pick)):
            return action.slot == t.slot
        return isinstance(action, (ViewTwo, Force)) and t.slot in (action.a, action.b)
    if t.kind in ("pawn", "seat"):
        if isinstance(action, (Maroon, NameSeat)):
            return action.seat == t.seat
        return isinstance(action, (Force, Marque)) and action.seat == t.seat
    if t.kind == "hold":
        if isinstance(action, (PlaceTreasure, ReturnTreasure)):
            return (action.ship, action.side) == (t.ship, t.side)
        if isinstance(action, Shift):
            return view.where(view.seat).ship is t.ship and action.source is t.side
        if isinstance(action, Plunder):
            mine = view.where(view.seat).ship
            return (mine is t.ship and action.to is t.side) or \
                (action.source is t.ship and action.source_side is t.side)
        return False
    if t.kind in ("rowboat", "ship", "tortuga"):
        if isinstance(action, (Row, Sail)):
            return action.to is t.loc
        if isinstance(action, Blow):
            return action.rowboat is t.loc
        if isinstance(action, Reverse):
            return action.ship is t.ship
        return isinstance(action, Marque) and action.ship is t.ship
    if t.kind == "hand_card" and t.index is not None and t.index < len(view.hand):
        return isinstance(action, Vote) and action.card == view.hand[t.index]
    return False


def options_at(panel: Panel, view: PlayerView, target: Target) -> list[Option]:
    """The panel's options about a thing clicked on the table (:func:`..layout1667.target_at`): a slot
    gives Reveal/Pick/View/Force with it, a pawn the actions naming that seat, a hold the treasure
    moves into or out of it, a rowboat, ship or Tortuga the moves there, a hand card its vote. One
    option: the click can send it; several: the panel narrows to them."""
    return [o for g in panel.groups for o in g.options if _refers(o.action, target, view)]
