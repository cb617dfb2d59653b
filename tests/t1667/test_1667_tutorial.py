"""Tortuga 1667's "Learn to play", played through the real table UI by clicks, and the ways into it:
the main menu (which asks which game), the 1667 setup screen and F1's rules at a 1667 table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pytest
from app_helpers import choose_game, start_app
from dice.test_layout import LANGUAGES, _probe, check  # noqa: F401 - _probe: the text probe
from t1667.test_1667_screens_layout import draw_table

from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.rules.cards import EventCard, Loyalty, Side, VoteKind
from tortuga_desktop.games.t1667.rules.views import PlayerView
from tortuga_desktop.games.t1667.table.tutorial import ANNE, HUMAN, JACK, KEY, STEPS, fast_forward
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.settings import Settings

pytestmark = pytest.mark.usefixtures("app_home")


def run_until(app: Any, cond: Callable[[], bool], frames: int = 3000) -> None:
    for _ in range(frames):
        if cond():
            return
        app.run(max_frames=1)
    raise AssertionError("timed out waiting")


def click(app: Any, rect: pygame.Rect) -> None:
    app.post(Click(pygame.Rect(rect).center, 1))
    app.run(max_frames=1)


def press_key(app: Any, key: int, char: str = "") -> None:
    app.post(Key(key, 0, char))
    app.run(max_frames=1)


def learn_1667_from_menu(app: Any) -> Any:
    """The main menu's Learn to play, then Tortuga 1667 in the game chooser: the tutorial is on top."""
    item = next(it for it in app.top.buttons.items if it.label == i18n.tr("tutorial.menu"))
    item.action()
    choose_game(app, "t1667")
    app.run(max_frames=2)
    assert app.top.name == "tutorial1667"
    return app.top


def _click_choice(app: Any, scene: Any, what: str, index: int) -> None:
    """Click the panel's ``(what, index)`` button, turning the wheel over the panel until it shows."""
    for _ in range(40):
        hits = {(w, i): r for r, w, i in scene.renderer.panel_hits}
        if (what, index) in hits:
            click(app, hits[(what, index)])
            return
        app.post(Click(pygame.Rect(scene.renderer.panel_hits[0][0]).center, 5))  # the wheel: one further
        app.run(max_frames=1)
    raise AssertionError(f"the panel never showed {what} {index}")


def make_move(app: Any, scene: Any, action: Any) -> None:
    """Make ``action`` as the coach says: a card of the row is clicked on the table first (the panel narrows
    to what can be done with it); then its button in the panel, and its option if the button has several."""
    from tortuga_desktop.games.t1667.rules import Reveal, ViewTwo

    app.run(max_frames=1)  # the panel is laid out when drawn
    if isinstance(action, (ViewTwo, Reveal)):
        slot = action.a if isinstance(action, ViewTwo) else action.slot
        click(app, scene.renderer.layout.row[slot - 1])
        app.run(max_frames=1)
    gi, oi = next((gi, oi) for gi, g in enumerate(scene.panel.groups) for oi, o in enumerate(g.options)
                  if o.action == action)
    if len(scene.panel.groups) == 1:  # a panel of one button lists its options at once
        _click_choice(app, scene, "option", oi)
        return
    panel = scene.panel
    _click_choice(app, scene, "group", gi)
    if scene.panel is panel and scene.state is not None and scene.state.group == gi:
        app.run(max_frames=1)
        _click_choice(app, scene, "option", oi)


@dataclass(frozen=True)
class Frame:
    """One frame of the tutorial: the coach's step, the game's clock, and the table as the player sees it
    (the view drawn; the events the table has shown)."""

    step: int
    decisions: int
    #: a do step whose decision is the player's now (the computer pirates wait for it)
    asked: bool
    animating: bool
    view: PlayerView
    shown: tuple[ev.Event, ...]

    @property
    def key(self) -> str:
        return STEPS[self.step].key


def record_frames(app: Any, scene: Any) -> list[Frame]:
    frames: list[Frame] = []
    real_run = app.run

    def run(*args: Any, **kw: Any) -> Any:
        out = real_run(*args, **kw)
        if app.top is scene and not scene.tutorial.finished:
            coach = scene.tutorial
            step = coach.step
            game = coach.game
            asked = step.mode == "do" and any(d.seat == HUMAN and d.kind == step.kind for d in game.pending())
            beat = scene.beat
            view = beat.before if beat is not None and beat.before is not None else scene.view
            frames.append(Frame(coach.index, len(game.entries), asked, scene.animating, view,
                                tuple(scene.log_events[:scene.log_shown])))
        return out

    app.run = run
    return frames


