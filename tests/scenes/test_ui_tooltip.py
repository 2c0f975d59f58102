"""A button's hover tooltip (pygame-gui's own) must be readable: light text on a dark, opaque box.

Why: the playtest of 2026-11-26 found the tutorial's "Skip this step" tooltip drawn as grey text with no
box at all, over the "Leave tutorial" button and the step counter. pygame-gui draws a tooltip's text in a
text box themed as `tool_tip.text_box`; without that entry it falls back to the plain `text_box` look (a
transparent box with dark ink, meant for parchment panels), so the theme's `tool_tip` colours never showed.
"""

from __future__ import annotations

import pygame


def _tooltip(app, text: str):
    """The tooltip a themed button of ours shows when hovered, made the way pygame-gui makes it."""
    from iwari_desktop.scenes.ui.widgets import button

    widget = button(app.stack.top, pygame.Rect(100, 100, 176, 40), "Skip this step", None, "#small", text)
    tip = app.manager.create_tool_tip(text=widget.tool_tip_text, position=widget.rect.center,
                                      hover_distance=(0, 20), parent_element=widget,
                                      object_id=widget.tool_tip_object_id)
    app.manager.update(0.01)
    return tip


def _luminance(colour: pygame.Color) -> float:
    return 0.2126 * colour.r + 0.7152 * colour.g + 0.0722 * colour.b


def test_tooltip_box_is_opaque_and_dark(app):
    tip = _tooltip(app, "The coach makes this move for you")
    image = tip.text_block.image
    w, h = image.get_size()
    # a point inside the box, clear of the text and of the rounded corners
    corner = image.get_at((w // 2, h - 3))
    assert corner.a == 255, f"the tooltip's box is see-through (alpha {corner.a})"
    assert _luminance(corner) < 80, f"the tooltip's box is not dark: {tuple(corner)}"


def test_tooltip_text_is_light_on_its_box(app):
    tip = _tooltip(app, "Back to the main menu")
    theme = app.manager.get_theme()
    ink = theme.get_colour_or_gradient("normal_text", tip.text_block.combined_element_ids)
    assert isinstance(ink, pygame.Color)
    assert _luminance(ink) > 180, f"the tooltip's text is dark ink meant for parchment: {tuple(ink)}"


def test_tooltip_width_grows_with_the_window(app):
    """At 1920×1080 the words are half as big again, so the tooltip's width must be too: pygame-gui's own
    170 px wrapped "Fewer Void territories lose: harder" into three lines of two words (playtest 1080, D19)."""
    from scene_helpers import resize

    rows = {}
    for size in [(1280, 720), (1920, 1080)]:
        resize(app, size)
        tip = _tooltip(app, "Fewer Void territories lose: harder")
        rows[size] = len(tip.text_block.text_box_layout.layout_rows)
        assert tip.rect.w >= app.ui.px(300) - 2, (size, tip.rect)
        tip.kill()
    assert rows == {(1280, 720): 1, (1920, 1080): 1}
