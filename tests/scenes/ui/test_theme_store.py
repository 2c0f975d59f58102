"""pygame-gui's theme is parsed once per theme data and language and kept (scenes/ui/theme_store.py): a kept
theme must answer as a freshly parsed one, load fonts of its own (in its own language), leave the shared
parse as it was, and draw the same pixels; what its fonts measured and drew is shared by font identity."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

from iwari_desktop.scenes.ui.gui_manager import InlineLoader, new_manager
from iwari_desktop.scenes.ui.look import Ui
from iwari_desktop.scenes.ui.shape_store import ShapeStore
from iwari_desktop.scenes.ui.theme_store import OWN, SHARED, ThemeStore

IDS = (["button"], ["#heading_label", "label"], ["tool_tip.text_box", "text_box"], ["drop_down_menu"],
       ["#error_label", "label"], ["horizontal_slider"], ["text_entry_line"])
COLOURS = ("normal_bg", "hovered_bg", "disabled_bg", "normal_text", "normal_border", "dark_bg", "selected_text")
MISC = ("shape", "shape_corner_radius", "border_width", "shadow_width", "text_horiz_alignment", "tool_tip_delay")


def _answers(theme) -> dict:
    """What widgets ask a theme: colours, misc data, font info and the font's size and style, for `IDS`."""
    seen = {}
    for ids in IDS:
        for colour in COLOURS:
            seen[(tuple(ids), colour)] = tuple(theme.get_colour(colour, ids))
        for name in MISC:
            try:
                seen[(tuple(ids), name)] = theme.get_misc_data(name, ids)
            except LookupError:
                seen[(tuple(ids), name)] = None
        font = theme.get_font(ids)
        seen[(tuple(ids), "font")] = (dict(theme.get_font_info(ids)), font.point_size, font.antialiased)
    return seen


def test_a_parsed_theme_has_no_attribute_the_store_does_not_place(app):
    """Every attribute pygame-gui gives a theme is either shared from the parse or made for each manager: an
    attribute a newer pygame-gui adds must be placed before the store may hand out themes."""
    theme = UIAppearanceTheme(InlineLoader(), "en")
    assert set(vars(theme)) == set(SHARED) | set(OWN)
    assert not set(SHARED) & set(OWN)


def test_a_kept_theme_answers_as_a_fresh_parse_with_fonts_of_its_own(app):
    data = Ui((1280, 720)).theme()
    store = ThemeStore()
    first = store.theme(data, "en", InlineLoader())
    kept = store.theme(Ui((1280, 720)).theme(), "en", InlineLoader())
    fresh = UIAppearanceTheme(InlineLoader(), "en")
    fresh.load_theme(data)
    assert store.parsed == 1
    assert _answers(kept) == _answers(fresh) == _answers(first)
    fonts = [theme.get_font(["button"]) for theme in (first, kept)]
    assert fonts[0] is not fonts[1], "a font is each manager's own (it does not outlive pygame.quit)"
    assert kept.get_font_dictionary() is not first.get_font_dictionary()
    assert kept.shadow_generator is not first.shadow_generator
    assert set(kept.shadow_generator.preloaded_shadow_corners) == set(fresh.shadow_generator.preloaded_shadow_corners)


def test_another_size_or_language_is_parsed_apart_and_keeps_its_own_fonts(app):
    store = ThemeStore()
    small, big = Ui((1280, 720)).theme(), Ui((1920, 1080)).theme()
    english = store.theme(small, "en", InlineLoader())
    german = store.theme(small, "de", InlineLoader())
    larger = store.theme(big, "en", InlineLoader())
    english_again = store.theme(small, "en", InlineLoader())
    assert store.parsed == 3
    assert english_again._locale == "en" and german._locale == "de"   # the locale picks each element's font
    assert german.get_font(["button"]) is not english_again.get_font(["button"])
    assert larger.get_font(["button"]).point_size > english.get_font(["button"]).point_size
    assert _answers(english_again) == _answers(english)