def _totals(v: PlayerView) -> tuple[int, int]:
    brit = sum(n for _ship, side, n in v.holds if side is Side.BRITISH) + dict(v.tortuga)[Side.BRITISH]
    fren = sum(n for _ship, side, n in v.holds if side is Side.FRENCH) + dict(v.tortuga)[Side.FRENCH]
    return brit, fren


def _viewed(f: Frame, seat: int) -> list[tuple[int, ...]]:
    return [e.slots for e in f.shown if isinstance(e, ev.SlotsViewed) and e.seat == seat]


def _votes(f: Frame) -> list[VoteKind]:
    return [e.kind for e in f.shown if isinstance(e, ev.VoteCalled)]


def _start(f: Frame) -> bool:
    """The deal as set out: you Captain of the Flying Dutchman, Anne behind you, nothing looked at, 2 to 2."""
    return (f.view.fd == (HUMAN, ANNE) and f.view.jr == (JACK,) and _totals(f.view) == (2, 2)
            and f.view.loyalty is Loyalty.BRITISH and not any(s.card for s in f.view.row))


def _last(f: Frame, kind: VoteKind, success: bool, tops: str = "", flags: str = "", bottoms: str = "") -> bool:
    v = f.view.last_vote
    if v is None or v.kind is not kind or v.success is not success:
        return False
    return (not tops or sorted(c.top for c in v.cards) == sorted(tops)) and (
        not flags or sorted(c.flag for c in v.cards) == sorted(flags)) and (
        not bottoms or sorted(c.bottom for c in v.cards) == sorted(bottoms))


#: What each step's text says is so, checked on every frame of that step (the table may never show what the
#: coach has not reached: each claim also says what has not happened yet).
CLAIMS: dict[str, Callable[[Frame], bool]] = {
    **{k: _start for k in ("welcome", "loyalty", "hand", "treasure", "galleon", "dutch", "ships", "roles",
                           "tortuga", "row", "status", "view")},
    # "Only you saw them: slot 1 is a Letter of Marque, slot 2 the Spanish Armada ... it stands 2 to 2"
    "seen": lambda f: (f.view.row[0].card is EventCard.MARQUE and f.view.row[1].card is EventCard.ARMADA
                       and _totals(f.view) == (2, 2) and not _votes(f)),
    "anne_turn": lambda f: not _viewed(f, JACK),
    # "Two Skulls: the mutiny worked. You were marooned, and Anne is Captain now."
    "mutiny": lambda f: (_last(f, VoteKind.MUTINY, True, bottoms="SS") and f.view.fd == (ANNE,)
                         and f.view.tortuga_line == (HUMAN,) and not _viewed(f, JACK)),
    "governor": lambda f: f.view.tortuga_line == (HUMAN,) and not _viewed(f, JACK),
    "jack_turn": lambda f: VoteKind.BRAWL not in _votes(f),
    # "Jack looked at slots 4 and 5 in secret"
    "jack_looked": lambda f: _viewed(f, JACK) == [(4, 5)] and JACK in f.view.row[3].knowers
    and f.view.row[3].card is None and f.view.active == HUMAN,
    "talk": lambda f: f.view.active == HUMAN and VoteKind.BRAWL not in _votes(f),
    "brawl": lambda f: f.view.tortuga_line[0] == HUMAN and VoteKind.BRAWL not in _votes(f),
    "vote_card": lambda f: f.view.vote is not None and f.view.vote.kind is VoteKind.BRAWL
    and f.view.vote.participants == (HUMAN,),
    # "Two British flags: both of Tortuga's treasures go to the British area. Britain leads 3 to 1."
    "turnup": lambda f: (_last(f, VoteKind.BRAWL, True, flags="BB") and dict(f.view.tortuga)[Side.BRITISH] == 2
                         and _totals(f.view) == (3, 1) and VoteKind.ATTACK not in _votes(f)),
    "draw": lambda f: len(f.view.hand) == 3 and VoteKind.ATTACK not in _votes(f),
    "anne_attack": lambda f: len(_viewed(f, JACK)) == 1,
    # "A Cannon and a Water turned up, and no Torch: the attack failed and no treasure moved."
    "attack": lambda f: (_last(f, VoteKind.ATTACK, False, tops="CW") and _totals(f.view) == (3, 1)
                         and f.view.galleon == 4 and len(_viewed(f, JACK)) == 1),
    # "Anne marooned you with her Mutiny and then attacked the galleon; Jack has only looked at cards."
    "suspect": lambda f: (_votes(f) == [VoteKind.MUTINY, VoteKind.BRAWL, VoteKind.ATTACK]
                          and [e.caller for e in f.shown if isinstance(e, ev.VoteCalled)] == [ANNE, HUMAN, ANNE]
                          and _viewed(f, JACK) == [(4, 5)]),
    "jack_again": lambda f: not any(isinstance(e, ev.CardRevealed) for e in f.shown),
    # "Your turn, and Britain leads 3 to 1 ... You know where the Armada lies"
    "lead": lambda f: (f.view.active == HUMAN and _totals(f.view) == (3, 1) and f.view.row[1].card is EventCard.ARMADA
                       and not any(isinstance(e, ev.CardRevealed) for e in f.shown)),
    "armada": lambda f: not any(isinstance(e, ev.GameOver) for e in f.shown) or f.animating,
    # "Britain 3, France 1: the British win ... Every Loyalty card is turned up now"
    "game_over": lambda f: (any(isinstance(e, ev.GameOver) for e in f.shown) and _totals(f.view) == (3, 1)
                            and f.view.loyalties == (Loyalty.BRITISH, Loyalty.FRENCH, Loyalty.DUTCH)),
    "more": lambda f: any(isinstance(e, ev.GameOver) for e in f.shown),
}


