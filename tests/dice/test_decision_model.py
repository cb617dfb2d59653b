"""The dice game's decision model (app/decision.py) without pygame: for every decision kind, the
options it offers, what confirming sends (a legal action or nothing), and that wrong input changes
nothing. Rule ids: R3.6/R9.1 (a stuck roll is confirmed as it is), R7 (arrangements), R9 (a seat's
options come from its own view)."""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import combinations

import pytest

from tortuga_desktop.games.dice.rules import (
    Act,
    Arrange,
    DecisionKind,
    Forfeit,
    Game,
    PlayerAction,
    SelectDice,
)
from tortuga_desktop.games.dice.rules.prompt import seat_prompt
from tortuga_desktop.games.dice.rules.scenario import position
from tortuga_desktop.games.dice.table.decision import DecisionModel, Option
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.words import Joined, Words, say


def states(per_kind: int = 4, games: int = 16) -> list[tuple[Game, int]]:
    """Game states (copies) for every decision kind, several of each."""
    found: dict[DecisionKind, list[tuple[Game, int]]] = {}
    for seed in range(games):
        g = Game.new(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not g.is_over:
            d = g.pending()[0]
            if len(found.setdefault(d.kind, [])) < per_kind:
                found[d.kind].append((g.clone(), d.seat))
            g.apply(d.seat, g.random_action(d.seat, rng))
    assert set(found) == set(DecisionKind)
    return [s for v in found.values() for s in v]


STATES = states()
#: test ids: the decision kind and a count ("select_dice-0")
IDS = [f"{g.decision_for(seat).kind.value}-{i}" for i, (g, seat) in enumerate(STATES)]  # type: ignore[union-attr]


def model(g: Game, seat: int) -> DecisionModel:
    return DecisionModel(seat_prompt(g, seat))


def snapshot(m: DecisionModel) -> tuple[object, ...]:
    """Everything a model holds that an input may change."""
    return (list(m.dice), m.pick, list(m.order), m.focus, m.key_focus, m.hover, m.flash,
            m.confirmed_action(), m.options())


def test_the_model_imports_no_pygame() -> None:
    code = ("import sys\n"
            "import tortuga_desktop.games.dice.table.decision, tortuga_desktop.shell.words, tortuga_desktop.games.dice.table.catchup\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui'))\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


@pytest.mark.parametrize(("g", "seat"), STATES, ids=IDS)
def test_every_legal_action_is_offered_and_confirm_sends_exactly_it(g: Game, seat: int) -> None:
    legal = g.legal_actions(seat)
    m = model(g, seat)
    options = m.options()
    payloads = [o.payload for o in options]
    if m.kind == DecisionKind.SELECT_DICE:
        assert payloads == list(g.view(seat).seats[seat].hand)  # one option per die in the tray
    elif m.kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW):
        assert payloads == list(range(len(m.source)))  # one option per chest that may move (R7)
        assert m.would_send() in legal  # the suggestion is legal as it is
    else:  # single choices: the enabled options are exactly the legal actions
        assert {o.payload for o in options if o.enabled} == set(legal)
        assert all(not o.enabled for o in options if o.payload not in legal)
        assert m.would_send() is None  # nothing picked: nothing to send
    for action in legal:
        m = model(g, seat)
        m.show(action)
        assert m.candidate() == action
        assert m.would_send() == action, (m.kind, action, m.reason())
        assert m.reason() is None and m.can_confirm()
        assert m.confirm() and m.confirmed_action() == action
        g.clone().apply(seat, action)  # what it sends, the game takes


@pytest.mark.parametrize(("g", "seat"), STATES, ids=IDS)
def test_what_confirm_would_send_is_always_legal_or_nothing(g: Game, seat: int) -> None:
    """Every pick a player can make by the options: confirm sends a legal action or refuses."""
    legal = set(g.legal_actions(seat))
    m = model(g, seat)
    n = len(m.options())
    for r in range(0, min(n, 5) + 1):
        for picks in combinations(range(n), r):
            m = model(g, seat)
            m.clear()
            for i in picks:
                m.activate(i)
            sent = m.would_send()
            assert sent is None or sent in legal
            assert (sent is None) == (m.reason() is not None or m.candidate() not in legal)
            before = snapshot(m)
            if sent is None:
                assert not m.confirm() and m.confirmed_action() is None
                assert m.flash == m.reason()  # the reason is said, nothing else changed
                assert snapshot(m)[:6] == before[:6] and snapshot(m)[7:] == before[7:]


@pytest.mark.parametrize(("g", "seat"), STATES[::3], ids=IDS[::3])
def test_invalid_input_changes_nothing(g: Game, seat: int) -> None:
    m = model(g, seat)
    before = snapshot(m)
    assert not m.activate(len(m.options()))  # no such option
    assert not m.activate(-1)
    assert not m.hotkey("")
    assert not m.hotkey("#")  # no option has that key
    assert snapshot(m) == before
    disabled = [i for i, o in enumerate(m.options()) if not o.enabled]
    for i in disabled:  # a disabled option: only the reason is said
        m.activate(i)
        assert m.flash is not None and snapshot(m)[:6] == before[:6] and m.confirmed_action() is None
    # After the confirmation nothing changes any more.
    action = g.legal_actions(seat)[0]
    m.show(action)
    assert m.confirm()
    done = snapshot(m)
    for step in (lambda: m.activate(0), m.clear, m.suggest, m.confirm, m.enter, m.toggle_focused,
                 lambda: m.step_focus(1), lambda: m.hotkey("a"), lambda: m.show(Forfeit())):
        assert not step()
        assert snapshot(m) == done


def test_select_dice_toggle_focus_and_enter() -> None:
    g = Game.new(4, 1, start_player=0)
    g.set_roll(0, [3, 4, 3, 5, 0])  # A Board, B Raid, C Board, D skull, E Expand fleet
    m = model(g, 0)
    assert [o.look for o in m.options()] == ["die"] * 5
    assert m.hotkey("a") and m.hotkey("c") and m.dice == [0, 2]
    assert m.would_send() == SelectDice((0, 2))
    assert m.hotkey("a") and m.dice == [2]  # a die toggles
    assert m.clear() and m.dice == [] and m.would_send() is None
    assert m.step_focus(1) and m.focus == 1 and m.key_focus and m.dice == []  # the focus does not pick a die
    assert m.wants_space() and m.toggle_focused() and m.dice == [1]
    assert m.enter() and m.confirmed_action() == SelectDice((1,))


def test_R9_1_a_stuck_roll_sends_select_nothing() -> None:
    """R3.6/R9.1: a roll that allows no selection is confirmed as it is."""
    g = position(players=3, seats=[{"boat": 1, "pirate": 1, "placed": {"board": "A", "raid": "B"}, "roll": "bbr"}])
    m = model(g, 0)
    assert m.would_send() == SelectDice(())
    assert m.enter() and m.confirmed_action() == SelectDice(())


def test_single_choice_picks_then_confirms_on_a_second_press() -> None:
    g = position(players=3, start=0, phase="actions", action="fleet", seats=[
        {"placed": {"fleet": "ABCDE"}}, {"placed": {"hunt": "ABCDE"}}, {"placed": {"crew": "ABCDE"}}])
    m = model(g, 0)
    assert m.kind == DecisionKind.POSITION
    act = next(i for i, o in enumerate(m.options()) if o.payload == Act())
    assert m.activate(act) and m.pick == Act() and not m.done
    assert isinstance(m.consequence(), Joined)  # the picked option says what it does
    assert m.activate(act) and m.confirmed_action() == Act()


def test_arrangement_toggles_chests_in_order_and_suggests() -> None:
    g = position(players=3, phase="move", seats=[{"crew": "RBY", "boat": 3}], center="R")
    m = model(g, 0)
    assert m.kind == DecisionKind.ARRANGE_FLEET and m.k == 2
    suggested = list(m.order)
    assert m.clear() and m.order == [] and m.would_send() is None
    assert m.activate(2) and m.activate(0) and m.order == [2, 0]
    assert isinstance(m.would_send(), Arrange)
    assert m.activate(1) and m.order == [2, 0] and m.flash is not None  # only two fit: said, not done
    assert m.activate(2) and m.order == [0]
    assert m.hotkey("s") and m.order == suggested


def test_a_table_thing_stands_for_its_option() -> None:
    g = Game.new(2, 3, start_player=0)
    g.set_roll(0, [0, 0, 1, 1, 5])
    m = model(g, 0)
    hand = m.hand
    assert m.option_for_hit("die", 0, 4, None) == m.options().index(
        next(o for o in m.options() if o.payload == hand[4]))
    assert m.option_for_hit("die", 1, 0, None) is None  # another seat's die
    assert m.option_for_hit("player", 1, None, None) is None  # not a decision about players


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_words_are_typed_and_said_in_every_language(lang: str) -> None:
    """The model says things as words; the words are turned into text at the edge, and every
    key they use exists in every language."""
    i18n.set_language(lang)
    try:
        for g, seat in STATES:
            m = model(g, seat)
            if m.options() and m.options()[0].enabled:
                m.activate(0)
            m.set_hover(0)
            said: list[object] = [m.title(), m.consequence(), m.message()[0], *(b.label for b in m.buttons())]
            for o in m.options():
                said += [o.label, o.note, o.detail, o.reason]
            assert isinstance(m.title(), Words)
            for words in said:
                if words is None:
                    continue
                assert not isinstance(words, str) or not words.startswith(("human.", "glance.")), words
                text = say(words)  # type: ignore[arg-type]
                assert text and "human.ui." not in text and "glance." not in text and "{" not in text, (lang, text)
    finally:
        i18n.set_language("en")


def test_options_are_frozen_values() -> None:
    g, seat = STATES[0]
    m = model(g, seat)
    o = m.options()[0]
    assert isinstance(o, Option)
    with pytest.raises(AttributeError):
        o.selected = True  # type: ignore[misc]


def test_would_send_never_offers_an_illegal_action() -> None:
    """The panel's Confirm button is enabled exactly when something legal would be sent."""
    for g, seat in STATES:
        m = model(g, seat)
        legal: list[PlayerAction] = g.legal_actions(seat)
        for i in range(len(m.options())):
            m.activate(i)
            assert m.can_confirm() == (m.would_send() is not None)
            assert m.would_send() is None or m.would_send() in legal
            if m.done:
                break
