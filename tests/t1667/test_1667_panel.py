"""The 1667 decision panel model (app/panel1667.py), without pygame: every legal action is offered
exactly once with words that exist in all four languages, and the consequences say what is true
in the seat's view (issue 28)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from t1667_helpers import game

from tortuga_desktop.games.t1667.rules import Attack, Game, Kind, NameSeat, Vote, parse_action
from tortuga_desktop.games.t1667.table.panel import Panel, PanelState, WordList, Words, panel_for, say
from tortuga_desktop.shell import i18n

LANGS = ("en", "de", "nl", "es")
PARTS = Path(__file__).resolve().parents[2] / "assets" / "translations"


def _keys(x: object, out: set[str]) -> None:
    if isinstance(x, Words):
        if x.count is None:
            out.add(x.key)
        else:
            out.update((f"{x.key}.one", f"{x.key}.other"))
        for _k, v in x.params:
            _keys(v, out)
    elif isinstance(x, WordList):
        for i in x.items:
            _keys(i, out)


def _panel_keys(p: Panel) -> set[str]:
    out: set[str] = set()
    _keys(p.title, out)
    for g in p.groups:
        _keys(g.label, out)
        for c in g.consequence:
            _keys(c, out)
        for o in g.options:
            _keys(o.label, out)
            for c in o.consequence:
                _keys(c, out)
    return out


def _random_panels(players: int, seeds: range) -> list[tuple[Game, int, Panel]]:
    out = []
    for seed in seeds:
        g = Game.new(players, seed)
        rng = random.Random(seed)
        while not g.is_over:
            pend = g.pending()
            seat = pend[rng.randrange(len(pend))].seat
            legal = g.legal_actions(seat)
            p = panel_for(g.view(seat), legal)
            assert sorted(map(str, p.actions())) == sorted(map(str, legal))
            assert len(p.actions()) == len(set(p.actions()))
            out.append((g, seat, p))
            g.apply(seat, legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("players", [2, 3, 5, 9])
def test_every_legal_action_is_offered_once(players: int) -> None:
    panels = _random_panels(players, range(6))
    assert panels


def test_every_decision_kind_gets_a_panel_and_its_words_exist() -> None:
    kinds: set[Kind] = set()
    keys: set[str] = set()
    for players in (3, 4, 6, 9):
        for _g, _seat, p in _random_panels(players, range(12)):
            if p.kind is not None:
                kinds.add(p.kind)
            keys |= _panel_keys(p)
    assert kinds == set(Kind)
    for code in LANGS:
        cat = i18n.catalog(code)
        missing = sorted(k for k in keys if k not in cat)
        assert not missing, (code, missing)


def test_words_read_in_every_language_with_no_gaps() -> None:
    g = Game.new(5, 11)
    p = panel_for(g.view(g.active), g.legal_actions(g.active))
    try:
        for code in LANGS:
            i18n.set_language(code)
            texts = [say(p.title)] + [say(c) for grp in p.groups for c in (grp.label, *grp.consequence)]
            texts += [say(o.label) for grp in p.groups for o in grp.options]
            assert all(t and "{" not in t and "p1667." not in t for t in texts), (code, texts)
    finally:
        i18n.set_language("en")


def test_part_files_hold_the_same_keys_and_placeholders() -> None:
    cats = {c: json.loads((PARTS / f"tortuga.{c}.table1667.json").read_text(encoding="utf-8")) for c in LANGS}
    assert all(set(cats[c]) == set(cats["en"]) for c in LANGS)
    for key, text in cats["en"].items():
        for c in LANGS:
            assert i18n.placeholders(cats[c][key]) == i18n.placeholders(text), (c, key)


def test_attack_says_who_votes_and_what_the_galleon_holds() -> None:
    """T3.9, T4.2: the Attack button names every pawn on the Captain's ship and the Galleon's treasure."""
    g = game(fd="0 1 3", jr="2", galleon=3, holds={"fd british": 2, "jr french": 1}, names=["Ann", "Bo", "Cy", "Di"])
    p = panel_for(g.view(0), g.legal_actions(0))
    attack = next(grp for grp in p.groups if grp.kind == "attack")
    assert attack.options[0].action == Attack()
    lines = [say(c) for c in attack.consequence]
    assert lines[0] == "Voting: you, Bo and Di"
    assert lines[1] == "the Galleon has 3 treasures"


def test_attack_on_an_empty_galleon_names_the_other_ship() -> None:
    """TR10: with the Galleon empty, the treasure comes from the other ship's holds."""
    g = game(fd="0 1", jr="2 3", galleon=0, holds={"jr french": 2, "fd british": 1, "jr british": 1, "fd french": 2})
    p = panel_for(g.view(0), g.legal_actions(0))
    attack = next(grp for grp in p.groups if grp.kind == "attack")
    assert "the Galleon is empty: you would plunder the Jolly Roger (3 treasures in its holds)" in \
        [say(c) for c in attack.consequence]


