"""S9 moving pieces: instead of the player action, pay as for a Place with cards of a completely explored
biome (pairs wild) to move up to two own pieces from one territory of that biome to one territory of
another biome, under the placement rules there.

A move commits the cards and both territories (`MovePieces`, a Place of the module's own pieces,
P16's mechanism), then each piece is one `MovePiece`. A totem under a Void totem cannot move (S9);
in co-op each player moves only their own colour (P58). Leaving a counted territory never makes it
countable again: claims are never undone (S7).
"""

from __future__ import annotations

from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.placement import _fits, payments_for, piece_veto_reason
from iwari_desktop.engine.core.state import GameState, PendingPlace

from iwari_desktop.engine.rulesets.solo.actions import MovePiece, MovePieces
from iwari_desktop.engine.rulesets.solo.sides import biome_explored

_TOTEM = MovePiece(None, None)


def movable_totems(state: GameState, tribe: int, territory: int) -> int:
    """The tribe's totems in `territory` with no Void totem above them (S9)."""
    stack = state.totem_stacks[territory]
    void = state.void_tribe
    above_void = len(stack) - 1 - stack[::-1].index(void) if void in stack else -1
    return sum(1 for who in stack[above_void + 1:] if who == tribe)


def own_tent_spaces(state: GameState, tribe: int, territory: int) -> list[int]:
    owner = state.space_owner
    return [s for s in state.board.territories[territory].tent_spaces if owner[s] == tribe]


def _numbers(state: GameState, tribe: int, territory: int) -> tuple[int, int, int, int, bool]:
    tents = state.territory_tents[territory]
    t = state.board.territories[territory]
    holds = t.totem_space is not None and not piece_veto_reason(state, tribe, territory, totem=True)
    empty = state.territory_empty[territory] if not piece_veto_reason(state, tribe, territory, totem=False) else 0
    top_other = max((c for i, c in enumerate(tents) if i != tribe), default=0)
    return empty, tents[tribe], top_other, len(state.totem_stacks[territory]), holds


def move_fits(state: GameState, tribe: int, source: int, destination: int, pieces: int) -> bool:
    """Whether `pieces` of the tribe's pieces in `source` can go into `destination` in some order (B8-B10).

    A counted destination takes nothing: the module's piece veto closes it (S7), so `_numbers` finds no room."""
    tents = len(own_tent_spaces(state, tribe, source))
    totems = movable_totems(state, tribe, source)
    empty, mine, top_other, stack, holds = _numbers(state, tribe, destination)
    if mine == 0 and top_other == 0:  # B8: an unexplored territory takes exactly one tent
        return pieces == 1 and empty > 0 and tents > 0
    return _fits(pieces, empty, mine, top_other, stack, tents, totems, holds)


def move_options(state: GameState, tribe: int, hand: list[Biome]) -> list[Action]:
    """Every S9 move the hand pays for, in a stable order (sources, destinations, payments)."""
    if not hand:
        return []
    board = state.board
    options: list[Action] = []
    key = tuple(c for c in hand if c is not Biome.VOID)  # S3: Void cards never pay
    for biome, sources in board.territories_by_biome.items():
        if biome is Biome.VOID or biome not in key and not any(key.count(c) >= 2 for c in key):
            continue
        payments = payments_for(key, biome)
        if not payments or not biome_explored(state, biome):
            continue
        for source in sources:
            if not own_tent_spaces(state, tribe, source) and not movable_totems(state, tribe, source):
                continue
            for destination in range(len(board.territories)):
                if board.territories[destination].biome is biome or not board.territories[destination].tent_spaces:
                    continue
                for cards, pieces in payments:
                    if move_fits(state, tribe, source, destination, pieces):
                        options.append(MovePieces(source, destination, cards, pieces))
    return options


def piece_moves(state: GameState, pending: PendingPlace, source: int) -> list[Action]:
    """The next piece of a move: an own tent of the source to an empty space, or a free totem (B8-B10)."""
    tribe, destination = pending.tribe, pending.territory
    tents = own_tent_spaces(state, tribe, source)
    totems = movable_totems(state, tribe, source)
    empty, mine, top_other, stack, holds = _numbers(state, tribe, destination)
    left = pending.pieces_left
    options: list[Action] = []
    if tents and empty and _fits(left - 1, empty - 1, mine + 1, top_other, stack, len(tents) - 1, totems, holds):
        spaces = [s for s in state.board.territories[destination].tent_spaces if state.space_owner[s] < 0]
        options.extend(MovePiece(a, b) for a in tents for b in spaces)
    if (pending.explored_at_start and totems and holds and stack + 1 <= max(mine, top_other)
            and _fits(left - 1, empty, mine, top_other, stack + 1, len(tents), totems - 1, holds)):
        options.append(_TOTEM)
    return options
