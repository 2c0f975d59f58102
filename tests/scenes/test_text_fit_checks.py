"""The text-fit checks and the shared fitting helpers they hold the screens to (issue 19, item 8).

The checks must be able to fail: a scene drawing a row of labels with one shrunk ("Normal" smaller than
"Easy" and "Hard"), a line cut with "…", a line leaving its box, and a button whose text is wider than the room
pygame-gui leaves inside its frame (playtest D11) is caught on each count; the helpers in `Ui` give a row one
size, and fit a long sentence in two lines before they cut it.
"""

from __future__ import annotations

import pygame

from iwari_desktop.scenes.ui.stack import Scene
from iwari_desktop.scenes.ui.widgets import button
from layout_check import text_room, widget_faults
from scene_helpers import resize
from text_fit import cut_lines, fit_faults, mixed_rows


class _Row(Scene):
    """Three labels side by side, drawn at the sizes given, plus whatever else a test asks for."""

    name = "row-of-labels"

    def __init__(self, app, sizes: tuple[int, int, int], extra=None) -> None:
        super().__init__(app)
        self.sizes, self.extra = sizes, extra

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        surface.fill((240, 230, 210))
        x = ui.px(100)
        for text, size in zip(("Easy", "Normal", "Hard"), self.sizes):
            drawn = ui.blit_text(surface, text, (x, ui.px(200)), "bold", size, anchor="midleft")
            x = drawn.right + ui.px(20)
        ui.blit_text(surface, "12", (x, ui.px(200)), "bold", 20, anchor="midleft")   # a score: bigger on purpose
        if self.extra is not None:
            self.extra(ui, surface)


def test_a_row_with_one_label_shrunk_is_caught_and_one_size_is_not(app):
    app.stack.push(_Row(app, (15, 14, 15)))
    found = mixed_rows(app)
    assert found and all("'Normal' at 14" in f for f in found)
    app.stack.pop()
    app.stack.push(_Row(app, (15, 15, 15)))
    assert fit_faults(app) == []


def test_a_cut_line_and_a_line_leaving_its_box_are_caught(app):
    def cut(ui, surface):
        box = pygame.Rect(ui.px(100), ui.px(300), ui.px(120), ui.px(30))
        ui.blit_text(surface, ui.fit("The Void wins with three territories", "body", 16, box.w), box.topleft,
                     "body", 16, box=box)
        ui.blit_text(surface, "A line far too long for its little box", (box.x, box.y + ui.px(40)), "body", 16,
                     box=box)

    app.stack.push(_Row(app, (15, 15, 15), cut))
    assert len(cut_lines(app)) == 1
    assert any("leaves its box" in f for f in fit_faults(app))


def test_shared_size_gives_a_row_the_size_its_widest_label_fits(app):
    ui = app.ui
    labels = ["Easy", "Normal", "Hard"]
    room = ui.text_width("Normal", "bold", 13)
    size = ui.shared_size(labels, "bold", 16, room, 10)
    assert size == 13 and all(ui.text_width(t, "bold", size) <= room for t in labels)
    assert ui.shared_size(labels, "bold", 16, ui.px(500), 10) == 16   # room to spare: nothing shrinks
    assert ui.shared_size(labels, "bold", 16, 1, 10) == 10            # never below the least size


def test_fit_lines_wraps_a_long_sentence_before_it_cuts_it(app):
    ui = app.ui
    text = "Choose 1 to 3 cards, then a lit territory or a contested token; or exchange a card (X)."
    width = ui.text_width(text, "body", 16) * 6 // 10
    height = 2 * ui.line_height("body", 14)
    size, lines = ui.fit_lines(text, "body", 16, width, height, 11)
    assert len(lines) == 2 and " ".join(lines) == text and size >= 13
    assert all(ui.text_width(line, "body", size) <= width for line in lines)
    short_size, short = ui.fit_lines("End turn", "body", 16, width, height, 11)
    assert (short_size, short) == (16, ["End turn"])
    tiny_size, tiny = ui.fit_lines(text * 4, "body", 16, width, height, 11)
    assert tiny_size == 11 and tiny[-1].endswith("…") and len(tiny) <= height // ui.line_height("body", 11)


class _SeatButton(Scene):
    """One seat button as the setup drew it before playtest D11's fix: "Mensch" in the small bold font."""

    name = "seat-button"

    def __init__(self, app, width: int) -> None:
        super().__init__(app)
        self.width = width

    def build(self) -> None:
        button(self, self.app.ui.rect(624, 200, self.width, 40), "Mensch", object_id="#small")


def test_a_button_text_over_its_frame_is_caught_at_1920x1080_as_in_playtest_d11(app):
    """The seat button was 68 design px (102 px at 1920×1080) and "Mensch" 85 px: 4 px from either edge
    (what the check once asked for) was left, but pygame-gui takes the shadow, border and rounded corners off
    first (84 px left), so it drew the "h" over the border. At 76 design px (the fix, 114 px) it fits."""
    resize(app, (1920, 1080))
    app.stack.push(_SeatButton(app, 68))
    app.step(0)
    seat = app.stack.top.widgets[0]
    width = seat.font.size("Mensch")[0]
    assert width <= seat.rect.w - 2 * 4            # the old margin let it pass
    assert text_room(seat) < width                  # pygame-gui's own room does not
    assert any("'Mensch'" in f for f in widget_faults(app))
    app.stack.pop()
    app.stack.push(_SeatButton(app, 76))
    app.step(0)
    fixed = app.stack.top.widgets[0]
    assert text_room(fixed) == fixed.drawable_shape.text_view_rect.w   # the room pygame-gui laid the text in
    assert widget_faults(app) == []
