"""A tiny seeded generator kept inside the game state.

We do not use `random.Random` because its state is 625 machine words and its algorithms may change
between Python versions; a splitmix64 stream is one integer, serialises trivially and replays bit for
bit everywhere, which is what saves and replays need.
"""

from __future__ import annotations

from typing import MutableSequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
# n -> the rejection limit of `below(n)`: a 64-bit remainder per draw was a tenth of a draw's time (issue #32)
_LIMITS: dict[int, int] = {}


class Rng:
    """A splitmix64 stream whose whole state is one 64-bit integer (`state`).

    Saves digest that integer and clones copy it; two Rngs with equal state give the same numbers.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        """Advance the stream by one step and return the next 64-bit value."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection, so no value is favoured."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = _LIMITS[n] = _MASK - (_MASK % n)
        while True:   # next_u64 written out: every draw of every game and bot comes here (issue #32)
            z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place, drawing only through `below`, so a shuffle is the same on every platform."""
        # `below(i + 1)` written out, the stream kept in a local: a deck is shuffled in every game's setup and
        # at the half journey, and a call per card was most of it (issue #32); the same numbers in the same order
        limits = _LIMITS
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits.get(n)
            if limit is None:
                limit = limits[n] = _MASK - (_MASK % n)
            while True:
                z = state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                value = z ^ (z >> 31)
                if value < limit:
                    break
            j = value % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: list[T]) -> T:
        """One element, uniformly; raises ValueError on an empty list."""
        return items[self.below(len(items))]

    def copy(self) -> "Rng":
        """An independent twin at the same point of the stream: lookahead on a clone leaves the game alone."""
        twin = Rng(0)
        twin.state = self.state
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
