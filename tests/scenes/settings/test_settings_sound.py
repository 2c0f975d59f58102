"""The sound in Settings (issue #22): three volume sliders 0-100 and mute, kept in settings.json and applied at
once; the M key mutes on every screen but never while a name is typed; both languages fit."""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from audio_helpers import app_with_fake_audio, drain
from scene_helpers import key, press
from iwari_desktop import storage
from iwari_desktop.audio import Happening
from iwari_desktop.scenes.settings.settings import SettingsScene


def open_settings(app) -> SettingsScene:
    app.stack.top.choose("settings")
    app.step(0)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return scene


def move(app, scene: SettingsScene, field: str, value: int) -> None:
    """Drag a volume slider to `value`: the slider takes it and posts its moved event, as a drag does."""
    widget = scene.volume_sliders[field]
    widget.set_current_value(value)
    app.process_event(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=widget,
                                         value=widget.get_current_value()))


def test_the_sliders_and_mute_round_trip_through_settings_json_and_reach_the_audio(app):
    audio, mixer, clock = app_with_fake_audio(app)
    scene = open_settings(app)
    assert [scene.volume_sliders[f].get_current_value() for f in ("master_volume", "effects_volume", "music_volume")] \
        == [80, 80, 40]   # the defaults: music on, quiet under the cues
    move(app, scene, "master_volume", 50)
    move(app, scene, "effects_volume", 100)
    move(app, scene, "music_volume", 0)
    assert scene.volume_labels["music_volume"].text == "0"
    press(app, scene.volume_sliders["master_volume"].right_button)   # the arrow: one step of 5 up
    app.step(0)
    assert scene.draft.master_volume == 55 and scene.volume_labels["master_volume"].text == "55"
    scene.apply()
    stored = json.loads(storage.settings_path().read_text(encoding="utf-8"))
    assert (stored["master_volume"], stored["effects_volume"], stored["music_volume"], stored["muted"]) == (55, 100, 0, False)
    assert storage.load_settings().master_volume == 55
    audio.hear(Happening.TENT_PLACED)
    drain(audio, clock)
    assert mixer.played == [("tent", pytest.approx(0.55))]   # master × effects
    scene = open_settings(app)   # the screen shows what is stored
    assert scene.volume_sliders["master_volume"].get_current_value() == 55
    assert scene.volume_labels["effects_volume"].text == "100"
    scene.mute_box.set_state(True)
    app.process_event(pygame.event.Event(pygame_gui.UI_CHECK_BOX_CHECKED, ui_element=scene.mute_box))
    scene.apply()
    assert storage.load_settings().muted
    audio.hear(Happening.TENT_PLACED)
    drain(audio, clock)
    assert len(mixer.played) == 1   # muted: nothing more


def test_cancel_keeps_the_volumes_as_they_were(app):
    scene = open_settings(app)
    move(app, scene, "effects_volume", 10)
    key(app, pygame.K_ESCAPE)
    assert app.settings.effects_volume == 80 and not storage.settings_path().exists()


def test_m_mutes_on_every_screen_is_remembered_and_shown_and_never_types_into_a_name(app):
    audio, mixer, clock = app_with_fake_audio(app)
    key(app, pygame.K_m)   # on the menu
    assert app.settings.muted and storage.load_settings().muted
    audio.hear(Happening.YOUR_TURN)
    drain(audio, clock)
    assert mixer.played == []
    scene = open_settings(app)
    assert scene.mute_box.get_state()
    key(app, pygame.K_m)   # in Settings: the box follows the key
    assert not app.settings.muted and not scene.mute_box.get_state() and not scene.draft.muted
    scene.apply()
    assert not storage.load_settings().muted
    audio.hear(Happening.YOUR_TURN)
    drain(audio, clock)
    assert mixer.played_names == ["your-turn"]
    app.stack.top.choose("new")   # a name field has the keyboard: M is a letter there
    app.step(0)
    setup = app.stack.top
    entry = next(w for w in setup.widgets if isinstance(w, pygame_gui.elements.UITextEntryLine))
    press(app, entry)
    assert app.text_focus()
    key(app, pygame.K_m)
    assert not app.settings.muted


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_the_sound_column_fits_and_speaks_the_language(app):
    from layout_check import faults

    scene = open_settings(app)
    assert faults(app) == []
    expected = {"en": ("Master volume", "Mute all sound (M toggles it any time)"),
                "de": ("Gesamtlautstärke", "Alles stumm (M schaltet jederzeit um)")}[app.language]
    texts = [getattr(w, "text", "") for w in scene.widgets]
    assert expected[0] in texts and expected[1] in texts
