"""The board's message (a Hint's line above all) covers no space a person clicks and no connection badge, on every
map at 1280×720 and 1920×1080 (play-test 2026-11-29, defect 4: a three-line Hint at the map's foot hid connection
18's badge on New Horizons). The layout rectangles are the board scene's own (`BoardScene.build`), the rules' boxes
over the board those a fresh game of the map draws (the Void's counters and forecast in solo), the clickable things
`BoardView.clickable_rects` (tent spaces, totem circles, connection badges)."""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.art.surface_cache import MB, Budgets, SurfaceCaches
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board
from iwari_desktop.scenes.board.board_message import place_message
from iwari_desktop.scenes.board.board_view import BoardView
from iwari_desktop.scenes.presenters.base import BoardFocus
from iwari_desktop.scenes.presenters.views import draw_over_board
from iwari_desktop.scenes.ui.look import Ui
from iwari_desktop.scenes.ui.pieces import PieceArt

# the play-test's Corruption hint (three lines beside the Void's box at 1280×720), and one of the longest of a Place
HINTS = [
    "Hint: the Expert lays 1 Void card above the display — sets off a Corruption now, which counts Whisperpine Vale "
    "for the Void and Silverfall Shelf for you.",
    "Hint: the Expert plays Tundra + Tundra + Coast for 2 pieces in Gullcry Cliffs: a totem, then a tent (the hint "
    "rings each in turn) — narrows the Void's lead in Gullcry Cliffs; the next Corruption would count Gullcry Cliffs.",
]


def _layout(size: tuple[int, int], ui: Ui) -> tuple[pygame.Rect, pygame.Rect]:
    """The board area of `BoardScene.build` for a window of `size`, and the side panel's recent moves
    (`BoardScene.log_rect` with the buttons' row of a solo board at 1280×720: from y 505 of 720)."""
    w, h = size
    margin = ui.px(8)
    side_x = w - ui.px(328) - margin
    area = pygame.Rect(margin, ui.px(54), side_x - 2 * margin, h - ui.px(54) - margin)
    log_top = h * 505 // 720
    return area, pygame.Rect(side_x, log_top, ui.px(328), h - margin - ui.px(60) - log_top)


@pytest.fixture(scope="module")
def caches():
    """The views' pictures for both window sizes: each map's art is read once for the file, as the app reads it
    once for all its boards (issue #32: reading it again was a sixth of this test's time). Room for every map's
    art (7.2 MB each), for this file only."""
    kept = SurfaceCaches(Budgets(map_art=8 * MB * len(bundled_map_ids())))
    yield kept
    kept.drop()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_hint_box_covers_no_clickable_space_and_no_badge_on_any_map(app, caches, size):
    ui = Ui(size)
    margin = ui.px(8)
    area, aside = _layout(size, ui)
    checked = clear_of_boxes = beside = 0
    for map_id in sorted(bundled_map_ids()):
        board = get_board(map_id)
        view = BoardView(board, PieceArt(), caches)
        view.set_area(area)
        modes = [GameMode.MULTIPLAYER] + ([GameMode.SOLO] if GameMode.SOLO.value in board.modes else [])
        for mode in modes:
            players = 1 if mode is GameMode.SOLO else 3
            state = new_game(GameConfig.quick(map_id, players, 3, mode=mode), board)
            scratch = pygame.Surface(size)
            boxes = [r for drawn in draw_over_board(scratch, ui, view.rect, state, BoardFocus(), view)
                     for r in [drawn.rect, *drawn.more] if area.contains(r)]
            for text in HINTS:
                lines, rect = place_message(ui, area, text, False, boxes, view.clickable_rects(), aside)
                covered = [view.clickable_rects()[i] for i in rect.collidelistall(view.clickable_rects())]
                assert not covered, (map_id, mode.value, len(lines), rect, covered[:3])
                if rect.left >= area.right:   # beside the map: over the recent moves, within the window
                    assert aside.contains(rect), (map_id, rect, aside)
                    beside += 1
                else:
                    assert area.contains(rect), (map_id, rect)
                clear_of_boxes += rect.collidelist(boxes) < 0
                checked += 1
    assert checked >= 2 * len(bundled_map_ids())
    assert clear_of_boxes == checked       # nor a rule's box (the Void's counters and forecast)
    assert beside < checked                # the map's own foot or top wherever it has room (most multiplayer maps)
