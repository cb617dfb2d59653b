"""The 1667 position builder: legal specs build, anything else is a clear ScenarioError (never a crash)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tortuga_desktop.games.t1667.rules import Loc, ScenarioError, check_invariants, position


def test_text_spec_builds_the_position() -> None:
    g = position("players: 3\nloyalty: B F D\nfd: 0\njr: 1\nrb-fd: 2\nrow: pistol marque map spot nest\n"
                 "deck: rum armada\nstarred: rum winds scurvy\nactive: 2\n# a comment\n")
    assert g.rowboats[Loc.RB_FD] == 2 and g.active == 2 and check_invariants(g) == []
    assert g.record().scenario is not None


@pytest.mark.parametrize("spec", [
    {"players": 12}, {"loyalty": "BBBBB"}, {"loyalty": "BFX F"}, {"fd": "0 1 2 3 4 5"}, {"fd": "0 0", "jr": "1 2 3"},
    {"fd": "0 1", "jr": "2"}, {"row": "pistol pistol pistol pistol pistol", "deck": "armada"},
    {"row": "pistol marque map spot", "deck": "armada"}, {"row": "pistol marque map spot nest", "deck": "rum"},
    {"hands": {"0": "CBS CBS CBS CBS"}}, {"hands": {"7": "CBS"}}, {"hands": {"0": "QQQ"}},
    {"galleon": 9}, {"holds": {"fd purple": 1}}, {"tortuga_treasure": [2, 2]}, {"destroyed": "fd"},
    {"known": {"0": "9"}}, {"active": 4}, {"rb-jr": "1 2"}, {"actions_left": 2}, {"colour": "red"}, {"sudden_death": True},
    {"players": 2, "row": "albatross marque map spot nest", "deck": "armada", "loyalty": "BF", "fd": "0", "jr": "1"},
    "players 4", "players: [1,",
])
def test_bad_specs_are_scenario_errors(spec: object) -> None:
    base = {"players": 4, "loyalty": "BFBF", "fd": "0 1", "jr": "2 3"}
    if isinstance(spec, dict):
        spec = {**base, **spec}
    with pytest.raises(ScenarioError):
        position(spec)  # type: ignore[arg-type]


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=12),
                   st.lists(st.integers(-1, 9), max_size=6), st.dictionaries(st.text(max_size=2), st.text(max_size=8),
                                                                            max_size=3))
KEYS = st.sampled_from(["players", "seed", "loyalty", "fd", "jr", "tortuga", "rb-fd", "destroyed", "hands",
                        "vote_deck", "row", "deck", "discard", "front", "starred", "galleon", "holds",
                        "tortuga_treasure", "active", "actions_left", "known", "final_row", "cap", "names"])


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(KEYS, VALUES, max_size=5))
def test_random_specs_build_or_raise_scenario_error(spec: dict[str, object]) -> None:
    try:
        g = position(spec)
    except ScenarioError:
        return
    assert check_invariants(g) == []


def test_an_empty_rowboat_spec_means_an_empty_rowboat() -> None:
    """Regression: ``rb-fd: ""`` crashed with IndexError; it names no pawn, so the rowboat is empty."""
    g = position({"players": 4, "loyalty": "BFBF", "fd": "0 1", "jr": "2 3", "rb-fd": ""})
    assert g.rowboats[Loc.RB_FD] is None and check_invariants(g) == []
