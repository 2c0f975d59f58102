"""The sound files, the real mixer under the dummy driver, missing and broken files, no audio device, and
the music director (issue #22)."""

from __future__ import annotations

import ast
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from audio_helpers import drain, fake_audio
from repo_root import ROOT
from iwari_desktop import storage
from iwari_desktop.audio import Audio, Cue, Happening, PygameMixer, Track
from iwari_desktop.audio.cues import MAX_CUE_SECONDS, cue_path, sounds_dir, track_path
from iwari_desktop.audio.happenings import cue_of
from iwari_desktop.audio.levels import Levels
from iwari_desktop.audio.music import FADE_OUT_MS

pytestmark = pytest.mark.real_audio   # about the real mixer under the dummy driver (tests/conftest.py)

REPO = ROOT
SOUND_BUDGET = 3 * 1024 * 1024


@pytest.fixture(scope="module")
def mixer_ready():
    import pygame.mixer

    assert os.environ.get("SDL_AUDIODRIVER") == "dummy", "run the tests with SDL_AUDIODRIVER=dummy"
    opened_here = pygame.mixer.get_init() is None
    if opened_here:
        pygame.mixer.init()
    yield pygame.mixer
    if opened_here:
        pygame.mixer.quit()


def test_every_committed_cue_loads_and_is_short(mixer_ready):
    for cue in Cue:
        sound = mixer_ready.Sound(str(cue_path(cue)))
        assert 0.05 < sound.get_length() <= MAX_CUE_SECONDS + 0.001, cue
        assert max(sound.get_raw()[:200000]) > 0, f"{cue.value} is silent"


def test_every_music_loop_loads_and_lasts_one_to_two_minutes(mixer_ready):
    for track in Track:
        sound = mixer_ready.Sound(str(track_path(track)))   # decoded whole here, only to measure it
        assert 60 <= sound.get_length() <= 120, track
        mixer_ready.music.load(str(track_path(track)))


def test_the_sound_files_their_sources_and_licence_are_committed_and_small():
    files = sorted(sounds_dir().rglob("*.ogg"))
    assert {f.stem for f in files} == {c.value for c in Cue} | {t.value for t in Track}
    assert sum(f.stat().st_size for f in files) < SOUND_BUDGET
    sources = (sounds_dir() / "SOURCES.md").read_text(encoding="utf-8")
    assert "MIT" in sources and "make sounds" in sources
    assert all(f"`cues/{c.value}.ogg`" in sources for c in Cue)
    assert "MIT license" in (sounds_dir() / "LICENSE-FluidR3_GM.txt").read_text(encoding="utf-8")


def test_the_frozen_build_takes_every_file_under_assets():
    spec = (REPO / "build" / "spec" / "iwari.spec").read_text(encoding="utf-8")
    assert 'ASSETS.rglob("*")' in spec and ".ogg" not in spec   # no suffix filter would drop the sounds


def test_the_real_mixer_plays_every_cue_and_the_music_under_the_dummy_driver(mixer_ready):
    audio = Audio(storage.Settings(), mixer=PygameMixer())
    for happening in Happening:
        audio.hear(happening)
        audio._next_at = 0.0   # no waiting between cues here
        audio.update()
    assert set(audio.played) == set(Cue)
    audio.music.enter("board")
    assert audio.music.playing is Track.BOARD and mixer_ready.music.get_busy()


def _sound_copy(tmp_path: Path, monkeypatch) -> Path:
    assets = tmp_path / "assets"
    shutil.copytree(sounds_dir(), assets / "sounds")
    monkeypatch.setenv("IWARI_ASSETS", str(assets))
    return assets / "sounds"


