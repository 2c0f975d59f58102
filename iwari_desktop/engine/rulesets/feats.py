"""B19: the four base feats as one rule module.

Feats are checked after every single placement; a claim with several possible targets becomes a
FEAT decision for the active player, one with a single target is placed at once (project ruling P4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import ConnectionKind
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.scoring import connection_winners
from iwari_desktop.engine.core.settlements import group_containing
from iwari_desktop.engine.core.state import FeatClaim, GameState

FEAT_SUPPLY: dict[FeatKind, int] = {FeatKind.UNION: 2, FeatKind.DISCOVERY: 2, FeatKind.HONOUR: 1, FeatKind.RESPECT: 1}
TERRITORY_FEATS = frozenset({FeatKind.UNION, FeatKind.DISCOVERY, FeatKind.WORSHIP})
CONNECTION_FEATS = frozenset({FeatKind.HONOUR, FeatKind.RESPECT})


def _may_earn(state: GameState, feat: FeatKind, tribe: int) -> bool:
    return state.feat_supply.get(feat, 0) > 0 and tribe not in state.feats_earned.get(feat, ())


def _claim(state: GameState, feat: FeatKind, tribe: int, targets: tuple[int, ...], on_connection: bool) -> None:
    state.feat_supply[feat] -= 1
    state.feats_earned.setdefault(feat, []).append(tribe)
    if targets:  # a feat with nowhere to go is lost
        state.pending_feats.append(FeatClaim(feat, tribe, targets, on_connection))


@register
@dataclass(frozen=True)
class BaseFeats(RuleModule):
    """B19's Union, Discovery, Honour and Respect as one rule module.

    Only the feat types switched on at setup are in `state.feat_supply`, so the others are never earned.
    """

    key: ClassVar[str] = "feats"

    def after_placement(self, state: GameState, tribe: int, territory: int | None, space: int | None) -> None:
        """Claim every feat the placing tribe has just earned; each tribe earns each feat once.

        Union and Discovery are checked after a tent, Honour and Respect after a totem (in the base game
        only a totem changes a totem majority). A claim with no possible target is lost; the others queue in
        `state.pending_feats`, and `rules` places one with a single target at once (P4).
        """
        board = state.board
        if space is not None:
            if _may_earn(state, FeatKind.UNION, tribe):
                group = group_containing(state, space)
                if len(group) >= 4:
                    targets = sorted({board.spaces[s].territory for s in group if board.spaces[s].territory is not None})
                    _claim(state, FeatKind.UNION, tribe, tuple(targets), False)
            if (territory is not None and state.territory_empty[territory] == 0
                    and _may_earn(state, FeatKind.DISCOVERY, tribe)):
                targets = tuple(t.index for t in board.territories if t.index != territory)
                _claim(state, FeatKind.DISCOVERY, tribe, targets, False)
        elif territory is not None:
            covered = state.mountains
            for feat, kind in ((FeatKind.HONOUR, ConnectionKind.LAND), (FeatKind.RESPECT, ConnectionKind.WATER)):
                if not _may_earn(state, feat, tribe):
                    continue
                targets = tuple(
                    n for n in board.connections_of_territory[territory]
                    if n not in covered and board.connections_by_number[n].kind is kind
                    and tribe in connection_winners(state, n)
                )
                if targets:
                    _claim(state, feat, tribe, targets, True)

    def territory_multiplier_feats(self, state: GameState) -> dict[int, int]:
        """Union, Discovery and Worship feats per territory, for the final tent multiplier (B19)."""
        counts: dict[int, int] = {}
        for f in state.feats:
            if not f.on_connection and f.feat in TERRITORY_FEATS:
                counts[f.target] = counts.get(f.target, 0) + 1
        return counts

    def connection_multiplier_feats(self, state: GameState) -> dict[int, int]:
        """Honour and Respect feats per connection number, for the final totem multiplier (B19)."""
        counts: dict[int, int] = {}
        for f in state.feats:
            if f.on_connection and f.feat in CONNECTION_FEATS:
                counts[f.target] = counts.get(f.target, 0) + 1
        return counts
