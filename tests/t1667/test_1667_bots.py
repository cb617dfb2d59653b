"""Tortuga 1667's computer players behind one interface (bots.py): legal, seeded, blind to what their seat
may not know, and deducing (Normal's belief; Hard's search).

Rule ids name what a test relies on (RULES-1667.md): T9 (what a seat may see), T4 (votes), T3.8
(Maroon), T3.11 (Shift), T6.14 (Facade), TR26 (two players know each other's loyalty).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from tortuga_desktop.games.t1667.ai.belief import Belief
from tortuga_desktop.games.t1667.ai.bots import LEVELS, HardBot, NormalBot, make_bot
from tortuga_desktop.games.t1667.ai.players import Choice
from tortuga_desktop.games.t1667.arena import GameResult, deduction_by_tenth, play_game
from tortuga_desktop.games.t1667.arena import main as arena_main
from tortuga_desktop.games.t1667.rules import Game, Loyalty, Maroon, Shift, Side, position
from tortuga_desktop.games.t1667.rules.random_player import random_action


def _play(levels: list[str], seed: int) -> Game:
    """A whole game by bots fed only their seat's events and view."""
    n = len(levels)
    g = Game.new(players=n, seed=seed)
    bots = [make_bot(lv, seed * 10 + s) for s, lv in enumerate(levels)]
    for b in bots:
        if isinstance(b, HardBot):
            b.worlds = 3
    seen = [0] * n
    while not g.is_over:
        seat = g.pending()[0].seat
        bots[seat].observe(g.events_for(seat, seen[seat]))
        seen[seat] = len(g.log)
        legal = g.legal_actions(seat)
        choice = bots[seat].decide(g.view(seat), legal)
        assert isinstance(choice, Choice) and choice.action in legal
        g.apply(seat, choice.action)
    return g


@pytest.mark.parametrize("players", [2, 3, 4, 6, 9])
@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_every_level_plays_whole_games_with_legal_actions(level: str, players: int) -> None:
    g = _play([level] * players, seed=players)
    assert g.outcome is not None and g.outcome.reason.value != "draw-cap"  # T7.8: bots never reach the cap


def test_hard_plays_a_whole_game_beside_normals() -> None:
    g = _play(["hard", "normal", "normal", "normal"], seed=5)
    assert g.outcome is not None


def test_same_seed_same_game() -> None:
    a = _play(["normal", "easy", "normal", "easy", "normal"], seed=8)
    b = _play(["normal", "easy", "normal", "easy", "normal"], seed=8)
    assert a.entries == b.entries


def test_belief_starts_uniform_over_consistent_assignments() -> None:
    g = Game.new(players=9, seed=1)
    b = Belief.from_view(g.view(0))
    # 9 seats, 4 British 4 French 1 Dutch, own card known: 8!/(a!b!c!) with one fewer of our own kind
    assert len(b.assignments) in (280, 70)
    assert all(a[0] is g.loyalty[0] for a in b.assignments)
    for s in range(9):
        assert sum(b.marginal(s).values()) == pytest.approx(1.0)


def test_two_players_know_each_other(  # TR26
) -> None:
    g = Game.new(players=2, seed=4)
    b = Belief.from_view(g.view(0))
    assert b.assignments == [tuple(g.loyalty)]


def test_shifting_treasure_to_a_side_makes_that_loyalty_likely() -> None:  # T3.11 as evidence
    g = position({"players": 6, "loyalty": "BFBFBF", "fd": [0, 1, 2], "jr": [3, 4, 5], "active": 2,
                  "holds": {"fd french": 1, "jr french": 1}, "galleon": 4})
    watcher = Belief.from_view(g.view(5))  # seat 5 watches seat 2, the FD Cabin Boy
    before = watcher.marginal(2)[Loyalty.BRITISH]
    start = len(g.log)
    g.apply(2, Shift(Side.FRENCH))  # French hold -> British hold
    watcher.observe(g.events_for(5, start))
    assert watcher.marginal(2)[Loyalty.BRITISH] > before + 0.25


def test_marooning_makes_captain_and_victim_likely_enemies() -> None:  # T3.8 as evidence
    g = position({"players": 6, "loyalty": "BFBFBF", "fd": [0, 1, 2], "jr": [3, 4, 5], "active": 0})
    watcher = Belief.from_view(g.view(4))  # French seat 4 watches
    start = len(g.log)
    g.apply(0, Maroon(2))
    watcher.observe(g.events_for(4, start))
    together = sum(p for a, p in zip(watcher.assignments, watcher.probabilities(), strict=True) if a[0] is a[2])
    assert together < 0.4  # uniform prior gives 0.4 for two unknown seats of 5 (2 British left of 5 others... )