def test_a_missing_or_broken_file_is_skipped_with_one_log_line(tmp_path, monkeypatch, caplog, mixer_ready):
    sounds = _sound_copy(tmp_path, monkeypatch)
    (sounds / "cues" / "tent.ogg").unlink()
    (sounds / "cues" / "totem.ogg").write_bytes(b"OggS not really a sound")
    (sounds / "music" / "board.ogg").write_bytes(b"\x00" * 64)
    audio = Audio(storage.Settings(), mixer=PygameMixer())
    with caplog.at_level(logging.WARNING, logger="iwari.audio"):
        for _ in range(3):
            for happening in (Happening.TENT_PLACED, Happening.TOTEM_PLACED, Happening.CARD_FROM_DECK):
                audio.hear(happening)
                audio._next_at = 0.0
                audio.update()
        audio.music.enter("board")
        audio.music.enter("board")
    lines = [r.getMessage() for r in caplog.records]
    assert len([line for line in lines if "tent" in line]) == 1 and "not found" in lines[0]
    assert len([line for line in lines if "totem" in line]) == 1
    assert len([line for line in lines if "music board" in line]) == 1
    assert audio.played == {Cue.CARD_DECK: 3}
    assert audio.music.playing is None


def test_no_audio_device_means_silence_and_one_log_line(caplog):
    audio, mixer, clock = fake_audio(storage.Settings(), fail_open=True)
    with caplog.at_level(logging.WARNING, logger="iwari.audio"):
        for happening in Happening:
            audio.hear(happening)
            drain(audio, clock, 0.3)
        audio.music.enter("menu")
        audio.music.set_danger(True)
    assert mixer.played == [] and mixer.music == [] and not audio.played
    assert len(caplog.records) == 1 and "sound off" in caplog.records[0].getMessage()


def test_a_machine_whose_mixer_cannot_open_plays_on(tmp_path):
    """A real pygame whose audio driver does not exist: mixer.init fails, the game would go on silently."""
    code = ("from iwari_desktop.audio import Audio, Happening\n"
            "from iwari_desktop import storage\n"
            "audio = Audio(storage.Settings())\n"
            "audio.music.enter('menu')\n"
            "audio.hear(Happening.TENT_PLACED)\n"
            "assert not audio.played and audio.output.unavailable\n"
            "print('silent and fine')\n")
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "silent and fine"
    assert "Traceback" not in result.stderr


def test_volumes_and_mute_reach_the_mixer():
    settings = storage.Settings(master_volume=50, effects_volume=60, music_volume=40)
    audio, mixer, clock = fake_audio(settings)
    audio.hear(Happening.FEAT_CLAIMED)
    assert mixer.played == [("feat", pytest.approx(0.3))]
    audio.music.enter("menu")
    assert mixer.music == [("start", "menu", pytest.approx(0.2), 1200)]
    settings.muted = True
    audio.apply_settings(settings)
    audio.hear(Happening.FEAT_CLAIMED)
    drain(audio, clock)
    assert len(mixer.played) == 1 and mixer.music[-1] == ("fade", FADE_OUT_MS)
    settings.muted = False
    audio.apply_settings(settings)
    drain(audio, clock)
    assert mixer.started_tracks == ["menu", "menu"]   # unmuted: the loop comes back
    settings.effects_volume = 100
    settings.sound = False
    audio.apply_settings(settings)
    audio.hear(Happening.FEAT_CLAIMED)
    assert len(mixer.played) == 1 and mixer.started_tracks == ["menu", "menu"]


def test_the_default_settings_play_music_moderately_and_effects():
    levels = Levels.from_settings(storage.Settings())
    assert levels.effects_on and 0.2 <= levels.music <= 0.5 and levels.music < levels.effects


def test_music_never_restarts_the_same_track_and_fades_between_tracks():
    audio, mixer, clock = fake_audio(storage.Settings())
    audio.music.enter("menu")
    audio.music.enter("menu")              # another menu screen
    assert mixer.started_tracks == ["menu"]
    assert audio.wake_in() is None          # nothing due: the frame loop may sleep as long as it likes
    audio.music.enter("board")
    assert mixer.music[-1] == ("fade", FADE_OUT_MS) and mixer.started_tracks == ["menu"]
    assert audio.wake_in() == pytest.approx(FADE_OUT_MS / 1000)
    drain(audio, clock, 1.0)
    assert mixer.started_tracks == ["menu", "board"]
    for _ in range(3):                     # a dialog, a pause, the rules over the board
        audio.music.enter("board")
        audio.music.set_danger(False)
        drain(audio, clock, 1.0)
    assert mixer.started_tracks == ["menu", "board"]
    audio.music.set_danger(True)
    audio.music.set_danger(True)
    drain(audio, clock, 1.0)
    assert mixer.started_tracks == ["menu", "board", "danger"]
    audio.music.enter("menu")              # back to the menu mid-fade: only what comes next changes
    audio.music.set_danger(False)
    drain(audio, clock, 1.0)
    assert mixer.started_tracks == ["menu", "board", "danger", "menu"]


