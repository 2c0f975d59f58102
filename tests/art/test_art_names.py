"""Every territory name printed on a map is legible in the smallest window (issue 13, item 10).

"Legible" is measured, not eyeballed: the capital letters of a name must be at least
`MIN_CAP_PX` screen pixels tall in a 1280×720 window. The map painter records, beside each
background (`<id>.art.json`), where it printed every name and how tall that name's capitals are in
board pixels; the board scene decides how much a board pixel is on screen. So the check needs no
re-render: recorded capital height × the board scene's scale at 1280×720.
"""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.art.fingerprint import name_boxes, name_caps
from iwari_desktop.art.map_sizes import MIN_NAME_CAP
from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board, map_path
from iwari_desktop.scenes.board.board_view import BoardView
from iwari_desktop.scenes.ui.pieces import PieceArt
from scene_helpers import make_game

MIN_CAP_PX = 8.0  # capitals this tall read at arm's length on a laptop screen; 5 px (the old smallest) do not


@pytest.fixture
def board_area_720(app) -> pygame.Rect:
    """The rectangle the board scene gives the map in a 1280×720 window."""
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    assert app.screen.get_size() == (1280, 720)
    start_game(app, make_game(players=3))
    return pygame.Rect(app.stack.find(BoardScene).board_area)


def test_every_territory_name_is_at_least_8_px_tall_at_720p(board_area_720):
    too_small = []
    for map_id in bundled_map_ids():
        board = get_board(map_id)
        png = map_path(map_id).with_suffix(".png")
        caps = name_caps(png, board)
        boxes = name_boxes(png, board)
        assert set(caps) == set(boxes) == {t.index for t in board.territories}, \
            f"{map_id}: names without a recorded size: run tools/render_map_art.py {map_id}"
        view = BoardView(board, PieceArt())
        view.set_area(board_area_720)
        for t in board.territories:
            on_screen = caps[t.index] * view.k
            if on_screen < MIN_CAP_PX:
                too_small.append(f"{map_id}: {t.name} {on_screen:.1f} px")
    assert too_small == []


def test_the_painters_smallest_name_size_meets_the_720p_minimum(board_area_720):
    """The painter's own floor (board pixels) is what keeps future maps legible: it must match the test."""
    for map_id in bundled_map_ids():
        board = get_board(map_id)
        view = BoardView(board, PieceArt())
        view.set_area(board_area_720)
        assert MIN_NAME_CAP * view.k >= MIN_CAP_PX, (map_id, board.size)


def test_the_painter_never_tries_a_name_smaller_than_the_floor():
    from iwari_desktop.art.map_art import _Painter

    painter = _Painter(get_board("vast-lands"))
    floor = painter.min_label_size()
    assert painter.cap_height(floor) >= MIN_NAME_CAP > painter.cap_height(floor - 1)
    for territory in painter.board.territories:
        tries = painter.label_tries(territory)
        assert tries and min(size for _, size, _, _, _ in tries) == floor
        assert all(painter.cap_height(size) >= MIN_NAME_CAP for _, size, _, _, _ in tries)
