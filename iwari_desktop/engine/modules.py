"""Rule modules: each optional or map-specific rule is an object of hooks with its own state slot.

Like JCloisterZone's capabilities, a module is switched on by the setup (feats) or by the map's
`rules` property, never by `if map == ...` in the engine. Modules are stateless objects; anything
they remember lives in `state.ext[module.key]`, so cloning and saving the state covers it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from .scoring import ScoreLine
    from .state import GameState


@dataclass(frozen=True)
class RuleModule:
    key: ClassVar[str] = "base"

    def on_setup(self, state: "GameState") -> None:
        """Called once after the deck, mountains and hands are set up."""

    def after_placement(self, state: "GameState", tribe: int, territory: int | None, space: int | None) -> None:
        """Called after every single piece is placed (`space` None for a totem); may queue feat claims."""

    def territory_multiplier_feats(self, state: "GameState") -> dict[int, int]:
        """Counting feats per territory for final tent scoring (B19)."""
        return {}

    def connection_multiplier_feats(self, state: "GameState") -> dict[int, int]:
        """Counting feats per connection number for final totem scoring (B19)."""
        return {}

    def final_lines(self, state: "GameState") -> list["ScoreLine"]:
        """Extra final-scoring lines (ruins, the long road, ...)."""
        return []


REGISTRY: dict[str, type[RuleModule]] = {}


def register(cls: type[RuleModule]) -> type[RuleModule]:
    REGISTRY[cls.key] = cls
    return cls
