"""What every test folder shares: headless SDL, the headless `app` fixture, and the window closed after each
test that opened one.

Why the window is closed here, after the test, and not in the fixture: two things kept every test's App
(its surfaces, fonts and board art, 5-50 MB each) in memory for the rest of the run, and a full run
reached 6 GB.
- pygame-gui posts an event for each button hovered or pressed, and the event holds the button, through it
  the whole App. The game takes every event each frame; tests drive the scenes directly, so events stay
  queued, and `pygame.quit()` drops the queue without ever letting go of them. So the queue is emptied first.
- A pygame font freed after `pygame.quit()` is never closed and keeps its whole font file. The App is still
  referenced while fixtures are torn down, so the window is closed only once pytest has let go of the
  test's arguments, after the App's reference cycles are collected (its fonts closed while they still can).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Compiled modules are kept (__pycache__, git-ignored) even where PYTHONDONTWRITEBYTECODE is set: without
# them each xdist worker and each `--smoke`/CLI subprocess compiles the whole game, pygame-gui's users and
# every test file (assertions rewritten) again; collecting alone cost 6.9 s of CPU per process instead of
# 1.3 s. Set here, before any test module is imported, and for the workers and subprocesses started later.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


@pytest.fixture(scope="session")
def kept_file_art():
    """The decoded map pictures every App of this worker shares (tests/support/kept_art.py says why)."""
    from kept_art import KeptFileArt

    return KeptFileArt()


@pytest.fixture
def app(request, tmp_path, tmp_path_factory, monkeypatch, kept_file_art):
    """A headless App in English, whatever the machine's locale, with its data, cache and config in temp
    folders; `parametrize("app", ["de"], indirect=True)` runs a test in another language. Its pictures
    decoded from files come from `kept_file_art`; everything else (scenes, caches, state) is its own.

    The config folder's path does not contain the test's name: Settings shows it ("Saved to …"), and the
    layout checks must measure the same line whatever the test is called and however many workers run.
    """
    monkeypatch.setenv("IWARI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("IWARI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("IWARI_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("IWARI_LANG", getattr(request, "param", "en"))
    from iwari_desktop.app import App
    from iwari_desktop.i18n import set_language

    application = App(size=(1280, 720), fullscreen=False, headless=True, file_art=kept_file_art)
    application.step(0)
    yield application
    set_language("en")  # the language is process-wide: later tests start in English


# A worker holding more than this after a scene test hands its freed memory back (glibc keeps it otherwise,
# and the next big screen would come on top): two workers then stay well under the suite's 1.5 GB.
TRIM_ABOVE_KB = 400_000


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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Once a test and its fixtures are gone: close the window it left open (see the module's docstring)."""
    try:
        return (yield)
    finally:
        pygame = sys.modules.get("pygame")
        if pygame is not None and pygame.display.get_init():
            pygame.event.get()
            gc.collect()
            pygame.quit()
            if _MALLOC_TRIM is not None and _rss_kb() > TRIM_ABOVE_KB:
                _MALLOC_TRIM(0)


def pytest_collection_finish(session):
    """What is imported and collected by now lives for the whole run, so the collector stops walking it:
    the cycles collected after each scene test then cost a quarter as much (a tenth of the suite's CPU)."""
    gc.freeze()
