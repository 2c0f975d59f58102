"""Frames counted but not rendered, while a test's bot plays its game to the moment the test looks at.

A scene test that plays a game "with the screens in the loop" runs the App's loop after every gesture:
events, the scenes' updates (the board opens its announcements, handoffs and scorings there), the widgets'
update, and a frame drawn. The drawing is most of such a test's cost and no test looks at the frames on
the way; every screen of a whole game is drawn by the `--smoke` runs (tests/scenes/selftest, tests/storage)
and by the tests that look at pictures. Inside `frames_not_rendered(app)` the loop runs whole but `App.draw`
only counts the frame; on the way out the screen as it stands is drawn once, so what the test then reads
(text, hit areas, widgets) is as a drawn frame leaves it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def frames_not_rendered(app) -> Iterator[None]:
    def count_only() -> None:
        app.dirty = False
        app.frames += 1

    app.draw = count_only
    try:
        yield
    finally:
        del app.draw                # the class's own draw again
    app.draw()
