"""Plays cues: loads each file the first time it is needed, skips what cannot be played.

Lazy on purpose: decoding twenty files at start-up would cost the menu its half-second budget, and a
game that never places a totem never needs the totem sound. A missing or broken file is logged once
and stays silent for the session; a machine without audio makes the whole player silent after one
log line. Nothing here raises to the caller.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import Any

from iwari_desktop.audio.cues import Cue, cue_path
from iwari_desktop.audio.levels import Levels
from iwari_desktop.audio.mixer import Mixer, MixerUnavailable, SoundFileError

log = logging.getLogger("iwari.audio")


class Output:
    """The mixer as the player and the music director share it: opened once, given up on once."""

    def __init__(self, mixer: Mixer) -> None:
        self.mixer = mixer
        self._state: bool | None = None   # None: not tried yet; False: no audio this session

    def ready(self) -> bool:
        if self._state is None:
            try:
                self.mixer.open()
                self._state = True
            except MixerUnavailable as error:
                log.warning("sound off: %s", error)
                self._state = False
        return self._state

    @property
    def unavailable(self) -> bool:
        return self._state is False


class CuePlayer:
    """Effects at the effects level; counts what it played (the smoke run reports the count)."""

    def __init__(self, output: Output, levels: Levels) -> None:
        self.output = output
        self.levels = levels
        self._sounds: dict[Cue, Any] = {}
        self._broken: set[Cue] = set()
        self.played: Counter[Cue] = Counter()

    def play(self, cue: Cue) -> bool:
        """True if the cue was handed to the mixer (False: muted, effects off, no audio or a bad file)."""
        if not self.levels.effects_on or cue in self._broken or not self.output.ready():
            return False
        sound = self._sound(cue)
        if sound is None:
            return False
        try:
            self.output.mixer.play(sound, self.levels.effects)
        except Exception as error:   # a device lost mid-game: go silent, never crash the game
            log.warning("sound %s not played: %s", cue.value, error)
            self._broken.add(cue)
            return False
        self.played[cue] += 1
        return True

    def preload(self, cues: list[Cue]) -> None:
        """Decode these now (a board scene may call it while the map is drawn, off the menu's path)."""
        if self.levels.effects_on and self.output.ready():
            for cue in cues:
                self._sound(cue)

    def _sound(self, cue: Cue) -> Any:
        """The decoded cue, loaded on first use; None (logged once) for a missing or broken file."""
        if cue in self._broken:
            return None
        sound = self._sounds.get(cue)
        if sound is None:
            try:
                sound = self._sounds[cue] = self.output.mixer.load(cue_path(cue))
            except SoundFileError as error:
                log.warning("sound %s skipped: %s", cue.value, error)
                self._broken.add(cue)
        return sound
