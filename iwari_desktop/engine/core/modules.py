"""Rule modules: each optional or map-specific rule is an object of hooks with its own state slot.

Like JCloisterZone's capabilities, a module is switched on by the setup (feats, options, the game
mode) or by the map's `rules` property, never by `if map == ...` in the engine. Modules are stateless
objects; anything they remember lives in `state.ext[module.key]`, which cloning deep-copies and the
save digest covers, so saves, undo and search see it.

Hook order: `state.modules` is sorted by each module's `order` (smaller first), ties kept in the
order the setup switched them on (mountains, the feats in B19 order, the map's `rules` in the map's
order, then options). Every module gets every hook in that order; docs/engine.md lists the hooks.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

if TYPE_CHECKING:
    from iwari_desktop.engine.core.actions import Action
    from iwari_desktop.engine.core.biomes import Biome
    from iwari_desktop.engine.maps.board import Board
    from iwari_desktop.engine.core.config import GameConfig
    from iwari_desktop.engine.core.rng import Rng
    from iwari_desktop.engine.core.scoring import GameResult, ScoreLine
    from iwari_desktop.engine.core.state import FeatClaim, GameState, PendingPlace, Phase, TribeRole


@dataclass(frozen=True)
class RuleModule:
    """Base of every rule module: each hook is a no-op, so a module overrides only what its rule touches.

    Instances stay stateless (frozen); whatever a module remembers goes in `state.ext[key]`, so cloning,
    saving and undo cover it.
    """

    key: ClassVar[str] = "base"
    # Hook order: smaller first; equal orders keep the order the setup switched the modules on.
    order: ClassVar[int] = 50
    # The ruling this module implements ("E5"); IllegalActions about its decisions name it.
    ruling: ClassVar[str] = "B5"
    # Words for players ("the Uncharted Paths rules"), used in messages.
    title: ClassVar[str] = N_("a rule module")
    # One plain sentence for players, shown with the map's special rules at setup ("" for base rules).
    summary: ClassVar[str] = ""
    # The same for a game against the Void (S11), where a map's rule reads differently ("": the map
    # plays the plain solo rules there).
    solo_summary: ClassVar[str] = ""
    # True: road segments that run along a connection join settlements (E2, E3); otherwise they are
    # drawn but are no roads (`GameState.space_neighbours`).
    connection_roads: ClassVar[bool] = False
    # Tribes this module needs beyond the seats and the third tribe (TribeRole.VOID: the neutral Void).
    tribe_roles: ClassVar[tuple["TribeRole", ...]] = ()
    # Action classes this module introduces (ruin claims, Void-totem moves, contested tokens, ...);
    # `apply` routes them to `apply_action` once `legal_actions` lists them.
    action_types: ClassVar[tuple[type, ...]] = ()
    # True: this module decides when the game ends (S10), so B11's "a tribe has no tents left" is off.
    own_end: ClassVar[bool] = False
    # False: no points are scored at all (S1); the final scoring keeps only the modules' `final_lines`.
    scores_points: ClassVar[bool] = True
    # Keys of modules this one switches off although the map asks for them (S1: no mountains in solo).
    switches_off: ClassVar[tuple[str, ...]] = ()
    # True: a map switches this module on by naming its key in its `rules` property (docs/maps.md), so
    # the map validator accepts the key (`maps.validator.known_rule_ids`); feats, options and modes are
    # switched on by the setup instead.
    map_rule: ClassVar[bool] = False

    # ---- actions and decisions -----------------------------------------------------------------
    def extra_actions(self, state: "GameState", phase: "Phase", tribe: int, hand: list["Biome"]) -> list["Action"]:
        """Module-specific choices offered beside the base ones in MAIN and THIRD_TRIBE (E3, E5, E7; P7).

        `tribe` is the tribe acting (the third tribe in THIRD_TRIBE), `hand` the cards that may pay.
        """
        return []

    def piece_actions(self, state: "GameState", pending: "PendingPlace") -> list["Action"]:
        """Choices offered beside PlaceTent/PlaceTotem while a Place's pieces go down (Phase.PIECES).

        P16: the Uncharted Paths Void-totem move is one of the action's pieces; its `apply_action`
        moves the piece (`primitives.move_totem`) and then counts it with `primitives.piece_done`.
        """
        return []

    def apply_action(self, state: "GameState", action: "Action") -> None:
        """Perform one of `action_types` (already known to be legal); end with a primitive that moves play on."""
        raise NotImplementedError(f"{self.key} declares no handler for {type(action).__name__}")

    def refuse(self, state: "GameState", action: "Action") -> IllegalAction:
        """The IllegalAction for one of this module's `action_types` that `legal_actions` does not list now.

        Override to name the precise rule broken (E3: the ruin space needs two cards of its icon); the
        default names the module's ruling.
        """
        return IllegalAction(self.ruling, N_("'{action}' is not possible now under {title}"), action=str(action),
                             title=Text(self.title))

    def module_actions(self, state: "GameState") -> list["Action"]:
        """The legal choices while this module holds the game (Phase.MODULE); every action then goes to it."""
        return []

    def deferred_feat_targets(self, state: "GameState", claim: "FeatClaim") -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(territories, connections) for a claim of this module's feat queued with `deferred=True`.

        Asked when the claim reaches the front of `state.pending_feats`, so the feats placed before it
        in the same moment are on the board (P12: Courage may go where a feat just went). No target: lost.
        """
        return (), ()

    # ---- paying and placing ----------------------------------------------------------------------
    def payment_filter(self, state: "GameState", tribe: int, territory: int, cards: tuple["Biome", ...],
                       pieces: int) -> str | None:
        """A ruling id plus reason refusing these cards as payment for `pieces` in `territory`, else None.

        For cards that never pay or are never wild (solo Void cards, S3). Asked of every module.
        """
        return None

    def placement_permit(self, state: "GameState", tribe: int, territory: int, cards: tuple["Biome", ...],
                         pieces: int) -> str | None:
        """An exception to B8: a reason (ruling id first) letting this Place put `pieces` > 1 in an unexplored
        territory (E7 Determination token), else None. The permit is kept in `state.pending.permit`, so the
        module sees in `after_action` that it was used. `piece_veto` can only forbid; this can only allow.
        """
        return None

    def piece_veto(self, state: "GameState", tribe: int, territory: int, totem: bool) -> str | None:
        """A ruling id plus reason that forbids this piece here (E2: no totem in the Tundra)."""
        return None

    def exchange_filter(self, state: "GameState", card: "Biome") -> str | None:
        """A ruling id plus reason refusing an Exchange of `card` (S3: a Void card cannot be exchanged)."""
        return None

    def on_display_card(self, state: "GameState", card: "Biome") -> bool:
        """A card was turned face up into the display; True interrupts the refill (Infections, S3/S6).

        The refill waits in Phase.MODULE until the module calls `rules.resume(state)`, then goes on.
        """
        return False

    def refuse_setup(self, config: "GameConfig", board: "Board") -> str | None:
        """Why this setup cannot start with this module on (E7: no expedition cards on The Void), else None.

        Asked once by `new_game` before anything is dealt; the answer becomes the ConfigError's one line,
        in words for players (no ruling ids), so the setup screen can show it as the reason.
        """
        return None

    def build_deck(self, config: "GameConfig", board: "Board", deck: list["Biome"], removed: list["Biome"]) -> None:
        """Change the deck before it is shuffled (the Void cards join it on The Void, E7)."""

    def on_setup(self, state: "GameState") -> None:
        """Called once after the deck is built and shuffled, before the deal (mountains B3; tokens, E7)."""

    def after_deal(self, state: "GameState") -> None:
        """Called once the hands and the display are out (or the draft is set up): solo piles, S2."""

    def on_deck_exhausted(self, state: "GameState") -> bool:
        """The last deck card was just taken; True when the module handles it instead of B13/B14 (S10)."""
        return False

    def before_draw(self, state: "GameState") -> bool:
        """True to take a step of its own before the hand refill (the Void action, S3 step 2).

        The game then waits in Phase.MODULE on `module_actions` until the module calls
        `rules.resume(state)`.
        """
        return False

    def after_turn(self, state: "GameState") -> str | None:
        """A turn is over (display refilled, the turn counted), before B11 and the next turn: a reason
        (`state.end_reason`) ends the game now (S10, P27, P28), None lets play go on."""
        return None

    def decide_result(self, state: "GameState") -> "GameResult | None":
        """A different way to win or lose (solo control of territories, S10); the first non-None answer in
        hook order replaces B18."""
        return None

    def after_placement(self, state: "GameState", tribe: int, territory: int | None, space: int | None) -> None:
        """After every single piece is put on the board, by a Place or a primitive (`space` None for a totem
        or for a tent off the printed spaces, E7's contested token: `state.ext["contested"]` tells which;
        `territory` None for a ruin space). `tribe` owns the piece; may queue feat claims."""

    def after_removal(self, state: "GameState", actor: int, tribe: int, territory: int | None,
                      space: int | None) -> None:
        """After a piece of `tribe` left the board or moved away (primitives), `actor` acting.

        Majorities may have changed for others: feats re-check here in P5 order (the actor, then turn
        order from the active player)."""

    def after_action(self, state: "GameState", tribe: int) -> None:
        """The action of `tribe` (a Place, an Exchange, a Pass or a module action) is complete, feats placed.

        Notification only (the Determination token passes on, E7); the third tribe's turn follows."""

    # ---- scoring -------------------------------------------------------------------------------
    def connection_veto(self, state: "GameState", number: int) -> str | None:
        """A reason (ruling id first) why connection `number` neither scores nor earns Honour/Respect now
        (E3: a Void ruin still blocks it). Mountains (B3) are checked by the core."""
        return None

    def before_final_scoring(self, state: "GameState") -> bool:
        """True to take decisions before the final scoring (Worship, E10): the game waits in Phase.MODULE
        on `module_actions` until `rules.resume`, then the next modules are asked, then scoring runs."""
        return False

    def territory_multiplier_feats(self, state: "GameState") -> dict[int, int]:
        """Counting feats per territory for final tent scoring (B19)."""
        return {}

    def connection_multiplier_feats(self, state: "GameState") -> dict[int, int]:
        """Counting feats per connection number for final totem scoring (B19)."""
        return {}

    def final_lines(self, state: "GameState") -> list["ScoreLine"]:
        """Extra final-scoring lines (ruins, the long road, ...)."""
        return []

    # ---- module data ---------------------------------------------------------------------------
    def data_json(self, state: "GameState") -> Any:
        """This module's data as plain JSON, for the save digest; default: `plain(state.ext[key])`."""
        return plain(state.ext.get(self.key))

    def digest_json(self, state: "GameState", version: int) -> Any:
        """This module's data for a save digest of `version` (saves.state_digest). From version 3 the digest
        leaves every sentence (`Text`) out by itself; a module whose version 2 digest held words that have
        been reworded since rebuilds them here as they were then, so older saves keep loading."""
        return self.data_json(state)

    def public_view(self, state: "GameState", seat: int) -> Any:
        """What `seat` may see of this module's data (observations); override to hide hidden parts."""
        return self.data_json(state)

    def redraw_hidden(self, guess: "GameState", seat: int, rng: "Rng") -> None:
        """`observation.determinize`: reshuffle what `seat` cannot see of this module's data in `guess`."""


def sort_modules(modules: list[RuleModule]) -> tuple[RuleModule, ...]:
    """Hook order: by `order`, ties in the given order (sorting is stable)."""
    return tuple(sorted(modules, key=lambda m: m.order))


def plain(value: Any) -> Any:
    """A canonical JSON form of module data: dataclasses as dicts, enums by value, sets sorted, tuples as lists."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(plain(k)): plain(v) for k, v in sorted(value.items(), key=lambda kv: str(plain(kv[0])))}
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    raise TypeError(f"module data of type {type(value).__name__} has no JSON form; give the module a data_json")


REGISTRY: dict[str, type[RuleModule]] = {}


def register(cls: type[RuleModule]) -> type[RuleModule]:
    """Class decorator: maps whose `rules` list this module's `key` switch it on (`setup.active_modules`)."""
    REGISTRY[cls.key] = cls
    return cls
