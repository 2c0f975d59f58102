"""Idle is idle (issue #21 item 7): the loop sleeps until input comes or the soonest thing is due, and
never spins in pygame's millisecond poll."""

from __future__ import annotations

import time

from iwari_desktop.app import FRAME_WAIT, IDLE_WAIT, TEXT_CURSOR_WAIT


def test_with_nothing_due_the_loop_may_sleep_its_longest(app):
    app.step(0)
    assert not app.dirty
    assert app.wait_seconds() == IDLE_WAIT


def test_a_wake_source_shortens_the_wait_and_none_means_nothing_due(app):
    app.step(0)
    app.wake_sources.append(lambda: None)
    assert app.wait_seconds() == IDLE_WAIT
    app.wake_sources.append(lambda: 0.2)      # e.g. the sound's next cue (Audio.wake_in)
    assert app.wait_seconds() == 0.2
    app.wake_sources.append(lambda: -1.0)     # overdue: no sleep at all
    assert app.wait_seconds() == 0.0


def test_a_moving_scene_or_an_owed_redraw_gets_a_frame_and_a_text_field_its_blink(app, monkeypatch):
    app.step(0)
    app.request_redraw()
    assert app.wait_seconds() == FRAME_WAIT
    app.step(0)
    monkeypatch.setattr(type(app.stack.top), "animating", property(lambda self: True))
    assert app.wait_seconds() == FRAME_WAIT
    monkeypatch.setattr(type(app.stack.top), "animating", property(lambda self: False))
    monkeypatch.setattr(app, "text_focus", lambda: True)
    assert app.wait_seconds() == TEXT_CURSOR_WAIT


def test_an_idle_step_sleeps_to_its_timeout_without_pygames_millisecond_poll(app, monkeypatch):
    app.step(0)
    polls = []
    monkeypatch.setattr(app.pg.event, "wait", lambda *a: polls.append(a))
    app.wake_sources.append(lambda: 0.12)
    cpu0, start = time.process_time(), time.perf_counter()
    drawn = app.step()
    waited, cpu = time.perf_counter() - start, time.process_time() - cpu0
    assert not drawn and polls == []
    assert waited >= 0.12
    assert cpu < waited / 2                    # asleep, not busy


def test_input_ends_the_wait_at_once(app):
    app.step(0)
    app.pg.event.post(app.pg.event.Event(app.pg.USEREVENT + 40))
    start = time.perf_counter()
    app.step(int(IDLE_WAIT * 1000))
    assert time.perf_counter() - start < IDLE_WAIT / 2
