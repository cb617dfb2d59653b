"""The Tortuga 1667 rules engine (RULES-1667.md): pure standard-library Python.

>>> g = Game.new(players=6, seed=1)
>>> d = g.pending()[0]
>>> d.kind is Kind.TURN and d.seat == g.active
True
"""

from .actions import (
    Action,
    Attack,
    Blow,
    Brawl,
    Force,
    Maroon,
    Marque,
    Mutiny,
    NameSeat,
    Pick,
    PlaceTreasure,
    Plunder,
    ReturnTreasure,
    Reveal,
    Reverse,
    Row,
    Sail,
    SaveMarque,
    Shift,
    Stay,
    ViewTwo,
    Vote,
    parse_action,
)
from .cards import EVENT_CARDS, VOTE_CARDS, EventCard, Loc, Loyalty, Ship, Side, VoteCard, VoteKind
from .errors import (
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    RecordError,
    RulesError,
    ScenarioError,
    SetupError,
)
from .events import Event, PrivateEvent
from .game import DEFAULT_CAP, Game
from .invariants import check_invariants
from .random_player import play_random, random_action
from .record import GameRecord
from .scenario import position, replay
from .state import Decision, EndReason, Kind, Outcome
from .views import PlayerView, PublicView, SlotView, TableView, VoteResult, VoteView, public_view

__all__ = [
    "Action", "Attack", "Blow", "Brawl", "Force", "Maroon", "Marque", "Mutiny", "NameSeat", "Pick",
    "PlaceTreasure", "Plunder", "ReturnTreasure", "Reveal", "Reverse", "Row", "Sail", "SaveMarque", "Shift",
    "Stay", "ViewTwo", "Vote", "parse_action",
    "EVENT_CARDS", "VOTE_CARDS", "EventCard", "Loc", "Loyalty", "Ship", "Side", "VoteCard", "VoteKind",
    "IllegalActionError", "MalformedActionError", "NotYourTurnError", "RecordError", "RulesError",
    "ScenarioError", "SetupError", "Event", "PrivateEvent", "DEFAULT_CAP", "Game", "check_invariants",
    "play_random", "random_action", "GameRecord", "replay", "position", "Decision", "EndReason", "Kind",
    "Outcome", "PlayerView", "PublicView", "SlotView", "TableView", "VoteResult", "VoteView", "public_view",
]
