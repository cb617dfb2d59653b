"""The dice bots take the legal actions they are handed (the shell's ``ComputerPlayer.decide(view,
legal)``): nothing is listed twice, and every bot chooses exactly as before for a given seed.

The recorded digests below were made by the bots before they took a legal list (commit f7fdb76,
``bot.decide(view)``) over the views of three seeded random games; the same views must give the same
choices whether a caller hands the list (as a table does) or leaves it out (the arena's old way,
tools, tests)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tortuga_desktop.games.dice.ai import bots as bots_mod
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.engine import DicePlayer
from tortuga_desktop.games.dice.net.adapter import ADAPTER
from tortuga_desktop.games.dice.rules import Game, PlayerView, legal_from_view

#: level -> (bot options, take every k-th view, (views decided, digest)) recorded at f7fdb76
RECORDED: dict[str, tuple[dict[str, Any], int, tuple[int, str]]] = {
    "random": ({}, 1, (617, "1c87b82a3cab6f92")),
    "easy": ({}, 1, (617, "313865ca9e9a5938")),
    "normal": ({}, 1, (617, "293496dc72844202")),
    "hard": ({"iterations": 2, "top_k": 2, "budget_s": 60.0}, 3, (207, "297681cf837a9684")),
    "expert": ({"worlds": 2, "budget_s": 60.0}, 7, (89, "54f8ed29e78aee0e")),
}


def _views(players: int, seed: int) -> Iterator[tuple[Game, PlayerView]]:
    """Every deciding seat's view of a seeded random game, with the game at that moment."""
    g = Game.new(players, seed)
    rng = random.Random(seed)
    while not g.is_over:
        for d in g.pending():
            yield g, g.view(d.seat)
        d = g.pending()[0]
        acts = g.legal_actions(d.seat)
        g.apply(d.seat, acts[rng.randrange(len(acts))])


def _digest(level: str, handed: bool) -> tuple[int, str]:
    options, every, _ = RECORDED[level]
    h = hashlib.sha256()
    n = 0
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        bot = make_bot(level, seed, **options)
        for i, (g, v) in enumerate(_views(players, seed)):
            if i % every:
                continue
            assert isinstance(v.viewer, int)
            c = bot.decide(v, g.legal_actions(v.viewer)) if handed else bot.decide(v)
            h.update(f"{c.action.text()}|{c.reason.key}|{c.reason.params}|{c.reason.search}\n".encode())
            n += 1
    return n, h.hexdigest()[:16]


@pytest.mark.parametrize("handed", [True, False], ids=["legal-handed", "legal-from-view"])
@pytest.mark.parametrize("level", list(RECORDED))
def test_the_same_choices_as_before_with_or_without_a_legal_list(level: str, handed: bool) -> None:
    assert _digest(level, handed) == RECORDED[level][2]


def _counting(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts the rules listing a seat's options (``Game.legal_actions``) and the bots sampling a world."""
    calls = {"legal_actions": 0, "determinize": 0}
    listing, sampling = Game.legal_actions, bots_mod.determinize

    def legal_actions(self: Game, seat: int) -> Any:
        calls["legal_actions"] += 1
        return listing(self, seat)

    def determinize(view: PlayerView, seed: int) -> Game:
        calls["determinize"] += 1
        return sampling(view, seed)

    monkeypatch.setattr(Game, "legal_actions", legal_actions)
    monkeypatch.setattr(bots_mod, "determinize", determinize)
    return calls


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_a_bot_handed_the_legal_actions_does_not_list_them_again(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random, Easy and Normal decide among the list they are handed (Hard and Expert list options
    only inside their searches' sampled futures); the random bot samples no world at all."""
    cases = [(v, tuple(g.legal_actions(v.viewer))) for g, v in _views(3, 5) if isinstance(v.viewer, int)][:120]
    bot = make_bot(level, 9)
    calls = _counting(monkeypatch)
    for view, legal in cases:
        assert bot.decide(view, legal).action in legal
    assert calls["legal_actions"] == 0
    assert calls["determinize"] == (0 if level == "random" else len(cases))


@pytest.mark.parametrize("level", ["random", "normal"])
def test_the_headless_dice_player_lists_a_seats_options_once(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The network's headless dice player (random at ``scripts/net_bench``'s tables) reads the seat's
    legal actions from the view once (without sampling a world) and hands them to its bot."""
    updates = [ADAPTER.decode(v.to_json(), [], v.viewer, v.decisions, None) for _, v in _views(4, 8)][:150]
    player = ADAPTER.seat_player(level, 4)
    calls = _counting(monkeypatch)
    for u in updates:
        text = player.decide(u.view.viewer, u)
        assert text in {a.text() for a in legal_from_view(u.view)}
    assert calls["legal_actions"] == 0
    assert calls["determinize"] == (0 if level == "random" else len(updates))


def test_dice_player_hands_the_table_s_legal_list_to_its_bot() -> None:
    g, view = next(_views(2, 3))
    assert isinstance(view.viewer, int)
    legal = tuple(g.legal_actions(view.viewer))
    seen: list[Any] = []

    class Spy:
        def decide(self, v: PlayerView, given: Any = None) -> Any:
            seen.append(given)
            return make_bot("normal", 1).decide(v, given)

    DicePlayer.around(Spy(), "normal").decide(view, legal)
    assert seen == [legal] and seen[0] is legal
