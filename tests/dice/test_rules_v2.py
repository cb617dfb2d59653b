"""Engine v2: revised rulings R0.8 (dice grid per rules version), R4.11 (surplus the moment a
token moves), R9.1 (every roll is confirmed), typed events, normalised actions, engine errors."""

from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import pytest
from scenario import BOARD, FLEET, HUNT, RAID, build, place, seat_rows

from tortuga_desktop.games.dice.rules import (
    DICE_GRIDS,
    DIE_VALUES,
    RULES_VERSION,
    DecisionKind,
    Game,
    Phase,
    SelectDice,
    SetupError,
    Stage,
    StateFormatError,
    TakeChest,
    describe,
)
from tortuga_desktop.games.dice.rules.events import (
    ChestMoved,
    DiceRolled,
    LegacyLine,
    SelectionConfirmed,
    SurplusDropped,
    TargetChosen,
    TileKept,
    TilesCounted,
    TilesDrawn,
    TokenMoved,
    event_from_dict,
    event_to_dict,
)

RULES = pathlib.Path(__file__).resolve().parents[2] / "tortuga_desktop" / "rules"


# ---------------------------------------------------------------- R0.8 grids
def test_R0_8_new_games_use_rules_version_2() -> None:
    g = Game.new(3, seed=1)
    assert g.rules_version == RULES_VERSION == 2 and g.grid == DIE_VALUES == DICE_GRIDS[2]
    assert DIE_VALUES[0] == (4, 1, 3, 5, 2)  # die A as quoted from the printed game
    assert g.to_dict()["config"]["rules_version"] == 2


@pytest.mark.parametrize("version,fleet,crew", [(1, 2 + 3, 5 + 1 + 2), (2, 4 + 5, 3 + 4 + 5)])
def test_R0_8_totals_use_the_games_grid(version: int, fleet: int, crew: int) -> None:
    """R0.8, R4.2: the same dice are worth the grid of the game's rules version."""
    g = build(3, rules_version=version)
    place(g, {0: {"fleet": "AB", "crew": "CDE"}, 1: {"hunt": "ABCDE"}, 2: {"hunt": "ABCDE"}})
    assert g.seats[0].total(FLEET) == fleet
    assert g.seats[0].total(1) == crew
    assert g.positions(FLEET) == [0]


def test_R0_8_old_save_without_rules_version_keeps_the_old_grid() -> None:
    """R0.8: a save written before the revision (no rules version, text log) continues with grid 1."""
    g = Game.new(3, seed=5)
    d = g.to_dict()
    del d["config"]["rules_version"]
    del d["events"]
    del d["record"]
    d["log"] = [[1, -1, "Round 1 begins.", "Round 1 begins."], [1, 0, "secret kept", "Player 1 keeps a 3."]]
    old = Game.from_dict(json.loads(json.dumps(d)))
    assert old.rules_version == 1 and old.grid == DICE_GRIDS[1]
    assert all(p.values == DICE_GRIDS[1] for p in old.seats)
    assert old.log_for(None) == ["Round 1 begins.", "secret kept"]
    assert old.log_for(0) == ["Round 1 begins.", "Player 1 keeps a 3."]
    again = Game.from_dict(old.to_dict())
    assert again.rules_version == 1 and again.to_dict() == old.to_dict()  # a save never changes its dice
    assert all(isinstance(e, LegacyLine) for e in again.events)


def test_R0_8_unknown_rules_version_is_refused() -> None:
    d = Game.new(2, seed=1).to_dict()
    d["config"]["rules_version"] = 3
    with pytest.raises(StateFormatError):
        Game.from_dict(d)
    with pytest.raises(SetupError):
        Game.new(2, rules_version=7)


