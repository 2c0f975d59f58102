"""A pygame-gui manager for the window as it is now: made again at every resize and language switch.

What pygame-gui does by itself on each new manager, and the game undoes or shares:
- its drawn widget boxes are kept in the game's one `ShapeStore` (shape_store.py), not drawn again;
- it adds its translation folder to python-i18n's search path once more each time, and every text without a
  pygame-gui translation (all of the game's own) lists each folder on that path: a few dozen resizes made
  every button's text list the same folder a few dozen times, so each folder is kept once;
- it keeps the first manager of the process in a module global for good, and with it every widget still on
  it, their callbacks and through them the scenes and the App: the current manager is made the default;
- it loads its fonts and images on five threads it starts for each manager and then waits for: the theme's
  ten or so fonts load sooner in the calling thread than the threads take to start and stop (`InlineLoader`);
- it measures a text by drawing it (`GUIFontPygame.get_rect`: the only way to get the kerning right, its
  comment says), four times or more for each button it builds, and a scene builds the same labels again
  at every rebuild: each font keeps the sizes it measured (`_measure_each_text_once`).
"""

from __future__ import annotations

import warnings
from typing import Any

import i18n
import pygame_gui
from pygame import Rect
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.utility import set_default_manager

from .shape_store import ShapeStore


def new_manager(size: tuple[int, int], theme: dict[str, Any], language: str, shapes: ShapeStore) -> pygame_gui.UIManager:
    _measure_each_text_once()
    # pygame-gui's own texts (and its font choice) follow the game's language through its locale
    manager = pygame_gui.UIManager(size, theme, enable_live_theme_updates=False, starting_language=language,
                                   resource_loader=InlineLoader())
    manager.get_theme().shape_cache = shapes  # the boxes drawn for the last manager serve this one
    _keep_each_translation_folder_once()
    set_default_manager(manager)
    return manager


class InlineLoader(IResourceLoader):
    """Loads each font and image the moment pygame-gui asks for it, in the calling thread.

    pygame-gui asks `started()` before queueing a resource and loads it at once when loading has begun, so a
    loader that has always begun loads everything in the order the theme names it; `add_resource` loads too,
    for a caller that does not ask."""

    def add_resource(self, resource: Any) -> None:
        error = resource.load()
        if error is not None:
            warnings.warn(str(error))

    def start(self) -> None:
        pass

    def update(self) -> tuple[bool, float]:
        return True, 1.0

    def started(self) -> bool:
        return True


def _keep_each_translation_folder_once() -> None:
    folders = i18n.load_path
    once = list(dict.fromkeys(folders))
    if len(once) != len(folders):
        folders[:] = once  # the same list: python-i18n reads it through its settings


MEASURES_PER_FONT = 2000   # a screen's labels are a few hundred; a full font starts over


def _measure_each_text_once() -> None:
    """Make every pygame-gui font remember the rectangle each text measured, per font object.

    The answer is the one the font gave (a copy, so a caller's edits stay its own); the underline is part
    of the key, as pygame-gui switches it on a shared font before measuring a link. Kept on the font
    itself, so it goes when the manager that loaded the font goes."""
    if getattr(GUIFontPygame.get_rect, "measures_once", False):
        return
    measure = GUIFontPygame.get_rect

    def get_rect(font: GUIFontPygame, text: str) -> Rect:
        kept: dict[tuple[str, bool], Rect] | None = font.__dict__.get("_kept_rects")
        if kept is None:
            kept = font.__dict__["_kept_rects"] = {}
        key = (text, font.underline)
        rect = kept.get(key)
        if rect is None:
            if len(kept) >= MEASURES_PER_FONT:
                kept.clear()
            rect = kept[key] = measure(font, text)
        return rect.copy()

    setattr(get_rect, "measures_once", True)
    GUIFontPygame.get_rect = get_rect  # type: ignore[method-assign]
