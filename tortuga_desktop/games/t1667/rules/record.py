"""A game record: settings (or the scenario spec) and every decision in order, enough to replay it
(:func:`.scenario.replay`, which can start from a scenario).

>>> import random
>>> from .game import Game
>>> from .random_player import play_random
>>> from .scenario import replay
>>> g = play_random(Game.new(4, seed=9), random.Random(1))
>>> again = replay(GameRecord.from_dict(g.record().to_dict()))
>>> again.snapshot() == g.snapshot()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import EventCard
from .errors import ForeignRecordError, RecordError

if TYPE_CHECKING:
    from .game import Game

RECORD_FORMAT = 1
#: The most entries a record may hold: 20 decisions per turn action at the highest action cap
#: (``game.MAX_CAP``, E1667.11) and room for every seat's talk (``talk.TALK_PER_TURN`` a turn each).
#: A game has about two decisions per turn action (vote cards and answers to cards are the rest), so
#: every game fits; a longer file cannot replay and is refused before it is read.
MAX_ENTRIES = 50_000


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Setup + ordered (seat, action text) entries."""

    players: int
    seed: int
    names: tuple[str, ...]
    starred: tuple[EventCard, ...] | None
    cap: int
    entries: tuple[tuple[int, str], ...]
    #: the scenario spec the game was built from (None: a new game)
    scenario: dict[str, Any] | None = None

    @classmethod
    def of(cls, g: Game) -> GameRecord:
        return cls(g.players, g.seed, tuple(g.names), g.starred_named, g.cap, tuple(g.entries), g.scenario)

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return {
            "format": RECORD_FORMAT, "game": "tortuga-1667",
            "setup": {"players": self.players, "seed": self.seed, "names": list(self.names),
                      "starred": [c.value for c in self.starred] if self.starred is not None else None,
                      "cap": self.cap},
            "scenario": self.scenario,
            "entries": [[s, t] for s, t in self.entries],
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record back; raises :class:`RecordError` with a clear message on bad data."""
        if not isinstance(data, dict):
            raise RecordError("not a Tortuga 1667 record (format 1)")
        if data.get("game") != "tortuga-1667":
            raise ForeignRecordError(f"a record of another game ({data.get('game')!r:.40}), not of Tortuga 1667")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError("not a Tortuga 1667 record (format 1)")
        setup = data.get("setup")
        entries = data.get("entries")
        if not isinstance(setup, dict) or not isinstance(entries, list):
            raise RecordError("record: 'setup' must be an object and 'entries' a list")
        if len(entries) > MAX_ENTRIES:
            raise RecordError(f"record: {len(entries)} entries, more than any game has ({MAX_ENTRIES:,})")
        starred_raw = setup.get("starred")
        try:
            starred = tuple(EventCard(c) for c in starred_raw) if starred_raw is not None else None
        except (TypeError, ValueError):
            raise RecordError("record: 'starred' must list card names") from None
        out = []
        for e in entries:
            if (not isinstance(e, list) or len(e) != 2 or not isinstance(e[0], int) or isinstance(e[0], bool)
                    or not isinstance(e[1], str)):
                raise RecordError("record: each entry is [seat, action text]")
            out.append((e[0], e[1]))
        names = setup.get("names")
        if not isinstance(names, list):
            raise RecordError("record: 'names' must be a list")
        scenario = data.get("scenario")
        if scenario is not None and not isinstance(scenario, dict):
            raise RecordError("record: 'scenario' must be an object or null")
        return cls(setup.get("players"), setup.get("seed"), tuple(names), starred,  # type: ignore[arg-type]
                   setup.get("cap"), tuple(out), scenario)  # type: ignore[arg-type]
