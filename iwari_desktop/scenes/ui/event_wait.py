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
every millisecond. Naps of a frame (`SlicedWait`) woke the loop 60 times a second: about 0.5 % of a core on
this machine, where each wake-up cost ~80 µs of the kernel's and interpreter's time and the look at the
queue itself ~10 µs (profiled: `python -X importtime` aside, the loop's own Python work is a few
milliseconds a second). Under those drivers nothing reaches the queue but what is pushed onto it (by
pygame's `event.post` from any thread, SDL's timers), so `WatchedWait` asks SDL to call it back whenever
an event is pushed (`SDL_AddEventWatch`) and sleeps on a `threading.Event` until then: one wake-up per
event or per timeout, as on a real window system. SDL calls watchers just before it queues the event, so
a wake-up that finds the queue still empty looks again a few times a millisecond apart. Where the library
is not found the naps stay.
"""

from __future__ import annotations

import ctypes
import functools
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

# the drivers whose SDL_WaitEventTimeout really blocks in the window system (SDL 2.0.16+)
BLOCKING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})
# the drivers with no input of their own: every event is pushed onto the queue (`WatchedWait`). Only these: on a
# real window system input arrives when the queue is pumped, which a watched sleep would not do. (Why it is safe
# from a lock-order deadlock: SDL runs a watch holding its watchers' lock, and the watch takes Python's GIL; a push
# from a thread that holds no GIL — an SDL timer, pygame's music end event — could meet the main thread pushing
# with the GIL held. The game starts no SDL timer and sets no end event; it pushes from Python only.)
PUSH_ONLY_DRIVERS = frozenset({"dummy", "offscreen"})
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


# how long a wake-up that found the queue empty looks again for the event that woke it (SDL calls the watch just
# before it queues the event), a millisecond apart
QUEUE_LAG = 0.016
# SDL_EventFilter: int (*)(void *userdata, SDL_Event *event)
EVENT_FILTER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)


# SDL's callback and what it sets, one for the process: SDL keeps only the C pointer, so the callback must outlive
# every registration (an App the tests drop without closing it would otherwise leave SDL calling freed memory), and
# `watched_wait` takes the old registration off before it adds one, so there is never more than one
_PUSHED = threading.Event()


def _on_push(userdata: Any, event: Any) -> int:
    _PUSHED.set()
    return 1


_CALLBACK = EVENT_FILTER(_on_push)


class WatchedWait:
    """Sleeps until SDL says an event was pushed or the timeout passes (drivers without a blocking wait)."""

    def __init__(self, pg: Any, library: Any) -> None:
        self.pg = pg
        self.wakeups = 0
        self._library = library
        self._pushed = _PUSHED
        library.SDL_DelEventWatch(_CALLBACK, None)   # a registration an earlier App left
        library.SDL_AddEventWatch(_CALLBACK, None)
        self._watching = True

    def wait(self, seconds: float) -> list:
        """The waiting events, sleeping up to `seconds` for the first."""
        deadline = time.perf_counter() + seconds
        self._pushed.clear()   # before the look: an event pushed after it wakes the wait below
        events = self.pg.event.get()
        self.wakeups += 1
        while not events:
            left = deadline - time.perf_counter()
            if left <= 0 or not self._pushed.wait(left):
                break
            self._pushed.clear()
            events = self._queued()
        return events

    def _queued(self) -> list:
        """The events after a push woke the wait: the queue, looked at again while the event is on its way."""
        lag = time.perf_counter() + QUEUE_LAG
        while True:
            events = self.pg.event.get()
            self.wakeups += 1
            if events or time.perf_counter() >= lag:
                return events
            time.sleep(0.001)

    def close(self) -> None:
        """Stop SDL calling back (before pygame quits; SDL forgets every watch when it does anyway)."""
        if self._watching:
            self._library.SDL_DelEventWatch(_CALLBACK, None)
            self._watching = False


@functools.cache
def loaded_sdl_path() -> Path | None:
    """The SDL2 library this process has loaded (pygame's own copy), or None when it cannot be told.

    Looked up once per process (pygame's SDL stays loaded): reading the process's memory map at every App
    was a twentieth of building one."""
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


def loaded_sdl() -> Any | None:
    """The loaded SDL library through ctypes, or None when it cannot be found or opened."""
    path = loaded_sdl_path()
    if path is None:
        return None
    try:
        return ctypes.CDLL(str(path))
    except OSError:
        return None


def watched_wait(pg: Any) -> WatchedWait | None:
    """A `WatchedWait` on the loaded SDL, or None (not found, or an SDL without event watches)."""
    library = loaded_sdl()
    try:
        if library is None:
            return None
        library.SDL_AddEventWatch.argtypes = [EVENT_FILTER, ctypes.c_void_p]
        library.SDL_AddEventWatch.restype = None
        library.SDL_DelEventWatch.argtypes = [EVENT_FILTER, ctypes.c_void_p]
        library.SDL_DelEventWatch.restype = None
    except AttributeError:
        return None
    return WatchedWait(pg, library)


def sdl_wait_function() -> Callable[[Any, int], int] | None:
    """`SDL_WaitEventTimeout` of the loaded SDL, or None (not found, or an SDL without it)."""
    library = loaded_sdl()
    if library is None:
        return None
    try:
        function = library.SDL_WaitEventTimeout
    except AttributeError:
        return None
    function.argtypes = [ctypes.c_void_p, ctypes.c_int]
    function.restype = ctypes.c_int
    return function


def make_event_wait(pg: Any) -> SlicedWait | SdlWait | WatchedWait:
    """The cheapest wait the display driver offers (module docstring); call after the window is open."""
    try:
        driver = pg.display.get_driver()
    except Exception:  # noqa: BLE001 - no display yet: the naps always work
        driver = ""
    if driver in BLOCKING_DRIVERS and pg.get_sdl_version() >= (2, 0, 16):
        function = sdl_wait_function()
        if function is not None:
            return SdlWait(pg, function)
    if driver in PUSH_ONLY_DRIVERS:
        return watched_wait(pg) or SlicedWait(pg)
    return SlicedWait(pg)
