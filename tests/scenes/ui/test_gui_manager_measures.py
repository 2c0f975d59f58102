"""pygame-gui measures a text by drawing it, again for every button it builds: each of its fonts keeps the
rectangles it measured (scenes/ui/gui_manager.py). The kept answer must be the font's own, a caller's edits
must stay its own, and an underlined text is measured apart from the plain one."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core.gui_font_pygame import GUIFontPygame

from iwari_desktop.scenes.ui.gui_manager import MEASURES_PER_FONT, new_manager
from iwari_desktop.scenes.ui.shape_store import ShapeStore

LABELS = ("Start", "New game", "Einstellungen", "Wählt eine Karte", "W", "ÄÖÜ gy 123", "")


def _drawn_rect(font: GUIFontPygame, text: str) -> pygame.Rect:
    """What pygame-gui's own measure answers: the drawn text's size below the font's ascent."""
    if not text:
        return pygame.Rect(0, 0, 0, 0)
    inner = pygame.font.Font(None, font.point_size)
    inner.set_point_size(font.point_size)
    inner.underline = font.underline
    return pygame.Rect((0, inner.get_ascent()), inner.render(text, font.antialiased, "white").get_size())


def _font(size: int = 24) -> GUIFontPygame:
    new_manager((640, 480), {}, "en", ShapeStore())  # installs the measure
    return GUIFontPygame(None, size)


def test_a_kept_measure_is_the_drawn_texts_and_a_callers_edit_stays_its_own(app):
    font = _font()
    for text in LABELS * 2:
        rect = font.get_rect(text)
        assert rect == _drawn_rect(font, text)
        rect.move_ip(50, 50)
        rect.width = 1
        assert font.get_rect(text) == _drawn_rect(font, text)
    assert len(font.__dict__["_kept_rects"]) == len(set(LABELS))


def test_an_underlined_text_is_measured_apart_from_the_plain_one(app):
    font = _font()
    plain = font.get_rect("Rules")
    font.underline = True
    assert font.get_rect("Rules") == _drawn_rect(font, "Rules")
    font.underline = False
    assert font.get_rect("Rules") == plain
    assert set(font.__dict__["_kept_rects"]) == {("Rules", False), ("Rules", True)}


def test_a_full_font_starts_over_and_still_answers_right(app):
    font = _font(12)
    for i in range(MEASURES_PER_FONT + 5):
        font.get_rect(f"label {i}")
    assert len(font.__dict__["_kept_rects"]) <= MEASURES_PER_FONT
    assert font.get_rect("label 3") == _drawn_rect(font, "label 3")


def test_a_button_built_twice_measures_its_label_once(app):
    manager = new_manager((640, 480), {}, "en", ShapeStore())
    first = pygame_gui.elements.UIButton(pygame.Rect(10, 10, 160, 40), "Play again", manager=manager)
    font = first.font
    kept = dict(font.__dict__["_kept_rects"])
    second = pygame_gui.elements.UIButton(pygame.Rect(10, 60, 160, 40), "Play again", manager=manager)
    assert second.font is font
    assert font.__dict__["_kept_rects"] == kept
    assert ("Play again", False) in kept
    assert first.image.get_size() == second.image.get_size()


def test_a_new_manager_loads_its_theme_fonts_inline_and_starts_no_thread(app):
    import threading

    from iwari_desktop.scenes.ui.look import Ui

    before = threading.active_count()
    started = []
    real_start = threading.Thread.start

    def spy(thread):
        started.append(thread)
        return real_start(thread)

    threading.Thread.start = spy  # type: ignore[method-assign]
    try:
        manager = new_manager((800, 600), Ui((800, 600)).theme(), "de", ShapeStore())
    finally:
        threading.Thread.start = real_start  # type: ignore[method-assign]
    assert started == [] and threading.active_count() == before
    fonts = manager.get_theme().get_font_dictionary().loaded_fonts
    assert len(fonts) >= 2
    assert all(resource.loaded_font is not None for resource in fonts.values())
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 200, 40), "Neues Spiel", manager=manager)
    assert button.image.get_bounding_rect().width > 0   # drawn, label and all