# ---------------------------------------------------------------- R4.11 revised
def _effect_game(action: int, players: int = 3, defended: bool = False, **seats: dict[str, object]) -> Game:
    """Seat 0 1st and seat 1 2nd on ``action`` (Board or Raid); seat 2 defends if ``defended``."""
    word = "board" if action == BOARD else "raid"
    # Board: A5 B1 C2 D3 E4; Raid: A2 B3 C4 D5 E1 (R0.8, rules version 2)
    first, second, defence = ("AE", "D", "B") if action == BOARD else ("CD", "B", "E")
    specs = [dict(seats.get(f"s{i}", {})) for i in range(players)]
    g = build(players, seats=specs)
    rest = lambda used: "".join(x for x in "ABCDE" if x not in used)  # noqa: E731
    layout = {0: {word: first, "hunt": rest(first)}, 1: {word: second, "hunt": rest(second)}}
    if players == 3:
        layout[2] = {word: defence, "fleet": rest(defence)} if defended else {"fleet": "ABCDE"}
    else:
        layout[1] = {word: second, "hunt": rest(second)} if defended else {"hunt": "ABCDE"}
    place(g, layout)
    while g.act_action < action:
        (d,) = g.pending()
        g.apply(d.seat, "forfeit")
    return g


@pytest.mark.parametrize("action,area,token", [(BOARD, "fleet", "boat"), (RAID, "crew", "pirate")])
def test_R4_11_second_target_drops_surplus_and_second_takes_it(action: int, area: str, token: str) -> None:
    """R4.11 (revised): 2nd's target drops its surplus at once; 2nd may take that very chest."""
    g = _effect_game(action, s2={token: 4, area: "RBY"})
    g.apply(0, "forfeit")
    events = g.apply(1, "target 2")
    kinds = [type(e) for e in events]
    assert kinds[:4] == [TargetChosen, TokenMoved, SurplusDropped, ChestMoved]
    assert events[2] == SurplusDropped(events[2].round, events[2].decision, 2, area, 2, True, False)
    assert events[3] == ChestMoved(events[3].round, events[3].decision, 2, -1, "center", 1, "island")
    assert not g.center[2]


@pytest.mark.parametrize("action,area,token", [(BOARD, "fleet", "boat"), (RAID, "crew", "pirate")])
def test_R4_11_second_defended_both_drop_then_second_chooses(action: int, area: str, token: str) -> None:
    """R4.11 (revised): target's token moves and drops, then 2nd's own token moves and drops,
    and only then 2nd chooses a chest from the center island - its own dropped chest included."""
    g = _effect_game(action, defended=True, s1={token: 4, area: "RBW"}, s2={token: 4, area: "RBY"})
    g.apply(0, "forfeit")
    events = g.apply(1, "target 2")
    moves = [(e.seat, e.why) for e in events if isinstance(e, TokenMoved)]
    drops = [(e.seat, e.colour) for e in events if isinstance(e, SurplusDropped)]
    assert moves == [(2, "hit_defended"), (1, "defence")] and drops == [(2, 2), (1, 3)]
    order = [type(e).__name__ for e in events]
    assert order == ["TargetChosen", "TokenMoved", "SurplusDropped", "TokenMoved", "SurplusDropped"]
    d = g.pending()[0]
    assert d.seat == 1 and d.kind == DecisionKind.TAKE_CHEST and d.payload.source == "center"
    assert set(g.legal_actions(1)) == {TakeChest(2), TakeChest(3)}  # yellow (target's) and white (own)
    took = g.apply(1, "chest W")
    assert isinstance(took[0], ChestMoved) and took[0].colour == 3 and took[0].from_area == "center"
    assert g.center[2] and not g.center[3]


@pytest.mark.parametrize("action,area,token", [(BOARD, "fleet", "boat"), (RAID, "crew", "pirate")])
@pytest.mark.parametrize("defended", [False, True])
def test_R4_11_first_takes_before_the_tokens_move(action: int, area: str, token: str, defended: bool) -> None:
    """R4.11 (revised): 1st takes its chest first; only then the tokens move and drop surplus."""
    g = _effect_game(action, defended=defended, s0={token: 4, area: "RBW"}, s2={token: 4, area: "RBY"})
    assert g.apply(0, "target 2")[0] == TargetChosen(g.round, g.decisions, 0, action, 1, 2)
    events = g.apply(0, "chest R")
    assert isinstance(events[0], ChestMoved) and events[0].from_seat == 2 and events[0].colour == 0
    assert seat_rows(g, 2)[area] == "BY"  # the taken chest left room: nothing dropped from the target
    drops = [(e.seat, e.colour, e.to_center) for e in events if isinstance(e, SurplusDropped)]
    assert drops == ([(0, 3, True)] if defended else [])
    assert seat_rows(g, 0)[area] == ("RB" if defended else "RBW")


