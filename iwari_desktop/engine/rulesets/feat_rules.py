"""What every feat module shares (B19): the supply, claiming once per tribe, counting feats on the board.

Each feat is its own rule module in its own file (union, discovery, honour, respect); a new feat
(Courage, Worship) claims through `claim` and counts through `count_on_board` the same way.
"""

from __future__ import annotations

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.state import FeatClaim, GameState

FEAT_SUPPLY: dict[FeatKind, int] = {FeatKind.UNION: 2, FeatKind.DISCOVERY: 2, FeatKind.HONOUR: 1, FeatKind.RESPECT: 1}
TERRITORY_FEATS = frozenset({FeatKind.UNION, FeatKind.DISCOVERY, FeatKind.WORSHIP})
CONNECTION_FEATS = frozenset({FeatKind.HONOUR, FeatKind.RESPECT})
# P12: feats earned by one placement are placed in this order; the feat modules' `order` follows it.
FEAT_ORDER: tuple[FeatKind, ...] = (FeatKind.UNION, FeatKind.DISCOVERY, FeatKind.HONOUR, FeatKind.RESPECT,
                                    FeatKind.COURAGE, FeatKind.WORSHIP)


def may_earn(state: GameState, feat: FeatKind, tribe: int) -> bool:
    """A feat is left in the supply, the tribe may earn feats (not the neutral Void) and has not earned this one.

    Only the module of a feat switched on at setup asks, so the feat has its count in the supply (B19).
    """
    return (state.feat_supply[feat] > 0 and tribe in state.roles.feat_earners
            and tribe not in state.feats_earned.get(feat, ()))


def claim(state: GameState, feat: FeatKind, tribe: int, territories: tuple[int, ...] = (),
          connections: tuple[int, ...] = (), deferred: bool = False) -> None:
    """Take the feat from the supply for `tribe` and queue its placement; with no target it is lost (P4).

    The turn machine places a claim with one target at once and asks the earner (the active player
    for the third tribe) otherwise. `deferred`: the feat's module names the targets when the claim
    comes up (`RuleModule.deferred_feat_targets`), after the feats queued before it are placed (P12).
    """
    state.feat_supply[feat] -= 1
    state.feats_earned.setdefault(feat, []).append(tribe)
    if territories or connections or deferred:
        state.pending_feats.append(FeatClaim(feat, tribe, territories, connections, deferred))


def count_on_board(state: GameState, feat: FeatKind, on_connection: bool) -> dict[int, int]:
    """How many `feat` feats lie on each territory (or connection number): their multiplier share (B19)."""
    counts: dict[int, int] = {}
    for f in state.feats:
        if f.feat is feat and f.on_connection == on_connection:
            counts[f.target] = counts.get(f.target, 0) + 1
    return counts


def p5_order(state: GameState, actor: int) -> list[int]:
    """P5: the acting tribe first, then the seats in turn order from the active player, then the others."""
    n = state.n_players
    order = [actor] + [(state.active_seat + i) % n for i in range(n)]
    order += [t.index for t in state.tribes]
    seen: set[int] = set()
    return [t for t in order if not (t in seen or seen.add(t))]
