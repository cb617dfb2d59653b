"""The decision panel (DecisionPanel over a DecisionModel): every decision kind by keyboard and by mouse,
without a window."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from dataclasses import dataclass

import pygame
import pytest

from tortuga_desktop.games.dice.rules import (
    Act,
    Action,
    Arrange,
    Chest,
    ChooseAction,
    DecisionKind,
    Forfeit,
    Game,
    KeepTile,
    SelectDice,
    TakeBonus,
    TakeChest,
    Target,
)
from tortuga_desktop.games.dice.rules.prompt import seat_prompt
from tortuga_desktop.games.dice.table.catchup import catch_up, summary_for
from tortuga_desktop.games.dice.table.decision import Mark, dice_reason, propose_arrangement
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.shell.intents import Click, Hover, Key
from tortuga_desktop.shell.words import Phrase, say

RECT = pygame.Rect(1000, 500, 300, 260)


@dataclass(frozen=True)
class Hit:
    kind: str
    seat: int | None = None
    index: int | None = None
    area: str | None = None


def key(ch: str) -> Key:
    code = pygame.key.key_code(ch) if len(ch) == 1 else {"enter": pygame.K_RETURN, "bksp": pygame.K_BACKSPACE,
                                                         "tab": pygame.K_TAB}[ch]
    return Key(code, 0, ch if len(ch) == 1 else "")


def said(words: Phrase | None) -> str:
    """Words in the current language ("" for nothing to say)."""
    return "" if words is None else say(words)


def make_ui(game: Game, seat: int) -> DecisionPanel:
    ui = DecisionPanel.of(seat_prompt(game, seat))
    ui.layout(RECT)
    return ui


def click_item(ui: DecisionPanel, payload: object) -> None:
    item = next(it for it in ui.shown if it.option.payload == payload)
    assert ui.handle(Click(item.rect.center, 1))


def click_button(ui: DecisionPanel, name: str) -> None:
    b = next(b for b in ui.buttons if b.name == name)
    assert ui.handle(Click(b.rect.center, 1))


def drive_keys(ui: DecisionPanel, action: object) -> None:
    """Produce ``action`` with the keys printed on the options, then Enter."""
    items = ui.model.options()
    if isinstance(action, SelectDice):
        for d in action.dice:
            ui.handle(key(next(it.hotkey for it in items if it.payload == d).lower()))
    elif isinstance(action, Arrange):
        ui.handle(key("bksp"))
        used: list[int] = []
        for c in action.chests:
            i = next(i for i, s in enumerate(ui.model.source) if s == c and i not in used)
            used.append(i)
            ui.handle(key(next(it.hotkey for it in ui.model.options() if it.payload == i)))
    else:
        ui.handle(key(next(it.hotkey for it in items if it.payload == action).lower()))
    ui.handle(key("enter"))


def drive_mouse(ui: DecisionPanel, action: object) -> None:
    """Produce ``action`` by clicking the panel's options, then Confirm."""
    if isinstance(action, SelectDice):
        for d in action.dice:
            click_item(ui, d)
    elif isinstance(action, Arrange):
        click_button(ui, "clear")
        used: list[int] = []
        for c in action.chests:
            i = next(i for i, s in enumerate(ui.model.source) if s == c and i not in used)
            used.append(i)
            click_item(ui, i)
    else:
        click_item(ui, action)
    click_button(ui, "confirm")


def random_states(kinds: set[DecisionKind], games: int = 12, want=None) -> list[tuple[Game, int]]:
    """Game states (copies) where some seat faces each decision kind (and ``want(game, seat)``)."""
    found: dict[DecisionKind, list[tuple[Game, int]]] = {}
    for seed in range(games):
        g = Game.new(4 if seed % 3 else 3, seed)
        rng = random.Random(seed)
        while not g.is_over:
            d = g.pending()[0]
            if d.kind in kinds and len(found.get(d.kind, [])) < 3 and (want is None or want(g, d.seat)):
                found.setdefault(d.kind, []).append((g.clone(), d.seat))
            g.apply(d.seat, g.random_action(d.seat, rng))
    assert set(found) == kinds, f"missing {kinds - set(found)}"
    return [s for v in found.values() for s in v]


ALL_KINDS = set(DecisionKind)


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()
    yield
    pygame.quit()


