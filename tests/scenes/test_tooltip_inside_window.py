"""Every tooltip stays inside the window (issue #34 item 3): the Hint button's tooltip ran past the right
window edge. Widget tooltips (pygame-gui's) and the board's own tooltip keep at least TOOLTIP_MARGIN
pixels from each edge of the window, wherever the thing hovered stands."""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.scenes.ui.tooltip_place import TOOLTIP_MARGIN, inside_window
from scene_helpers import board_after_handoff, make_game


def _inside(rect: pygame.Rect, window: pygame.Rect) -> bool:
    return window.inflate(-2 * TOOLTIP_MARGIN, -2 * TOOLTIP_MARGIN).contains(rect)


def _hover_until_tooltip(app, widget, pos):
    """The tooltip `widget` shows with the mouse at `pos`, made as pygame-gui's button makes it when hovered
    long enough (at the mouse's x, half the button's height above or below), then one step of the app."""
    tip = app.manager.create_tool_tip(text=widget.tool_tip_text, position=(pos[0], widget.rect.centery),
                                      hover_distance=(0, widget.rect.height // 2), parent_element=widget,
                                      object_id=widget.tool_tip_object_id)
    widget.tool_tip = tip
    app.step(0)
    return tip


@pytest.mark.parametrize("at_right_edge", [False, True])
def test_the_hint_buttons_tooltip_stays_inside_the_window(app, at_right_edge):
    board = board_after_handoff(app, make_game())
    app.step(0)
    hint = board._buttons["hint"]
    window = app.screen.get_rect()
    if at_right_edge:       # the worst place a button with a long tooltip can stand
        hint.set_relative_position((window.right - hint.rect.width, hint.rect.y))
        hint.set_tooltip("What a Hard computer would play now: every piece it places and why, in full words")
    tip = _hover_until_tooltip(app, hint, (hint.rect.right - 2, hint.rect.centery))
    assert _inside(tip.rect, window), (tip.rect, window)


@pytest.mark.parametrize("corner", ["topleft", "topright", "bottomleft", "bottomright"])
def test_the_boards_tooltip_keeps_its_margin_at_every_corner(app, corner):
    board = board_after_handoff(app, make_game())
    app.step(0)
    window = app.screen.get_rect()
    area = board.board_area
    pos = getattr(area.inflate(-4, -4), corner)
    for size in ((420, 90), (260, 200)):
        assert _inside(board.tooltip.rect(pos, size), window), (corner, size)
    panel = board.side_rect
    assert _inside(board.tooltip.beside_panel((panel.right - 3, window.bottom - 3), (360, 120)), window)


def test_a_box_too_big_for_the_room_keeps_its_first_words_in_sight():
    window = pygame.Rect(0, 0, 300, 200)
    r = inside_window(pygame.Rect(250, 150, 400, 50), window, TOOLTIP_MARGIN)
    assert r.topleft == (TOOLTIP_MARGIN, 150 - 0) or r.left == TOOLTIP_MARGIN
    assert r.bottom <= window.bottom - TOOLTIP_MARGIN
