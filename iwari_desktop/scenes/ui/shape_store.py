"""The widgets' boxes — a button's rounded box in each of its states — kept across pygame-gui managers.

pygame-gui draws every widget's box for every state at four times its size and scales it down, and keeps
what it drew only in its manager's theme. The game makes a new manager at each resize and language switch
(and the test suite a new App, with its own manager, for each test), so the same boxes were drawn again
each time: building the menu's buttons was most of building the menu.

A `ShapeStore` stands in for the theme's own `SurfaceCache` (`theme.shape_cache = store`, pygame-gui's
setter), answering the same five calls. Two things differ, on purpose:
- it is bounded in bytes, least recently used out first, instead of by users: a closed App's widgets never
  say they are gone, so counting users would keep their boxes for good;
- it keeps each box as its own surface. pygame-gui's cache packs boxes into shared atlas sheets and blits
  a new box into a freed spot without clearing it first, which can mix an old box into the new one's
  soft edges once the sheets fill; a store shared by many managers would fill them.

A box's key (`build_cache_id`, pygame-gui's own) names everything it is drawn from: shape, size, shadow,
borders, colours and corner radii. So a box found under a key is the box that would be drawn.

The store also keeps the few big pictures the game draws from nothing but a window size (`picture`: the
menu's dusk landscape, 9 ms of drawing at 1280×720, a quarter of building an App and its menu once the
theme was kept), in a budget of their own so they never push a box out.
"""

from __future__ import annotations

from typing import Callable, Hashable

import pygame
from pygame_gui.core.surface_cache import SurfaceCache as GuiSurfaceCache

from ...art.surface_cache import MB, SurfaceCache

SHAPE_BYTES = 8 * MB  # a box is at most 40,000 pixels (pygame-gui keeps no bigger one); a screen shows a few dozen
PICTURE_BYTES = 9 * MB  # one window-sized picture at 1920×1080 (8.3 MB), or two at 1280×720


class ShapeStore:
    """pygame-gui's shape cache calls, answered from one byte-bounded store that outlives the managers."""

    build_cache_id = staticmethod(GuiSurfaceCache.build_cache_id)

    def __init__(self, budget: int = SHAPE_BYTES, picture_budget: int = PICTURE_BYTES) -> None:
        self.boxes = SurfaceCache(budget)
        self.pictures = SurfaceCache(picture_budget)

    def picture(self, key: Hashable, draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The picture kept under `key`, or `draw()` kept under it. `key` must name everything the picture is
        drawn from; the surface handed out is shared: callers blit it and never draw on it."""
        picture = self.pictures.get_or_make(key, draw)
        assert picture is not None
        return picture

    def find_surface_in_cache(self, lookup_id: str) -> pygame.Surface | None:
        # the caller copies what it gets before drawing its text on it
        return self.boxes.get(lookup_id)

    def add_surface_to_cache(self, surface: pygame.Surface, string_id: str) -> None:
        # the caller hands over a copy of its own (see the drawable shapes' full_rebuild_on_size_change)
        self.boxes.put(string_id, surface)

    def remove_user_from_cache_item(self, string_id: str) -> None:
        """The byte bound decides what goes, not the count of widgets using a box (see the module's text)."""

    def remove_user_and_request_clean_up_of_cached_item(self, string_id: str) -> None:
        """As `remove_user_from_cache_item`: a box another manager drew the same may be asked for again."""

    def update(self) -> None:
        """pygame-gui moves one box a frame from its short-term list into its sheets; here every box is kept at once."""
