"""Tortuga 1667's "Learn to play": its prepared deal, its script and the coach that runs it.

The tutorial is a real three-seat game (you and two scripted computer pirates) on a prepared
position built with :func:`~tortuga_desktop.games.t1667.rules.scenario.position`: every card is
placed (loyalties, vote hands, the top of the vote deck, the event row in its final-row state with
the Spanish Armada in it), so every vote turns up as the coach says it does. The computer seats
play their part of :data:`BOT_SCRIPT` in order; the player makes every one of their own moves
through the normal table UI.

A tutorial is a list of :class:`Step` s in the order the game is taught:

* ``say``: an explanation; Next / Back; the computer pirates wait.
* ``do``: the player makes one move; :meth:`Coach.allow` lets only the step's move through, a
  wrong one is explained and never reaches the game.
* ``watch``: the computer pirates move until the step's condition holds, then Next.

Every step names the part of the table it talks about (:class:`Spot`); :func:`spot_rect` turns it
into a screen rect from the table layout. Progress is the step index, kept in the settings
(``tutorial_steps["t1667"]``) so the tutorial resumes where it was left: :func:`fast_forward`
replays the scripted moves up to that step. Pure Python: nothing here draws
(:mod:`.tutorial_scene` does).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tortuga_desktop.games.t1667.rules import Action, Game, parse_action
from tortuga_desktop.games.t1667.rules.cards import Ship, Side
from tortuga_desktop.games.t1667.rules.scenario import position
from tortuga_desktop.games.t1667.rules.state import Kind
from tortuga_desktop.shell.coach import StepCoach

__all__ = ["BOT_SCRIPT", "HUMAN", "KEY", "NAMES", "SPEC", "STEPS", "Coach", "Spot", "Step", "TutorialError",
           "fast_forward", "new_game", "run_bots"]

#: the settings key of this tutorial's progress (the game's key)
KEY = "t1667"
#: the player's seat; seats 1 and 2 are the scripted computer pirates
HUMAN = 0
ANNE, JACK = 1, 2
#: the seats' names (the table marks the player's own seat as theirs)
NAMES = ("Mary Read", "Anne Bonny", "Calico Jack")

#: The prepared deal. You are British and Captain of the Flying Dutchman with Anne behind you; Jack
#: sails the Jolly Roger alone. The row is the final row (the event deck is used up): the Armada lies
#: in slot 2. The vote deck's top cards are the ones the votes below add and the voters draw.
SPEC: dict[str, Any] = {
    "players": 3, "seed": 1667, "names": list(NAMES), "loyalty": "B F D",
    "fd": [0, 1], "jr": [2], "tortuga": [],
    "hands": {"0": "CFS TFH WBH", "1": "CBS TFS WFH", "2": "CFH TBS WBS"},
    # the Mutiny's added card, Anne's draw, the Brawl's added card, your draw, the Attack's added card
    "vote_deck": "TBS CBH TBH CFH WFS",
    "row": "marque armada pistol spot map", "deck": "", "final_row": True,
}

#: What the computer pirates do, in order (action texts). Anne (First Mate) calls a Mutiny and plays a
#: Skull; Jack looks at two cards; Anne (Captain by then) attacks with a Cannon; Jack looks again.
BOT_SCRIPT: dict[int, tuple[str, ...]] = {
    ANNE: ("mutiny", "vote TFS", "attack", "vote CBS"),
    JACK: ("view 4 5", "view 1 3"),
}


def new_game(player_name: str = NAMES[0]) -> Game:
    """The tutorial's game at its start (seat 0 named ``player_name``)."""
    g = position(SPEC)
    g.names = [player_name, *NAMES[1:]]
    return g


class TutorialError(RuntimeError):
    """The script and the engine disagree (a bug in the tutorial, never the player's fault)."""


