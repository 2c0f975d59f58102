"""The Iwari rules engine: pure Python, never imports pygame.

Play a whole game through `legal_actions(state)` and `apply(state, action)`; `Game` adds the log,
replay and undo; `save_game`/`load_game` persist it; `observe` gives one seat's view.
"""

from iwari_desktop.engine.core.actions import Action, Draw, Exchange, FeatKind, Pass, Place, PlaceFeat, PlaceTent, PlaceTotem, parse_action
from iwari_desktop.engine.core.biomes import BASE_BIOMES, Biome, ConnectionKind, TribeColour
from iwari_desktop.engine.maps.board import Board, MapError
from iwari_desktop.engine.core.config import BASE_FEATS, ConfigError, GameConfig, GameMode, PlayerSpec
from iwari_desktop.engine.core.errors import ActionParseError, IllegalAction
from iwari_desktop.engine.core.game import Game, UndoUnavailable
from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board
from iwari_desktop.engine.core.observation import Observation, observe
from iwari_desktop.engine.core.rules import apply, legal_actions, returns
from iwari_desktop.engine.core.scoring import GameResult, ScoreLine, ScoreReport
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, Phase, TribeRole

__all__ = [
    "Action", "Draw", "Exchange", "FeatKind", "Pass", "Place", "PlaceFeat", "PlaceTent", "PlaceTotem", "parse_action",
    "BASE_BIOMES", "Biome", "ConnectionKind", "TribeColour", "Board", "MapError", "BASE_FEATS", "ConfigError",
    "GameConfig", "PlayerSpec", "ActionParseError", "IllegalAction", "Game", "UndoUnavailable", "bundled_map_ids",
    "get_board", "Observation", "observe", "apply", "legal_actions", "returns", "GameResult", "ScoreLine",
    "ScoreReport", "new_game", "GameState", "Phase", "GameMode", "TribeRole",
]