def test_every_legal_action_reachable_by_keys_and_by_mouse() -> None:
    for game, seat in random_states(ALL_KINDS):
        legal = game.legal_actions(seat)
        for action in legal[:12]:
            ui = make_ui(game, seat)
            drive_keys(ui, action)
            assert ui.confirmed_action() == action, (ui.kind, action, said(ui.model.reason()))
            ui = make_ui(game, seat)
            drive_mouse(ui, action)
            assert ui.confirmed_action() == action, (ui.kind, action, said(ui.model.reason()))
            game.clone().apply(seat, action)  # the engine accepts it


def test_dice_reasons_and_confirm() -> None:
    g = Game.new(4, 1, start_player=0)
    # A=Board, B=Raid, C=Board, D=skull, E=Expand fleet; boat on box 3 holds 2 dice.
    g.set_roll(0, [3, 4, 3, 5, 0])
    ui = make_ui(g, 0)
    assert not ui.model.can_confirm() and "Select" in said(ui.model.reason())
    ui.handle(key("a"))
    ui.handle(key("b"))
    assert said(ui.model.reason()) == "The dice show different actions (Board and Raid)."
    ui.handle(key("enter"))
    assert ui.confirmed_action() is None and ui.model.flash
    ui.handle(key("b"))  # unselect B
    ui.handle(key("c"))
    ui.handle(key("d"))
    assert said(ui.model.reason()) == "Board holds only 2 dice (boat on box 3)."
    assert not ui.buttons[-1].enabled  # Confirm is disabled
    ui.handle(key("d"))
    assert said(ui.model.reason()) == "" and ui.model.can_confirm()
    assert {m.index for m in ui.marks() if m.kind == "die"} == {0, 2}
    assert Mark("action_space", 0, 3) in ui.marks()  # the action the picked dice go to
    ui.handle(key("enter"))
    assert ui.confirmed_action() == SelectDice((0, 2))
    # Nothing changes after the confirmation.
    assert not ui.handle(key("bksp"))
    assert ui.confirmed_action() == SelectDice((0, 2))


def test_dice_by_table_hits_use_tray_positions() -> None:
    g = Game.new(2, 3, start_player=0)
    g.set_roll(0, [0, 0, 1, 1, 5])
    ui = make_ui(g, 0)
    far = (5, 5)
    assert ui.handle(Click(far, 1), Hit("die", 0, 4))  # the skull
    assert ui.handle(Click(far, 1), Hit("die", 0, 0))
    assert not ui.handle(Click(far, 1), Hit("die", 1, 1))  # another seat's die: ignored
    assert not ui.handle(Click(far, 3), Hit("die", 0, 1))  # right button: ignored
    assert ui.model.candidate() == SelectDice((0, 4))
    click_button(ui, "confirm")
    assert ui.confirmed_action() == SelectDice((0, 4))


def test_skull_only_selection_then_action_choice() -> None:
    g = Game.new(2, 5, start_player=0)
    g.set_roll(0, [5, 5, 0, 1, 2])
    ui = make_ui(g, 0)
    ui.handle(key("a"))
    ui.handle(key("b"))
    assert said(ui.model.reason()) == ""
    assert "Skulls only" in said(ui.model.message()[0])
    ui.handle(key("enter"))
    g.apply(0, ui.confirmed_action())
    while g.decision_for(0) is None or g.decision_for(0).kind != DecisionKind.SKULL_ACTION:
        d = g.pending()[0]
        assert d.seat != 0
        g.apply(d.seat, g.legal_actions(d.seat)[0])
    ui = make_ui(g, 0)
    assert ui.kind == DecisionKind.SKULL_ACTION
    ui.handle(key("3"))  # Treasure hunt
    assert ui.model.candidate() == ChooseAction(Action.TREASURE_HUNT)
    ui.handle(key("tab"))  # cycling picks the next available action
    assert ui.model.candidate() == ChooseAction(Action.BOARD)
    ui.handle(Click((1, 1), 1), Hit("action_space", 0, 0))
    assert ui.model.candidate() == ChooseAction(Action.EXPAND_FLEET)
    ui.handle(Click((1, 1), 1), Hit("action_space", 0, 0))  # clicking the pick again confirms
    assert ui.confirmed_action() == ChooseAction(Action.EXPAND_FLEET)


