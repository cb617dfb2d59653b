"""The rules of Tortuga (RULES.md R0-R9) as a pure, seeded engine.

This package imports only the standard library: no pygame, no AI, no app code.
"""

from .actions import (
    Act,
    Arrange,
    ChooseAction,
    DecisionKind,
    Forfeit,
    KeepTile,
    PlayerAction,
    SelectDice,
    TakeBonus,
    TakeChest,
    Target,
    parse_action,
)
from .components import (
    ACTION_TITLES,
    CHEST_LETTERS,
    CHEST_TITLES,
    DICE_GRIDS,
    DIE_LETTERS,
    DIE_VALUES,
    RULES_VERSION,
    SKULL,
    Action,
    Chest,
    capacity,
)
from .errors import (
    EngineLoopError,
    IllegalActionError,
    MalformedActionError,
    RulesError,
    ScenarioError,
    SetupError,
    StateFormatError,
    UnreachableStateError,
)
from .game import SCHEMA_VERSION, Decision, Game, Outcome, Phase, Seat, Stage, check_reachable, replay
from .invariants import check_assumptions, check_invariants
from .payloads import (
    ArrangePayload,
    BonusPayload,
    ChestPayload,
    DecisionPayload,
    DicePayload,
    PositionPayload,
    SkullPayload,
    TilePayload,
)
from .prompt import SeatPrompt, decision_from_view, legal_from_view, prompt_from_view, seat_prompt
from .record import GameRecord
from .scoring import Score, max_sets, score_seat
from .serial import determinize, game_from_dict, game_to_dict, player_view
from .text import describe
from .views import Pending, PlayerView, SeatView

__all__ = [
    "ACTION_TITLES", "CHEST_LETTERS", "CHEST_TITLES", "DICE_GRIDS", "DIE_LETTERS", "DIE_VALUES", "RULES_VERSION",
    "SKULL", "SCHEMA_VERSION", "GameRecord", "Phase", "replay", "ScenarioError", "SetupError", "Stage", "describe",
    "Act", "Action", "Arrange", "Chest", "ChooseAction", "Decision", "DecisionKind", "Forfeit", "Game",
    "IllegalActionError", "KeepTile", "MalformedActionError", "Outcome", "PlayerAction", "RulesError", "Score",
    "Seat", "SelectDice", "StateFormatError", "UnreachableStateError", "EngineLoopError", "TakeBonus", "TakeChest", "Target", "capacity", "check_assumptions", "check_invariants", "check_reachable",
    "ArrangePayload", "BonusPayload", "ChestPayload", "DecisionPayload", "DicePayload", "PositionPayload",
    "SkullPayload", "TilePayload", "SeatPrompt", "decision_from_view", "legal_from_view", "prompt_from_view",
    "seat_prompt", "Pending", "PlayerView", "SeatView", "determinize", "game_from_dict", "game_to_dict", "max_sets", "parse_action", "player_view", "score_seat",
]
