"""The mutable game state (the OpenSpiel "State" half).

Plain lists indexed by tribe, territory and space keep `legal_actions`/`apply` fast; everything the
rules need to continue lives here, including the RNG, so a state plus an action replays exactly.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import Biome, TribeColour
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.rng import Rng

from iwari_desktop.engine.core.hooks import HookTable, hook_table
from iwari_desktop.engine.core.kept import ENTRIES as FIT_ENTRIES, FitEntry, fit_entries, fit_entry

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


# constants for the checks below that every decision makes (`Phase.X` is a slow lookup on CPython 3.11, rules.py)
_THIRD_TRIBE_PHASE, _GAME_OVER = Phase.THIRD_TRIBE, Phase.GAME_OVER


class TribeRole(Enum):
    """What a tribe is at the table; rules ask the role, never the player count or the colour.

    `value` is stored in position files and observations.
    """

    SEAT = "seat"        # a player's own tribe
    THIRD = "third"      # B12: the neutral third tribe of a 2-player game, played from the active hand
    PURPLE = "purple"    # E7: the sixth tribe on The Void, a player's tribe whose pieces are the Void's
    VOID = "void"        # E3/E5/S1: the neutral Void; counts for caps and majorities, never scores

    @property
    def seated(self) -> bool:
        """Owned by a player (has a hand and a seat)."""
        return self is TribeRole.SEAT or self is TribeRole.PURPLE

    @property
    def scores(self) -> bool:
        """Takes part in scoring and in B18's ranking; the neutral Void never does (E5)."""
        return self is not TribeRole.VOID

    @property
    def earns_feats(self) -> bool:
        """Players, the third tribe (B19) and purple earn feats; the neutral Void never does."""
        return self is not TribeRole.VOID


@dataclass(frozen=True, slots=True)
class Tribe:
    """A tribe at the table. `index` is its position in every per-tribe list.

    A seated tribe has the seat's index; `seat` is None for tribes no one owns (the third tribe, the
    neutral Void). `role` defaults from `seat` (a seat's tribe, else the third tribe) for older callers.
    """

    index: int
    colour: TribeColour
    name: str
    seat: int | None  # the player who owns it; None for the third tribe (B12) and the neutral Void
    role: TribeRole | None = None

    def __post_init__(self) -> None:
        if self.role is None:
            object.__setattr__(self, "role", TribeRole.SEAT if self.seat is not None else TribeRole.THIRD)


@dataclass(frozen=True)
class TribeIndex:
    """Role lookups derived once from a tribes tuple (kept off the compared state)."""

    tribes: tuple[Tribe, ...]
    third: int | None
    void: int | None
    scoring: tuple[int, ...]
    feat_earners: frozenset[int]

    @classmethod
    def of(cls, tribes: tuple[Tribe, ...]) -> "TribeIndex":
        third = next((t.index for t in tribes if t.role is TribeRole.THIRD), None)
        void = next((t.index for t in tribes if t.role is TribeRole.VOID), None)
        return cls(tribes, third, void, tuple(t.index for t in tribes if t.role.scores),
                   frozenset(t.index for t in tribes if t.role.earns_feats))


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
    permit: str | None = None   # a module's exception to B8 in force for this action (E7 Determination)
    # P16: pieces of this Place a module puts through `piece_actions` (E5's moved Void totem), not taken
    # from the tribe's supply; the base tent/totem options fit only the other, own pieces
    module_pieces: int = 0

    @property
    def own_left(self) -> int:
        """Pieces still to place from the tribe's own supply (PlaceTent/PlaceTotem)."""
        return self.pieces_left - self.module_pieces

    def copy(self) -> "PendingPlace":
        return PendingPlace(self.tribe, self.territory, self.pieces_left, self.explored_at_start, self.placed,
                            self.permit, self.module_pieces)


@dataclass(slots=True)
class FeatClaim:
    """An earned feat waiting for its target: any of `territories` (indices) or `connections` (numbers).

    A claim may mix both kinds (Worship variant 3 / Courage can go on either, E9/E10).
    """

    feat: FeatKind
    tribe: int
    territories: tuple[int, ...] = ()
    connections: tuple[int, ...] = ()
    # targets asked of the feat's module when the claim comes up (P12: Courage after the feats before it)
    deferred: bool = False

    @property
    def n_targets(self) -> int:
        return len(self.territories) + len(self.connections)

    @property
    def on_connection(self) -> bool:
        """True when every target is a connection (screens light connection badges then)."""
        return not self.territories

    @property
    def targets(self) -> tuple[int, ...]:
        """The targets of a single-kind claim (territories, else connections); see `options` for mixed ones."""
        return self.territories or self.connections

    def options(self) -> list[tuple[int, bool]]:
        """Every (target, on_connection) choice: territories first, then connections, each in stored order."""
        return [(t, False) for t in self.territories] + [(c, True) for c in self.connections]