def test_R4_11_R6_2_two_players_own_surplus_goes_to_the_bag() -> None:
    """R4.11 + R6.2: in a 2-player game the defended 1st's own surplus goes to the bag."""
    g = _effect_game(RAID, players=2, defended=True, s0={"pirate": 4, "crew": "RBW"}, s1={"pirate": 4, "crew": "RBY"})
    assert g.act_order == [0]
    g.apply(0, "target 1")
    events = g.apply(0, "chest R")
    drops = [(e.seat, e.colour, e.to_center) for e in events if isinstance(e, SurplusDropped)]
    assert drops == [(0, 3, False)]
    assert not any(g.center)


# ---------------------------------------------------------------- R9.1 revised
def _roll_game(faces: list[int], text: str) -> Game:
    g = build(3, seats=[{"boat": 1, "pirate": 1, "placed": {"board": "A", "raid": "B"}}])
    g.set_roll(0, faces)
    assert 0 in g.to_move() and [d.seat for d in g.pending()] == [0, 1, 2]
    assert g.legal_actions(0)[0].text() == text or text in {a.text() for a in g.legal_actions(0)}
    g.apply(0, text)
    return g


def test_R9_1_chosen_forced_and_stuck_rolls_look_the_same_to_others() -> None:
    """R9.1: others' views, logs, events and waiting lists cannot tell a chosen, a forced (one
    valid selection) and a stuck (none, R3.6) roll apart before the reveal."""
    stuck = _roll_game([BOARD, RAID, BOARD], "select -")
    forced = _roll_game([FLEET, BOARD, RAID], "select C")
    chosen = _roll_game([FLEET, FLEET, HUNT], "select D")
    assert stuck.legal_actions(0) == [] and SelectDice(()) not in forced.legal_actions(1)
    for viewer in (1, 2, None):
        views = {g.view(viewer).to_bytes() for g in (stuck, forced, chosen)}
        assert len(views) == 1
        assert stuck.events_for(viewer) == forced.events_for(viewer) == chosen.events_for(viewer)
        assert stuck.log_for(viewer) == forced.log_for(viewer) == chosen.log_for(viewer)
    for g in (stuck, forced, chosen):
        assert [d.seat for d in g.pending()] == [1, 2]
        assert isinstance(g.events[-1], SelectionConfirmed) and g.events[-1].seat == 0


def test_R9_1_stuck_roll_confirm_is_the_only_option_and_only_for_stuck_rolls() -> None:
    g = build(3, seats=[{"boat": 1, "pirate": 1, "placed": {"board": "A", "raid": "B"}}])
    g.set_roll(0, [BOARD, RAID, BOARD])
    assert g.legal_actions(0) == [SelectDice(())]
    assert g.decision_for(0) is not None and g.decision_for(0).kind == DecisionKind.SELECT_DICE
    g.set_roll(1, [FLEET] * 5)
    with pytest.raises(Exception, match="at least one die"):
        g.apply(1, "select -")


# ---------------------------------------------------------------- events
def test_events_are_stamped_and_apply_returns_its_own_event_first() -> None:
    g = Game.new(3, seed=2)
    assert all(e.decision == 0 and e.round == 1 for e in g.events)
    s = g.to_move()[0]
    out = g.apply(s, g.legal_actions(s)[0])
    assert out and out[0] == SelectionConfirmed(1, 1, s) and all(e.decision == 1 for e in out)
    quiet = Game.new(3, seed=2, log=False)
    assert quiet.events == [] and quiet.apply(s, quiet.legal_actions(s)[0]) == ()


