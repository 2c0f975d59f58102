"""S8 settlements against the Void: each new one (4+ road-joined tents or ruins) gives its side a bonus once.

The Void's: a free Infection-style placement in the uncounted territory holding most of the
settlement's ruins (P25; the player breaks ties). The players': one free Place, no cards, in an
uncounted territory where the settlement lies (co-op partners' tents join, P25). A settlement whose
spaces were already used (marked) never triggers again, also after it grows or merges (S8). A Void
settlement of 10 ruins (8 on Floating Lands) wins at once (S10, S11).
"""

from __future__ import annotations

from iwari_desktop.engine.core.state import EMPTY, GameState

import iwari_desktop.engine.rulesets.solo.maprules as maprules
from iwari_desktop.engine.rulesets.solo.data import PLAYERS, SETTLEMENT, VOID, data
from iwari_desktop.engine.rulesets.solo.sides import group_tuples, is_counted


def check(state: GameState, side: str) -> tuple[list[list[int]], int]:
    """New settlements of `side` (marked now) and the size of its largest group."""
    d = data(state)
    linked = maprules.linked_void_spaces(state) if side == VOID else frozenset()
    marked = set(d.marked[side])
    new: list[list[int]] = []
    largest = 0
    for group in group_tuples(state, side, linked):   # read only: a new settlement is handed on as a list
        largest = max(largest, len(group))
        if len(group) < SETTLEMENT:
            continue
        if marked.isdisjoint(group):
            new.append(list(group))
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


# ---- how near a Void settlement win is (for the bots; S10, S11) -----------------------------------------

_REACH: dict[tuple[int, frozenset[int], tuple[int, ...]], tuple[object, int, tuple[tuple[int, int], ...]]] = {}
_REACH_LIMIT = 50_000


def largest_after_one_ruin(state: GameState) -> int:
    """The largest Void settlement one more ruin on an empty space of an uncounted territory would make.

    Why: a ruin on a space that touches two Void groups joins them, and where linked spaces count as joined
    (Floating Lands' Tundra, S11) one ruin there joins every ruin in them at once; so the largest group alone
    says too little of how near the settlement win is (a 5 and a 3 one space apart are one ruin from 8).
    What a ruin on each space would make depends only on where the Void's ruins stand, so it is worked out
    once per placement of ruins (the bots ask it of every position they weigh) and each position only looks
    for the best of those spaces that is still empty and in an uncounted territory.
    """
    owner = state.space_owner
    void = state.void_tribe
    neighbours = state.space_neighbours
    linked = maprules.linked_void_spaces(state)
    ruins = tuple(s for s, who in enumerate(owner) if who == void)
    key = (id(neighbours), linked, ruins)
    known = _REACH.get(key)
    if known is None or known[0] is not neighbours:
        known = (neighbours, *_joins(state, linked))
        if len(_REACH) >= _REACH_LIMIT:
            _REACH.clear()
        _REACH[key] = known
    _, largest, joins = known
    claims = data(state).claims
    spaces = state.board.spaces
    for size, space in joins:   # largest first: the first space still open answers
        if size <= largest:
            break
        territory = spaces[space].territory
        if owner[space] == EMPTY and territory is not None and territory not in claims:
            return size
    if largest == 0:   # no ruin yet: one makes a settlement of one wherever it goes
        return int(any(owner[s] == EMPTY and spaces[s].territory is not None and spaces[s].territory not in claims
                       for s in range(len(owner))))
    return largest


def _joins(state: GameState, linked: frozenset[int]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The largest Void group now, and for every space touching a Void group (a road, or a link to linked
    ruins) the size of the group a ruin there would make, largest first."""
    groups = group_tuples(state, VOID, linked)   # read only
    group_of: dict[int, int] = {}
    for i, group in enumerate(groups):
        for s in group:
            group_of[s] = i
    linked_groups = {group_of[s] for s in linked if s in group_of}
    neighbours = state.space_neighbours
    candidates = {n for s in group_of for n in neighbours[s] if n not in group_of}
    if linked_groups:
        candidates |= {s for s in linked if s not in group_of}
    joins = []
    for space in candidates:
        touched = {group_of[n] for n in neighbours[space] if n in group_of}
        if space in linked:
            touched |= linked_groups
        joins.append((1 + sum(len(groups[i]) for i in touched), space))
    joins.sort(reverse=True)
    return max((len(g) for g in groups), default=0), tuple(joins)
