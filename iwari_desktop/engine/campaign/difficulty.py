"""Campaign modes and difficulty: how many Void territories (K) lose a chapter.

A chapter states one K, the Normal one; Easy and Hard shift it by one (floor 1, since K = 0 would
lose before the first turn), so one number per chapter tunes all three difficulties. Rulebook, above
them, ignores the chapter's K: every chapter is played at the rulebook's own K (3 solo, 1 co-op; S10,
S12), the designer's game, with its own stars and records like any difficulty.
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
    """Easy / Normal / Hard / Rulebook for a whole campaign; stars remember the one they were earned at.
    Declared in order of strength (the listings and the setup show them in this order)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    RULEBOOK = "rulebook"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def k_shift(self) -> int:
        """The shift of the chapter's K (Rulebook does not shift it: it replaces it, `k`)."""
        return {Difficulty.EASY: 1, Difficulty.NORMAL: 0, Difficulty.HARD: -1, Difficulty.RULEBOOK: 0}[self]

    def k(self, normal_k: int, rulebook_k: int = CampaignMode.SOLO.default_k) -> int:
        """The K a chapter is played with at this difficulty: K + 1, K, K − 1, never below 1; at Rulebook
        the mode's own K (`rulebook_k`: `CampaignMode.default_k`), whatever the chapter's."""
        if self is Difficulty.RULEBOOK:
            return rulebook_k
        return max(1, normal_k + self.k_shift)

    @classmethod
    def parse(cls, text: str) -> "Difficulty":
        """A difficulty from its word; ValueError naming the words otherwise."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            words = ", ".join(d.value for d in cls)
            raise ValueError(f"unknown difficulty {text!r} (expected one of {words})") from None