def check_not_ahead_of_the_coach(frames: list[Frame]) -> None:
    """On every frame: the game stands still while the coach explains (a say step) and while it waits for the
    player's move (a do step whose decision is the player's); what the step's text says holds on the table."""
    assert set(CLAIMS) == {s.key for s in STEPS}
    by_step: dict[int, list[Frame]] = {}
    for f in frames:
        by_step.setdefault(f.step, []).append(f)
    problems: list[str] = []
    for index, fs in sorted(by_step.items()):
        step = STEPS[index]
        where = f"step {index + 1} ({step.key})"
        still = [f for f in fs if step.mode == "say" or f.asked]
        if len({f.decisions for f in still}) > 1:
            problems.append(f"{where}: the game moved while the coach waited")
        # what the coach says is checked once the table has shown the step's news (a beat may still play)
        bad = [f for f in fs if not f.animating and not CLAIMS[step.key](f)]
        if bad:
            problems.append(f"{where}: the table contradicts the coach's text on {len(bad)} of {len(fs)} frames")
    assert not problems, "\n".join(problems)


def play(app: Any, scene: Any) -> list[str]:
    """Play the tutorial to its end as a player would: Next on explanations, the step's move by clicks."""
    seen: list[str] = []
    coach = scene.tutorial
    while True:
        step = coach.step
        seen.append(step.key)
        if step.mode == "do":
            run_until(app, lambda: scene.panel is not None and not scene.animating)
            index = coach.index
            make_move(app, scene, step.action())
            run_until(app, lambda index=index: coach.index != index)
        else:
            run_until(app, lambda: scene.coach_panel.enabled("next"))
            last = coach.index == coach.count - 1
            click(app, scene.coach_panel.buttons["next"])
            if last:
                return seen


@pytest.mark.parametrize(("code", "speed"), [("en", "normal"), ("de", "fast"), ("nl", "instant"), ("es", "instant")])
def test_tutorial_played_start_to_end(code: str, speed: str) -> None:
    """From the menu's Learn to play to the end screen; at every frame the table is where the coach is."""
    app = start_app("--speed", speed)
    try:
        app.settings.language = code
        app.apply_settings({"language"})
        scene = learn_1667_from_menu(app)
        frames = record_frames(app, scene)
        seen = play(app, scene)
        assert seen == [s.key for s in STEPS]
        check_not_ahead_of_the_coach(frames)
        assert {f.step for f in frames} >= set(range(1, len(STEPS)))
        assert scene.tutorial.wrong_moves == 0 and not scene.table.notices
        game = scene.tutorial.game
        assert game.is_over and game.outcome.winners == (HUMAN,)
        # the end as at any table: the end box, then (Enter) the end screen; the progress starts over next time
        assert scene.tutorial.finished and scene.finished
        assert KEY not in app.settings.tutorial_steps
        press_key(app, pygame.K_RETURN)
        app.run(max_frames=2)
        assert app.top.name != "tutorial1667" and "end" in app.top.name
    finally:
        app.close()


def _at_step(key: str, *extra: str) -> tuple[Any, Any]:
    from tortuga_desktop.games.t1667.table.tutorial_scene import start_tutorial

    app = start_app("--speed", "instant", *extra)
    app.settings.tutorial_steps = {KEY: next(i for i, s in enumerate(STEPS) if s.key == key)}
    scene = start_tutorial(app)
    app.run(max_frames=2)
    return app, scene


