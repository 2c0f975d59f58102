"""E10 Worship (setup option `worship`, variant 1-3): one more feat, decided just before the final scoring.

The tribe with the most qualifying pieces places Worship; a tie, all-zero included, discards it (P14).
Only tribes compete: players, the third tribe and purple, never the neutral Void. If the third tribe
wins, the player who took the last turn places it (B19, P14). Worship counts as a feat (x2 where it lies).

- Variant 1: tents on dead-end tent spaces (exactly one road segment; a tent on a ruin space counts, P10)
  -> any territory.
- Variant 2 (maps with contested tokens, i.e. The Void): tents on contested tokens -> a territory
  holding a contested token and one of the winner's tents, on the token or not (P48; the `contested`
  module tells where the tokens went).
- Variant 3: at setup one golden token per base biome on a random totem space of that biome (none for a
  biome without one, P14); totems on those spaces -> any connection not covered by a mountain.

The decision runs in the `before_final_scoring` hook: a single target is taken at once (P4), several
hold the game in Phase.MODULE until the placer answers with a PlaceFeat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from iwari_desktop.engine.core.actions import Action, FeatKind, PlaceFeat
from iwari_desktop.engine.core.biomes import BASE_BIOMES
from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.flow import resume
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.scoring import ScoreLine, tribe_word
from iwari_desktop.engine.core.state import FeatOnBoard, GameState
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.rulesets.feat_rules import count_on_board
from iwari_desktop.i18n import N_
from iwari_desktop.engine.core.text import Joined, Text

DEAD_END_ROADS = 1
WHAT_COUNTS = {1: N_("tents on dead-end tent spaces"), 2: N_("tents on contested tokens"),
               3: N_("totems on the golden-token totem spaces")}


@dataclass
class WorshipData:
    """The variant, the golden-token territories (variant 3), and once decided: the counts, the winner,
    the outcome ("placed", "tie", "nobody", "no target") and where Worship went."""

    variant: int
    golden: list[int] = field(default_factory=list)
    counts: list[int] | None = None
    winner: int | None = None
    outcome: str | None = None
    target: int | None = None

    def __deepcopy__(self, memo: dict) -> "WorshipData":
        """Field by field: every bot clones the state at each option it weighs, and the generic deepcopy of
        this record was most of a clone's time in games with Worship (issue #32)."""
        return WorshipData(self.variant, list(self.golden), None if self.counts is None else list(self.counts),
                           self.winner, self.outcome, self.target)


def competitors(state: GameState) -> list[int]:
    """Every tribe but the neutral Void (P14)."""
    return sorted(state.roles.feat_earners)


def worship_counts(state: GameState, data: WorshipData) -> list[int]:
    """Per tribe index, the pieces that count for this variant (0 for the neutral Void)."""
    counts = [0] * len(state.tribes)
    tribes = competitors(state)
    if data.variant == 1:
        roads = state.board.road_counts
        for space, owner in enumerate(state.space_owner):
            if owner >= 0 and roads[space] == DEAD_END_ROADS:
                counts[owner] += 1
    elif data.variant == 2:
        from iwari_desktop.engine.rulesets.contested import tents_on_contested_tokens  # only on The Void
        counts = list(tents_on_contested_tokens(state))
    else:
        for territory in data.golden:
            for tribe, n in enumerate(state.totem_counts[territory]):
                counts[tribe] += n
    return [counts[t] if t in tribes else 0 for t in range(len(state.tribes))]


def worship_targets(state: GameState, data: WorshipData, winner: int) -> list[tuple[int, bool]]:
    """(target, on_connection) choices for the winner: territories (1, 2) or open connections (3)."""
    if data.variant == 1:
        return [(t.index, False) for t in state.board.territories]
    if data.variant == 2:
        from iwari_desktop.engine.rulesets.contested import tokens  # only on maps with contested tokens
        tents = state.territory_tents
        moved = {place[0] for place in tokens(state) if place is not None}
        return [(t, False) for t in sorted(moved) if tents[t][winner]]
    return [(c.number, True) for c in state.board.connections if c.number not in state.mountains]


