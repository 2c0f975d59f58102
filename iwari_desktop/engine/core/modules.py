"""Rule modules: each optional or map-specific rule is an object of hooks with its own state slot.

Like JCloisterZone's capabilities, a module is switched on by the setup (feats) or by the map's
`rules` property, never by `if map == ...` in the engine. Modules are stateless objects; anything
they remember lives in `state.ext[module.key]`, so cloning and saving the state covers it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from iwari_desktop.engine.core.actions import Action
    from iwari_desktop.engine.core.biomes import Biome
    from iwari_desktop.engine.maps.board import Board
    from iwari_desktop.engine.core.config import GameConfig
    from iwari_desktop.engine.core.scoring import GameResult, ScoreLine
    from iwari_desktop.engine.core.state import GameState, Phase


@dataclass(frozen=True)
class RuleModule:
    """Base of every rule module: each hook is a no-op, so a module overrides only what its rule touches.

    Instances stay stateless (frozen); whatever a module remembers goes in `state.ext[key]`, so cloning,
    saving and undo cover it.
    """

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
        """A card was turned face up into the display; True interrupts the refill (Infections, S3/S6).

        The refill waits in Phase.MODULE until the module calls `rules.resume(state)`, then goes on.
        """
        return False

    def build_deck(self, config: "GameConfig", board: "Board", deck: list["Biome"], removed: list["Biome"]) -> None:
        """Change the deck before it is shuffled (the Void cards join it on The Void, E7)."""

    def on_setup(self, state: "GameState") -> None:
        """Called once after the deck is built and shuffled, before the deal (mountains B3; tokens, E7)."""

    def after_deal(self, state: "GameState") -> None:
        """Called once the hands and the display are out (or the draft is set up): solo piles, S2."""

    def on_deck_exhausted(self, state: "GameState") -> bool:
        """The last deck card was just taken; True when the module handles it instead of B13/B14 (S10)."""
        return False

    def before_draw(self, state: "GameState") -> bool:
        """True to take a step of its own before the hand refill (the Void action, S3 step 2).

        The game then waits in Phase.MODULE on `module_actions` until the module calls
        `rules.resume(state)`.
        """
        return False

    def module_actions(self, state: "GameState") -> list["Action"]:
        """The legal choices while this module holds the game (Phase.MODULE)."""
        return []

    def decide_result(self, state: "GameState") -> "GameResult | None":
        """A different way to win or lose (solo control of territories, S10); None keeps B18."""
        return None

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
    """Class decorator: maps whose `rules` list this module's `key` switch it on (`setup.active_modules`)."""
    REGISTRY[cls.key] = cls
    return cls
