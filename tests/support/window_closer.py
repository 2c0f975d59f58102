"""Closing the window a test left open, so that nothing keeps the test's App (tests/conftest.py runs it after
every test; `scene_helpers.close_window` for a test that closes its own window).

What keeps an App whose test is over, unseen by `gc.get_referrers` (found in session 7, issue #18):
- pygame's event queue. pygame-gui posts an event for each button hovered or pressed; the event's dict
  holds the button, its callbacks, their scene and the App. pygame-ce keeps that dict from C while the
  event is queued, and `pygame.quit()` and `pygame.event.clear()` drop queued events without ever letting
  go of it (pygame-ce 2.5.8): only taking the events (`pygame.event.get()`) frees it. Tests drive scenes
  directly, so events stay queued. No code calls `pygame.event.clear()` (tests/scenes/test_app_memory.py).
- pygame-gui's default manager, a module global (`pygame_gui.core.utility`) holding the first manager of
  the process and every widget on it; the App makes its current manager the default and forgets it in
  `close()`, but a test's App is never closed: the default is forgotten here.
- A pygame font freed after `pygame.quit()` is never closed and keeps its whole font file, so the App's
  reference cycles are collected (its fonts closed) before the window is.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc
import os
import sys
import weakref

# A worker holding more than this after a scene test hands its freed memory back (glibc keeps it otherwise,
# and the next big screen would come on top): two workers then stay well under the suite's 1.5 GB.
TRIM_ABOVE_KB = 480_000


# Every App built in this process, weakly (`watch_apps`): after a test, a young collection frees its App
# almost always, and only when one is still here does the teardown pay for a full collection.
_APPS: "weakref.WeakSet[object]" = weakref.WeakSet()


def watch_apps(app_class: type) -> None:
    """Note every App `app_class` builds from now on (weakly; called once per worker by tests/conftest.py).

    Why: a full collection walks every long-lived object of the worker (the cached games, the kept map
    art, everything imported), 5–100 ms more a test as the run goes on, while the test's own garbage is
    young; so the teardown collects the young generations and goes on to a full collection only for an
    App that survived them (one test in a few hundred)."""
    original = app_class.__init__
    if getattr(original, "watched_by_the_suite", False):
        return

    @functools.wraps(original)
    def noted_init(self, *args, **kwargs):
        _APPS.add(self)
        original(self, *args, **kwargs)

    noted_init.watched_by_the_suite = True  # type: ignore[attr-defined]
    app_class.__init__ = noted_init  # type: ignore[method-assign]


def apps_alive() -> int:
    """How many Apps built since `watch_apps` are still in memory."""
    return len(_APPS)


def _trim_malloc():
    """glibc's malloc_trim, or None where there is no glibc."""
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


_MALLOC_TRIM = _trim_malloc()


def _rss_kb() -> int:
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        return 0


def let_go_of_apps() -> None:
    """Take the queued events and forget pygame-gui's default manager: what kept an App without anyone
    referring to it from Python (the module's docstring). Does nothing before pygame is imported."""
    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.display.get_init():
        pygame.event.get()
    utility = sys.modules.get("pygame_gui.core.utility")
    if utility is not None:
        utility.set_default_manager(None)


def close_test_window() -> None:
    """After a test and its fixtures are gone: let go of its App, collect it, close the window."""
    pygame = sys.modules.get("pygame")
    let_go_of_apps()
    if pygame is not None and pygame.display.get_init():
        gc.collect(1)            # the test's garbage is young: this frees its App nearly always
        if apps_alive():
            gc.collect()         # an App that lived long enough to grow old (see `watch_apps`)
        pygame.quit()
        if _MALLOC_TRIM is not None and _rss_kb() > TRIM_ABOVE_KB:
            _MALLOC_TRIM(0)
