"""Optional sound effects that degrade to silence.

The mixer is opened lazily, only when sound is switched on and a sound is first played, and any
failure (no audio device, no driver) silently disables sound for the session: the game must run
on a machine with no audio at all. The effects are short tones synthesised here, so there are no
sound files to ship.
"""

from __future__ import annotations

import array
import math

TONES: dict[str, tuple[tuple[float, float], ...]] = {
    "place": ((523.0, 0.05), (784.0, 0.07)),
    "draw": ((660.0, 0.04),),
    "error": ((220.0, 0.09),),
    "turn": ((392.0, 0.06), (523.0, 0.06), (659.0, 0.09)),
}


class Sound:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._ready: bool | None = None  # None: not tried yet
        self._sounds: dict[str, object] = {}

    def _open(self) -> bool:
        if self._ready is None:
            try:
                import pygame

                pygame.mixer.init(frequency=22050, size=-16, channels=1)
                self._ready = pygame.mixer.get_init() is not None
            except Exception:
                self._ready = False
        return bool(self._ready)

    def _make(self, name: str):
        import pygame

        rate = 22050
        samples = array.array("h")
        for freq, seconds in TONES.get(name, ()):
            n = int(rate * seconds)
            for i in range(n):
                envelope = min(1.0, i / 200) * (1 - i / n)
                samples.append(int(9000 * envelope * math.sin(2 * math.pi * freq * i / rate)))
        return pygame.mixer.Sound(buffer=samples.tobytes())

    def play(self, name: str) -> None:
        if not self.enabled or not self._open():
            return
        try:
            sound = self._sounds.get(name)
            if sound is None:
                sound = self._sounds[name] = self._make(name)
            sound.play()  # type: ignore[attr-defined]
        except Exception:
            self._ready = False