def test_volume_changes_do_not_restart_the_music():
    settings = storage.Settings()
    audio, mixer, clock = fake_audio(settings)
    audio.music.enter("board")
    settings.music_volume = 70
    audio.apply_settings(settings)
    assert mixer.started_tracks == ["board"] and mixer.music[-1] == ("volume", pytest.approx(0.56))
    settings.music_volume = 0              # music off: it fades and stays off
    audio.apply_settings(settings)
    audio.music.enter("menu")
    drain(audio, clock)
    assert mixer.started_tracks == ["board"] and mixer.music[-1] == ("fade", FADE_OUT_MS)


def test_the_danger_track_missing_keeps_the_board_loop(tmp_path, monkeypatch):
    sounds = _sound_copy(tmp_path, monkeypatch)
    (sounds / "music" / "danger.ogg").unlink()
    audio, mixer, clock = fake_audio(storage.Settings())
    audio.music.enter("board")
    audio.music.set_danger(True)
    drain(audio, clock)
    assert mixer.started_tracks == ["board"] and audio.music.playing is Track.BOARD   # never faded out
    mixer.broken.add("menu.ogg")           # a menu loop that cannot be decoded
    audio.music.enter("menu")
    drain(audio, clock)
    assert mixer.started_tracks == ["board"] and audio.music.playing is None


def test_cue_names_are_file_names_shared_with_the_render_tool():
    from tools.sounds.cue_phrases import CUE_LEVELS, CUE_PHRASES
    from tools.sounds.music_phrases import TRACK_PHRASES

    assert set(CUE_PHRASES) == set(Cue) == set(CUE_LEVELS) and set(TRACK_PHRASES) == set(Track)
    for cue, make in CUE_PHRASES.items():
        phrase = make()
        assert phrase.name == cue.value and phrase.notes and phrase.end_beat * 60 / phrase.bpm <= 2.5
    for track, make in TRACK_PHRASES.items():
        phrase = make()
        assert 60 <= phrase.beats * 60 / phrase.bpm <= 120


def test_the_render_tool_writes_a_midi_file_per_phrase(tmp_path):
    import mido

    from tools.sounds.midi import write_midi
    from tools.sounds.music_phrases import board

    phrase = board()
    write_midi(phrase, tmp_path / "board.mid", passes=2)
    midi = mido.MidiFile(str(tmp_path / "board.mid"))
    notes = [m for m in midi.tracks[0] if m.type == "note_on"]
    assert len(notes) == 2 * len(phrase.notes)
    assert midi.length >= 2 * phrase.beats * 60 / phrase.bpm


def test_the_audio_package_stays_in_its_layer():
    """No scene, no pygame display, and no pygame or engine at import time (the menu's start-up budget)."""
    for path in (REPO / "iwari_desktop" / "audio").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert "scenes" not in name and "pygame.display" not in name and name != "iwari_desktop.app", path
    code = ("import sys, iwari_desktop.audio as a; a.Audio()\n"
            "loaded = [m for m in sys.modules if m.startswith(('pygame', 'iwari_desktop.engine'))]\n"
            "print(loaded)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert result.returncode == 0 and result.stdout.strip() == "[]", result.stdout + result.stderr


def test_cue_of_every_happening_has_a_file():
    for happening in Happening:
        assert cue_path(cue_of(happening)).is_file()


def test_make_sounds_without_the_debian_tools_says_what_to_install(monkeypatch, capsys):
    from tools.sounds import render

    monkeypatch.setattr(render.shutil, "which", lambda tool: None)
    assert render.main(["--only", "tent", "--out", "/nonexistent"]) == 1
    error = capsys.readouterr().err.strip()
    assert len(error.splitlines()) == 1 and "fluidsynth" in error
    assert "apt-get install fluidsynth fluid-soundfont-gm sox vorbis-tools" in error
    assert render.main(["--only", "no-such-cue"]) == 2