class ScriptedSeats:
    """The computer pirates' moves: each seat's part of :data:`BOT_SCRIPT`, in order."""

    def __init__(self, script: Mapping[int, Sequence[str]] = BOT_SCRIPT) -> None:
        self.script = {seat: [parse_action(t) for t in moves] for seat, moves in script.items()}
        self.used = dict.fromkeys(self.script, 0)

    def next_move(self, game: Game) -> tuple[int, Action] | None:
        """The next scripted move of a computer seat with an open decision (None: a human decides)."""
        for d in game.pending():
            if d.seat == HUMAN:
                continue
            moves = self.script.get(d.seat, [])
            i = self.used.get(d.seat, 0)
            if i >= len(moves):
                raise TutorialError(f"the script has no more moves for seat {d.seat}")
            return d.seat, moves[i]
        return None

    def applied(self, seat: int) -> None:
        self.used[seat] = self.used.get(seat, 0) + 1


# ----------------------------------------------------------------------------- spots


@dataclass(frozen=True)
class Spot:
    """A part of the table a step talks about. Kinds: ``mat``, ``loyalty``, ``hand``, ``galleon``,
    ``status``, ``last_vote``, ``tortuga``, ``treasure`` (every hold and Tortuga's areas), ``row``,
    ``panel``; ``ship`` (``items``: "fd" / "jr"), ``slots`` (slot numbers), ``seats`` (seats)."""

    kind: str
    items: tuple[int | str, ...] = ()


# ----------------------------------------------------------------------------- steps


Check = Callable[[Game], bool]


@dataclass(frozen=True)
class Step:
    """One step of the tutorial (see the module docstring)."""

    key: str
    spot: Spot
    mode: str = "say"  # "say" | "do" | "watch"
    #: do: the decision kind this step asks for, and the one move that passes
    kind: Kind | None = None
    move: str = ""
    #: do: the explanation of a wrong move (translation key)
    wrong: str = "tutorial.t1667.wrong.generic"
    #: watch: the computer pirates move until this holds
    until: Check | None = None
    #: values for the text's placeholders
    params: Callable[[Game], dict[str, str | int]] | None = None

    def action(self) -> Action | None:
        return parse_action(self.move) if self.move else None


def _pending(seat: int, kind: Kind) -> Check:
    return lambda g: any(d.seat == seat and d.kind == kind for d in g.pending())


def _totals(g: Game) -> dict[str, str | int]:
    t = g.totals()
    return {"british": t[Side.BRITISH], "french": t[Side.FRENCH]}


def _end(g: Game) -> dict[str, str | int]:
    out = g.outcome
    if out is None:
        return _totals(g)
    return {"british": out.british, "french": out.french}


_YOUR_TURN = _pending(HUMAN, Kind.TURN)

STEPS: tuple[Step, ...] = (
    # the goal, the teams and the Dutch
    Step("welcome", Spot("mat")),
    Step("loyalty", Spot("loyalty")),
    Step("hand", Spot("hand")),
    Step("treasure", Spot("treasure"), params=_totals),
    Step("galleon", Spot("galleon")),
    Step("dutch", Spot("seats", (ANNE, JACK))),
    # ships, roles, Tortuga
    Step("ships", Spot("ship", ("fd",))),
    Step("roles", Spot("ship", ("fd",))),
    Step("tortuga", Spot("tortuga")),
    # the event row and the Armada
    Step("row", Spot("row")),
    Step("status", Spot("status")),
    Step("view", Spot("slots", (1, 2)), "do", kind=Kind.TURN, move="view 1 2",
         wrong="tutorial.t1667.wrong.view"),
    Step("seen", Spot("slots", (1, 2)), params=_totals),
    # Anne's Mutiny: you are marooned and become Governor
    Step("anne_turn", Spot("ship", ("fd",)), "watch", until=_pending(JACK, Kind.TURN)),
    Step("mutiny", Spot("last_vote")),
    Step("governor", Spot("tortuga")),
    # Jack looks; table talk
    Step("jack_turn", Spot("seats", (JACK,)), "watch", until=_YOUR_TURN),
    Step("jack_looked", Spot("slots", (4, 5))),
    Step("talk", Spot("seats", (ANNE, JACK))),
    # your Brawl: calling, choosing a card, the turn-up
    Step("brawl", Spot("tortuga"), "do", kind=Kind.TURN, move="brawl", wrong="tutorial.t1667.wrong.brawl"),
    Step("vote_card", Spot("hand"), "do", kind=Kind.VOTE, move="vote WBH", wrong="tutorial.t1667.wrong.flag"),
    Step("turnup", Spot("last_vote"), params=_totals),
    Step("draw", Spot("hand")),
    # Anne's Attack
    Step("anne_attack", Spot("ship", ("fd",)), "watch", until=_pending(JACK, Kind.TURN)),
    Step("attack", Spot("last_vote")),
    Step("suspect", Spot("seats", (ANNE, JACK))),
    Step("jack_again", Spot("seats", (JACK,)), "watch", until=_YOUR_TURN),
    # the end
    Step("lead", Spot("status"), params=_totals),
    Step("armada", Spot("slots", (2,)), "do", kind=Kind.TURN, move="reveal 2", wrong="tutorial.t1667.wrong.armada"),
    Step("game_over", Spot("seats", (HUMAN, ANNE, JACK)), params=_end),
    Step("more", Spot("row")),
)


