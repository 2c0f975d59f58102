"""Idle on a real window system (issue #34 item 4): between frames the loop sleeps in SDL's blocking wait,
so an idle window wakes about once a second (IDLE_WAIT) instead of every 10 ms, and input still ends the
wait at once. The dummy driver has no blocking wait: there the loop sleeps until SDL says an event was pushed
(`WatchedWait`, scenes/ui/event_wait.py), also about once a second while idle."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from iwari_desktop.scenes.ui.event_wait import SdlWait, SlicedWait, WatchedWait, make_event_wait

ROOT = Path(__file__).resolve().parents[2]

# idle 3 s on the menu under Xvfb, counting how often the loop looked at the queue; then a posted event
# from another thread must end a long wait within a frame
UNDER_X11 = textwrap.dedent("""
    import os, sys, threading, time
    sys.path.insert(0, sys.argv[1])
    import pygame
    from iwari_desktop.app import App

    app = App(size=(800, 600), fullscreen=False, headless=False)
    for _ in range(3):
        app.step(0)
    looks = [0]
    real_get = pygame.event.get
    def counting_get(*args, **kwargs):
        looks[0] += 1
        return real_get(*args, **kwargs)
    pygame.event.get = counting_get
    start = time.perf_counter()
    while time.perf_counter() - start < 3.0:
        app.step()
    idle = time.perf_counter() - start
    posted = []
    def post_later():
        time.sleep(0.3)
        posted.append(time.perf_counter())
        pygame.event.post(pygame.event.Event(pygame.USEREVENT + 41))
    threading.Thread(target=post_later).start()
    app.step(5000)
    answered = time.perf_counter() - posted[0]
    print("RESULT", pygame.display.get_driver(), type(app.event_wait).__name__, looks[0] / idle, answered)
    app.close()
""")


def test_an_idle_window_wakes_rarely_and_input_still_ends_the_wait_at_once(tmp_path):
    """Under a real X server (Xvfb, where the machine has it) SDL's blocking wait: about once a second. Without
    one the same run under the dummy driver checks the watched wait: about once a second too (naps: ~60 a second)."""
    real_x = shutil.which("xvfb-run") is not None
    env = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "x11" if real_x else "dummy", "SDL_AUDIODRIVER": "dummy",
           "IWARI_DATA_DIR": str(tmp_path / "data"), "IWARI_CONFIG_DIR": str(tmp_path / "config"),
           "IWARI_CACHE_DIR": str(tmp_path / "cache"), "LANG": "C.UTF-8", "HOME": str(tmp_path)}
    command = [sys.executable, "-c", UNDER_X11, str(ROOT)]
    done = subprocess.run((["xvfb-run", "-a"] if real_x else []) + command, env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT")]
    assert lines, done.stdout + done.stderr
    _, driver, waiter, looks_per_second, answered = lines[-1].split()
    if real_x:
        assert driver == "x11" and waiter == "SdlWait"
        assert float(looks_per_second) <= 10           # 10 ms naps looked ~100 times a second
    else:
        assert driver == "dummy" and waiter == "WatchedWait"
        assert float(looks_per_second) <= 10           # naps of a frame: 60-70 a second
    assert float(answered) < 0.2                    # input ends a 5 s wait at once (0.2 s: a loaded machine)


def test_the_dummy_driver_sleeps_until_an_event_is_pushed_and_a_post_from_another_thread_ends_it(app):
    """Issue #34 item 5: idle under the dummy driver was 1.1-1.3 % of a core, half of it the 60 naps a second (each
    wake-up ~80 µs). Now an idle wait looks at the queue once or twice, and an event posted from another thread
    ends a long wait within a frame."""
    import threading

    assert app.pg.display.get_driver() == "dummy"
    waiter = app.event_wait
    assert isinstance(waiter, WatchedWait)
    app.pg.event.get()
    before, start = waiter.wakeups, time.perf_counter()
    assert waiter.wait(0.3) == []
    assert time.perf_counter() - start >= 0.29 and waiter.wakeups - before <= 2   # naps: ~19 looks
    posted: list[float] = []

    def post_later() -> None:
        time.sleep(0.1)
        posted.append(time.perf_counter())
        app.pg.event.post(app.pg.event.Event(app.pg.USEREVENT + 42))

    thread = threading.Thread(target=post_later)
    thread.start()
    events = waiter.wait(5.0)
    answered = time.perf_counter() - posted[0]
    thread.join()
    assert [e.type for e in events] == [app.pg.USEREVENT + 42]
    assert answered < 0.2                                  # within a frame (0.2 s: a loaded machine)


class _FakeEvents:
    def __init__(self, queue):
        self.queue = queue
        self.gets = 0

    def get(self):
        self.gets += 1
        taken, self.queue[:] = list(self.queue), []
        return taken


class _FakePygame:
    def __init__(self, queue):
        self.event = _FakeEvents(queue)


def test_the_sdl_wait_sleeps_once_for_the_whole_timeout_and_returns_what_arrived():
    queue: list = []
    waits = []

    def wait_event_timeout(event, ms):
        waits.append((event, ms))
        queue.append("click")
        return 1

    waiter = SdlWait(_FakePygame(queue), wait_event_timeout)
    assert waiter.wait(0.75) == ["click"]
    assert waits == [(None, 750)]                   # NULL: the event stays queued for pygame's get()
    queue.append("key")
    assert waiter.wait(0.75) == ["key"] and len(waits) == 1   # queued input: no wait at all


def test_the_naps_look_once_a_frame():
    naps = []
    waiter = SlicedWait(_FakePygame([]), sleep=lambda s: (naps.append(s), time.sleep(s)))
    waiter.wait(0.05)
    assert naps and max(naps) <= 0.016 + 1e-9 and waiter.wakeups >= 3