def test_mutiny_leaves_the_captain_out_of_the_vote() -> None:
    """T3.10: a Mutiny's voters are the pawns on the ship but the Captain."""
    g = game(fd="1 0 3", jr="2", active=0, names=["Ann", "Bo", "Cy", "Di"])
    p = panel_for(g.view(0), g.legal_actions(0))
    mutiny = next(grp for grp in p.groups if grp.kind == "mutiny")
    lines = [say(c) for c in mutiny.consequence]
    assert lines[0] == "Voting: you and Di"
    assert "Captain Bo is marooned" in lines[1]


def test_a_seen_slot_is_named_only_for_the_seat_that_saw_it() -> None:
    """T9.5: the Reveal option of a slot tells what this seat saw there, and nothing to another seat."""
    g = game(row="pistol marque map spot nest", deck="albatross map armada", known={"0": [1]})
    mine = panel_for(g.view(0), g.legal_actions(0))
    reveal = next(grp for grp in mine.groups if grp.kind == "reveal")
    assert [say(c) for c in reveal.options[0].consequence] == ["you saw slot 1: Pistol"]
    assert reveal.options[1].consequence == ()
    other = Game.new(4, 3)
    p = panel_for(other.view(other.active), other.legal_actions(other.active))
    assert all(not o.consequence for grp in p.groups if grp.kind == "reveal" for o in grp.options)


def test_pistol_on_tortuga_costs_a_card() -> None:
    """T5.4: marooning a pawn already on Tortuga also costs it a vote card; the panel says so."""
    g = game(fd="0 1", jr="2", tortuga="3", row="pistol marque map spot nest", deck="albatross map armada", names=["Ann", "Bo", "Cy", "Di"])
    g.apply(0, parse_action("reveal 1"))
    p = panel_for(g.view(0), g.legal_actions(0))
    assert p.kind is Kind.PISTOL
    di = next(o for o in p.groups[0].options if o.action == NameSeat(3))
    assert [say(c) for c in di.consequence] == ["Di goes to Tortuga, place 1",
                                                "Di is already on Tortuga and loses a vote card at random"]
    bo = next(o for o in p.groups[0].options if o.action == NameSeat(1))
    assert [say(c) for c in bo.consequence] == ["Bo goes to Tortuga, place 2"]


def test_vote_options_say_what_each_card_counts() -> None:
    """T4.1: an Attack reads the top of a card; the option says what this card adds."""
    g = game(fd="0 1", jr="2 3", hands={"0": "CBS WFH TBH", "1": "CFS CFH TFS"})
    g.apply(0, Attack())
    p = panel_for(g.view(0), g.legal_actions(0))
    assert p.kind is Kind.VOTE
    opts = {str(o.action): [say(c) for c in o.consequence] for o in p.groups[0].options}
    assert opts["vote CBS"] == ["counts a Cannon"]
    assert opts["vote WFH"] == ["counts a Water: it puts out one Torch"]
    assert say(p.title) == "You call an Attack: play a card"


def test_panel_state_opens_groups_and_sends_single_actions() -> None:
    g = game(fd="0 1", jr="2 3")
    p = panel_for(g.view(0), g.legal_actions(0))
    k_attack = next(k for k, grp in enumerate(p.groups) if grp.kind == "attack")
    k_view = next(k for k, grp in enumerate(p.groups) if grp.kind == "view")
    st, sent = PanelState(p).press(k_attack)
    assert sent == Attack() and st.group is None
    st, sent = PanelState(p).press(k_view)
    assert sent is None and st.group == k_view and len(st.shown) == 10
    assert st.choose(0) == st.shown[0].action and st.back().group is None
    with pytest.raises(ValueError):
        PanelState(p).choose(0)