def test_normal_deduces_most_loyalties_by_the_end() -> None:
    wins = []
    for seed in range(6):
        res = play_game(["normal"] * 6, seed=1000 + seed, bot_seed=seed, deduction=True)
        wins.extend(res.accuracy[10])
    assert sum(wins) / len(wins) >= 0.6


def _hide_differently(g: Game, me: int, rng: random.Random) -> Game:
    """A copy that differs only in what ``me`` may not know (T9): other seats' hands of equal size swapped,
    the event deck's order above the Armada, and the row cards ``me`` has not seen."""
    h = g.clone()
    others = [s for s in range(h.players) if s != me]
    sizes: dict[int, list[int]] = {}
    for s in others:
        sizes.setdefault(len(h.hands[s]), []).append(s)
    for group in sizes.values():
        cards = [h.hands[s] for s in group]
        rng.shuffle(cards)
        for s, c in zip(group, cards, strict=True):
            h.hands[s] = c
    if len(h.deck) > 1 and not h.final_row:
        top = h.deck[:-1]
        rng.shuffle(top)
        h.deck = top + h.deck[-1:]
    unknown = [i for i, c in enumerate(h.row) if c is not None and (i + 1) not in h.known[me]
               and not any((i + 1) in k for k in h.known)]
    cards_u = [h.row[i] for i in unknown]
    rng.shuffle(cards_u)
    for i, c in zip(unknown, cards_u, strict=True):
        h.row[i] = c
    h._legal_cache = None
    return h


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_decisions_depend_only_on_what_the_seat_may_know(level: str) -> None:  # T9
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        g = Game.new(players=6, seed=seed)
        for _ in range(rng.randrange(5, 25)):
            if g.is_over:
                break
            seat = g.pending()[0].seat
            g.apply(seat, random_action(g, seat, rng))
        if g.is_over:
            continue
        me = g.pending()[0].seat
        h = _hide_differently(g, me, rng)
        assert g.view(me) == h.view(me) and g.events_for(me) == h.events_for(me)
        choices = []
        for game in (g, h):
            bot = make_bot(level, 77)
            if isinstance(bot, HardBot):
                bot.worlds = 4
            bot.observe(game.events_for(me))
            choices.append(bot.decide(game.view(me), game.legal_actions(me)))
        assert choices[0] == choices[1]
        checked += 1
    assert checked >= 2


def test_a_normal_reason_names_its_belief() -> None:
    g = position({"players": 6, "loyalty": "BFBFBF", "fd": [0, 1, 2], "jr": [3, 4, 5], "active": 0,
                  "galleon": 2, "holds": {"fd british": 2, "jr french": 2}})
    bot = NormalBot(1)
    bot.observe(g.events_for(0))
    bot.decide(g.view(0), g.legal_actions(0))  # builds the belief
    assert bot.belief is not None
    # seat 1 shifted treasure to the French hold twice: likely French, and the Captain's enemy
    bot.belief._active = 1
    from tortuga_desktop.games.t1667.rules.events import TreasureMoved

    bot.belief.observe([TreasureMoved("fd british", "fd french", "shift")] * 3)
    choice = bot.decide(g.view(0), g.legal_actions(0))
    assert choice.action == Maroon(1)
    assert choice.reason.key == "maroon_likely"
    text = choice.reason.english(g.names)
    assert "likely French" in text and "%" in text


def test_levels_and_errors() -> None:
    assert LEVELS == ("random", "easy", "normal", "hard")
    with pytest.raises(ValueError, match="unknown 1667 level"):
        make_bot("expert", 1)