# ----------------------------------------------------------------------------- running


def run_bots(game: Game, seats: ScriptedSeats, stop: Check, limit: int = 50) -> None:
    """Apply the computer pirates' scripted moves until ``stop`` holds (or a human must decide)."""
    for _ in range(limit):
        if stop(game) or game.is_over:
            return
        nxt = seats.next_move(game)
        if nxt is None:
            return
        seat, action = nxt
        game.apply(seat, action)
        seats.applied(seat)
    raise TutorialError("the scripted players do not stop")


def fast_forward(step: int, player_name: str = NAMES[0]) -> tuple[Game, ScriptedSeats]:
    """The game and the computer pirates' script as they stand at the start of ``step``."""
    step = max(0, min(step, len(STEPS) - 1))
    g = new_game(player_name)
    seats = ScriptedSeats()
    for s in STEPS[:step]:
        if s.mode == "watch" and s.until is not None:
            run_bots(g, seats, s.until)
        elif s.mode == "do" and s.kind is not None:
            kind = s.kind
            run_bots(g, seats, _pending(HUMAN, kind))
            action = s.action()
            if action is None or not _pending(HUMAN, kind)(g):
                raise TutorialError(f"step {s.key}: the game does not ask for {kind.value}")
            g.apply(HUMAN, action)
    return g, seats


class Coach(StepCoach[Step, Game]):
    """Runs the steps: what to show, which moves pass, when the computer pirates may move."""

    def __init__(self, step: int = 0) -> None:
        super().__init__(STEPS, step)

    def bots_may_move(self) -> bool:
        s, g = self.step, self.game
        if g is None or g.is_over:
            return False
        if s.mode == "watch" and s.until is not None:
            return not s.until(g)
        if s.mode == "do" and s.kind is not None:
            return not _pending(HUMAN, s.kind)(g)
        return False

    def allow(self, seat: int, action: Action) -> bool:
        """May the player's ``action`` reach the game? A wrong move sets ``error`` (a translation key)."""
        s, g = self.step, self.game
        if seat != HUMAN or g is None:
            return True
        if s.mode == "do" and s.kind is not None and _pending(HUMAN, s.kind)(g) and action == s.action():
            self.error = ""
            return True
        self.error = s.wrong if s.mode == "do" else "tutorial.t1667.wrong.read_first"
        self.wrong_moves += 1
        return False

    def applied(self, seat: int) -> None:
        """A move of the player reached the game: a do step is done."""
        if seat == HUMAN and self.step.mode == "do":
            self.index = min(self.index + 1, len(STEPS) - 1)
            self.floor = self.index
            self.resumed = False


SHIPS = {"fd": Ship.FD, "jr": Ship.JR}
