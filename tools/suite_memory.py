"""A pytest plugin that tells where the test suite's memory goes, per process (each xdist worker apart):

    SUITE_MEMORY_DIR=/tmp/suite-memory PYTEST_ADDOPTS="-p tools.suite_memory" \\
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy /usr/bin/time -v nice -n 10 make test

Each worker writes `<dir>/suite-<worker>.log`: a line each time its peak resident size (`ru_maxrss`) has grown
by `STEP_MB` or more, naming the test that grew it, the resident size now and how many `App`s are still
alive once that test's window is closed; a last line with the worker's peak. An App count that keeps
rising is a test's App kept after its test (docs/performance.md, "Test suite", tells what kept them);
a peak step with little left resident is one big test, freed again.

Why a plugin and not `/usr/bin/time` alone: that gives only the largest process's peak, not which test
made it nor whether memory was kept or only used for a moment.
"""

from __future__ import annotations

import gc
import os
import resource
import sys
from pathlib import Path

STEP_MB = 30


class _Watch:
    def __init__(self) -> None:
        self.logged_peak = 0
        self.previous = "(start)"
        folder = Path(os.environ.get("SUITE_MEMORY_DIR", "/tmp/suite-memory"))
        folder.mkdir(parents=True, exist_ok=True)
        self.log = folder / f"suite-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"

    def write(self, line: str) -> None:
        with self.log.open("a", encoding="utf-8") as log:
            log.write(line + "\n")


_WATCH = _Watch()


def _peak_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def _resident_mb() -> int:
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 2**20
    except (OSError, ValueError, IndexError):
        return 0


def _apps_alive() -> int:
    app_module = sys.modules.get("iwari_desktop.app")
    if app_module is None:
        return 0
    return sum(1 for o in gc.get_objects() if isinstance(o, app_module.App))


def pytest_runtest_logstart(nodeid, location):
    """Before a test starts, the one before it is over and its window closed (tests/conftest.py)."""
    peak = _peak_mb()
    if peak - _WATCH.logged_peak >= STEP_MB:
        _WATCH.write(f"{peak} MB peak (+{peak - _WATCH.logged_peak}), {_resident_mb()} MB now, "
                     f"{_apps_alive()} Apps alive, after {_WATCH.previous}")
        _WATCH.logged_peak = peak
    _WATCH.previous = nodeid


def pytest_sessionfinish(session):
    _WATCH.write(f"END {_peak_mb()} MB peak, {_resident_mb()} MB now, {_apps_alive()} Apps alive, "
                 f"last {_WATCH.previous}")
