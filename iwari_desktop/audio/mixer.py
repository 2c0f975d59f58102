"""The one place that talks to pygame.mixer, behind a small interface the tests replace.

`PygameMixer` opens the mixer only when a sound or a track is first needed (the menu's first frame
must not wait for an audio device) and turns every failure into `MixerUnavailable` or `SoundFileError`,
so the caller can go silent with one log line. `FakeMixer` records what would have been played: the
seam for tests and for counting cues in the smoke run. Never imports pygame's display.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol


class MixerUnavailable(Exception):
    """No audio device, no driver, or pygame without a mixer: the game plays on in silence."""


class SoundFileError(Exception):
    """A sound or music file is missing or cannot be decoded."""


class Mixer(Protocol):
    """What the player and the music director need from an audio backend."""

    def open(self) -> None:
        """Make the device ready; raises MixerUnavailable. Called again after success, it does nothing."""

    def load(self, path: Path) -> Any:
        """A playable sound from a file; raises SoundFileError."""

    def play(self, sound: Any, volume: float) -> None: ...

    def start_music(self, path: Path, volume: float, fade_ms: int) -> None:
        """Stream `path` in an endless loop, fading in; raises SoundFileError."""

    def fade_out_music(self, fade_ms: int) -> None: ...

    def set_music_volume(self, volume: float) -> None: ...


class PygameMixer:
    """pygame.mixer, opened lazily; sounds are decoded once and kept by the player's cache."""

    FREQUENCY = 44100
    BUFFER = 1024        # samples: small enough that a tent sounds with the click, large enough not to crackle

    def __init__(self) -> None:
        self._ready = False

    def open(self) -> None:
        if self._ready:
            return
        try:
            import pygame.mixer

            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=self.FREQUENCY, size=-16, channels=2, buffer=self.BUFFER)
            pygame.mixer.set_num_channels(16)
        except Exception as error:   # pygame.error, NotImplementedError (no mixer module), ImportError
            raise MixerUnavailable(f"no audio output ({error})") from None
        self._ready = True

    def load(self, path: Path) -> Any:
        import pygame.mixer

        if not path.is_file():
            raise SoundFileError(f"{path.name}: file not found")
        try:
            return pygame.mixer.Sound(str(path))
        except Exception as error:
            raise SoundFileError(f"{path.name}: cannot be read ({error})") from None

    def play(self, sound: Any, volume: float) -> None:
        channel = sound.play()
        if channel is not None:   # every channel busy: the sound is dropped, as it should be
            channel.set_volume(volume)

    def start_music(self, path: Path, volume: float, fade_ms: int) -> None:
        import pygame.mixer

        if not path.is_file():
            raise SoundFileError(f"{path.name}: file not found")
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(volume)
            pygame.mixer.music.play(loops=-1, fade_ms=fade_ms)
        except Exception as error:
            raise SoundFileError(f"{path.name}: cannot be played ({error})") from None

    def fade_out_music(self, fade_ms: int) -> None:
        import pygame.mixer

        pygame.mixer.music.fadeout(fade_ms)

    def set_music_volume(self, volume: float) -> None:
        import pygame.mixer

        pygame.mixer.music.set_volume(volume)


@dataclass
class FakeMixer:
    """Records every call instead of making sound. `fail_open` plays a machine without audio; `broken`
    names files whose loading fails as a damaged file would."""

    fail_open: bool = False
    broken: set[str] = field(default_factory=set)
    opened: int = 0
    loaded: list[str] = field(default_factory=list)       # file names, in load order
    played: list[tuple[str, float]] = field(default_factory=list)   # (file stem, volume)
    music: list[tuple[str, Any, ...]] = field(default_factory=list)  # ("start", stem, volume, fade) / ("fade", ms) / ("volume", v)

    def open(self) -> None:
        if self.fail_open:
            raise MixerUnavailable("no audio output (fake)")
        self.opened += 1

    def load(self, path: Path) -> Any:
        if path.name in self.broken or not path.is_file():
            raise SoundFileError(f"{path.name}: cannot be read (fake)")
        self.loaded.append(path.name)
        return path.stem

    def play(self, sound: Any, volume: float) -> None:
        self.played.append((sound, volume))

    def start_music(self, path: Path, volume: float, fade_ms: int) -> None:
        if path.name in self.broken or not path.is_file():
            raise SoundFileError(f"{path.name}: cannot be played (fake)")
        self.music.append(("start", path.stem, volume, fade_ms))

    def fade_out_music(self, fade_ms: int) -> None:
        self.music.append(("fade", fade_ms))

    def set_music_volume(self, volume: float) -> None:
        self.music.append(("volume", volume))

    @property
    def played_names(self) -> list[str]:
        return [name for name, _ in self.played]

    @property
    def started_tracks(self) -> list[str]:
        return [entry[1] for entry in self.music if entry[0] == "start"]
