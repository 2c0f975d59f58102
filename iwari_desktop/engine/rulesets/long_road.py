"""E6 The Long Road: at the final scoring the purple road is scored for tent majority like a territory.

The purple road is the chain of tent spaces marked `purple_road` on the map (they stay in their
territories and score there as usual). At the final scoring only, the tents standing on those
spaces are ranked as in B15 (dense ranks; rank 1 scores every tent on the road, rank k the count
of rank k-1) in a ScoreLine of its own, category `long-road`. No feat ever multiplies it (E6): it
is not a territory, so no feat can be placed on it and the multiplier is fixed at x1. The half
journey (B13) scores territories only, so it never includes the road. The neutral Void ranks but
never scores, as in a territory (E5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.scoring import ScoreLine, rank_tents, standing, tribe_word
from iwari_desktop.engine.core.state import EMPTY, GameState
from iwari_desktop.engine.core.text import Joined, Text
from iwari_desktop.i18n import N_

CATEGORY = "long-road"
SUBJECT = "long-road"
LABEL = N_("The Long Road")


def road_spaces(state: GameState) -> tuple[int, ...]:
    """The purple road's tent spaces, in map order (kept on the board: the solo end check asks every position)."""
    return state.board.purple_road_spaces


def road_tents(state: GameState) -> list[int]:
    """Tents per tribe standing on the purple road."""
    counts = [0] * len(state.tribes)
    owner = state.space_owner
    for space in road_spaces(state):
        if owner[space] != EMPTY:
            counts[owner[space]] += 1
    return counts


@register
@dataclass(frozen=True)
class LongRoad(RuleModule):
    """Adds one final-scoring line for the purple road (E6)."""

    key: ClassVar[str] = "long-road"
    map_rule: ClassVar[bool] = True
    ruling: ClassVar[str] = "E6"
    title: ClassVar[str] = N_("the Long Road rules")
    summary: ClassVar[str] = N_("At the final scoring only, the purple road scores like an extra territory for the "
                              "tribes with the most tents on it; feats never multiply it.")
    solo_summary: ClassVar[str] = N_("A ruin of the Void action goes on the purple road where it can, "
                                   "and more Void ruins than your tents on the road at the end win for the Void.")

    def final_lines(self, state: GameState) -> list[ScoreLine]:
        """One line ranking the tents on the purple road (B15 ranks, x1); none when the road is empty."""
        counts = road_tents(state)
        points, ranks = rank_tents(counts)
        void = state.void_tribe
        if void is not None:
            points.pop(void, None)
        if not points:
            return []
        spaces = len(road_spaces(state))
        detail = Text(N_("{standings} on the purple road's {count} spaces; scored like a territory, no feats"),
                      standings=Joined([standing(tribe_word(state, t), counts[t], ranks[t])
                                        for t in sorted(ranks, key=lambda t: (ranks[t], t))]), count=spaces)
        return [ScoreLine(CATEGORY, SUBJECT, Text(LABEL), points, 1, detail, ranks)]

    # ---- solo and co-op (S11; see rulesets/solo/maprules.py) -------------------------------------------
    def solo_void_ruin_spaces(self, state: GameState, territory: int, biome) -> list[int]:
        """S11: a Void-action ruin goes on the purple road when the territory has an empty space on it."""
        owner = state.space_owner
        spaces = state.board.spaces
        return [s for s in state.board.territories[territory].tent_spaces
                if spaces[s].purple_road and owner[s] == EMPTY]

    def solo_end_check(self, state: GameState) -> str | None:
        """S11: more Void ruins than players' tents on the purple road at the end: the Void wins."""
        counts = road_tents(state)
        void = state.void_tribe
        return "purple-road" if counts[void] > sum(counts) - counts[void] else None
