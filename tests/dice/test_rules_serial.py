"""Serialisation (to_dict/from_dict, determinism) and hidden information (R9.1-R9.4)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from scenario import BOARD, FLEET, HUNT, build, place, state

from tortuga_desktop.games.dice.rules import (
    SKULL,
    DecisionKind,
    DicePayload,
    Game,
    StateFormatError,
    check_invariants,
    determinize,
)


def roundtrip(g: Game) -> Game:
    return Game.from_dict(json.loads(json.dumps(g.to_dict())))


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_json_roundtrip_at_every_decision(players: int, seed: int) -> None:
    """to_dict -> JSON -> from_dict -> to_dict is the identity at every decision point, and the
    reloaded game continues exactly like the original."""
    g = Game.new(players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        d = g.to_dict()
        h = roundtrip(g)
        assert h.to_dict() == d
        s = g.to_move()[0]
        action = g.random_action(s, rng)
        g.apply(s, action)
        h.apply(s, action.text())
        assert h.to_dict() == g.to_dict()
        steps += 1
    assert steps > 20 and roundtrip(g).to_dict() == g.to_dict()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_decisions_same_game(players: int) -> None:
    def play(seed: int) -> dict[str, Any]:
        g = Game.new(players, seed=seed)
        rng = random.Random(99)
        while not g.is_over:
            s = g.to_move()[0]
            g.apply(s, g.random_action(s, rng))
        return g.to_dict()

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_clone_is_independent() -> None:
    g = Game.new(3, seed=4)
    c = g.clone()
    assert c.to_dict() == g.to_dict()
    rng = random.Random(1)
    s = c.to_move()[0]
    c.apply(s, c.random_action(s, rng))
    assert c.to_dict() != g.to_dict()


def _bad(mutate: Any) -> dict[str, Any]:
    d = Game.new(3, seed=7).to_dict()
    mutate(d)
    return d


BAD_INPUTS = {
    "not a dict": lambda d: None,
    "schema": lambda d: d.update(schema=99),
    "missing seats": lambda d: d.pop("seats"),
    "41 chests": lambda d: d["seats"][0]["tortuga"].append(0),
    "39 chests": lambda d: d["seats"][0]["island"].clear(),
    "tile counts": lambda d: d["seats"][0]["tiles"].append(3),
    "bonus supply": lambda d: d.update(supply=19),
    "token off track": lambda d: d["seats"][1].update(pirate=9),
    "die twice": lambda d: d["seats"][0].update(hand=[0, 0, 1, 2, 3]),
    "roll length": lambda d: d["seats"][0].update(roll=[0, 1]),
    "bad face": lambda d: d["seats"][0].update(roll=[0, 1, 2, 3, 6]),
    "phase": lambda d: d.update(phase="lunch"),
    "bool as int": lambda d: d.update(round=True),
    "names": lambda d: d["config"].update(names=["a"]),
    "rng": lambda d: d.update(rng=[3, [1, 2, 3], None]),
    "players": lambda d: d["config"].update(players=5),
    "chest colour": lambda d: d["seats"][0]["crew"].__setitem__(0, 7),
    "start seat": lambda d: d.update(start=3),
    "center": lambda d: d.update(center=[1, 0, 0, 0, 0]),
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_from_dict_rejects_bad_data(name: str) -> None:
    data: Any = None if name == "not a dict" else _bad(BAD_INPUTS[name])
    frozen = copy.deepcopy(data)
    with pytest.raises(StateFormatError):
        Game.from_dict(data)
    assert data == frozen  # the input is not modified


@pytest.mark.parametrize("junk", ["", "[]", "42", '{"schema": 1}', '{"schema": 1, "config": {}}'])
def test_from_dict_rejects_junk(junk: str) -> None:
    with pytest.raises(StateFormatError):
        Game.from_dict(json.loads(junk) if junk else junk)


# ------------------------------------------------------------------ R9 hidden information
def test_R9_1_rolls_and_selections_hidden_until_reveal() -> None:
    """R9.1: others see neither roll nor selection before the reveal; afterwards only selected faces."""
    g = build(3)
    g.set_roll(0, [SKULL, FLEET, HUNT, BOARD, BOARD])
    g.set_roll(1, [SKULL, SKULL, FLEET, FLEET, FLEET])
    g.set_roll(2, [HUNT] * 5)
    g.apply(0, "select DE")
    v = g.view(1)
    assert v.seats[0].roll is None and v.seats[0].selection is None
    assert v.seats[0].done is True and v.seats[2].done is False
    assert v.seats[1].roll == (SKULL, SKULL, FLEET, FLEET, FLEET)  # own roll
    assert g.view(0).seats[0].selection == (3, 4)
    g.apply(2, "select A")
    g.apply(1, "select AB")  # reveal; seat 1 must now name the skulls' action
    assert g.decision_for(1).kind == DecisionKind.SKULL_ACTION
    v = g.view(2)
    assert v.seats[0].roll == (None, None, None, BOARD, BOARD)  # unselected dice stay hidden
    assert v.seats[1].roll == (SKULL, SKULL, None, None, None)
    assert v.seats[0].selection == (3, 4)


def test_R9_2_tiles_hidden_count_public() -> None:
    """R9.2: others see how many tiles, not their values; returned tiles known to the returner only."""
    g = build(3, seats=[{"tiles": [3, 1]}])
    v = g.view(1)
    assert v.seats[0].tiles is None and v.seats[0].returned is None
    assert v.seats[0].tile_count == 2
    assert g.view(0).seats[0].tiles == (3, 1)
    data = v.to_json()
    for key in ("rng", "pool", "seed", "config", "events", "record"):
        assert key not in data
    assert v.pool_size == 28 and v.viewer == 1


def test_R9_2_drawn_tiles_and_log_redacted() -> None:
    """R9.2: the two drawn tiles and the kept value are private to the Treasure hunt 1st."""
    g = build(3, pool=[1, 0, 1], park=2)
    place(g, {0: {"hunt": "ABCDE"}, 1: {"hunt": "C", "fleet": "ABDE"}, 2: {"crew": "ABCDE"}})
    while g.act_action < HUNT:
        g.apply(g.to_move()[0], "forfeit")
    g.apply(0, "act")
    assert g.view(1).drawn is None and g.view(1).drawn_count == 2
    assert sorted(g.view(0).drawn or ()) == [1, 3]
    g.apply(0, "keep 3")
    assert g.view(1).seats[0].tiles is None
    assert not any("keeps the 3-coin" in line for line in g.log_for(1))
    assert any("keeps the 3-coin tile" in line for line in g.log_for(0))
    assert g.view(0).seats[0].returned == (1,)


def test_R9_3_public_parts_visible() -> None:
    """R9.3: tokens, bonus tiles, chests, center, bag counts, placed dice and start player are public."""
    g = build(3, start=2, seats=[{"boat": 5, "bonus": [1, 0, 2, 0, 0], "tortuga": "RB", "crew": "P",
                                  "placed": {"board": "AB"}}], center="Y")
    v = g.view(1)
    s0 = v.seats[0]
    assert (s0.boat, s0.bonus, s0.tortuga, s0.crew, s0.placed[BOARD]) == (
        5, (1, 0, 2, 0, 0), (0, 1), (4,), (0, 1))
    assert v.center == (False, False, True, False, False) and list(v.bag) == g.bag and v.start == 2


def _hidden_pair() -> tuple[Game, Game]:
    """Two games equal except for seat 1's hidden roll, selection and tile values."""
    a = build(3, seats=[{}, {"tiles": [1, 1]}, {}])
    b = build(3, seats=[{}, {"tiles": [3, 2]}, {}])
    a.set_roll(1, [FLEET, FLEET, SKULL, HUNT, BOARD])
    b.set_roll(1, [BOARD, SKULL, SKULL, HUNT, HUNT])
    for g in (a, b):
        g.set_roll(0, [HUNT] * 5)
        g.set_roll(2, [HUNT] * 5)
    a.apply(1, "select AB")
    b.apply(1, "select DE")
    return a, b


