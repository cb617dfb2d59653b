"""Tortuga 1667 actions are checked by type when they are built (Hypothesis).

Every action type is built with one or more fields forced to a wrong value (text, numbers, None, another
enum's member, a list, ...). Building either raises :class:`MalformedActionError` or gives a valid action
whose fields have their declared types (plain text naming an enum member is refused: the enums are text
enums, so such text compares equal to a member); a valid action is then applied in positions where every kind of decision is open, and the engine either applies
it or refuses it with a rules error, never an ``AttributeError`` or another crash.
"""

from __future__ import annotations

import random
from dataclasses import fields
from enum import Enum
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from t1667_helpers import game, play
from test_1667_properties import UNIVERSE

from tortuga_desktop.games.t1667.rules import (
    VOTE_CARDS,
    Action,
    Blow,
    EventCard,
    Game,
    Loc,
    Loyalty,
    MalformedActionError,
    Reverse,
    Row,
    RulesError,
    Sail,
    Shift,
    Ship,
    Side,
    VoteCard,
    VoteKind,
    parse_action,
    random_action,
)
from tortuga_desktop.games.t1667.rules.actions import ACTION_TYPES
from tortuga_desktop.games.t1667.rules.talk import Say

ENUMS: tuple[type[Enum], ...] = (Loc, Ship, Side, Loyalty, VoteKind, EventCard)
WRONG = st.one_of(
    st.text(max_size=8),
    st.sampled_from([m.value for e in ENUMS for m in e]),  # an enum's text: refused
    st.sampled_from([m.value.upper() for e in ENUMS for m in e]),
    st.sampled_from([m for e in ENUMS for m in e]),  # a member of the wrong enum
    st.integers(-3, 12), st.booleans(), st.none(), st.floats(allow_nan=True), st.binary(max_size=3),
    st.lists(st.integers(0, 5), max_size=2), st.tuples(st.sampled_from(["fd", "jr"])),
    st.sampled_from(["CBS", "cffs", "C", "B", "S", ""]), st.sampled_from(sorted(VOTE_CARDS)),
    st.sampled_from(UNIVERSE[:3]),
)
#: decisions' types (talk, ``Say``, is no decision: test_1667_talk_moves checks its fields)
TYPES_WITH_FIELDS = [t for t in ACTION_TYPES if fields(t) and t is not Say]


def _field_ok(value: object, annotation: str) -> bool:
    """Whether ``value`` has exactly the type the field declares (an int is not a bool, text not an enum)."""
    kinds = {"int": int, "Loc": Loc, "Ship": Ship, "Side": Side, "VoteCard": VoteCard}
    options = [a.strip() for a in annotation.split("|")]
    if value is None:
        return "None" in options
    return any(type(value) is kinds[o] or (o != "int" and isinstance(value, kinds[o])) for o in options if o in kinds)


def _assert_valid(action: Action) -> None:
    for f in fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        assert _field_ok(value, str(f.type)), f"{action!r}: field {f.name} holds {type(value).__name__}"
        if isinstance(value, VoteCard):
            assert value in VOTE_CARDS and all(type(getattr(value, n)) is str for n in ("top", "flag", "bottom"))
    assert action in UNIVERSE
    assert repr(parse_action(str(action))) == repr(action)


@cache
def _positions() -> tuple[Game, ...]:
    """Positions with every kind of open decision: a turn, each event card's choice, votes, a plunder."""
    deck = "pistol albatross armada"
    out = [Game.new(4, seed=1)]
    for first, starred, extra in (("powder", "winds rum scurvy", {"jr": "2", "rb-jr": 3}),
                                  ("winds", "winds rum scurvy", {}), ("reprisal", "reprisal rum winds", {}),
                                  ("pistol", "winds rum scurvy", {}), ("marque", "winds rum scurvy", {"jr": "2", "tortuga": "3"}),
                                  ("map", "winds rum scurvy", {"front": {"0": "map"}})):
        g = game(row=f"{first} pistol spot map marque", deck=deck, starred=starred, **extra)
        play(g, 0, "reveal 1")
        out.append(g)
    g = game(players=6, loyalty="BFBFBF", row="fever pistol spot map marque", deck=deck, fd="0 1 2", jr="3",
             tortuga="4 5", starred="fever rum winds")
    play(g, 0, "reveal 1")
    out.append(g)
    for seed in range(12):  # random states reach votes, forced picks, plunders and brawls
        g = Game.new(2 + seed % 8, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 60)):
            if g.is_over:
                break
            pending = g.pending()
            seat = pending[rng.randrange(len(pending))].seat
            g.apply(seat, random_action(g, seat, rng))
        out.append(g)
    return tuple(out)


def _apply_everywhere(action: Action) -> None:
    for g in _positions():
        for seat in {d.seat for d in g.pending()} or {0}:
            h = g.clone()
            try:
                h.is_legal(seat, action)
                h.apply(seat, action)
            except RulesError:
                pass


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cls=st.sampled_from(TYPES_WITH_FIELDS), data=st.data())
def test_an_action_with_wrong_field_values_is_refused_or_valid(cls: type, data: st.DataObject) -> None:
    base = data.draw(st.sampled_from([a for a in UNIVERSE if type(a) is cls]))
    names = [f.name for f in fields(cls)]
    forced = data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=len(names), unique=True))
    kwargs: dict[str, Any] = {n: getattr(base, n) for n in names}
    for n in forced:
        kwargs[n] = data.draw(WRONG)
    try:
        action = cls(**kwargs)
    except MalformedActionError:
        return
    _assert_valid(action)
    _apply_everywhere(action)


@pytest.mark.parametrize("make", [lambda: Blow("rb-fd"), lambda: Blow("rb-jr"), lambda: Sail("fd"),  # type: ignore[arg-type]
                                  lambda: Sail("tortuga"), lambda: Blow("fd"), lambda: Blow(Ship.FD),  # type: ignore[arg-type]
                                  lambda: Sail("rb-fd"), lambda: Sail(Ship.JR), lambda: Blow("RB-FD"),  # type: ignore[arg-type]
                                  lambda: Row("fd"), lambda: Shift("british"), lambda: Reverse(Loc.FD)])  # type: ignore[arg-type]
def test_T6_11_T6_16_text_or_another_enum_for_an_enum_is_malformed(make: Any) -> None:
    """The issue's ``Blow("rb-fd")`` and ``Sail("fd")`` passed construction and ``is_legal``, then ``apply``
    raised ``AttributeError``; the text form is read by ``parse_action``."""
    with pytest.raises(MalformedActionError):
        make()
    assert parse_action("blow rb-fd") == Blow(Loc.RB_FD) and type(parse_action("sail fd").to) is Loc  # type: ignore[union-attr]


@settings(max_examples=300, deadline=None)
@given(top=st.one_of(WRONG, st.sampled_from("CTW")), flag=st.one_of(WRONG, st.sampled_from("BF")),
       bottom=st.one_of(WRONG, st.sampled_from("SH")), double=st.one_of(st.booleans(), WRONG))
def test_T0_6_a_vote_card_with_wrong_sections_is_refused(top: object, flag: object, bottom: object,
                                                         double: object) -> None:
    try:
        card = VoteCard(top, flag, bottom, double)  # type: ignore[arg-type]
    except MalformedActionError:
        return
    assert card in VOTE_CARDS and all(type(getattr(card, n)) is str for n in ("top", "flag", "bottom"))
    assert type(card.double) is bool