def test_arena_prints_team_shares(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["--game", "1667", "--teams", "normal,easy", "--players", "4", "--games", "2",
                       "--seed", "5", "--json", "--deduction"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and 0 <= out["team_a_win_share"] <= 1 and len(out["deduction_by_tenth"]) == 11
    # an interval per tenth, over the two game seeds as samples, around the mean and within 0..1
    for mean, ci in zip(out["deduction_by_tenth"], out["deduction_ci95_by_tenth"], strict=True):
        assert ci is not None and 0 <= ci[0] <= mean <= ci[1] <= 1


def test_the_deduction_interval_is_centred_on_the_figure_printed_beside_it() -> None:
    """Three seeds with 3, 1 and 2 scores at the first tenth: the figure is the mean of all six scores (0.783),
    not the mean of the seeds' means (0.733), and its interval (each seed one sample: the cluster-robust error
    of that mean) is centred on it; a tenth without scores has neither."""
    scores = {(0, 0): [0.9, 0.9], (0, 1): [0.9], (1, 0): [0.6], (1, 1): [], (2, 0): [0.7], (2, 1): [0.7]}
    meta = list(scores)
    results = [GameResult(["normal"] * 4, [0], ["british"] * 4, 10, "armada",
                          accuracy=[v] + [[] for _ in range(10)]) for v in scores.values()]
    points, intervals = deduction_by_tenth(meta, results)
    assert points == [0.783] + [None] * 10 and intervals[1:] == [None] * 10
    ci = intervals[0]
    assert ci == [0.612, 0.955]  # 4.7/6 -+ 1.96 * sqrt(3/2 * (0.35^2 + 0.1833^2 + 0.1667^2)) / 6
    assert ci is not None and abs((ci[0] + ci[1]) / 2 - 0.783) <= 0.001
    # equal counts per seed: the usual interval over the seeds' means
    even = [GameResult(["normal"] * 4, [0], ["british"] * 4, 10, "armada", accuracy=[[x]] + [[] for _ in range(10)])
            for x in (0.5, 0.7, 0.9)]
    assert deduction_by_tenth([(0, 0), (1, 0), (2, 0)], even) == ([0.7] + [None] * 10,
                                                                   [[0.474, 0.926]] + [None] * 10)


def test_the_arena_command_takes_game_1667() -> None:
    r = subprocess.run([sys.executable, "-m", "tortuga_desktop.arena", "--game", "1667", "--seats",
                        "normal,easy,easy", "--games", "1", "--json"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert [e["level"] for e in out["entries"]] == ["normal", "easy", "easy"]


def test_bots_import_no_pygame_or_app() -> None:
    """The bots and the arena load no pygame, no other game and nothing of the app but the shell's pure
    vocabulary (the words for levels) and interfaces (``shell.engine``)."""
    code = ("import sys; import tortuga_desktop.games.t1667.ai.bots, tortuga_desktop.games.t1667.arena; "
            "pure = {'tortuga_desktop.shell', 'tortuga_desktop.shell.levels', 'tortuga_desktop.shell.engine'}; "
            "bad = [m for m in sys.modules if m.startswith(('pygame', 'tortuga_desktop.shell', 'tortuga_desktop.games.dice')) "
            "and m not in pure]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


def test_hard_budget_is_a_count_of_worlds_not_a_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's decisions must not depend on how fast or busy the machine is: it never reads a clock, and it
    plays out every candidate in exactly ``worlds`` sampled worlds (a 0.6 s CPU budget used to cut some
    searches short, so the same seed could play differently)."""
    import time

    def no_clock() -> float:
        raise AssertionError("Hard read a clock")

    for name in ("time", "perf_counter", "thread_time", "process_time", "monotonic"):
        monkeypatch.setattr(time, name, no_clock)
    g = position({"players": 4, "loyalty": "BFBF", "fd": [0, 1], "jr": [2, 3], "active": 0,
                  "galleon": 4, "holds": {"fd british": 1, "jr french": 1}})
    bot = HardBot(5, worlds=5)
    played: list[int] = []
    real = bot._playout

    def counting(world: Game, me: int, first: object) -> float:
        played.append(1)
        return real(world, me, first)  # type: ignore[arg-type]

    monkeypatch.setattr(bot, "_playout", counting)
    bot.observe(g.events_for(0))
    legal = g.legal_actions(0)
    bot.decide(g.view(0), legal)
    cands = bot._candidates(g.view(0), list(legal), NormalBot(5).decide(g.view(0), legal).action)
    assert len(cands) > 1 and len(played) == 5 * len(cands)


def test_a_time_bounded_arena_still_reports_the_finished_seeds() -> None:
    """`timeout` sends SIGTERM: the arena stops after the game in progress and prints its figures over the
    seeds whose games all finished (both variants of a --teams seed), marked stopped_early."""
    import signal
    import time

    p = subprocess.Popen([sys.executable, "-m", "tortuga_desktop.arena", "--game", "1667", "--teams",
                          "easy,random", "--players", "4", "--games", "400", "--seed", "3", "--json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4.0)  # imports, the deals, then some of the 800 games (about 30 a second)
    p.send_signal(signal.SIGTERM)
    out_s, err = p.communicate(timeout=60)
    assert p.returncode == 0, err
    out = json.loads(out_s)
    assert out["stopped_early"] is True
    assert out["games"] >= 2 and out["games"] % 2 == 0 and sum(out["wins"].values()) == out["games"]