def test_R9_view_identical_when_only_hidden_parts_differ() -> None:
    """R9.1/R9.2: seat 0's view (as JSON) cannot tell the two games apart; seat 1's can."""
    a, b = _hidden_pair()
    for viewer in (0, 2, None):
        assert a.view(viewer).to_bytes() == b.view(viewer).to_bytes()
    assert a.view(1) != b.view(1)


def test_R9_4_determinize_depends_only_on_the_view() -> None:
    """R9.4: a computer player decides from its view: determinize gives the same game for both."""
    a, b = _hidden_pair()
    for seed in range(3):
        da, db = determinize(a.view(0), seed), determinize(b.view(0), seed)
        assert da.to_dict() == db.to_dict()
        assert da.legal_actions(0) == a.legal_actions(0)


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_R9_4_determinize_keeps_viewer_decision(players: int, seed: int) -> None:
    """determinize(view, seed): the viewer's pending decision and legal actions are the real ones,
    the sampled game is sound, and it can be played on."""
    g = Game.new(players, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not g.is_over:
        for d in g.pending():
            if checked % 3 == 0:
                dg = determinize(g.view(d.seat), seed + checked)
                assert check_invariants(dg) == []
                mine = dg.decision_for(d.seat)
                assert mine is not None and mine.kind == d.kind and mine.payload == d.payload
                assert dg.legal_actions(d.seat) == g.legal_actions(d.seat)
                dg.apply(d.seat, dg.random_action(d.seat, random.Random(checked)))
            checked += 1
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    assert checked > 50


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23), (4, 24)])
def test_determinize_builds_the_game_the_checked_loader_builds(players: int, seed: int) -> None:
    """The fast build gives the same game as loading the sampled data with every save check
    (which also proves the sample passes those checks), for every seat's view and the public
    one at every decision of whole games."""
    g = Game.new(players, seed=seed, log=False)
    rng = random.Random(seed)
    compared = 0
    while not g.is_over:
        for viewer in [*range(players), None]:
            view = g.view(viewer)
            fast = determinize(view, compared)
            slow = determinize(view, compared, checked=True)
            assert fast.to_dict() == slow.to_dict()
            for d in g.pending():
                assert fast.legal_actions(d.seat) == slow.legal_actions(d.seat)
            compared += 1
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    assert compared > 200


