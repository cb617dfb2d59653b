"""Every choice of a decision panel shows its consequence, computed from the seat's own view.

Fixed positions (rules/scenario.position, R0.8 grid of rules version 2: A = fleet 4, crew 1,
hunt 3, board 5, raid 2; each later die adds one, wrapping 5 -> 1).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from dataclasses import dataclass

import pygame
import pytest

from tortuga_desktop.games.dice.rules import (
    Act,
    ChooseAction,
    DecisionKind,
    Forfeit,
    Game,
    SelectDice,
    Target,
)
from tortuga_desktop.games.dice.rules.prompt import seat_prompt
from tortuga_desktop.games.dice.rules.scenario import position
from tortuga_desktop.games.dice.table.consequence import arrangement, standing, total_with
from tortuga_desktop.games.dice.table.decision import Mark
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.intents import Hover, Key
from tortuga_desktop.shell.words import Phrase, say


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    pygame.init()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _ui(game: Game, seat: int) -> DecisionPanel:
    ui = DecisionPanel.of(seat_prompt(game, seat))
    ui.layout(pygame.Rect(0, 0, 600, 420))
    return ui


def said(words: Phrase | None) -> str:
    return "" if words is None else say(words)


@dataclass
class Said:
    """An option of the panel as the player reads it (in English), and where it is."""

    label: str
    note: str
    detail: str
    payload: object
    rect: pygame.Rect


def _items(ui: DecisionPanel) -> list[Said]:
    return [Said(s.label, s.note, said(s.option.detail), s.option.payload, s.rect) for s in ui.shown]


def _consequence(ui: DecisionPanel) -> str:
    return said(ui.model.consequence())


def _by_label(ui: DecisionPanel) -> dict[str, tuple[str, str]]:
    return {it.label: (it.note, it.detail) for it in _items(ui)}


def _skull_game() -> Game:
    """Anna (start player) selected skulls A, B; Ben's A, B show Board; Cleo's A shows Raid."""
    g = position(players=3, start=0, seats=[{"roll": "sshff"}, {"roll": "bbbbb"}, {"roll": "rrrrr"}])
    g.apply(0, SelectDice((0, 1)))
    g.apply(1, SelectDice((0, 1)))
    g.apply(2, SelectDice((0,)))
    return g


def test_skull_options_show_total_and_position() -> None:
    ui = _ui(_skull_game(), 0)
    assert ui.kind == DecisionKind.SKULL_ACTION
    opts = _by_label(ui)
    assert opts["Expand fleet"] == ("9 · 1st", "total 9 (A4 + B5) gives 1st now; nobody else is there.")
    # Board: A5 + B1 = 6 against Ben's revealed A5 + B1 = 6; the start player wins the tie (R4.3).
    assert opts["Board"][0] == "6 · 1st" and "best other total 6" in opts["Board"][1]
    assert opts["Raid"][0] == "5 · 1st"  # A2 + B3 against Cleo's A2


def test_tie_lost_to_the_start_player_is_second_and_third_is_out() -> None:
    g = position(players=3, start=1, seats=[{"roll": "sshff"}, {"roll": "bbbbb"}, {"roll": "bbrrr"}])
    g.apply(0, SelectDice((0, 1)))
    g.apply(1, SelectDice((0, 1)))  # Ben: Board A5 + B1 = 6, start player
    g.apply(2, SelectDice((0, 1)))  # Cleo: Board 6 too, nearer after the start player than Anna
    ui = _ui(g, 0)
    assert _by_label(ui)["Board"][0] == "6 · no position"
    view = g.view(0)
    assert standing(view, 0, 3, 6).position == 0
    assert standing(view, 0, 3, 7).position == 1
    assert standing(view, 0, 3, 0).position == 0


def test_dice_selection_shows_the_resulting_total_and_skull_numbers() -> None:
    g = position(players=3, start=1, seats=[{"roll": "bssh", "placed": {"board": "E"}}, {"placed": {"board": "AB"}}])
    ui = _ui(g, 0)
    assert _consequence(ui) == ""
    ui.handle(Key(pygame.K_a, 0, "a"))  # die A shows Board
    # Board: E4 already there + A5 = 9 against Ben's A5 + B1 = 6.
    assert _consequence(ui) == "Board: total 9 (E4 + A5) — 1st so far; best other total 6."
    ui.handle(Key(pygame.K_b, 0, "b"))  # skull B turned to Board is worth B's board number: 1
    assert "total 10 (E4 + A5 + B1)" in _consequence(ui)
    assert ui.model.dice_action() == 3
    ui.model.clear()
    ui.handle(Key(pygame.K_c, 0, "c"))  # skulls only: the action comes after the reveal
    assert "Skulls only" in _consequence(ui)
    assert Mark("action_space", 1, 3) not in ui.marks()


def test_bonus_tile_options_show_new_totals() -> None:
    g = position(players=3, start=0, seats=[{"placed": {"board": "AB", "fleet": "CDE"}, "bonus": "1...."},
                                             {"roll": "bbbbb"}, {"roll": "rrrrr"}])
    g.apply(1, SelectDice((0, 1)))
    g.apply(2, SelectDice((0,)))
    ui = _ui(g, 0)
    assert ui.kind == DecisionKind.BONUS_TILE
    opts = _by_label(ui)
    assert opts["Expand fleet (1 -> 2)"][0] == "7->8 · 1st"  # C1 + D2 + E3 + 1 -> + 2
    assert opts["Board"][0] == "6->7 · 1st"
    assert opts["Raid"] == ("+1", "+1 on Raid once you have dice there.")


def _board_game() -> Game:
    return position(players=3, start=1, phase="actions", action="board", seats=[
        {"placed": {"board": "AB", "fleet": "CDE"}, "fleet": "RBW", "boat": 4},
        {"placed": {"board": "C", "raid": "AB", "hunt": "DE"}, "fleet": "YP", "boat": 2},
        {"placed": {"hunt": "ABCDE"}, "fleet": "R", "boat": 5},
    ])


def test_board_targets_show_what_they_hold_and_whether_they_defend() -> None:
    ui = _ui(_board_game(), 0)
    opts = _by_label(ui)
    assert opts["Board Player 2"] == ("2 chests · defends", "fleet area: yellow, purple; defends: your boat 4 -> 3; you drop 1 chest")
    assert opts["Board Player 3"] == ("1 chest", "fleet area: red; no defence")
    assert opts["Forfeit"][1] == "nothing happens for you on Board"
    # Hovering an option previews it: its words and the table parts it affects.
    ben = next(it for it in _items(ui) if it.payload == Target(1))
    ui.handle(Hover(ben.rect.center))
    assert _consequence(ui) == "Board Player 2: fleet area: yellow, purple; defends: your boat 4 -> 3; you drop 1 chest"
    assert {Mark("area", 1, None, "fleet"), Mark("track", 0, None, "boat")} <= ui.marks()


def test_second_position_target_shows_the_push_and_the_surplus() -> None:
    g = _board_game()
    g.apply(0, Target(2))  # Cleo's only chest goes to Anna's island; Cleo did not defend
    ui = _ui(g, 1)
    assert ui.model.decision.payload.position == 2
    opts = _by_label(ui)
    label = next(k for k in opts if k.endswith("Player 1"))
    # Anna's boat 4 -> 3 (capacity 3 -> 2) with 3 chests in her fleet: 1 drops; she defends, so
    # Ben's boat 2 -> 1 (capacity 2 -> 1) with 2 chests: 1 of his drops too.
    assert opts[label][1] == "their boat 4 -> 3; they drop 1 chest; defends: your boat 2 -> 1; you drop 1 chest"


def test_act_shows_the_token_move() -> None:
    g = position(players=3, start=0, phase="actions", action="fleet",
                 seats=[{"placed": {"fleet": "A", "hunt": "BCDE"}, "boat": 7},
                        {"placed": {"fleet": "B", "hunt": "ACDE"}}, {"placed": {"hunt": "ABCDE"}}])
    ui = _ui(g, 1)  # Ben: B5 beats A4
    opts = _by_label(ui)
    assert opts["Act"] == ("3->5", "your boat 3 -> 5 (room for 3)")
    ui.handle(Key(pygame.K_TAB, 0, "\t"))
    assert ui.model.key_focus
    assert Act() in {it.payload for it in _items(ui)} and Forfeit() in {it.payload for it in _items(ui)}


def test_arrangement_explains_where_chests_go() -> None:
    g = position(players=3, phase="move", seats=[{"crew": "RBY", "boat": 3}], center="R")
    d = g.decision_for(0)
    assert d is not None and d.kind == DecisionKind.ARRANGE_FLEET
    ui = _ui(g, 0)
    text = _consequence(ui)
    kept = arrangement(g.view(0), 0, "fleet", ui.model.source, ui.model.order)
    assert len(kept.kept) == 2 and len(kept.surplus) == 1
    assert text.startswith("Into the fleet area:")
    assert ("Back to the bag" in text) == (kept.surplus[0] == (0, False))
    assert "Top left: the key" in text


def test_consequences_use_only_the_seats_own_view() -> None:
    """Two games that differ only in what seat 0 may not see (Ben's hidden roll and pick) give
    seat 0 the same words on every option."""
    texts = []
    for ben in ("bbbbb", "fffff"):
        g = position(players=3, start=0, seats=[{"roll": "bsshf"}, {"roll": ben, "placed": {}}, {}], seed=4)
        g.apply(1, SelectDice((0, 1)))
        ui = _ui(g, 0)
        ui.handle(Key(pygame.K_a, 0, "a"))
        texts.append((_consequence(ui), [(it.note, it.detail) for it in _items(ui)], sorted(map(str, ui.marks()))))
    assert texts[0] == texts[1]


def test_total_with_counts_the_bonus_only_with_dice() -> None:
    g = position(players=2, seats=[{"placed": {"raid": "A"}, "bonus": "....2"}])
    view = g.view(0)
    assert total_with(view, 0, 4, (0,)) == 2 + 2
    assert total_with(view, 0, 4, ()) == 0
    assert ChooseAction  # imported for readers: skull options are ChooseAction items


def test_hovering_a_target_on_the_table_previews_its_option() -> None:
    from tortuga_desktop.games.dice.table.render.table import HitTarget

    ui = _ui(_board_game(), 0)
    far = (ui.rect.right + 50, ui.rect.bottom + 50)
    ui.handle(Hover(far), HitTarget("player", 2))
    assert _consequence(ui) == "Board Player 3: fleet area: red; no defence"
    assert Mark("area", 2, None, "fleet") in ui.marks()
    ui.handle(Hover(far), None)
    assert _consequence(ui) == ""


def test_treasure_tile_and_chest_choices_say_where_things_go() -> None:
    from tortuga_desktop.games.dice.rules import KeepTile, TakeChest

    g = position(players=3, start=0, phase="actions", action="hunt", pool=(1, 1, 0), park=(2, "tortuga"),
                 seats=[{"placed": {"hunt": "ABCDE"}}, {"placed": {"fleet": "ABCDE"}}, {"placed": {"crew": "ABCDE"}}])
    g.apply(0, Act())
    ui = _ui(g, 0)
    assert ui.kind == DecisionKind.KEEP_TILE
    two = next(it for it in _items(ui) if it.payload == KeepTile(2))
    assert two.detail == "you keep 2 coins face down; the tile worth 1 goes back to the pool"
    b = _board_game()
    b.apply(0, Target(1))  # Ben's fleet holds yellow and purple: Anna picks one
    ui = _ui(b, 0)
    assert ui.kind == DecisionKind.TAKE_CHEST
    purple = next(it for it in _items(ui) if it.payload == TakeChest(4))
    assert purple.detail == "the purple chest goes to your island area"
