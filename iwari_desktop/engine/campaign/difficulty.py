"""Campaign modes and difficulty: how many Void territories (K) lose a chapter.

A chapter states one K, the Normal one; Easy and Hard shift it by one (floor 1, since K = 0 would
lose before the first turn), so one number per chapter tunes all three difficulties.
"""

from __future__ import annotations

from enum import Enum


class CampaignMode(Enum):
    """Solo (one player) or co-op (two players, one side) against the Void (S1, S12)."""

    SOLO = "solo"
    COOP = "coop"

    @property
    def default_k(self) -> int:
        """S10: K = 3 solo; S12: K = 1 co-op."""
        return 3 if self is CampaignMode.SOLO else 1

    @property
    def players(self) -> int:
        return 1 if self is CampaignMode.SOLO else 2


class Difficulty(Enum):
    """Easy / Normal / Hard for a whole campaign; stars remember the one they were earned at."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def k_shift(self) -> int:
        return {Difficulty.EASY: 1, Difficulty.NORMAL: 0, Difficulty.HARD: -1}[self]

    def k(self, normal_k: int) -> int:
        """The K a chapter is played with at this difficulty: K + 1, K, K − 1, never below 1."""
        return max(1, normal_k + self.k_shift)

    @classmethod
    def parse(cls, text: str) -> "Difficulty":
        """A difficulty from its word; ValueError naming the words otherwise."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ValueError(f"unknown difficulty {text!r} (expected easy, normal or hard)") from None
