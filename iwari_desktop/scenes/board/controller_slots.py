"""The display's cards by fixed slot, so a taken card leaves a gap until the refill.

The engine keeps the display as a plain list; pinning cards to slots here means a fast second click
never lands on a card that slid into the place of the one just taken.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...engine import Biome
from iwari_desktop.engine.core.setup import DISPLAY_SIZE

if TYPE_CHECKING:
    from iwari_desktop.engine.core.state import GameState


class DisplaySlots:
    """The slot each display card was drawn in, carried from one look at the display to the next."""

    def __init__(self) -> None:
        self._slots: list[Biome | None] = []

    def place(self, current: list[Biome]) -> list[Biome | None]:
        """The display `current` by slot: cards still there keep theirs, new cards fill the gaps in order."""
        slots = (self._slots + [None] * DISPLAY_SIZE)[:max(DISPLAY_SIZE, len(current))]
        left = Counter(current)
        for i, card in enumerate(slots):
            if card is not None and left[card] > 0:
                left[card] -= 1
            else:
                slots[i] = None
        for card in current:
            if left[card] > 0:
                left[card] -= 1
                slots[slots.index(None)] = card
        self._slots = slots
        return list(slots)

    def track(self, state: GameState) -> None:
        """Follow the display through a replayed log (a loaded game keeps the slot order it had)."""
        self.place(list(state.display))