def test_single_choices_can_change_until_confirmed() -> None:
    for game, seat in random_states({DecisionKind.POSITION, DecisionKind.TAKE_CHEST}, games=6):
        ui = make_ui(game, seat)
        legal = ui.model.legal
        ui.handle(key("f")) if ui.kind == DecisionKind.POSITION else None
        for action in legal:
            click_item(ui, action) if ui.model.candidate() != action else None
            assert ui.model.candidate() == action and ui.confirmed_action() is None
        ui.handle(key("bksp"))
        assert ui.model.candidate() is None and not ui.model.can_confirm()
        ui.handle(key("enter"))
        assert ui.confirmed_action() is None
        ui.handle(key("tab"))
        ui.handle(key("enter"))
        assert ui.confirmed_action() in legal


def test_position_target_by_clicking_a_board_and_forfeit() -> None:
    g, seat = random_states({DecisionKind.POSITION}, 20,
                            lambda g, s: any(isinstance(a, Target) for a in g.legal_actions(s)))[0]
    ui = make_ui(g, seat)
    target = next(a for a in ui.model.legal if isinstance(a, Target))
    assert ui.handle(Click((0, 0), 1), Hit("player", target.seat))
    assert ui.model.candidate() == target
    assert any(m.kind == "player" and m.seat == target.seat for m in ui.marks())
    assert not ui.handle(Click((0, 0), 1), Hit("player", seat))  # not oneself
    ui.handle(key("f"))
    assert ui.model.candidate() == Forfeit()
    ui.handle(key("enter"))
    assert ui.confirmed_action() == Forfeit()


def test_act_forfeit_keys() -> None:
    g, seat = random_states({DecisionKind.POSITION}, 10, lambda g, s: Act() in g.legal_actions(s))[0]
    ui = make_ui(g, seat)
    ui.handle(key("a"))
    ui.handle(key("enter"))
    assert ui.confirmed_action() == Act()


def test_take_chest_by_clicking_the_chest() -> None:
    for g, seat in random_states({DecisionKind.TAKE_CHEST}, games=20):
        ui = make_ui(g, seat)
        info = ui.model.decision.payload
        want = ui.model.legal[-1]
        assert isinstance(want, TakeChest)
        if info.source == "center":
            hit = Hit("center_chest", None, int(want.chest))
        else:
            row = g.seats[info.target].area(info.source)
            hit = Hit("chest", info.target, row.index(want.chest), info.source)
        assert ui.handle(Click((0, 0), 1), hit)
        assert ui.model.candidate() == want
        assert ui.marks()
        ui.handle(key(want.chest.letter.lower()))
        ui.handle(key("enter"))
        assert ui.confirmed_action() == want


def test_keep_tile_shows_both_values_and_keys_pick_by_the_numbers_shown() -> None:
    g, seat = random_states({DecisionKind.KEEP_TILE}, games=20)[0]
    ui = make_ui(g, seat)
    values = sorted(set(g.decision_for(seat).payload.tiles))
    items = ui.model.options()
    assert [it.face for it in items] == values
    ui.handle(key(items[-1].hotkey))  # the last option's number (issue 23: not its coin value)
    ui.handle(key("enter"))
    assert ui.confirmed_action() == KeepTile(values[-1])


def test_equal_tiles_ask_to_keep_one_and_say_the_other_goes_back() -> None:
    """R9.1 ruling: two tiles of equal value still open the keep decision, with one choice."""
    from tortuga_desktop.games.dice.rules import scenario

    g = scenario.position({"players": 3, "pool": [0, 2, 0], "park": (2, "island"), "phase": "actions",
                           "action": "hunt", "seats": [{"placed": {"hunt": "ABCDE"}}, {"placed": {"fleet": "ABCDE"}},
                                                       {"placed": {"crew": "ABCDE"}}]})
    g.apply(0, "act")
    ui = make_ui(g, 0)
    (item,) = ui.model.options()
    assert item.face == 2 and "both tiles are worth 2 coins" in said(item.detail)
    ui.handle(key(item.hotkey))
    ui.handle(key("enter"))
    assert ui.confirmed_action() == KeepTile(2)


def test_bonus_tile_by_clicking_the_bonus_space() -> None:
    g, seat = random_states({DecisionKind.BONUS_TILE}, games=30)[0]
    ui = make_ui(g, seat)
    want = ui.model.legal[0]
    assert isinstance(want, TakeBonus)
    ui.handle(Click((0, 0), 1), Hit("bonus_space", seat, int(want.action)))
    assert ui.model.candidate() == want
    ui.handle(key("enter"))
    assert ui.confirmed_action() == want