def test_actions_that_do_not_answer_the_decision_are_refused() -> None:
    g = game(fd="0 1", jr="2 3")
    with pytest.raises(ValueError):
        panel_for(g.view(1), g.legal_actions(0))  # seat 1 has no decision
    with pytest.raises(ValueError):
        panel_for(g.view(0), [*g.legal_actions(0), Vote(g.hands[0][0])])


def test_panel_model_is_typed_data() -> None:
    g = Game.new(4, 5)
    p = panel_for(g.view(g.active), g.legal_actions(g.active))
    assert p == panel_for(g.view(g.active), g.legal_actions(g.active))  # frozen values compare equal
    hash(p)


def test_clicking_the_table_narrows_to_the_options_about_that_thing() -> None:
    from tortuga_desktop.games.t1667.rules import Loc, Maroon, Reveal, Row, Ship, Side
    from tortuga_desktop.games.t1667.table.layout import Target
    from tortuga_desktop.games.t1667.table.panel import options_at

    g = game(fd="0 1 3", jr="2")
    view = g.view(0)
    p = panel_for(view, g.legal_actions(0))
    at_slot = [o.action for o in options_at(p, view, Target("slot", slot=2))]
    assert Reveal(2) in at_slot and all("2" in str(a) for a in at_slot)
    assert [o.action for o in options_at(p, view, Target("pawn", seat=3)) if isinstance(o.action, Maroon)] == [Maroon(3)]
    assert [o.action for o in options_at(p, view, Target("rowboat", loc=Loc.RB_FD))] == [Row(Loc.RB_FD)]
    shift = [str(o.action) for o in options_at(p, view, Target("hold", ship=Ship.FD, side=Side.BRITISH))]
    assert shift == []  # seat 0 is the Captain, not the Cabin Boy
    g3 = game(fd="1 3 0", jr="2", active=0)
    v3 = g3.view(0)
    p3 = panel_for(v3, g3.legal_actions(0))
    assert [str(o.action) for o in options_at(p3, v3, Target("hold", ship=Ship.FD, side=Side.BRITISH))] == \
        ["shift british"]
    g.apply(0, parse_action("attack"))
    v = g.view(0)
    pv = panel_for(v, g.legal_actions(0))
    assert [o.action for o in options_at(pv, v, Target("hand_card", index=0))] == [Vote(v.hand[0])]


def test_doctests_of_the_table_modules() -> None:
    import doctest

    from tortuga_desktop.games.t1667.table import layout as layout1667
    from tortuga_desktop.games.t1667.table import panel as panel1667

    for mod in (layout1667, panel1667):
        result = doctest.testmod(mod)
        assert result.attempted > 0 and result.failed == 0, mod.__name__


def test_phrases_about_this_seat_say_you_in_the_second_person() -> None:
    """'you sit', never 'you sits': a phrase whose subject is this seat uses its own '.you' text."""
    from tortuga_desktop.games.t1667.rules import Loc, Row

    g2 = game(fd="1 0", jr="2 3", active=0, names=["Ann", "Bo", "Cy", "Di"])
    p = panel_for(g2.view(0), g2.legal_actions(0))
    row = next(o for grp in p.groups for o in grp.options if o.action == Row(Loc.RB_FD))
    assert [say(c) for c in row.consequence] == ["you sit in the Flying Dutchman's rowboat"]


def test_a_shift_option_says_what_the_holds_would_hold_after_it() -> None:
    """T3.11: the Cabin Boy's shift moves one treasure to the other hold of its ship: the group says what
    the holds hold now, each option what they would hold after it (they were the same line twice)."""
    from tortuga_desktop.games.t1667.rules import Ship, Side

    g = game(fd="1 3 0", jr="2", active=0)
    view = g.view(0)
    british, french = view.hold(Ship.FD, Side.BRITISH), view.hold(Ship.FD, Side.FRENCH)
    group = next(gr for gr in panel_for(view, g.legal_actions(0)).groups if gr.kind == "shift")
    now = [say(c) for c in group.consequence]
    assert len(now) == 1 and f"{british}" in now[0] and f"{french}" in now[0]
    assert group.options
    for option in group.options:
        source = option.action.source  # type: ignore[attr-defined]
        after = {Side.BRITISH: british, Side.FRENCH: french}
        after[source] -= 1
        after[source.other] += 1
        assert [say(c) for c in option.consequence] == [
            i18n.tr("p1667.holds_after", british=after[Side.BRITISH], french=after[Side.FRENCH])]
        assert [say(c) for c in option.consequence] != now
