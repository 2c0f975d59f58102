"""What the fonts answered — drawn lines, widths, wrapped lines — kept under the font's size in pixels.

A frame asks for the same few hundred lines and widths again (the log panel, the HUD, the overlays), and
asking a font is the expensive part: a render or a measure per word. The answers are kept under the pixel
size the font was opened at, not the design size, so a resize needs no clearing (the new sizes simply ask
anew, the old answers age out) and every `Ui` handed the same store shares them: the game's one `Ui`
across resizes and language switches, the test suite's many Apps within one worker.

Bounded both ways: the drawn lines in bytes (least recently used out first), the measures in count (a
full store starts over: a frame refills the few hundred it needs at once).
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

import pygame

from ...art.surface_cache import MB, SurfaceCache

TEXT_BYTES = 5 * MB     # drawn lines kept (a line is a few kB; a screen shows a few hundred); 5 MB: with 8 the cache filled, and --smoke replay peaked at 202 MB
MEASURES_KEPT = 4000    # widths and wrapped texts kept each (a few hundred are asked a frame)


class TextStore:
    """Drawn lines by (text, font, pixel size, colour), widths and wrapped lines by (text, font, pixel size).

    The surfaces handed out are shared: callers blit them and never draw on them."""

    def __init__(self, text_bytes: int = TEXT_BYTES, measures: int = MEASURES_KEPT) -> None:
        self.lines = SurfaceCache(text_bytes)
        self.measures = measures
        self.widths: dict[Hashable, int] = {}
        self.wrapped: dict[Hashable, tuple[str, ...]] = {}

    def line(self, key: Hashable, draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        return self.lines.get_or_make(key, draw)

    def width(self, key: Hashable, measure: Callable[[], int]) -> int:
        return self._kept(self.widths, key, measure)

    def wrap(self, key: Hashable, wrap: Callable[[], tuple[str, ...]]) -> tuple[str, ...]:
        return self._kept(self.wrapped, key, wrap)

    def _kept(self, store: dict, key: Hashable, measure: Callable[[], Any]) -> Any:
        value = store.get(key)
        if value is None:
            value = measure()
            if len(store) >= self.measures:
                store.clear()
            store[key] = value
        return value
