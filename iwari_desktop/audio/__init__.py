"""Sound effects and music (issue #22; docs/sound.md).

Layer: beside `resources` and `storage`, below `art` and the scenes; uses pygame.mixer (only when a
sound is first needed) and never pygame's display or a scene. The app owns one `Audio`; screens hand it
engine events and it picks the cue from the one table in `happenings.py`.
"""

from iwari_desktop.audio.cues import Cue, Track
from iwari_desktop.audio.happenings import SOUNDS, Happening
from iwari_desktop.audio.mixer import FakeMixer, PygameMixer
from iwari_desktop.audio.system import Audio

__all__ = ["Audio", "Cue", "FakeMixer", "Happening", "PygameMixer", "SOUNDS", "Track"]