def test_arrangement_suggestion_and_toggling() -> None:
    for g, seat in random_states({DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW}, games=12):
        ui = make_ui(g, seat)
        assert len(ui.model.order) == ui.model.k
        assert ui.model.can_confirm(), said(ui.model.reason())  # the suggestion is legal as it is
        suggested = ui.model.candidate()
        ui.handle(key("bksp"))
        assert not ui.model.can_confirm() and "Choose" in said(ui.model.reason())
        ui.handle(key("s"))
        assert ui.model.candidate() == suggested
        # Clicking a chosen chest on the table unselects it; clicking it again adds it last.
        area = "crew" if ui.kind == DecisionKind.ARRANGE_FLEET else "island"
        first = ui.model.order[0]
        ui.handle(Click((0, 0), 1), Hit("chest", seat, first, area))
        assert first not in ui.model.order
        ui.handle(Click((0, 0), 1), Hit("chest", seat, first, area))
        assert ui.model.order[-1] == first
        ui.handle(key("enter"))
        assert ui.confirmed_action() in ui.model.legal


def test_propose_arrangement_prefers_purple_then_sets() -> None:
    P, R, B, Y, W = Chest.PURPLE, Chest.RED, Chest.BLUE, Chest.YELLOW, Chest.WHITE
    assert propose_arrangement([R, P, W], [], 1) == [1]
    # Owning red and blue, a yellow completes a set.
    assert propose_arrangement([R, Y, W], [R, B], 1) == [1]
    assert sorted(propose_arrangement([R, B], [], 5)) == [0, 1]


def test_dice_reason_room_left() -> None:
    g = Game.new(2, 2, start_player=0)
    g.seats[0].placed[3] = [0]
    g.seats[0].hand = [1, 2, 3, 4]
    g.seats[0].roll = [3, 3, 0, 0]
    assert "room for only 1 more" in said(dice_reason(g.view(0), 0, [1, 2]))


def test_catch_up_summary() -> None:
    g = Game.new(2, 4)
    assert summary_for(g, 0)  # first time: the recent lines
    catch_up(g).mark(0, g.log_for(0))
    assert summary_for(g, 0) == []
    d = g.pending()[0]
    g.apply(d.seat, g.legal_actions(d.seat)[0])
    g.apply(g.pending()[0].seat, g.legal_actions(g.pending()[0].seat)[0])
    assert summary_for(g, 0)


def test_draw_and_hover_do_not_fail_for_any_kind() -> None:
    surf = pygame.Surface((1400, 900))

    class R:
        prompt_rect = pygame.Rect(1050, 500, 300, 280)

    for g, seat in random_states(ALL_KINDS, games=12):
        ui = DecisionPanel.of(seat_prompt(g, seat))
        ui.draw(surf, R())
        ui.draw(surf)  # no renderer: a bottom strip
        for r in ui.item_rects:
            ui.handle(Hover(r.center))
        ui.draw(surf, R())


@pytest.mark.parametrize("how", ["enter", "mouse"])
def test_R9_1_a_stuck_roll_is_confirmed_by_enter_or_the_confirm_button(how: str) -> None:
    """R3.6/R9.1: a roll that allows no selection is confirmed as it is ("select -")."""
    from tortuga_desktop.games.dice.rules.scenario import position

    g = position(players=3, seats=[{"boat": 1, "pirate": 1, "placed": {"board": "A", "raid": "B"}, "roll": "bbr"}])
    ui = make_ui(g, 0)
    assert ui.model.can_confirm() and said(ui.model.reason()) == ""
    if how == "enter":
        ui.handle(key("enter"))
    else:
        click_button(ui, "confirm")
    assert ui.confirmed_action() == SelectDice(())
    g.apply(0, ui.confirmed_action())
    assert g.decision_for(0) is None


def test_R9_1_a_normal_roll_needs_a_die_before_confirming() -> None:
    from tortuga_desktop.games.dice.rules.scenario import position

    g = position(players=3, seats=[{"roll": "ffchs"}])
    ui = make_ui(g, 0)
    assert not ui.model.can_confirm()
    ui.handle(key("enter"))
    assert ui.confirmed_action() is None
