"""Rule modules: each optional or map-specific rule is an object of hooks with its own state slot.

Like JCloisterZone's capabilities, a module is switched on by the setup (feats) or by the map's
`rules` property, never by `if map == ...` in the engine. Modules are stateless objects; anything
they remember lives in `state.ext[module.key]`, so cloning and saving the state covers it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from .actions import Action
    from .biomes import Biome
    from .scoring import ScoreLine
    from .state import GameState, Phase


@dataclass(frozen=True)
class RuleModule:
    key: ClassVar[str] = "base"
    # Action classes this module introduces (ruin claims, Void-totem moves, contested tokens, ...);
    # `apply` routes them to `apply_action`.
    action_types: ClassVar[tuple[type, ...]] = ()

    def extra_actions(self, state: "GameState", phase: "Phase", tribe: int, hand: list["Biome"]) -> list["Action"]:
        """Module-specific choices offered beside the base ones in MAIN / THIRD_TRIBE (E3, E5, E7)."""
        return []

    def apply_action(self, state: "GameState", action: "Action") -> None:
        """Perform one of `action_types`; raise IllegalAction naming the ruling when it is refused."""
        raise NotImplementedError(f"{self.key} declares no handler for {type(action).__name__}")

    def piece_veto(self, state: "GameState", tribe: int, territory: int, totem: bool) -> str | None:
        """A ruling id plus reason that forbids this piece here (e.g. E2 before a map lacks a totem space)."""
        return None

    def on_display_card(self, state: "GameState", card: "Biome") -> bool:
        """A card was turned face up into the display; True when the module interrupts play (S3, S6)."""
        return False

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
