"""`Ui` keeps drawn lines, measured widths and wrapped lines in a `TextStore` under the fonts' pixel sizes
(scenes/ui/look.py, text_store.py): the answers must be the ones the fonts give, a caller's edits must not
reach the kept answer, a new window size asks its own fonts, and two `Ui`s sharing a store (the game across a
resize, the suite's Apps) each get what their own fonts would say."""

from __future__ import annotations

import pygame

from iwari_desktop.scenes.ui.look import INK, Ui
from iwari_desktop.scenes.ui.text_store import TextStore
from scene_helpers import resize

SENTENCE = "The Void lays its fourth card above the display and counts two territories at once"


def test_kept_widths_and_lines_are_what_the_fonts_measure(app):
    ui = app.ui
    for role, size in (("body", 16), ("heading", 20), ("bold", 13)):
        for text in ("Turn 12", SENTENCE, "Player 3"):
            drawn = ui.text(text, role, size).get_width()
            assert ui.text_width(text, role, size) == drawn
            assert ui.text_width(text, role, size) == drawn  # the kept answer
        lines = ui.wrap(SENTENCE, role, size, 200)
        assert len(lines) > 1 and " ".join(lines) == SENTENCE
        assert all(ui.text_width(line, role, size) <= 200 for line in lines)
        assert ui.wrap(SENTENCE, role, size, 200) == ui._wrap(SENTENCE, role, size, 200)


def test_a_caller_changing_its_lines_does_not_change_the_next_answer(app):
    lines = app.ui.wrap(SENTENCE, "body", 16, 180)
    first = list(lines)
    lines[-1] = "…"
    lines.append("extra")
    assert app.ui.wrap(SENTENCE, "body", 16, 180) == first


def test_a_new_window_size_measures_again_with_its_own_fonts(app):
    small = app.ui.text_width(SENTENCE, "body", 16)
    small_lines = app.ui.wrap(SENTENCE, "body", 16, 300)
    resize(app, (1920, 1080))
    assert app.ui.text_width(SENTENCE, "body", 16) == app.ui.font("body", 16).size(SENTENCE)[0] > small
    assert len(app.ui.wrap(SENTENCE, "body", 16, 300)) > len(small_lines)


def test_a_resize_back_and_forth_gives_each_size_its_own_fonts_answers(app):
    before = (app.ui.text_width(SENTENCE, "body", 16), app.ui.wrap(SENTENCE, "body", 16, 300),
              pygame.image.tobytes(app.ui.text("Round 3", "heading", 20), "RGBA"))
    resize(app, (1920, 1080))
    assert app.ui.text("Round 3", "heading", 20).get_height() > 0
    resize(app, (1280, 720))
    assert app.ui.text_width(SENTENCE, "body", 16) == app.ui.font("body", 16).size(SENTENCE)[0] == before[0]
    assert app.ui.wrap(SENTENCE, "body", 16, 300) == app.ui._wrap(SENTENCE, "body", 16, 300) == before[1]
    assert pygame.image.tobytes(app.ui.text("Round 3", "heading", 20), "RGBA") == before[2]


def test_two_uis_of_different_sizes_sharing_a_store_each_get_their_own_fonts_answers(app):
    store = TextStore()
    small, large = Ui((1280, 720), store=store), Ui((1920, 1080), store=store)
    alone = Ui((1920, 1080))
    for role, size in (("body", 16), ("heading", 20), ("title", 30)):
        for text in ("Round 12", SENTENCE):
            assert small.text_width(text, role, size) < large.text_width(text, role, size)
            assert large.text_width(text, role, size) == alone.text_width(text, role, size)
            assert (pygame.image.tobytes(large.text(text, role, size), "RGBA")
                    == pygame.image.tobytes(alone.text(text, role, size), "RGBA"))
            assert large.wrap(text, role, size, 240) == alone._wrap(text, role, size, 240)
    # a heading's digits come from a second font whose pixel size is its own: two design sizes that open the
    # heading at the same pixel size may still differ there, and must not share a drawn line
    ui, fresh = Ui((1280, 720), store=store), Ui((1280, 720))
    pairs = [(a / 10, b / 10) for a in range(150, 260) for b in range(a + 1, 260)
             if ui.font_px(a / 10) == ui.font_px(b / 10) and ui.font_px(a * 0.092) != ui.font_px(b * 0.092)]
    assert pairs, "no two design sizes open the heading alike and its digits differently"
    a, b = pairs[0]
    for size in (a, b):
        assert (pygame.image.tobytes(ui.text("Round 12", "heading", size), "RGBA")
                == pygame.image.tobytes(fresh._draw("Round 12", "heading", size, INK), "RGBA"))


def test_the_kept_answers_stay_bounded(app):
    store = TextStore(text_bytes=64 * 1024, measures=50)
    ui = Ui((1280, 720), store=store)
    for n in range(400):
        ui.text(f"a line of text {n}")
        ui.text_width(f"word {n}", "body", 16)
        ui.wrap(f"a few words {n}", "body", 16, 60)
    assert len(store.widths) <= 50 and len(store.wrapped) <= 50
    assert 0 < store.lines.bytes <= 64 * 1024
