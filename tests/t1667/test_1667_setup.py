"""Tortuga 1667 components and setup: T0, T1, T8.1, T8.3, T8.4, TX."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys
from collections import Counter

import pytest

from tortuga_desktop.games.t1667.rules import (
    EVENT_CARDS,
    VOTE_CARDS,
    EventCard,
    Game,
    Kind,
    Loc,
    Loyalty,
    SetupError,
    Ship,
    Side,
    check_invariants,
)
from tortuga_desktop.games.t1667.rules.cards import LOYALTY_CARDS, STARRED, VoteCard

RULES = pathlib.Path(__file__).resolve().parents[2] / "tortuga_desktop" / "games" / "t1667" / "rules"

# players -> British, French, Dutch, FD, JR, event cards in play, event deck after the row, vote deck (T1 table)
TABLE = {
    2: (1, 1, 0, 1, 1, 18, 13, 26), 3: (1, 1, 1, 2, 1, 18, 13, 23), 4: (2, 2, 0, 2, 2, 21, 16, 20),
    5: (2, 2, 1, 3, 2, 21, 16, 17), 6: (3, 3, 0, 3, 3, 21, 16, 14), 7: (3, 3, 1, 4, 3, 21, 16, 11),
    8: (4, 4, 0, 4, 4, 21, 16, 8), 9: (4, 4, 1, 5, 4, 21, 16, 5),
}


def test_T0_purity_engine_imports_only_stdlib_and_itself() -> None:
    """The engine is pure standard library: no pygame, pygame_gui, AI or app code."""
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            mods: list[str] = []
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                mods = [node.module]
            for m in mods:
                assert m.split(".")[0] in sys.stdlib_module_names or m.startswith("tortuga_desktop.games.t1667.rules"), (
                    f"{path.name} imports {m}")
        text = path.read_text(encoding="utf-8")
        for fn in ("random.random(", "random.choice(", "random.randint(", "random.shuffle(", "random.randrange("):
            assert fn not in text, f"{path.name} uses the module-level {fn}"
    code = ("import sys, random, tortuga_desktop.games.t1667.rules as r; g = r.Game.new(5, seed=1); g.view(0); "
            "r.play_random(g, random.Random(1)); "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui', 'numpy') "
            "or m.startswith(('tortuga_desktop.games.dice.ai', 'tortuga_desktop.shell', 'tortuga_desktop.games.dice', 'tortuga_desktop.net', "
            "'tortuga_desktop.games.dice.rules', 'tortuga_desktop.games.t1667.ai'))]; print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_T0_1_T0_3_T0_4_T1_4_mat_and_starting_treasure() -> None:
    g = Game.new(4, seed=1)
    assert g.galleon == 4 and g.tortuga == {Side.BRITISH: 1, Side.FRENCH: 1}
    assert g.holds == {(Ship.FD, Side.BRITISH): 1, (Ship.FD, Side.FRENCH): 0,
                       (Ship.JR, Side.BRITISH): 0, (Ship.JR, Side.FRENCH): 1}
    assert g.destroyed is None  # T0.4: the explosion token is set aside
    assert g.rowboats == {Loc.RB_FD: None, Loc.RB_JR: None} and g.lines[Loc.TORTUGA] == []


def test_T0_2_names_come_with_the_seats() -> None:
    assert Game.new(3, seed=1).names == ["Pirate 1", "Pirate 2", "Pirate 3"]
    assert Game.new(2, seed=1, names=["Anne", "Mary"]).names == ["Anne", "Mary"]
    with pytest.raises(SetupError):
        Game.new(2, seed=1, names=["Anne"])


def test_T0_5_T0_6_T0_7_T0_8_card_counts() -> None:
    assert sum(LOYALTY_CARDS.values()) == 9 and LOYALTY_CARDS[Loyalty.DUTCH] == 1
    assert sum(VOTE_CARDS.values()) == 32
    tops = Counter()
    for c, n in VOTE_CARDS.items():
        tops[c.top] += n
    assert tops == {"C": 11, "W": 9, "T": 12}
    regular = {c: n for c, n in VOTE_CARDS.items() if not c.double}
    assert sum(regular.values()) == 30
    assert sum(n for c, n in regular.items() if c.top == "C") == 9
    assert VOTE_CARDS[VoteCard("C", "B", "H", True)] == 1 and VOTE_CARDS[VoteCard("C", "F", "S", True)] == 1
    brit = sum(n for c, n in VOTE_CARDS.items() if c.flag == "B")
    assert brit == 16 and sum(n * c.flags for c, n in VOTE_CARDS.items() if c.flag == "B") == 17
    assert sum(n for c, n in VOTE_CARDS.items() if c.bottom == "S") == 16
    for flag in "BF":
        assert sum(n for c, n in VOTE_CARDS.items() if c.flag == flag and c.bottom == "S") == 8
    assert sum(EVENT_CARDS.values()) == 24 and len(STARRED) == 6
    assert 9 + sum(EVENT_CARDS.values()) + sum(VOTE_CARDS.values()) + 9 + 1 == 75  # T0.8


@pytest.mark.parametrize("players", range(2, 10))
def test_T1_table_T1_1_T1_2_T1_3_T1_5_T1_6_T8_1_T8_3_T8_4(players: int) -> None:
    brit, fren, dutch, fd, jr, in_play, deck, vote_deck = TABLE[players]
    g = Game.new(players, seed=players * 11)
    assert Counter(g.loyalty) == Counter({Loyalty.BRITISH: brit, Loyalty.FRENCH: fren, Loyalty.DUTCH: dutch}) - Counter()
    assert len(g.lines[Loc.FD]) == fd and len(g.lines[Loc.JR]) == jr
    assert all(len(h) == 3 for h in g.hands) and len(g.vote_deck) == vote_deck
    row = [c for c in g.row if c is not None]
    assert len(row) == 5 and len(g.deck) == deck and len(row) + len(g.deck) == in_play
    assert g.deck[-1] is EventCard.ARMADA and g.deck.count(EventCard.ARMADA) == 1  # T1.6g
    in_game = Counter(row) + Counter(g.deck)
    starred = [c for c in in_game if c.starred]
    assert sum(in_game[c] for c in starred) == 3  # T1.6d
    if players <= 3:  # T1.6c, T8.3, T8.4
        assert in_game[EventCard.ALBATROSS] == 0 and in_game[EventCard.FACADE] == 0 and in_game[EventCard.FEVER] == 0
        assert Counter(g.removed) == Counter({EventCard.ALBATROSS: 3, EventCard.FACADE: 1, EventCard.FEVER: 1})
    else:
        assert in_game[EventCard.ALBATROSS] == 3 and g.removed == []
    assert check_invariants(g) == []


def test_T1_5_T1_7_bag_draw_alternates_fd_first_and_the_fd_captain_starts() -> None:
    for seed in range(20):
        g = Game.new(5, seed=seed)
        assert g.active == g.lines[Loc.FD][0]
        assert g.pending()[0].seat == g.active and g.pending()[0].kind is Kind.TURN
    firsts = {Game.new(5, seed=s).active for s in range(40)}
    assert len(firsts) > 2  # the draw is random


def test_T1_6d_starred_cards_hidden_or_named() -> None:
    hidden = {tuple(sorted(c for c in Game.new(6, seed=s).deck + Game.new(6, seed=s).row if c and c.starred))
              for s in range(30)}
    assert len(hidden) > 3  # random draws differ
    named = (EventCard.RUM, EventCard.WINDS, EventCard.FACADE)
    g = Game.new(6, seed=3, starred=named)
    in_game = {c for c in g.deck + g.row if c and c.starred}
    assert in_game == set(named) and g.view(0).starred_named == named
    assert Game.new(6, seed=3).view(0).starred_named is None
    with pytest.raises(SetupError):
        Game.new(3, seed=1, starred=(EventCard.FACADE, EventCard.RUM, EventCard.WINDS))  # T8.4
    with pytest.raises(SetupError):
        Game.new(4, seed=1, starred=(EventCard.RUM, EventCard.RUM, EventCard.WINDS))


@pytest.mark.parametrize("bad", [1, 10, 0, -3, "4", True, None, 4.0])
def test_T1_1_player_count_is_2_to_9(bad: object) -> None:
    with pytest.raises(SetupError):
        Game.new(bad, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 2**63, "7", 1.5, None, True])
def test_T9_bad_seed_is_a_setup_error(bad: object) -> None:
    with pytest.raises(SetupError):
        Game.new(4, seed=bad)  # type: ignore[arg-type]


def test_T9_one_seeded_source_same_seed_same_setup() -> None:
    a, b = Game.new(7, seed=99), Game.new(7, seed=99)
    assert a.snapshot() == b.snapshot()
    assert Game.new(7, seed=100).snapshot() != a.snapshot()


def test_TX_1_TX_2_no_rounds_rooms_mutineers_or_free_attacks() -> None:
    """TX.1: none of the imaginary game applies (no rounds, rooms, mutineer loyalty); TX.2: a Captain
    attacks the Galleon, never the rival ship while the Galleon holds treasure, and Water alone does
    not spoil an attack (see test_1667_votes for T4.6)."""
    g = Game.new(4, seed=5)
    assert set(Loyalty) == {Loyalty.BRITISH, Loyalty.FRENCH, Loyalty.DUTCH}
    assert not hasattr(g, "round")
    from tortuga_desktop.games.t1667.rules import Plunder

    assert Plunder(Side.BRITISH) in [Plunder(Side.BRITISH), Plunder(Side.FRENCH)]


def test_the_game_module_names_the_engines_key_and_loads_no_game_with_the_menu() -> None:
    """The module the shell makes for its menu at start-up imports neither the engine nor the table."""
    import subprocess
    import sys

    from tortuga_desktop.games.t1667.table import module
    from tortuga_desktop.games.t1667.table.engine import GAME_KEY

    assert module.KEY == GAME_KEY
    from tortuga_desktop.games.t1667.rules.cards import Loyalty
    from tortuga_desktop.games.t1667.table.archive import ENDINGS

    game = module.T1667Game()
    assert game.stat_sides == tuple(lo.value for lo in Loyalty)
    assert game.stat_endings == tuple(dict.fromkeys(ENDINGS.values()))
    code = ("import sys; from tortuga_desktop.shell import game as games; games.modules(); "
            "print(sorted(m for m in sys.modules if m.startswith(('tortuga_desktop.games.t1667.rules', "
            "'tortuga_desktop.games.t1667.table.engine', 'tortuga_desktop.games.dice.table.controller', 'tortuga_desktop.games.dice.ai', "
            "'multiprocessing'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[]", out.stdout