def test_a_wrong_move_is_explained_and_changes_nothing() -> None:
    from tortuga_desktop.games.t1667.rules import Vote
    from tortuga_desktop.games.t1667.rules.cards import VoteCard

    app, scene = _at_step("vote_card")
    try:
        coach = scene.tutorial
        run_until(app, lambda: scene.panel is not None)
        game = coach.game
        before = (len(game.entries), tuple(tuple(h) for h in game.hands))
        make_move(app, scene, Vote(VoteCard.parse("CFS")))  # a French flag: legal, but not this step's move
        app.run(max_frames=2)
        assert (len(game.entries), tuple(tuple(h) for h in game.hands)) == before  # it never reached the game
        assert coach.step.key == "vote_card" and coach.wrong_moves == 1
        assert coach.error == "tutorial.t1667.wrong.flag"
        shown = " ".join(text for text, _colour in scene.coach_panel.paragraphs())
        assert i18n.tr("tutorial.t1667.wrong.flag") in shown and i18n.tr("tutorial.ui.try_again") in shown
        assert scene.panel is not None  # asked again, nothing picked
        make_move(app, scene, Vote(VoteCard.parse("WBH")))
        run_until(app, lambda: coach.step.key == "turnup")
        assert coach.error == ""
    finally:
        app.close()


def test_moves_during_an_explanation_are_refused() -> None:
    app, scene = _at_step("welcome")
    try:
        run_until(app, lambda: scene.panel is not None)
        game = scene.tutorial.game
        before = len(game.entries)
        app.run(max_frames=1)
        press_key(app, pygame.K_1, "1")  # the keys go to the coach while it explains
        click(app, scene.renderer.panel_hits[0][0])  # a click on the dimmed panel
        click(app, scene.renderer.layout.row[0])  # and one on a card of the row
        assert len(game.entries) == before and scene.tutorial.step.key == "welcome"
        press_key(app, pygame.K_RETURN)
        assert scene.tutorial.step.key == "loyalty"  # Enter = Next
        press_key(app, pygame.K_LEFT)
        assert scene.tutorial.step.key == "welcome"  # Left = Back
    finally:
        app.close()


def test_the_guided_game_offers_no_talk_and_says_why() -> None:
    """Talk is not part of the script: no Talk button over the coach's buttons; S says why; nothing is said."""
    app, scene = _at_step("vote_card")
    try:
        run_until(app, lambda: scene.panel is not None)
        notices: list[str] = []
        app.notify = lambda text, *a, **kw: notices.append(text)  # type: ignore[method-assign]
        before = len(scene.tutorial.game.entries)
        assert scene.talk_button_rect() is None
        press_key(app, pygame.K_s, "s")
        assert notices == [i18n.tr("t1667.say.not_offered")]
        assert app.top is scene and len(scene.tutorial.game.entries) == before
    finally:
        app.close()


def test_the_note_tags_can_be_used_while_the_coach_explains() -> None:
    """The step about guessing loyalties asks the player to click the ? beside a name: that click is theirs."""
    app, scene = _at_step("suspect")
    try:
        app.run(max_frames=2)
        widget = scene.aids.widget(scene)
        assert widget is not None and set(widget.rects) == {ANNE, JACK}
        before = scene.aids.notes
        click(app, pygame.Rect(widget.rects[ANNE]))
        assert scene.aids.notes != before and scene.tutorial.step.key == "suspect"
    finally:
        app.close()


def test_progress_is_saved_and_resumed_after_leaving() -> None:
    app = start_app("--speed", "instant")
    try:
        scene = learn_1667_from_menu(app)
        click(app, scene.coach_panel.buttons["next"])
        click(app, scene.coach_panel.buttons["next"])
        assert scene.tutorial.step.key == "hand" and app.settings.tutorial_steps[KEY] == 2
        click(app, scene.coach_panel.buttons["back"])
        assert scene.tutorial.step.key == "loyalty"
        click(app, scene.coach_panel.buttons["leave"])
        assert app.top.name == "chooser" and app.settings.tutorial_steps[KEY] == 1  # back where it was started
        press_key(app, pygame.K_ESCAPE)
        assert app.top.name == "menu"
        scene = learn_1667_from_menu(app)
        assert scene.tutorial.step.key == "loyalty" and scene.tutorial.resumed
        assert scene.coach_panel.labels()["back"] == i18n.tr("tutorial.ui.restart")
        click(app, scene.coach_panel.buttons["back"])  # Start over
        assert app.top.name == "tutorial1667" and app.top.tutorial.index == 0
        assert KEY not in app.settings.tutorial_steps
        assert app.settings.tutorial_step == 0  # the dice game's tutorial keeps its own place
    finally:
        app.close()


