"""Tortuga 1667's end screen (issue 28): loyalties turned up, treasure counted, winners and reason (T7)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pygame
import pytest

from tortuga_desktop.games.t1667.rules import Game, play_random
from tortuga_desktop.games.t1667.rules.cards import Loyalty, Ship, Side
from tortuga_desktop.games.t1667.rules.state import EndReason, Outcome
from tortuga_desktop.games.t1667.table.end import End1667Scene, reason_text, team_counts, winners_text
from tortuga_desktop.shell.i18n import set_language, tr
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App

pytestmark = pytest.mark.usefixtures("app_home")
B, F, D = Loyalty.BRITISH, Loyalty.FRENCH, Loyalty.DUTCH


@pytest.fixture
def app() -> Iterator[App]:
    a = App(None, size=(1280, 720), fixed_dt=1 / 60)
    yield a
    a.close()
    set_language("en")


@dataclass(frozen=True)
class Final:
    """A finished game's public facts, as the end screen reads them."""

    names: tuple[str, ...]
    loyalties: tuple[Loyalty | None, ...]
    holds: tuple[tuple[Ship, Side, int], ...]
    tortuga: tuple[tuple[Side, int], ...]
    galleon: int
    outcome: Outcome | None

    @property
    def players(self) -> int:
        return len(self.names)


def _final(loyalties: tuple[Loyalty, ...], fd_b: int, jr_b: int, t_b: int, fd_f: int, jr_f: int, t_f: int,
           winners: tuple[int, ...], reason: EndReason) -> Final:
    names = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida")[: len(loyalties)]
    holds = ((Ship.FD, Side.BRITISH, fd_b), (Ship.FD, Side.FRENCH, fd_f), (Ship.JR, Side.BRITISH, jr_b),
             (Ship.JR, Side.FRENCH, jr_f))
    british, french = fd_b + jr_b + t_b, fd_f + jr_f + t_f
    return Final(names, loyalties, holds, ((Side.BRITISH, t_b), (Side.FRENCH, t_f)), 8 - british - french,
                 Outcome(winners, reason, british, french))


def _open(app: App, final: Final, **kw: object) -> End1667Scene:
    scene = End1667Scene(final, **kw)  # type: ignore[arg-type]
    app.push(scene)
    app.step(1 / 60)
    return scene


def test_armada_win_shows_every_loyalty_each_team_count_and_the_reason(app: App) -> None:
    """T7.2, T7.3, T7.9: British 3 (FD 2 + JR 0 + Tortuga 1) against French 1: the British seats win."""
    final = _final((B, F, F, B, D, F, F, B, B), 2, 0, 1, 0, 0, 1, (0, 3, 7, 8), EndReason.ARMADA)
    scene = _open(app, final)
    lines = scene.lines()
    for seat, name in enumerate(final.names):
        assert f"{name}: {tr('e1667.loyalty.' + final.loyalties[seat].value)}" in lines  # type: ignore[union-attr]
    counts = team_counts(final)
    assert (counts[Side.BRITISH].fd, counts[Side.BRITISH].jr, counts[Side.BRITISH].tortuga) == (2, 0, 1)
    assert counts[Side.BRITISH].total == 3 and counts[Side.FRENCH].total == 1
    assert lines[1] == "The British win: Ann, Di, Hal and Ida"
    assert "Armada" in lines[2] and "British 3, French 1" in lines[2]
    assert any("counting for nobody: 4" in ln for ln in lines)


@pytest.mark.parametrize("reason, winners, expect", [
    (EndReason.DUTCH_TIE, (2,), "Cy, the Dutch pirate, wins alone"),       # T7.4
    (EndReason.SUDDEN_DEATH, (1, 3), "The French win: Bo and Di"),         # T7.6
    (EndReason.DRAW_NO_CARDS, (), "A draw: nobody wins"),                  # T7.7
    (EndReason.DRAW_CAP, (), "A draw: nobody wins"),                       # T7.8
])
def test_each_end_reason_has_its_banner_and_sentence(app: App, reason: EndReason, winners: tuple[int, ...],
                                                     expect: str) -> None:
    if reason is EndReason.DUTCH_TIE:
        final = _final((B, F, D), 1, 0, 1, 0, 1, 1, winners, reason)
    elif reason is EndReason.SUDDEN_DEATH:
        final = _final((B, F, B, F), 1, 0, 1, 1, 1, 1, winners, reason)
    else:
        final = _final((B, F, B, F), 1, 0, 1, 1, 0, 1, winners, reason)
    scene = _open(app, final)
    assert winners_text(final, final.outcome) == expect  # type: ignore[arg-type]
    text = reason_text(final.outcome)  # type: ignore[arg-type]
    assert text == scene.lines()[2] and text != f"t1667.end.reason.{reason.value}"
    words = {EndReason.DUTCH_TIE: "Dutch", EndReason.SUDDEN_DEATH: "Sudden death",
             EndReason.DRAW_NO_CARDS: "every event card", EndReason.DRAW_CAP: "safety limit"}
    assert words[reason] in text


@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_end_screen_of_a_real_game_in_every_language(app: App, lang: str) -> None:
    set_language(lang)
    g = Game.new(players=5, seed=11, names=["Ann", "Bo", "Cy", "Di", "Ed"])
    play_random(g, random.Random(2))
    view = g.view(None)  # the public view: at the end every loyalty is in it (T7.9)
    scene = _open(app, view)  # type: ignore[arg-type]
    assert scene.outcome == g.outcome
    text = " ".join(scene.lines())
    assert "t1667." not in text and "e1667." not in text  # every key has words in this language
    for seat in range(5):
        assert f"{view.names[seat]}: {tr('e1667.loyalty.' + g.loyalty[seat].value)}" in text


def test_buttons_and_keys(app: App) -> None:
    final = _final((B, F), 1, 0, 1, 0, 1, 0, (0,), EndReason.SUDDEN_DEATH)
    calls: list[str] = []
    scene = _open(app, final, on_replay=lambda: calls.append("replay"), on_new_game=lambda: calls.append("new"),
                  on_menu=lambda: calls.append("menu"))
    app.post(Click(scene._buttons["replay"].center, 1))
    app.step(1 / 60)
    app.post(Key(pygame.K_n, 0, "n"))
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)
    assert calls == ["replay", "new", "menu"]
    plain = _open(app, final, on_menu=lambda: calls.append("menu"))
    assert list(plain._buttons) == ["menu"]  # no replay, no new game offered without them
    app.post(Key(pygame.K_n, 0, "n"))
    app.post(Key(pygame.K_r, 0, "r"))
    app.step(1 / 60)
    assert calls == ["replay", "new", "menu"] and plain.choice is None


def test_refuses_an_unfinished_game_or_hidden_loyalties() -> None:
    g = Game.new(players=4, seed=1)
    with pytest.raises(ValueError):
        End1667Scene(g.view(0))  # type: ignore[arg-type]
    final = _final((B, F, B, F), 1, 0, 1, 0, 1, 0, (0, 2), EndReason.ARMADA)
    with pytest.raises(ValueError):
        End1667Scene(replace(final, loyalties=(B, None, B, F)))
