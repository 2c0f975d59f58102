"""What every test folder shares: headless SDL, the headless `app` fixture, and the window closed after each
test that opened one.

Why the window is closed here, after the test, and not in the fixture: an App whose test is over must not
stay in memory (its surfaces, fonts and board art, 5-80 MB each; a full run once reached 6 GB). What kept
it, and how `close_test_window` (tests/support/window_closer.py) lets go of it, is told there. The App is still
referenced while fixtures are torn down, so the window is closed only once pytest has let go of the test's
arguments, after the App's reference cycles are collected (its fonts closed while they still can).
"""

from __future__ import annotations

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


def _fsync_without_waiting_for_the_disk(fd: int) -> None:
    """`os.fsync` for the suite: the same errors for a bad descriptor, no wait for the disk.

    Why: every save, autosave, history and settings file is written through engine/files/atomic.py, which
    syncs the file and then its folder so that a power cut cannot lose either. That barrier is the kernel's
    promise and no test can observe it, but waiting for it was 3,600 disk flushes of about 4 ms each per
    run. Tests that check the syncs themselves (tests/engine/files/test_files_reader.py, test_saves.py)
    replace `os.fsync` with their own spy; the `--smoke` subprocesses and the game sync for real."""
    os.fstat(fd)


os.fsync = _fsync_without_waiting_for_the_disk


@pytest.fixture(scope="session")
def kept_file_art():
    """The decoded map pictures every App of this worker shares (tests/support/kept_art.py says why)."""
    from kept_art import KeptFileArt

    return KeptFileArt()


@pytest.fixture(scope="session")
def kept_text_store():
    """The drawn and measured text every App of this worker shares: the same lines in the same fonts are
    drawn by a thousand Apps (a render or a measure per word each); kept under the fonts' pixel sizes, so the
    answers are the ones each App's own fonts give (scenes/ui/text_store.py)."""
    from iwari_desktop.art.surface_cache import MB
    from iwari_desktop.scenes.ui.text_store import TextStore

    return TextStore(text_bytes=16 * MB, measures=50_000)


@pytest.fixture(scope="session")
def kept_shape_store():
    """The widgets' drawn boxes every App of this worker shares: the menu's buttons are the same boxes in
    every App that opens the menu; each is kept under everything it is drawn from (scenes/ui/shape_store.py)."""
    from iwari_desktop.art.surface_cache import MB
    from iwari_desktop.scenes.ui.shape_store import ShapeStore

    return ShapeStore(16 * MB)


@pytest.fixture(scope="session")
def kept_theme_store():
    """pygame-gui's parsed theme and what its fonts measured and drew, for every App of this worker: each App's
    manager parsed the same theme data and drew the same labels again; kept under the theme data and language
    and under each font's file, size and style, and every manager still loads fonts of its own
    (scenes/ui/theme_store.py)."""
    from iwari_desktop.art.surface_cache import MB
    from iwari_desktop.scenes.ui.theme_store import ThemeStore

    return ThemeStore(drawn_text_bytes=8 * MB)


