"""How loud effects and music play, from the settings the player chose.

Volumes are stored as whole numbers 0-100 (what a slider shows); the mixer wants 0.0-1.0. The master
volume scales both; mute silences both without forgetting the levels, so unmuting restores them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Levels:
    """The audible gains, 0.0-1.0, that the player and the music director apply."""

    effects: float = 0.64
    music: float = 0.32

    @classmethod
    def from_settings(cls, settings: Any) -> "Levels":
        """From `storage.Settings` (read by attribute, so this module needs no storage import)."""
        if getattr(settings, "muted", False):
            return cls(0.0, 0.0)
        master = _fraction(getattr(settings, "master_volume", 80))
        effects = _fraction(getattr(settings, "effects_volume", 80)) if getattr(settings, "sound", True) else 0.0
        return cls(master * effects, master * _fraction(getattr(settings, "music_volume", 40)))

    @property
    def effects_on(self) -> bool:
        return self.effects > 0.0

    @property
    def music_on(self) -> bool:
        return self.music > 0.0


SILENT = Levels(0.0, 0.0)


def _fraction(value: Any) -> float:
    """0-100 to 0.0-1.0; anything out of range is clamped (the settings reader already refuses it)."""
    if type(value) is not int:
        return 0.0
    return max(0, min(100, value)) / 100
