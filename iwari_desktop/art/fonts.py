"""Fonts for the art: the game's shipped fonts (assets/fonts), or pygame's bundled default font.

Never a system font, so renders are identical on every machine that has the same assets.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..resources import assets_dir

# Role -> file in assets/fonts. Vollkorn reads like the engraved lettering of an illustrated map.
FONT_FILES = {
    "title": "Vollkorn-Bold.ttf",
    "label": "Vollkorn-Bold.ttf",
    "number": "NotoSans-Bold.ttf",
    "body": "NotoSans-Bold.ttf",
}


def art_font(role: str, size: int) -> pygame.font.Font:
    """The art's font for a role and size, cached; rebuilt if pygame was quit and started again.

    A Font object dies with `pygame.quit()`; the game never does that mid-run, but a tool or a
    test that opens and closes pygame more than once would otherwise draw with dead fonts.
    """
    if not pygame.font.get_init():
        pygame.font.init()
        _open_font.cache_clear()
    font = _open_font(role, size)
    try:
        font.get_height()
    except pygame.error:
        _open_font.cache_clear()
        font = _open_font(role, size)
    return font


@lru_cache(maxsize=64)
def _open_font(role: str, size: int) -> pygame.font.Font:
    path = assets_dir() / "fonts" / FONT_FILES.get(role, "")
    if path.is_file():
        try:
            return pygame.font.Font(str(path), max(4, int(size)))
        except (OSError, pygame.error):
            pass
    # pygame's default font is about 30% smaller than a TrueType font at the same nominal size.
    return pygame.font.Font(None, max(6, int(size * 1.3)))
