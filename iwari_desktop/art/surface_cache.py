"""Picture caches bounded in bytes, owned by the app and dropped with it.

A surface cache bounded by its number of entries is not bounded at all: eight 1600×1120 map
pictures are 57 MB, eight 85×60 thumbnails 160 kB. So every cache of pictures here counts the bytes
its surfaces hold and forgets the least recently used picture when a new one would pass its budget.
The budgets live in `BUDGETS`, the one place to read or change how much memory pictures may take.

The caches belong to the App (`app.caches`), never to a module: a module-level surface outlives
`pygame.quit()`, and the next App in the same process (a second `--smoke` run, a test) would blit a
surface of a dead display ("Surface is not initialized"). `SurfaceCaches.drop()` empties them all
when the app closes.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Hashable

import pygame

MB = 1024 * 1024


@dataclass(frozen=True)
class Budgets:
    """The most bytes each kind of cached picture may hold at once (per app, or per board view)."""

    map_art: int = 16 * MB         # full-size map art: two 1600×1120 pictures (7.2 MB each, 32 bits)
    board_layers: int = 12 * MB    # per board view: both dimmed boards of a 1920×1080 window (4.7 MB each)
                                   # and the lit territories' small overlays


BUDGETS = Budgets()


def surface_bytes(surface: pygame.Surface | None) -> int:
    """What a surface's pixels take in memory (0 for a cached "no picture")."""
    if surface is None:
        return 0
    return surface.get_pitch() * surface.get_height()


class SurfaceCache:
    """A least-recently-used cache of surfaces (or None for "tried, there is none") bounded in bytes.

    A single picture bigger than the whole budget is handed out but not kept."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._items: OrderedDict[Hashable, pygame.Surface | None] = OrderedDict()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def get(self, key: Hashable) -> pygame.Surface | None:
        surface = self._items.get(key)
        if surface is not None or key in self._items:
            self._items.move_to_end(key)
        return surface

    def put(self, key: Hashable, surface: pygame.Surface | None) -> pygame.Surface | None:
        size = surface_bytes(surface)
        if key in self._items:
            self.bytes -= surface_bytes(self._items.pop(key))
        if size > self.budget:
            return surface
        while self._items and self.bytes + size > self.budget:
            _, old = self._items.popitem(last=False)
            self.bytes -= surface_bytes(old)
        self._items[key] = surface
        self.bytes += size
        return surface

    def get_or_make(self, key: Hashable, make: Callable[[], pygame.Surface | None]) -> pygame.Surface | None:
        """The cached picture for `key`, or `make()` kept under it."""
        if key in self._items:
            return self.get(key)
        return self.put(key, make())

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


class FileArt:
    """Where pictures decoded from the game's files come from (a map's background art, a map's thumbnail).

    The game decodes each one when asked: what it needs again it keeps in its byte-bounded caches, and a
    thumbnail lets go of the full art at once. The seam is for a process that builds many Apps over the
    same unchanged files (the test suite builds about a thousand): it hands each App one store that keeps
    what was decoded (tests/support/kept_art.py). `key` names the files and their state, so a kept
    picture is never the picture of an edited file."""

    def get(self, key: Hashable, decode: Callable[[], pygame.Surface | None]) -> pygame.Surface | None:
        return decode()


class SurfaceCaches:
    """The app's shared picture caches, each bounded by its entry in `BUDGETS`, and where it decodes
    pictures from files (`files`, see `FileArt`)."""

    def __init__(self, budgets: Budgets = BUDGETS, files: FileArt | None = None) -> None:
        self.budgets = budgets
        self.map_art = SurfaceCache(budgets.map_art)
        self.files = files if files is not None else FileArt()

    def drop(self) -> None:
        """Forget every picture (the app is closing, or the display they were made for is gone)."""
        self.map_art.clear()
