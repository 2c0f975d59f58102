"""The main menu's two columns (issue #34 item 3): "Campaign" stood alone in the left column's last row.
The entries are one list laid out in two equal columns; an odd one out (Quit) stands centred under both,
so adding an entry (e.g. "Play online") keeps the columns even."""

from __future__ import annotations

import pytest

from iwari_desktop.scenes.menu.menu import MENU_ENTRIES, menu_places


def _columns(rects, centre_x):
    left = [r for r in rects if r.right <= centre_x]
    right = [r for r in rects if r.left >= centre_x]
    middle = [r for r in rects if r.left < centre_x < r.right]
    return left, right, middle


@pytest.mark.parametrize("count", [len(MENU_ENTRIES), len(MENU_ENTRIES) + 1, 9, 10, 13])
def test_the_columns_are_equal_and_an_odd_entry_stands_centred_below_both(count):
    places = menu_places(count, 640, 250, 300, 44, 9)
    left, right, middle = _columns(places, 640)
    assert len(left) == len(right) == count // 2
    assert len(middle) == count % 2
    assert [r.top for r in left] == [r.top for r in right]          # row by row side by side
    if middle:
        assert middle[0].top > max(r.top for r in left) and middle[0].centerx == 640
        assert middle[0] == places[-1]


def test_the_built_menu_has_no_button_alone_in_a_column(app):
    menu = app.stack.top
    centre = app.screen.get_width() // 2
    rects = [menu.buttons[key].rect for key, _ in MENU_ENTRIES]
    left, right, middle = _columns(rects, centre)
    assert len(left) == len(right)
    assert max(r.bottom for r in left) == max(r.bottom for r in right)
    assert menu.buttons["campaign"].rect not in middle
    assert [key for key, _ in MENU_ENTRIES][-1] == "quit"                  # the odd one out is Quit, centred
    footer = app.screen.get_height() - app.ui.px(8) - app.ui.line_height("body", 13)
    assert max(r.bottom for r in rects) <= footer                          # all above the footer's keys line
