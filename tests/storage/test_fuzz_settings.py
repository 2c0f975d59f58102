"""Fuzz: the settings file. Defaults plus a one-line reason, or the file's settings; never a traceback, a hang or a changed file."""

from __future__ import annotations

import json
import random

import pytest

from file_fuzz_helpers import SPECIAL_KINDS, assert_one_line, mutations, snapshot, special_files, typed_edits, within
from iwari_desktop import storage
from iwari_desktop.setup_memory import MAX_NAME, MAX_SEATS, MODES, OPTION_RANGE, RememberedSeat, RememberedSetup

SIX = tuple(RememberedSeat(n, c, k) for n, c, k in zip(("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"),
                                                        ("red", "green", "blue", "yellow", "orange", "purple"),
                                                        (None, "easy", "normal", "hard", "normal", "hard")))
LAST_SETUPS = {"multiplayer": RememberedSetup("the-void", SIX, ("honour", "union"), True, 2,
                                              {"expeditions": True, "worship": 2}),
               "solo": RememberedSetup("vast-lands", (RememberedSeat("Kiona"),), options={"k": 5})}
GOOD = storage.Settings(window_size=(1600, 900), fullscreen=True, animation_speed="slow", sound=False,
                        computer_pace="instant", tutorial_offered=True, language="de",
                        master_volume=35, effects_volume=100, music_volume=0, muted=True,
                        last_setups=LAST_SETUPS)
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
    for mode, setup in settings.last_setups.items():   # the remembered setups: shapes and bounds only
        assert mode in MODES and isinstance(setup.map_id, str) and 1 <= len(setup.seats) <= MAX_SEATS
        assert all(isinstance(s.name, str) and len(s.name) <= MAX_NAME for s in setup.seats)
        assert setup.first is None or 0 <= setup.first < len(setup.seats)
        assert all(isinstance(v, bool) or OPTION_RANGE[0] <= v <= OPTION_RANGE[1] for v in setup.options.values())
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
