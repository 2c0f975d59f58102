"""E5 The Uncharted Paths: neutral Void totems that players move as part of a Place action.

Setup puts five Void totems (the neutral Void tribe, `TribeRole.VOID`) on the central Void territory,
which has a totem space and no tent spaces. A player (or the 2-player third tribe, P7) may then, as
one action, move one Void totem into the territory T of the turn:

- from a Void territory, paying two cards of T's biome;
- from a territory S of another biome, paying one card of S's biome and one of T's.

No pair is wild for the move (E5). One more card of T's biome adds one own piece in T (P16). The
moved totem is one of the action's pieces: B8 (T explored at the start) and B9 (the cap, after each
single piece, in the order the player chooses) apply, so the action commits the cards and T first
(`VoidMove`, like a Place) and the pieces follow one at a time: `VoidTotem` for the moved totem,
PlaceTent/PlaceTotem for the own piece. While the Void totem waits, `piece_veto` refuses an own piece
that would leave it no room. A Void territory is never a destination (P16), and which Void totem of
S moves is the engine's choice: the highest in the stack (P37).

Void totems then count for caps and majorities as the neutral Void, which may hold or share a
majority and never scores (E5): the core's scoring and the feat modules already ask tribe roles, and
moving a totem out of S runs the P5 re-checks through `primitives.move_totem`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from iwari_desktop.engine.core.actions import Action, register_action_parser
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.errors import ActionParseError
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.placement import payment_refusal
from iwari_desktop.engine.core.primitives import begin_place, move_totem, pay_cards, piece_done, put_totem
from iwari_desktop.engine.core.state import GameState, PendingPlace, Phase, TribeRole
from iwari_desktop.engine.core.text import ruled
from iwari_desktop.i18n import N_

# The two refusals of an own piece while the moved Void totem waits (asked inside the legal-action loops).
_TOTEM_FIRST = ruled("B9", N_("after your totem, the moved Void totem would break the totem cap: move the Void totem "
                              "first"))
_TENT_TOO_LATE = ruled("B9", N_("after your tent, the moved Void totem would still break the totem cap"))

KEY = "void-totems"
SETUP_TOTEMS = 5   # E5: Void totems on the central Void territory at setup


@dataclass(frozen=True, slots=True)
class VoidMove(Action):
    """Commit `cards` to move a Void totem from `source` into `territory` (E5); with a third card, one own
    piece follows there too (P16). The pieces come next, in the order the player chooses."""

    source: int
    territory: int
    cards: tuple[Biome, ...]

    @property
    def pieces(self) -> int:
        """The moved Void totem, plus the own piece a third card pays for."""
        return 2 if len(self.cards) == 3 else 1

    def __str__(self) -> str:
        return f"void-move t{self.source} t{self.territory} {'+'.join(c.key for c in self.cards)}"


@dataclass(frozen=True, slots=True)
class VoidTotem(Action):
    """The pending move's Void totem goes onto the territory's stack now (one of the action's pieces)."""

    def __str__(self) -> str:
        return "void-totem"


_VOID_TOTEM = VoidTotem()


def _index(token: str, text: str) -> int:
    if len(token) < 2 or token[0] != "t" or not token[1:].isdigit():
        raise ActionParseError(f"bad action {text!r}: expected t<number>, got {token!r}")
    return int(token[1:])


@register_action_parser
def parse_void_action(text: str) -> Action | None:
    """`void-move t0 t3 forest+forest[+forest]` and `void-totem`; None for other verbs."""
    words = text.split()
    if not words or words[0] not in ("void-move", "void-totem"):
        return None
    if words[0] == "void-totem":
        if len(words) != 1:
            raise ActionParseError(f"bad action {text!r}: void-totem takes nothing after it")
        return _VOID_TOTEM
    if len(words) != 4:
        raise ActionParseError(f"bad action {text!r}: expected void-move t<from> t<to> <cards>")
    try:
        cards = tuple(Biome.parse(c) for c in words[3].split("+"))
    except ValueError as error:
        raise ActionParseError(f"bad action {text!r}: {error}") from None
    if not 2 <= len(cards) <= 3:
        raise ActionParseError(f"bad action {text!r}: a Void-totem move plays 2 or 3 cards")
    return VoidMove(_index(words[1], text), _index(words[2], text), cards)


def is_void_territory(state: GameState, territory: int) -> bool:
    """The purple centre: a Void-biome territory (never a destination, P16; never explored, P13)."""
    return state.board.territories[territory].biome is Biome.VOID


@register
@dataclass(frozen=True)
class VoidTotems(RuleModule):
    """E5 as a rule module, switched on by a map whose `rules` list `void-totems`."""

    key: ClassVar[str] = KEY
    map_rule: ClassVar[bool] = True
    ruling: ClassVar[str] = "E5"
    title: ClassVar[str] = N_("the Uncharted Paths rules")
    summary: ClassVar[str] = N_("Neutral Void totems start in the centre; pay cards to move one into the territory you "
                              "play in, and add a piece of your own there.")
    solo_summary: ClassVar[str] = N_("The Void's own totems go to the purple centre, two cards of a "
                                   "biome bring one out into a territory of that biome, and a fifth in the centre wins "
                                   "for the Void.")
    tribe_roles: ClassVar[tuple[TribeRole, ...]] = (TribeRole.VOID,)
    action_types: ClassVar[tuple[type, ...]] = (VoidMove, VoidTotem)

    # ---- setup -----------------------------------------------------------------------------------
    def on_setup(self, state: GameState) -> None:
        """E5: five Void totems on each Void territory (the map validator allows exactly one), cap off."""
        void = state.void_tribe
        if state.config.mode is not GameMode.MULTIPLAYER:
            return  # S11: solo and co-op start with no Void totems in the centre
        for territory in state.board.territories:
            if territory.biome is Biome.VOID and territory.totem_space is not None:
                for _ in range(SETUP_TOTEMS):
                    put_totem(state, void, territory.index, check_cap=False)

    # ---- which moves fit ---------------------------------------------------------------------------
    def _others(self, state: GameState) -> tuple[RuleModule, ...]:
        """The other modules that may veto a piece (our own veto only guards the pending move)."""
        vetoes = state.hooks.piece_veto
        return () if len(vetoes) == 1 else tuple(m for m in vetoes if m is not self)

    @staticmethod
    def _vetoed(others: tuple[RuleModule, ...], state: GameState, tribe: int, territory: int, totem: bool) -> bool:
        return any(m.piece_veto(state, tribe, territory, totem) for m in others)

    def _own_piece_fits(self, others: tuple[RuleModule, ...], state: GameState, tribe: int, territory: int,
                        totems_after: int, cap: int) -> bool:
        """After the Void totem: a tent on an empty space, or a totem under the cap (B9-B11)."""
        if state.territory_empty[territory] and state.tents_left[tribe] and not (
                others and self._vetoed(others, state, tribe, territory, False)):
            return True
        return (state.totems_left[tribe] > 0 and totems_after + 1 <= cap
                and not (others and self._vetoed(others, state, tribe, territory, True)))

    def _move_fits(self, others: tuple[RuleModule, ...], state: GameState, tribe: int, territory: int,
                   own_piece: bool) -> bool:
        """Whether the Void totem (and an own piece) can go into `territory` in some order (B8, B9, P16).

        T must be explored at the start (B8: an unexplored territory takes exactly one tent and nothing
        else; the Void has no tents, so its cap would be 0 anyway). Orders: the Void totem first, then
        the own piece; or an own tent first, which may raise the cap; an own totem first is the same
        as after.
        """
        tents = state.territory_tents[territory]
        cap = max(tents)
        if cap == 0 or state.board.territories[territory].totem_space is None:
            return False
        if others and self._vetoed(others, state, state.void_tribe, territory, True):
            return False
        n = len(state.totem_stacks[territory])
        if not own_piece:
            return n + 1 <= cap
        if n + 1 <= cap and self._own_piece_fits(others, state, tribe, territory, n + 1, cap):
            return True
        # an own tent first: it may make this tribe the largest there (B9 checks after each piece)
        return (state.territory_empty[territory] > 0 and state.tents_left[tribe] > 0
                and n + 1 <= max(cap, tents[tribe] + 1)
                and not (others and self._vetoed(others, state, tribe, territory, False)))

    def extra_actions(self, state: GameState, phase: Phase, tribe: int, hand: list[Biome]) -> list[Action]:
        """Every Void-totem move the hand pays for (E5, no wilds), with and without the own piece (P16).

        Stable order: sources ascending, then destination biomes, then territories, the move alone first.
        """
        if len(hand) < 2:
            return []   # every move costs two cards at least (E5)
        void = state.void_tribe   # never None: this module's `tribe_roles` bring the neutral Void in
        counts: dict[Biome, int] = {}
        for card in hand:  # the hand is sorted, so biomes come in order
            counts[card] = counts.get(card, 0) + 1
        board = state.board
        territories = board.territories
        by_biome = board.territories_by_biome
        filters = state.hooks.payment_filter
        others = self._others(state)
        options: list[Action] = []
        only_centre = state.config.mode is not GameMode.MULTIPLAYER  # P22: in solo only from the centre
        for source, stack_counts in enumerate(state.totem_counts):
            if not stack_counts[void]:
                continue
            source_biome = territories[source].biome
            if only_centre and source_biome is not Biome.VOID:
                continue
            for biome, n in counts.items():
                if biome is Biome.VOID or biome is source_biome:
                    continue  # the Void territory is never a destination (P16); S and T differ in biome (E5)
                if source_biome is Biome.VOID:
                    if n < 2:
                        continue
                    base: tuple[Biome, ...] = (biome, biome)
                    with_piece = n >= 3
                else:
                    if source_biome not in counts:
                        break
                    base = tuple(sorted((source_biome, biome)))
                    with_piece = n >= 2
                for destination in by_biome[biome]:   # every biome has territories on a valid map (MAPS.md)
                    for cards, own in ((base, False), (tuple(sorted(base + (biome,))), True)):
                        if own and not with_piece:
                            break
                        if filters and payment_refusal(state, tribe, destination, cards, 1 + own):
                            continue
                        if self._move_fits(others, state, tribe, destination, own):
                            options.append(VoidMove(source, destination, cards))
        return options

    # ---- the pieces ------------------------------------------------------------------------------
    def _pending_move(self, state: GameState) -> tuple[int, PendingPlace] | None:
        source = state.ext.get(KEY)
        pending = state.pending
        if source is None or pending is None or pending.module_pieces == 0:
            return None
        return source, pending

    def piece_actions(self, state: GameState, pending: PendingPlace) -> list[Action]:
        """The moved Void totem, when it fits now and leaves room for the own piece still to come (B9)."""
        if self._pending_move(state) is None:
            return []
        territory = pending.territory
        cap = state.totem_cap(territory)
        after = len(state.totem_stacks[territory]) + 1
        if after > cap:
            return []
        if pending.own_left > 0 and not self._own_piece_fits(self._others(state), state, pending.tribe, territory,
                                                             after, cap):
            return []
        return [_VOID_TOTEM]

    def piece_veto(self, state: GameState, tribe: int, territory: int, totem: bool) -> str | None:
        """While the Void totem waits, refuse an own piece after which it would break the cap (B9, P16)."""
        if KEY not in state.ext:
            return None
        move = self._pending_move(state)
        if move is None or territory != move[1].territory or tribe != move[1].tribe:
            return None
        tents = state.territory_tents[territory]
        n = len(state.totem_stacks[territory])
        if totem and n + 2 > max(tents):
            return _TOTEM_FIRST
        if not totem and n + 1 > max(max(tents), tents[tribe] + 1):
            return _TENT_TOO_LATE
        return None

    def apply_action(self, state: GameState, action: Action) -> None:
        """VoidMove: pay and commit the Place (its pieces follow); VoidTotem: move the totem as one piece."""
        if isinstance(action, VoidMove):
            tribe = state.acting_tribe
            pay_cards(state, action.cards)
            begin_place(state, tribe, action.territory, action.pieces, module_pieces=1)
            state.ext[KEY] = action.source
            return
        source, pending = self._pending_move(state)
        move_totem(state, state.void_tribe, source, pending.territory)   # P5's actor: the acting tribe, the Place's
        del state.ext[KEY]
        piece_done(state)

    # ---- solo and co-op (S11, P22; see rulesets/solo/maprules.py) --------------------------------------
    solo_void_totems_win: ClassVar[int] = 5   # S11: the fifth Void totem on the centre wins

    def solo_void_totem_destination(self, state: GameState, territory: int) -> int | None:
        """S11: every Void totem the Void places goes onto the purple centre instead."""
        for t in state.board.territories:
            if t.biome is Biome.VOID and t.totem_space is not None:
                return t.index
        return None

    # ---- what the board shows ------------------------------------------------------------------
    def public_view(self, state: GameState, seat: int) -> Any:
        """For the board: the Void territories, the Void totems per territory, and the move under way.

        Which moves the seat's hand pays for is `legal_actions` (VoidMove's source and territory light
        the sources, then the destinations).
        """
        void = state.void_tribe
        return {
            "void_tribe": void,
            "void_territories": [t.index for t in state.board.territories if t.biome is Biome.VOID],
            "void_totems": [[t, counts[void]] for t, counts in enumerate(state.totem_counts) if counts[void]],
            "moving_from": state.ext.get(KEY),
        }
