"""The widgets' boxes are kept in a `ShapeStore` that outlives each pygame-gui manager (scenes/ui/shape_store.py):
a box found there must be the box pygame-gui would draw, a resize must not draw the same boxes again, and the
store must stay within its bytes whatever asks it."""

from __future__ import annotations

import pygame
import pygame_gui

from iwari_desktop.scenes.ui.shape_store import ShapeStore
from scene_helpers import resize

STATES = ("normal", "hovered", "disabled", "selected", "active")
BUTTONS = ((pygame.Rect(0, 0, 220, 48), "Continue"), (pygame.Rect(0, 60, 180, 40), "New game"),
           (pygame.Rect(0, 110, 96, 32), "OK"))


class CountingStore(ShapeStore):
    """Counts the boxes drawn (a box is added only when it was not found)."""

    drawn = 0

    def add_surface_to_cache(self, surface: pygame.Surface, string_id: str) -> None:
        self.drawn += 1
        super().add_surface_to_cache(surface, string_id)


def _manager(app, store: ShapeStore | None) -> pygame_gui.UIManager:
    manager = pygame_gui.UIManager(app.screen.get_size(), app.ui.theme(), enable_live_theme_updates=False)
    if store is not None:
        manager.get_theme().shape_cache = store
    return manager


def _every_state_of_each_button(manager: pygame_gui.UIManager) -> list[bytes]:
    """Each button's picture in every state (pygame-gui draws a state when it is first shown; here at once)."""
    buttons = [pygame_gui.elements.UIButton(rect, text, manager=manager) for rect, text in BUTTONS]
    pictures = []
    for button in buttons:
        for state in STATES:
            if not button.drawable_shape.states[state].generated:
                button.drawable_shape.redraw_state(state)
            pictures.append(pygame.image.tobytes(button.drawable_shape.states[state].surface, "RGBA"))
    return pictures


def test_boxes_found_in_a_store_another_manager_filled_are_the_boxes_pygame_gui_draws(app):
    drawn_by_pygame_gui = _every_state_of_each_button(_manager(app, None))
    store = CountingStore()
    first = _every_state_of_each_button(_manager(app, store))
    drawn = store.drawn
    assert drawn >= len(BUTTONS)  # at least one box a size (the states with other colours add more)
    second = _every_state_of_each_button(_manager(app, store))
    assert store.drawn == drawn  # the second manager drew no box: it found every one
    assert first == second == drawn_by_pygame_gui


def test_a_resize_there_and_back_draws_no_box_of_either_size_again(app):
    app.shapes = CountingStore()
    resize(app, (1920, 1080))
    resize(app, (1280, 720))
    drawn = app.shapes.drawn
    assert drawn > 0
    resize(app, (1920, 1080))
    resize(app, (1280, 720))
    assert app.shapes.drawn == drawn  # the same menu at the same two sizes: every box found, none drawn


def test_the_app_gives_each_new_manager_its_one_store(app):
    store = app.shapes
    assert app.manager.get_theme().shape_cache is store
    resize(app, (1920, 1080))
    assert app.manager.get_theme().shape_cache is store


def test_the_store_keeps_within_its_bytes_dropping_the_box_unused_longest():
    box = pygame.Surface((100, 40), pygame.SRCALPHA)   # 16,000 bytes
    store = ShapeStore(budget=50_000)
    for n in range(3):
        store.add_surface_to_cache(box.copy(), f"box{n}")
    assert store.find_surface_in_cache("box0") is not None   # box0 now used last
    store.add_surface_to_cache(box.copy(), "box3")
    assert store.boxes.bytes <= 50_000
    assert store.find_surface_in_cache("box1") is None       # the one unused longest went
    assert store.find_surface_in_cache("box0") is not None
    assert store.find_surface_in_cache("box3") is not None
    store.remove_user_from_cache_item("box3")                 # counting users keeps nothing and drops nothing
    store.remove_user_and_request_clean_up_of_cached_item("box3")
    store.update()
    assert store.find_surface_in_cache("box3") is not None
