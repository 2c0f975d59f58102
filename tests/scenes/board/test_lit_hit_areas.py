"""A click lands where the eye saw it (issue #34 item 3): twice a click on a lit space or inside a lit
territory near its edge was ignored or answered "Nothing to play there". The drawn lit shapes and the
hit test differed: a lit territory's outline lies half outside the map's polygon (over the neighbour or
the sea), and a lit space's circle could reach past the half-gap the nearest-space test allowed.

Every map, every territory lit in turn with its tent spaces (as the piece step lights them): every pixel
the frame paints as that territory's tint or outline, or as a lit space's circle, must hit that
territory or that space. The shapes are drawn here with the same pygame calls and sizes the board uses."""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.engine import Game, GameConfig
from iwari_desktop.engine.maps.registry import bundled_map_ids
from iwari_desktop.scenes.board.board_view import BoardView
from iwari_desktop.scenes.ui.pieces import PieceArt

def _drawn(view: BoardView, draw, step: int = 2) -> list[tuple[int, int]]:
    """The screen pixels `draw(surface)` paints, clipped to the map as the board clips its outlines."""
    canvas = pygame.Surface((view.rect.right + 64, view.rect.bottom + 64))
    canvas.fill((0, 0, 0))
    canvas.set_clip(view.rect)
    box = draw(canvas).clip(view.rect)
    # the painted box's pixels read at once, not one `get_at` each
    pixels = pygame.image.tobytes(canvas.subsurface(box), "RGB") if box.w and box.h else b""
    black, row = b"\0\0\0", box.w * 3
    return [(x, y) for y in range(box.top, box.bottom, step)
            for x, i in zip(range(box.left, box.right, step), range((y - box.top) * row, (y - box.top + 1) * row, 3 * step))
            if pixels[i:i + 3] != black]


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield


@pytest.mark.parametrize("map_id", bundled_map_ids())
def test_every_drawn_lit_territory_and_space_pixel_hits_what_it_shows(display, map_id, kept_file_art):
    from iwari_desktop.art.surface_cache import SurfaceCaches

    game = Game.new(GameConfig.quick(map_id, 3, seed=1))
    board = game.state.board
    view = BoardView(board, PieceArt(), SurfaceCaches(files=kept_file_art))   # the map's art decoded once a worker
    view.set_area(pygame.Rect(8, 54, 928, 658))      # the board's map area at 1280×720
    screen = pygame.Surface((1280, 720))
    width = max(2, int(5 * view.k * 1.6))                          # as BoardView._draw_lit outlines
    ring = max(2, int(4 * view.k * 1.4))                           # as BoardView.draw rings a lit space
    radius = max(6, int(view.space_gap * 0.42 * view.k))
    misses: list[str] = []
    for t in board.territories:
        spaces = set(t.tent_spaces)
        view.draw(screen, game.state, lit_territories={t.index}, lit_spaces=spaces)
        poly = view._polys[t.index]

        def outline(surface, poly=poly):
            return pygame.draw.polygon(surface, (255, 255, 255), poly, width)

        def tint(surface, poly=poly):
            return pygame.draw.polygon(surface, (255, 255, 255), poly)

        # the outline's band pixel by pixel pairs (where the misses were), the tint inside more sparsely
        drawn = _drawn(view, outline) + _drawn(view, tint, step=7)
        wrong = [p for p in drawn if view.territory_at(p) != t.index]
        if wrong:
            misses.append(f"{t.name}: {len(wrong)} outline/tint pixels hit {view.territory_at(wrong[0])} at {wrong[0]}")
        centres = {s: view.to_screen(board.spaces[s].position) for s in spaces}
        outer = radius + ring // 2 + 1
        for s in spaces:
            def circle(surface, centre=centres[s]):
                return pygame.draw.circle(surface, (255, 255, 255), centre, outer)

            def shown_there(p):   # two lit circles may overlap: either is what the eye sees there
                return {o for o, c in centres.items() if (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2 <= (outer + 1) ** 2}

            wrong = [p for p in _drawn(view, circle) if view.space_at(p) not in shown_there(p) | {s}]
            if wrong:
                misses.append(f"{t.name} space {s}: {len(wrong)} circle pixels hit {view.space_at(wrong[0])}")
    assert misses == [], f"{map_id}: " + "; ".join(misses[:8])


def test_with_nothing_lit_the_map_polygon_decides_as_before(display):
    game = Game.new(GameConfig.quick("new-horizons", 3, seed=1))
    view = BoardView(game.state.board, PieceArt())
    view.set_area(pygame.Rect(8, 54, 928, 658))
    t = game.state.board.territories[0]
    inside = view.to_screen(t.tent_spaces and game.state.board.spaces[t.tent_spaces[0]].position or t.polygon[0])
    assert view.drawn_lit_territories == frozenset()
    assert view.territory_at(inside) in (t.index, None)
    assert view.territory_at((0, 0)) is None
