"""The app and its one `Audio` (issue #22): nothing opened before the menu's first frame, music by the place the
screens are in (fading, never restarted by a dialog), the loop waking for queued cues, and a game that plays
on with no audio device at all (the dummy driver, and a mixer that cannot open)."""

from __future__ import annotations

import logging

import pygame
import pytest

from audio_helpers import app_with_fake_audio, drain
from scene_helpers import board_after_handoff, make_game
from iwari_desktop import storage
from iwari_desktop.audio import Happening, Track
from iwari_desktop.engine.bots.players import GreedyBot
from iwari_desktop.scenes.selftest.smoke_driver import bot_step, dismiss_screen

pytestmark = pytest.mark.real_audio   # about the real mixer under the dummy driver (tests/conftest.py)


def play_steps(app, board, bot, done) -> None:
    """Bot gestures on the board, the screens between them clicked through, until `done()`."""
    for _ in range(2000):
        if done():
            return
        top = app.stack.top
        if top is board:
            bot_step(board.controller, bot)
        else:
            assert dismiss_screen(top) is not None, type(top).__name__
        app.step(0)
    raise AssertionError("never done")


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """Temporary data, cache and config folders for an App the test opens itself."""
    for name in ("DATA", "CACHE", "CONFIG"):
        monkeypatch.setenv(f"IWARI_{name}_DIR", str(tmp_path / name.lower()))
    monkeypatch.setenv("IWARI_LANG", "en")


def open_app():
    from iwari_desktop.app import App

    return App(size=(1280, 720), fullscreen=False, headless=True)


def test_no_device_is_opened_before_the_first_menu_frame_and_the_menu_loop_starts_after_it(folders):
    pygame.mixer.quit()
    app = open_app()
    assert pygame.mixer.get_init() is None and app.audio.music.playing is None
    app.step(0)
    assert app.first_frame_at is not None
    assert app.audio.music.playing is Track.MENU and pygame.mixer.get_init() is not None   # the dummy driver


def test_with_music_off_the_mixer_is_never_opened_by_the_menu(folders):
    pygame.mixer.quit()
    storage.save_settings(storage.Settings(music_volume=0))
    app = open_app()
    for _ in range(3):
        app.step(0)
    assert app.audio.music.playing is None and pygame.mixer.get_init() is None   # no decoding, no mixing thread


def test_the_music_follows_the_screens_fades_between_them_and_no_dialog_restarts_it(app):
    audio, mixer, clock = app_with_fake_audio(app)
    app.step(0)
    assert mixer.started_tracks == ["menu"]
    app.stack.top.choose("settings")   # screens over the menu keep its loop
    app.step(0)
    app.stack.pop()
    app.stack.top.choose("new")
    app.step(0)
    assert mixer.music == [("start", "menu", pytest.approx(0.32), 1200)]
    board = board_after_handoff(app, make_game())
    app.step(0)
    assert mixer.music[-1] == ("fade", 700) and mixer.started_tracks == ["menu"]   # the menu loop fades out ...
    drain(audio, clock, 1.0)
    assert mixer.started_tracks == ["menu", "board"]                                 # ... then the board's fades in
    calls = len(mixer.music)
    board.open_pause()
    app.step(0)
    app.stack.top.rules()
    app.step(0)
    app.show_message("A message", "over everything")
    app.step(0)
    drain(audio, clock, 1.0)
    assert len(mixer.music) == calls
    app.nav.reset("menu")
    app.step(0)
    drain(audio, clock, 1.0)
    assert mixer.started_tracks == ["menu", "board", "menu"]


def test_the_loop_wakes_for_a_queued_cue_instead_of_sleeping_its_idle_second(app):
    audio, mixer, clock = app_with_fake_audio(app)
    app.step(0)
    app.dirty = False
    assert app.wait_seconds() == 1.0   # nothing queued: the idle wait
    audio.hear([Happening.TENT_PLACED, Happening.FEAT_CLAIMED])   # the first plays now, the second 0.22 s later
    assert 0.2 <= app.wait_seconds() <= 0.221


def test_a_game_plays_on_when_the_mixer_cannot_open(folders, monkeypatch, caplog):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    app = open_app()
    with caplog.at_level(logging.WARNING, logger="iwari.audio"):
        app.step(0)
        board = board_after_handoff(app, make_game())
        app.step(0)
        play_steps(app, board, GreedyBot(2), lambda: len(board.controller.game.log) >= 30)
    assert app.audio.output.unavailable and sum(app.audio.played.values()) == 0
    assert [r.getMessage() for r in caplog.records if "sound off" in r.getMessage()] == [
        "sound off: no audio output (No available audio device)"]   # one line, once


def test_under_the_dummy_driver_the_real_mixer_plays_the_bundled_cues(app):
    board = board_after_handoff(app, make_game())
    play_steps(app, board, GreedyBot(2), lambda: app.audio.played)
    assert not app.audio.output.unavailable and set(app.audio.played) <= set(app.audio.triggered)


def test_only_tests_marked_real_audio_get_the_real_mixer(app):
    """The suite's other tests never start the dummy driver's audio thread (tests/conftest.py, `silent_mixer`):
    this module is marked, so here the App's Audio is the real one and the menu's music opened the device."""
    from iwari_desktop.audio.mixer import PygameMixer

    app.step(0.05)
    assert isinstance(app.audio.output.mixer, PygameMixer) and pygame.mixer.get_init() is not None
