"""A pygame-gui manager for the window as it is now: made again at every resize and language switch.

What pygame-gui does by itself on each new manager, and the game undoes or shares:
- its drawn widget boxes are kept in the game's one `ShapeStore` (shape_store.py), not drawn again;
- it adds its translation folder to python-i18n's search path once more each time, and every text without a
  pygame-gui translation (all of the game's own) lists each folder on that path: a few dozen resizes made
  every button's text list the same folder a few dozen times, so each folder is kept once;
- it keeps the first manager of the process in a module global for good, and with it every widget still on
  it, their callbacks and through them the scenes and the App: the current manager is made the default.
"""

from __future__ import annotations

from typing import Any

import i18n
import pygame_gui
from pygame_gui.core.utility import set_default_manager

from .shape_store import ShapeStore


def new_manager(size: tuple[int, int], theme: dict[str, Any], language: str, shapes: ShapeStore) -> pygame_gui.UIManager:
    # pygame-gui's own texts (and its font choice) follow the game's language through its locale
    manager = pygame_gui.UIManager(size, theme, enable_live_theme_updates=False, starting_language=language)
    manager.get_theme().shape_cache = shapes  # the boxes drawn for the last manager serve this one
    _keep_each_translation_folder_once()
    set_default_manager(manager)
    return manager


def _keep_each_translation_folder_once() -> None:
    folders = i18n.load_path
    once = list(dict.fromkeys(folders))
    if len(once) != len(folders):
        folders[:] = once  # the same list: python-i18n reads it through its settings
