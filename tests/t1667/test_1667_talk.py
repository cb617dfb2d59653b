"""Computer players' table talk in Tortuga 1667 (t1667/ai/talk.py): loyalty claims by a fixed strategy, short
reactions to votes, the same talk for the same seed, never more than the seat's own view (T9), and words in
four languages at the edge (t1667/table/eventtext.say_text). Lines are the game's talk moves (``Say``).

Rule ids: T9.7 (talk is free, no private channel), T9.2 / T6.14 (Facade), TR26 (two players), T4 (votes).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tortuga_desktop.devtools.hidden1667 import resample_hidden
from tortuga_desktop.games.t1667.ai.belief import Belief
from tortuga_desktop.games.t1667.ai.bots import NormalBot
from tortuga_desktop.games.t1667.ai.talk import TableTalk
from tortuga_desktop.games.t1667.rules import Game, Loyalty, VoteCard, VoteKind, position
from tortuga_desktop.games.t1667.rules.events import Event, Talked, TurnStarted, VoteCalled, VoteRevealed
from tortuga_desktop.games.t1667.rules.talk import Mood, Say, TalkKind
from tortuga_desktop.games.t1667.table.eventtext import say_text
from tortuga_desktop.shell import i18n

NAMES = ["Anne", "Bart", "Cleo", "Dirk", "Eva", "Finn"]


def _table(loyalty: str) -> Game:
    n = len(loyalty)
    return position({"players": n, "loyalty": loyalty, "fd": list(range(0, n, 2)), "jr": list(range(1, n, 2)),
                     "active": 0, "galleon": 2, "holds": {"fd british": 2, "jr french": 2}})


def _claim(loyalty: Loyalty, to: int | None = None) -> Say:
    return Say(TalkKind.CLAIM, about=to, loyalty=loyalty)


def _reactions(talk: TableTalk, view: object, belief: Belief | None, events: list[Event]) -> list[Say]:
    """The reactions among what ``talk`` says on hearing ``events`` (its unasked lines left out)."""
    return [s for s in talk.hear(view, belief, events) if s.kind is TalkKind.REACT]  # type: ignore[arg-type]


def _sure(view_seat: int, g: Game, seat: int, loyalty: Loyalty) -> Belief:
    b = Belief.from_view(g.view(view_seat))
    b.restrict(seat, loyalty)
    return b


def test_a_bot_tells_the_table_and_a_friend_the_truth() -> None:  # T9.7
    g = _table("BFBFBF")
    talk = TableTalk(0, seed=1)
    assert talk.answer(g.view(0), Belief.from_view(g.view(0)), None) == _claim(Loyalty.BRITISH)
    friend = _sure(0, g, 2, Loyalty.BRITISH)
    assert talk.answer(g.view(0), friend, 2) == _claim(Loyalty.BRITISH, 2)


def test_a_bot_lies_to_an_asker_it_believes_an_enemy_unless_the_asker_saw_its_card() -> None:  # T6.14
    g = _table("BFBFBF")
    view = g.view(0)
    enemy = _sure(0, g, 1, Loyalty.FRENCH)
    assert TableTalk(0, seed=1).answer(view, enemy, 1) == _claim(Loyalty.FRENCH, 1)
    seen = replace(view, facade_looks=((1, 0),))  # seat 1 looked at seat 0's Loyalty card with Facade
    assert TableTalk(0, seed=1).answer(seen, enemy, 1).loyalty is Loyalty.BRITISH
    two = _table("BF")
    assert TableTalk(0, seed=1).answer(two.view(0), None, 1).loyalty is Loyalty.BRITISH  # TR26: both know
    assert TableTalk(0, seed=1, level="easy").answer(view, enemy, 1).loyalty is Loyalty.BRITISH  # Easy never lies
    # Hard lies only where it cannot be caught: not when another seat saw its card, nor against its own word
    assert TableTalk(0, seed=1, level="hard").answer(view, enemy, 1).loyalty is Loyalty.FRENCH
    seen_by_2 = replace(view, facade_looks=((2, 0),))
    assert TableTalk(0, seed=1, level="hard").answer(seen_by_2, enemy, 1).loyalty is Loyalty.BRITISH
    told = TableTalk(0, seed=1, level="hard")
    told.answer(view, enemy, None)  # it told the table the truth
    assert told.answer(view, enemy, 1).loyalty is Loyalty.BRITISH


def test_the_dutch_bot_never_admits_it_unless_seen() -> None:
    g = _table("BFBFD")
    view = g.view(4)
    assert view.loyalty is Loyalty.DUTCH
    for asker in (None, 0, 1, 2, 3):
        assert TableTalk(4, seed=asker or 0).answer(view, Belief.from_view(view), asker).loyalty is not Loyalty.DUTCH
    french = _sure(4, g, 1, Loyalty.FRENCH)
    assert TableTalk(4, seed=1).answer(view, french, 1).loyalty is Loyalty.FRENCH  # one of the asker's crew
    seen = replace(view, facade_looks=((2, 4),))
    assert TableTalk(4, seed=1).answer(seen, None, 2).loyalty is Loyalty.DUTCH
    assert TableTalk(4, seed=1, level="easy").answer(view, None, 1).loyalty is Loyalty.DUTCH  # Easy: naive


def test_reactions_follow_the_side_the_bot_presents() -> None:  # T4.6, T4.8
    g = _table("BFBFBF")
    view = g.view(0)
    enemy = _sure(0, g, 1, Loyalty.FRENCH)
    called = VoteCalled(VoteKind.ATTACK, 1, (0, 1, 2))
    failed = VoteRevealed(VoteKind.ATTACK, (VoteCard("W", "F", "H"),), False, False)
    # seat 0 of 6 may speak after votes 3, 6, 9, ... (two seats per vote): two votes went before this one
    before = [VoteRevealed(VoteKind.BRAWL, (), False, False)] * 2
    moods: set[tuple[Mood | None, str | None, int | None]] = set()
    for seed in range(12):  # CHATTY: some seeds keep quiet
        talk = TableTalk(0, seed)
        moods |= {(r.mood, r.result, r.vote_no) for r in _reactions(talk, view, enemy, [*before, called, failed])}
    assert moods == {(Mood.CHEER, "failed", 3)}  # an enemy's attack failed: glad it failed
    assert all(_reactions(TableTalk(0, seed), view, enemy, [called, failed]) == [] for seed in range(12))  # not its turn
    brawl_lost = [*before, VoteCalled(VoteKind.BRAWL, 3, (3, 4)), VoteRevealed(VoteKind.BRAWL, (VoteCard("C", "F", "S", True),),
                                                                      False, True)]
    out: list[Say] = []
    for seed in range(12):
        out += _reactions(TableTalk(0, seed), view, _sure(0, g, 3, Loyalty.FRENCH), brawl_lost)
    assert out and {r.mood for r in out} == {Mood.SUSPECT} and {r.about for r in out} == {3}
    assert {r.result for r in out} == {"french"}  # the Brawl's true result, which the rules check
    assert all(say_text(0, r, NAMES).startswith("Anne: ") for r in out)
    # a bot that claimed French to the table cheers French flags
    liar = TableTalk(0, 5)
    liar.face = Loyalty.FRENCH
    said = [r for seed in range(12) for r in _reactions(_with_seed(liar, seed), view, None, brawl_lost)]
    assert said and {(r.mood, r.result) for r in said} == {(Mood.CHEER, "french")}


def test_a_seat_never_says_the_same_line_twice_within_a_round() -> None:  # T9.7
    g = _table("BFBFBF")
    view = g.view(0)
    enemy = _sure(0, g, 1, Loyalty.FRENCH)
    talk = TableTalk(0, 2)
    turn = [TurnStarted(0, 2)]
    said: list[tuple[int, Say]] = []
    for vote in range(1, 40):
        events: list[Event] = [*turn, VoteCalled(VoteKind.ATTACK, 1, (0, 1, 2)),
                               VoteRevealed(VoteKind.ATTACK, (VoteCard("W", "F", "H"),), False, False)]
        said += [(vote, r) for r in _reactions(talk, view, enemy, events)]
    assert len(said) >= 3
    for (v1, a), (v2, _b) in zip(said, said[1:], strict=False):
        assert v2 - v1 >= 3  # its turns to speak after a vote: every third at six seats
        same = [(v, r) for v, r in said if (r.mood, r.result, r.variant) == (a.mood, a.result, a.variant)]
        for (x, _), (y, _) in zip(same, same[1:], strict=False):
            assert y - x >= 6, (x, y)  # six turns (one per vote here) make a round at six seats


def _with_seed(talk: TableTalk, seed: int) -> TableTalk:
    t = TableTalk(talk.seat, seed)
    t.face = talk.face
    return t


def _talk_game(seed: int, players: int = 6) -> list[Talked]:
    """A game of Normal bots, each with table talk: what each says on hearing every action (its lines go into
    the game), and a loyalty question from the next seat to the deciding one every few actions."""
    g = Game.new(players=players, seed=seed, names=NAMES[:players])
    bots = [NormalBot(seed * 10 + s) for s in range(players)]
    talks = [TableTalk(s, seed) for s in range(players)]
    seen = [0] * players
    steps = 0
    while not g.is_over:
        seat = g.pending()[0].seat
        for s in range(players):
            new = g.events_for(s, seen[s])
            seen[s] = len(g.log)
            bots[s].observe(new)
            bots[s].flush(g.view(s))
            for line in talks[s].hear(g.view(s), bots[s].belief, new):
                g.apply(s, line)
        if steps % 7 == 3:
            asker = (seat + 1) % players
            g.apply(asker, Say(TalkKind.ASK, about=seat))
        g.apply(seat, bots[seat].decide(g.view(seat), g.legal_actions(seat)).action)
        steps += 1
    return [e for e in g.log if isinstance(e, Talked)]


def test_the_same_seed_gives_the_same_talk_and_all_of_it_has_words() -> None:
    a = _talk_game(4)
    assert a == _talk_game(4)
    kinds = {e.say.kind for e in a}
    assert {TalkKind.CLAIM, TalkKind.REACT, TalkKind.ACCUSE, TalkKind.ASK} <= kinds, kinds
    assert any(e.say.kind is TalkKind.CLAIM and e.say.about is not None for e in a)  # answers
    try:
        for lang in ("en", "de", "nl", "es"):
            i18n.set_language(lang)
            for e in a:
                line = say_text(e.seat, e.say, NAMES)
                assert line and "{" not in line and "e1667." not in line, (lang, e, line)
        i18n.set_language("de")
        assert say_text(1, _claim(Loyalty.FRENCH, 0), NAMES) == "Bart zu Anne: „Ich bin Franzose, bei meiner Ehre.“"
    finally:
        i18n.set_language("en")


def test_talk_depends_only_on_what_the_seat_may_know() -> None:  # T9
    rng = random.Random(28)
    checked = 0
    for seed in range(6):
        g = Game.new(players=5 + seed % 2, seed=seed)
        for _ in range(rng.randrange(10, 40)):
            if g.is_over:
                break
            seat = g.pending()[0].seat
            bot = NormalBot(seed)
            bot.observe(g.events_for(seat))
            g.apply(seat, bot.decide(g.view(seat), g.legal_actions(seat)).action)
        if g.is_over:
            continue
        for me in range(g.players):
            h = resample_hidden(g, me, rng)
            assert g.view(me) == h.view(me) and g.events_for(me) == h.events_for(me)
            said = []
            for game in (g, h):
                bot = NormalBot(1)
                bot.observe(game.events_for(me))
                bot.flush(game.view(me))
                talk = TableTalk(me, 99)
                out: list[Say] = list(talk.hear(game.view(me), bot.belief, game.events_for(me)))
                out += [talk.answer(game.view(me), bot.belief, a) for a in (None, *range(game.players))]
                said.append(out)
            assert said[0] == said[1]
            checked += 1
    assert checked >= 10


def test_wrong_input_is_a_clear_error() -> None:
    g = _table("BFBFBF")
    with pytest.raises(ValueError, match="seat 0"):
        TableTalk(0, 1).answer(g.view(1), None, None)
    with pytest.raises(ValueError, match="no seat"):
        TableTalk(0, 1).answer(g.view(0), None, 9)
    with pytest.raises(ValueError, match="seat 0"):
        TableTalk(0, 1).hear(g.view(1), None, [])
