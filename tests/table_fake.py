"""A tiny game for the local table's tests: "Pebbles".

Seats take 1-3 pebbles from a pile in turn; after each round of takes every seat secretly picks a
guess (0-2) at the same time, and the guesses are turned up together once all have chosen. Each
seat is dealt a secret number at the start that only it sees. The seat that takes the last pebble
wins. Computer players are built by :func:`make_bot` (level "easy" and faulty levels for tests).

Importable by a worker process (tests/ is on ``sys.path``, which "spawn" hands to its children).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tortuga_desktop.shell.engine import ActionRefused, Choice


@dataclass(frozen=True)
class Ev:
    """kind: "dealt" (private: seat, value), "took" (seat, value), "guessed" (seat), "revealed" (values), "over" (seat)."""

    kind: str
    seat: int
    value: Any = None


@dataclass(frozen=True)
class View:
    seat: int | None
    pile: int
    active: int
    guessing: bool
    chosen: tuple[int, ...]
    my_secret: int | None
    my_guess: int | None
    winner: int | None


class Pebbles:
    """The engine (implements shell.engine.Engine and shell.table.SecretActions)."""

    def __init__(self, players: int, seed: int) -> None:
        self.players = players
        self.seed = seed
        rng = random.Random(seed)
        self.secrets = [rng.randrange(100) for _ in range(players)]
        self.pile = 12 + seed % 5
        self.active = 0
        self.guesses: dict[int, int] | None = None
        self.takes_this_round = 0
        self.winner: int | None = None
        self.log: list[Ev] = [Ev("dealt", s, self.secrets[s]) for s in range(players)]
        self.entries: list[tuple[int, str]] = []

    @property
    def decisions(self) -> int:
        return len(self.entries)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def deciders(self) -> tuple[int, ...]:
        if self.winner is not None:
            return ()
        if self.guesses is not None:
            return tuple(s for s in range(self.players) if s not in self.guesses)
        return (self.active,)

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.deciders():
            return []
        if self.guesses is not None:
            return [f"guess {g}" for g in range(3)]
        return [f"take {n}" for n in range(1, min(3, self.pile) + 1)]

    def parse_action(self, text: str) -> str:
        word, _, num = text.partition(" ")
        if word not in ("take", "guess") or num not in ("0", "1", "2", "3"):
            raise ActionRefused(f"not an action: {text!r:.30}")
        return text

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise ActionRefused(f"{action!r:.30} is not legal for seat {seat} now")
        self.entries.append((seat, action))
        n = int(action.split()[1])
        if self.guesses is not None:
            self.guesses[seat] = n
            self.log.append(Ev("guessed", seat))
            if len(self.guesses) == self.players:
                self.log.append(Ev("revealed", -1, tuple(self.guesses[s] for s in range(self.players))))
                self.guesses = None
            return
        self.pile -= n
        self.log.append(Ev("took", seat, n))
        if self.pile == 0:
            self.winner = seat
            self.log.append(Ev("over", seat))
            return
        self.active = (self.active + 1) % self.players
        self.takes_this_round += 1
        if self.takes_this_round == self.players:
            self.takes_this_round = 0
            self.guesses = {}

    def action_visible(self, seat: int, action: str, viewer: int | None) -> bool:
        return not action.startswith("guess") or viewer == seat

    def view(self, seat: int | None) -> View:
        guessing = self.guesses is not None
        return View(seat, self.pile, self.active, guessing, tuple(sorted(self.guesses or ())),
                    self.secrets[seat] if seat is not None else None,
                    (self.guesses or {}).get(seat) if seat is not None else None, self.winner)

    def events_for(self, seat: int | None, start: int = 0) -> list[Ev]:
        return [e for e in self.log if e.kind != "dealt" or e.seat == seat][start:]

    def record(self) -> Mapping[str, Any]:
        return {"players": self.players, "seed": self.seed, "entries": [list(e) for e in self.entries]}


class FakeBot:
    """Takes 1 pebble or the whole pile when it can; guesses its secret mod 3. It checks that it is handed
    nothing of another seat (it raises, a fault, if it is). Faulty levels: "flaky" fails its 3rd decision
    (every instance), "illegal" answers an action that is never legal, "die" ends its worker process
    (when the file named by $TABLE_FAKE_DIE does not exist yet: it creates it first), "hang" never answers."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.seed = seed
        self.seat: int | None = None
        self.events: list[Ev] = []
        self.decided = 0
        self.secret: int | None = None
        self.spoke = 0

    def observe(self, events: Sequence[Ev]) -> None:
        for e in events:
            if e.kind == "dealt":
                if self.secret is not None:
                    raise AssertionError("a second secret: another seat's was handed over")
                self.secret = e.value
            self.events.append(e)

    def decide(self, view: View, legal: Sequence[str]) -> Choice[str]:
        if view.seat is None or view.my_secret != self.secret:
            raise AssertionError("handed a view that is not its seat's")
        self.decided += 1
        if self.level == "flaky" and self.decided == 3:
            raise RuntimeError("flaky")
        if self.level == "hang":
            time.sleep(3600)
        if self.level == "illegal":
            return Choice("take 7")
        if self.level == "die":
            mark = os.environ.get("TABLE_FAKE_DIE", "")
            if mark and not os.path.exists(mark):
                open(mark, "w").close()
                os._exit(3)
        if view.guessing:
            return Choice(f"guess {(self.secret or 0) % 3}", reason=("guess", self.decided))
        act = f"take {view.pile}" if view.pile <= 3 else "take 1"
        return Choice(act, reason=("take", self.decided))

    def talk(self, view: View) -> list[object]:
        """A cheer for every guessing round turned up since it last spoke."""
        if view.seat is None or view.my_secret != self.secret:
            raise AssertionError("handed a view that is not its seat's")
        said = [("cheer", e.value) for e in self.events[self.spoke:] if e.kind == "revealed"]
        self.spoke = len(self.events)
        return said

    def answer(self, view: View, asker: int | None) -> list[object]:
        """Claims an odd or even secret: the truth, except to seat 0."""
        odd = (self.secret or 0) % 2 == 1
        return [("claim", odd if asker != 0 else not odd, asker)]


def make_bot(level: str, seed: int) -> FakeBot:
    return FakeBot(level, seed)


FACTORY = "table_fake:make_bot"
