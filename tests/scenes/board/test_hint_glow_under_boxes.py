"""The Hint's glow is drawn under the boxes over the board (play-test 2026-11-29 defect 6: with Sunscorch Flats lit,
its orange outline crossed "Corruptions: 0 of 3 — the third ends the game" in the Void's counters box)."""

from __future__ import annotations

import pygame

from solo_scene_helpers import solo_game

from iwari_desktop.scenes.board import hint_ring
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.setup.setup import start_game


def test_the_hints_glow_crosses_no_box_over_the_board(app, monkeypatch):
    start_game(app, solo_game(map_id="new-horizons", seed=5))
    board = app.stack.find(BoardScene)
    board.anims.clear()
    territories = set(range(len(board.controller.state.board.territories)))
    # every territory glowing, as a hint lights its own: some outline runs under each box
    monkeypatch.setattr(hint_ring, "hint_targets", lambda controller, hint: (territories, None))
    board.draw(app.screen)
    boxes = [r for drawn in board.over_board for r in [drawn.rect, *drawn.more]]
    assert len(boxes) >= 2   # the Void's counters and the forecast
    glow = app.screen.map_rgb(hint_ring.GLOW)
    lit_outside = 0
    with pygame.PixelArray(app.screen) as pixels:
        for box in boxes:
            inside = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
                      if pixels[x, y] == glow]
            assert not inside, (box, inside[:5])
        view = board.view.rect
        lit_outside = sum(1 for x in range(view.left, view.right, 3) for y in range(view.top, view.bottom, 3)
                          if pixels[x, y] == glow)
    assert lit_outside > 100   # the glow is drawn, only not over the boxes
