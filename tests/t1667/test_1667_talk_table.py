"""Computer players' table talk in whole games at the real table (scene + LocalTable, headless): every
line is a talk move of the game (a ``Talked`` event in the log the player reads), checked against the vote
it follows.

- a reaction speaks of the last vote turned up before it (not of an older one);
- its words say what happened: a line that speaks of a failed attack follows a failed attack (T4.6), one
  that speaks of a deposed captain follows a successful mutiny (T4.7), one about the brawl's flags follows
  a brawl with that result (T4.8); a suspicion names a participant of that vote other than the speaker;
- no seat says the same line word for word twice within a round (``players`` turns).

Rule ids: T4.5 (the set is turned up), T4.6-T4.8 (results), T9.7 (talk is free and public).
"""

from __future__ import annotations

import pytest
from table1667_local import local_table

from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.rules.cards import VoteKind
from tortuga_desktop.games.t1667.rules.talk import TalkKind
from tortuga_desktop.games.t1667.table.eventtext import say_text
from tortuga_desktop.games.t1667.table.scene import Table1667Scene
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.loop import App


@pytest.fixture(autouse=True)
def _home(app_home: None) -> None:
    """Every test here runs in a private home, in English."""


def _outcome(e: ev.VoteRevealed) -> str:
    """What the turned-up set did, in the terms the lines speak of."""
    if e.kind is VoteKind.BRAWL:
        brit = sum(c.flags for c in e.cards if c.flag == "B")
        fren = sum(c.flags for c in e.cards if c.flag == "F")
        return "tie" if brit == fren else ("british" if brit > fren else "french")
    return "won" if e.success else "failed"


#: what each English sentence of a reaction takes for granted about the vote it follows: (kind, outcomes)
SENTENCES: dict[str, tuple[VoteKind, set[str]]] = {}


def _says(kind: VoteKind, outcomes: set[str], *sentences: str) -> None:
    for s in sentences:
        SENTENCES[s] = (kind, outcomes)


_says(VoteKind.ATTACK, {"won"}, "Well fought, that is how we plunder!", "One more chest in the right hold.",
      "That plunder should not have happened.", "That chest went the wrong way.",
      "Who helped that attack along? I am watching you, {about}.", "That attack had help, {about}. I am watching you.")
_says(VoteKind.ATTACK, {"failed"}, "Good, that attack came to nothing.", "No plunder this time. Suits me.",
      "A pity: that attack came to nothing.", "That attack should have worked.",
      "Somebody spoiled that attack. I am watching you, {about}.", "Those cards were no accident, {about}.")
_says(VoteKind.MUTINY, {"won"}, "The ship is in better hands now.", "Good riddance to that captain.",
      "That was a bad captain to lose.", "I did not like how that mutiny went.",
      "That mutiny smells. I am watching you, {about}.", "Who wanted that captain gone? You, {about}?")
_says(VoteKind.MUTINY, {"failed"}, "The captain stays. Good.", "That mutiny came to nothing, as it should.",
      "Pity, that captain should have gone.", "That mutiny failed. Shame.",
      "Who kept that captain in place? You, {about}?", "Somebody saved that captain. I am watching you, {about}.")
_says(VoteKind.BRAWL, {"british", "french"}, "Ha! That brawl went our way.", "Those chests are where they belong.",
      "Bad luck in that brawl.", "That brawl went the wrong way.",
      "Those flags were no accident, {about}.", "Who waved the wrong flag? You, {about}?")
_says(VoteKind.BRAWL, {"tie"}, "An even split. Fair enough.", "One each. Nobody gets ahead.")


def _sentence(line: str, names: tuple[str, ...]) -> tuple[VoteKind, set[str]]:
    said = line.split(": “", 1)[1].rstrip("”")
    for s, meaning in SENTENCES.items():
        if s.format(about="") == said or any(s.format(about=n) == said for n in names):
            return meaning
    raise AssertionError(f"a reaction whose meaning this test does not know: {said!r}")


def _play(players: int, seed: int, level: str) -> tuple[Table1667Scene, tuple[str, ...]]:
    _g, table = local_table(players, seed, (), level)
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    scene = Table1667Scene(table, speed="instant")
    app.push(scene)
    try:
        for _ in range(40000):
            app.step(1 / 60)
            if scene.finished:
                return scene, table.names
    finally:
        app.close()
    raise AssertionError("the game did not end")


def _lines(scene: Table1667Scene) -> list[tuple[int, ev.Talked]]:
    return [(pos, e) for pos, e in enumerate(scene.log_events) if isinstance(e, ev.Talked)]


@pytest.mark.parametrize(("players", "seed", "level"), [(5, 3, "normal"), (7, 11, "easy"), (4, 21, "normal")])
def test_every_talk_line_of_a_whole_bot_game_fits_the_vote_it_follows(players: int, seed: int, level: str) -> None:
    i18n.set_language("en")
    scene, names = _play(players, seed, level)
    log = scene.log_events
    lines = _lines(scene)
    reactions = [(pos, e) for pos, e in lines if e.say.kind is TalkKind.REACT]
    assert len(reactions) >= 5, "too few lines to judge"
    assert len({e.say.kind for _, e in lines}) >= 3  # not only reactions
    said_in_round: dict[tuple[int, int], list[str]] = {}
    for pos, line in lines:
        text = say_text(line.seat, line.say, names)
        turns = sum(isinstance(e, ev.TurnStarted) for e in log[:pos])
        for (seat, t), texts in said_in_round.items():
            if seat == line.seat and turns - t < players:
                assert text not in texts, f"seat {seat} said {text!r} twice within a round"
        said_in_round.setdefault((line.seat, turns), []).append(text)
        if line.say.kind is not TalkKind.REACT:
            continue
        votes = [e for e in log[:pos] if isinstance(e, ev.VoteRevealed)]
        assert line.say.vote_no == len(votes), (text, pos)  # the last vote turned up before it
        revealed = votes[-1]
        called = next(e for e in reversed(log[:pos]) if isinstance(e, ev.VoteCalled))
        kind, outcomes = _sentence(text, names)
        assert kind is revealed.kind and _outcome(revealed) in outcomes, (text, revealed)
        if line.say.about is not None:  # a suspicion names someone who sat in that vote, not the speaker
            assert line.say.about in called.participants and line.say.about != line.seat, (text, called)


def test_lines_are_not_a_chorus() -> None:
    """After one vote, no two seats say the same sentence word for word."""
    i18n.set_language("en")
    scene, names = _play(6, 5, "normal")
    by_vote: dict[int | None, list[str]] = {}
    for _pos, line in _lines(scene):
        if line.say.kind is TalkKind.REACT:
            by_vote.setdefault(line.say.vote_no, []).append(say_text(line.seat, line.say, names).split(": “", 1)[1])
    assert by_vote
    for lines in by_vote.values():
        assert len(lines) == len(set(lines)), lines
