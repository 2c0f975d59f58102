"""The pictures every App of one test worker shares: decoded once per worker instead of once per test.

About a thousand tests each build an App, and every setup screen decodes all eight maps' full art for
its thumbnails (a 1600×1120 PNG and its Tiled file each, ~40 ms of CPU): the same unchanged files,
decoded over and over. The `app` fixture hands each App this store as its `file_art`
(iwari_desktop/art/surface_cache.FileArt), so the pictures are decoded once per worker.

What is kept is keyed by the files' path, change time and size (an edited map is decoded afresh) and
bounded in bytes like the game's own caches: the thumbnails and the eight maps' full art all stay (with room
for only two full pictures, a third of the suite's map pictures were decoded again: 59 of 152 asks).
Thumbnails and full art are kept apart: in one shared budget, each setup screen's eight full pictures
(decoded for its thumbnails) pushed the earlier thumbnails out, so every setup screen decoded all eight
maps again (32 of 33 asks decoded in a setup test that opens the screen four times).
The sprites (52 PNGs, 4.9 MB decoded: every App's piece art and window icon) are kept in a store of their
own, so they never push a thumbnail out. So are the board views' scaled map pictures (`map_picture.view_picture`,
2.4 MB each at 1280×720): a board shown at the same size by the next App is not scaled again, and they never push
a full map picture out.
Each test still gets its own App, scene stack and caches; only decoded, never-changed pictures are shared.
"""

from __future__ import annotations

from typing import Callable, Hashable

import pygame

from iwari_desktop.art.sprites import SPRITE_FILE
from iwari_desktop.art.surface_cache import MB, FileArt, SurfaceCache, surface_bytes

# the eight full map pictures (6.8 MB each), and every thumbnail apart: 72 MB a worker, well inside the
# suite's memory (the whole `make test` tree peaked at 1.09 GB with 20 MB here, the goal is below 1.5 GB)
KEPT_BYTES = 60 * MB
THUMB_BYTES = 12 * MB
SMALL = 1 * MB  # a picture smaller than this is a thumbnail (a full map picture is 7.2 MB)
SPRITE_BYTES = 8 * MB
VIEW_BYTES = 32 * MB  # every map's board-view picture at 1280×720 (2.4 MB each) and a few at other sizes


class KeptFileArt(FileArt):
    """A `FileArt` that keeps what it decoded (least recently used first out, bounded by `KEPT_BYTES`)."""

    def __init__(self, budget: int = KEPT_BYTES, thumb_budget: int = THUMB_BYTES,
                 sprite_budget: int = SPRITE_BYTES, view_budget: int = VIEW_BYTES) -> None:
        self._kept = SurfaceCache(budget)
        self._thumbs = SurfaceCache(thumb_budget)
        self._sprites = SurfaceCache(sprite_budget)
        self._views = SurfaceCache(view_budget)
        self.decoded = 0  # how many pictures were really decoded (tests/art/test_kept_art.py)

    def get(self, key: Hashable, decode: Callable[[], pygame.Surface | None]) -> pygame.Surface | None:
        for store in (self._sprites, self._thumbs, self._kept, self._views):
            if key in store:
                return store.get(key)
        self.decoded += 1
        picture = decode()
        if isinstance(key, tuple) and key[:1] == (SPRITE_FILE,):
            return self._sprites.put(key, picture)
        if isinstance(key, tuple) and key[:1] == ("map-picture",):
            return self._views.put(key, picture)
        return (self._thumbs if surface_bytes(picture) < SMALL else self._kept).put(key, picture)
