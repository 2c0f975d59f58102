"""Shared by the expansion drawing tests: an app of a given size showing a sample mid-game, and a blit recorder.

Sample games come from `selftest/board_samples.py` (bots through the engine); the action log of each
is kept so a test gets a fresh copy by replay instead of playing the bots again.
"""

from __future__ import annotations

import math
import os
from functools import lru_cache

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from iwari_desktop.engine import Game
from iwari_desktop.scenes.selftest.board_samples import sample_game

SIZES = [(1280, 720), (1280, 800), (1920, 1080)]


@lru_cache(maxsize=None)
def _sample_log(map_id: str, turns: int, seed: int):
    game = sample_game(map_id, seed=seed, turns=turns)
    return game.config, tuple(game.log)


def fresh_sample(map_id: str, turns: int = 22, seed: int = 12) -> Game:
    config, log = _sample_log(map_id, turns, seed)
    return Game.replay(config, list(log))


def open_board(app, game: Game):
    """Put the game on the board and take the handoff, as the seat to play would."""
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.board.overlays import HandoffOverlay
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, game)
    app.step(0)
    if isinstance(app.stack.top, HandoffOverlay):
        app.stack.top.confirm()
        app.step(0)
    board = app.stack.find(BoardScene)
    assert app.stack.top is board
    return board


class BlitLog(pygame.Surface):
    """A surface that remembers every blit: (source surface, destination rect)."""

    def __init__(self, size) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.log: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # noqa: D401 - pygame's signature
        rect = super().blit(source, dest, area, special_flags)
        self.log.append((source, pygame.Rect(rect)))
        return rect


def drawn_pieces(view, state, size) -> list[tuple[tuple, pygame.Rect]]:
    """Draw the board's pieces onto a recorder of the window's `size`; each blit named by the PieceArt
    cache key of its picture, e.g. ("void_ruin", "", 21) or ("tent", "red", 19)."""
    surface = BlitLog(size)
    view._draw_pieces(surface, state, {})
    names = {id(image): key for key, image in view.art._cache.items()}
    return [(names.get(id(source), ("other",)), rect) for source, rect in surface.log]


def near(rect: pygame.Rect, point: tuple[int, int], reach: float) -> bool:
    return math.dist(rect.center, point) <= reach