def test_resume_late_rebuilds_the_position() -> None:
    app, scene = _at_step("lead")
    try:
        view = scene.view
        assert _totals(view) == (3, 1) and view.tortuga_line == (HUMAN,) and view.fd == (ANNE,)  # type: ignore[arg-type]
        assert view.row[1].card is EventCard.ARMADA and view.active == HUMAN
        assert scene.tutorial.floor == scene.tutorial.index and not scene.tutorial.can_back()
    finally:
        app.close()


def test_learn_to_play_from_the_1667_setup_screen() -> None:
    app = start_app("--speed", "instant")
    try:
        app.top.new_game()
        choose_game(app, "t1667")
        setup = app.top
        assert setup.name == "setup1667"
        learn = next(c for c in setup.controls if c.name == "learn")
        assert learn.label == i18n.tr("tutorial.menu")
        click(app, learn.rect)
        app.run(max_frames=2)
        scene = app.top
        assert scene.name == "tutorial1667" and scene.tutorial.index == 0
        click(app, scene.coach_panel.buttons["leave"])
        assert app.top is setup  # leaving comes back to the setup
    finally:
        app.close()


def test_learn_to_play_from_f1_at_a_1667_table() -> None:
    from t1667.test_1667_screens_layout import _table_scene

    from tortuga_desktop.games.t1667.rules import Game

    app = start_app("--speed", "instant")
    try:
        table_scene = _table_scene(Game.new(players=4, seed=5, names=["A", "B", "C", "D"]), (0,))
        app.push(table_scene)
        app.run(max_frames=2)
        press_key(app, pygame.K_F1)
        help_scene = app.top
        assert help_scene.name == "help1667"
        app.run(max_frames=1)
        click(app, help_scene._learn)
        app.run(max_frames=2)
        scene = app.top
        assert scene.name == "tutorial1667" and app.scenes[-2] is table_scene  # the game waits below
        press_key(app, pygame.K_F1)  # F1 in the tutorial: the rules; L there goes back to the tutorial
        assert app.top.name == "help1667"
        press_key(app, pygame.K_l, "l")
        assert app.top is scene and sum(s.name == "tutorial1667" for s in app.scenes) == 1
        click(app, scene.coach_panel.buttons["leave"])
        assert app.top is table_scene
    finally:
        app.close()


def test_learn_to_play_on_the_menu_offers_both_games() -> None:
    app = start_app()
    try:
        item = next(it for it in app.top.buttons.items if it.label == i18n.tr("tutorial.menu"))
        item.action()
        app.run(max_frames=1)
        chooser = app.top
        assert chooser.name == "chooser" and [m.key for m in chooser.games] == ["tortuga", "t1667"]
        chooser.choose(0)
        app.run(max_frames=2)
        assert app.top.name == "tutorial"  # the dice game's
    finally:
        app.close()


def test_every_step_text_is_complete_in_every_language() -> None:
    games = {i: fast_forward(i)[0] for i, s in enumerate(STEPS) if s.params is not None}
    for code in i18n.LANGUAGES:
        for i, s in enumerate(STEPS):
            params = s.params(games[i]) if s.params is not None else {}
            text = i18n.translate(code, f"tutorial.t1667.step.{s.key}", **params)
            assert text and "{" not in text and not text.startswith("tutorial."), (code, s.key)
            assert not i18n.translate(code, s.wrong).startswith("tutorial."), (code, s.wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coach_and_the_table_keep_their_texts_inside_at_1280x720(lang: str) -> None:
    """Every step at 1280x720: the coach's text fits its box at 12 px or more, nothing is cut or overlaps."""
    from tortuga_desktop.games.t1667.table.tutorial_scene import Tutorial1667Scene

    i18n.set_language(lang)
    app = App(None, size=(1280, 720), fixed_dt=1 / 60, settings=Settings(language=lang))
    problems: list[str] = []
    try:
        i18n.set_language(lang)
        app.ui.set_locale(lang)
        for index, step in enumerate(STEPS):
            scene = Tutorial1667Scene(index, speed="instant")
            app.push(scene)
            for _ in range(3):
                app.step(1 / 60)
            rep, texts = draw_table(app, scene)
            where = f"{lang} step {index + 1} ({step.key})"
            coach = scene.coach_panel
            if coach.clipped or coach.text_px < 12:
                problems.append(f"{where}: the coach's text does not fit ({coach.text_px} px)")
            said = [t for t, r in texts if coach.rect.contains(r)]
            assert said, f"{where}: no coach text seen"
            problems += check(rep, texts, app.size, where)
            app.pop()
    finally:
        app.close()
        i18n.set_language("en")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
