"""A pygame-gui manager for the window as it is now: made again at every resize and language switch.

What pygame-gui does by itself on each new manager, and the game undoes or shares:
- its drawn widget boxes are kept in the game's one `ShapeStore` (shape_store.py), not drawn again;
- it adds its translation folder to python-i18n's search path once more each time, and every text without a
  pygame-gui translation (all of the game's own) lists each folder on that path: a few dozen resizes made
  every button's text list the same folder a few dozen times, so each folder is kept once;
- it keeps the first manager of the process in a module global for good, and with it every widget still on
  it, their callbacks and through them the scenes and the App: the current manager is made the default;
- it parses its default theme and the game's theme again, colour string by colour string: the parse is kept
  in the game's one `ThemeStore` (theme_store.py) under the theme data and the language, and each manager
  loads only its own fonts;
- it loads its fonts and images on five threads it starts for each manager and then waits for: the theme's
  ten or so fonts load sooner in the calling thread than the threads take to start and stop, and each only
  when first used (`InlineLoader`);
- it measures a text by drawing it (`GUIFontPygame.get_rect`: the only way to get the kerning right, its
  comment says), four times or more for each button it builds, and a scene builds the same labels again
  at every rebuild: each font keeps the sizes it measured and the texts it drew (`_keep_font_answers`), and
  the fonts a `ThemeStore` loaded share them with every font of the same file, size and style.
"""

from __future__ import annotations

import warnings
from typing import Any, Callable

import i18n
import pygame_gui
from pygame import Color, Rect, Surface
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.utility import FontResource
from pygame_gui.core.utility import set_default_manager

from .shape_store import ShapeStore
from .theme_store import ThemeStore


def new_manager(size: tuple[int, int], theme: dict[str, Any], language: str, shapes: ShapeStore,
                themes: ThemeStore | None = None) -> pygame_gui.UIManager:
    """`themes`: where parsed themes are kept (the App's one, or the test worker's); None parses afresh."""
    _keep_font_answers()
    # pygame-gui's own texts (and its font choice) follow the game's language through its locale
    manager = KeptThemeManager(size, theme, enable_live_theme_updates=False, starting_language=language,
                               resource_loader=InlineLoader(), themes=themes if themes is not None else ThemeStore())
    manager.get_theme().shape_cache = shapes  # the boxes drawn for the last manager serve this one
    _keep_each_translation_folder_once()
    set_default_manager(manager)
    return manager


class KeptThemeManager(pygame_gui.UIManager):
    """A `UIManager` whose theme comes from a `ThemeStore`: parsed once per theme data and language."""

    def __init__(self, *args: Any, themes: ThemeStore, **kwargs: Any) -> None:
        self._themes = themes  # before pygame-gui's __init__, which asks `create_new_theme`
        super().__init__(*args, **kwargs)

    def create_new_theme(self, theme_path: Any = None) -> Any:
        if not isinstance(theme_path, dict):
            return super().create_new_theme(theme_path)
        return self._themes.theme(theme_path, self._locale, self.resource_loader)


class InlineLoader(IResourceLoader):
    """Loads each image the moment pygame-gui asks for it, in the calling thread, and each font when it is
    first used.

    pygame-gui loads a resource at once when the loader `started()`, else hands it to `add_resource`; this
    loader says it has not, so every resource comes through `add_resource`: an image is loaded there, a font
    becomes a `LazyFontResource`. The theme names a dozen fonts and a screen uses two or three; opening a
    font parses its file, a tenth of building an App and its menu once the theme was kept."""

    def add_resource(self, resource: Any) -> None:
        if isinstance(resource, FontResource):
            resource.__class__ = LazyFontResource
            return
        error = resource.load()
        if error is not None:
            warnings.warn(str(error))

    def start(self) -> None:
        pass

    def update(self) -> tuple[bool, float]:
        return True, 1.0

    def started(self) -> bool:
        return False


class LazyFontResource(FontResource):
    """A `FontResource` that opens its font when `loaded_font` is first read (pygame-gui reads nothing else of a
    loaded font). `on_load`, if set, is told of the font once it is open (theme_store.FontAnswers)."""

    on_load: Callable[[FontResource], None] | None = None

    @property  # type: ignore[override]
    def loaded_font(self) -> Any:
        font = self.__dict__.get("loaded_font")
        if font is None and not self.__dict__.get("tried"):
            self.__dict__["tried"] = True
            error = self.load()
            if error is not None:
                warnings.warn(str(error))
            font = self.__dict__.get("loaded_font")
            if font is not None and self.on_load is not None:
                self.on_load(self)
        return font

    @loaded_font.setter
    def loaded_font(self, font: Any) -> None:
        self.__dict__["loaded_font"] = font


def _keep_each_translation_folder_once() -> None:
    folders = i18n.load_path
    once = list(dict.fromkeys(folders))
    if len(once) != len(folders):
        folders[:] = once  # the same list: python-i18n reads it through its settings


MEASURES_PER_FONT = 2000   # a screen's labels are a few hundred; a full font starts over


def _keep_font_answers() -> None:
    """Make every pygame-gui font remember the rectangle each text measured and each text it drew.

    The answers are kept on the font: in a dict and cache of its own, or, for a font a `ThemeStore` loaded,
    in the store's, shared by every font of the same file, size and style (theme_store.FontAnswers), so a
    new manager's fonts do not measure and draw the same labels again. A kept answer is the one the font
    gave, handed out as a copy, so a caller's edits stay its own; the underline is part of the key, as
    pygame-gui switches it on a shared font before measuring or drawing a link."""
    if getattr(GUIFontPygame.get_rect, "measures_once", False):
        return
    measure = GUIFontPygame.get_rect
    draw = GUIFontPygame.render_premul_to

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

    def render_premul_to(font: GUIFontPygame, text: str, text_colour: Any, surf_size: tuple[int, int],
                         surf_position: tuple[int, int]) -> Surface:
        kept = font.__dict__.get("_kept_drawn")
        if kept is None:
            return draw(font, text, text_colour, surf_size, surf_position)
        cache, identity = kept
        key = (identity, text, tuple(Color(text_colour)), tuple(surf_size), tuple(surf_position), font.underline,
               font.antialiased)
        drawn = cache.get(key)
        if drawn is None:
            drawn = cache.put(key, draw(font, text, text_colour, surf_size, surf_position))
        return drawn.copy()  # pygame-gui colours and blends onto what it gets

    setattr(get_rect, "measures_once", True)
    GUIFontPygame.get_rect = get_rect  # type: ignore[method-assign]
    GUIFontPygame.render_premul_to = render_premul_to  # type: ignore[method-assign]
