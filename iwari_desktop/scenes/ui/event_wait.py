"""Waiting for input without waking: the main loop's sleep between frames when nothing moves (issue #34).

Why not `pygame.event.wait(timeout)`: pygame-ce re-implements SDL's wait as a loop that pumps the queue and
sleeps 1 ms (2-3 % of a core on an idle board). The loop used to nap in 10 ms slices instead (1.3 %), still
waking a hundred times a second. SDL itself (2.0.16 and later) can block in the window system until input
arrives or the timeout passes — on X11 and Wayland it sleeps in `select` on the display connection, on
Windows and macOS in the system's own wait — so an idle window costs nothing and a click still wakes it at
once. pygame does not expose that call, so `SdlWait` calls `SDL_WaitEventTimeout(NULL, ms)` through ctypes
in the very SDL library pygame has loaded (never a second copy: it would have its own empty queue); with a
NULL event the event stays queued, and pygame's `event.get()` then takes it with its own translation.

The dummy and offscreen drivers (tests, CI, the benches' default) have no blocking wait — SDL would poll
every millisecond — so they, and any platform where the library is not found, keep the naps, one a frame
(`SlicedWait`).
"""

from __future__ import annotations

import ctypes
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

# the drivers whose SDL_WaitEventTimeout really blocks in the window system (SDL 2.0.16+)
BLOCKING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})
# without a blocking wait the loop looks for input once a frame (60 a second): input is still answered within
# the frame it arrives in, and an idle window wakes 60 times a second instead of 100 (10 ms naps: 1.3 % of a core)
INPUT_SLICE = 0.016


@dataclass
class SlicedWait:
    """Naps of `INPUT_SLICE` between looks at the queue (drivers without a blocking wait)."""

    pg: Any
    sleep: Callable[[float], None] = time.sleep
    wakeups: int = 0          # how often the wait looked at the queue (the idle benchmark and tests read it)

    def wait(self, seconds: float) -> list:
        """The waiting events, sleeping up to `seconds` for the first."""
        deadline = time.perf_counter() + seconds
        events = self.pg.event.get()
        self.wakeups += 1
        while not events:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            self.sleep(min(left, INPUT_SLICE))
            events = self.pg.event.get()
            self.wakeups += 1
        return events


@dataclass
class SdlWait:
    """SDL's own blocking wait: one wake-up per event or per timeout, never a poll."""

    pg: Any
    wait_event_timeout: Callable[[Any, int], int]
    wakeups: int = 0

    def wait(self, seconds: float) -> list:
        events = self.pg.event.get()
        self.wakeups += 1
        if events or seconds <= 0:
            return events
        # at least 1 ms: a timeout of 0 would return at once and make the caller spin
        self.wait_event_timeout(None, max(1, int(seconds * 1000 + 0.5)))
        self.wakeups += 1
        return self.pg.event.get()


def loaded_sdl_path() -> Path | None:
    """The SDL2 library this process has loaded (pygame's own copy), or None when it cannot be told."""
    maps = Path("/proc/self/maps")
    if maps.is_file():
        for line in maps.read_text(errors="replace").splitlines():
            name = line.rsplit(" ", 1)[-1]
            if "/libSDL2-2" in name or name.endswith("/libSDL2.so") or "/libSDL2-2.0.so" in name:
                return Path(name)
        return None
    import pygame

    folder = Path(pygame.__file__).parent
    patterns = ("SDL2.dll",) if sys.platform == "win32" else (".dylibs/libSDL2*.dylib", "libSDL2*.dylib")
    for pattern in patterns:
        found = sorted(folder.glob(pattern))
        if found:
            return found[0]
    return None


def sdl_wait_function() -> Callable[[Any, int], int] | None:
    """`SDL_WaitEventTimeout` of the loaded SDL, or None (not found, or an SDL without it)."""
    path = loaded_sdl_path()
    if path is None:
        return None
    try:
        library = ctypes.CDLL(str(path))
        function = library.SDL_WaitEventTimeout
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_void_p, ctypes.c_int]
    function.restype = ctypes.c_int
    return function


def make_event_wait(pg: Any) -> SlicedWait | SdlWait:
    """The cheapest wait the display driver offers (module docstring); call after the window is open."""
    try:
        driver = pg.display.get_driver()
    except Exception:  # noqa: BLE001 - no display yet: the naps always work
        driver = ""
    if driver in BLOCKING_DRIVERS and pg.get_sdl_version() >= (2, 0, 16):
        function = sdl_wait_function()
        if function is not None:
            return SdlWait(pg, function)
    return SlicedWait(pg)
