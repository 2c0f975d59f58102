"""The Iwari rules engine: pure Python, never imports pygame.

Play a whole game through `legal_actions(state)` and `apply(state, action)`; `Game` adds the log,
replay and undo; `save_game`/`load_game` persist it; `observe` gives one seat's view.
"""

from .actions import Action, Draw, Exchange, FeatKind, Pass, Place, PlaceFeat, PlaceTent, PlaceTotem, parse_action
from .biomes import BASE_BIOMES, Biome, ConnectionKind, TribeColour
from .board import Board, MapError
from .config import BASE_FEATS, ConfigError, GameConfig, PlayerSpec
from .errors import ActionParseError, IllegalAction
from .game import Game, UndoUnavailable
from .maps_registry import bundled_map_ids, get_board
from .observation import Observation, observe
from .rules import apply, legal_actions, returns
from .scoring import GameResult, ScoreLine, ScoreReport
from .setup import new_game
from .state import GameState, Phase

__all__ = [
    "Action", "Draw", "Exchange", "FeatKind", "Pass", "Place", "PlaceFeat", "PlaceTent", "PlaceTotem", "parse_action",
    "BASE_BIOMES", "Biome", "ConnectionKind", "TribeColour", "Board", "MapError", "BASE_FEATS", "ConfigError",
    "GameConfig", "PlayerSpec", "ActionParseError", "IllegalAction", "Game", "UndoUnavailable", "bundled_map_ids",
    "get_board", "Observation", "observe", "apply", "legal_actions", "returns", "GameResult", "ScoreLine",
    "ScoreReport", "new_game", "GameState", "Phase",
]
