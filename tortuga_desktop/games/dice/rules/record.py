"""A game record: the setup and every decision (and scripted roll) in order, enough to replay it.

>>> import random
>>> from tortuga_desktop.games.dice.rules import Game, replay
>>> g = Game.new(players=2, seed=4)
>>> _ = g.playout(random.Random(1))
>>> again = replay(GameRecord.from_dict(g.record().to_dict()))
>>> again.to_dict() == g.to_dict()
True

``Game.record()`` makes one; ``replay`` (in :mod:`.game`, exported by the package) plays it.
Replaying goes through :meth:`Game.apply` (and :meth:`Game.set_roll` for scripted rolls), so a
record can only ever produce reachable states. In JSON, actions are in their text form
(``"select ACE"``, ``"target 2"``); a scripted roll is ``"roll 0355"`` (see :func:`.codec.roll_text`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import parse_action
from .codec import MAX_RECORD, parse_roll
from .components import DICE_GRIDS
from .errors import MalformedActionError, StateFormatError
from .limits import check_names, check_seed
from .reach import record_problem

#: Version of the record's JSON form.
RECORD_FORMAT = 1


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything needed to replay a game: setup and the ordered (seat, action text) entries."""

    format: int
    rules_version: int
    seed: int
    players: int
    names: tuple[str, ...]
    #: the start player chosen at setup, or None for a random one (R1.5)
    start_player: int | None
    long_game: bool
    entries: tuple[tuple[int, str], ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return {
            "format": self.format, "rules_version": self.rules_version, "seed": self.seed,
            "setup": {"players": self.players, "names": list(self.names), "start_player": self.start_player,
                      "long_game": self.long_game},
            "entries": [[s, t] for s, t in self.entries],
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record back; raises :class:`StateFormatError` with a clear message on bad data."""
        if not isinstance(data, dict):
            raise StateFormatError("record: expected an object")
        if data.get("format") != RECORD_FORMAT:
            raise StateFormatError(f"record: unsupported format {data.get('format')!r:.20}")
        version = data.get("rules_version")
        if not isinstance(version, int) or isinstance(version, bool) or version not in DICE_GRIDS:
            raise StateFormatError(f"record.rules_version: unknown rules version {version!r:.20}")
        seed: Any = data.get("seed")
        problem = check_seed(seed)
        if problem:
            raise StateFormatError(f"record.seed: {problem}")
        setup = data.get("setup")
        if not isinstance(setup, dict):
            raise StateFormatError("record.setup: expected an object")
        players = setup.get("players")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise StateFormatError(f"record.setup.players: expected 2-4, got {players!r:.20}")
        names: Any = setup.get("names")
        problem = check_names(names, players)
        if problem:
            raise StateFormatError(f"record.setup.names: {problem}")
        start = setup.get("start_player")
        if start is not None and (not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < players):
            raise StateFormatError(f"record.setup.start_player: expected a seat or null, got {start!r:.20}")
        long_game = setup.get("long_game")
        if not isinstance(long_game, bool):
            raise StateFormatError("record.setup.long_game: expected true/false")
        raw = data.get("entries")
        if not isinstance(raw, list) or len(raw) > MAX_RECORD:
            raise StateFormatError(f"record.entries: expected a list of at most {MAX_RECORD} entries")
        entries = []
        for i, e in enumerate(raw):
            if not (isinstance(e, list) and len(e) == 2 and isinstance(e[0], int) and not isinstance(e[0], bool)
                    and 0 <= e[0] < players and isinstance(e[1], str) and len(e[1]) <= 40):
                raise StateFormatError(f"record.entries[{i}]: expected [seat, action text]")
            try:
                if parse_roll(e[1]) is None:
                    parse_action(e[1])
            except MalformedActionError as exc:
                raise StateFormatError(f"record.entries[{i}]: {exc}") from None
            entries.append((e[0], e[1]))
        problem = record_problem(players, entries)
        if problem:
            raise StateFormatError(f"record.entries: {problem}")
        return cls(RECORD_FORMAT, version, int(seed), players, tuple(str(n) for n in names), start, long_game,
                   tuple(entries))