def test_R9_private_events_are_redacted_for_others() -> None:
    """R9.1/R9.2: rolls and tile values reach only their owner; others see public twins."""
    g = build(3, pool=[15, 9, 4], park=0)
    place(g, {0: {"hunt": "ABCDE"}, 1: {"fleet": "ABCDE"}, 2: {"fleet": "ABCDE"}})
    for s in (0, 1, 2):
        assert any(isinstance(e, DiceRolled) and e.owner == s for e in g.events_for(s))
        assert not any(isinstance(e, DiceRolled) and e.owner != s for e in g.events_for(s))
    assert not any(isinstance(e, DiceRolled) for e in g.events_for(None))
    while g.act_action < HUNT:
        g.apply(g.to_move()[0], "forfeit")
    g.apply(0, "act")
    mine = [e for e in g.events_for(0) if isinstance(e, TilesDrawn)]
    theirs = [e for e in g.events_for(1) if isinstance(e, (TilesDrawn, TilesCounted))]
    assert len(mine) == 1 and len(mine[0].values) == 2 and theirs == [TilesCounted(1, g.decisions, 0, 2)]
    if g.drawn:
        g.apply(0, g.legal_actions(0)[0])
    assert any(isinstance(e, TileKept) for e in g.events_for(0))
    assert not any(isinstance(e, TileKept) for e in g.events_for(2))


def test_events_round_trip_and_bad_events_are_refused() -> None:
    g = Game.new(4, seed=9)
    import random

    rng = random.Random(1)
    for _ in range(300):
        if g.is_over:
            break
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    for e in g.events:
        assert event_from_dict(json.loads(json.dumps(event_to_dict(e)))) == e
        assert isinstance(describe(e, g.names), str)
    again = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.events == g.events and again.log_for(1) == g.log_for(1)
    for bad in ({"type": "Nope"}, {"type": ["x"]}, {"type": "StartPlayer", "round": 1, "decision": 0},
                {"type": "StartPlayer", "round": 1, "decision": 0, "seat": "0"}, [], None,
                {"type": "RollStep", "round": 1, "decision": 0, "seats": [True]}):
        with pytest.raises(StateFormatError):
            event_from_dict(bad)


# ---------------------------------------------------------------- shape
def test_phase_and_stage_are_str_enums() -> None:
    g = Game.new(2, seed=1)
    assert g.phase is Phase.DICE and g.phase == "dice" and g.stage == Stage.SELECT == "select"
    assert json.loads(json.dumps(g.to_dict()))["phase"] == "dice"


def test_actions_are_normalised() -> None:
    assert SelectDice((2, 0)) == SelectDice((0, 2)) and hash(SelectDice((2, 0))) == hash(SelectDice((0, 2)))
    assert SelectDice((4, 1)).text() == "select BE" and SelectDice(()).text() == "select -"


def test_rules_modules_import_nothing_lazily() -> None:
    """The package has no import circle to hide: no import statement inside a function."""
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{path.name}:{node.name} imports inside a function"


def test_loader_errors_hold_under_python_O() -> None:
    """Validation never relies on assert: bad data raises StateFormatError with -O too."""
    code = (
        "import json; from tortuga_desktop.games.dice.rules import Game, StateFormatError\n"
        "d = Game.new(3, seed=1).to_dict(); bad = []\n"
        "for k, v in (('round', 0), ('phase', 'x'), ('bag', [99] * 5), ('events', [{'type': 'X'}]),\n"
        "             ('record', [[0, 'jump']]), ('rng', [3, [1] * 3, None])):\n"
        "    e = json.loads(json.dumps(d)); e[k] = v\n"
        "    try:\n"
        "        Game.from_dict(e); bad.append(k)\n"
        "    except StateFormatError:\n"
        "        pass\n"
        "print(','.join(bad) or 'ok')\n"
    )
    out = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "ok"
