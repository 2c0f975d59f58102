"""E9 Courage (setup option `courage`): the tribe exploring the last unexplored territory cancels a feat.

The tent that explores the last territory still unexplored earns it (P13: territories without tent
spaces never count as unexplored; a tent on a contested token explores its territory). Courage goes
on a territory or connection that already holds a feat, and is lost if none does. There it cancels
one feat: it reports -1 to the multiplier sum, so two Union and Courage on a territory give x2, and
it never counts itself. Feats earned by the same tent are placed first (P12), so its targets are
asked only when its claim comes up (a deferred claim).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.scoring import ScoreLine, tribe_word
from iwari_desktop.engine.core.state import FeatClaim, FeatOnBoard, GameState
from iwari_desktop.engine.core.text import Text
from iwari_desktop.engine.rulesets.feat_rules import claim, count_on_board, may_earn
from iwari_desktop.i18n import N_


def unexplored_territories(state: GameState) -> list[int]:
    """Territories with tent spaces and no tent yet (P13: a territory without tent spaces never counts)."""
    tents = state.territory_tents
    return [t.index for t in state.board.territories if t.tent_spaces and not any(tents[t.index])]


def feat_targets(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Territories and connection numbers holding any feat other than Courage, each ascending."""
    territories = sorted({f.target for f in state.feats if not f.on_connection and f.feat is not FeatKind.COURAGE})
    connections = sorted({f.target for f in state.feats if f.on_connection and f.feat is not FeatKind.COURAGE})
    return tuple(territories), tuple(connections)


def courage_on_board(state: GameState) -> tuple[int | None, FeatOnBoard | None]:
    """Who earned Courage (None: nobody yet) and where it lies (None: not placed, or discarded, E9)."""
    earned = state.feats_earned.get(FeatKind.COURAGE)
    placed = next((f for f in state.feats if f.feat is FeatKind.COURAGE), None)
    return (earned[0] if earned else None), placed


def _cancel(state: GameState, on_connection: bool) -> dict[int, int]:
    return {target: -n for target, n in count_on_board(state, FeatKind.COURAGE, on_connection).items()}


@register
@dataclass(frozen=True)
class Courage(RuleModule):
    """Earned by exploring the last unexplored territory; cancels one feat where it goes (E9)."""

    key: ClassVar[str] = "courage"
    order: ClassVar[int] = 24          # P12: after Union, Discovery, Honour and Respect
    ruling: ClassVar[str] = "E9"
    title: ClassVar[str] = N_("the Courage feat")
    summary: ClassVar[str] = N_("Whoever explores the last empty territory puts Courage on a feat already on the "
                              "board and cancels it.")

    def on_setup(self, state: GameState) -> None:
        """One Courage feat in the supply; `state.ext["courage"]` turns True once every territory is explored."""
        state.feat_supply[FeatKind.COURAGE] = 1
        state.ext[self.key] = False

    def after_placement(self, state: GameState, tribe: int, territory: int | None, space: int | None) -> None:
        """The piece that leaves no territory unexplored earns Courage for its tribe.

        Only a territory's first tent can do that (a totem never explores, B8); the tent may stand on a
        contested token (P13), which reaches this hook with `space` None like a totem, so the test is the
        territory's tent count and not the space. The moment is remembered: it comes once a game.
        """
        if (territory is None or state.ext[self.key] or sum(state.territory_tents[territory]) != 1
                or unexplored_territories(state)):
            return
        state.ext[self.key] = True
        if may_earn(state, FeatKind.COURAGE, tribe):
            claim(state, FeatKind.COURAGE, tribe, deferred=True)

    def deferred_feat_targets(self, state: GameState, claim: FeatClaim) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Every territory and connection holding a feat now, the ones placed this moment included (P12)."""
        return feat_targets(state)

    def territory_multiplier_feats(self, state: GameState) -> dict[int, int]:
        """Courage cancels one feat of its territory (-1 to the feat count) and never counts itself."""
        return _cancel(state, False)

    def connection_multiplier_feats(self, state: GameState) -> dict[int, int]:
        """Likewise on a connection."""
        return _cancel(state, True)

    def final_lines(self, state: GameState) -> list[ScoreLine]:
        """One line without points saying where Courage lies and which multiplier it leaves (or that it was lost)."""
        earner, placed = courage_on_board(state)
        if earner is None:
            detail = Text(N_("no tribe explored the last unexplored territory: Courage stays in the supply"))
        elif placed is None:
            detail = Text(N_("{name} explored the last territory, but no feat lay on the board: Courage is discarded"),
                          name=tribe_word(state, earner))
        else:
            others = sum(1 for f in state.feats if f.feat is not FeatKind.COURAGE and f.target == placed.target
                         and f.on_connection == placed.on_connection)
            where = (Text(N_("connection {number}"), number=placed.target) if placed.on_connection
                     else state.board.territories[placed.target].name)
            if others == 1:
                detail = Text(N_("{name} explored the last territory and put Courage on {where}: it cancels the only "
                                 "feat there, so the multiplier is x{multiplier}"),
                              name=tribe_word(state, earner), where=where, multiplier=others)
            else:
                detail = Text(N_("{name} explored the last territory and put Courage on {where}: it cancels one of the "
                                 "{count} feats there, so the multiplier is x{multiplier}"),
                              name=tribe_word(state, earner), where=where, count=others, multiplier=others)
        return [ScoreLine("courage", "courage", Text(N_("Courage")), {}, detail=detail)]

    def public_view(self, state: GameState, seat: int) -> dict[str, object]:
        """Whether Courage is still to be earned, who earned it and where it lies (None: not placed or lost)."""
        earner, placed = courage_on_board(state)
        return {
            "in_supply": state.feat_supply[FeatKind.COURAGE] > 0,
            "earned_by": earner,
            "target": None if placed is None else {"target": placed.target, "on_connection": placed.on_connection},
            "unexplored": unexplored_territories(state),
        }
