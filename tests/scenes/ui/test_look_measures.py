"""`Ui` keeps measured widths and wrapped lines per window size (scenes/ui/look.py): the answers must be the
ones the fonts give, a caller's edits must not reach the kept answer, and a new window size asks again."""

from __future__ import annotations

from iwari_desktop.scenes.ui import look
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


def test_the_kept_answers_stay_bounded(app, monkeypatch):
    monkeypatch.setattr(look, "MEASURES_KEPT", 50)
    for n in range(400):
        app.ui.text_width(f"word {n}", "body", 16)
        app.ui.wrap(f"a few words {n}", "body", 16, 60)
    assert len(app.ui._widths) <= 50 and len(app.ui._wrapped) <= 50
