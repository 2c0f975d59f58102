"""S4 the Void action, and the pieces of the Places the module puts down itself (the Void's, S8's free one).

The Void action is one decision (`VoidPlay`: a Place for the Void with biome cards and/or Void cards
laid above the display; or `VoidSkip`), then the Place's pieces one at a time (base `tent`/`totem`
texts), then the Infection or Corruption the Void cards set off (P21: placements first).
"""

from __future__ import annotations

from collections.abc import Iterable

from iwari_desktop.engine.core.actions import Action, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.placement import any_place, can_place, empty_spaces, piece_options, place_options
from iwari_desktop.engine.core.state import GameState

import iwari_desktop.engine.rulesets.solo.maprules as maprules
from iwari_desktop.engine.rulesets.solo.actions import FreePlace, VoidPlay, VoidSkip
from iwari_desktop.engine.rulesets.solo.data import Placing, data
from iwari_desktop.engine.rulesets.solo.sides import biome_explored

_TOTEM = PlaceTotem()


def void_action_options(state: GameState) -> list[Action]:
    """S4: every Void Place with biome cards, each with 0..n Void cards, the Void cards alone, and the skips.

    Empty when the hand is empty or nothing at all is possible (the Void action is skipped then, P55).
    """
    hand = state.hands[state.active_seat]
    if not hand:
        return []
    n_void = hand.count(Biome.VOID)
    biome_hand = [c for c in hand if c is not Biome.VOID]
    places = place_options(state, state.void_tribe, biome_hand) if biome_hand else []
    options: list[Action] = []
    for n in range(n_void + 1):
        if n:
            options.append(VoidPlay(None, (), 0, n))
        options.extend(VoidPlay(p.territory, p.cards, p.pieces, n) for p in places)
    options.extend(VoidSkip(b) for b in sorted(set(biome_hand)) if biome_explored(state, b))
    return options


def has_void_action(state: GameState) -> bool:
    """Whether `void_action_options` offers anything (else the Void action is skipped, P55), found without
    listing every Place: a Void card alone is always an option, then a skip, then the first Place."""
    hand = state.hands[state.active_seat]
    if not hand:
        return False
    if Biome.VOID in hand:
        return True
    if any(biome_explored(state, b) for b in set(hand)):
        return True
    return any_place(state, state.void_tribe, hand)


def payment_biomes(territory_biome: Biome, cards: tuple[Biome, ...], pieces: int) -> list[int]:
    """P54: the biome each piece is paid with, the territory's own card first, then a pair's biome.

    One piece: X, or a pair YY (Y). Two pieces: XX (X, X), or X plus a pair YY (X, Y; XXX gives X, X).
    """
    if pieces == 1 or len(cards) == 2:
        return [int(cards[0])] * pieces
    pair = next((c for c in cards if cards.count(c) == 2), territory_biome)
    return [int(territory_biome), int(pair)]


def start_void_place(state: GameState, play: VoidPlay) -> None:
    """Commit the Void's Place (its pieces follow)."""
    territory = state.board.territories[play.territory]
    data(state).placing = Placing(state.void_tribe, play.territory, play.pieces, state.is_explored(play.territory),
                                  payment_biomes(territory.biome, play.cards, play.pieces), play.void_cards)


def start_free_place(state: GameState, action: FreePlace) -> None:
    data(state).placing = Placing(state.active_seat, action.territory, action.pieces,
                                  state.is_explored(action.territory))


def free_place_options(state: GameState, territories: list[int]) -> list[Action]:
    """S8: a free Place of 1 or 2 pieces (B8: 1 in an unexplored territory) where one fits (P53)."""
    tribe = state.active_seat
    return [FreePlace(t, n) for t in territories for n in (1, 2) if can_place(state, tribe, t, n)]


def _next_pieces(state: GameState) -> tuple[Iterable[int], bool]:
    """The tent spaces (lazily) and whether the totem may be the next piece of the module's pending Place: a
    map's priority spaces for the Void's ruins, when it has any (S11/P23), else the territory's empty spaces,
    and each only so that the rest of the Place still fits."""
    p = data(state).placing
    tent_ok, totem_ok = piece_options(state, p.tribe, p.territory, p.pieces_left, p.explored_at_start)
    if p.tribe == state.void_tribe:
        biome = Biome(p.biomes[0]) if p.biomes else None
        priority = maprules.void_ruin_spaces(state, p.territory, biome)
        if priority:
            return (priority if state.tents_left[p.tribe] > 0 else ()), totem_ok
    return (empty_spaces(state, p.territory) if tent_ok else ()), totem_ok


def has_piece_choice(state: GameState) -> bool:
    """Whether `piece_choices` offers anything, without building the options: the S7 check before each piece
    of a pending Place asks only this (every piece of every look-ahead)."""
    spaces, totem_ok = _next_pieces(state)
    return totem_ok or any(True for _ in spaces)


def piece_choices(state: GameState) -> list[Action]:
    """The next piece of the module's pending Place: tent spaces (a map's priority spaces for the Void's
    ruins, S11/P23) and the totem, so that the rest of the Place still fits."""
    spaces, totem_ok = _next_pieces(state)
    options: list[Action] = [PlaceTent(s) for s in spaces]
    if totem_ok:
        options.append(_TOTEM)
    return options