def test_building_widgets_leaves_the_shared_parse_as_it_was(app):
    """Two managers share the parse: what one manager's widgets do must not reach the other's."""
    store = ThemeStore()
    data = Ui((1280, 720)).theme()
    manager = new_manager((1280, 720), data, "en", ShapeStore(), store)
    before = repr([getattr(manager.get_theme(), name) for name in SHARED])
    for index, text in enumerate(("New game", "Weiter", "Rules")):
        button = pygame_gui.elements.UIButton(pygame.Rect(10, 10 + 50 * index, 200, 40), text, manager=manager,
                                              tool_tip_text="A tip")
        button.disable()
        button.enable()
    pygame_gui.elements.UITextEntryLine(pygame.Rect(10, 200, 200, 40), manager=manager)
    manager.update(0.5)
    after = new_manager((1280, 720), data, "en", ShapeStore(), store)
    assert repr([getattr(after.get_theme(), name) for name in SHARED]) == before
    assert store.parsed == 1


def _button_pixels(manager, text: str) -> bytes:
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 240, 44), text, manager=manager)
    button.select()
    manager.update(0.01)
    button.unselect()
    manager.update(0.01)
    return pygame.image.tobytes(button.image, "RGBA")


def test_buttons_of_a_kept_theme_draw_the_same_pixels_as_a_freshly_parsed_one(app):
    data = Ui((1280, 720)).theme()
    store = ThemeStore()
    labels = ("New game", "Spiel laden", "Wwwww gy 123")
    parsed = [_button_pixels(new_manager((1280, 720), data, "en", ShapeStore()), text) for text in labels]
    for _ in range(2):  # the store's first manager (parsed), then a kept theme with the fonts' answers kept
        manager = new_manager((1280, 720), data, "en", ShapeStore(), store)
        assert [_button_pixels(manager, text) for text in labels] == parsed
    assert store.parsed == 1


def test_fonts_of_one_file_size_and_style_share_their_answers_and_hand_out_copies(app):
    store = ThemeStore()
    data = Ui((1280, 720)).theme()
    fonts = [new_manager((1280, 720), data, "en", ShapeStore(), store).get_theme().get_font(["button"])
             for _ in range(2)]
    assert fonts[0] is not fonts[1]
    assert fonts[0].get_rect("Quit") == fonts[1].get_rect("Quit")
    assert fonts[0].__dict__["_kept_rects"] is fonts[1].__dict__["_kept_rects"]
    drawn = fonts[0].render_premul_to("Quit", pygame.Color("white"), (80, 30), (2, 24))
    reference = pygame.image.tobytes(drawn, "RGBA")
    drawn.fill((255, 0, 0, 255))  # pygame-gui colours what it gets: that stays the caller's
    again = fonts[1].render_premul_to("Quit", pygame.Color("white"), (80, 30), (2, 24))
    assert pygame.image.tobytes(again, "RGBA") == reference
    assert again.get_bounding_rect().width > 0


def test_the_menus_landscape_is_drawn_once_for_every_app_of_the_worker(app):
    from iwari_desktop.scenes.menu.menu import MenuScene, title_landscape

    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    size = app.screen.get_size()
    kept = app.shapes.picture(("title_landscape", size), lambda: title_landscape(size))
    assert menu._art is kept
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(title_landscape(size), "RGB")
    second = MenuScene(app)
    second.draw(app.screen.copy())
    assert second._art is kept


def test_a_manager_opens_a_theme_font_only_when_a_widget_uses_it(app):
    """The theme names a dozen fonts, a screen uses a few: each is opened when first used (gui_manager's
    `LazyFontResource`), and then shares its identity's answers."""
    store = ThemeStore()
    manager = new_manager((1280, 720), Ui((1280, 720)).theme(), "en", ShapeStore(), store)
    fonts = manager.get_theme().get_font_dictionary().loaded_fonts

    def opened() -> set[str]:
        return {name for name, resource in fonts.items() if resource.__dict__.get("loaded_font") is not None}

    before = opened()
    assert len(before) < len(fonts)
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 200, 40), "Solo", manager=manager)
    assert len(opened()) == len(before) + 1
    assert any(kept is button.font.__dict__["_kept_rects"] for kept in store.fonts.rects.values())