@register
@dataclass(frozen=True)
class Worship(RuleModule):
    """The Worship feat, placed before the final scoring by the tribe with most qualifying pieces (E10)."""

    key: ClassVar[str] = "worship"
    order: ClassVar[int] = 25          # P12: after Courage
    ruling: ClassVar[str] = "E10"
    title: ClassVar[str] = N_("the Worship feat")
    summary: ClassVar[str] = N_("At the end, whoever has the most pieces on the chosen kind of spot places one more "
                              "doubling feat; a tie discards it.")

    def refuse_setup(self, config: GameConfig, board: Board) -> str | None:
        """Variant 2 needs contested tokens (E10), which only maps with the `contested` rule have."""
        if config.option("worship") == 2 and "contested" not in board.rules:
            return Text(N_("Worship variant 2 counts tents on contested tokens, and {map} has none"), map=board.name)
        return None

    def on_setup(self, state: GameState) -> None:
        """One Worship feat in the supply; variant 3 puts the golden tokens with the game's RNG."""
        data = WorshipData(int(state.config.option("worship")))
        state.feat_supply[FeatKind.WORSHIP] = 1
        if data.variant == 3:
            for biome in BASE_BIOMES:
                spaces = [t.index for t in state.board.territories if t.biome is biome and t.totem_space is not None]
                if spaces:
                    data.golden.append(state.rng.choice(spaces))
        state.ext[self.key] = data

    def before_final_scoring(self, state: GameState) -> bool:
        """Decide Worship: discarded on a tie, placed at once with one target, else the placer chooses."""
        data: WorshipData = state.ext[self.key]
        if data.outcome is not None:
            return False
        counts = worship_counts(state, data)
        data.counts = counts
        best = max(counts)
        leaders = [t for t, n in enumerate(counts) if n == best]
        if best == 0 or len(leaders) > 1:
            data.outcome = "nobody" if best == 0 else "tie"
            state.feat_supply[FeatKind.WORSHIP] = 0
            return False
        winner = data.winner = leaders[0]
        state.feat_supply[FeatKind.WORSHIP] = 0
        state.feats_earned.setdefault(FeatKind.WORSHIP, []).append(winner)
        options = worship_targets(state, data, winner)
        if not options:
            data.outcome = "no target"
            return False
        if len(options) == 1:
            self._place(state, data, *options[0])
            return False
        seat = state.tribes[winner].seat
        if seat is not None:
            state.active_seat = seat   # the winner places it; the third tribe's by the last player (P14)
        return True

    def module_actions(self, state: GameState) -> list[Action]:
        data: WorshipData = state.ext[self.key]
        return [PlaceFeat(FeatKind.WORSHIP, target, on_connection)
                for target, on_connection in worship_targets(state, data, data.winner)]

    def apply_action(self, state: GameState, action: Action) -> None:
        """The placer's choice (already checked against `module_actions`); then the final scoring goes on."""
        self._place(state, state.ext[self.key], action.target, action.on_connection)
        resume(state)

    @staticmethod
    def _place(state: GameState, data: WorshipData, target: int, on_connection: bool) -> None:
        state.feats.append(FeatOnBoard(FeatKind.WORSHIP, data.winner, target, on_connection))
        data.outcome = "placed"
        data.target = target

    def territory_multiplier_feats(self, state: GameState) -> dict[int, int]:
        return count_on_board(state, FeatKind.WORSHIP, False)

    def connection_multiplier_feats(self, state: GameState) -> dict[int, int]:
        return count_on_board(state, FeatKind.WORSHIP, True)

    def final_lines(self, state: GameState) -> list[ScoreLine]:
        """One line without points explaining who got Worship and why, or why nobody did.

        Nothing before the decision: a score asked for mid-game (a bot's estimate, a preview) has no
        outcome to explain yet.
        """
        data: WorshipData = state.ext[self.key]
        if data.outcome is None:
            return []
        return [ScoreLine("worship", "worship", Text(N_("Worship")), {}, detail=self.explain(state, data))]

    @staticmethod
    def explain(state: GameState, data: WorshipData) -> str:
        counts = data.counts or [0] * len(state.tribes)
        what = Text(WHAT_COUNTS[data.variant])
        standing = Joined([Text(N_("{name} {count}"), name=tribe_word(state, t), count=counts[t])
                           for t in competitors(state)])
        if data.outcome == "nobody":
            return Text(N_("nobody has {what}: Worship is discarded"), what=what)
        if data.outcome == "tie":
            return Text(N_("tie for most {what} ({standing}): Worship is discarded"), what=what, standing=standing)
        name = tribe_word(state, data.winner)
        if data.outcome == "no target":
            return Text(N_("{name} has the most {what} ({standing}) but no place to put Worship: it is discarded"),
                        name=name, what=what, standing=standing)
        board = state.board
        if data.variant == 3:
            return Text(N_("{name} has the most {what} ({standing}) and puts Worship on connection {number}: one more "
                           "feat for its totem multiplier"), name=name, what=what, standing=standing, number=data.target)
        return Text(N_("{name} has the most {what} ({standing}) and puts Worship on {territory}: one more feat for its "
                       "tent multiplier"), name=name, what=what, standing=standing,
                    territory=board.territories[data.target].name)

    def public_view(self, state: GameState, seat: int) -> dict[str, object]:
        """Variant, golden-token territories, the current standing (all public) and the outcome."""
        data: WorshipData = state.ext.get(self.key)
        if data is None:
            return {}
        standing = data.counts if data.counts is not None else worship_counts(state, data)
        return {"variant": data.variant, "counts": WHAT_COUNTS[data.variant], "golden": list(data.golden),
                "standing": standing, "winner": data.winner, "outcome": data.outcome, "target": data.target,
                "on_connection": data.variant == 3}
