"""pygame-gui's parsed theme, kept across managers: each new manager loads only its own fonts.

Making a pygame-gui manager parses two themes: pygame-gui's default theme file and the game's theme (a few
hundred colour strings, each checked character by character, validated twice), and draws the shadow
corners the theme names. That was two fifths of building the App and its menu, and the game makes a new
manager at each resize and language switch (the test suite a new App, with its own manager, per test).

What parsing gives depends only on the theme data and the language, so a `ThemeStore` keeps it under both
and hands each new manager a `UIAppearanceTheme` made from it. What is shared and what is each manager's:
- shared, read only after parsing: the colours, the font, image and misc data of every element, the images
  the theme names (none in the game's theme), and the shadow corners drawn at parse time (surfaces only
  read from; each theme gets its own copy of the dict, so corners one manager adds are its own);
- each manager's own: its fonts (a pygame font does not outlive `pygame.quit()`, which the suite calls
  after each test; what each font answered is shared by identity, see below), the
  font dictionary, the fonts found per element, the shadow generator's short-term caches, the combined
  element ids it memoises, its box cache (`ShapeStore`, set by `gui_manager.new_manager`) and its timers.

`KEPT_THEMES` themes are kept, least recently used out first: one per window size and language shown.

The store also keeps what pygame-gui's fonts answered (`FontAnswers`): the rectangle each text measured and
each text drawn, under the font's identity — its file, size and style, everything pygame-gui opens it with —
so a new manager's fonts, which are the same fonts opened again, need not measure and draw each label
again (`gui_manager._keep_font_answers` asks them).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Hashable

from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.utility import FontResource, PackageResource
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme
from pygame_gui.core.ui_font_dictionary import UIFontDictionary
from pygame_gui.core.ui_shadow import ShadowGenerator

from ...art.surface_cache import MB
from ...art.surface_cache import SurfaceCache as PictureCache

KEPT_THEMES = 8  # window sizes × languages one session shows; a theme's data is a few hundred kB
# a button's label is a few kB drawn, in each state, and a screen shows a few dozen; the game's memory goal is
# tight (issue #34 item 4), the suite gives its store 8 MB
DRAWN_TEXT_BYTES = 2 * MB

# every attribute of a pygame-gui theme (0.6.14), and how a kept theme gets it: shared from the parse, or
# made afresh for each manager (tests/scenes/ui/test_theme_store.py fails when pygame-gui adds one)
SHARED = ("base_colours", "ui_element_colours", "ui_element_fonts_info", "ui_element_image_locs",
          "ui_element_image_surfaces", "ui_element_misc_data", "image_resources", "surface_resources",
          "_theme_file_path", "_theme_file_last_modified", "st_cache_duration")
OWN = ("_resource_loader", "_locale", "font_dict", "shadow_generator", "_shape_cache", "unique_theming_ids",
       "ele_font_res", "st_cache_clear_timer", "need_to_rebuild_data_manually_changed")


@dataclass(frozen=True)
class ParsedTheme:
    """What parsing a theme gave, without fonts: the `SHARED` attributes and the shadow corners drawn."""

    shared: dict[str, Any]
    shadow_corners: dict[str, Any]

    @classmethod
    def of(cls, theme: UIAppearanceTheme) -> "ParsedTheme":
        shared = {name: getattr(theme, name) for name in SHARED}
        return cls(shared, dict(theme.shadow_generator.preloaded_shadow_corners))

    def theme(self, loader: IResourceLoader, language: str) -> UIAppearanceTheme:
        """A theme as pygame-gui would have parsed it, with fonts of its own loaded now."""
        theme = UIAppearanceTheme.__new__(UIAppearanceTheme)
        theme.__dict__.update(self.shared)
        theme._resource_loader = loader
        theme._locale = language
        theme.font_dict = UIFontDictionary(loader, language)
        theme.shadow_generator = ShadowGenerator()
        theme.shadow_generator.preloaded_shadow_corners.update(self.shadow_corners)
        theme._shape_cache = SurfaceCache()
        theme.unique_theming_ids = {}
        theme.ele_font_res = {}
        theme.st_cache_clear_timer = 0.0
        theme.need_to_rebuild_data_manually_changed = False
        theme._load_fonts()  # pygame-gui's own: the element fonts of this theme, in this language
        return theme


def font_identity(resource: FontResource) -> Hashable | None:
    """Everything pygame-gui opens a font with (`FontResource.load`): its file, size and style; None for a font
    given as bytes, which has no name to be known by."""
    location = resource.location
    if isinstance(location, PackageResource):
        where: Hashable = ("package", location.package, location.resource)
    elif isinstance(location, str):
        where = ("file", location)
    else:
        return None
    style = tuple(sorted((key, repr(value)) for key, value in resource.style.items()))
    return where, resource.font_type_to_use, resource.size, resource.force_style, style


class FontAnswers:
    """What every font of one identity answered: measured rectangles (one dict per identity, bounded in count
    by `gui_manager.MEASURES_PER_FONT`) and drawn texts (one cache for all, bounded in bytes)."""

    def __init__(self, drawn_bytes: int = DRAWN_TEXT_BYTES) -> None:
        self.rects: dict[Hashable, dict] = {}
        self.drawn = PictureCache(drawn_bytes)

    def share(self, theme: UIAppearanceTheme) -> None:
        """Hand every font of the theme its identity's answers (gui_manager reads them off the font): a font
        open now at once, a font opened when first used (gui_manager.LazyFontResource) then."""
        for resource in theme.font_dict.loaded_fonts.values():
            if resource.__dict__.get("loaded_font") is None:
                resource.__dict__["on_load"] = self.hand_out  # read by a lazy font only (LazyFontResource)
            else:
                self.hand_out(resource)

    def hand_out(self, resource: FontResource) -> None:
        """Give the font `resource` opened its identity's answers."""
        font = resource.__dict__.get("loaded_font")
        identity = font_identity(resource)
        if font is None or identity is None:
            return
        font.__dict__["_kept_rects"] = self.rects.setdefault(identity, {})
        font.__dict__["_kept_drawn"] = (self.drawn, identity)


class ThemeStore:
    """Parsed themes by (theme data, language); `theme` answers as `UIManager.create_new_theme` would."""

    def __init__(self, kept: int = KEPT_THEMES, drawn_text_bytes: int = DRAWN_TEXT_BYTES) -> None:
        self.kept = kept
        self._parsed: OrderedDict[tuple[str, str], ParsedTheme] = OrderedDict()
        self.parsed = 0  # how many themes were really parsed (tests/scenes/ui/test_theme_store.py)
        self.fonts = FontAnswers(drawn_text_bytes)

    def theme(self, data: dict[str, Any], language: str, loader: IResourceLoader) -> UIAppearanceTheme:
        key = (json.dumps(data, sort_keys=True, default=str), language)
        parsed = self._parsed.get(key)
        if parsed is not None:
            self._parsed.move_to_end(key)
            theme = parsed.theme(loader, language)
        else:
            self.parsed += 1
            theme = UIAppearanceTheme(loader, language)
            theme.load_theme(data)
            self._parsed[key] = ParsedTheme.of(theme)
            while len(self._parsed) > self.kept:
                self._parsed.popitem(last=False)
        self.fonts.share(theme)
        return theme
