"""Fuzz: the settings file. Defaults plus a one-line reason, or the file's settings; never a traceback, a hang or a changed file."""

from __future__ import annotations

import json
import random

import pytest

from file_fuzz_helpers import SPECIAL_KINDS, assert_one_line, mutations, snapshot, special_files, typed_edits, within
from iwari_desktop import storage

GOOD = storage.Settings(window_size=(1600, 900), fullscreen=True, animation_speed="slow", sound=False,
                        computer_pace="instant", tutorial_offered=True, language="de",
                        master_volume=35, effects_volume=100, music_volume=0, muted=True)
DATA = GOOD.to_json()
RAW = json.dumps(DATA, indent=1).encode()


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("IWARI_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "config").mkdir()
    return tmp_path / "config"


def _check() -> storage.Settings:
    path = storage.settings_path()
    before = snapshot(path)
    with within():
        settings, problem = storage.read_settings()
        assert storage.load_settings() == settings
    if problem is not None:
        assert settings == storage.Settings() and "settings.json" in assert_one_line(problem)
    assert isinstance(settings.window_size, tuple) and 640 <= settings.window_size[0] <= 8192
    assert settings.animation_speed in storage.ANIMATION_SPEEDS
    assert settings.computer_pace in storage.COMPUTER_PACES
    assert settings.language in ("en", "de")
    assert isinstance(settings.sound, bool) and isinstance(settings.fullscreen, bool)
    assert isinstance(settings.tutorial_offered, bool)
    for volume in (settings.master_volume, settings.effects_volume, settings.music_volume):
        assert type(volume) is int and 0 <= volume <= 100
    assert isinstance(settings.muted, bool)
    assert snapshot(path) == before
    return settings


def test_good_settings_round_trip(config):
    storage.save_settings(GOOD)
    assert _check() == GOOD


@pytest.mark.parametrize("seed", range(3))
def test_damaged_settings_bytes(config, seed):
    for _, raw in mutations(RAW, random.Random(seed), 80):
        storage.settings_path().write_bytes(raw)
        _check()


@pytest.mark.parametrize("seed", range(3))
def test_settings_fields_of_wrong_types_and_sizes(config, seed):
    for _, raw in typed_edits(DATA, random.Random(seed), 80):
        storage.settings_path().write_bytes(raw)
        _check()


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_special_files_as_settings(config, kind):
    special = special_files(config.parent / "specials", "settings.json")[kind]
    target = storage.settings_path()
    if special.is_symlink():
        target.symlink_to(special.readlink())
    else:
        special.rename(target)
    settings = _check()
    assert settings == storage.Settings()
