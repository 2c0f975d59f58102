"""Giving memory back when a heavy screen closes (issue #34 item 4: `--smoke replay` peaked at 206 MB).

Why needed: the board, the replay, the scoring, the history and the Load game list draw many large
pictures (map art, dimmed boards, list pages). When such a screen closes, its pictures are only garbage:
the scenes hold the app in reference cycles, so they wait for Python's next full collection, and even
freed, glibc's allocator keeps the pages of a fragmented heap mapped, so the next screen's pictures are
stacked on top of the last one's. One collection and `malloc_trim(0)` when a heavy screen has left hand
the pages back (the replay run: about 187 → 150 MB on the menu after a game). Both cost a few
milliseconds, once per closed screen, never per frame.

And glibc raises its mmap threshold each time a large mapped block is freed (up to 32 MB), so after the
first closed screen every picture comes from the heap, where a freed picture can only be returned once the
whole top of the heap is free. `tune_allocator` pins the threshold at its default (128 kB): a picture of
more than 128 kB is its own mapping, given back to the system the moment it is freed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from functools import lru_cache


M_MMAP_THRESHOLD = -3  # mallopt's parameter number (malloc.h)
MMAP_THRESHOLD = 128 * 1024


@lru_cache(maxsize=1)
def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim, libc.mallopt  # noqa: B018 - glibc only: musl has neither
    except (OSError, AttributeError):
        return None
    return libc


def tune_allocator() -> bool:
    """Large pictures as their own mappings for the whole run (module docstring); True where it applies."""
    libc = _libc()
    if libc is None:
        return False
    return bool(libc.mallopt(ctypes.c_int(M_MMAP_THRESHOLD), ctypes.c_int(MMAP_THRESHOLD)))


def release_memory() -> bool:
    """Collect the cycles a closed screen left and give the freed heap pages back; True if trimmed."""
    gc.collect()
    libc = _libc()   # None: macOS, Windows, musl, whose allocators give memory back themselves
    if libc is None:
        return False
    libc.malloc_trim(ctypes.c_size_t(0))
    return True
