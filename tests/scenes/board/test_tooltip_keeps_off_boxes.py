"""A tooltip keeps off the boxes the rules draw over the board (solo: the Void's counters and forecast) wherever
a spot free of them exists, as it keeps off lit spaces and the map's names.

Why: the forecast screenshot of a territory's verdict ("Counted now, it would go to the Void, because …") had
the tooltip over the counters box, cutting its last line ("You hold 0 · 12 open …") in half: the very count the
verdict is read against.
"""

from __future__ import annotations

import random

from iwari_desktop.engine import GameMode
from solo_scene_helpers import open_board, solo_game, until
from iwari_desktop.scenes.board.controller import GameController


def test_a_tooltip_keeps_off_the_voids_boxes_wherever_a_free_spot_exists(app):
    c = GameController(solo_game(GameMode.SOLO, "forgotten-island", seed=5))
    until(c, random.Random(5), lambda: c.void_action_open() and not c.needs_handoff and not c.turn_done)
    board = open_board(app, c)
    app.step(0)
    boxes = board.tooltip.rule_boxes()
    assert len(boxes) >= 2, boxes   # the counters and the forecast
    size = (app.ui.px(260), app.ui.px(80))
    area = board.board_area
    checked = 0
    for gx in range(area.x + 10, area.right - 10, max(1, area.w // 24)):
        for gy in range(area.y + 10, area.bottom - 10, max(1, area.h // 16)):
            if any(box.collidepoint(gx, gy) for box in boxes):
                continue   # over a box its own words are the tooltip
            rect = board.tooltip_rect((gx, gy), size)
            spots = board.tooltip_candidates((gx, gy), size)
            if any(lit == 0 and hidden == 0 for _, lit, hidden in spots):
                assert not any(rect.colliderect(box) for box in boxes), (gx, gy, rect)
                checked += 1
    assert checked > 50