@dataclass(slots=True)
class FeatOnBoard:
    """A placed feat on a territory index, or on a connection number if `on_connection`."""

    feat: FeatKind
    tribe: int
    target: int
    on_connection: bool


@dataclass(frozen=True, slots=True)
class Continuation:
    """Where play goes on when the module holding the game calls `rules.resume` (Phase.MODULE).

    `hook` is the chained hook that was interrupted; the modules from `next_module` on (in
    `state.modules` order) are asked it next, then the interrupted flow continues with `then`.
    """

    hook: str                   # "before_draw", "on_display_card" or "before_final_scoring"
    next_module: int
    then: str = ""              # after a display refill: "end_turn" or "next_drafter"
    card: Biome | None = None   # on_display_card: the card being announced

    def to_json(self) -> list[Any]:
        return [self.hook, self.next_module, self.then, None if self.card is None else self.card.key]


# GameState fields a clone shares with its original: immutable values, or objects the rules replace rather
# than change (the result, the continuation, the role index and the hook table). Every other field is copied.
SHARED_ON_CLONE = frozenset({
    "config", "board", "tribes", "mountains", "first_seat", "phase", "active_seat", "module_turn", "continuation",
    "third_action", "turn", "deck_exhaustions", "half_journey_due", "end_triggered", "result", "modules",
    "end_reason", "_roles", "hooks",
})


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
    continuation: Continuation | None = None  # what play resumes with when that module is done
    third_action: bool = False           # B12: the action being resolved is the third tribe's
    draft_order: list[int] = field(default_factory=list)
    turn: int = 1
    turns_taken: list[int] = field(default_factory=list)
    deck_exhaustions: int = 0
    half_journey_due: bool = False
    end_triggered: bool = False
    reports: list[Any] = field(default_factory=list)   # ScoreReport, half journey then final
    result: Any = None                                  # GameResult once over
    ext: dict[str, Any] = field(default_factory=dict)   # one slot per rule module, keyed by module key
    modules: tuple[Any, ...] = ()                        # active RuleModule objects (stateless), in hook order
    known_cards: list[list[Biome]] = field(default_factory=list)  # per seat: cards every seat saw enter that hand
    end_reason: str | None = None                        # why the game ended ("journey", or a module's reason)
    _roles: TribeIndex | None = field(default=None, init=False, compare=False, repr=False)
    # per hook, the modules implementing it (derived from `modules`, which never change after setup)
    hooks: HookTable = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.hooks = hook_table(self.modules)
        self.refresh_counts()

    # ---- kept counts (core/kept.py) ------------------------------------------------------------
    # `self.territory_fits: list[FitEntry]`, per territory, is derived from the fields above and deliberately
    # not a field (no annotation in the class body): saves, the wire codec and `==` see only the counts it is
    # derived from, and every way of making a state (the constructor, a clone, a copy.deepcopy, an
    # unpickling) brings it along or rebuilds it.

    def refresh_counts(self) -> None:
        """Count every territory's fit entry afresh: after changing tents or totems other than through
        the rules or `core.primitives` (position files, test helpers)."""
        self.territory_fits: list[FitEntry] = fit_entries(self.territory_tents, self.territory_empty,
                                                          self.totem_stacks, self.board.totem_holders)

    def territory_changed(self, territory: int) -> None:
        """Tents, empty spaces or totems of `territory` changed: refresh its fit entry (the rules and the
        primitives call this after every change; `kept.fit_entry`'s memo read here without a second call)."""
        key = (*self.territory_tents[territory], self.territory_empty[territory], len(self.totem_stacks[territory]),
               self.board.totem_holders[territory])
        entry = FIT_ENTRIES.get(key)
        if entry is None:
            entry = fit_entry(self.territory_tents[territory], self.territory_empty[territory],
                              len(self.totem_stacks[territory]), self.board.totem_holders[territory])
        self.territory_fits[territory] = entry

    # ---- derived views -------------------------------------------------------------------------
    @property
    def n_players(self) -> int:
        """Seats, not tribes: a 2-player game has three tribes (B12)."""
        return len(self.config.players)

    @property
    def roles(self) -> TribeIndex:
        """Role lookups for `tribes`, recomputed only when the tribes tuple is replaced."""
        roles = self._roles
        if roles is None or roles.tribes is not self.tribes:
            roles = self._roles = TribeIndex.of(self.tribes)
        return roles

    @property
    def third_tribe(self) -> int | None:
        """Index of the tribe with role THIRD (a 2-player game, B12), else None."""
        roles = self._roles   # `self.roles` without a second property call: the Expert asks this ~10^5 times a turn
        if roles is None or roles.tribes is not self.tribes:
            roles = self.roles
        return roles.third

    @property
    def void_tribe(self) -> int | None:
        """Index of the neutral Void (role VOID), present when an active module asks for it, else None."""
        roles = self._roles   # as `third_tribe`
        if roles is None or roles.tribes is not self.tribes:
            roles = self.roles
        return roles.void

    @property
    def space_neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Road adjacency per space as this game's rules see it (B17): the board's base roads, plus the
        segments along connections when an active module declares `connection_roads` (E2, E3)."""
        return self.board.settlement_neighbours(self.hooks.connection_roads)

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
        if (self.phase is _THIRD_TRIBE_PHASE or self.third_action) and self.third_tribe is not None:
            return self.third_tribe
        return self.active_seat

    @property
    def round_last_seat(self) -> int:
        """The seat whose turn closes a round (the one before the first player); B14 ends the journey there."""
        return (self.first_seat - 1) % self.n_players

    def current_player(self) -> int | None:
        """The seat that decides now; None once the game is over."""
        return None if self.phase is _GAME_OVER else self.active_seat

    def is_terminal(self) -> bool:
        """True once the final scoring has run (Phase.GAME_OVER)."""
        return self.phase is _GAME_OVER

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
        """A full copy for bots and search: module data (`ext`) is deep-copied; Board and config are shared, being immutable.

        Why not through `__init__`: the Expert clones the state tens of thousands of times a turn, and the
        generated `__init__` (45 fields, then the hook table looked up by hashing every module) was a third
        of a clone's time. The new object starts as a copy of this one's attributes — the immutable ones
        (`SHARED_ON_CLONE`) stay shared — and every mutable one is replaced by a copy below;
        tests/engine/test_state_clone.py checks that each field is in one of the two lists.
        """
        twin = object.__new__(GameState)
        twin.__dict__.update(self.__dict__)   # nested lists below are copied by `map(list, ...)`: C speed
        twin.rng = self.rng.copy()
        twin.hands = list(map(list, self.hands))
        twin.deck = list(self.deck)
        twin.display = list(self.display)
        twin.discard = list(self.discard)
        twin.removed = list(self.removed)
        twin.space_owner = list(self.space_owner)
        twin.territory_tents = list(map(list, self.territory_tents))
        twin.territory_empty = list(self.territory_empty)
        twin.totem_stacks = list(map(list, self.totem_stacks))
        twin.totem_counts = list(map(list, self.totem_counts))
        twin.territory_fits = list(self.territory_fits)   # immutable entries: the list is all there is to copy
        twin.tents_left = list(self.tents_left)
        twin.totems_left = list(self.totems_left)
        twin.feat_supply = dict(self.feat_supply)
        twin.feats = [FeatOnBoard(f.feat, f.tribe, f.target, f.on_connection) for f in self.feats]
        twin.feats_earned = {k: list(v) for k, v in self.feats_earned.items()}
        twin.scores = list(self.scores)
        twin.pending = None if self.pending is None else self.pending.copy()
        twin.pending_feats = [FeatClaim(c.feat, c.tribe, c.territories, c.connections, c.deferred)
                              for c in self.pending_feats]
        twin.draft_order = list(self.draft_order)
        twin.turns_taken = list(self.turns_taken)
        twin.reports = list(self.reports)
        twin.ext = _copy_module_data(self.ext) if self.ext else {}
        twin.known_cards = list(map(list, self.known_cards))
        return twin


# Module data values `copy.deepcopy` returns as they are (The Void's Determination seat, Courage's flag, ...).
_ATOMIC = frozenset({int, bool, str, float, type(None)})


def _copy_module_data(ext: dict[str, Any]) -> dict[str, Any]:
    """`copy.deepcopy(ext)` with one memo, calling a module data class's own `__deepcopy__` directly: the
    generic dispatch around it cost as much as the solo data's copy itself (issue #20). Atomic values are
    shared and a list of atomic values or tuples of them (the contested tokens) copied flat, as deepcopy would
    give them (it returns such a tuple itself) but without its dispatch per element (issue #32)."""
    memo: dict[int, Any] = {}
    twin: dict[str, Any] = {}
    for key, value in ext.items():
        kind = type(value)
        if kind in _ATOMIC:
            twin[key] = value
            continue
        if kind is list and all(type(item) in _ATOMIC or (type(item) is tuple and all(type(part) in _ATOMIC for part in item))
                                for item in value):
            twin[key] = memo[id(value)] = list(value)
            continue
        known = memo.get(id(value))
        if known is not None:
            twin[key] = known
            continue
        own = getattr(type(value), "__deepcopy__", None)
        twin[key] = memo[id(value)] = own(value, memo) if own is not None else copy.deepcopy(value, memo)
    return twin