@pytest.fixture
def app(request, tmp_path, tmp_path_factory, monkeypatch, kept_file_art, kept_text_store, kept_shape_store,
        kept_theme_store):
    """A headless App in English, whatever the machine's locale, with its data, cache and config in temp
    folders; `parametrize("app", ["de"], indirect=True)` runs a test in another language. Its pictures
    decoded from files come from `kept_file_art`, its drawn and measured text from `kept_text_store`, its
    widgets' boxes (and the menu's landscape) from `kept_shape_store`, its parsed theme from `kept_theme_store`;
    everything else (scenes, caches, state) is its own.

    The config folder's path does not contain the test's name: Settings shows it ("Saved to …"), and the
    layout checks must measure the same line whatever the test is called and however many workers run.
    """
    monkeypatch.setenv("IWARI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("IWARI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("IWARI_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("IWARI_LANG", getattr(request, "param", "en"))
    from iwari_desktop.app import App
    from iwari_desktop.i18n import set_language

    application = App(size=(1280, 720), fullscreen=False, headless=True, file_art=kept_file_art,
                      text_store=kept_text_store, shape_store=kept_shape_store, give_back_memory=False,
                      theme_store=kept_theme_store)
    application.step(0)
    yield application
    set_language("en")  # the language is process-wide: later tests start in English


@pytest.fixture(autouse=True)
def silent_mixer(request, monkeypatch):
    """Every test's Audio gets a `FakeMixer` unless the test is marked `real_audio`.

    Why: under SDL's dummy driver the real mixer still runs an audio thread, and closing it (the
    teardown's `pygame.quit()`) waits about two buffers, 46 ms — 40 s of each worker's idle time over a
    suite whose scene tests never listen. The thread is also unsafe to fork under (a test that starts
    worker processes hung once). The tests that are about the real device are marked and keep it:
    tests/scenes/test_app_audio.py, tests/audio/test_audio_player.py and tests/scenes/selftest/test_smoke_sound.py."""
    if request.node.get_closest_marker("real_audio") is not None:
        yield
        return
    from iwari_desktop.audio import system
    from iwari_desktop.audio.mixer import FakeMixer

    monkeypatch.setattr(system, "PygameMixer", FakeMixer)
    yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Once a test and its fixtures are gone: close the window it left open (see the module's docstring)."""
    try:
        return (yield)
    finally:
        from window_closer import close_test_window

        close_test_window()


def pytest_collection_finish(session):
    """What is imported and collected by now lives for the whole run, so the collector stops walking it:
    the cycles collected after each scene test then cost a quarter as much (a tenth of the suite's CPU).
    The young generation is collected every 50,000 allocations instead of 700: a board test allocates
    millions of short-lived objects (clones, rects, text) that die by reference count, so the frequent
    collections found almost nothing; each test's own garbage goes at its teardown's collection anyway
    (tests/support/window_closer.py, which is why every App is watched from here on), which keeps the peak
    memory where it was."""
    from window_closer import watch_apps

    from iwari_desktop.app import App

    watch_apps(App)
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


# The files holding the suite's longest tests (2.5-15 s of CPU each, measured in session 15,
# docs/performance.md "The suite trimmed"), longest first. Why: under `pytest -n 2 --dist worksteal` each
# worker starts on one half of the collection in order, and the other steals from its tail; a long test
# near the end (tests/storage and tests/tools come last) kept one core busy while the other sat idle.
# Run first, the long tests overlap with the short ones and both workers finish together. Only the order
# changes: every test runs, each with the same fixtures; a name missing here only loses its place.
LONG_FIRST = (
    "tests/storage/test_files_last_gaps.py",
    "tests/engine/bots/test_bots_expert_gate.py",
    "tests/engine/bots/test_bots_expert.py",
    "tests/engine/bots/test_hint_claims.py",
    "tests/engine/cli/test_cli_tournament.py",
    "tests/scenes/campaign/test_scenes_campaign_won.py",
    "tests/net/test_online_games.py",
    "tests/engine/bots/test_bots_solo.py",
    "tests/scenes/test_app_memory.py",
    "tests/scenes/selftest/test_smoke_twice.py",
    "tests/net/test_serve_command.py",
    "tests/engine/bots/test_bots_levels.py",
    "tests/net/test_fuzz_state_codec.py",
    "tests/scenes/test_scenes_language.py",
    "tests/engine/cli/test_selfplay_to_end.py",
    "tests/engine/files/test_position_roundtrip.py",
    "tests/scenes/campaign/test_scenes_campaign.py",
    "tests/scenes/selftest/test_smoke_sound.py",
    "tests/scenes/tutorial/test_scenes_tutorial.py",
    "tests/engine/cli/test_maps_cli.py",
    "tests/art/test_scenes_edited_map_art.py",
    "tests/scenes/board/test_hint_expert.py",
    "tests/tools/test_translation_fragments.py",
    "tests/tools/test_i18n_catalogue.py",
    "tests/tools/test_import_graph.py",
)


def pytest_collection_modifyitems(session, config, items):
    """The files of LONG_FIRST first, in its order; every other test after them in collection order."""
    rank = {path: index for index, path in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(LONG_FIRST)))