def test_view_does_not_leak_state_for_json() -> None:
    """Views are JSON-compatible and the full state is never changed by taking a view."""
    g = build(3, seats=[{"tiles": [2]}])
    before = state(g)
    for viewer in (0, 1, 2, None):
        json.dumps(g.view(viewer).to_json())
    assert state(g) == before


def _two_stuck_players() -> Game:
    """Seats 0 and 1 both cannot place a die in the same roll step (R3.6); seat 0 rerolls first and
    has a real (open) choice, seat 1 waits for its turn in the stuck queue."""
    stuck = {"boat": 1, "pirate": 1, "placed": {"board": "A", "raid": "B"}}
    for seed in range(50):
        g = build(3, seed=seed, seats=[stuck, stuck, {}])
        g.set_roll(0, [BOARD, 4, BOARD])
        g.set_roll(1, [4, 4, BOARD])
        g.set_roll(2, [HUNT] * 5)
        g.apply(0, "select -")  # R9.1: stuck rolls are confirmed too
        g.apply(1, "select -")
        g.apply(2, "select A")
        d = g.decision_for(0)
        if d is not None and d.payload == DicePayload(open=True):
            return g
    raise AssertionError("no seed gives seat 0 an open choice")


def test_R3_6_R9_stuck_roll_is_public_after_reveal() -> None:
    """R3.6: a player with no valid selection reveals the roll; after the reveal every view shows it."""
    g = _two_stuck_players()
    assert g.view(2).stuck == (0, 1)
    assert list(g.view(2).seats[1].roll or ()) == g.seats[1].roll


def test_R9_4_determinize_with_two_stuck_players_can_continue() -> None:
    g = _two_stuck_players()
    for viewer in (0, 2):
        dg = determinize(g.view(viewer), 1)
        assert dg.legal_actions(0) == g.legal_actions(0)
        dg.apply(0, g.legal_actions(0)[0])
        assert check_invariants(dg) == []
