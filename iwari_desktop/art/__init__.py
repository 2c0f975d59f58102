"""The art of Iwari Desktop: map backgrounds rendered from Board data, sprites and their loader.

This package may use pygame (the engine never does). Nothing here needs a display: every function
draws onto plain `pygame.Surface`s, so the map renderer and the sprite tools also run headless.
See docs/art.md for how the art is made and regenerated.
"""

from __future__ import annotations

import os


def ensure_pygame_headless() -> None:
    """Initialise just what drawing needs (fonts), choosing the dummy video driver if there is no display.

    Safe to call many times, and a no-op for a game that has already opened its window.
    """
    import pygame

    if not pygame.display.get_init() and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if not pygame.font.get_init():
        pygame.font.init()
