"""What a finished chapter game hands to the campaign: a small typed summary, not the game state.

Goals are checked on this summary only, so every goal is a pure function of a few numbers and the
controller of each territory, testable on hand-made results and independent of how the solo engine
stores its state. The solo engine provides the one converter from a finished game to a
`ChapterResult` (see docs/campaign.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from iwari_desktop.engine.core.biomes import Biome


class Side(Enum):
    """Who controls a counted territory at the end of a solo or co-op game (S7)."""

    PLAYER = "player"   # the player (in co-op: the two partners, one side)
    VOID = "void"


@dataclass(frozen=True)
class TerritoryOutcome:
    """One territory at the end: its name and biome, and who controls it (None: never counted, P27)."""

    name: str
    biome: Biome
    controller: Side | None


@dataclass(frozen=True)
class ChapterResult:
    """The finished game as the goals see it.

    `turns` counts the turns the player side took (in co-op each partner's turn is one).
    `ruins_on_purple_road` is None on a map without a purple road, so a goal about the road can say
    so instead of being met by accident.
    """

    won: bool
    reason: str                                 # why the game ended, in plain words ("the Void controlled 3 territories")
    turns: int
    corruptions: int
    territories: tuple[TerritoryOutcome, ...]
    ruins_placed: int = 0                       # Void ruins on the board at the end
    ruins_on_purple_road: int | None = None

    def __post_init__(self) -> None:
        for name in ("turns", "corruptions", "ruins_placed"):
            if getattr(self, name) < 0:
                raise ValueError(f"ChapterResult.{name} cannot be negative")
        if self.ruins_on_purple_road is not None and self.ruins_on_purple_road < 0:
            raise ValueError("ChapterResult.ruins_on_purple_road cannot be negative")

    @property
    def void_territories(self) -> int:
        """How many territories the Void controls (the number K is compared with)."""
        return sum(1 for t in self.territories if t.controller is Side.VOID)

    @property
    def player_territories(self) -> int:
        return sum(1 for t in self.territories if t.controller is Side.PLAYER)

    def of_biome(self, biome: Biome) -> tuple[TerritoryOutcome, ...]:
        return tuple(t for t in self.territories if t.biome is biome)
