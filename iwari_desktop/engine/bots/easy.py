"""Easy: Normal's judgement blurred by noise, plus the odd careless move.

A newcomer should be able to beat it, yet it must still play plausibly (issue #11: Easy wins at
least 15% against Normal). So it values options exactly as Normal does, adds noise of about two
points to every value, and now and then (MISTAKE_RATE) takes any option from the better half
instead of the best one. Every random choice comes from the bot's own RNG.
"""

from __future__ import annotations

from dataclasses import dataclass

from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.bots.normal import NormalBot

NOISE = 0.7          # points; the spread of the blur on every option's value
MISTAKE_RATE = 0.04  # share of decisions taken from the better half at random


@dataclass
class EasyBot(NormalBot):
    """Level Easy: NormalBot's values with noise and deliberate mistakes (see the module docstring)."""

    def _noise(self) -> float:
        """A bell-shaped number with mean 0 and spread about NOISE (sum of three uniforms)."""
        total = sum(self.rng.below(1 << 20) / (1 << 20) for _ in range(3))
        return (total - 1.5) * 2.0 * NOISE

    def pick(self, scored: list[tuple[float, Action]]) -> Action:
        """Sometimes a random option from the better half, otherwise the best value after noise."""
        if len(scored) > 2 and self.rng.below(1000) < MISTAKE_RATE * 1000:
            ordered = sorted(range(len(scored)), key=lambda i: -scored[i][0])
            half = ordered[: (len(ordered) + 1) // 2]
            return scored[half[self.rng.below(len(half))]][1]
        blurred = [(value + self._noise(), action) for value, action in scored]
        return super().pick(blurred)
