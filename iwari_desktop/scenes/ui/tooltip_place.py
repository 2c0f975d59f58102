"""Every tooltip stays inside the window with a margin (issue #34 item 3: the Hint button's tooltip ran past
the right window edge).

Two kinds of tooltip: the board's own (drawn by `board/board_tooltip.py`, which places its box with
`inside_window`), and pygame-gui's widget tooltips, which the library fits by itself but flush with the
window's edge at best, and not at all when the text is wider than the room left beside the widget;
`keep_widget_tooltips_inside` moves a shown one back in, once per step (a look at each widget: microseconds).
"""

from __future__ import annotations

from typing import Any

import pygame

# the least room between a tooltip and the window's edge, in design pixels (Ui.px scales it up, never below)
TOOLTIP_MARGIN = 6


def margin_px(ui: Any) -> int:
    return max(TOOLTIP_MARGIN, ui.px(TOOLTIP_MARGIN))


def inside_window(rect: pygame.Rect, window: pygame.Rect, margin: int) -> pygame.Rect:
    """`rect` moved (never resized) to lie `margin` pixels inside `window`; one too big for that keeps its
    top left corner at the margin, so its first words are read."""
    room = window.inflate(-2 * margin, -2 * margin)
    moved = rect.clamp(room)
    if rect.width > room.width:
        moved.left = room.left
    if rect.height > room.height:
        moved.top = room.top
    return moved


def keep_widget_tooltips_inside(manager: Any, window: pygame.Rect, margin: int) -> bool:
    """Move every shown widget tooltip `margin` pixels inside `window`; True if one moved."""
    moved = False
    for element in manager.get_sprite_group().sprites():
        tip = getattr(element, "tool_tip", None)
        if tip is None or not hasattr(tip, "rect"):
            continue
        place = inside_window(tip.rect, window, margin)
        if place.topleft != tip.rect.topleft:
            tip.set_position(place.topleft)
            moved = True
    return moved
