"""S8 settlements against the Void: each new one (4+ road-joined tents or ruins) gives its side a bonus once.

The Void's: a free Infection-style placement in the uncounted territory holding most of the
settlement's ruins (P25; the player breaks ties). The players': one free Place, no cards, in an
uncounted territory where the settlement lies (co-op partners' tents join, P25). A settlement whose
spaces were already used (marked) never triggers again, also after it grows or merges (S8). A Void
settlement of 10 ruins (8 on Floating Lands) wins at once (S10, S11).
"""

from __future__ import annotations

from iwari_desktop.engine.core.state import GameState

from iwari_desktop.engine.rulesets.solo import maprules
from iwari_desktop.engine.rulesets.solo.data import PLAYERS, SETTLEMENT, VOID, data
from iwari_desktop.engine.rulesets.solo.sides import is_counted, side_groups


def check(state: GameState, side: str) -> tuple[list[list[int]], int]:
    """New settlements of `side` (marked now) and the size of its largest group."""
    d = data(state)
    linked = maprules.linked_void_spaces(state) if side == VOID else frozenset()
    marked = set(d.marked[side])
    new: list[list[int]] = []
    largest = 0
    for group in side_groups(state, side, linked):
        largest = max(largest, len(group))
        if len(group) < SETTLEMENT:
            continue
        if marked.isdisjoint(group):
            new.append(group)
        marked.update(group)
    d.marked[side] = sorted(marked)
    return new, largest


def unmark(state: GameState, space: int) -> None:
    """A piece left `space`: the mark stays with the settlement's pieces, not the empty space."""
    d = data(state)
    for side in (PLAYERS, VOID):
        if space in d.marked[side]:
            d.marked[side].remove(space)


def void_bonus_territories(state: GameState, group: list[int]) -> list[int]:
    """P25: the uncounted territories holding most of the settlement's ruins (a tie: the player chooses)."""
    spaces = state.board.spaces
    counts: dict[int, int] = {}
    void = state.void_tribe
    for s in group:
        t = spaces[s].territory
        if t is not None and state.space_owner[s] == void and not is_counted(state, t):
            counts[t] = counts.get(t, 0) + 1
    if not counts:
        return []
    best = max(counts.values())
    return sorted(t for t, n in counts.items() if n == best)


def player_bonus_territories(state: GameState, group: list[int]) -> list[int]:
    """S8/P25: uncounted territories where the settlement lies."""
    spaces = state.board.spaces
    return sorted({spaces[s].territory for s in group
                   if spaces[s].territory is not None and not is_counted(state, spaces[s].territory)})
