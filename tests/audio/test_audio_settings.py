"""The sound settings (issue #22): master, effects and music volume 0-100 and mute, through the bounded reader."""

from __future__ import annotations

import json

import pytest

from iwari_desktop import storage


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("IWARI_CONFIG_DIR", str(tmp_path))
    return tmp_path


def test_the_defaults_play_music_quietly_and_effects_on():
    settings = storage.Settings()
    assert settings.sound and not settings.muted
    assert 0 < settings.music_volume < settings.effects_volume <= 100 and settings.master_volume > 50


def test_sound_settings_round_trip(config):
    chosen = storage.Settings(master_volume=0, effects_volume=100, music_volume=17, muted=True, sound=False)
    storage.save_settings(chosen)
    assert storage.load_settings() == chosen
    assert json.loads(storage.settings_path().read_text())["music_volume"] == 17


@pytest.mark.parametrize("value", [-1, 101, 50.0, "50", True, None, [50], 10 ** 30])
def test_a_volume_out_of_range_or_of_another_type_falls_back_to_its_default(config, value):
    storage.settings_path().write_text(json.dumps({"master_volume": value, "effects_volume": value,
                                                   "music_volume": value, "muted": value, "fullscreen": True}))
    settings, problem = storage.read_settings()
    default = storage.Settings()
    assert problem is None and settings.fullscreen   # the rest of the file still counts
    assert (settings.master_volume, settings.effects_volume, settings.music_volume) == (
        default.master_volume, default.effects_volume, default.music_volume)
    assert settings.muted is (value is True)


def test_a_settings_file_from_before_sound_levels_keeps_its_choices(config):
    storage.settings_path().write_text(json.dumps({"sound": False, "language": "de"}))
    settings = storage.load_settings()
    assert settings.sound is False and settings.language == "de"
    assert settings.music_volume == storage.Settings().music_volume


def test_an_absurd_number_is_refused_by_the_bounded_reader_with_one_line(config):
    storage.settings_path().write_text('{"music_volume": ' + "9" * 60 + "}")
    settings, problem = storage.read_settings()
    assert settings == storage.Settings() and problem.startswith("settings.json") and "\n" not in problem
