"""Lit territories are drawn as small overlays over a dimmed map (issue #21 item 3), and look as the
whole-board mask they replace did: the same pixels, up to rounding."""

from __future__ import annotations

import os

import pygame
import pytest

from iwari_desktop.engine import Game, GameConfig
from iwari_desktop.scenes.board.board_view import DIM, TINT, BoardView
from iwari_desktop.scenes.ui.look import GOLD, LIGHT
from iwari_desktop.scenes.ui.pieces import PieceArt


def whole_board_mask(view: BoardView, lit: frozenset[int], focus: bool) -> pygame.Surface:
    """The picture as the whole-board mask drew it before: the map, a board-sized layer dimming every
    territory but the lit ones, tinting and outlining those."""
    layer = pygame.Surface(view.rect.size, pygame.SRCALPHA)
    layer.fill(DIM[focus])
    off = (-view.rect.x, -view.rect.y)
    width = max(2, int(5 * view.k * 1.6))
    for t in lit:
        pts = [(x + off[0], y + off[1]) for x, y in view._polys[t]]
        pygame.draw.polygon(layer, (0, 0, 0, 0), pts)
        pygame.draw.polygon(layer, TINT[focus], pts)
    for t in lit:
        pts = [(x + off[0], y + off[1]) for x, y in view._polys[t]]
        pygame.draw.polygon(layer, (*(GOLD if focus else LIGHT), 255), pts, width)
    picture = view.background().copy()
    picture.blit(layer, (0, 0))
    return picture


@pytest.mark.parametrize("focus", [False, True])
def test_lit_territories_as_overlays_match_the_whole_board_mask(focus):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    game = Game.new(GameConfig.quick("new-horizons", 3, seed=1))
    view = BoardView(game.state.board, PieceArt())
    view.set_area(pygame.Rect(8, 54, 928, 658))
    lit = frozenset({0, 1, 4})  # 0 and 1 are neighbours: an outline crosses into a lit neighbour
    expected = whole_board_mask(view, lit, focus)
    screen = pygame.Surface((1280, 720))
    screen.fill((0, 0, 0))
    screen.blit(view.background(), view.rect)
    view._draw_lit(screen, lit, focus)
    drawn = screen.subsurface(view.rect)
    worst, differing = 0, 0
    for y in range(0, view.rect.h):
        for x in range(0, view.rect.w, 3):
            a, b = expected.get_at((x, y)), drawn.get_at((x, y))
            d = max(abs(a[i] - b[i]) for i in range(3))
            worst = max(worst, d)
            differing += d > 0
    assert worst <= 2, f"a pixel differs by {worst}"            # rounding only
    assert screen.get_at((2, 2)) == (0, 0, 0, 255)              # nothing drawn outside the board
