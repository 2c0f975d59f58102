"""Games against the Void for the solo scene tests: a solo or co-op game on a map, and the controller
driven by random clickable steps until a wanted moment."""

from __future__ import annotations

import random

from iwari_desktop.engine import Game, GameConfig, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.selftest.solo_driver import void_step


def solo_game(mode: GameMode = GameMode.SOLO, map_id: str = "new-horizons", seed: int = 5, **options) -> Game:
    seats = 1 if mode is GameMode.SOLO else 2
    specs = tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in enumerate(["Ann", "Ben"][:seats]))
    return Game.new(GameConfig(map_id, specs, seed, mode=mode, options=options))


def until(c: GameController, rng: random.Random, test, limit: int = 3000) -> None:
    for _ in range(limit):
        if test():
            return
        void_step(c, rng)
    raise AssertionError("the game never reached the wanted moment")


def open_board(app, c: GameController):
    """`c`'s game started on the app's board (any screen over it closed): returns the board scene."""
    import pygame

    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game
    from scene_helpers import key

    start_game(app, c.game)
    board = app.stack.find(BoardScene)
    while app.stack.top is not board:
        key(app, pygame.K_ESCAPE)
    return board


def open_steps_scene(app, c: GameController):
    """Start `c`'s game in `app` with its queued Void steps held back until the board is on top, then
    give them to the board's controller, as a Void action does: returns (board, the scene on top)."""
    steps, pawn = list(c.void_steps), c.void_steps_pawn
    c.void_steps.clear()
    board = open_board(app, c)
    board.controller.void_steps[:] = steps
    board.controller.void_steps_pawn = pawn
    board._sync()
    return board, app.stack.top
