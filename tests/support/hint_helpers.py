"""Boards with computer seats for the Hint and watch-mode tests (and the player-text tests that reuse them):
a game with the given levels per seat, its board opened straight from the game, the handoff taken."""

from __future__ import annotations

from iwari_desktop.engine import Game, GameConfig, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
from scene_helpers import map_id

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def game_of(computers: list[str | None], seed: int = 5, mode: GameMode = GameMode.MULTIPLAYER,
            map_name: str | None = None) -> Game:
    specs = tuple(PlayerSpec(NAMES[i], PLAYER_COLOURS[i], level) for i, level in enumerate(computers))
    return Game.new(GameConfig(map_name or map_id(), specs, seed, mode=mode, first_player=0))


def open_board(app, game: Game):
    from iwari_desktop.scenes.board.board import BoardScene

    board = BoardScene(app, game, autosave=False)
    app.stack.push(board)
    app.step(0)
    return board


def take_the_laptop(app, board) -> None:
    from iwari_desktop.scenes.board.overlays import HandoffOverlay

    for _ in range(5):
        if isinstance(app.stack.top, HandoffOverlay):
            app.stack.top.confirm()
        app.step(0)
