"""The pictures every App of one test worker shares: decoded once per worker instead of once per test.

About a thousand tests each build an App, and every setup screen decodes all eight maps' full art for
its thumbnails (a 1600×1120 PNG and its Tiled file each, ~40 ms of CPU): the same unchanged files,
decoded over and over. The `app` fixture hands each App this store as its `file_art`
(iwari_desktop/art/surface_cache.FileArt), so the pictures are decoded once per worker.

What is kept is keyed by the files' path, change time and size (an edited map is decoded afresh) and
bounded in bytes like the game's own caches: the thumbnails all stay, full map art only the last few.
Each test still gets its own App, scene stack and caches; only decoded, never-changed pictures are shared.
"""

from __future__ import annotations

from typing import Callable, Hashable

import pygame

from iwari_desktop.art.surface_cache import MB, FileArt, SurfaceCache

# two full map pictures (7.2 MB each) and every thumbnail: a worker stays well inside the suite's memory
KEPT_BYTES = 20 * MB


class KeptFileArt(FileArt):
    """A `FileArt` that keeps what it decoded (least recently used first out, bounded by `KEPT_BYTES`)."""

    def __init__(self, budget: int = KEPT_BYTES) -> None:
        self._kept = SurfaceCache(budget)
        self.decoded = 0  # how many pictures were really decoded (tests/art/test_kept_art.py)

    def get(self, key: Hashable, decode: Callable[[], pygame.Surface | None]) -> pygame.Surface | None:
        def counted() -> pygame.Surface | None:
            self.decoded += 1
            return decode()

        return self._kept.get_or_make(key, counted)
