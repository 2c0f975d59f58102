"""B19 Discovery: the first and second tribe to fill a territory's last empty tent space each place one.

It goes on any territory but the one just filled (×2 feat). P6: only the territory's own tent
spaces count; contested tokens and ruin spaces never earn it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.feat_rules import claim, count_on_board, may_earn
from iwari_desktop.i18n import N_


@register
@dataclass(frozen=True)
class Discovery(RuleModule):
    """Claimed after a tent fills the last empty tent space of its territory."""

    key: ClassVar[str] = "discovery"
    order: ClassVar[int] = 21
    ruling: ClassVar[str] = "B19"
    title: ClassVar[str] = N_("the Discovery feat")

    def after_placement(self, state: GameState, tribe: int, territory: int | None, space: int | None) -> None:
        """A tent on a territory's last empty tent space earns Discovery (once per tribe)."""
        if (space is None or territory is None or state.territory_empty[territory] != 0
                or not may_earn(state, FeatKind.DISCOVERY, tribe)):
            return
        targets = tuple(t.index for t in state.board.territories if t.index != territory)
        claim(state, FeatKind.DISCOVERY, tribe, targets)

    def territory_multiplier_feats(self, state: GameState) -> dict[int, int]:
        """Each Discovery on a territory adds one to its final tent multiplier."""
        return count_on_board(state, FeatKind.DISCOVERY, False)
