"""B19 Union: the first and second tribe to complete a settlement each place one Union (×2 feat).

It goes on a territory holding tents of that settlement (P10: a tent on a ruin space joins the
settlement but is in no territory).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.settlements import group_containing
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.feat_rules import claim, count_on_board, may_earn
from iwari_desktop.i18n import N_


@register
@dataclass(frozen=True)
class Union(RuleModule):
    """Claimed after a tent completes a settlement of 4 or more (B17, B19)."""

    key: ClassVar[str] = "union"
    order: ClassVar[int] = 20
    ruling: ClassVar[str] = "B19"
    title: ClassVar[str] = N_("the Union feat")

    def after_placement(self, state: GameState, tribe: int, territory: int | None, space: int | None) -> None:
        """A tent whose settlement now has 4 or more tents earns Union for its tribe (once per tribe)."""
        if space is None or not may_earn(state, FeatKind.UNION, tribe):
            return
        group = group_containing(state, space)
        if len(group) >= 4:
            spaces = state.board.spaces
            targets = sorted({spaces[s].territory for s in group if spaces[s].territory is not None})
            claim(state, FeatKind.UNION, tribe, tuple(targets))

    def territory_multiplier_feats(self, state: GameState) -> dict[int, int]:
        """Each Union on a territory adds one to its final tent multiplier."""
        return count_on_board(state, FeatKind.UNION, False)
