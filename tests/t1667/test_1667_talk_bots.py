"""Computer players that talk as players do (t1667/ai/talk.py, ai/seat.py): in whole bot games at every level
and several seat counts, every line the bots say is a ``Say`` the game takes, consistent with what the speaker
heard and saw; a bot asked answers at once; their beliefs read what the others say and trust a caught liar less.

- a reaction names the last vote turned up, its true kind and result (T4.6-T4.8);
- a claim ``to`` a seat answers a question of that seat to the speaker;
- an Easy or Random seat never lies: its claims are its loyalty, its reports the card it saw there, its
  accusations and vouches what it knows;
- a Hard seat's lie is never one a listener can catch: no claim other than its loyalty once a seat saw its
  card, no false report of a slot another seat knows;
- accusations and vouches name another seat; no seat says a line word for word twice within a round, nor
  more than the rules' lines a turn;
- the same seeds give the same talk.

Rule ids: T9.7 (talk is free and public), T6.14 (Facade), T9.5 (the row), TR26 (two players).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from tortuga_desktop.games.t1667.ai.belief import CAUGHT, Belief
from tortuga_desktop.games.t1667.ai.bots import HardBot
from tortuga_desktop.games.t1667.ai.seat import FACTORY, SeatPlayer, make_player
from tortuga_desktop.games.t1667.ai.talk import MAX_OWN, words
from tortuga_desktop.games.t1667.arena import level_of, play_game
from tortuga_desktop.games.t1667.rules import Action, EventCard, Game, Loyalty, position
from tortuga_desktop.games.t1667.rules.events import (
    Event,
    GameOver,
    LoyaltySeen,
    SlotsSeen,
    Talked,
    TurnStarted,
    VoteRevealed,
)
from tortuga_desktop.games.t1667.rules.talk import TALK_PER_TURN, Mood, Say, TalkKind
from tortuga_desktop.games.t1667.table.engine import T1667Engine
from tortuga_desktop.shell.table import BotSpec, LocalTable


@dataclass
class Spoken:
    """A line as the game took it, with what its speaker knew then."""

    seat: int
    say: Say
    at: int  # its index in the game's log
    loyalty: Loyalty
    row: dict[int, EventCard]  # the face-down slots the speaker knew
    others_knew: dict[int, bool]  # per known slot: another seat knew it too
    seen_by: set[int] = field(default_factory=set)  # seats that had looked at the speaker's Loyalty card


def _player(spec: str, seed: int) -> SeatPlayer:
    level, truthful = level_of(spec)  # "hard-truthful": Hard whose talk never lies
    p = make_player(level, seed, truthful=truthful)
    if level == "hard":
        p.bot = HardBot(seed, worlds=3)  # Hard's talk with a small search: the test is about what it says
    return p


def talk_game(levels: list[str], seed: int) -> tuple[Game, list[Spoken]]:
    """A whole game of ``levels``: after every move each seat in turn hears what is new and may speak, its
    lines going into the game (as the arena's ``--talk on`` and a local table do)."""
    n = len(levels)
    g = Game.new(players=n, seed=seed)
    ps = [_player(levels[s], seed * 31 + s) for s in range(n)]
    seen = [0] * n
    spoken: list[Spoken] = []
    while not g.is_over:
        for s in range(n):
            if g.is_over:
                break
            ps[s].observe(g.events_for(s, seen[s]))
            seen[s] = len(g.log)
            view = g.view(s)
            for line in ps[s].talk(view):
                row = {x.slot: x.card for x in view.row if x.face_down and x.card is not None}
                g.apply(s, line)  # the game takes every line (a refused one raises)
                spoken.append(Spoken(s, line, len(g.log) - 1, view.loyalty, row,
                                     {x.slot: any(k != s for k in x.knowers) for x in view.row},
                                     {a for a, b in view.facade_looks if b == s}))
        if g.is_over:
            break
        seat = g.pending()[0].seat
        ps[seat].observe(g.events_for(seat, seen[seat]))
        seen[seat] = len(g.log)
        g.apply(seat, ps[seat].decide(g.view(seat), g.legal_actions(seat)).action)
    return g, spoken


GAMES = [(["easy", "normal"], 2), (["random", "easy", "normal", "hard"], 4),
         (["normal", "easy", "hard", "normal", "easy"], 5), (["easy"] * 6, 8),
         (["normal", "hard", "easy", "random", "normal", "normal", "easy"], 9),
         (["normal"] * 9, 12)]


def _brawl(e: VoteRevealed) -> str:
    brit = sum(c.flags for c in e.cards if c.flag == "B")
    fren = sum(c.flags for c in e.cards if c.flag == "F")
    return "british" if brit > fren else "french" if fren > brit else "tie"


@pytest.mark.parametrize(("levels", "seed"), GAMES)
def test_every_line_of_a_whole_bot_game_fits_what_its_speaker_heard_and_saw(levels: list[str], seed: int) -> None:
    g, spoken = talk_game(levels, seed)
    log = g.log
    n = g.players
    kinds = {s.say.kind for s in spoken}
    assert TalkKind.REACT in kinds and len(kinds) >= (2 if n == 2 else 3), kinds  # bots talk as players do
    answered: set[tuple[int, int]] = set()
    for sp in spoken:
        say, before = sp.say, log[:sp.at]
        assert log[sp.at] == Talked(sp.seat, say)
        if say.about is not None:
            assert say.about != sp.seat and 0 <= say.about < n
        if say.kind is TalkKind.REACT:  # the last vote turned up, as it was
            votes = [e for e in before if isinstance(e, VoteRevealed)]
            assert say.vote_no == len(votes), (sp, len(votes))
            v = votes[-1]
            assert say.vote is v.kind
            assert say.result == (_brawl(v) if v.kind.value == "brawl" else "succeeded" if v.success else "failed")
        if say.kind is TalkKind.CLAIM and say.about is not None:  # an answer: that seat asked this one
            asks = [i for i, e in enumerate(before) if isinstance(e, Talked) and e.seat == say.about
                    and e.say == Say(TalkKind.ASK, about=sp.seat) and (say.about, i) not in answered]
            assert asks, sp
            answered.add((say.about, asks[0]))
        if levels[sp.seat] in ("easy", "random"):  # never a lie
            if say.kind is TalkKind.CLAIM:
                assert say.loyalty is sp.loyalty
            if say.kind is TalkKind.REPORT:
                assert say.slot is not None and sp.row.get(say.slot) is say.card, sp
            if say.kind is TalkKind.ACCUSE:
                assert say.about is not None and g.loyalty[say.about] is say.loyalty
        if levels[sp.seat] == "hard":  # lies nobody can catch
            if say.kind is TalkKind.CLAIM and say.loyalty is not sp.loyalty:
                assert not sp.seen_by and n > 2, sp
            if say.kind is TalkKind.REPORT and say.slot is not None and sp.row.get(say.slot) is not say.card:
                assert not sp.others_knew[say.slot], sp
        if say.kind is TalkKind.REPORT:  # a report speaks of a slot the speaker looked at
            assert say.slot in sp.row, sp
    # no line twice word for word within a round; never more than the rules allow in a turn
    turns = [sum(isinstance(e, TurnStarted) for e in log[:sp.at]) for sp in spoken]
    for i, a in enumerate(spoken):
        for j in range(i):
            b = spoken[j]
            if a.seat == b.seat and turns[i] - turns[j] < n:
                assert words(a.say) != words(b.say), (b, a)
        this_turn = [b for j, b in enumerate(spoken) if b.seat == a.seat and turns[j] == turns[i]]
        assert len(this_turn) <= TALK_PER_TURN
        unasked = [b for b in this_turn if not (b.say.kind is TalkKind.CLAIM and b.say.about is not None)]
        assert len(unasked) <= MAX_OWN, unasked


def test_the_same_seeds_give_the_same_talk() -> None:
    levels = ["normal", "easy", "hard", "random"]
    a = [(s.seat, s.say, s.at) for s in talk_game(levels, 3)[1]]
    assert len(a) >= 10 and a == [(s.seat, s.say, s.at) for s in talk_game(levels, 3)[1]]


def test_a_bot_asked_at_a_local_table_answers_right_after() -> None:  # T9.7
    for level in ("easy", "normal"):  # (Hard answers as Normal does, but for its lies: see the whole games)
        game = Game.new(4, 7)
        engine = T1667Engine(game)
        bots = {s: BotSpec(FACTORY, level, 40 + s) for s in range(1, 4)}
        t: LocalTable[Any, Action, Event] = LocalTable(engine, names=engine.names, kinds=["human"] + [level] * 3,
                                                       humans=[0], bots=bots, think="inline")
        rng = random.Random(1)
        asked = 0
        while not t.is_over and asked < 3:
            t.poll()
            if 0 not in t.waiting_for():
                continue
            # at each of its first prompts the human asks a computer seat
            bot = 1 + asked % 3
            t.say(0, Say(TalkKind.ASK, about=bot))
            at = len(t.events_for(None))
            t.poll()
            after = list(t.events_for(None))[at:]
            answers = [e for e in after if isinstance(e, Talked) and e.seat == bot and e.say.kind is TalkKind.CLAIM]
            assert answers and answers[0].say.about == 0, (level, after)
            first_move = next((i for i, e in enumerate(after) if not isinstance(e, Talked)), len(after))
            assert after.index(answers[0]) < first_move  # before anything else happens at the table
            if level == "easy":
                assert answers[0].say.loyalty is game.loyalty[bot]
            asked += 1
            if 0 in t.waiting_for():
                t.submit(0, rng.choice(t.prompt(0).legal))
        assert asked == 3
        t.close()


def _table(loyalty: str) -> Game:
    n = len(loyalty)
    return position({"players": n, "loyalty": loyalty, "fd": list(range(0, n, 2)), "jr": list(range(1, n, 2)),
                     "active": 0, "galleon": 2, "holds": {"fd british": 2, "jr french": 2}})


def test_belief_moves_with_talk_and_trusts_a_caught_liar_less() -> None:  # T9.7
    g = _table("BFBFBF")
    b = Belief.from_view(g.view(0))
    before = b.marginal(3)[Loyalty.BRITISH]
    b.observe([Talked(3, Say(TalkKind.CLAIM, loyalty=Loyalty.BRITISH))])
    after = b.marginal(3)[Loyalty.BRITISH]
    assert before < after < 0.9  # a little, not certainty
    b.observe([Talked(5, Say(TalkKind.ACCUSE, about=1, loyalty=Loyalty.FRENCH))])
    assert b.marginal(1)[Loyalty.FRENCH] > b.marginal(5)[Loyalty.FRENCH]
    # seat 3 is shown French (a Facade look): its claim was a lie; its word counts less from now on
    b.observe([LoyaltySeen(0, 3, Loyalty.FRENCH)])
    assert b.trusts(3) == pytest.approx(CAUGHT) and b.trusts(5) == 1.0
    fresh = Belief.from_view(g.view(0))
    fresh.restrict(3, Loyalty.FRENCH)
    b.observe([Talked(3, Say(TalkKind.ACCUSE, about=2, loyalty=Loyalty.FRENCH))])
    fresh.observe([Talked(5, Say(TalkKind.ACCUSE, about=2, loyalty=Loyalty.FRENCH))])
    p0 = Belief.from_view(g.view(0))
    p0.restrict(3, Loyalty.FRENCH)
    base = p0.marginal(2)[Loyalty.FRENCH]
    assert base < b.marginal(2)[Loyalty.FRENCH] < fresh.marginal(2)[Loyalty.FRENCH]
    # an accusation of this seat itself that it knows is false: caught at once
    b.observe([Talked(4, Say(TalkKind.ACCUSE, about=0, loyalty=Loyalty.FRENCH))])
    assert b.trusts(4) == pytest.approx(CAUGHT)


def test_a_false_report_of_a_slot_this_seat_saw_or_saw_turned_up_is_a_lie_caught() -> None:  # T9.5
    g = _table("BFBF")
    b = Belief.from_view(g.view(0))
    b.observe([SlotsSeen(0, ((2, EventCard.ARMADA),)),
               Talked(1, Say(TalkKind.REPORT, slot=2, card=EventCard.MAP)),
               Talked(2, Say(TalkKind.REPORT, slot=2, card=EventCard.ARMADA))])
    assert b.trusts(1) == pytest.approx(CAUGHT) and b.trusts(2) == 1.0
    b.observe([Talked(3, Say(TalkKind.REPORT, slot=4, card=EventCard.PISTOL))])
    assert b.trusts(3) == 1.0
    from tortuga_desktop.games.t1667.rules.events import CardRevealed
    b.observe([CardRevealed(2, 4, EventCard.SPOT)])
    assert b.trusts(3) == pytest.approx(CAUGHT)
    # a claim checked at the end
    b.observe([Talked(2, Say(TalkKind.CLAIM, loyalty=Loyalty.FRENCH))])
    b.observe([GameOver((0, 2), "armada", 3, 1, (Loyalty.BRITISH, Loyalty.FRENCH, Loyalty.BRITISH, Loyalty.FRENCH))])
    assert b.trusts(2) == pytest.approx(CAUGHT)


def test_arena_talk_on_puts_the_lines_into_the_game_and_none_is_refused() -> None:
    quiet = play_game(["normal", "easy", "normal", "easy", "normal"], 5, 1, talk=False)
    loud = play_game(["normal", "easy", "normal", "easy", "normal"], 5, 1, talk=True)
    assert quiet.talk == {} and quiet.refused == 0
    assert loud.refused == 0 and loud.talk.get("react", 0) > 0 and len(loud.talk) >= 4, loud.talk


def test_moods_of_the_bots_are_the_ones_with_words() -> None:
    _g, spoken = talk_game(["normal", "easy", "normal", "normal"], 6)
    assert {s.say.mood for s in spoken if s.say.kind is TalkKind.REACT} <= {Mood.CHEER, Mood.GROAN, Mood.SUSPECT}


def _lies(g: Game, spoken: list[Spoken], seats: set[int]) -> list[Spoken]:
    """The lines of ``seats`` that say what their speaker knew to be false: a claim of another loyalty than its
    own, a report of a slot it saw naming another card."""
    return [sp for sp in spoken if sp.seat in seats and (
        (sp.say.kind is TalkKind.CLAIM and sp.say.loyalty is not sp.loyalty)
        or (sp.say.kind is TalkKind.REPORT and sp.say.slot is not None and sp.row.get(sp.say.slot) is not sp.say.card))]


def test_a_truthful_bot_never_lies_where_the_same_bot_does() -> None:  # T9.7: talk binds nobody, bots may lie
    lied = 0
    plain = ["normal", "hard"] * 3 + ["normal"]
    for seed in (12, 21, 33):
        if not lied:  # until one plain game has shown a lie
            g, spoken = talk_game(plain, seed)
            lied += len(_lies(g, spoken, set(range(7))))
        g, spoken = talk_game([f"{x}-truthful" for x in plain], seed)
        assert spoken and not _lies(g, spoken, set(range(7)))
    assert lied  # the same levels, not truthful, did lie on one of these seeds: the check can fail


def test_the_arena_takes_a_truthful_variant_of_each_level_and_no_other_name() -> None:
    assert level_of("hard-truthful") == ("hard", True) and level_of("normal") == ("normal", False)
    for bad in ("expert-truthful", "hard-honest", "-truthful", "truthful"):
        with pytest.raises(ValueError, match="unknown level"):
            level_of(bad)
