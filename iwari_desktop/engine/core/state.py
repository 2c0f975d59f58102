"""The mutable game state (the OpenSpiel "State" half).

Plain lists indexed by tribe, territory and space keep `legal_actions`/`apply` fast; everything the
rules need to continue lives here, including the RNG, so a state plus an action replays exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import Biome, TribeColour
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.rng import Rng

EMPTY = -1


class Phase(Enum):
    """The kind of decision the game waits for; `legal_actions` and `apply` dispatch on it.

    `value` is stored in saves and observations.
    """

    DRAFT = "draft"            # B4 draft start: one Draw at a time
    MAIN = "main"              # the active player's action: Place, Exchange or Pass
    PIECES = "pieces"          # placing the pieces of a committed Place, one at a time
    THIRD_TRIBE = "third"      # B12: the active player places for the third tribe
    FEAT = "feat"              # B19: choose where an earned feat goes
    MODULE = "module"          # a rule module's own decisions (the Void's action, an Infection, ...)
    DRAW = "draw"              # B5: refill the hand one card at a time
    GAME_OVER = "over"


@dataclass(frozen=True, slots=True)
class Tribe:
    """A tribe at the table. `index` is its position in every per-tribe list.

    A player's tribe has the seat's index; `seat` is None for the 2-player third tribe, which no one owns (B12).
    """

    index: int
    colour: TribeColour
    name: str
    seat: int | None  # the player who owns it; None for the 2-player third tribe (B12)


@dataclass(slots=True)
class PendingPlace:
    """A committed Place whose pieces are still being put down, one at a time.

    `explored_at_start` fixes B8 for the whole action: a territory unexplored when it began takes exactly
    one tent, even though that tent explores it.
    """

    tribe: int
    territory: int
    pieces_left: int
    explored_at_start: bool
    placed: int = 0


@dataclass(slots=True)
class FeatClaim:
    """An earned feat waiting for its target: territory indices, or connection numbers if `on_connection`."""

    feat: FeatKind
    tribe: int
    targets: tuple[int, ...]
    on_connection: bool


@dataclass(slots=True)
class FeatOnBoard:
    """A placed feat on a territory index, or on a connection number if `on_connection`."""

    feat: FeatKind
    tribe: int
    target: int
    on_connection: bool


@dataclass
class GameState:
    """Everything the rules need to go on, as plain lists indexed by tribe, territory and space.

    The RNG is part of it, so equal states continue identically; `==` compares every field, which undo
    and the determinism tests rely on. Rule modules keep their data in `ext`.
    """

    config: GameConfig
    board: Board
    rng: Rng
    tribes: tuple[Tribe, ...]
    hands: list[list[Biome]]
    deck: list[Biome]          # the top card is the last element
    display: list[Biome]
    discard: list[Biome]
    removed: list[Biome]       # B2: out of the game
    space_owner: list[int]
    territory_tents: list[list[int]]
    territory_empty: list[int]
    totem_stacks: list[list[int]]
    totem_counts: list[list[int]]
    tents_left: list[int]
    totems_left: list[int]
    mountains: tuple[int, ...]
    feat_supply: dict[FeatKind, int]
    feats: list[FeatOnBoard]
    feats_earned: dict[FeatKind, list[int]]
    scores: list[int]
    first_seat: int
    phase: Phase = Phase.MAIN
    active_seat: int = 0
    pending: PendingPlace | None = None
    pending_feats: list[FeatClaim] = field(default_factory=list)
    module_turn: str | None = None       # key of the rule module whose decisions are pending
    continuation: str | None = None      # what play resumes with when that module is done
    draft_order: list[int] = field(default_factory=list)
    turn: int = 1
    turns_taken: list[int] = field(default_factory=list)
    deck_exhaustions: int = 0
    half_journey_due: bool = False
    end_triggered: bool = False
    reports: list[Any] = field(default_factory=list)   # ScoreReport, half journey then final
    result: Any = None                                  # GameResult once over
    ext: dict[str, Any] = field(default_factory=dict)   # one slot per rule module
    modules: tuple[Any, ...] = ()                        # active RuleModule objects (stateless)

    # ---- derived views -------------------------------------------------------------------------
    @property
    def n_players(self) -> int:
        """Seats, not tribes: a 2-player game has three tribes (B12)."""
        return len(self.config.players)

    @property
    def third_tribe(self) -> int | None:
        """Index of the neutral third tribe in a 2-player game (B12), else None."""
        return 2 if self.n_players == 2 else None

    def tribe_of_seat(self, seat: int) -> int:
        """A player's tribe has the seat's index; call this rather than relying on that."""
        return seat

    @property
    def acting_tribe(self) -> int:
        """Whose pieces the current decision places.

        The pending Place's tribe, else the third tribe on its turn (B12), else the active player's.
        """
        if self.pending is not None:
            return self.pending.tribe
        if self.phase is Phase.THIRD_TRIBE and self.third_tribe is not None:
            return self.third_tribe
        return self.active_seat

    @property
    def round_last_seat(self) -> int:
        """The seat whose turn closes a round (the one before the first player); B14 ends the journey there."""
        return (self.first_seat - 1) % self.n_players

    def current_player(self) -> int | None:
        """The seat that decides now; None once the game is over."""
        return None if self.phase is Phase.GAME_OVER else self.active_seat

    def is_terminal(self) -> bool:
        """True once the final scoring has run (Phase.GAME_OVER)."""
        return self.phase is Phase.GAME_OVER

    def totems_in(self, territory: int) -> int:
        """All totems in the territory, every colour: the number the B9 cap limits."""
        return len(self.totem_stacks[territory])

    def totem_cap(self, territory: int) -> int:
        """B9: the largest number of tents any one tribe has in the territory."""
        return max(self.territory_tents[territory])

    def is_explored(self, territory: int) -> bool:
        """B8: explored once any tent stands in it."""
        return any(self.territory_tents[territory])

    def supply_left(self, tribe: int) -> int:
        """Tents and totems the tribe has not placed: B18's tie-break."""
        return self.tents_left[tribe] + self.totems_left[tribe]

    # ---- copying and comparing -----------------------------------------------------------------
    def clone(self) -> "GameState":
        """A deep-enough copy for bots and search; the Board and config are shared, being immutable."""
        twin = GameState(
            config=self.config, board=self.board, rng=self.rng.copy(), tribes=self.tribes,
            hands=[list(h) for h in self.hands], deck=list(self.deck), display=list(self.display),
            discard=list(self.discard), removed=list(self.removed), space_owner=list(self.space_owner),
            territory_tents=[list(t) for t in self.territory_tents], territory_empty=list(self.territory_empty),
            totem_stacks=[list(s) for s in self.totem_stacks], totem_counts=[list(c) for c in self.totem_counts],
            tents_left=list(self.tents_left), totems_left=list(self.totems_left), mountains=self.mountains,
            feat_supply=dict(self.feat_supply),
            feats=[FeatOnBoard(f.feat, f.tribe, f.target, f.on_connection) for f in self.feats],
            feats_earned={k: list(v) for k, v in self.feats_earned.items()}, scores=list(self.scores),
            first_seat=self.first_seat, phase=self.phase, active_seat=self.active_seat,
            pending=None if self.pending is None else PendingPlace(
                self.pending.tribe, self.pending.territory, self.pending.pieces_left,
                self.pending.explored_at_start, self.pending.placed),
            pending_feats=[FeatClaim(c.feat, c.tribe, c.targets, c.on_connection) for c in self.pending_feats],
            module_turn=self.module_turn, continuation=self.continuation, draft_order=list(self.draft_order), turn=self.turn,
            turns_taken=list(self.turns_taken), deck_exhaustions=self.deck_exhaustions,
            half_journey_due=self.half_journey_due, end_triggered=self.end_triggered,
            reports=list(self.reports), result=self.result,
            ext={k: (v.copy() if hasattr(v, "copy") else v) for k, v in self.ext.items()},
            modules=self.modules,
        )
        return twin
