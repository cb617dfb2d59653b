"""Tortuga 1667 computer players (Random, Easy): legal choices from the view alone, with reasons."""

from __future__ import annotations

import random

import pytest
from t1667_helpers import game, play

from tortuga_desktop.games.t1667.ai.players import PLAYERS, easy_player, play_game, random_player
from tortuga_desktop.games.t1667.rules import (
    Attack,
    Brawl,
    Game,
    Kind,
    NameSeat,
    Shift,
    Side,
    check_invariants,
)


def test_bots_finish_games_with_legal_choices_and_reasons() -> None:
    for seed in range(24):
        g = Game.new(2 + seed % 8, seed)
        bots = [PLAYERS["easy" if s % 2 else "random"] for s in range(g.players)]
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.pending()[rng.randrange(len(g.pending()))].seat
            legal = g.legal_actions(seat)
            choice = bots[seat](g.view(seat), legal, rng)
            assert choice.action in legal and choice.reason.english(g.names)
            g.apply(seat, choice.action)
        assert check_invariants(g) == [] and g.actions_taken < 300


def test_easy_plays_for_its_team() -> None:
    # Cabin Boy of FD (seat 1, French) shifts the British treasure into the French hold
    g = game(active=1)
    c = easy_player(g.view(1), g.legal_actions(1), random.Random(0))
    assert c.action == Shift(Side.BRITISH)
    # a Captain holding a Cannon attacks
    g = game(hands={"0": "CBS WBH WBH"})
    assert easy_player(g.view(0), g.legal_actions(0), random.Random(0)).action == Attack()
    # the Governor brawls when Tortuga's treasure is not all on its side
    g = game(fd="0", jr="2", tortuga="1 3", active=1, hands={"1": "TFS WBH WBH"})
    assert easy_player(g.view(1), g.legal_actions(1), random.Random(0)).action == Brawl()
    # with 2 players it knows the other's loyalty and shoots the enemy
    g = game(players=2, loyalty="BF", fd="0", jr="1", row="pistol marque map spot nest", deck="rum armada",
             starred="rum winds scurvy")
    play(g, 0, "reveal 1")
    assert g.pending()[0].kind is Kind.PISTOL
    c = easy_player(g.view(0), g.legal_actions(0), random.Random(0))
    assert c.action == NameSeat(1) and c.reason.key == "name_enemy"


def test_easy_beats_random_as_a_team() -> None:
    wins = 0
    for i in range(40):
        g = Game.new(4, seed=500 + i)
        team = "british" if i % 2 == 0 else "french"
        bots = [easy_player if g.loyalty[s].value == team else random_player for s in range(4)]
        play_game(g, bots, random.Random(i))
        assert g.outcome is not None
        wins += bool(g.outcome.winners) and g.loyalty[g.outcome.winners[0]].value == team
    assert wins >= 28


def test_arena_game_1667_prints_team_shares(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tortuga_desktop import arena

    assert arena.main(["--game", "1667", "--teams", "easy,random", "--players", "5", "--games", "6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 12 and sum(out["wins"].values()) == 12  # each seed with the levels on both sides
    lo, hi = out["shares"]["easy"]["ci95"]
    assert 0 <= lo <= out["shares"]["easy"]["share"] <= hi <= 1


def test_reasons_are_typed_and_worded_in_all_four_languages() -> None:
    import json
    import pathlib
    import string

    from tortuga_desktop.games.t1667.ai.players import ENGLISH, Reason

    root = pathlib.Path(__file__).resolve().parents[2] / "assets" / "translations"
    for lang in ("en", "de", "nl", "es"):
        table: dict[str, str] = {}
        for part in sorted(root.glob(f"tortuga.{lang}.*.json")):  # the catalogue's feature parts
            table.update(json.loads(part.read_text(encoding="utf-8")))
        for key, english in ENGLISH.items():
            text = table[f"r1667.{key}"]
            fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
            assert fields == {f for _, f, _, _ in string.Formatter().parse(english) if f}, (lang, key)
        for extra in ("side.british", "side.french", "vote.attack", "vote.mutiny", "vote.brawl", "loyalty.british",
                      "loyalty.french", "loyalty.dutch"):
            assert table[f"r1667.{extra}"]
    r = Reason("force_enemy", (("seat", 1),))
    assert r.english(["Anne", "Mary"]) == "makes Mary, known to be on the other side, choose"
